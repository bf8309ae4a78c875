import { getEventListeners } from 'node:events';
import { callSignal } from '../../lib/call-signal';

describe('callSignal', () => {
  it('follows its parent while linked and leaves no listener behind once released', () => {
    const parent = new AbortController();
    const calls = Array.from({ length: 50 }, () => callSignal(parent.signal));
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(50);
    // Whatever a library adds to the call's signal stays there, not on the parent.
    for (const c of calls) c.signal?.addEventListener('abort', () => {});
    for (const c of calls.slice(0, 49)) c.release();
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(1);
    parent.abort(new Error('cancelled'));
    expect(calls[49]!.signal?.aborted).toBe(true);
    expect(calls[49]!.signal?.reason).toEqual(new Error('cancelled'));
    expect(calls[0]!.signal?.aborted).toBe(false); // released before the abort: no longer follows
  });

  it('is aborted at once when the parent already is, and absent without a parent', () => {
    const parent = new AbortController();
    parent.abort('gone');
    const c = callSignal(parent.signal);
    expect(c.signal?.aborted).toBe(true);
    expect(c.signal?.reason).toBe('gone');
    c.release();
    const none = callSignal(undefined);
    expect(none.signal).toBeUndefined();
    none.release();
  });
});
