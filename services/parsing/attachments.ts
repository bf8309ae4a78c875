import { DocumentError, extractDocument, findTables } from '../../domain/documents';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import type { ExecuteRequest } from '../gateway/execute-request';
import { structuredContent, textContent } from './parsing';
import type { ParsingSettingsService } from './settings';

/**
 * The gateway's PDF document attachments under the effective parsing mode (settings.ts): with TEXT
 * or STRUCTURED a PDF attachment (base64 `data`) becomes its text or Markdown (hidden text, pictures
 * and scans removed, tables as pipe tables) before sanitization and routing, so the provider gets
 * clean text at a known cost; with NATIVE the attachment is left as it came. Only requests that
 * carry a PDF pay for the settings lookup.
 */
type Attachment = NonNullable<ExecuteRequest['attachments']>[number];

function pdfBytes(a: Attachment): Buffer | null {
  if ((a.type !== 'document' && a.type !== 'file') || !a.data || a.content) return null;
  const named = a.mimeType === 'application/pdf' || /\.pdf$/i.test(a.fileName ?? '');
  const bytes = Buffer.from(a.data, 'base64');
  return named || bytes.subarray(0, 1024).toString('latin1').includes('%PDF-') ? bytes : null;
}

export class ParsingAttachments {
  constructor(private readonly deps: { settings: ParsingSettingsService }) {}

  static applies(req: ExecuteRequest): boolean {
    return Boolean(req.attachments?.some((a) => (a.type === 'document' || a.type === 'file') && a.data && !a.content));
  }

  /** The request with its PDF attachments parsed per the effective mode (the stored prompt's, when there is one). */
  async prepare(principal: Principal, req: ExecuteRequest, promptId?: string): Promise<ExecuteRequest> {
    const pdfs = (req.attachments ?? []).map(pdfBytes);
    if (!pdfs.some(Boolean)) return req;
    const mode = await this.deps.settings.effectiveMode(principal, promptId).catch(() => this.deps.settings.effectiveMode(principal));
    if (mode === 'NATIVE') return req;
    const { maxPages } = this.deps.settings.entitlement(principal);
    const attachments: Attachment[] = [];
    for (const [index, a] of (req.attachments ?? []).entries()) {
      const bytes = pdfs[index];
      if (!bytes) {
        attachments.push(a);
        continue;
      }
      try {
        const doc = await extractDocument(bytes, 'pdf', { maxPages, readFirstPages: true, layout: mode === 'STRUCTURED' });
        const content = mode === 'STRUCTURED' ? structuredContent(doc, findTables(doc.pages ?? []), null) : textContent(doc);
        attachments.push({ type: 'document', content, fileName: `attachment-${index + 1}.${mode === 'STRUCTURED' ? 'md' : 'txt'}`, mimeType: mode === 'STRUCTURED' ? 'text/markdown' : 'text/plain' });
      } catch (err) {
        if (err instanceof DocumentError) {
          throw new ApiError(422, 'UNREADABLE_FILE', `Attachment ${index} is a PDF that cannot be parsed (${err.message}); nothing was sent to a provider`, { attachmentIndex: index });
        }
        throw err;
      }
    }
    return { ...req, attachments };
  }
}
