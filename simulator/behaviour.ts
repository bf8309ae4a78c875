import { ARCHITECT_FAULTS, type ArchitectFault } from './architect';
import { SimHttpError } from './types';
import { mulberry32 } from '../lib/seeded-random';

/**
 * Key-driven behaviour. A key starting with `sim;` carries `;`-separated `name=value` settings,
 * e.g. `sim;latency=50;rate429=0.2;retryAfter=3;seed=7`. Unknown names are ignored so keys can
 * carry labels (`sim;id=tenant-a`); a known name with an invalid value is a 400, so a typo in a
 * test key fails loudly instead of silently behaving normally. Any other key behaves normally.
 */
export interface Behaviour {
  /** Fixed delay before answering; undefined means the default jitter of 0-2 ms. */
  latencyMs: number | undefined;
  /** Delay between the events of a streamed answer (`tokenDelay=<ms>`); default 0. */
  tokenDelayMs: number;
  /** Cut the connection of a streamed answer after this many events (`streamCut=<n>`): a provider failing mid-stream. */
  streamCutAfter: number | undefined;
  /** Answer this HTTP status with the provider's error body... */
  failStatus: number | undefined;
  /** ...with this probability (default 1 when `fail` is set). */
  failRate: number;
  /** Probability of answering 429 with a `retry-after` header. */
  rate429: number;
  retryAfterSeconds: number;
  /** When set, probabilities come from a PRNG seeded by key + seed instead of Math.random. */
  seed: number | undefined;
  /** Model name to report instead of the requested one. */
  model: string | undefined;
  /**
   * Longest user text echoed back (the last user turn: prompt plus attachment text); undefined
   * means the default clip (simulator/content.ts), Infinity (`echo=full`) means no clip. Lets
   * round-trip tests see every stand-in of a large document come back in the answer.
   */
  echoMaxChars: number | undefined;
  /**
   * `persona=refuse`: every answer is a refusal that quotes nothing of the input (a model that
   * resists prompt injection); the default echoes the system text, so it "leaks" it (synthetic tests).
   */
  refuse: boolean;

  // Native batches (simulator/openai-batches.ts, anthropic-batches.ts): see docs/OPERATIONS.md.
  /** Time from creation until a batch ends. */
  batchMs: number;
  /** Makes every batch on the key end `failed` (OpenAI) or `expired` (both) instead of completing. */
  batchOutcome: 'failed' | 'expired' | undefined;
  /** Items whose custom_id matches fail (with itemFailStatus)... */
  itemFail: RegExp | undefined;
  /** ...only on their first N submissions on this key (all items when itemFail is unset). */
  itemFailTimes: number | undefined;
  /** Any item fails with this probability (seeded by `seed`). */
  itemFailRate: number;
  /** The HTTP status of a failing item's error line: 429, 500, 400... */
  itemFailStatus: number;
  /** `architect=<fault>`: architect requests get a malformed or invalid answer (simulator/architect.ts). */
  architect: ArchitectFault | undefined;
}

export type Outcome =
  | { kind: 'ok' }
  | { kind: 'fail'; status: number }
  | { kind: 'rate429'; retryAfterSeconds: number };

export const SIM_KEY_PREFIX = 'sim;';
const MAX_LATENCY_MS = 10 * 60_000;
const MAX_BATCH_MS = 24 * 3_600_000;
/** The request body limit (64 MiB) bounds any echo anyway; a bigger number is surely a typo. */
const MAX_ECHO_CHARS = 64 * 1024 * 1024;

export const DEFAULT_BEHAVIOUR: Readonly<Behaviour> = Object.freeze({
  latencyMs: undefined,
  tokenDelayMs: 0,
  streamCutAfter: undefined,
  failStatus: undefined,
  failRate: 1,
  rate429: 0,
  retryAfterSeconds: 1,
  seed: undefined,
  model: undefined,
  echoMaxChars: undefined,
  refuse: false,
  batchMs: 1000,
  batchOutcome: undefined,
  itemFail: undefined,
  itemFailTimes: undefined,
  itemFailRate: 0,
  itemFailStatus: 500,
  architect: undefined,
});

function invalid(name: string, value: string, expected: string): never {
  throw new SimHttpError(400, `simulator key setting ${name}=${value}: expected ${expected}`);
}

function numberIn(name: string, value: string, min: number, max: number): number {
  const n = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(n) || n < min || n > max) invalid(name, value, `a number in [${min}, ${max}]`);
  return n;
}

/** Parses a key's settings. Throws SimHttpError(400) for an invalid value of a known setting. */
export function parseBehaviour(apiKey: string): Behaviour {
  if (!apiKey.startsWith(SIM_KEY_PREFIX)) return DEFAULT_BEHAVIOUR;
  const b: Behaviour = { ...DEFAULT_BEHAVIOUR };
  for (const part of apiKey.slice(SIM_KEY_PREFIX.length).split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    switch (name) {
      case 'latency':
        b.latencyMs = numberIn(name, value, 0, MAX_LATENCY_MS);
        break;
      case 'tokenDelay':
        b.tokenDelayMs = numberIn(name, value, 0, MAX_LATENCY_MS);
        break;
      case 'streamCut': {
        const n = numberIn(name, value, 1, 1_000_000);
        if (!Number.isInteger(n)) invalid(name, value, 'a positive integer');
        b.streamCutAfter = n;
        break;
      }
      case 'fail': {
        const status = numberIn(name, value, 400, 599);
        if (!Number.isInteger(status)) invalid(name, value, 'an HTTP status code');
        b.failStatus = status;
        break;
      }
      case 'failRate':
        b.failRate = numberIn(name, value, 0, 1);
        break;
      case 'rate429':
        b.rate429 = numberIn(name, value, 0, 1);
        break;
      case 'retryAfter':
        b.retryAfterSeconds = numberIn(name, value, 0, 86_400);
        break;
      case 'seed':
        b.seed = numberIn(name, value, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
        break;
      case 'model':
        if (value === '') invalid(name, value, 'a model name');
        b.model = value;
        break;
      case 'echo':
        if (value === 'full') b.echoMaxChars = Number.POSITIVE_INFINITY;
        else {
          const n = numberIn(name, value, 1, MAX_ECHO_CHARS);
          if (!Number.isInteger(n)) invalid(name, value, `full or a whole number of characters in [1, ${MAX_ECHO_CHARS}]`);
          b.echoMaxChars = n;
        }
        break;
      case 'persona':
        if (value !== 'refuse' && value !== 'echo') invalid(name, value, 'refuse or echo');
        b.refuse = value === 'refuse';
        break;
      case 'batchMs':
        b.batchMs = numberIn(name, value, 0, MAX_BATCH_MS);
        break;
      case 'batchOutcome':
        if (value !== 'failed' && value !== 'expired') invalid(name, value, 'failed or expired');
        b.batchOutcome = value;
        break;
      case 'itemFail':
        try {
          b.itemFail = new RegExp(value);
        } catch {
          invalid(name, value, 'a regular expression');
        }
        break;
      case 'itemFailTimes': {
        const n = numberIn(name, value, 1, 1_000_000);
        if (!Number.isInteger(n)) invalid(name, value, 'a positive integer');
        b.itemFailTimes = n;
        break;
      }
      case 'itemFailRate':
        b.itemFailRate = numberIn(name, value, 0, 1);
        break;
      case 'itemFailStatus': {
        const status = numberIn(name, value, 400, 599);
        if (!Number.isInteger(status)) invalid(name, value, 'an HTTP status code');
        b.itemFailStatus = status;
        break;
      }
      case 'architect':
        if (!(ARCHITECT_FAULTS as readonly string[]).includes(value)) invalid(name, value, ARCHITECT_FAULTS.join(' or '));
        b.architect = value as ArchitectFault;
        break;
      default:
        // a label: ignored
        break;
    }
  }
  return b;
}

/** FNV-1a, 32 bit: a cheap, stable string hash to derive per-key PRNG seeds. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export { mulberry32 };

/**
 * Per-simulator behaviour state: a bounded cache of parsed keys (so the hot path does not re-split
 * the same key on every request) and one PRNG stream per seeded key, so a key+seed always yields
 * the same sequence of outcomes from a fresh start or after reset().
 */
export class BehaviourBook {
  private static readonly MAX_CACHED_KEYS = 10_000;
  private readonly parsed = new Map<string, Behaviour>();
  private readonly streams = new Map<string, () => number>();

  behaviourFor(apiKey: string): Behaviour {
    if (!apiKey.startsWith(SIM_KEY_PREFIX)) return DEFAULT_BEHAVIOUR;
    let b = this.parsed.get(apiKey);
    if (b === undefined) {
      b = parseBehaviour(apiKey);
      // Clearing everything when full is crude but O(1) amortised; keys are few in practice.
      if (this.parsed.size >= BehaviourBook.MAX_CACHED_KEYS) this.parsed.clear();
      this.parsed.set(apiKey, b);
    }
    return b;
  }

  /** Draws the outcome of one request: `fail` is tried first, then `rate429`. */
  decide(apiKey: string, b: Behaviour): Outcome {
    if (b.failStatus !== undefined && this.draw(apiKey, b) < b.failRate) {
      return { kind: 'fail', status: b.failStatus };
    }
    if (b.rate429 > 0 && this.draw(apiKey, b) < b.rate429) {
      return { kind: 'rate429', retryAfterSeconds: b.retryAfterSeconds };
    }
    return { kind: 'ok' };
  }

  /** The delay before answering: the fixed `latency`, else 0, 1 or 2 ms. */
  delayMs(b: Behaviour): number {
    return b.latencyMs ?? Math.floor(Math.random() * 3);
  }

  /** Restarts every seeded sequence. */
  reset(): void {
    this.streams.clear();
  }

  private draw(apiKey: string, b: Behaviour): number {
    if (b.seed === undefined) return Math.random();
    let next = this.streams.get(apiKey);
    if (next === undefined) {
      next = mulberry32(fnv1a(apiKey) ^ (b.seed >>> 0));
      this.streams.set(apiKey, next);
    }
    return next();
  }
}
