/**
 * The entity-model switch's costs: `npm run bench:entity-model [modelDir]` (default: the tiny test
 * model, test/fixtures/entity-model, built by scripts/build-test-entity-model.ts).
 *
 * (a) load: a fresh EntityModel (services/sanitizer/entity-model.ts, the code the sanitizer runs)
 *     whose first find() reads the directory and opens the ONNX session; its own load time
 *     (last_load_ms) and the process CPU time of the whole first call. The first round also pays
 *     for loading onnxruntime-node's native library and is shown apart.
 * (b) inference: find() on a loaded model over running text of 1 KB, 16 KB and 256 KB (the tiny
 *     model's words mixed with unknown ones), median wall clock and CPU time per call, and the
 *     throughput that gives. The tiny model measures the adapter (tokenizing, windows, tensors,
 *     the runtime's call overhead, decoding), not what a real NER model would cost.
 *
 * BENCH_RUNS (default 15) timed runs after 3 warm-ups. CPU time is this process's, all threads.
 */
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '../lib/logger';
import { EntityModel } from '../services/sanitizer/entity-model';
import { TINY_MODEL_FIXTURE } from '../scripts/build-test-entity-model';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 3;
const directory = path.resolve(process.argv[2] ?? TINY_MODEL_FIXTURE);
const logger = createLogger({ level: 'warn', name: 'bench-entity-model' });
const settings = { directory, threshold: 0.5, idleUnloadSeconds: 3600 };

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since);
  return (d.user + d.system) / 1000;
};

function runningText(bytes: number): string {
  const words = ['Please', 'ask', 'zorblat', 'quimby', 'in', 'brellin', 'about', 'the', 'parcel', 'from', 'glimmerworks;', 'it', 'left', 'Hamburg', 'yesterday.'];
  let out = '';
  for (let i = 0; out.length < bytes; i++) out += `${words[i % words.length]} `;
  return out.slice(0, bytes);
}

async function main() {
  console.log(`entity model ${directory}`);
  console.log(`node ${process.version}, ${os.cpus().length} cpus (${os.cpus()[0]?.model}), load average ${load()}`);

  // (a) load
  const loads: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const model = new EntityModel(settings, logger);
    const cpu = process.cpuUsage();
    await model.find('zorblat');
    const ms = model.status().last_load_ms!;
    loads.push({ ms, cpu: cpuMs(cpu) });
    await model.close();
  }
  const [first] = loads;
  const timed = loads.slice(WARMUP);
  console.log(`\n(a) load (directory read + ONNX session), ${RUNS} runs after ${WARMUP} warm-ups`);
  console.log(`    first ever in this process (native library too): ${first!.ms.toFixed(1)} ms, ${first!.cpu.toFixed(1)} ms CPU for the first call`);
  console.log(`    median: ${median(timed.map((l) => l.ms)).toFixed(1)} ms wall, ${median(timed.map((l) => l.cpu)).toFixed(1)} ms CPU for the first call (load + one inference)`);

  // (b) inference
  const model = new EntityModel(settings, logger);
  console.log(`\n(b) find() on a loaded model, ${RUNS} runs after ${WARMUP} warm-ups (load average ${load()})`);
  for (const size of [1024, 16 * 1024, 256 * 1024]) {
    const text = runningText(size);
    const walls: number[] = [];
    const cpus: number[] = [];
    let found = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      found = (await model.find(text)).length;
      if (i < WARMUP) continue;
      walls.push(performance.now() - t0);
      cpus.push(cpuMs(cpu));
    }
    const wall = median(walls);
    const cpu = median(cpus);
    console.log(
      `    ${String(size / 1024).padStart(4)} KB: ${wall.toFixed(2)} ms wall, ${cpu.toFixed(2)} ms CPU per call; ${(size / 1024 / 1024 / (cpu / 1000)).toFixed(2)} MB/s of CPU; ${found} findings`,
    );
  }
  await model.close();
  console.log(`\nload average at the end ${load()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
