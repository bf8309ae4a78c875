/**
 * The tables printed at the end of a run.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  ROOT,
  type Machine,
  table,
} from '../support';

import type { ApiMetrics, LoadResult } from './load';

export interface Row {
  concurrency: number;
  direct: LoadResult;
  gateway: LoadResult;
  metrics: ApiMetrics;
}

export const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
export const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : 'n/a');
export const pctOf = (n: number) => (Number.isFinite(n) ? `${(100 * n).toFixed(0)}%` : 'n/a');

export function mainTable(rows: Row[]): string {
  return table(
    ['conc', 'direct p50', 'direct p99', 'direct req/s', 'gw p50', 'gw p99', 'gw req/s', 'added p50', 'added p99', 'in-process overhead', 'api adds (Koa)', 'api CPU µs/req', 'non-2xx', 'noise cpu%'],
    rows.map((r) => [
      String(r.concurrency),
      f2(r.direct.p50),
      f2(r.direct.p99),
      f0(r.direct.reqPerSec),
      f2(r.gateway.p50),
      f2(r.gateway.p99),
      f0(r.gateway.reqPerSec),
      f2(r.gateway.p50 - r.direct.p50),
      f2(r.gateway.p99 - r.direct.p99),
      f2(r.metrics.overheadMeanMs),
      f2(r.metrics.httpMeanMs - r.metrics.providerMeanMs),
      f0((r.gateway.cpu.apiPct * 10_000) / r.gateway.reqPerSec),
      String(r.direct.non2xx + r.direct.errors + r.gateway.non2xx + r.gateway.errors),
      `${f0(r.direct.cpu.otherPct)}/${f0(r.gateway.cpu.otherPct)}`,
    ]),
  );
}

export function detailTable(rows: Row[]): string {
  return table(
    ['conc', 'direct mean', 'gw mean', 'added mean', 'autocannon p50/p99 direct', 'autocannon p50/p99 gw', 'overhead ≤0.5/1/2 ms', 'cpu% api/sim/bench/pg/OTHER (gw)', 'cpu% sim/bench/OTHER (direct)'],
    rows.map((r) => [
      String(r.concurrency),
      f2(r.direct.mean),
      f2(r.gateway.mean),
      f2(r.gateway.mean - r.direct.mean),
      `${r.direct.autocannonP50}/${r.direct.autocannonP99}`,
      `${r.gateway.autocannonP50}/${r.gateway.autocannonP99}`,
      `${pctOf(r.metrics.overheadLe['0.0005']!)}/${pctOf(r.metrics.overheadLe['0.001']!)}/${pctOf(r.metrics.overheadLe['0.002']!)}`,
      `${f0(r.gateway.cpu.apiPct)}/${f0(r.gateway.cpu.simPct)}/${f0(r.gateway.cpu.benchPct)}/${f0(r.gateway.cpu.pgPct)}/${f0(r.gateway.cpu.otherPct)}`,
      `${f0(r.direct.cpu.simPct)}/${f0(r.direct.cpu.benchPct)}/${f0(r.direct.cpu.otherPct)}`,
    ]),
  );
}

export function machineLines(m: Machine): string {
  return [`machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB RAM`, `         Node ${m.node}, ${m.os}`].join('\n');
}

/** The code measured: HEAD plus the files changed in the working tree (others edit concurrently). */
export function gitState(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map((l) => l.slice(3));
    return dirty.length ? `${head} + uncommitted changes in ${dirty.join(', ')}` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function autocannonVersion(): string {
  try {
    return (JSON.parse(readFileSync(require.resolve('autocannon/package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return '';
  }
}

