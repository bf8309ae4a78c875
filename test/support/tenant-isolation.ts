import fc from 'fast-check';
import { type Operation, opName } from './openapi-operations';
import { ACTIONS, type Credential, PARAM_LITERALS, PLATFORM_WIDE, QUERY_IDS, RESOURCES, type ResourceRow, SKIP, type TableContext, VALID_BODIES } from './route-table';
import { arbitraryOf } from './schema-arbitrary';

/**
 * The generated tenant-isolation harness (issue 21, item 2) as functions over any list of
 * operations and any route table, so the same logic runs over the real api (the test asserts it
 * finds nothing) and over a fixture with a deliberately leaky route (harness-self-test: it must
 * name that route).
 *
 *   tableGaps          the POSTs and id-bearing route families the table does not account for
 *   createResources    one resource of every kind in company A, through the api
 *   readResources      A's view of each of them (normalised), for the before/after comparison
 *   callAsOtherTenant  every id-bearing route × method × credential of company B with A's ids
 *   compareSnapshots   what changed in A between two reads
 */
export interface RouteTable {
  resources: ResourceRow[];
  actions: Record<string, string>;
  literals: Record<string, string>;
  /** Query parameters naming a resource → A's ids for them. */
  queryIds: Record<string, (c: TableContext) => Array<string | undefined>>;
  /** Bodies for operations whose rules the schema generator cannot see. */
  bodies: Record<string, unknown>;
  skip: RegExp[];
  /** Credential name → operations it may legitimately answer 2xx on (by spec). */
  platformWide: Record<string, string[]>;
  /** Families that map to a kind without a row of their own (fixtures). */
  extraFamilies?: Record<string, string>;
}

export const ROUTE_TABLE: RouteTable = {
  resources: RESOURCES,
  actions: ACTIONS,
  literals: PARAM_LITERALS,
  queryIds: QUERY_IDS,
  bodies: VALID_BODIES,
  skip: SKIP,
  platformWide: PLATFORM_WIDE,
};

export interface Client {
  baseUrl: string;
  tokens: Record<Credential, string>;
}

interface Answer {
  status: number;
  text: string;
  json: any;
}

async function call(baseUrl: string, method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const res = await fetch(baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, text, json };
}

/** The family of a path parameter: the path up to and including it. */
export function familyOf(path: string, param: string): string {
  const at = path.indexOf(`{${param}}`);
  return path.slice(0, at + param.length + 2);
}

/** Family → the kinds whose ids it takes. */
export function familyKinds(table: RouteTable): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (family: string, kind: string) => out.set(family, [...(out.get(family) ?? []), kind]);
  for (const row of table.resources) for (const f of [row.family ?? []].flat()) add(f, row.kind);
  for (const [f, kind] of Object.entries(table.extraFamilies ?? {})) add(f, kind);
  return out;
}

/** What the table does not account for: each line names the route and says which list to add it to. */
export function tableGaps(operations: Operation[], table: RouteTable): string[] {
  const gaps: string[] = [];
  const creates = new Set(table.resources.map((r) => r.create));
  const families = familyKinds(table);
  const seenFamilies = new Set<string>();
  for (const op of operations) {
    const name = opName(op);
    if (op.method === 'POST' && op.area !== 'mcp' && !creates.has(name) && !(name in table.actions)) {
      gaps.push(`${name}: not in test/support/route-table.ts (a RESOURCES row if it creates something, else an ACTIONS entry saying why not)`);
    }
    for (const q of op.query) {
      if (/Id$/.test(q.name) && !(q.name in table.queryIds)) gaps.push(`query parameter ${q.name} of ${name} names a resource: add it to QUERY_IDS in test/support/route-table.ts`);
    }
    for (const param of op.params) {
      const family = familyOf(op.path, param);
      if (families.has(family) || family in table.literals || seenFamilies.has(family)) continue;
      seenFamilies.add(family);
      gaps.push(`route family ${family} (${name}): no RESOURCES row has it as its family in test/support/route-table.ts, so no id of company A reaches it`);
    }
  }
  return gaps;
}

function dig(answer: any, path: string): unknown {
  return path.split('.').reduce((v, k) => (v == null ? v : v[k]), answer);
}

/** The first `id` property in an answer, breadth-first (the created object's own id). */
function firstId(answer: any): string | undefined {
  const queue = [answer];
  while (queue.length) {
    const v = queue.shift();
    if (v && typeof v === 'object') {
      if (!Array.isArray(v) && (typeof v.id === 'string' || typeof v.id === 'number')) return String(v.id);
      queue.push(...Object.values(v));
    }
  }
  return undefined;
}

function fill(template: string, value: (param: string, family: string) => string | undefined): string | null {
  let missing = false;
  const out = template.replace(/\{(\w+)\}/g, (_, p: string) => {
    const v = value(p, familyOf(template, p));
    if (v === undefined) missing = true;
    return encodeURIComponent(v ?? '');
  });
  return missing ? null : out;
}

export interface Created {
  /** kind → every id form of the resources of that kind. */
  ids: Map<string, string[]>;
  ctx: TableContext;
  failures: string[];
}

/** Creates one resource of every kind of the table in company A, through the api, in table order. */
export async function createResources(client: Client, table: RouteTable, ctx: TableContext): Promise<Created> {
  const ids = new Map<string, string[]>();
  const failures: string[] = [];
  const families = familyKinds(table);
  const idOfFamily = (_param: string, family: string) => {
    const kind = families.get(family)?.find((k) => ctx.ids[k]);
    return kind ? ctx.ids[kind] : table.literals[family];
  };
  for (const row of table.resources) {
    const token = client.tokens[row.as ?? 'session'];
    try {
      for (const step of row.setup?.(ctx) ?? []) {
        const res = await call(client.baseUrl, step.method, step.path, client.tokens[step.as ?? 'session'], step.body);
        if (res.status >= 300) throw new Error(`setup ${step.method} ${step.path}: ${res.status} ${res.text.slice(0, 300)}`);
      }
      const [method, template] = row.create.split(' ') as [string, string];
      const path = fill(template, idOfFamily);
      if (!path) throw new Error(`cannot fill the parameters of ${template} from the rows above`);
      const res = await call(client.baseUrl, method, path, token, await row.body(ctx));
      if (res.status >= 300 || (res.json && typeof res.json === 'object' && 'error' in res.json && res.json.error && typeof res.json.error === 'object')) {
        throw new Error(`${res.status} ${res.text.slice(0, 400)}`);
      }
      const id = typeof row.id === 'function' ? row.id(res.json, ctx) : row.id ? dig(res.json, row.id) : firstId(res.json);
      if (typeof id !== 'string' && typeof id !== 'number') throw new Error(`no id in the answer (${row.id ?? 'id'}): ${res.text.slice(0, 300)}`);
      if (String(id) === '') throw new Error(`an empty id in the answer: ${res.text.slice(0, 300)}`);
      ctx.ids[row.kind] = String(id);
      const forms = [String(id)];
      const also = row.alsoId ? dig(res.json, row.alsoId) : undefined;
      if (typeof also === 'string' && also !== String(id)) forms.push(also);
      ids.set(row.kind, forms);
      row.keep?.(res.json, ctx);
    } catch (err) {
      failures.push(`creating ${row.kind} with ${row.create}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return { ids, ctx, failures };
}

/** Drops the fields that change on their own, recursively. */
function normalise(value: unknown, volatile: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, volatile));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !volatile.has(k))
        .map(([k, v]) => [k, normalise(v, volatile)]),
    );
  }
  return value;
}

/** The object inside a list answer that carries `id` as one of its values. */
function findById(answer: unknown, id: string): unknown {
  const stack = [answer];
  while (stack.length) {
    const v = stack.pop();
    if (v && typeof v === 'object') {
      if (!Array.isArray(v) && Object.values(v).some((x) => x === id)) return v;
      stack.push(...Object.values(v));
    }
  }
  return undefined;
}

/** Always volatile: timestamps of use, not of change, and countdowns. */
const VOLATILE = ['lastUsedAt', 'lastSeenAt', 'timeRemainingMs', 'timeRemaining', 'remainingSeconds', 'expiresInSeconds'];

/** A's view of every created resource, as normalised JSON text keyed by kind. */
export async function readResources(client: Client, operations: Operation[], table: RouteTable, created: Created): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const families = familyKinds(table);
  const gets = new Set(operations.filter((o) => o.method === 'GET').map((o) => o.path));
  for (const row of table.resources) {
    const id = created.ids.get(row.kind)?.[0];
    if (!id || row.read === 'none') continue;
    const family = [row.family ?? []].flat()[0];
    const template = row.read ?? (family && gets.has(family) ? family : undefined);
    if (!template) {
      out.set(row.kind, `no read route: give the ${row.kind} row a read path`);
      continue;
    }
    // The parameter whose family takes this kind gets this id; the others the first id of theirs.
    const path = fill(template.split('?')[0]!, (_p, f) => {
      const kinds = families.get(f) ?? [];
      if (kinds.includes(row.kind)) return id;
      const kind = kinds.find((k) => created.ctx.ids[k]);
      return kind ? created.ctx.ids[kind] : table.literals[f];
    });
    const query = template.includes('?') ? `?${template.split('?')[1]!.replace('{self}', encodeURIComponent(id))}` : '';
    const reader = row.readAs ?? (row.as === 'superAdmin' ? 'superAdmin' : 'session');
    const res = await call(client.baseUrl, 'GET', `${path}${query}`, client.tokens[reader]);
    // A list shows the resource as one of its items; a resource gone from it changes the whole list.
    const listed = findById(res.json, id) ?? res.json;
    out.set(row.kind, `${res.status} ${JSON.stringify(normalise(listed, new Set([...VOLATILE, ...(row.volatile ?? [])])))}`);
  }
  return out;
}

export function compareSnapshots(before: Map<string, string>, after: Map<string, string>): string[] {
  const changes: string[] = [];
  for (const [kind, was] of before) {
    const now = after.get(kind);
    if (now !== was) changes.push(`company A's ${kind} changed while B called its routes:\n  before ${was.slice(0, 600)}\n  after  ${String(now).slice(0, 600)}`);
  }
  return changes;
}

export interface TenantReport {
  failures: string[];
  calls: number;
  /** credential → status → count */
  statuses: Record<string, Record<number, number>>;
  /** Operations called, each with the statuses it answered. */
  operations: number;
}

/** A valid-looking body for an operation, the same on every run (fixed seed). */
function bodyFor(op: Operation, table: RouteTable): unknown {
  if (op.method === 'GET' || op.method === 'DELETE') return undefined;
  if (opName(op) in table.bodies) return table.bodies[opName(op)];
  if (!op.body) return {};
  // The first drawn body that changes something: an empty PATCH is a 400 before any lookup.
  const drawn = fc.sample(arbitraryOf(op.doc, op.body), { seed: 21, numRuns: 50 });
  return drawn.find((b) => b !== null && typeof b === 'object' && Object.values(b).some((v) => v !== null && v !== undefined)) ?? drawn[0] ?? {};
}

/**
 * Every operation whose path names an id, with each of A's ids of the kinds its family takes, as
 * each of B's credentials: 404, or 401/403 where the credential is refused; never 2xx, never a
 * 5xx, and never A's canary in the body. An operation none of B's credentials got a 404 from
 * never reached its resource check, which is reported too (the harness would prove nothing there).
 */
export async function callAsOtherTenant(
  baseUrl: string,
  operations: Operation[],
  table: RouteTable,
  created: Created,
  credentials: Array<{ name: string; token: string }>,
): Promise<TenantReport> {
  const report: TenantReport = { failures: [], calls: 0, statuses: {}, operations: 0 };
  const families = familyKinds(table);
  for (const op of operations) {
    if (op.params.length === 0 || table.skip.some((re) => re.test(opName(op)))) continue;
    const last = op.params.at(-1)!;
    const lastFamily = familyOf(op.path, last);
    const candidates = table.literals[lastFamily] !== undefined ? [table.literals[lastFamily]!] : (families.get(lastFamily) ?? []).flatMap((k) => created.ids.get(k) ?? []);
    if (candidates.length === 0) continue; // tableGaps or createResources reports why
    report.operations++;
    const body = bodyFor(op, table);
    let reached = 0;
    for (const id of candidates) {
      const path = fill(op.path, (p, f) => {
        if (p === last) return id;
        const kind = (families.get(f) ?? []).find((k) => created.ids.has(k));
        return kind ? created.ids.get(kind)![0] : table.literals[f];
      });
      if (!path) continue;
      for (const cred of credentials) {
        const res = await call(baseUrl, op.method, path, cred.token, body).catch((err: Error) => ({ status: 0, text: `no answer: ${err.message}`, json: null }));
        report.calls++;
        report.statuses[cred.name] ??= {};
        const byStatus = report.statuses[cred.name]!;
        byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
        if (res.status === 404) reached++;
        const allowed = table.platformWide[cred.name]?.includes(opName(op));
        const where = `${opName(op)} as B's ${cred.name}: ${op.method} ${path}`;
        if (!allowed && ![401, 403, 404].includes(res.status)) {
          report.failures.push(`${where} -> ${res.status} (expected 404, or 401/403 for a refused credential): ${res.text.slice(0, 200)}`);
        } else if (!allowed && res.text.includes(created.ctx.canary)) {
          report.failures.push(`${where} -> ${res.status} with company A's data in the body: ${res.text.slice(0, 200)}`);
        }
      }
    }
    if (reached === 0) report.failures.push(`${opName(op)}: none of B's credentials reached the resource check (no 404 among ${credentials.map((c) => c.name).join(', ')})`);
  }
  return report;
}


/**
 * Deletes a company's synthetic schedules through the api. The harnesses create them (the table's
 * row, valid-looking bodies), and a Temporal Schedule outlives the test file: left alone it would
 * keep starting workflows on a task queue nobody polls for the rest of the suite.
 */
export async function deleteSyntheticSchedules(baseUrl: string, token: string): Promise<number> {
  let deleted = 0;
  for (let round = 0; round < 20; round++) {
    const list = await call(baseUrl, 'GET', '/api/v1/synthetic/schedules?limit=200', token);
    const schedules: Array<{ id: string }> = list.json?.schedules ?? [];
    if (schedules.length === 0) return deleted;
    for (const s of schedules) {
      const res = await call(baseUrl, 'DELETE', `/api/v1/synthetic/schedules/${s.id}`, token);
      if (res.status >= 300) throw new Error(`deleting synthetic schedule ${s.id}: ${res.status} ${res.text.slice(0, 200)}`);
      deleted++;
    }
  }
  throw new Error(`synthetic schedules still listed after deleting ${deleted}`);
}

/**
 * Creates that name other resources in their body (a group's providers, a repository's project, a
 * schedule's prompt and provider, a share's recipient...), sent by company B with company A's ids
 * in the body: each must be refused (4xx), never create something that points into A, and never
 * answer with A's data. Rows whose body names no id, or whose path already names one (covered by
 * callAsOtherTenant), are skipped.
 */
export async function createWithOtherTenantReferences(baseUrl: string, table: RouteTable, created: Created, token: string): Promise<{ failures: string[]; tried: string[] }> {
  const failures: string[] = [];
  const tried: string[] = [];
  for (const row of table.resources) {
    const [method, template] = row.create.split(' ') as [string, string];
    if (template.includes('{') || (row.as ?? 'session') !== 'session' || row.setup) continue;
    // Build the body from A's context, noting which of A's ids it reads.
    const read = new Set<string>();
    const ids = new Proxy(created.ctx.ids, {
      get(target, key: string) {
        if (key in target) read.add(key);
        return target[key];
      },
    });
    let body: unknown;
    try {
      body = await row.body({ ...created.ctx, ids, store: created.ctx.store });
    } catch {
      continue;
    }
    if (read.size === 0) continue;
    tried.push(`${row.create} (${[...read].join(', ')})`);
    const res = await call(baseUrl, method, template, token, body);
    if (res.status < 400 || res.status >= 500) failures.push(`${row.create} as B with A's ${[...read].join(', ')} in the body -> ${res.status}: ${res.text.slice(0, 200)}`);
    else if (res.text.includes(created.ctx.canary)) failures.push(`${row.create} as B with A's ids -> ${res.status} with company A's data: ${res.text.slice(0, 200)}`);
  }
  return { failures, tried };
}

/**
 * Every operation with a query parameter that names a resource (QUERY_IDS), called as each of B's
 * credentials with A's id there: a filter may answer an empty list, a lookup 404, a refused
 * credential 401/403; never a 5xx and never A's data.
 */
export async function queryAsOtherTenant(baseUrl: string, operations: Operation[], table: RouteTable, created: Created, credentials: Array<{ name: string; token: string }>) {
  const failures: string[] = [];
  const statuses: Record<number, number> = {};
  let calls = 0;
  const families = familyKinds(table);
  for (const op of operations) {
    if (op.method !== 'GET') continue;
    for (const q of op.query.filter((x) => x.name in table.queryIds)) {
      const path = fill(op.path, (_p, f) => {
        const kind = (families.get(f) ?? []).find((k) => created.ids.has(k));
        return kind ? created.ids.get(kind)![0] : table.literals[f];
      });
      if (!path) continue;
      // The other required parameters, valid-looking, so the request reaches the filter.
      const others = op.query.filter((x) => x.required && x.name !== q.name);
      const base = others.length ? (fc.sample(fc.record(Object.fromEntries(others.map((x) => [x.name, arbitraryOf(op.doc, x.schema)]))), { seed: 21, numRuns: 1 })[0] as Record<string, unknown>) : {};
      for (const id of table.queryIds[q.name]!(created.ctx).filter((v): v is string => typeof v === 'string')) {
        const query = new URLSearchParams({ ...Object.fromEntries(Object.entries(base).map(([k, v]) => [k, String(v)])), [q.name]: id });
        for (const cred of credentials) {
          const res = await call(baseUrl, 'GET', `${path}?${query}`, cred.token).catch((err: Error) => ({ status: 0, text: `no answer: ${err.message}`, json: null }));
          calls++;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          const where = `${opName(op)}?${q.name}=<A's> as B's ${cred.name}`;
          if (res.status === 0 || res.status >= 500) failures.push(`${where} -> ${res.status}: ${res.text.slice(0, 200)}`);
          else if (res.text.includes(created.ctx.canary)) failures.push(`${where} -> ${res.status} with company A's data: ${res.text.slice(0, 200)}`);
        }
      }
    }
  }
  return { failures, calls, statuses };
}
