import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { type Operation, errorShapeProblem, opName } from './openapi-operations';
import { REQUEST_EXAMPLES } from './request-examples';
import { arbitraryOf } from './schema-arbitrary';

/**
 * The generated malformed-input harness (issue 21, item 3) as a function over any list of
 * operations: for each operation, fast-check draws valid-looking requests from its schemas
 * (schema-arbitrary.ts) and one mutation each (wrong types, missing and extra fields, huge strings
 * and numbers, deep nesting, NUL and control characters, lone surrogates, bad content types,
 * invalid JSON, bad queries and path ids), sends them, and returns every answer that breaks the
 * contract: a 5xx, no answer at all, or a 4xx not in its area's documented error shape.
 *
 * Deterministic: the cases of an operation come from `seed` and the operation's name only, so a
 * route added later does not change the cases of the others, and a failure names the seed, the
 * operation and the case number to replay (`HARNESS_SEED`, `HARNESS_RUNS`; see docs/OPERATIONS.md).
 */
export interface MalformedOptions {
  seed: number;
  /** Requests per operation. */
  runs: number;
  /** Credentials to send, drawn per request (a session and a gateway key, usually). */
  tokens: string[];
  /** Per-request timeout: a request with no answer by then is a failure. */
  timeoutMs?: number;
}

export interface MalformedCase {
  operation: string;
  index: number;
  /** The mutation's kind (one of the lists below) and what exactly it did. */
  kind: string;
  mutation: string;
  method: string;
  url: string;
  body?: string | Uint8Array;
  contentType?: string;
  token: string;
}

export interface MalformedReport {
  failures: string[];
  requests: number;
  statuses: Record<number, number>;
  byMutation: Record<string, number>;
  /** Error answers by `status code` (the body's code), to see where the cases stop. */
  errorCodes: Record<string, number>;
}

type Path = Array<string | number>;
type Parts = { body: unknown; query: Record<string, string | string[]>; pathValues: Record<string, string> };
type Built = { mutation: string; body?: string | Uint8Array; contentType?: string; query: string; pathValues: Record<string, string> };

const BODY_MUTATIONS = [
  'valid-looking',
  'wrong type',
  'missing field',
  'extra field',
  'huge string',
  'huge number',
  'deep nesting',
  'control character',
  'lone surrogate',
  'invalid UTF-8',
  'bad content type',
  'invalid JSON',
  'wrong top-level type',
] as const;
const QUERY_MUTATIONS = ['bad query'] as const;
const PATH_MUTATIONS = ['bad path id'] as const;

const CONTROL = ['\u0000', '\u0001', '\u0008', '\u001b[31m', '\u007f', '\u0085', '\u2028', '\u202e', '\ufeff', '\uffff'];
const SURROGATES = ['\ud800', '\udfff', '\udbff', 'a\ud83d', '\ude00b'];
const HUGE_LENGTHS = [256, 4097, 70_000, 1_200_000];
// Written into the JSON text in place of a marker: not all of them survive JSON.stringify.
const HUGE_NUMBERS = ['2147483648', '-2147483649', '9007199254740991', '9007199254740993', '1e308', '-1e308', '1e400', '-0', '1e-400', '123456789012345678901234567890'];
const BAD_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'multipart/form-data; boundary=zzz', 'application/xml', 'application/json; charset=utf-16', 'application/octet-stream'];
const INVALID_JSON = ['{"name": ', '{name: 1}', "{'name': 1}", '[1, 2', '{"a": 1}}', 'NaN', 'undefined', '', ' ', '{"a": "\\x41"}', '{"a": 01}', '{"a": .5}', '\u0000', '{"a": "\\ud800"', '{"a":1,}'];
const TOP_LEVEL = ['[]', '[{}]', '"text"', '42', 'null', 'true', '[[[[]]]]'];
const BAD_QUERY_VALUES = ['abc', '-1', '0', '9'.repeat(400), '%00', '%ED%A0%80', '%E2%80%AE', '%FF', 'x'.repeat(9000), '1e400', 'true', '[object Object]'];
const BAD_IDS = ['not-an-id', '%00', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(4000), '00000000-0000-0000-0000-000000000000', '%ED%A0%80', '%E2%80%AE', "1'%20OR%20'1'%3D'1", '-1', '1e400', '%F0%9F%98%80', 'null'];
const NUMBER_MARKER = '__harness_number__';
const NEST_MARKER = '__harness_nest__';

/** Every path inside a JSON value (the root included), depth-first. */
function pathsOf(value: unknown, path: Path = [], out: Array<{ path: Path; value: unknown }> = []) {
  out.push({ path, value });
  if (Array.isArray(value)) for (const [i, v] of value.entries()) pathsOf(v, [...path, i], out);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(root) as any;
  let node = copy;
  for (const p of path.slice(0, -1)) node = node[p];
  node[path.at(-1)!] = value;
  return copy;
}

const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length]!;
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function otherType(v: unknown, n: number): unknown {
  if (typeof v === 'string') return pick([12345, true, { value: v }, [v], null], n);
  if (typeof v === 'number') return pick([String(v), 'not a number', false, [v], { n: v }], n);
  if (typeof v === 'boolean') return pick(['true', 1, null, [v]], n);
  if (Array.isArray(v)) return pick([{}, 'list', 3], n);
  if (isObject(v)) return pick([[], 'object', 7, true], n);
  return pick([{}, [], 'null', 0], n);
}

/** Where in the body a mutation lands: a path whose value satisfies `want`, else the root. */
function target(body: unknown, n: number, want: (v: unknown) => boolean): Path | null {
  const hits = pathsOf(body).filter((p) => want(p.value));
  return hits.length ? pick(hits, n).path : null;
}

function encodeQuery(query: Record<string, string | string[]>, raw: Array<[string, string]> = []): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query)) for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeURIComponent(k)}=${encodeURIComponent(one)}`);
  for (const [k, v] of raw) parts.push(`${k}=${v}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

function buildCase(op: Operation, parts: Parts, mutation: string, n1: number, n2: number): Built {
  const { body, query, pathValues } = parts;
  const json = (v: unknown) => JSON.stringify(v ?? {});
  const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
  const base = { query: encodeQuery(query), pathValues, ...(sendsBody ? { body: json(body), contentType: 'application/json' } : {}) };
  const withBody = (b: unknown, m: string): Built => ({ ...base, mutation: m, body: json(b), contentType: 'application/json' });
  switch (mutation) {
    case 'wrong type': {
      const p = target(body, n1, () => true) ?? [];
      return withBody(setAt(body, p, otherType(pathsOf(body).find((x) => x.path.join('.') === p.join('.'))?.value, n2)), `wrong type at /${p.join('/')}`);
    }
    case 'missing field': {
      const p = target(body, n1, (v) => isObject(v) && Object.keys(v).length > 0);
      if (!p) return withBody(undefined, 'missing body');
      const obj = pathsOf(body).find((x) => x.path.join('.') === p.join('.'))!.value as Record<string, unknown>;
      const key = pick(Object.keys(obj), n2);
      const { [key]: _gone, ...rest } = obj;
      return withBody(setAt(body, p, rest), `missing /${[...p, key].join('/')}`);
    }
    case 'extra field': {
      const p = target(body, n1, isObject) ?? [];
      const host = p.length ? (pathsOf(body).find((x) => x.path.join('.') === p.join('.'))!.value as object) : isObject(body) ? body : {};
      return withBody(setAt(isObject(body) ? body : {}, p, { ...host, [pick(['__unexpected', 'constructor', '__proto__', 'isAdmin', 'companyId'], n2)]: pick([1, 'x', { role: 'SUPER_ADMIN' }, [null]], n1) }), 'extra field');
    }
    case 'huge string': {
      const size = pick(HUGE_LENGTHS, n2);
      const p = target(body, n1, (v) => typeof v === 'string') ?? (isObject(body) ? ['name'] : []);
      return withBody(setAt(isObject(body) || p.length === 0 ? body : {}, p, 'x'.repeat(size)), `string of ${size} characters at /${p.join('/')}`);
    }
    case 'huge number': {
      const n = pick(HUGE_NUMBERS, n2);
      const p = target(body, n1, (v) => typeof v === 'number') ?? target(body, n1, (v) => !isObject(v) && !Array.isArray(v)) ?? [];
      const text = json(setAt(body, p, NUMBER_MARKER)).replace(`"${NUMBER_MARKER}"`, n);
      return { ...base, mutation: `number ${n} at /${p.join('/')}`, body: text, contentType: 'application/json' };
    }
    case 'deep nesting': {
      const depth = pick([33, 64, 1000, 20_000], n2);
      const p = target(body, n1, () => true) ?? [];
      const nest = pick(['{"a":', '['], n1);
      const close = nest === '[' ? ']' : '}';
      const text = json(setAt(body, p, NEST_MARKER)).replace(`"${NEST_MARKER}"`, `${nest.repeat(depth)}1${close.repeat(depth)}`);
      return { ...base, mutation: `nesting ${depth} deep at /${p.join('/')}`, body: text, contentType: 'application/json' };
    }
    case 'control character':
    case 'lone surrogate': {
      const chars = mutation === 'control character' ? CONTROL : SURROGATES;
      const ch = pick(chars, n2);
      const strings = pathsOf(body).filter((x) => typeof x.value === 'string');
      if (strings.length && n1 % 3 !== 0) {
        const hit = pick(strings, n1);
        return withBody(setAt(body, hit.path, `${String(hit.value).slice(0, 3)}${ch}${String(hit.value).slice(3)}`), `${JSON.stringify(ch)} in /${hit.path.join('/')}`);
      }
      // In a key: keys become jsonb keys and column names in some queries.
      return withBody({ ...(isObject(body) ? body : {}), [`k${ch}`]: 'v' }, `${JSON.stringify(ch)} in a key`);
    }
    case 'invalid UTF-8': {
      const text = Buffer.from(json(body));
      const bad = pick([Buffer.from([0xff, 0xfe]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc3]), Buffer.from([0xf4, 0x90, 0x80, 0x80])], n2);
      const at = Math.max(0, text.indexOf('"') + 1);
      return { ...base, mutation: 'invalid UTF-8 bytes in the body', body: new Uint8Array(Buffer.concat([text.subarray(0, at), bad, text.subarray(at)])), contentType: 'application/json' };
    }
    case 'bad content type': {
      const type = pick(BAD_CONTENT_TYPES, n2);
      return { ...base, mutation: `content type ${type}`, body: json(body), contentType: type };
    }
    case 'invalid JSON': {
      const text = pick(INVALID_JSON, n2);
      return { ...base, mutation: `invalid JSON ${JSON.stringify(text)}`, body: text, contentType: 'application/json' };
    }
    case 'wrong top-level type': {
      const text = pick(TOP_LEVEL, n2);
      return { ...base, mutation: `top-level ${text}`, body: text, contentType: 'application/json' };
    }
    case 'bad query': {
      const value = pick(BAD_QUERY_VALUES, n2);
      const names = op.query.map((q) => q.name);
      const name = names.length ? pick(names, n1) : '__unexpected';
      const rest = Object.fromEntries(Object.entries(query).filter(([k]) => k !== name));
      const raw: Array<[string, string]> = n1 % 4 === 0 ? [[encodeURIComponent(name), 'a'], [encodeURIComponent(name), value]] : [[encodeURIComponent(name), value]];
      return { ...base, mutation: `query ${name}=${value.slice(0, 20)}`, query: encodeQuery(rest, raw) };
    }
    case 'bad path id': {
      const param = pick(op.params, n1);
      return { ...base, mutation: `path ${param}=${pick(BAD_IDS, n2).slice(0, 24)}`, pathValues: { ...pathValues, [param]: pick(BAD_IDS, n2) } };
    }
    default:
      return { ...base, mutation: 'valid-looking' };
  }
}

function queryArbitrary(op: Operation): fc.Arbitrary<Record<string, string | string[]>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const q of op.query) model[q.name] = arbitraryOf(op.doc, q.schema);
  const required = op.query.filter((q) => q.required).map((q) => q.name);
  return fc.record(model, { requiredKeys: required }).map((r) => {
    const out: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(r)) {
      if (v === null || v === undefined) continue;
      out[k] = Array.isArray(v) ? v.map(String) : typeof v === 'object' ? JSON.stringify(v) : String(v);
    }
    return out;
  });
}

/** Drawn from the schema, or (two times in three, when the operation has some) a known-valid example. */
function bodyArbitrary(op: Operation, sendsBody: boolean): fc.Arbitrary<unknown> {
  if (!sendsBody) return fc.constant(undefined);
  const drawn = op.body ? arbitraryOf(op.doc, op.body) : fc.constant({});
  const examples = REQUEST_EXAMPLES[opName(op)] ?? (op.path === '/api/mcp' ? REQUEST_EXAMPLES['POST /api/v1/mcp'] : undefined);
  return examples?.length ? fc.oneof({ arbitrary: fc.constantFrom(...examples), weight: 2 }, { arbitrary: drawn, weight: 1 }) : drawn;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** The cases of one operation: deterministic for (seed, operation). */
export function malformedCases(op: Operation, opts: Pick<MalformedOptions, 'seed' | 'runs' | 'tokens'>): MalformedCase[] {
  const sendsBody = op.method !== 'GET' && op.method !== 'DELETE';
  const mutations: string[] = [
    ...(sendsBody ? BODY_MUTATIONS : ['valid-looking']),
    ...QUERY_MUTATIONS,
    ...(op.params.length ? PATH_MUTATIONS : []),
  ];
  const pathValues = fc.record(Object.fromEntries(op.params.map((p) => [p, fc.uuid({ version: 4 }) as fc.Arbitrary<string>])));
  const arb = fc.record({
    body: bodyArbitrary(op, sendsBody),
    query: queryArbitrary(op),
    pathValues,
    mutation: fc.constantFrom(...mutations),
    n1: fc.nat(),
    n2: fc.nat(),
    token: fc.constantFrom(...opts.tokens),
  });
  const samples = fc.sample(arb, { seed: (opts.seed ^ hash(opName(op))) | 0, numRuns: opts.runs });
  // Every mutation kind at least once per operation when runs allow: the first cases walk the list.
  return samples.map((s, index) => {
    const mutation = index < mutations.length ? mutations[index]! : s.mutation;
    const built = buildCase(op, { body: s.body, query: s.query, pathValues: s.pathValues as Record<string, string> }, mutation, s.n1, s.n2);
    const path = op.path.replace(/\{(\w+)\}/g, (_, p: string) => {
      const v = built.pathValues[p] ?? randomUUID();
      // Bad ids are written as given (some are percent-encoded on purpose); good ones are encoded.
      return mutation === 'bad path id' ? v : encodeURIComponent(v);
    });
    return { operation: opName(op), index, kind: mutation, mutation: built.mutation, method: op.method, url: path + built.query, body: built.body, contentType: built.contentType, token: s.token };
  });
}

/** The error code of an answer in any area's shape, or '?'. */
function errorCodeOf(text: string): string {
  try {
    const body = JSON.parse(text);
    const one = Array.isArray(body) ? body[0] : body;
    return String(typeof one?.error === 'object' ? (one.error.code ?? one.error.type) : (one?.code ?? '?'));
  } catch {
    return '?';
  }
}

async function send(baseUrl: string, c: MalformedCase, timeoutMs: number) {
  const headers: Record<string, string> = { authorization: `Bearer ${c.token}`, accept: 'application/json, text/event-stream' };
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  const res = await fetch(baseUrl + c.url, { method: c.method, headers, body: c.body as RequestInit["body"], signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, text: await res.text(), contentType: res.headers.get('content-type') };
}

/** Runs the cases of every operation; returns what broke the contract (empty when nothing did). */
export async function runMalformedInput(baseUrl: string, operations: Operation[], opts: MalformedOptions): Promise<MalformedReport> {
  const report: MalformedReport = { failures: [], requests: 0, statuses: {}, byMutation: {}, errorCodes: {} };
  for (const op of operations) {
    for (const c of malformedCases(op, opts)) {
      const where = `${c.operation} [seed ${opts.seed}, case ${c.index}: ${c.mutation}] ${c.method} ${c.url.slice(0, 160)}`;
      report.requests++;
      report.byMutation[c.kind] = (report.byMutation[c.kind] ?? 0) + 1;
      let answer: Awaited<ReturnType<typeof send>>;
      try {
        answer = await send(baseUrl, c, opts.timeoutMs ?? 30_000);
      } catch (err) {
        report.failures.push(`${where} -> no answer: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`);
        continue;
      }
      report.statuses[answer.status] = (report.statuses[answer.status] ?? 0) + 1;
      if (answer.status >= 500) {
        report.failures.push(`${where} -> ${answer.status} ${answer.text.slice(0, 200)}`);
      } else if (answer.status >= 400) {
        const problem = errorShapeProblem(op.area, answer.text, answer.contentType);
        if (problem) report.failures.push(`${where} -> ${answer.status} not in the ${op.area} error shape: ${problem}`);
        const key = `${answer.status} ${errorCodeOf(answer.text)}`;
        report.errorCodes[key] = (report.errorCodes[key] ?? 0) + 1;
      }
    }
  }
  return report;
}

