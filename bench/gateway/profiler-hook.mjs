/**
 * A V8 CPU profiler that a parent process switches on and off over IPC, loaded into ANY version's
 * api with `node --import <this file>` (plain JavaScript, no tsx, nothing from the tree it runs in),
 * so bench:gateway:ab can profile the baseline commit and this checkout under the same load:
 *
 *   parent → { type: 'profile-start', intervalUs }   child → { type: 'profile-started' }
 *   parent → { type: 'profile-stop', file }          child → { type: 'profile-written', file }
 *
 * Only the window between start and stop is sampled (no start-up, compilation or warm-up). Without
 * an IPC channel (process.send undefined) it does nothing.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

if (process.send) {
  let session = null;
  // GC pauses during the window, by kind (count and ms), and the heap at its end: the profile's
  // "(garbage collector)" says how much, this says which collector and whether the heap grew.
  let gc = null;
  let observer = null;
  const post = (method, params = {}) =>
    new Promise((resolve, reject) => {
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result)));
    });
  const onMessage = async (msg) => {
    if (msg?.type === 'profile-start') {
      session = new Session();
      session.connect();
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: msg.intervalUs ?? 1000 });
      await post('Profiler.start');
      gc = {};
      observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const kind = GC_KINDS[e.detail?.kind ?? e.kind] ?? 'other';
          gc[kind] ??= { count: 0, ms: 0 };
          gc[kind].count++;
          gc[kind].ms += e.duration;
        }
      });
      observer.observe({ entryTypes: ['gc'] });
      process.send({ type: 'profile-started' });
    } else if (msg?.type === 'profile-stop' && session) {
      const { profile } = await post('Profiler.stop');
      observer?.disconnect();
      writeFileSync(msg.file, JSON.stringify(profile));
      await post('Profiler.disable');
      session.disconnect();
      session = null;
      process.send({ type: 'profile-written', file: msg.file, gc, heapUsedMb: process.memoryUsage().heapUsed / 2 ** 20 });
    }
  };
  process.on('message', (msg) => {
    onMessage(msg).catch((err) => process.send({ type: 'profile-error', message: String(err) }));
  });
  // The IPC channel must not keep an api alive that has been told to stop.
  process.channel?.unref();
}
