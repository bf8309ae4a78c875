/**
 * `npm run bench:gateway:ab -- --baseline <git ref>`: the hot path of this checkout against the same
 * hot path at another commit, in one run, on one machine, at the same moment.
 *
 * Why: a refactoring that moves files (issue 10's layering) must not slow the gateway, and two
 * separate bench runs minutes apart differ by more than any plausible regression on a shared 2-core
 * VM. So both versions run side by side: the baseline is checked out into a scratch worktree (its
 * node_modules linked to ours), each version migrates and seeds its own database with its own code
 * and serves from its own api process, and autocannon drives them in alternating segments
 * (A B B A A B B A ...), so a linear drift of the machine cancels within every four segments. The
 * verdict is read off the per-pair differences (one segment of each version, adjacent in time):
 * the median difference of p50 latency with a distribution-free 95% interval (support.medianInterval).
 *
 *   --baseline <ref>     the commit to compare against (required), e.g. 8482860
 *   --current <ref>      compare another commit instead of this checkout (also checked out into a
 *                        scratch worktree), e.g. to measure one change in the history alone
 *   BENCH_AB_SEGMENT_S   seconds per segment (default 10)
 *   BENCH_AB_PAIRS       pairs per concurrency (default 8)
 *   BENCH_CONCURRENCY    connection counts (default 1,32)
 *   BENCH_AB_TOLERANCE_MS  a regression smaller than this is noise by definition (default 0.25 ms at
 *                        p50, or 5% of the baseline's p50 if larger)
 *   BENCH_AB_PROFILE_S   after the pairs, CPU-profile each api for this many seconds at c=32, twice
 *                        (A B, then B A), and print where each version's main-thread CPU per request
 *                        goes, side by side (default 0: no profiles; profiler-hook.mjs is loaded only then)
 *
 * Both apis run with LOG_LEVEL=warn and NODE_ENV=production like bench:gateway's main table, pinned
 * to the last CPU when taskset is available (load generator and simulator on the others); each gets
 * the same warm-up before the first segment.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomToken } from '../../lib/crypto';
import { type Child, ROOT, describeMachine, freePort, killAllChildrenNow, median, medianInterval, stopAllChildren, table, waitHealthy, startNodeChild } from '../support';
import { OUT_DIR, PROMPT, PRODUCTION_ENV, STAMP, canPin, fail, log } from './config';
import { cpuSnapshot } from './cpu';
import { admin, dbUrl } from './database';
import { type LoadResult, type Target, checkClean, load, runState } from './load';
import { PIN_CPUS, directTarget, pinTo, sanityCheck, startSimulator } from './processes';
import { gitState, machineLines } from './report';
import { type CpuProfile, type ProfileSummary, summarise } from '../cpuprofile';
import { profilerIpc } from './routing-compare';

const argv = process.argv.slice(2);
const baselineRef = argv[argv.indexOf('--baseline') + 1];
if (!argv.includes('--baseline') || !baselineRef || baselineRef.startsWith('--')) fail('usage: npm run bench:gateway:ab -- --baseline <git ref>');
const currentRef = argv.includes('--current') ? argv[argv.indexOf('--current') + 1] : undefined;
if (argv.includes('--current') && (!currentRef || currentRef.startsWith('--'))) fail('--current needs a git ref');
const SEGMENT_S = Number(process.env.BENCH_AB_SEGMENT_S ?? 10);
const PAIRS = Number(process.env.BENCH_AB_PAIRS ?? 8);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,32').split(',').map(Number);
const TOLERANCE_MS = Number(process.env.BENCH_AB_TOLERANCE_MS ?? 0.25);
const WARMUP_S = 5;
const PROFILE_S = Number(process.env.BENCH_AB_PROFILE_S ?? 0);
const PROFILE_CONCURRENCY = 32;
const PROFILE_HOOK = path.join(ROOT, 'bench/gateway/profiler-hook.mjs');
const PIN = process.env.BENCH_PIN === undefined ? canPin() : process.env.BENCH_PIN === '1';

interface Arm {
  label: 'baseline' | 'current';
  tree: string;
  commit: string;
  database: string;
  gatewayKey: string;
  api: Child;
  url: string;
}

const databases: string[] = [];
const worktrees: string[] = [];

/** The seed, written per arm with absolute imports into that arm's tree: each version seeds with its own code. */
function seedScript(tree: string): string {
  const layered = existsSync(path.join(tree, 'services/container.ts'));
  const container = path.join(tree, layered ? 'services/container' : 'api/container');
  const simulatorProviders = path.join(tree, layered ? 'services/providers/simulator-providers' : 'api/services/simulator-providers');
  return `
import { createContainer, createInfrastructure } from ${JSON.stringify(container)};
import { registerSimulatorProviders } from ${JSON.stringify(simulatorProviders)};
import { migrateLatest } from ${JSON.stringify(path.join(tree, 'db/connection'))};
import { loadConfig } from ${JSON.stringify(path.join(tree, 'lib/config'))};
const container = createContainer(createInfrastructure(loadConfig(process.env)));
try {
  await migrateLatest(container.db);
  const s = container.services;
  const company = await s.companies.createCompany({ name: 'Bench AB Co' });
  const { user } = await s.companies.addUser(company.id, { email: 'bench-ab@example.test', password: 'pw-' + Math.random().toString(36).slice(2) + 'Aa1!', role: 'ACCOUNT_OWNER' });
  await registerSimulatorProviders(s.providers, company.id, process.env.SIMULATOR_URL, { userId: user.id });
  const { key } = await s.apiKeys.create(company.id, { name: 'bench key', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.id });
  console.log('SEEDED ' + JSON.stringify({ gatewayKey: key }));
} finally {
  await container.close();
}
`;
}

async function startArm(label: Arm['label'], tree: string, simulatorUrl: string, encryptionKey: string): Promise<Arm> {
  const database = `gatehouse_ab_${STAMP}_${process.pid}_${label}`;
  await admin((c) => c.query(`CREATE DATABASE ${database}`));
  databases.push(database);
  const env = { ...PRODUCTION_ENV, LOG_LEVEL: 'warn', DATABASE_URL: dbUrl(database), ENCRYPTION_KEY: encryptionKey, SIMULATOR_URL: simulatorUrl };
  const script = path.join(OUT_DIR, `seed-${label}.mts`);
  writeFileSync(script, seedScript(tree));
  const out = execFileSync(process.execPath, ['--import', 'tsx', script], { cwd: tree, env: { ...process.env, ...env }, encoding: 'utf8' });
  const seeded = JSON.parse(/SEEDED (.*)/.exec(out)?.[1] ?? 'null') as { gatewayKey: string } | null;
  if (!seeded) throw new Error(`seeding the ${label} database printed no key:\n${out}`);
  const port = await freePort();
  const closedPort = await freePort(); // AUTONOMOUS never touches Temporal
  const api = startNodeChild(
    `api (${label})`,
    'workers/api.ts',
    { ...env, HOST: '127.0.0.1', PORT: String(port), INTERNAL_JOB_TOKEN: randomToken('bench-', 32), TEMPORAL_ADDRESS: `127.0.0.1:${closedPort}` },
    path.join(OUT_DIR, `api-${label}.log`),
    PROFILE_S > 0 ? { cwd: tree, ipc: true, nodeArgs: ['--import', PROFILE_HOOK] } : { cwd: tree },
  );
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(`${url}/healthz`, api, 60_000);
  if (PIN && api.proc.pid) pinTo(api.proc.pid, PIN_CPUS.api);
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: tree, encoding: 'utf8' }).trim();
  return { label, tree, commit, database, gatewayKey: seeded.gatewayKey, api, url };
}

function target(arm: Arm): Target {
  return {
    name: `Gatehouse ${arm.label}`,
    url: `${arm.url}/api/gateway/execute`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${arm.gatewayKey}` },
    body: JSON.stringify({ prompt: PROMPT, providerType: 'OPENAI' }),
  };
}

interface PairResult {
  concurrency: number;
  baseline: LoadResult;
  current: LoadResult;
}

async function cleanup(): Promise<void> {
  runState.currentLoad?.stop();
  await stopAllChildren();
  for (const db of databases.splice(0)) {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`)).catch((err) => console.error(`could not drop ${db}: ${err.message}`));
  }
  for (const tree of worktrees.splice(0)) execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: ROOT, stdio: 'ignore' });
}

process.on('exit', killAllChildrenNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}: stopping children, dropping the databases, removing the baseline worktree`);
    setTimeout(() => process.exit(130), 15_000).unref();
    cleanup().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  if (PIN) pinTo(process.pid, PIN_CPUS.rest);
  /** A scratch worktree of `ref` with our node_modules linked in. */
  const checkout = (ref: string, label: string) => {
    const commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], { cwd: ROOT, encoding: 'utf8' }).trim();
    const tree = path.join(OUT_DIR, `${label}-${commit}`);
    rmSync(tree, { recursive: true, force: true });
    execFileSync('git', ['worktree', 'add', '--detach', tree, commit], { cwd: ROOT, stdio: 'ignore' });
    worktrees.push(tree);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'));
    return { commit, tree };
  };
  const base = checkout(baselineRef!, 'baseline');
  const cur = currentRef ? checkout(currentRef, 'current') : { commit: gitState(), tree: ROOT };

  console.log('Gatehouse gateway A/B: this checkout against a baseline commit, interleaved in one run');
  console.log(machineLines(describeMachine()));
  console.log(`current: ${cur.commit}${currentRef ? ` (worktree ${cur.tree})` : ''}; baseline: ${base.commit} (worktree ${base.tree})`);
  console.log(`segments of ${SEGMENT_S} s in the order A B B A, ${PAIRS} pairs per concurrency (${CONCURRENCY.join(', ')}); api pinned: ${PIN ? `CPU ${PIN_CPUS.api}` : 'no'}`);
  console.log(`logs: ${OUT_DIR}\n`);

  const sim = await startSimulator();
  const encryptionKey = Buffer.from(randomToken('', 32)).toString('base64');
  log('seeding and starting the baseline api');
  const baseline = await startArm('baseline', base.tree, sim.url, encryptionKey);
  log('seeding and starting the current api');
  const current = await startArm('current', cur.tree, sim.url, encryptionKey);
  const direct = directTarget({ simulator: sim.child, simulatorUrl: sim.url, databaseUrl: '', encryptionKey, gatewayKey: '' });
  await sanityCheck(direct, (b) => (Array.isArray(b.choices) ? null : 'no choices'));
  for (const arm of [baseline, current]) {
    await sanityCheck(target(arm), (b) => (b.success === true ? null : 'not a successful execution'));
    const cpu = () => cpuSnapshot(arm.api, sim.child);
    await load(target(arm), 32, WARMUP_S, cpu); // JIT, pools, caches
  }

  let clean = true;
  const results: PairResult[] = [];
  for (const c of CONCURRENCY) {
    for (let pair = 0; pair < PAIRS; pair++) {
      // A B, then B A: the order alternates so each version runs first in half the pairs.
      const order = pair % 2 === 0 ? [baseline, current] : [current, baseline];
      const got: Partial<Record<Arm['label'], LoadResult>> = {};
      for (const arm of order) {
        const r = await load(target(arm), c, SEGMENT_S, () => cpuSnapshot(arm.api, sim.child));
        clean = checkClean(`${arm.label} c=${c} pair ${pair + 1}`, r) && clean;
        got[arm.label] = r;
      }
      results.push({ concurrency: c, baseline: got.baseline!, current: got.current! });
      log(`c=${c} pair ${pair + 1}/${PAIRS}: p50 baseline ${got.baseline!.p50.toFixed(2)} ms, current ${got.current!.p50.toFixed(2)} ms`);
    }
  }

  const rows: string[][] = [];
  const verdicts: string[] = [];
  for (const c of CONCURRENCY) {
    const of = results.filter((r) => r.concurrency === c);
    const diffs = of.map((r) => r.current.p50 - r.baseline.p50);
    const rateDiffs = of.map((r) => (r.current.reqPerSec - r.baseline.reqPerSec) / r.baseline.reqPerSec);
    const cpuDiffs = of.map((r) => cpuPerRequest(r.current) - cpuPerRequest(r.baseline));
    const cpuInterval = medianInterval(cpuDiffs);
    const basePool = median(of.map((r) => r.baseline.p50));
    const interval = medianInterval(diffs);
    const tolerance = Math.max(TOLERANCE_MS, 0.05 * basePool);
    const verdict = !interval ? 'TOO FEW PAIRS' : interval.hi <= tolerance ? 'WITHIN NOISE' : interval.lo > tolerance ? 'REGRESSION' : 'INCONCLUSIVE';
    verdicts.push(verdict);
    rows.push([
      String(c),
      basePool.toFixed(2),
      median(of.map((r) => r.current.p50)).toFixed(2),
      median(diffs).toFixed(3),
      interval ? `[${interval.lo.toFixed(3)}, ${interval.hi.toFixed(3)}]` : 'n/a',
      median(of.map((r) => r.baseline.p99)).toFixed(2),
      median(of.map((r) => r.current.p99)).toFixed(2),
      median(of.map((r) => r.baseline.reqPerSec)).toFixed(0),
      median(of.map((r) => r.current.reqPerSec)).toFixed(0),
      `${(100 * median(rateDiffs)).toFixed(1)}%`,
      median(of.map((r) => cpuPerRequest(r.baseline))).toFixed(0),
      median(of.map((r) => cpuPerRequest(r.current))).toFixed(0),
      `${median(cpuDiffs).toFixed(0)} ${cpuInterval ? `[${cpuInterval.lo.toFixed(0)}, ${cpuInterval.hi.toFixed(0)}]` : ''}`,
      `±${tolerance.toFixed(2)}`,
      verdict,
    ]);
  }
  console.log(`\nbaseline ${baseline.commit} vs current ${current.commit} (p50 and p99 in ms, medians over ${PAIRS} pairs):`);
  console.log(
    table(
      [
        'conc',
        'base p50',
        'cur p50',
        'Δp50 median',
        'Δp50 95% interval',
        'base p99',
        'cur p99',
        'base req/s',
        'cur req/s',
        'Δreq/s',
        'base api µs/req',
        'cur api µs/req',
        'Δ api µs/req [95%]',
        'noise bound',
        'verdict',
      ],
      rows,
    ),
  );
  console.log('"api µs/req": the api process\'s CPU time (all threads, from /proc) per 2xx answer in the segment; less sensitive to other load than latency.');
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  writeFileSync(path.join(OUT_DIR, 'results-ab.json'), JSON.stringify({ baseline: baseline.commit, current: current.commit, results }, null, 2));
  if (PROFILE_S > 0) await profileBoth(baseline, current, sim.child);
  if (!clean) {
    console.log('\n!!! some responses were not 2xx: the figures above are suspect !!!');
    process.exitCode = 3;
  } else if (verdicts.includes('REGRESSION')) process.exitCode = 4;
}

/** The api's CPU time per 2xx answer in one segment (µs). */
function cpuPerRequest(r: LoadResult): number {
  return r.ok ? (1000 * r.cpu.apiMs) / r.ok : Number.NaN;
}

/** What profiler-hook.mjs answers to profile-stop: GC pauses in the window by kind, the heap at its end. */
interface GcReport {
  gc?: Record<string, { count: number; ms: number }>;
  heapUsedMb?: number;
}

interface ProfileTotals {
  requests: number;
  busyUs: number;
  groups: Map<string, { selfUs: number; inclUs: number }>;
  functions: Map<string, { fn: string; where: string; us: number }>;
}

/**
 * Two CPU profiles per arm at c=32 (A B, then B A), summed per arm: main-thread CPU per request by
 * group and by function, side by side. Functions are matched across versions by name and file (line
 * numbers move between commits).
 */
async function profileBoth(baseline: Arm, current: Arm, sim: Child): Promise<void> {
  const totals = new Map<Arm['label'], ProfileTotals>();
  for (let round = 0; round < 2; round++) {
    for (const arm of round === 0 ? [baseline, current] : [current, baseline]) {
      const ipc = profilerIpc(arm.api);
      const file = path.join(OUT_DIR, `api-${arm.label}-${arm.commit}-round${round + 1}.cpuprofile`);
      log(`profiling ${arm.label} (${arm.commit}) at c=${PROFILE_CONCURRENCY} for ${PROFILE_S} s`);
      await ipc({ type: 'profile-start', intervalUs: 1000 }, 'profile-started');
      const r = await load(target(arm), PROFILE_CONCURRENCY, PROFILE_S, () => cpuSnapshot(arm.api, sim));
      const written = (await ipc({ type: 'profile-stop', file }, 'profile-written')) as GcReport;
      checkClean(`${arm.label} profiled round ${round + 1}`, r);
      const gcText = Object.entries(written.gc ?? {})
        .map(([kind, g]) => `${kind} ${g.count}x ${((1000 * g.ms) / r.ok).toFixed(1)} µs/req`)
        .join(', ');
      log(`  ${arm.label}: ${r.ok} answers, GC pauses: ${gcText || 'none'}; heap used at the end ${written.heapUsedMb?.toFixed(0)} MB`);
      addProfile(totals, arm.label, summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, 100_000, arm.tree), r.ok);
    }
  }
  const b = totals.get('baseline')!;
  const c = totals.get('current')!;
  const per = (us: number, t: ProfileTotals) => us / t.requests;
  console.log(`\nCPU profiles at c=${PROFILE_CONCURRENCY}, ${PROFILE_S} s x 2 per version (files in ${OUT_DIR}):`);
  console.log(`main-thread CPU per request: baseline ${per(b.busyUs, b).toFixed(0)} µs (${b.requests} requests), current ${per(c.busyUs, c).toFixed(0)} µs (${c.requests} requests)`);
  const groupRows = [...new Set([...b.groups.keys(), ...c.groups.keys()])]
    .map((g) => {
      const x = b.groups.get(g) ?? { selfUs: 0, inclUs: 0 };
      const y = c.groups.get(g) ?? { selfUs: 0, inclUs: 0 };
      return { g, bs: per(x.selfUs, b), cs: per(y.selfUs, c), bi: per(x.inclUs, b), ci: per(y.inclUs, c) };
    })
    .filter((r) => Math.max(r.bs, r.cs, r.bi, r.ci) >= 2)
    .sort((x, y) => y.cs - y.bs - (x.cs - x.bs));
  console.log(
    table(
      ['group (µs per request)', 'base self', 'cur self', 'Δ self', 'base incl', 'cur incl'],
      groupRows.map((r) => [r.g, r.bs.toFixed(1), r.cs.toFixed(1), (r.cs - r.bs).toFixed(1), r.bi.toFixed(1), r.ci.toFixed(1)]),
    ),
  );
  const fnRows = [...new Set([...b.functions.keys(), ...c.functions.keys()])]
    .map((k) => {
      const x = b.functions.get(k);
      const y = c.functions.get(k);
      return { fn: (x ?? y)!.fn, where: (x ?? y)!.where, bu: per(x?.us ?? 0, b), cu: per(y?.us ?? 0, c) };
    })
    .sort((x, y) => Math.abs(y.cu - y.bu) - Math.abs(x.cu - x.bu))
    .slice(0, 40);
  console.log('\nfunctions whose self time per request changed most:');
  console.log(table(['function', 'file', 'base µs', 'cur µs', 'Δ µs'], fnRows.map((r) => [r.fn, r.where, r.bu.toFixed(1), r.cu.toFixed(1), (r.cu - r.bu).toFixed(1)])));
  const json = (t: ProfileTotals) => ({ requests: t.requests, busyUs: t.busyUs, groups: Object.fromEntries(t.groups), functions: [...t.functions.values()] });
  writeFileSync(path.join(OUT_DIR, 'profiles-ab.json'), JSON.stringify({ baseline: json(b), current: json(c) }, null, 2));
}

function addProfile(totals: Map<Arm['label'], ProfileTotals>, label: Arm['label'], s: ProfileSummary, requests: number): void {
  const t = totals.get(label) ?? { requests: 0, busyUs: 0, groups: new Map(), functions: new Map() };
  totals.set(label, t);
  t.requests += requests;
  t.busyUs += s.busyMs * 1000;
  const busyPct = s.busyMs * 10; // µs per percent of the busy time
  for (const g of s.groups) {
    const e = t.groups.get(g.group) ?? { selfUs: 0, inclUs: 0 };
    e.selfUs += g.selfMs * 1000;
    e.inclUs += g.inclusivePct * busyPct;
    t.groups.set(g.group, e);
  }
  for (const f of s.top) {
    const where = f.where.replace(/:\d+$/, '');
    const k = `${f.fn} ${where}`;
    const e = t.functions.get(k) ?? { fn: f.fn, where, us: 0 };
    e.us += f.selfMs * 1000;
    t.functions.set(k, e);
  }
}

main()
  .catch((err) => {
    console.error(`\nbench failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
    process.exitCode = 1;
  })
  .finally(() => cleanup())
  .finally(() => process.exit(process.exitCode ?? 0));
