import { guessLanguage } from '../../domain/pii/language';
import { z } from 'zod';
import type { Attachment, CompletionRequest } from '../../domain/providers';
import {
  type PolicySanitization,
  type SanitizationDecision,
  type SanitizationTrigger,
  decideSanitization,
} from '../../domain/sanitization-decision';
import { ApiError } from '../../lib/errors';
import type { Principal } from '../../domain/principal';
import type { ExecuteRequest } from './execute-request';
import type { AuditService } from '../audit/audit';
import { type SanitizeAnswer, type SanitizerClient, gatewayErrorOf } from '../../activities/sanitizer/client';

/**
 * PII protection in the gateway (spec document 1, gateway rules 1 and 2; metadata.sanitization).
 *
 * decide()  entitlement and policy (domain/sanitization-decision.ts); throws the 403s.
 * protect() sends every part of the request that can carry personal data (prompt, system prompt,
 *           messages, text attachments, documents) to the sanitizer, all in ONE session so a value
 *           has the same stand-in everywhere, and rewrites the provider request to the protected
 *           form: stand-ins in nonce-scoped wrappers, never an original. Document attachments
 *           become their extracted text (docx, xlsx, csv, pdf, txt, md, json), renamed
 *           attachment-N.md because a file name can hold personal data. Images are dropped with
 *           a note. Any sanitizer failure throws: nothing reaches a provider (fail closed).
 * restore() strict restore of the provider's answer (only complete wrappers are trusted).
 *
 * acknowledgeUnprotectedDocument: documents and images pass as the caller sent them and the
 * acceptance is audited as SHIELD_UNPROTECTED_DOCUMENT_DELIVERY.
 */

/**
 * sanitization.columnRules (the spec leaves the shape open): either an object mapping a column
 * header (or 0-based index, or letter) to an entity type, or a list of
 * {column | header, entityType}, the form inspect-tables suggestions take. Applied to csv and
 * xlsx attachments.
 */
export const columnRulesSchema = z.union([
  z.record(z.string().max(200), z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/)),
  z
    .array(
      z
        .object({
          column: z.union([z.string().max(200), z.number().int().min(0)]).optional(),
          header: z.string().max(200).optional(),
          entityType: z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/),
        })
        .refine((r) => r.column !== undefined || r.header !== undefined, 'column or header is required'),
    )
    .max(500),
]);

export function normaliseColumnRules(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  const parsed = columnRulesSchema.safeParse(raw);
  if (!parsed.success) {
    throw ApiError.badRequest(
      'sanitization.columnRules must map column headers to entity types ({"Email": "EMAIL_ADDRESS"}) or list {column|header, entityType}',
      parsed.error.issues.map((i) => ({ path: ['sanitization', 'columnRules', ...i.path.map(String)], message: i.message })),
      'INVALID_COLUMN_RULES',
    );
  }
  if (!Array.isArray(parsed.data)) return parsed.data;
  return Object.fromEntries(parsed.data.map((r) => [String(r.header ?? r.column), r.entityType]));
}

const MIME_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/csv': 'csv',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'application/json': 'json',
};
const EXTENSIONS = new Set(['pdf', 'docx', 'xlsx', 'csv', 'txt', 'md', 'json']);

export function documentTypeOf(a: { mimeType?: string; fileName?: string }): string | null {
  const mime = a.mimeType?.split(';')[0]?.trim().toLowerCase();
  if (mime && MIME_TYPES[mime]) return MIME_TYPES[mime];
  const ext = a.fileName?.split('.').pop()?.toLowerCase();
  return ext && EXTENSIONS.has(ext) ? ext : null;
}

export interface ProtectedRun {
  sessionToken: string;
  detectionSummary: { total_entities_found: number; by_category: Record<string, number> };
  notes: string[];
}

type Applied = Extract<SanitizationDecision, { kind: 'apply' }>;

export class GatewaySanitization {
  constructor(
    private readonly deps: {
      client: SanitizerClient;
      audit: AuditService;
    },
  ) {}

  /**
   * `policy`: the sanitization block of the effective routing policy (policyId, inline policy or
   * scope default). Synchronous: it reads only the request, the policy and the package, and the
   * gateway's pre-flight should not wait a turn for it.
   */
  decide(principal: Principal, req: ExecuteRequest, policy: PolicySanitization | null): SanitizationDecision {
    const decision = decideSanitization({
      requested: req.sanitization as { enabled?: boolean; trigger?: SanitizationTrigger; profiles?: string[] } | undefined,
      policy,
      hasFeature: principal.features.has('PII_SANITIZATION'),
      hasDocuments: (req.attachments ?? []).some((a) => a.type === 'document'),
      acknowledgeUnprotectedDocument: req.acknowledgeUnprotectedDocument,
    });
    if (decision.kind === 'refuse') throw new ApiError(decision.status, decision.code, decision.message);
    if (decision.kind === 'apply') normaliseColumnRules(req.sanitization?.columnRules); // 400 before anything runs
    return decision;
  }

  /** Rewrites `request` in place to the protected form. Throws (fail closed) when anything cannot be protected. */
  async protect(req: ExecuteRequest, request: CompletionRequest, decision: Applied): Promise<ProtectedRun> {
    const columnRules = normaliseColumnRules(req.sanitization?.columnRules);
    const language = guessLanguage([request.prompt, request.systemPrompt ?? '', ...(request.messages ?? []).map((m) => m.content)].join('\n'));
    const notes: string[] = [];
    let token: string | null = null;
    let context = '';
    const summary = { total_entities_found: 0, by_category: {} as Record<string, number> };

    const call = async (document: Buffer, documentType: string, attachment?: { index: number; fileName?: string }) => {
      let answer: SanitizeAnswer;
      try {
        answer = await this.deps.client.sanitize({
          document: document.toString('base64'),
          document_type: documentType,
          profiles: decision.profiles,
          options: {
            language,
            ...(documentType === 'csv' || documentType === 'xlsx' ? { column_rules: columnRules } : {}),
            ...(token ? { session_token: token } : {}),
          },
        });
      } catch (err) {
        throw gatewayErrorOf(err, attachment);
      }
      token = answer.session_token;
      context = answer.protected_context;
      summary.total_entities_found += answer.detection_summary.total_entities_found;
      for (const [k, v] of Object.entries(answer.detection_summary.by_category)) summary.by_category[k] = (summary.by_category[k] ?? 0) + v;
      return Buffer.from(answer.protected_document, 'base64').toString('utf8');
    };
    const text = (value: string) => (value.trim() === '' ? Promise.resolve(value) : call(Buffer.from(value, 'utf8'), 'txt'));

    // An empty prompt (the OpenAI-compatible API after a tool turn) has nothing to protect.
    if (request.prompt !== '') request.prompt = await call(Buffer.from(request.prompt, 'utf8'), 'txt');
    const system = request.systemPrompt ? await text(request.systemPrompt) : undefined;
    if (request.messages) {
      const messages = [];
      for (const m of request.messages) messages.push({ ...m, content: await text(m.content) });
      request.messages = messages;
    }

    const attachments: Attachment[] = [];
    const raw = req.attachments ?? [];
    for (let i = 0; i < raw.length; i++) {
      const a = raw[i]!;
      const n = i + 1;
      if (a.type === 'text' && a.content) {
        attachments.push({ type: 'text', content: await text(a.content), fileName: `attachment-${n}.txt` });
      } else if (a.type === 'document' && req.acknowledgeUnprotectedDocument) {
        if (a.content) attachments.push({ type: 'text', content: a.content, fileName: a.fileName });
        else notes.push(`document attachment ${n} not sent: no extracted text to forward`);
      } else if (a.type === 'document' && a.data) {
        const type = documentTypeOf(a);
        if (!type) {
          throw new ApiError(
            400,
            'UNSUPPORTED_ATTACHMENT',
            `Attachment ${n}: cannot protect a document of this type (mimeType or file extension must name pdf, docx, xlsx, csv, txt, md or json); nothing was sent to a provider`,
            { attachmentIndex: i },
          );
        }
        const extracted = await call(Buffer.from(a.data, 'base64'), type, { index: i, fileName: a.fileName });
        attachments.push({ type: 'text', content: extracted, fileName: `attachment-${n}.md` });
      } else if (a.type === 'document' && a.content) {
        attachments.push({ type: 'text', content: await text(a.content), fileName: `attachment-${n}.md` });
      } else if (a.type === 'image' && a.data) {
        if (req.acknowledgeUnprotectedDocument) attachments.push(a);
        else {
          notes.push(`image attachment ${n} dropped: images are not sent while PII sanitization is active`);
          attachments.push({ type: 'text', content: `[Image removed: attachment ${n}]`, fileName: `attachment-${n}.txt` });
        }
      } else {
        notes.push(`${a.type} attachment ${n} not sent: no content to forward`);
      }
    }
    request.attachments = attachments.length ? attachments : undefined;
    // The protected context tells the model how to treat the wrappers; it holds no original value.
    request.systemPrompt = [system, context].filter(Boolean).join('\n\n');
    return { sessionToken: token!, detectionSummary: summary, notes };
  }

  /**
   * Strict restore of the provider's answer. A failure is 503 (sanitizer unreachable) or 502, code
   * SANITIZER_RESTORE_FAILED: unlike a failure to protect, the provider has been called by then, so
   * the message says so, and the stand-in answer is withheld rather than handed out as if restored.
   */
  async restore(run: ProtectedRun, content: string, executionId: string): Promise<string> {
    try {
      return (await this.deps.client.restoreStrict(run.sessionToken, content)).restored_content;
    } catch (err) {
      const unreachable = gatewayErrorOf(err).code === 'SANITIZER_UNAVAILABLE';
      throw new ApiError(
        unreachable ? 503 : 502,
        'SANITIZER_RESTORE_FAILED',
        `The provider answered, but the original values could not be restored (${unreachable ? 'the sanitizer is unreachable' : 'the sanitizer failed'}); the answer is withheld. The call is recorded as execution ${executionId}.`,
        undefined,
        { executionId },
      );
    }
  }

  /** Rule 2: documents or images delivered unprotected on the caller's acknowledgement are audited. */
  async auditUnprotected(principal: Principal, req: ExecuteRequest, executionId: string): Promise<void> {
    if (!req.acknowledgeUnprotectedDocument || !principal.features.has('PII_SANITIZATION')) return;
    const delivered = (req.attachments ?? []).map((a, index) => ({ a, index })).filter(({ a }) => a.type === 'document' || (a.type === 'image' && a.data));
    if (!delivered.length) return;
    await this.deps.audit.recordFor(principal, {
      action: 'SHIELD_UNPROTECTED_DOCUMENT_DELIVERY',
      resourceType: 'execution',
      resourceId: executionId,
      details: { attachments: delivered.map(({ a, index }) => ({ index, type: a.type, mimeType: a.mimeType ?? null })) },
    });
  }

  metadata(decision: SanitizationDecision, run: ProtectedRun | null) {
    if (decision.kind === 'apply' && run) {
      return {
        applied: true,
        mode: decision.mode,
        trigger: decision.trigger,
        reason: decision.reason,
        profiles: decision.profiles,
        sessionToken: run.sessionToken,
        detectionSummary: run.detectionSummary,
      };
    }
    if (decision.kind === 'skip' && decision.report) {
      return { applied: false, mode: decision.mode, trigger: null, reason: decision.reason, profiles: [], sessionToken: null, detectionSummary: null };
    }
    return null;
  }
}
