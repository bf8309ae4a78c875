import { guessLanguage } from '../../domain/pii/language';
import { type SanitizerClient, SanitizerRefused, SanitizerUnavailable } from '../sanitizer/client';
import type { Db } from '../../db/connection';
import { policySanitizationOf } from '../../domain/sanitization-decision';
import type { SecretBox } from '../../lib/crypto';
import type { CompletionRequest } from '../../domain/providers';

/**
 * PII protection of batch items (config.sanitization; spec document 1, issue 5: personal data
 * never reaches a provider). Fail closed: an item whose protection fails is never sent; a provider
 * answer whose restore fails is never stored as if restored.
 *
 * - One sanitizer session per item: the prompt and the system prompt go through the sanitizer in
 *   that session (same value, same stand-in), and the session's protected_context is appended to
 *   the system prompt, as the gateway does. Per item (not per split) because items are protected
 *   in parallel and a session is updated read-modify-write, and because an answer can then only
 *   ever be restored with its own item's values.
 * - The protected prompt and system prompt are stored on the item (they hold no original), and
 *   the session token encrypted with ENCRYPTION_KEY (SecretBox): a token is a bearer capability on
 *   the sanitizer (with its service token), so it is not kept in clear next to the results. Only
 *   item ids cross the workflow boundary; a retried submission or a later round reuses the stored
 *   protected text and session.
 * - Sessions live BATCH_SANITIZER_SESSION_TTL_SECONDS (3 days by default, the sanitizer's
 *   ttl_seconds extension) so answers of a day-long provider batch can still be restored.
 */
export const BATCH_DEFAULT_PROFILES = ['personal_information', 'financial_data', 'credentials'];

export interface ProtectableItem {
  id: string;
  sanitizer_session_encrypted: string | null;
  protected_prompt: string | null;
  protected_system_prompt: string | null;
}

export class ItemProtectionFailed extends Error {
  readonly code = 'SANITIZER_FAILED';
}

/** The errorMessage of an item the sanitizer could not protect or restore (names no value). */
export function sanitizerFailureMessage(err: unknown, stage: 'protect' | 'restore'): string {
  const why =
    err instanceof SanitizerUnavailable
      ? 'the sanitizer is unreachable'
      : err instanceof SanitizerRefused
        ? `the sanitizer answered ${err.status} ${err.code}`
        : err instanceof Error
          ? err.message
          : String(err);
  return stage === 'protect'
    ? `PII sanitization failed (${why}); the item was not sent to a provider`
    : `Restoring the provider's answer failed (${why}); the answer with stand-ins was not stored`;
}

/** Runs `fn` over `items` with at most `limit` in flight; results in input order. */
export async function mapPool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  });
  await Promise.all(lanes);
  return out;
}

export class BatchItemProtection {
  constructor(
    private readonly deps: {
      db: Db;
      secretBox: SecretBox;
      client: SanitizerClient;
      ttlSeconds: number;
      concurrency: number;
    },
  ) {}

  get concurrency(): number {
    return this.deps.concurrency;
  }

  /** The job's profiles when it asked for sanitization, else null (items go as they are). */
  async profilesOf(batchId: string): Promise<string[] | null> {
    const row = await this.deps.db('batch_jobs').select('sanitization_enabled', 'sanitization_profiles').where({ id: batchId }).first();
    if (!row?.sanitization_enabled) return null;
    const stored = row.sanitization_profiles as string[] | null;
    return stored?.length ? stored : BATCH_DEFAULT_PROFILES;
  }

  /** Profiles for a job: the applied routing policy's sensitivityProfiles, else the batch default. */
  async resolveProfiles(policyId: string | null): Promise<string[]> {
    if (!policyId) return BATCH_DEFAULT_PROFILES;
    const row = await this.deps.db('routing_policies').select('policy_json').where({ id: policyId }).first();
    const profiles = policySanitizationOf(row?.policy_json)?.sensitivityProfiles ?? [];
    return profiles.length ? profiles : BATCH_DEFAULT_PROFILES;
  }

  /**
   * Whether the sanitizer answers with these profiles and our service token: a detect_only call,
   * which creates no session. Null when it does, else why not (the job fails before anything is sent).
   */
  async check(profiles: string[]): Promise<string | null> {
    let last: unknown;
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await this.deps.client.sanitize({
          document: Buffer.from('availability check', 'utf8').toString('base64'),
          document_type: 'txt',
          profiles,
          options: { mode: 'detect_only' },
        });
        return null;
      } catch (err) {
        last = err;
        if (!(err instanceof SanitizerUnavailable)) break;
        await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
      }
    }
    const why = last instanceof SanitizerUnavailable ? `the sanitizer is unreachable (${last.message})` : sanitizerFailureMessage(last, 'protect');
    return `PII sanitization was requested but cannot be applied: ${why}; nothing was sent to a provider`;
  }

  /**
   * The protected request for an item: the stored one, else a new session (stored before it is
   * returned). `rendered` is the item with its variables filled in. Throws ItemProtectionFailed.
   */
  async protect(item: ProtectableItem, rendered: CompletionRequest, profiles: string[]): Promise<CompletionRequest> {
    if (item.protected_prompt !== null) {
      return { prompt: item.protected_prompt, systemPrompt: item.protected_system_prompt ?? undefined };
    }
    const language = guessLanguage(`${rendered.systemPrompt ?? ''}\n${rendered.prompt}`);
    let token: string | null = null;
    let context = '';
    const call = async (text: string): Promise<string> => {
      if (text.trim() === '') return text;
      const answer = await this.sanitizeWithRetry({
        document: Buffer.from(text, 'utf8').toString('base64'),
        document_type: 'txt',
        profiles,
        options: { language, ...(token ? { session_token: token } : { ttl_seconds: this.deps.ttlSeconds }) },
      });
      token = answer.session_token;
      context = answer.protected_context;
      return Buffer.from(answer.protected_document, 'base64').toString('utf8');
    };
    let prompt: string;
    let system: string | undefined;
    try {
      prompt = await call(rendered.prompt);
      system = rendered.systemPrompt ? await call(rendered.systemPrompt) : undefined;
    } catch (err) {
      throw new ItemProtectionFailed(sanitizerFailureMessage(err, 'protect'));
    }
    // The protected context tells the model how to treat the wrappers; it holds no original value.
    const systemPrompt = [system, context].filter(Boolean).join('\n\n') || undefined;
    const sealed = token ? this.deps.secretBox.encrypt(token) : null;
    await this.deps.db('batch_items')
      .where({ id: item.id })
      .update({
        sanitizer_session_encrypted: sealed,
        protected_prompt: prompt,
        protected_system_prompt: systemPrompt ?? null,
        updated_at: new Date(),
      });
    item.sanitizer_session_encrypted = sealed;
    item.protected_prompt = prompt;
    item.protected_system_prompt = systemPrompt ?? null;
    return { prompt, systemPrompt };
  }

  /**
   * Strict restore of a provider's answer with the item's session (only complete wrappers are
   * trusted, as in the gateway). An item protected without a session (nothing to protect) is
   * returned as it is. Throws ItemProtectionFailed.
   */
  async restore(sealedToken: string | null, content: string): Promise<string> {
    if (!sealedToken) return content;
    try {
      const token = this.deps.secretBox.decrypt(sealedToken);
      return (await this.restoreWithRetry(token, content)).restored_content;
    } catch (err) {
      throw new ItemProtectionFailed(sanitizerFailureMessage(err, 'restore'));
    }
  }

  /** The sealed session tokens of items, by id (for restoring a native round's answers). */
  async sealedTokens(ids: string[]): Promise<Map<string, string | null>> {
    const rows = ids.length ? ((await this.deps.db('batch_items').select('id', 'sanitizer_session_encrypted').whereIn('id', ids)) as ProtectableItem[]) : [];
    return new Map(rows.map((r) => [String(r.id), r.sanitizer_session_encrypted]));
  }

  // A dropped connection is tried again once; an answer (4xx, 5xx) is final for the item.
  private async sanitizeWithRetry(body: Parameters<SanitizerClient['sanitize']>[0]) {
    try {
      return await this.deps.client.sanitize(body);
    } catch (err) {
      if (!(err instanceof SanitizerUnavailable)) throw err;
      await new Promise((r) => setTimeout(r, 250));
      return this.deps.client.sanitize(body);
    }
  }

  private async restoreWithRetry(token: string, content: string) {
    try {
      return await this.deps.client.restoreStrict(token, content);
    } catch (err) {
      if (!(err instanceof SanitizerUnavailable)) throw err;
      await new Promise((r) => setTimeout(r, 250));
      return this.deps.client.restoreStrict(token, content);
    }
  }
}
