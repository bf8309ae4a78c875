import { readFileSync } from 'node:fs';
import path from 'node:path';
import { table } from './support';

/**
 * Summarises a V8 .cpuprofile (from `node --cpu-prof`, DevTools or bench/api-instrumented.ts): where the
 * main thread's time went, grouped into the parts of the stack that matter to a gateway (Koa, zod,
 * auth, the openai SDK, undici, JSON, pino, prom-client, the recorder, node's http core, GC...).
 *
 *   node --import tsx bench/cpuprofile.ts <file.cpuprofile> [requests served in the window]
 *
 * Self time goes to the innermost frame; a native frame without a script (a V8 builtin other than
 * JSON.parse/stringify) is charged to the nearest JavaScript frame that called it. Inclusive time
 * is the share of samples with the group anywhere on the stack (synchronous stacks only: work
 * resumed after an await starts a new stack).
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const ROOT = path.resolve(__dirname, '..');

const PACKAGE_GROUPS: Array<[string, string[]]> = [
  [
    'Koa (koa, @koa/router & their deps)',
    [
      'koa',
      'koa-compose',
      '@koa/router',
      'path-to-regexp',
      'accepts',
      'content-disposition',
      'content-type',
      'cookies',
      'keygrip',
      'delegates',
      'destroy',
      'encodeurl',
      'escape-html',
      'fresh',
      'http-assert',
      'http-errors',
      'mime-types',
      'mime-db',
      'on-finished',
      'ee-first',
      'parseurl',
      'statuses',
      'type-is',
      'media-typer',
      'vary',
      'negotiator',
      'depd',
      'debug',
      'only',
    ],
  ],
  ['body parsing (@koa/bodyparser, co-body, raw-body)', ['@koa/bodyparser', 'co-body', 'raw-body', 'inflation', 'qs', 'bytes', 'iconv-lite', 'unpipe', 'lodash.merge', '@hapi/bourne']],
  ['zod', ['zod', '@asteasolutions/zod-to-openapi']],
  ['openai SDK', ['openai']],
  [
    'logging (pino)',
    ['pino', '@pinojs/redact', 'sonic-boom', 'atomic-sleep', 'on-exit-leak-free', 'pino-std-serializers', 'quick-format-unescaped', 'safe-stable-stringify', 'thread-stream', 'fast-redact'],
  ],
  ['prom-client', ['prom-client', 'tdigest', 'bintrees']],
  ['database (knex, pg, objection)', ['knex', 'tarn', 'pg', 'pg-pool', 'pg-protocol', 'pg-types', 'pg-connection-string', 'postgres-array', 'postgres-bytea', 'postgres-date', 'postgres-interval', 'objection', 'ajv', 'db-errors']],
  ['tsx loader', ['tsx', 'esbuild', 'get-tsconfig']],
];
const PACKAGE_TO_GROUP = new Map<string, string>();
for (const [group, pkgs] of PACKAGE_GROUPS) for (const p of pkgs) PACKAGE_TO_GROUP.set(p, group);

// Both layouts: api/services/ (before issue 10's layering) and services/ (after).
const PROJECT_GROUPS: Array<[RegExp, string]> = [
  [/^(api\/middleware\/auth|(api\/)?services\/auth\/.*|api\/services\/auth|lib\/ttl-cache|lib\/loading-cache|lib\/crypto)\.ts$/, 'Gatehouse: auth (middleware, service, TTL cache, sha256)'],
  [/^(api\/services|services\/gateway)\/execution-recorder\.ts$/, 'Gatehouse: execution recorder'],
  [
    /^(api\/services\/(gateway|providers|provider-groups|session-affinity)|services\/(gateway|routing|providers)\/.*|domain\/.*)\.ts$/,
    'Gatehouse: gateway service & routing',
  ],
  [/^services\/(security|budgets|prompts|parsing)\/.*\.ts$/, 'Gatehouse: pre-flight features (security, budgets, prompts, parsing)'],
  [/^lib\/input-safety\.ts$/, 'Gatehouse: route glue & middleware (define.ts, request-context, errors)'],
  [/^activities\/providers\/.*\.ts$/, 'Gatehouse: provider adapters'],
  [/^(api\/routes\/.*|api\/middleware\/.*|api\/app)\.ts$/, 'Gatehouse: route glue & middleware (define.ts, request-context, errors)'],
  [/^lib\/metrics\.ts$/, 'prom-client'],
  [/^lib\/logger\.ts$/, 'logging (pino)'],
  [/^lib\/tracing\.ts$/, 'OpenTelemetry (tracing)'],
  [/^bench\/http-openai-adapter\.ts$/, 'Gatehouse: provider adapters'],
];

export const IDLE = 'idle';

/** The group a frame belongs to, or null for a native frame to be charged to its caller. `root`: the tree the profiled api ran from. */
export function groupOf(frame: CallFrame, root = ROOT): string | null {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(idle)') return IDLE;
    if (functionName === '(garbage collector)') return 'GC (garbage collector)';
    if (functionName === '(program)') return 'V8/native, not attributed ((program))';
    if (functionName === '(root)') return null;
    if (functionName === 'parse' || functionName === 'stringify') return 'JSON (parse/stringify)';
    return null;
  }
  const nm = url.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    const pkg = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    if (pkg.startsWith('@opentelemetry/')) return 'OpenTelemetry (tracing)';
    return PACKAGE_TO_GROUP.get(pkg) ?? `other package: ${pkg}`;
  }
  if (url.startsWith('node:')) {
    const m = url.slice(5);
    if (m.startsWith('internal/deps/undici')) return 'fetch (undici, the openai SDK transport)';
    if (/^(_http_|http$|https$|internal\/http)/.test(m)) return 'node http core';
    if (/^(net$|stream$|internal\/stream_base_commons|internal\/streams\/|internal\/net|dns|internal\/dns)/.test(m)) return 'node net & streams';
    if (m.startsWith('internal/crypto') || m === 'crypto') return 'node crypto';
    if (/^(internal\/process\/task_queues|internal\/timers|timers|internal\/async_hooks|internal\/process\/promises)/.test(m)) {
      return 'node event loop (timers, microtasks, async hooks)';
    }
    if (m === 'events' || m.startsWith('internal/events')) return 'node events';
    if (m.startsWith('internal/url') || m === 'url' || m === 'querystring' || m === 'internal/querystring') return 'node url';
    if (m === 'buffer' || m.startsWith('internal/buffer')) return 'node buffer';
    if (m.startsWith('internal/perf') || m === 'perf_hooks') return 'node perf_hooks';
    return 'node core (other)';
  }
  const file = url.startsWith('file://') ? decodeURIComponent(url.slice(7)) : url;
  const rel = path.relative(root, file).split(path.sep).join('/');
  if (!rel.startsWith('..')) {
    for (const [re, group] of PROJECT_GROUPS) if (re.test(rel)) return group;
    return 'Gatehouse: other';
  }
  return 'other';
}

function shortLocation(frame: CallFrame, root: string): string {
  if (!frame.url) return '(native)';
  let u = frame.url;
  const nm = u.lastIndexOf('/node_modules/');
  if (nm !== -1) u = u.slice(nm + '/node_modules/'.length);
  else if (u.startsWith('file://')) u = path.relative(root, decodeURIComponent(u.slice(7)));
  return `${u}:${frame.lineNumber + 1}`;
}

export interface GroupShare {
  group: string;
  selfMs: number;
  selfPct: number;
  inclusivePct: number;
}

export interface ProfileSummary {
  wallMs: number;
  busyMs: number;
  idleMs: number;
  groups: GroupShare[];
  top: Array<{ fn: string; where: string; group: string; selfMs: number; selfPct: number }>;
}

/** `root`: the tree the profiled api ran from (a baseline checkout elsewhere, for bench:gateway:ab). */
export function summarise(profile: CpuProfile, topN = 25, root = ROOT): ProfileSummary {
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const n of profile.nodes) byId.set(n.id, n);
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  // Per node: own group, the group self time is charged to, and the set of groups on its stack.
  const own = new Map<number, string | null>();
  const charged = new Map<number, string>();
  const chargedFrame = new Map<number, ProfileNode>();
  const stackGroups = new Map<number, Set<string>>();
  const resolve = (id: number): void => {
    if (charged.has(id)) return;
    const node = byId.get(id)!;
    const g = groupOf(node.callFrame, root);
    own.set(id, g);
    const p = parent.get(id);
    if (p !== undefined) resolve(p);
    const parentGroups = p !== undefined ? stackGroups.get(p)! : new Set<string>();
    const groups = g && g !== IDLE ? new Set([...parentGroups, g]) : parentGroups;
    stackGroups.set(id, groups);
    if (g !== null) {
      charged.set(id, g);
      chargedFrame.set(id, node);
    } else if (p !== undefined && charged.has(p)) {
      charged.set(id, charged.get(p)!);
      chargedFrame.set(id, chargedFrame.get(p)!);
    } else {
      charged.set(id, 'V8/native, not attributed ((program))');
      chargedFrame.set(id, node);
    }
  };
  for (const n of profile.nodes) resolve(n.id);

  const selfByGroup = new Map<string, number>();
  const inclByGroup = new Map<string, number>();
  const selfByFrame = new Map<string, { fn: string; where: string; group: string; us: number }>();
  let total = 0;
  let idle = 0;
  const { samples, timeDeltas } = profile;
  const meanDelta = timeDeltas.length ? (profile.endTime - profile.startTime) / timeDeltas.length : 0;
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i]!;
    const us = i + 1 < timeDeltas.length ? timeDeltas[i + 1]! : meanDelta;
    total += us;
    const group = charged.get(id)!;
    if (group === IDLE) {
      idle += us;
      continue;
    }
    selfByGroup.set(group, (selfByGroup.get(group) ?? 0) + us);
    for (const g of stackGroups.get(id)!) inclByGroup.set(g, (inclByGroup.get(g) ?? 0) + us);
    if (!stackGroups.get(id)!.has(group)) inclByGroup.set(group, (inclByGroup.get(group) ?? 0) + us);
    const frame = chargedFrame.get(id)!.callFrame;
    const key = `${frame.functionName}|${frame.url}|${frame.lineNumber}|${frame.columnNumber}`;
    const entry = selfByFrame.get(key) ?? { fn: frame.functionName || '(anonymous)', where: shortLocation(frame, root), group, us: 0 };
    entry.us += us;
    selfByFrame.set(key, entry);
  }
  const busy = total - idle;
  const pct = (us: number) => (busy > 0 ? (100 * us) / busy : 0);
  const groups = [...new Set([...selfByGroup.keys(), ...inclByGroup.keys()])]
    .map((group) => ({
      group,
      selfMs: (selfByGroup.get(group) ?? 0) / 1000,
      selfPct: pct(selfByGroup.get(group) ?? 0),
      inclusivePct: pct(inclByGroup.get(group) ?? 0),
    }))
    .sort((a, b) => b.selfMs - a.selfMs || b.inclusivePct - a.inclusivePct);
  const top = [...selfByFrame.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, topN)
    .map((e) => ({ fn: e.fn, where: e.where, group: e.group, selfMs: e.us / 1000, selfPct: pct(e.us) }));
  return { wallMs: total / 1000, busyMs: busy / 1000, idleMs: idle / 1000, groups, top };
}

export function formatSummary(s: ProfileSummary, requests?: number): string {
  const lines: string[] = [];
  const perReq = requests ? `, ${((s.busyMs * 1000) / requests).toFixed(0)} µs of main-thread CPU per request (${requests} requests)` : '';
  lines.push(
    `profiled ${(s.wallMs / 1000).toFixed(1)} s of wall time: main thread busy ${(s.busyMs / 1000).toFixed(2)} s (${((100 * s.busyMs) / s.wallMs).toFixed(0)}%), idle ${(s.idleMs / 1000).toFixed(2)} s${perReq}`,
  );
  lines.push('');
  lines.push('Where the busy time goes (self = innermost frame; inclusive = anywhere on the synchronous stack):');
  lines.push(
    table(
      ['group', 'self ms', 'self %', 'incl %'],
      s.groups.filter((g) => g.selfPct >= 0.1 || g.inclusivePct >= 0.5).map((g) => [g.group, g.selfMs.toFixed(0), g.selfPct.toFixed(1), g.inclusivePct.toFixed(1)]),
    ),
  );
  lines.push('');
  lines.push('Top functions by self time:');
  lines.push(table(['function', 'where', 'group', 'self %'], s.top.map((t) => [t.fn, t.where, t.group, t.selfPct.toFixed(1)])));
  return lines.join('\n');
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node --import tsx bench/cpuprofile.ts <file.cpuprofile> [requests]');
    process.exit(2);
  }
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const requests = process.argv[3] ? Number(process.argv[3]) : undefined;
  console.log(formatSummary(summarise(profile), requests));
}
