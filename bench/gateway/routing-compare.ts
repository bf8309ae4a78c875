
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type CpuProfile, formatSummary, summarise } from '../cpuprofile';
import { type InterleavedResult, interleavedLoad, kindRate, phaseCpuMicros } from '../interleaved-load';
import { SCENARIO_POLICY_JSON, } from '../routing-scenario';
import {
  type Child,
  describeMachine,
  median,
  medianInterval,
  stopChild,
  table,
  withTimeout,
} from '../support';

import { type CpuShare, type CpuSnapshot, cpuShare, scanProcs, treeCpuMs } from './cpu';
import { type ApiLaunch, PIN_CPUS, sanityCheck, warmAndMeasure } from './processes';
import { COMPARE_DIRECT_S, CONCURRENCY, DB_NAME, DURATION_S, FRESH_WARMUP_S, OUT_DIR, PHASE_DISCARD_MS, PHASE_MS, PIN, PROFILE_CONCURRENCY, PROFILE_INTERVAL_US, PROMPT, ROUNDS, SCENARIO_POLICY, SCENARIO_PROFILE, SCENARIO_PROVIDERS, TARGET_CONCURRENCY, TARGET_POLICY_EXTRA_MS, WARMUP_S, log } from './config';
import { pinDatabaseBackends } from './database';
import { f0, f2, gitState, machineLines } from './report';
import { type LoadResult, type Target, checkClean, load, runState } from './load';

export interface CompareRun {
  round: number;
  concurrency: number;
  loadavg: [number, number, number];
  /** Direct runs just before and just after the interleaved run. */
  direct: [LoadResult, LoadResult];
  interleaved: InterleavedResult;
  /** CPU shares over the whole interleaved run (noise = other processes). */
  cpu: CpuShare;
}

export type FreshApi = (logLevel: string, tag: string, instrumented?: boolean) => Promise<{ url: string; child: Child; gw: Target; cpu: () => CpuSnapshot; launch: ApiLaunch }>;

/**
 * Sends one message to a child's IPC profiler (bench/api-instrumented.ts or profiler-hook.mjs) and
 * waits for the reply of the expected type; a profile-error reply or 30 s of silence throws.
 */
export function profilerIpc(child: Child): (msg: object, expect: string) => Promise<unknown> {
  return (msg, expect) => {
    const reply = withTimeout(
      (async () => {
        for (;;) {
          const [m] = (await once(child.proc, 'message')) as [{ type: string; message?: string }];
          if (m.type === expect) return m;
          if (m.type === 'profile-error') throw new Error(`profiler: ${m.message}`);
        }
      })(),
      30_000,
      `profiler ${expect}`,
    );
    child.proc.send(msg);
    return reply;
  };
}

/**
 * A CPU profile of an instrumented api (bench/api-instrumented.ts) while `target` is driven at
 * PROFILE_CONCURRENCY for `durationS`, after a warm-up: only the load window is sampled.
 */
export async function profileRun(
  p: { child: Child; cpu: () => CpuSnapshot },
  target: Target,
  label: string,
  tag: string,
  durationS = DURATION_S,
): Promise<{ g: LoadResult; file: string; text: string }> {
  const ipc = profilerIpc(p.child);
  if (WARMUP_S > 0) await load(target, PROFILE_CONCURRENCY, WARMUP_S, p.cpu);
  log(`profiling the api (${label}) at c=${PROFILE_CONCURRENCY} for ${durationS} s`);
  await ipc({ type: 'profile-start', intervalUs: PROFILE_INTERVAL_US }, 'profile-started');
  const g = await load(target, PROFILE_CONCURRENCY, durationS, p.cpu);
  const file = path.join(OUT_DIR, `api-${tag}-c${PROFILE_CONCURRENCY}.cpuprofile`);
  await ipc({ type: 'profile-stop', file }, 'profile-written');
  const summary = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  const text = [
    `profiled run: ${f0(g.reqPerSec)} req/s, p50 ${f2(g.p50)} ms (sampling every ${PROFILE_INTERVAL_US} µs costs some throughput); api process CPU ${f0(g.cpu.apiPct)}%`,
    formatSummary(summary, g.ok),
  ].join('\n');
  writeFileSync(path.join(OUT_DIR, `profile-summary-${tag}.json`), JSON.stringify({ label, requests: g.ok, ...summary }, null, 2));
  return { g, file, text };
}

/**
 * The routing comparison: one api serving the foundation company and the scenario company; at
 * each concurrency a direct run, an interleaved run of both request kinds (bench/interleaved-load.ts:
 * phases of BENCH_PHASE_MS alternating A B B A, each response counted in the phase it was sent in),
 * and a direct run again. The verdict is read off the per-pair differences of the p50 latency.
 */
export async function compareScenario(scenarioKey: string, direct: Target, freshApi: FreshApi): Promise<boolean> {
  let clean = true;
  const scenarioName = `Gatehouse (${SCENARIO_PROVIDERS} providers${SCENARIO_POLICY ? ' + default policy' : ''})`;
  const api = await freshApi('warn', 'warn-compare', SCENARIO_PROFILE);
  const policyTarget: Target = {
    name: scenarioName,
    url: `${api.url}/api/gateway/execute`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${scenarioKey}` },
    // No providerType: the engine ranks every active provider/model pair of the company.
    body: JSON.stringify({ prompt: PROMPT }),
  };
  await sanityCheck(policyTarget, (b) => {
    if (b.success !== true) return 'not a successful execution';
    if (SCENARIO_POLICY && (b.policyChecked !== true || b.policyName !== 'bench balanced')) return 'the default policy was not applied';
    return null;
  });
  runState.gatewayOk += 1;
  const w = await load(policyTarget, 32, Math.max(WARMUP_S, FRESH_WARMUP_S), api.cpu);
  clean = checkClean(`process warm-up of ${scenarioName}`, w) && clean;
  if (PIN) log(`pinned ${await pinDatabaseBackends()} PostgreSQL backends of ${DB_NAME} to CPU ${PIN_CPUS.rest}`);

  const kinds = [
    { name: 'foundation', headers: api.gw.headers, body: api.gw.body },
    { name: scenarioName, headers: policyTarget.headers, body: policyTarget.body },
  ] as const;
  const apiCpuMs = () => treeCpuMs(scanProcs(), api.child.proc.pid!);
  const interleaved = async (c: number, durationS: number) => {
    const r = await interleavedLoad({
      url: `${api.url}/api/gateway/execute`,
      kinds,
      connections: c,
      durationS,
      phaseMs: PHASE_MS,
      discardMs: PHASE_DISCARD_MS,
      cpuMs: apiCpuMs,
      onInstance: (i) => {
        runState.currentLoad = i;
      },
    });
    runState.gatewayOk += r.total2xx;
    runState.abandonedAtMost += c;
    return r;
  };
  const runs: CompareRun[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const c of CONCURRENCY) {
      const la = os.loadavg() as [number, number, number];
      log(`round ${round} c=${c}: load average ${la.map((l) => l.toFixed(2)).join(' ')}; direct`);
      const d1 = await warmAndMeasure(direct, c, api.cpu, COMPARE_DIRECT_S);
      clean = checkClean(`direct c=${c}`, d1) && clean;
      log(`round ${round} c=${c}: interleaved warm-up ${WARMUP_S} s, then ${DURATION_S} s in phases of ${PHASE_MS} ms`);
      if (WARMUP_S > 0) await interleaved(c, Math.max(WARMUP_S, (4 * PHASE_MS) / 1000));
      const before = api.cpu();
      const r = await interleaved(c, DURATION_S);
      const cpu = cpuShare(before, api.cpu());
      clean = checkCleanInterleaved(`interleaved c=${c}`, r) && clean;
      const d2 = await warmAndMeasure(direct, c, api.cpu, COMPARE_DIRECT_S);
      clean = checkClean(`direct c=${c}`, d2) && clean;
      const extras = r.pairs.map((p) => p.second.p50 - p.first.p50);
      log(
        `round ${round} c=${c}: ${r.pairs.length} pairs; median p50 foundation ${f2(median(r.pairs.map((p) => p.first.p50)))} ms, ` +
          `scenario ${f2(median(r.pairs.map((p) => p.second.p50)))} ms, extra ${f2(median(extras))} ms; noise ${f0(cpu.otherPct)}% cpu`,
      );
      runs.push({ round, concurrency: c, loadavg: la, direct: [d1, d2], interleaved: r, cpu });
    }
  }
  const profiles: string[] = [];
  if (SCENARIO_PROFILE) {
    for (const [kind, target] of [
      ['foundation', api.gw],
      ['policy', policyTarget],
    ] as const) {
      const r = await profileRun(api, target, `${kind} request`, `compare-${kind}`, Math.min(DURATION_S, 20));
      clean = checkClean(`${kind} (profiled) c=${PROFILE_CONCURRENCY}`, r.g) && clean;
      profiles.push(`\nCPU profile of the api, ${kind} request (${r.file}):\n${r.text}`);
    }
  }
  await stopChild(api.child);

  console.log('\n==============================================================================');
  console.log(`Gateway with ${SCENARIO_PROVIDERS} providers${SCENARIO_POLICY ? ' and a default BALANCED policy' : ''} vs the foundation (5 providers, no policy)`);
  console.log(machineLines(describeMachine()));
  console.log(`code: ${gitState()}`);
  console.log(
    `one api process serves both companies; LOG_LEVEL=warn${PIN ? `; api pinned to CPU ${PIN_CPUS.api}, bench, simulator and the database's backends to CPU ${PIN_CPUS.rest}` : ''}.\n` +
      `Interleaved runs of ${DURATION_S} s: phases of ${PHASE_MS} ms alternating foundation/scenario (A B B A ...), requests sent in a\n` +
      `phase's first ${PHASE_DISCARD_MS} ms not counted; a pair = two adjacent phases. "added" = p50 minus the direct p50 (median of the runs\n` +
      'before and after); "extra" = scenario p50 minus foundation p50 of the same pair.\n',
  );
  console.log(
    table(
      ['round', 'conc', 'load avg (1m)', 'direct p50', 'pairs', 'found. p50', 'found. req/s', 'scen. p50', 'scen. req/s', 'extra p50 (median)', 'api µs/req found./scen.', 'noise cpu%'],
      runs.map((r) => {
        const x = r.interleaved;
        return [
          String(r.round),
          String(r.concurrency),
          r.loadavg[0].toFixed(2),
          f2(median(r.direct.map((d) => d.p50))),
          String(x.pairs.length),
          f2(median(x.pairs.map((p) => p.first.p50))),
          f0(kindRate(x.phases, 0)),
          f2(median(x.pairs.map((p) => p.second.p50))),
          f0(kindRate(x.phases, 1)),
          f2(median(x.pairs.map((p) => p.second.p50 - p.first.p50))),
          `${f0(median(x.pairs.map((p) => phaseCpuMicros(p.first))))}/${f0(median(x.pairs.map((p) => phaseCpuMicros(p.second))))}`,
          f0(r.cpu.otherPct),
        ];
      }),
    ),
  );
  const range = (i: ReturnType<typeof medianInterval>, fmt: (x: number) => string) =>
    i ? `[${fmt(i.lo)}, ${fmt(i.hi)}] (${(i.coverage * 100).toFixed(1)}% interval of the median)` : '(too few pairs for an interval)';
  for (const c of CONCURRENCY) {
    const rs = runs.filter((r) => r.concurrency === c);
    const pairs = rs.flatMap((r) => r.interleaved.pairs);
    const directP50 = median(rs.flatMap((r) => r.direct.map((d) => d.p50)));
    const extras = pairs.map((p) => p.second.p50 - p.first.p50);
    const ci = medianInterval(extras);
    const cpuExtras = pairs.map((p) => phaseCpuMicros(p.second) - phaseCpuMicros(p.first)).filter(Number.isFinite);
    const cpuCi = medianInterval(cpuExtras);
    const fAdded = median(pairs.map((p) => p.first.p50)) - directP50;
    const pAdded = median(pairs.map((p) => p.second.p50)) - directP50;
    console.log(`\nc=${c} (${pairs.length} pairs): added p50 foundation ${f2(fAdded)} ms, scenario ${f2(pAdded)} ms (medians over the phases)`);
    console.log(`  extra p50 (scenario − foundation, per pair): median ${f2(median(extras))} ms ${range(ci, f2)}`);
    console.log(
      `  extra api CPU per request (per pair, approximate): median ${f0(median(cpuExtras))} µs ${range(cpuCi, f0)}; × ${c} in flight ≈ ${f2((median(cpuExtras) * c) / 1000)} ms`,
    );
    if (c === TARGET_CONCURRENCY) {
      const verdict = !ci ? 'INCONCLUSIVE' : ci.hi <= TARGET_POLICY_EXTRA_MS ? 'MET' : ci.lo > TARGET_POLICY_EXTRA_MS ? 'NOT MET' : 'INCONCLUSIVE';
      const why =
        verdict === 'MET'
          ? 'the whole interval is within the budget'
          : verdict === 'NOT MET'
            ? 'the whole interval is above the budget'
            : ci
              ? 'the interval straddles the budget: a longer run (BENCH_DURATION_S) or a quieter machine'
              : 'too few pairs: a longer run (BENCH_DURATION_S)';
      console.log(`TARGET extra ≤ ${TARGET_POLICY_EXTRA_MS} ms at c=${c}: ${verdict} (${why})`);
    }
  }
  for (const text of profiles) console.log(text);
  writeFileSync(path.join(OUT_DIR, 'results-compare.json'), JSON.stringify({ providers: SCENARIO_PROVIDERS, policy: SCENARIO_POLICY_JSON, phaseMs: PHASE_MS, runs }, null, 2));
  return clean;
}

export function checkCleanInterleaved(what: string, r: InterleavedResult): boolean {
  if (r.non2xx === 0 && r.errors === 0 && r.timeouts === 0) return true;
  const bar = '!'.repeat(78);
  console.log(`${bar}\n!!! ${what}: ${r.non2xx} NON-2XX responses, ${r.errors} errors, ${r.timeouts} timeouts; status codes ${JSON.stringify(r.statusCodes)}\n${bar}`);
  return false;
}
