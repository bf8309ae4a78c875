import { ApiError } from '../../lib/errors';

/**
 * The api's HTTP client for the sanitizer service (SANITIZER_URL, Bearer SANITIZER_API_TOKEN).
 * Node's fetch (undici) keeps connections alive and pools them per origin, so consecutive calls of
 * one execution reuse a socket; the sanitizer's keepAliveTimeout (65 s) outlasts undici's idle
 * timeout, so the server never closes a socket the client is about to reuse.
 *
 * Errors are the caller's to map: SanitizerUnavailable (network, timeout) and SanitizerRefused
 * (an HTTP error answer, with the sanitizer's status and code).
 */
export class SanitizerUnavailable extends Error {}
export class SanitizerRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface SanitizeCall {
  document: string;
  document_type: string;
  profiles: string[];
  options?: { language?: 'en' | 'de'; column_rules?: Record<string, string>; session_token?: string; mode?: 'sanitize' | 'detect_only'; ttl_seconds?: number };
}

export interface SanitizeAnswer {
  session_token: string;
  expires_at: string;
  protected_document: string;
  protected_context: string;
  detection_summary: { total_entities_found: number; by_category: Record<string, number> };
}

export interface RestoreAnswer {
  restored_content: string;
  tokens_restored: number;
  unresolved_tokens: string[];
  restoration_status: string;
  confidence: string;
}

export class SanitizerClient {
  constructor(private readonly opts: { url: string; token?: string; timeoutMs: number }) {}

  sanitize(body: SanitizeCall): Promise<SanitizeAnswer> {
    return this.call('POST', '/api/v1/sanitize', body);
  }

  restoreStrict(token: string, content: string): Promise<RestoreAnswer> {
    return this.call('POST', `/api/v1/sessions/${encodeURIComponent(token)}/restore`, { content, restoration_mode: 'strict' });
  }

  private async call<T>(method: string, path: string, body: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetch(this.opts.url.replace(/\/+$/, '') + path, {
        method,
        headers: {
          'content-type': 'application/json',
          ...(this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
    } catch (err) {
      throw new SanitizerUnavailable(err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: handled below
    }
    if (!res.ok) {
      const e = (parsed ?? {}) as { code?: string; error?: string };
      throw new SanitizerRefused(res.status, e.code ?? 'SANITIZER_ERROR', e.error ?? `sanitizer answered ${res.status}`);
    }
    if (parsed === null) throw new SanitizerRefused(502, 'SANITIZER_BAD_RESPONSE', 'the sanitizer answered something that is not JSON');
    return parsed as T;
  }
}

/** Maps a sanitizer failure to the gateway's answer: nothing was sent to a provider. */
export function gatewayErrorOf(err: unknown, attachment?: { index: number; fileName?: string }): ApiError {
  if (err instanceof SanitizerUnavailable) {
    return new ApiError(503, 'SANITIZER_UNAVAILABLE', 'PII sanitization is required but the sanitizer is unreachable; nothing was sent to a provider');
  }
  if (err instanceof SanitizerRefused && attachment && err.status >= 400 && err.status < 500 && err.status !== 401) {
    const status = err.status === 413 ? 413 : err.status === 422 ? 422 : 400;
    const code = err.status === 413 ? 'TOO_LARGE' : err.status === 422 ? 'UNREADABLE_FILE' : 'BAD_FILE';
    return new ApiError(status, code, `Attachment ${attachment.index} cannot be protected: ${err.message}; nothing was sent to a provider`, {
      attachmentIndex: attachment.index,
      sanitizerCode: err.code,
    });
  }
  if (err instanceof ApiError) return err;
  const detail = err instanceof SanitizerRefused ? ` (${err.status} ${err.code})` : '';
  return new ApiError(502, 'SANITIZER_FAILED', `PII sanitization failed${detail}; nothing was sent to a provider`);
}
