/**
 * CPU accounting from /proc: how much of the two cores the api, the simulator and everything else used during a run.
 */
import { readdirSync, readFileSync, } from 'node:fs';
import type {
  Child,
} from '../support';



export const CLK_TCK = 100;

export interface ProcInfo {
  ppid: number;
  comm: string;
  cpuMs: number;
}

/** Every process's parent, name and CPU time (utime + stime), from /proc. */
export function scanProcs(): Map<number, ProcInfo> {
  const out = new Map<number, ProcInfo>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      out.set(Number(entry), {
        ppid: Number(fields[1]),
        comm: stat.slice(stat.indexOf('(') + 1, close),
        cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK,
      });
    } catch {
      // the process went away
    }
  }
  return out;
}

/** CPU time of a process and all its descendants (cluster workers). */
export function treeCpuMs(procs: Map<number, ProcInfo>, root: number): number {
  if (!procs.has(root)) return Number.NaN;
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += procs.get(pid)?.cpuMs ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** Machine-wide busy and steal time (all cores), in ms, from the first line of /proc/stat. */
export function machineCpuMs(): { busy: number; steal: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = f;
    return { busy: ((user + nice + system + irq + softirq) * 1000) / CLK_TCK, steal: (steal * 1000) / CLK_TCK };
  } catch {
    return { busy: Number.NaN, steal: Number.NaN };
  }
}

export interface CpuSnapshot {
  at: number;
  api: number;
  sim: number;
  bench: number;
  pg: number;
  machine: number;
  steal: number;
}

export function cpuSnapshot(api: Child | null, sim: Child): CpuSnapshot {
  const u = process.cpuUsage();
  const procs = scanProcs();
  let pg = 0;
  for (const p of procs.values()) if (p.comm === 'postgres') pg += p.cpuMs;
  return {
    at: performance.now(),
    api: api?.proc.pid ? treeCpuMs(procs, api.proc.pid) : Number.NaN,
    sim: sim.proc.pid ? treeCpuMs(procs, sim.proc.pid) : Number.NaN,
    bench: (u.user + u.system) / 1000,
    pg,
    ...(({ busy, steal }) => ({ machine: busy, steal }))(machineCpuMs()),
  };
}

export interface CpuShare {
  apiPct: number;
  /** The api's CPU time over the run (ms, all threads): per 2xx answer, the most load-robust figure. */
  apiMs: number;
  simPct: number;
  benchPct: number;
  pgPct: number;
  /** Everything else on the machine (other people's builds and tests): noise. */
  otherPct: number;
  stealPct: number;
}

export function cpuShare(a: CpuSnapshot, b: CpuSnapshot): CpuShare {
  const wall = b.at - a.at;
  const pct = (x: number, y: number) => (100 * (y - x)) / wall;
  const ours = (Number.isFinite(a.api) ? b.api - a.api : 0) + (b.sim - a.sim) + (b.bench - a.bench) + (b.pg - a.pg);
  return {
    apiPct: pct(a.api, b.api),
    apiMs: b.api - a.api,
    simPct: pct(a.sim, b.sim),
    benchPct: pct(a.bench, b.bench),
    pgPct: pct(a.pg, b.pg),
    otherPct: Math.max(0, (100 * (b.machine - a.machine - ours)) / wall),
    stealPct: pct(a.steal, b.steal),
  };
}

