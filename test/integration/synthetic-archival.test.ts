import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Synthetic archival (issue 13, part 6) through the workflow: statistics, dryRun changes nothing,
 * archive aggregates (in chunks of two here), exports under the data directory and deletes,
 * enforceLimit deletes only the oldest entries above 50,000; SYNTHETIC_OPERATOR may not manage it.
 */
jest.setTimeout(180_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-synthetic-'));
process.env.GATEHOUSE_DATA_DIR = dataDir;
let stack: Stack;
let co: TestCompany;
let big: TestCompany;
const DAY = 86_400_000;

beforeAll(async () => {
  stack = await startStack({ worker: true });
  co = await stack.createCompany({ withSimulator: false });
  big = await stack.createCompany({ withSimulator: false });
  const now = Date.now();
  let n = 0;
  const entry = (o: Record<string, unknown>, agoMs: number) => ({
    company_id: co.companyId,
    run_key: `seed-${n++}`,
    status: 'SUCCESS',
    tokens_used: 0,
    cost_estimate: 0,
    attack_detected: false,
    kpi_compliant: false,
    protection_mode: 'none',
    response: 'the full answer',
    started_at: new Date(now - agoMs),
    completed_at: new Date(now - agoMs + 1000),
    ...o,
  });
  await stack.container.db('synthetic_execution_logs').insert([
    entry({ provider: 'A', model: 'm1', response_time_sec: 1 }, 40 * DAY),
    entry({ provider: 'A', model: 'm1', response_time_sec: 2 }, 39 * DAY),
    entry({ provider: 'A', model: 'm1', response_time_sec: 3, attack_detected: true }, 38 * DAY),
    entry({ provider: 'A', model: 'm1', response_time_sec: 4, status: 'FAILED' }, 37 * DAY),
    entry({ provider: 'B', model: 'm2', response_time_sec: 0.5, tokens_used: 10, cost_estimate: 0.1 }, 36 * DAY),
    entry({ provider: 'B', model: 'm2', response_time_sec: 1.5, tokens_used: 10, cost_estimate: 0.1 }, 35 * DAY),
    entry({ provider: 'A', model: 'm1', response_time_sec: 1 }, DAY),
    entry({ provider: 'B', model: 'm2', response_time_sec: 1 }, DAY),
  ]);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

const count = async (companyId: string) => Number((await stack.container.db('synthetic_execution_logs').where({ company_id: companyId }).count<{ c: string }[]>({ c: '*' }))[0]!.c);

test('statistics, dryRun, then archive: aggregated per provider/model, exported, deleted', async () => {
  const stats = await stack.http<any>('GET', '/api/v1/synthetic/archival', { token: co.gatewayKey });
  expect(stats.status).toBe(200);
  expect(stats.body.stats).toMatchObject({ totalLogs: 8, archivableCount: 6, byStatus: [{ status: 'FAILED', count: 1 }, { status: 'SUCCESS', count: 7 }] });
  expect(stats.body.stats.byProvider).toEqual([
    { provider: 'A', model: 'm1', count: 5, avgResponseMs: 2200, successRate: 0.8 },
    { provider: 'B', model: 'm2', count: 3, avgResponseMs: 1000, successRate: 1 },
  ]);
  expect(stats.body.config).toEqual({ retentionDays: 30, maxLogsLimit: 50_000, recommendation: expect.stringContaining('1-100 users') });

  const dry = await stack.http<any>('POST', '/api/v1/synthetic/archival', { token: co.gatewayKey, body: { action: 'dryRun' } });
  expect(dry.body).toMatchObject({ success: true, action: 'dryRun', deletedCount: 0, wouldDelete: 6, exportFile: null, errors: [] });
  expect(await count(co.companyId)).toBe(8);
  expect(await stack.container.db('synthetic_aggregated_stats').where({ company_id: co.companyId })).toHaveLength(0);

  const res = await stack.http<any>('POST', '/api/v1/synthetic/archival', { token: co.gatewayKey, body: { action: 'archive', exportFirst: true, includeFullResponse: true, chunkSize: 2 } });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ success: true, action: 'archive', deletedCount: 6, errors: [] });
  expect(res.body.aggregatedStats).toEqual([
    expect.objectContaining({ provider: 'A', model: 'm1', totalExecutions: 4, successCount: 3, failedCount: 1, avgResponseTimeMs: 2500, minResponseTimeMs: 1000, maxResponseTimeMs: 4000, attacksDetected: 1 }),
    expect.objectContaining({ provider: 'B', model: 'm2', totalExecutions: 2, successCount: 2, failedCount: 0, avgResponseTimeMs: 1000, minResponseTimeMs: 500, maxResponseTimeMs: 1500, totalTokensUsed: 20, totalCostEstimate: 0.2 }),
  ]);
  expect(await count(co.companyId)).toBe(2);
  const file = JSON.parse(readFileSync(path.join(dataDir, 'synthetic-archives', res.body.exportFile), 'utf8'));
  expect(file.count).toBe(6);
  expect(file.entries.every((e: { response: string }) => e.response === 'the full answer')).toBe(true);

  // Under the limit, enforceLimit deletes nothing.
  const limit = await stack.http<any>('POST', '/api/v1/synthetic/archival', { token: co.gatewayKey, body: { action: 'enforceLimit' } });
  expect(limit.body).toMatchObject({ deletedCount: 0 });
  expect(await count(co.companyId)).toBe(2);
});

test('enforceLimit deletes only the oldest entries above 50,000', async () => {
  await stack.container.db.raw(
    `INSERT INTO synthetic_execution_logs (company_id, run_key, provider, model, status, started_at, completed_at)
     SELECT ?, 'bulk-' || g, 'A', 'm1', 'SUCCESS', now() - make_interval(secs => g), now() - make_interval(secs => g) FROM generate_series(1, 50002) g`,
    [big.companyId],
  );
  const res = await stack.http<any>('POST', '/api/v1/synthetic/archival', { token: big.gatewayKey, body: { action: 'enforceLimit', chunkSize: 5000 } });
  expect(res.body).toMatchObject({ success: true, action: 'enforceLimit', deletedCount: 2 });
  expect(await count(big.companyId)).toBe(50_000);
  const gone = await stack.container.db('synthetic_execution_logs').where({ company_id: big.companyId }).whereIn('run_key', ['bulk-50001', 'bulk-50002']);
  expect(gone).toHaveLength(0);
});

test('SYNTHETIC_OPERATOR may not manage archival', async () => {
  const user = await stack.addUser(co.companyId, 'SYNTHETIC_OPERATOR');
  const { key } = await stack.container.services.apiKeys.create(co.companyId, { name: 'op', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.userId });
  expect((await stack.http('GET', '/api/v1/synthetic/archival', { token: key })).status).toBe(403);
  expect((await stack.http('POST', '/api/v1/synthetic/archival', { token: key, body: { action: 'dryRun' } })).status).toBe(403);
});

test('an archive still running after SYNTHETIC_ARCHIVE_WAIT_SECONDS is answered 202 RUNNING and goes on (no worker polls here)', async () => {
  const idle = await startStack({ env: { SYNTHETIC_ARCHIVE_WAIT_SECONDS: '1' } });
  try {
    const c = await idle.createCompany({ withSimulator: false });
    await idle.container.db('synthetic_execution_logs').insert({
      company_id: c.companyId,
      run_key: 'old-1',
      provider: 'A',
      model: 'm1',
      status: 'SUCCESS',
      started_at: new Date(Date.now() - 40 * DAY),
      completed_at: new Date(Date.now() - 40 * DAY),
    });
    const res = await idle.http<any>('POST', '/api/v1/synthetic/archival', { token: c.gatewayKey, body: { action: 'archive' } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ success: true, action: 'archive', state: 'RUNNING', deletedCount: null, errors: [] });
    expect(res.body.archiveId).toEqual(expect.any(String));
    // Nothing was deleted by the answer itself: the workflow will, once a worker takes it.
    expect(await count(c.companyId)).toBe(1);
  } finally {
    await idle.stop();
  }
});
