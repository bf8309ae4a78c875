import type { IncomingMessage } from 'node:http';
import Busboy from 'busboy';
import type { Context } from 'koa';
import { z } from 'zod';
import { DOCUMENT_LIMITS } from '../../domain/documents';
import { ApiError } from '../../lib/errors';
import { PARSING_MODES } from '../../services/parsing/settings';
import type { Upload } from '../../services/parsing/parsing';
import { errorSchema } from '../schemas/common';
import { type AuthRule, defineRoute } from './define';

/**
 * Document parsing (spec document 2): the settings at company, project and prompt scope, the
 * preview, inspect-tables (session) and POST /api/v1/files/parse (session or gateway key). Uploads
 * are multipart (field "file", at most 15 MB: 413 past it; fields mode and includeImages), read
 * into memory once the size is known to fit. Chosen shapes: docs/API.md ("Document parsing").
 */
const session: AuthRule = { accept: ['session'] };
const tags = ['Document parsing'];
const err = (description: string) => ({ description, schema: errorSchema });
const any = z.object({}).passthrough();
const mode = z.enum(PARSING_MODES, { error: 'mode must be NATIVE, TEXT or STRUCTURED' });

interface Multipart {
  file: Upload | null;
  fields: Record<string, string>;
}

function readMultipart(ctx: Context, maxBytes = DOCUMENT_LIMITS.maxBytes): Promise<Multipart> {
  if (!ctx.is('multipart/form-data')) return Promise.resolve({ file: null, fields: {} });
  return new Promise((resolve, reject) => {
    const req = ctx.req as IncomingMessage;
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({ headers: req.headers, limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 1024 } });
    } catch (e) {
      reject(ApiError.badRequest(`Invalid multipart body: ${(e as Error).message}`, undefined, 'INVALID_MULTIPART'));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Upload | null = null;
    let tooLarge = false;
    let reading: Promise<void> = Promise.resolve();
    bb.on('field', (name, value) => {
      fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (name !== 'file' || file) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('limit', () => {
        tooLarge = true;
      });
      reading = new Promise<void>((done) => {
        // A form that ends inside the file destroys this stream with an error: without a listener
        // that 'error' event ends the process (found by the generated malformed-input test). The
        // request fails through busboy's own 'error' below.
        stream.on('error', () => done());
        stream.on('data', (c: Buffer) => {
          if (!tooLarge) chunks.push(c);
        });
        stream.on('end', () => {
          file = { fileName: info.filename || 'document.pdf', buffer: Buffer.concat(chunks) };
          done();
        });
      });
    });
    bb.on('close', () => {
      void reading.then(() => {
        if (tooLarge) reject(new ApiError(413, 'TOO_LARGE', `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`));
        else resolve({ file, fields });
      });
    });
    bb.on('error', (e) => reject(ApiError.badRequest(`Invalid multipart body: ${(e as Error).message}`, undefined, 'INVALID_MULTIPART')));
    req.pipe(bb);
  });
}

function fieldMode(value: string | undefined, fallback: (typeof PARSING_MODES)[number]) {
  if (value === undefined || value === '') return fallback;
  const parsed = mode.safeParse(value.toUpperCase());
  if (!parsed.success) throw ApiError.badRequest('mode must be NATIVE, TEXT or STRUCTURED', [{ path: ['mode'], message: 'invalid mode' }]);
  return parsed.data;
}

const uploadErrors = {
  400: err('NO_FILE, EMPTY_FILE or NOT_A_PDF'),
  401: err('Unauthorized'),
  413: err('TOO_LARGE: over 15 MB'),
  500: err('PDF_UNPARSEABLE: encrypted, damaged, or a scan without a text layer'),
};

export const documentParsingRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/documents/parsing/settings',
    summary: 'Entitlement, the modes at company, project and prompt scope, and the effective mode',
    tags,
    auth: session,
    query: z.object({ projectId: z.string().max(100).optional(), promptId: z.string().max(100).optional() }),
    responses: { 200: { description: '{entitlement, modes, company, project, prompt, effectiveMode, canManage}', schema: any }, 404: err('PROJECT_NOT_FOUND or PROMPT_NOT_FOUND') },
    handler: (ctx, { principal, query }) => ctx.services.parsingSettings.get(principal, query),
  }),
  defineRoute({
    method: 'put',
    path: '/api/documents/parsing/settings',
    summary: 'Set (or, below company, clear with null) the mode of a scope',
    tags,
    auth: session,
    body: z
      .object({
        scope: z.enum(['company', 'project', 'prompt'], { error: 'scope must be company, project or prompt' }),
        mode: mode.nullable(),
        targetId: z.string().min(1).max(100).optional(),
      })
      .strict(),
    responses: {
      200: { description: '{success, scope, mode}', schema: any },
      400: err('Invalid body, missing targetId, or clearing the company default'),
      403: err('STRUCTURED without the entitlement, or a non-admin changing a company or project default'),
      404: err('Project or prompt not in the company'),
    },
    handler: (ctx, { principal, body }) => ctx.services.parsingSettings.put(principal, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/documents/parsing/preview',
    summary: 'Parse a PDF (multipart file, mode, includeImages) and show the content, tables, images, metrics and savings',
    tags,
    auth: session,
    responses: { 200: { description: 'The preview', schema: any }, ...uploadErrors, 403: err('STRUCTURED_NOT_ENTITLED') },
    async handler(ctx, { principal }) {
      const { file, fields } = await readMultipart(ctx);
      return ctx.services.parsing.preview(principal, file, { mode: fieldMode(fields.mode, 'TEXT'), includeImages: fields.includeImages === 'true' });
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/documents/parsing/inspect-tables',
    summary: 'Tables of a PDF with confirmed headers, and an entity type suggested per column',
    tags,
    auth: session,
    responses: { 200: { description: '{success, fileName, mode, structuredAvailable, tablesFound, columns, upgradeMessage}', schema: any }, ...uploadErrors },
    async handler(ctx, { principal }) {
      const { file } = await readMultipart(ctx);
      return ctx.services.parsing.inspectTables(principal, file);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/files/parse',
    summary: 'Parse a file (multipart file, mode): a PDF gives its content and a parsing object; text formats pass through',
    tags,
    auth: { accept: ['session', 'gateway_key'] },
    responses: { 200: { description: '{success, fileName, contentType, content, parsing: {mode, extractionSource, extraction}}', schema: any }, ...uploadErrors },
    async handler(ctx, { principal }) {
      const { file, fields } = await readMultipart(ctx);
      return ctx.services.parsing.parseFile(principal, file, fieldMode(fields.mode, 'TEXT'));
    },
  }),
];
