import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { parseRetryAfterMs } from '../activities/providers/errors';
import { fromChatCompletion, toChatParams } from '../activities/providers/openai-compatible';
import {
  type CompletionRequest,
  type CompletionResult,
  type ProviderAdapter,
  ProviderError,
  type ProviderErrorKind,
  type ProviderTarget,
} from '../domain/providers';

/**
 * A PROTOTYPE for the benchmark only (not used by Gatehouse): the OPENAI/DEEPSEEK/CUSTOM chat
 * completion over node:http with a keep-alive agent instead of the openai SDK over fetch (undici).
 * Same request body (toChatParams) and the same result mapping (fromChatCompletion) as the real
 * adapter; error classification is reduced to the HTTP status and socket errors. It exists so
 * bench/transport.ts and the `http-adapter` variant of bench/gateway/ can measure what the SDK
 * and its fetch transport cost per call.
 */
const agentOptions = { keepAlive: true, keepAliveMsecs: 1000, maxSockets: 512, maxFreeSockets: 256, scheduling: 'lifo' as const };
const httpAgent = new http.Agent(agentOptions);
const httpsAgent = new https.Agent(agentOptions);

function kindOf(status: number): ProviderErrorKind {
  if (status === 429) return 'RATE_LIMIT';
  if (status === 401 || status === 403) return 'AUTH';
  if (status === 408) return 'TIMEOUT';
  if (status >= 500) return 'SERVER';
  if (status >= 400) return 'BAD_REQUEST';
  return 'UNKNOWN';
}

const headerGetter = (h: IncomingHttpHeaders) => ({
  get: (name: string) => {
    const v = h[name];
    return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
  },
});

export class HttpOpenAIAdapter implements ProviderAdapter {
  complete(target: ProviderTarget, request: CompletionRequest): Promise<CompletionResult> {
    const base = target.baseUrl ?? 'https://api.openai.com/v1';
    const url = new URL(`${base.replace(/\/+$/, '')}/chat/completions`);
    const payload = JSON.stringify(toChatParams(target, request));
    const started = performance.now();
    const secure = url.protocol === 'https:';
    return new Promise<CompletionResult>((resolve, reject) => {
      const req = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          agent: secure ? httpsAgent : httpAgent,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            'content-length': Buffer.byteLength(payload),
            authorization: `Bearer ${target.apiKey}`,
          },
          timeout: target.timeoutMs,
          signal: request.signal,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (err) => reject(new ProviderError('NETWORK', err.message)));
          res.on('end', () => {
            const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
            const status = res.statusCode ?? 0;
            if (status < 200 || status >= 300) {
              reject(new ProviderError(kindOf(status), `${status} ${text.slice(0, 500)}`, status, status === 429 ? parseRetryAfterMs(headerGetter(res.headers)) : undefined));
              return;
            }
            try {
              resolve(fromChatCompletion(JSON.parse(text) as ChatCompletion, Math.round(performance.now() - started)));
            } catch (err) {
              reject(new ProviderError('UNKNOWN', `invalid JSON from provider: ${err instanceof Error ? err.message : err}`));
            }
          });
        },
      );
      req.on('timeout', () => req.destroy(new ProviderError('TIMEOUT', `no answer within ${target.timeoutMs} ms`)));
      req.on('error', (err) => reject(err instanceof ProviderError ? err : new ProviderError('NETWORK', err.message)));
      req.end(payload);
    });
  }
}
