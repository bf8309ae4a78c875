import autocannon from 'autocannon';
import { percentile } from './support';

/**
 * A closed-loop load that alternates between two kinds of request in short phases, for comparing
 * two request kinds on one server when the machine's speed drifts by more than the difference
 * being measured (a shared 2-core VM drifts by ±30% over tens of seconds).
 *
 * All connections send kind A for one phase, then kind B, in the order A B B A A B B A ... (so a
 * linear drift cancels within every four phases). Each response is attributed to the phase in
 * which its request was *sent*; requests sent in the first `discardMs` of a phase are not counted,
 * because they may queue behind requests of the other kind sent just before the switch. Adjacent
 * phases form a pair (A, B), and the comparison is read off the distribution of the per-pair
 * differences: both halves of a pair ran within about a second of each other. The first four
 * phases settle the run and are not paired (see settlePhases).
 *
 * The api's CPU time is sampled at every phase boundary (the caller's `cpuMs`, e.g. from /proc),
 * so CPU per request can be compared per pair too (approximately: the few milliseconds after a
 * switch still finish the other kind's requests).
 */

export interface InterleavedKind {
  name: string;
  headers: Record<string, string>;
  body: string;
}

export interface Phase {
  index: number;
  /** 0 = the first kind, 1 = the second. */
  kind: 0 | 1;
  /** 2xx responses to requests sent in the phase. */
  ok: number;
  /** Of those, the ones whose latency counts (sent after the discard window of the phase). */
  samples: number;
  p50: number;
  p99: number;
  /** Responses that completed during the phase (any kind), for CPU per request. */
  completed: number;
  /** CPU time of the api during the phase, in ms. */
  apiCpuMs: number;
  durationMs: number;
}

export interface PhasePair {
  /** The phase of the first kind and the adjacent phase of the second kind. */
  first: Phase;
  second: Phase;
}

export interface InterleavedResult {
  phases: Phase[];
  pairs: PhasePair[];
  /** Every 2xx response of the run (the last, partial phase included). */
  total2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** The kind of each phase: A B B A, repeated. */
const PATTERN = [0, 1, 1, 0] as const;

export function phaseKind(index: number): 0 | 1 {
  return PATTERN[index % PATTERN.length]!;
}

export async function interleavedLoad(opts: {
  url: string;
  kinds: readonly [InterleavedKind, InterleavedKind];
  connections: number;
  durationS: number;
  phaseMs: number;
  discardMs: number;
  /** The api's CPU time so far, in ms (sampled at every phase boundary). */
  cpuMs: () => number;
  /** The running instance, so the caller can stop it on Ctrl-C. */
  onInstance?: (instance: autocannon.Instance | null) => void;
}): Promise<InterleavedResult> {
  const { phaseMs, discardMs, kinds } = opts;
  if (discardMs >= phaseMs) throw new RangeError('discardMs must be shorter than phaseMs');
  const phaseCount = Math.floor((opts.durationS * 1000) / phaseMs);
  const latencies: number[][] = Array.from({ length: phaseCount + 1 }, () => []);
  const completed = new Array<number>(phaseCount + 1).fill(0);
  const okByPhase = new Array<number>(phaseCount + 1).fill(0);
  const cpuAt: Array<{ t: number; cpu: number }> = [];
  const t0 = performance.now();
  const phaseAt = (t: number) => Math.floor((t - t0) / phaseMs);

  // CPU samples at the phase boundaries; each timer is set from t0, so the error does not add up.
  let timer: NodeJS.Timeout | null = null;
  const sampleCpu = (k: number) => {
    cpuAt[k] = { t: performance.now(), cpu: opts.cpuMs() };
    if (k < phaseCount) timer = setTimeout(() => sampleCpu(k + 1), Math.max(0, t0 + (k + 1) * phaseMs - performance.now()));
  };
  sampleCpu(0);

  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        connections: opts.connections,
        duration: opts.durationS,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const phase = phaseAt(performance.now());
              const kind = kinds[phaseKind(Math.max(0, phase))]!;
              return { ...req, headers: kind.headers, body: kind.body };
            },
          },
        ],
      },
      (err, res) => {
        opts.onInstance?.(null);
        if (err) reject(err);
        else resolve(res);
      },
    );
    opts.onInstance?.(instance);
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      const now = performance.now();
      const done = phaseAt(now);
      if (done >= 0 && done <= phaseCount) completed[done]! += 1;
      if (statusCode < 200 || statusCode >= 300) return;
      const sent = now - responseTime - t0;
      const phase = Math.floor(sent / phaseMs);
      if (phase < 0 || phase >= phaseCount) return;
      okByPhase[phase]! += 1;
      if (sent - phase * phaseMs < discardMs) return;
      latencies[phase]!.push(responseTime);
    });
  });
  if (timer) clearTimeout(timer);

  const phases: Phase[] = [];
  // The last phase is left out: its requests may have been cut off when the run ended.
  for (let k = 0; k < phaseCount - 1; k++) {
    const sorted = Float64Array.from(latencies[k]!).sort();
    const from = cpuAt[k];
    const to = cpuAt[k + 1];
    phases.push({
      index: k,
      kind: phaseKind(k),
      ok: okByPhase[k]!,
      samples: sorted.length,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      completed: completed[k]!,
      apiCpuMs: from && to ? to.cpu - from.cpu : Number.NaN,
      durationMs: from && to ? to.t - from.t : Number.NaN,
    });
  }
  const pairs: PhasePair[] = [];
  // The first phases only settle the run (new connections, the previous run's garbage): not paired.
  for (let k = settlePhases(phases.length); k + 1 < phases.length; k += 2) {
    const [a, b] = [phases[k]!, phases[k + 1]!];
    pairs.push(a.kind === 0 ? { first: a, second: b } : { first: b, second: a });
  }
  const statusCodes: Record<string, number> = {};
  for (const [code, s] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (s as { count: number }).count;
  return { phases, pairs, total2xx: result['2xx'], non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, statusCodes };
}

/** Phases at the start of a run left out of the pairs: four (two pairs), or none in a very short run. */
export function settlePhases(phaseCount: number): number {
  return phaseCount >= 12 ? 4 : 0;
}

/** 2xx answers per second over the phases of one kind. */
export function kindRate(phases: readonly Phase[], kind: 0 | 1): number {
  const of = phases.filter((p) => p.kind === kind);
  const seconds = of.reduce((sum, p) => sum + p.durationMs, 0) / 1000;
  return seconds > 0 ? of.reduce((sum, p) => sum + p.ok, 0) / seconds : Number.NaN;
}

/** CPU µs per request of a phase (NaN when the phase's CPU could not be sampled). */
export function phaseCpuMicros(p: Phase): number {
  return p.completed ? (p.apiCpuMs * 1000) / p.completed : Number.NaN;
}
