import { Context } from '@temporalio/activity';

/**
 * Runs an activity's body while heartbeating every few seconds, for the batch activities the
 * workflow proxies with a heartbeatTimeout (workflows/batch.ts). The heartbeat then means "this
 * worker is alive", not "the work moved": a slow provider (an upload of 50,000 lines, a call
 * waiting out its timeout) is not mistaken for a dead worker, while a worker that dies (SIGKILL,
 * OOM, lost host) stops heartbeating and Temporal retries the activity on another worker within
 * the heartbeatTimeout instead of after the whole startToCloseTimeout. The SDK throttles the
 * heartbeats it sends to 80% of the heartbeatTimeout, so calling more often costs nothing.
 */
const KEEP_ALIVE_MS = 3_000;

export async function withKeepAlive<T>(body: () => Promise<T>): Promise<T> {
  const ctx = Context.current();
  const timer = setInterval(() => ctx.heartbeat(), KEEP_ALIVE_MS);
  try {
    return await body();
  } finally {
    clearInterval(timer);
  }
}
