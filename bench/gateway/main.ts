/**
 * `npm run bench:gateway` (entry point; the parts live beside this file): the latency Gatehouse adds to an AUTONOMOUS execute over calling the
 * provider (the simulator) directly. See docs/PERFORMANCE.md for what is measured and how.
 *
 * Environment:
 *   BENCH_DURATION_S        seconds per measured run (default 10)
 *   BENCH_WARMUP_S          seconds of warm-up before each measured run (default 3)
 *   BENCH_CONCURRENCY       comma-separated connection counts (default 1,32,128)
 *   BENCH_INFO_CONCURRENCY  concurrencies re-measured with LOG_LEVEL=info (default 1,32; "" skips)
 *   BENCH_PROFILE           0 skips the CPU profiles of the api under load (default 1)
 *   BENCH_PROFILES          one profiled api per entry LOG_LEVEL[:variant] (default warn,info,warn:http-adapter)
 *   BENCH_PROFILE_CONCURRENCY  concurrency of the profiled run (default 32)
 *   BENCH_MAX_NOISE_PCT     a run during which other processes used more CPU than this (% of one core)
 *                           is repeated, up to BENCH_NOISE_RETRIES (default 25 and 3)
 *   BENCH_PROFILE_INTERVAL_US  V8 sampling interval (default 1000, V8's own default)
 *   BENCH_VARIANTS          what-if apis, measured like the real one; each is `+`-joined parts:
 *                           http-adapter (provider calls over node:http, not the openai SDK),
 *                           cluster-N (N api processes), or node flags (--max-semi-space-size=64).
 *                           Default http-adapter,--max-semi-space-size=64,cluster-2,http-adapter+cluster-2;
 *                           "" skips
 *   BENCH_VARIANT_CONCURRENCY  concurrencies of the what-if runs (default 1,32)
 *   BENCH_ADMIN_DATABASE_URL   where to CREATE/DROP the bench database
 *                           (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_OUT_DIR           logs, profile and results.json (default $TMPDIR/gatehouse-bench-<ts>)
 *
 *   BENCH_PIN               1: the api on the last CPU alone, the bench and the simulator on the others (taskset);
 *                           default 1 in the routing comparison when possible, else 0
 *
 * Routing scenario (issue 3): `npm run bench:gateway -- --providers 20 --policy [--rounds N] [--profile]`
 * seeds a second company with N active simulator providers (all OPENAI-compatible, so the provider
 * call costs what the foundation's does) and a saved company-default BALANCED policy with hard
 * constraints, a geofence and weights; its requests name no provider type, so every one runs the
 * engine's full filter + score path over all N providers' models, the breaker gate and the
 * gateway.executed hook. One api process serves both companies. Each round, at every concurrency
 * (BENCH_CONCURRENCY, default 32 in this mode), measures direct, then one interleaved run of both
 * request kinds (bench/interleaved-load.ts; BENCH_DURATION_S default 300, BENCH_WARMUP_S 5,
 * BENCH_PHASE_MS 500, BENCH_PHASE_DISCARD_MS 100), then direct again. The verdict comes from the
 * per-pair differences: MET when a 95% interval of their median is within the budget, NOT MET when
 * it is above, INCONCLUSIVE otherwise. The info, variant and profile runs are skipped; `--profile`
 * adds a CPU profile of the same api for a foundation and a policy request after the rounds.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomToken } from '../../lib/crypto';
import {
  describeMachine,
  killAllChildrenNow,
  stopAllChildren,
  stopChild,
} from '../support';

import { cpuSnapshot, machineCpuMs } from './cpu';
import { type Ctx, PIN_CPUS, apiLaunch, directTarget, gatewayTarget, pinTo, quietly, sanityCheck, startApiChild, startSimulator, warmAndMeasure } from './processes';
import { COMPARE, CONCURRENCY, DB_NAME, DURATION_S, FRESH_WARMUP_S, INFO_CONCURRENCY, OUT_DIR, PIN, PROFILES, PROFILE_CONCURRENCY, TARGET_ADDED_P50_MS, TARGET_CONCURRENCY, VARIANTS, VARIANT_CONCURRENCY, WARMUP_S, fail, log } from './config';
import { countExecutions, createDatabase, dbUrl, dropDatabase, seed } from './database';
import { compareScenario, profileRun } from './routing-compare';
import { type Row, autocannonVersion, detailTable, f0, f2, gitState, machineLines, mainTable } from './report';
import { NO_METRICS, apiMetricsDelta, checkClean, load, runState } from './load';


let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    runState.currentLoad?.stop();
    await stopAllChildren();
    try {
      await dropDatabase();
    } catch (err) {
      console.error(`bench: could not drop database ${DB_NAME}: ${err instanceof Error ? err.message : err}`);
    }
  })();
  return cleaning;
}

process.on('exit', killAllChildrenNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}: stopping children and dropping the database`);
    const force = setTimeout(() => process.exit(130), 15_000);
    force.unref();
    cleanup().finally(() => process.exit(130));
  });
}

async function main(): Promise<void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const machine = describeMachine();
  const code = gitState();
  console.log('Gatehouse gateway benchmark: latency added to an AUTONOMOUS execute over a direct provider call');
  console.log(machineLines(machine));
  console.log(`code: ${code}`);
  console.log(`runs: ${DURATION_S} s measured after ${WARMUP_S} s warm-up, concurrency ${CONCURRENCY.join(', ')}; api LOG_LEVEL=warn (info re-run at ${INFO_CONCURRENCY.join(', ') || 'none'})`);
  console.log(`logs and results: ${OUT_DIR}\n`);

  const m0 = machineCpuMs();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const background = (machineCpuMs().busy - m0.busy) / 20; // % of one core over 2 s
  const loadavg = os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`background CPU before start: ${background.toFixed(0)}% of one core (load average ${loadavg})`);
  if (background > 15) console.log('!!! other processes are busy on this machine: figures will be noisy (see the "noise cpu%" column) !!!');
  if (PIN) {
    if (os.cpus().length < 2) fail('BENCH_PIN=1 needs at least 2 CPUs');
    // Before the simulator starts, so it inherits the bench's CPUs.
    pinTo(process.pid, PIN_CPUS.rest);
    console.log(`pinned: api on CPU ${PIN_CPUS.api}; bench (autocannon), simulator${COMPARE ? " and the bench database's PostgreSQL backends" : ''} on CPU ${PIN_CPUS.rest}`);
  }
  log(`creating database ${DB_NAME}`);
  await createDatabase();
  const databaseUrl = dbUrl(DB_NAME);
  const encryptionKey = Buffer.from(randomToken('', 32)).toString('base64');

  log('starting simulator (node --import tsx simulator/main.ts)');
  const sim = await startSimulator();
  log(`simulator on ${sim.url}; migrating and seeding`);
  const seeded = await seed(databaseUrl, encryptionKey, sim.url);
  const ctx: Ctx = { simulator: sim.child, simulatorUrl: sim.url, databaseUrl, encryptionKey, gatewayKey: seeded.gatewayKey };

  const direct = directTarget(ctx);
  await sanityCheck(direct, (b) => (Array.isArray(b.choices) ? null : 'no choices'));
  let clean = true;

  /** Starts an api child, checks one execute end to end, and warms a fresh process (JIT, pools). */
  const freshApi = async (logLevel: string, tag: string, instrumented = false, variant = '') => {
    const launch = apiLaunch(variant, instrumented);
    log(`starting api (${launch.describe}, LOG_LEVEL=${logLevel})`);
    const api = await startApiChild(ctx, logLevel, tag.replace(/[^A-Za-z0-9_.=+-]/g, '_'), launch);
    const gw = gatewayTarget(ctx, api.url);
    await sanityCheck(gw, (b) => {
      const provider = b.provider as { type?: string } | undefined;
      return b.success === true && provider?.type === 'OPENAI' ? null : 'not a successful OPENAI execution';
    });
    runState.gatewayOk += 1;
    const cpu = () => cpuSnapshot(api.child, sim.child);
    const w = await load(gw, 32, Math.max(WARMUP_S, FRESH_WARMUP_S), cpu);
    clean = checkClean(`process warm-up of api (${tag})`, w) && clean;
    return { ...api, gw, cpu, launch };
  };

  /** Warm-up at the run's concurrency, then the measured run with the api's metrics around it. */
  const measureGateway = async (api: Awaited<ReturnType<typeof freshApi>>, c: number, what: string) => {
    if (WARMUP_S > 0) {
      const w = await load(api.gw, c, WARMUP_S, api.cpu);
      checkClean(`warm-up of ${what} at c=${c}`, w);
    }
    const r = await quietly(
      `${what} c=${c}`,
      () =>
        api.launch.metrics
          ? apiMetricsDelta(`${api.url}/metrics`, () => load(api.gw, c, DURATION_S, api.cpu))
          : load(api.gw, c, DURATION_S, api.cpu).then((l) => ({ load: l, metrics: NO_METRICS })),
      (x) => x.load.cpu.otherPct,
    );
    clean = checkClean(`${what} c=${c}`, r.load) && clean;
    return r;
  };

  if (COMPARE && seeded.scenario) {
    clean = (await compareScenario(seeded.scenario.gatewayKey, direct, freshApi)) && clean;
    const written = await countExecutions(databaseUrl);
    const recordsOk = written >= runState.gatewayOk && written <= runState.gatewayOk + runState.abandonedAtMost;
    console.log(
      `execution records written: ${written} for ${runState.gatewayOk} 2xx gateway responses (+ up to ${runState.abandonedAtMost} abandoned in flight)${recordsOk ? '' : '  <-- MISMATCH'}`,
    );
    if (!clean) {
      console.log('\n!!! SOME RESPONSES WERE NOT 2XX OR FAILED: the figures above are suspect. !!!');
      process.exitCode = 3;
    }
    return;
  }

  const rows: Row[] = [];
  let api = await freshApi('warn', 'warn');
  for (const c of CONCURRENCY) {
    log(`c=${c}: direct`);
    const d = await warmAndMeasure(direct, c, api.cpu);
    clean = checkClean(`direct c=${c}`, d) && clean;
    log(`c=${c}: direct p50 ${f2(d.p50)} ms p99 ${f2(d.p99)} ms ${f0(d.reqPerSec)} req/s; gateway`);
    const { load: g, metrics } = await measureGateway(api, c, 'Gatehouse');
    log(`c=${c}: gateway p50 ${f2(g.p50)} ms p99 ${f2(g.p99)} ms ${f0(g.reqPerSec)} req/s; in-process overhead ${f2(metrics.overheadMeanMs)} ms; noise ${f0(g.cpu.otherPct)}% cpu`);
    rows.push({ concurrency: c, direct: d, gateway: g, metrics });
  }
  await stopChild(api.child);

  // The same runs with access logs on: what one info line per request costs.
  const infoRows: Row[] = [];
  if (INFO_CONCURRENCY.length) {
    api = await freshApi('info', 'info');
    for (const c of INFO_CONCURRENCY) {
      const { load: g, metrics } = await measureGateway(api, c, 'Gatehouse (LOG_LEVEL=info)');
      const d = rows.find((r) => r.concurrency === c)?.direct ?? (await warmAndMeasure(direct, c, api.cpu));
      log(`c=${c} (info): gateway p50 ${f2(g.p50)} ms ${f0(g.reqPerSec)} req/s`);
      infoRows.push({ concurrency: c, direct: d, gateway: g, metrics });
    }
    await stopChild(api.child);
  }

  // What-if apis: the same app with one piece swapped (bench/api-instrumented.ts), measured alike.
  const variantRows: Array<Row & { variant: string }> = [];
  for (const variant of VARIANTS) {
    api = await freshApi('warn', `variant-${variant}`, false, variant);
    for (const c of VARIANT_CONCURRENCY) {
      const { load: g, metrics } = await measureGateway(api, c, `Gatehouse (variant ${variant})`);
      const d = rows.find((r) => r.concurrency === c)?.direct ?? (await warmAndMeasure(direct, c, api.cpu));
      log(`c=${c} (variant ${variant}): gateway p50 ${f2(g.p50)} ms ${f0(g.reqPerSec)} req/s`);
      variantRows.push({ variant, concurrency: c, direct: d, gateway: g, metrics });
    }
    await stopChild(api.child);
  }

  // CPU profiles of the api under load, covering only the measured window.
  const profiles: Array<{ label: string; file: string; text: string }> = [];
  for (const { logLevel, variant } of PROFILES) {
    const label = `LOG_LEVEL=${logLevel}${variant ? `, variant ${variant}` : ''}`;
    const tag = `profiled-${logLevel}${variant ? `-${variant}` : ''}`;
    const p = await freshApi(logLevel, tag, true, variant);
    const { g, file, text } = await profileRun(p, p.gw, label, tag);
    clean = checkClean(`Gatehouse (profiled, ${label}) c=${PROFILE_CONCURRENCY}`, g) && clean;
    await stopChild(p.child);
    profiles.push({ label, file, text });
  }

  const written = await countExecutions(databaseUrl);

  // ------------------------------------------------------------------ report
  console.log('\n==============================================================================');
  console.log('Gatehouse gateway benchmark');
  console.log(machineLines(machine));
  console.log(`code: ${code}`);
  console.log(`load: autocannon ${autocannonVersion()} in the bench process, ${DURATION_S} s per run after ${WARMUP_S} s warm-up;`);
  console.log('      simulator and api are separate node --import tsx child processes; all share the same cores.');
  console.log('latencies in ms, exact (from each response\'s own timing); "added" = gateway minus direct at the same concurrency.');
  console.log('"in-process overhead" = mean of gatehouse_gateway_overhead_seconds (execute() total minus provider call);');
  console.log('"api adds (Koa)" = mean route duration minus mean provider call, from the api\'s own histograms.');
  console.log('"api CPU µs/req" = the api process\'s CPU time (all threads, from /proc) per 2xx response during the run.');
  console.log('"noise cpu%" = CPU used by other processes on the machine during the direct/gateway run (100 = one core).\n');
  console.log('api LOG_LEVEL=warn (no access log lines):');
  console.log(mainTable(rows));
  console.log('');
  console.log(detailTable(rows));
  if (infoRows.length) {
    console.log('\napi LOG_LEVEL=info (one access log line per request, written to a file); direct figures from the warn runs:');
    console.log(mainTable(infoRows));
    for (const r of infoRows) {
      const base = rows.find((x) => x.concurrency === r.concurrency);
      if (base) {
        console.log(
          `  c=${r.concurrency}: access logs cost ${f2(r.gateway.p50 - base.gateway.p50)} ms at p50, ${f0(base.gateway.reqPerSec - r.gateway.reqPerSec)} req/s (${f0((100 * (base.gateway.reqPerSec - r.gateway.reqPerSec)) / base.gateway.reqPerSec)}%)`,
        );
      }
    }
  }

  for (const variant of VARIANTS) {
    const vr = variantRows.filter((r) => r.variant === variant);
    console.log(`\nwhat-if variant "${variant}" (${apiLaunch(variant, false).describe}, LOG_LEVEL=warn); direct figures from the main runs:`);
    console.log(mainTable(vr));
    for (const r of vr) {
      const base = rows.find((x) => x.concurrency === r.concurrency);
      if (base) {
        console.log(
          `  c=${r.concurrency}: p50 ${f2(base.gateway.p50)} → ${f2(r.gateway.p50)} ms, ${f0(base.gateway.reqPerSec)} → ${f0(r.gateway.reqPerSec)} req/s (${r.gateway.reqPerSec >= base.gateway.reqPerSec ? '+' : ''}${f0((100 * (r.gateway.reqPerSec - base.gateway.reqPerSec)) / base.gateway.reqPerSec)}%)`,
        );
      }
    }
  }

  const target = rows.find((r) => r.concurrency === TARGET_CONCURRENCY);
  if (target) {
    const added = target.gateway.p50 - target.direct.p50;
    const met = added <= TARGET_ADDED_P50_MS;
    console.log(
      `\nTARGET p50 added ≤ ${TARGET_ADDED_P50_MS} ms at c=${TARGET_CONCURRENCY}: ${met ? 'MET' : 'NOT MET'} (added p50 ${f2(added)} ms; gateway ${f0(target.gateway.reqPerSec)} req/s)`,
    );
  }
  console.log('peer (docs: ../shared/NOTES.md): Portkey 1.15.2 on 2 cores adds 1.7 ms at c=1 (433 req/s); c=32: p50 43 ms, 693 req/s.');
  const recordsOk = written >= runState.gatewayOk && written <= runState.gatewayOk + runState.abandonedAtMost;
  console.log(
    `execution records written: ${written} for ${runState.gatewayOk} 2xx gateway responses (+ up to ${runState.abandonedAtMost} requests abandoned in flight at the end of runs)${recordsOk ? '' : '  <-- MISMATCH: the recorder lost or duplicated records'}`,
  );
  if (!clean) console.log('\n!!! SOME RESPONSES WERE NOT 2XX OR FAILED: the figures above are suspect. See the warnings above. !!!');
  for (const p of profiles) {
    console.log(`\nCPU profile of the api, ${p.label} (${p.file}):`);
    console.log(p.text);
  }
  writeFileSync(path.join(OUT_DIR, 'results.json'), JSON.stringify({ machine, code, durationS: DURATION_S, warmupS: WARMUP_S, rows, infoRows, variantRows, written, gatewayOk: runState.gatewayOk }, null, 2));
  if (!clean) process.exitCode = 3;
}

main()
  .catch((err) => {
    console.error(`\nbench failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
    process.exitCode = 1;
  })
  .finally(() => cleanup())
  .finally(() => process.exit(process.exitCode ?? 0));

