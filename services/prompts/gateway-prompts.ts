import type { Principal } from '../../domain/principal';
import type { ExecuteRequest } from '../gateway/execute-request';
import type { WebhookService } from '../webhooks/webhooks';
import type { Db } from '../../db/connection';
import type { Prompt } from '../../db/models/prompt';
import { documentBlock, composePrompt, fitToBudget, type InjectableDocument, type InjectionMode } from '../../domain/prompts/injection';
import { findReferences, type Reference, renderStrict, replaceReferences } from '../../domain/prompts/template';
import { canSeePrompt, type PromptViewer } from '../../domain/prompts/visibility';
import { renderTemplate } from '../../domain/template';
import { classifyTerms } from '../../domain/task-vocabulary';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { promptNotFound, type PromptAccess } from './access';
import type { PromptService } from './prompts';

/**
 * Stored prompts in the gateway (spec document 1: metadata.promptId, rule 5, rule 7,
 * resolveReferences, DRY_RUN's documentsInjected / tokensInjected / truncated). The gateway calls
 * `resolve` only when a request names a prompt or asks for references, so a plain execution pays
 * one property check; everything here happens before routing.
 *
 * - metadata.promptId (public promptId or database id) runs the production version (or
 *   metadata.promptVersionId: a version id or number) with `variables` substituted; a missing
 *   variable is 400 MISSING_VARIABLES naming it; an invisible prompt 404; a deactivated one 409.
 * - Bound documents are injected (prepend, append, placeholder) within PROMPT_DOCUMENT_TOKEN_BUDGET.
 * - resolveReferences: `{{prompt:<promptId>}}` is replaced by that prompt's production userPrompt
 *   (a template: its variables are filled from the same `variables`), `{{doc:<documentId>}}` by the
 *   document's content (literal, counted in the same budget). One level: a referenced prompt's own
 *   references are not followed, so references cannot loop.
 * - The prompt's pinned task (taskCodes, else a category that names a task) feeds rule 5 when the
 *   caller stated no task codes or specializations.
 *
 * After an execution `executed` counts it (totalExecutions, written behind in batches) and emits
 * prompt.executed.
 */
export interface StoredPromptRef {
  id: string;
  promptId: string;
  versionId: string;
  versionNumber: number;
}

export interface Injection {
  documentsInjected: number;
  tokensInjected: number;
  truncated: boolean;
}

export interface ResolvedRequest {
  request: ExecuteRequest;
  prompt: StoredPromptRef | null;
  injection: Injection;
}

export const MAX_REFERENCES = 20;
const NO_INJECTION: Injection = Object.freeze({ documentsInjected: 0, tokensInjected: 0, truncated: false });

interface BoundRow {
  id: string;
  name: string;
  content: string;
  injection_mode: InjectionMode;
  placeholder: string | null;
}

const sentinel = (i: number) => `__gatehouse_doc_${i}`;

export class GatewayPrompts {
  private readonly counts = new Map<string, { n: number; at: Date }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      db: Db;
      access: PromptAccess;
      prompts: PromptService;
      webhooks?: WebhookService;
      logger: Logger;
      tokenBudget: number;
      flushIntervalMs: number;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.deps.flushIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** True when the request needs this service (the gateway's only cost for other requests). */
  static applies(req: ExecuteRequest): boolean {
    return req.metadata?.promptId !== undefined || req.resolveReferences === true;
  }

  async resolve(principal: Principal, req: ExecuteRequest): Promise<ResolvedRequest> {
    const viewer = await this.deps.access.viewerOf(principal);
    const ref = req.metadata?.promptId;
    if (ref !== undefined) return this.resolveStored(viewer, req, String(ref));
    return this.resolveInline(viewer, req);
  }

  private async resolveStored(viewer: PromptViewer, req: ExecuteRequest, ref: string): Promise<ResolvedRequest> {
    const prompt = await this.deps.access.findInCompany(viewer.companyId, ref);
    if (!prompt || !canSeePrompt(prompt, viewer)) throw promptNotFound();
    if (!prompt.isActive) throw ApiError.conflict(`Stored prompt ${prompt.promptId} is deactivated`, 'PROMPT_DEACTIVATED');
    if (req.prompt || req.systemPrompt) {
      throw ApiError.badRequest('A request naming metadata.promptId takes its prompt and systemPrompt from the stored prompt: leave prompt and systemPrompt out', undefined, 'PROMPT_CONFLICT');
    }
    const versionRef = req.metadata?.promptVersionId;
    const version = await this.deps.prompts.resolveVersion(prompt, versionRef === undefined ? 'production' : String(versionRef));

    const bound = await this.boundDocuments(prompt.id);
    const variables: Record<string, unknown> = { ...(req.variables ?? {}) };
    let userTemplate = version.userPrompt;
    let systemTemplate = version.systemPrompt ?? '';
    const docs: Array<InjectableDocument & { mode: InjectionMode | 'reference'; slot: string | null }> = bound.map((b) => ({
      id: b.id,
      name: b.name,
      content: b.content,
      mode: b.injection_mode,
      slot: b.injection_mode === 'placeholder' ? b.placeholder : null,
    }));
    if (req.resolveReferences) {
      const refs = await this.references(viewer, findReferences(userTemplate, systemTemplate));
      userTemplate = replaceReferences(userTemplate, refs.replacements);
      systemTemplate = replaceReferences(systemTemplate, refs.replacements);
      docs.push(...refs.documents.map((d) => ({ ...d, mode: 'reference' as const })));
    }
    const fitted = fitToBudget(docs, this.deps.tokenBudget);
    const prepend: string[] = [];
    const append: string[] = [];
    fitted.documents.forEach((f, i) => {
      const d = docs[i]!;
      if (d.mode === 'placeholder' || d.mode === 'reference') variables[d.slot!] = f.text ?? '';
      else if (f.text !== null) (d.mode === 'prepend' ? prepend : append).push(documentBlock(d.name, f.text));
    });
    const user = renderStrict(userTemplate, variables);
    const system = renderStrict(systemTemplate, variables);
    const missing = [...(user.ok ? [] : user.missing), ...(system.ok ? [] : system.missing)];
    if (missing.length) {
      const names = [...new Set(missing)];
      throw ApiError.badRequest(`Missing variable${names.length > 1 ? 's' : ''}: ${names.join(', ')}`, { missing: names }, 'MISSING_VARIABLES');
    }
    const metadata: NonNullable<ExecuteRequest['metadata']> = { ...req.metadata, promptId: prompt.promptId };
    if (metadata.taskCodes === undefined && !req.specializations?.length) {
      const pinned = pinnedTask(prompt);
      if (pinned.length) metadata.taskCodes = pinned;
    }
    return {
      request: {
        ...req,
        prompt: composePrompt((user as { text: string }).text, prepend, append),
        systemPrompt: (system as { text: string }).text || undefined,
        variables: undefined,
        temperature: req.temperature ?? version.temperature,
        maxTokens: req.maxTokens ?? version.maxTokens,
        metadata,
      },
      prompt: { id: prompt.id, promptId: prompt.promptId, versionId: version.id, versionNumber: version.versionNumber },
      injection: { documentsInjected: fitted.documentsInjected, tokensInjected: fitted.tokensInjected, truncated: fitted.truncated },
    };
  }

  /** resolveReferences on a request without a stored prompt: its own prompt and systemPrompt. */
  private async resolveInline(viewer: PromptViewer, req: ExecuteRequest): Promise<ResolvedRequest> {
    const found = findReferences(req.prompt, req.systemPrompt);
    if (!found.length) return { request: req, prompt: null, injection: NO_INJECTION };
    const refs = await this.references(viewer, found);
    const fitted = fitToBudget(refs.documents, this.deps.tokenBudget);
    const variables: Record<string, unknown> = { ...(req.variables ?? {}) };
    fitted.documents.forEach((f, i) => {
      variables[refs.documents[i]!.slot] = f.text ?? '';
    });
    // Variables stay lenient here, as for any gateway request: an unknown one is left as written.
    const render = (text: string) => renderTemplate(replaceReferences(text, refs.replacements), variables);
    return {
      request: { ...req, prompt: render(req.prompt), systemPrompt: req.systemPrompt ? render(req.systemPrompt) : undefined, variables: undefined },
      prompt: null,
      injection: { documentsInjected: fitted.documentsInjected, tokensInjected: fitted.tokensInjected, truncated: fitted.truncated },
    };
  }

  /**
   * Each reference resolved: prompts to their production userPrompt (visible and active, else 404
   * REFERENCE_NOT_FOUND or 409 PROMPT_DEACTIVATED), documents to a placeholder whose value is the
   * document's (budgeted) text. Unknown references are refused, never sent as written.
   */
  private async references(viewer: PromptViewer, refs: Reference[]) {
    if (refs.length > MAX_REFERENCES) throw ApiError.badRequest(`At most ${MAX_REFERENCES} references per request`, undefined, 'TOO_MANY_REFERENCES');
    const replacements = new Map<string, string>();
    const documents: Array<InjectableDocument & { slot: string }> = [];
    for (const r of refs) {
      if (r.kind === 'prompt') {
        const target = await this.deps.access.findInCompany(viewer.companyId, r.id);
        if (!target || !canSeePrompt(target, viewer)) throw ApiError.notFound(`Referenced prompt ${r.id} not found`, 'REFERENCE_NOT_FOUND');
        if (!target.isActive) throw ApiError.conflict(`Referenced prompt ${target.promptId} is deactivated`, 'PROMPT_DEACTIVATED');
        const production = await this.deps.prompts.resolveVersion(target, 'production');
        replacements.set(`prompt:${r.id}`, production.userPrompt);
      } else {
        const doc = isUuid(r.id) ? await this.deps.db('custom_documents').where({ id: r.id, company_id: viewer.companyId }).first('id', 'name', 'content') : undefined;
        if (!doc) throw ApiError.notFound(`Referenced document ${r.id} not found`, 'REFERENCE_NOT_FOUND');
        const slot = sentinel(documents.length);
        documents.push({ id: doc.id, name: doc.name, content: doc.content, slot });
        replacements.set(`doc:${r.id}`, `{{${slot}}}`);
      }
    }
    return { replacements, documents };
  }

  private async boundDocuments(promptDbId: string): Promise<BoundRow[]> {
    return this.deps.db('custom_document_bindings as b')
      .join('custom_documents as d', 'd.id', 'b.document_id')
      .where('b.prompt_id', promptDbId)
      .orderBy('b.position')
      .orderBy('b.created_at')
      .select('d.id', 'd.name', 'd.content', 'b.injection_mode', 'b.placeholder');
  }

  /** After an execution of a stored prompt: count it (written behind) and emit prompt.executed. */
  executed(companyId: string, prompt: StoredPromptRef, data: { executionId: string; executionTimeMs: number; provider: string; model: string; tokensUsed: number; mode: string }): void {
    const entry = this.counts.get(prompt.id);
    const at = new Date();
    if (entry) {
      entry.n++;
      entry.at = at;
    } else this.counts.set(prompt.id, { n: 1, at });
    if (this.deps.webhooks?.wants(companyId, 'prompt.executed')) {
      this.deps.webhooks.emit(companyId, 'prompt.executed', {
        promptId: prompt.promptId,
        executionTimeMs: Math.round(data.executionTimeMs),
        provider: data.provider,
        model: data.model,
        tokensUsed: data.tokensUsed,
        executionId: data.executionId,
        versionNumber: prompt.versionNumber,
        mode: data.mode,
      });
    }
  }

  /** Writes the counted executions in one statement; a failure puts them back for the next flush. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.counts.size) return;
      const batch = [...this.counts.entries()];
      this.counts.clear();
      try {
        const values = batch.map(() => '(?::uuid, ?::bigint, ?::timestamptz)').join(', ');
        await this.deps.db.raw(
          `UPDATE prompts p SET total_executions = p.total_executions + v.n, last_executed_at = GREATEST(p.last_executed_at, v.at)
             FROM (VALUES ${values}) AS v(id, n, at) WHERE p.id = v.id`,
          batch.flatMap(([id, c]) => [id, c.n, c.at.toISOString()]),
        );
      } catch (err) {
        this.deps.logger.warn({ err }, 'could not record prompt executions; retrying at the next flush');
        for (const [id, c] of batch) {
          const e = this.counts.get(id);
          if (e) e.n += c.n;
          else this.counts.set(id, c);
        }
      }
    });
    return this.flushing;
  }
}

/** Rule 5's stored-prompt source: the pinned task codes, else a category that names a task. */
export function pinnedTask(prompt: Pick<Prompt, 'taskCodes' | 'category'>): string[] {
  if (prompt.taskCodes.length) return prompt.taskCodes;
  if (prompt.category && classifyTerms([prompt.category]).dimensions.length) return [prompt.category];
  return [];
}
