import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProviderRegistry, type ProviderRegistry } from '../../activities/providers';
import { classifyProviderError, kindForStatus, parseRetryAfterMs } from '../../activities/providers/errors';
import { ProviderError, type ProviderTarget, type ProviderType } from '../../domain/providers';
import { createSimulator, type Simulator } from '../../simulator/server';
import type { StatsSnapshot } from '../../simulator/stats';

/** Failures as each SDK throws them, classified into ProviderError. */

let sim: Simulator;
let url: string;
let closedUrl: string;
let registry: ProviderRegistry;

beforeAll(async () => {
  sim = createSimulator();
  ({ url } = await sim.listen(0));
  registry = createProviderRegistry();
  // A port that was just free: nothing listens there any more.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  closedUrl = `http://127.0.0.1:${port}`;
});
afterAll(() => sim.close());

interface Case {
  type: ProviderType;
  /** The base URL this SDK needs, for a server root. */
  base: (root: string) => string;
}

const cases: Case[] = [
  { type: 'OPENAI', base: (root) => `${root}/v1` },
  { type: 'DEEPSEEK', base: (root) => root },
  { type: 'ANTHROPIC', base: (root) => root },
  { type: 'GOOGLE', base: (root) => root },
];

function target(c: Case, apiKey: string, overrides: Partial<ProviderTarget> = {}): ProviderTarget {
  return { type: c.type, baseUrl: c.base(url), apiKey, model: 'model-x', timeoutMs: 5000, ...overrides };
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ProviderError) return e;
    throw new Error(`expected a ProviderError, got ${String(e)}`);
  }
  throw new Error('expected the call to fail');
}

async function requestsFor(key: string): Promise<number> {
  const stats = (await (await fetch(`${url}/_sim/stats`)).json()) as StatsSnapshot;
  return stats.byKey[key]?.requests ?? 0;
}

describe.each(cases)('$type', (c) => {
  it.each([
    ['sim;fail=500', 'SERVER', 500, true],
    ['sim;fail=503', 'SERVER', 503, true],
    ['sim;fail=401', 'AUTH', 401, false],
    ['sim;fail=403', 'AUTH', 403, false],
    ['sim;fail=400', 'BAD_REQUEST', 400, false],
    ['sim;fail=404', 'BAD_REQUEST', 404, false],
    ['sim;fail=408', 'TIMEOUT', 408, true],
  ] as const)('%s -> %s', async (key, kind, status, retryable) => {
    // A per-type key keeps the request counts of the cases apart.
    const apiKey = `${key};case=${c.type}`;
    const err = await failure(registry.complete(target(c, apiKey), { prompt: 'hi' }));
    expect(err).toMatchObject({ kind, status, retryable, retryAfterMs: undefined });
    expect(err.cause).toBeDefined();
    // maxRetries 0: the SDK itself did not retry (its default would make 3 requests).
    expect(await requestsFor(apiKey)).toBe(1);
  });

  it('429 -> RATE_LIMIT with retryAfterMs from the provider', async () => {
    const err = await failure(registry.complete(target(c, 'sim;rate429=1;retryAfter=2'), { prompt: 'hi' }));
    expect(err).toMatchObject({ kind: 'RATE_LIMIT', status: 429, retryAfterMs: 2000, retryable: true });
  });

  it('a provider slower than timeoutMs -> TIMEOUT, without waiting for it', async () => {
    const started = performance.now();
    const err = await failure(registry.complete(target(c, 'sim;latency=500', { timeoutMs: 100 }), { prompt: 'hi' }));
    expect(err.kind).toBe('TIMEOUT');
    expect(err.retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(450);
  });

  it('the caller aborting -> TIMEOUT', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await failure(
      registry.complete(target(c, 'sim;latency=500'), { prompt: 'hi', signal: controller.signal }),
    );
    expect(err.kind).toBe('TIMEOUT');
  });

  it('connection refused -> NETWORK', async () => {
    const err = await failure(registry.complete(target(c, 'k', { baseUrl: c.base(closedUrl) }), { prompt: 'hi' }));
    expect(err.kind).toBe('NETWORK');
    expect(err.retryable).toBe(true);
    expect(err.status).toBeUndefined();
  });
});

it('registry maxRetries lets the Stainless SDKs retry (and they honour retry-after)', async () => {
  const retrying = createProviderRegistry({ maxRetries: 2 });
  for (const c of cases.filter((x) => x.type === 'OPENAI' || x.type === 'ANTHROPIC')) {
    const key = `sim;fail=429;retryAfter=0.01;case=retry-${c.type}`;
    const started = performance.now();
    const err = await failure(retrying.complete(target(c, key), { prompt: 'hi' }));
    expect(err.kind).toBe('RATE_LIMIT');
    expect(await requestsFor(key)).toBe(3);
    // retry-after 0.01 s honoured instead of the default backoff (0.5 s, then 1 s)
    expect(performance.now() - started).toBeLessThan(400);
  }
});

describe('parseRetryAfterMs', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads delta-seconds, fractional too', () => {
    expect(parseRetryAfterMs(headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(parseRetryAfterMs(headers({ 'retry-after': '1.5' }), now)).toBe(1500);
    expect(parseRetryAfterMs(headers({ 'retry-after': '0' }), now)).toBe(0);
  });

  it('reads an HTTP date, never negative', () => {
    expect(parseRetryAfterMs(headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:30 GMT' }), now)).toBe(30_000);
    expect(parseRetryAfterMs(headers({ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }), now)).toBe(0);
  });

  it('prefers retry-after-ms', () => {
    expect(parseRetryAfterMs(headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
  });

  it('is undefined when absent or unparseable', () => {
    expect(parseRetryAfterMs(headers({}), now)).toBeUndefined();
    expect(parseRetryAfterMs(headers({ 'retry-after': 'soon' }), now)).toBeUndefined();
    expect(parseRetryAfterMs(headers({ 'retry-after': '-3' }), now)).toBeUndefined();
    expect(parseRetryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe('classifyProviderError', () => {
  it('maps statuses', () => {
    expect([429, 401, 403, 408, 500, 502, 529, 400, 404, 422, 302].map(kindForStatus)).toEqual([
      'RATE_LIMIT',
      'AUTH',
      'AUTH',
      'TIMEOUT',
      'SERVER',
      'SERVER',
      'SERVER',
      'BAD_REQUEST',
      'BAD_REQUEST',
      'BAD_REQUEST',
      'UNKNOWN',
    ]);
  });

  it('passes ProviderErrors through unchanged', () => {
    const original = new ProviderError('AUTH', 'no key');
    expect(classifyProviderError(original)).toBe(original);
  });

  it('finds socket error codes in the cause chain, AggregateErrors included', () => {
    const reset = new TypeError('fetch failed', { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) });
    expect(classifyProviderError(reset).kind).toBe('NETWORK');
    const refused = new TypeError('fetch failed', {
      cause: new AggregateError([Object.assign(new Error('connect'), { code: 'ECONNREFUSED' })]),
    });
    expect(classifyProviderError(refused)).toMatchObject({ kind: 'NETWORK', message: 'fetch failed (ECONNREFUSED)' });
    const connectTimeout = new TypeError('fetch failed', {
      cause: Object.assign(new Error('Connect Timeout Error'), { code: 'UND_ERR_CONNECT_TIMEOUT' }),
    });
    expect(classifyProviderError(connectTimeout).kind).toBe('TIMEOUT');
  });

  it('treats abort errors as TIMEOUT and anything else as UNKNOWN, keeping the cause', () => {
    expect(classifyProviderError(new DOMException('This operation was aborted', 'AbortError')).kind).toBe('TIMEOUT');
    const odd = new Error('something else');
    const classified = classifyProviderError(odd);
    expect(classified).toMatchObject({ kind: 'UNKNOWN', message: 'something else', retryable: false });
    expect(classified.cause).toBe(odd);
    expect(classifyProviderError('a string').kind).toBe('UNKNOWN');
  });
});
