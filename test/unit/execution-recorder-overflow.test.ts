import type { Db } from '../../db/connection';
import { ExecutionRecorder } from '../../services/gateway/execution-recorder';
import { executionRecord } from '../support/execution-records';
import type { Logger } from '../../lib/logger';

/**
 * With the database unreachable for long, the recorder keeps the newest 100,000 records and drops
 * the oldest. It must say so, but not once per request: at 1,000 requests a second that would be
 * 1,000 error lines a second. (No flush happens here: maxRows is never reached and no timer runs,
 * so the database is never touched.)
 */
const record = () => executionRecord();

describe('execution buffer overflow', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps the newest 100,000 records and logs the drops at most every 10 s, with their count', () => {
    const lines: Array<{ dropped: number; buffered: number }> = [];
    const logger = { error: (obj: { dropped: number; buffered: number }) => lines.push(obj) } as unknown as Logger;
    const recorder = new ExecutionRecorder({} as Db, logger, { flushIntervalMs: 1000, maxRows: Number.MAX_SAFE_INTEGER });
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);

    for (let i = 0; i < 100_000; i++) recorder.record(record());
    expect(recorder.pending).toBe(100_000);
    expect(lines).toHaveLength(0);

    for (let i = 0; i < 5_000; i++) recorder.record(record());
    expect(recorder.pending).toBe(100_000);
    expect(lines).toEqual([{ dropped: 1, buffered: 100_000 }]);

    now += 10_000;
    recorder.record(record());
    expect(lines).toEqual([
      { dropped: 1, buffered: 100_000 },
      { dropped: 5_000, buffered: 100_000 },
    ]);
  });
});
