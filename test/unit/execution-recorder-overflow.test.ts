import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/connection';
import { type ExecutionRecord, ExecutionRecorder } from '../../services/gateway/execution-recorder';
import type { Logger } from '../../lib/logger';

/**
 * With the database unreachable for long, the recorder keeps the newest 100,000 records and drops
 * the oldest. It must say so, but not once per request: at 1,000 requests a second that would be
 * 1,000 error lines a second. (No flush happens here: maxRows is never reached and no timer runs,
 * so the database is never touched.)
 */
function record(): ExecutionRecord {
  return {
    id: randomUUID(),
    companyId: randomUUID(),
    apiKeyId: null,
    userId: null,
    mode: 'AUTONOMOUS',
    status: 'SUCCESS',
    providerId: null,
    providerType: 'OPENAI',
    providerName: 'p',
    model: 'm',
    promptTokens: 1,
    completionTokens: 1,
    totalTokens: 2,
    costUsd: 0,
    latencyMs: 1,
    providerLatencyMs: 1,
    finishReason: 'stop',
    errorCode: null,
    errorMessage: null,
    traceId: null,
    attempts: [],
    metadata: {},
    createdAt: new Date(),
  };
}

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
