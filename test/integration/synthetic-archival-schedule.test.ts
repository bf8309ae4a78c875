import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ScheduleNotFoundError } from '@temporalio/client';
import { simulatorProviders } from '../../services/providers/simulator-providers';
import { syntheticArchivalScheduleId } from '../../temporal/workflow-ids';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { until } from '../support/synthetic';

/**
 * Automatic synthetic archival on a Temporal Schedule (issue 13, part 6): a company's first synthetic
 * schedule creates `synthetic-archival:<companyId>` with the documented defaults; PUT settings keeps
 * the schedule in step (interval, pause) and each run archives with the settings of the moment:
 * entries older than retentionDays aggregated, exported and deleted, newer ones kept; paused, nothing
 * runs; invalid settings are 400 and change nothing; another company sees only its own settings.
 * Intervals are inputs, so the schedule fires every 3 seconds here.
 */
jest.setTimeout(180_000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'gh-synthetic-schedule-'));
process.env.GATEHOUSE_DATA_DIR = dataDir;
let stack: Stack;
let co: TestCompany;
let other: TestCompany;
const DAY = 86_400_000;

beforeAll(async () => {
  stack = await startStack({ worker: true });
  co = await stack.createCompany({ withSimulator: false });
  other = await stack.createCompany({ withSimulator: false });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

let seeded = 0;
async function seedLogs(ageMs: number, n: number) {
  const now = Date.now();
  await stack.container.db('synthetic_execution_logs').insert(
    Array.from({ length: n }, () => ({
      company_id: co.companyId,
      run_key: `auto-seed-${seeded++}`,
      provider: 'A',
      model: 'm1',
      status: 'SUCCESS',
      response_time_sec: 1,
      started_at: new Date(now - ageMs),
      completed_at: new Date(now - ageMs + 1000),
    })),
  );
}

const logCount = async (olderThanMs = 0) =>
  Number(
    (
      await stack.container
        .db('synthetic_execution_logs')
        .where({ company_id: co.companyId })
        .where('started_at', '<', new Date(Date.now() - olderThanMs))
        .count<{ c: string }[]>({ c: '*' })
    )[0]!.c,
  );

const settings = (c: TestCompany = co) => stack.http<{ settings: Record<string, any> }>('GET', '/api/v1/synthetic/archival/settings', { token: c.gatewayKey });
const put = (body: unknown, c: TestCompany = co) => stack.http<{ settings: Record<string, any>; code?: string }>('PUT', '/api/v1/synthetic/archival/settings', { token: c.gatewayKey, body });

test('the first synthetic schedule creates the archival schedule; settings keep it in step; runs archive with them', async () => {
  const client = await stack.container.temporal.client();
  const handle = client.schedule.getHandle(syntheticArchivalScheduleId(co.companyId));

  // Before any synthetic schedule: the defaults, nothing stored, no Temporal Schedule.
  const before = await settings();
  expect(before.status).toBe(200);
  expect(before.body.settings).toMatchObject({
    enabled: true,
    retentionDays: 30,
    intervalMinutes: 1440,
    exportFirst: true,
    includeFullResponse: false,
    enforceLimit: true,
    stored: false,
    temporalScheduleId: `synthetic-archival:${co.companyId}`,
    nextRunAt: null,
    lastRunAt: null,
  });
  await expect(handle.describe()).rejects.toBeInstanceOf(ScheduleNotFoundError);

  const provider = await stack.container.services.providers.create(
    co.companyId,
    { ...simulatorProviders(stack.simulatorUrl, 'sim;id=archival')[0]!, name: 'archival', isDefault: true },
    { userId: co.adminUserId },
  );
  const prompt = await stack.http<{ prompt: { id: string } }>('POST', '/api/v1/synthetic/prompts', { token: co.gatewayKey, body: { name: 'p', prompt: 'ping' } });
  const created = await stack.http('POST', '/api/v1/synthetic/schedules', {
    token: co.gatewayKey,
    body: { name: 's', syntheticPromptId: prompt.body.prompt.id, scheduleType: 'RECURRING', intervalMinutes: 600, isActive: false, aiProviderId: provider.id },
  });
  expect(created.status).toBe(201);
  const daily = await handle.describe();
  expect(daily.spec.intervals?.[0]?.every).toBe(DAY);
  expect(daily.state.paused).toBe(false);
  expect(daily.action).toMatchObject({ type: 'startWorkflow', workflowType: 'syntheticScheduledArchiveWorkflow' });
  const stored = await settings();
  expect(stored.body.settings).toMatchObject({ stored: true, schedulePaused: false, nextRunAt: expect.any(String) });

  // Three entries older than 30 days, two of yesterday; then every 3 seconds.
  await seedLogs(40 * DAY, 3);
  await seedLogs(DAY, 2);
  const changed = await put({ intervalMinutes: 0.05, retentionDays: 30 });
  expect(changed.status).toBe(200);
  expect(changed.body.settings).toMatchObject({ intervalMinutes: 0.05, retentionDays: 30, stored: true });
  expect((await handle.describe()).spec.intervals?.[0]?.every).toBe(3000);

  await until('a scheduled run that archived', async () => (await logCount(30 * DAY)) === 0);
  expect(await logCount()).toBe(2);
  // Aggregated under one run's archive id (later runs find nothing); the export file is named after it.
  const stats = await stack.container.db('synthetic_aggregated_stats').where({ company_id: co.companyId });
  expect(stats).toEqual([expect.objectContaining({ provider: 'A', model: 'm1', total_executions: 3, success_count: 3 })]);
  expect(stats[0]!.archive_id).toMatch(/-auto$/);
  expect(readdirSync(path.join(dataDir, 'synthetic-archives'))).toEqual([`${stats[0]!.archive_id}.json`]);
  const ran = await until('the run recorded on the settings', async () => {
    const s = (await settings()).body.settings;
    return s.lastRunAt ? s : undefined;
  });
  expect(ran.lastArchiveIds).toEqual([expect.stringMatching(/-auto$/), expect.stringMatching(/-auto-limit$/)]);

  // A later run takes the settings of its moment: retention 1 day removes yesterday's entries too.
  await put({ retentionDays: 1 });
  await until('the one-day retention to apply', async () => (await logCount()) === 0);

  // Paused: the schedule is paused and new old entries stay.
  const paused = await put({ enabled: false });
  expect(paused.body.settings).toMatchObject({ enabled: false, schedulePaused: true });
  expect((await handle.describe()).state.paused).toBe(true);
  await new Promise((r) => setTimeout(r, 4000)); // a run already started may still finish
  await seedLogs(40 * DAY, 1);
  await new Promise((r) => setTimeout(r, 7000));
  expect(await logCount()).toBe(1);

  // Invalid settings: 400 VALIDATION_ERROR, nothing changed (in the row or in Temporal).
  for (const body of [{ retentionDays: 0 }, { intervalMinutes: -1 }, { enabled: 'yes' }, { unknown: 1 }, {}]) {
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  }
  expect((await settings()).body.settings).toMatchObject({ enabled: false, retentionDays: 1, intervalMinutes: 0.05 });
  expect((await handle.describe()).state.paused).toBe(true);

  // Resumed: the entry is archived again.
  await put({ enabled: true });
  await until('the resumed schedule to archive', async () => (await logCount()) === 0);
});

test('settings are per company; another company cannot see or change ours', async () => {
  const mine = await settings();
  const theirs = await settings(other);
  expect(theirs.status).toBe(200);
  expect(theirs.body.settings).toMatchObject({ stored: false, retentionDays: 30, temporalScheduleId: `synthetic-archival:${other.companyId}` });
  expect((await put({ retentionDays: 90, enabled: false }, other)).status).toBe(200);
  expect((await settings()).body.settings).toMatchObject({ retentionDays: mine.body.settings.retentionDays, enabled: mine.body.settings.enabled });
  const described = await (await stack.container.temporal.client()).schedule.getHandle(syntheticArchivalScheduleId(other.companyId)).describe();
  expect(described.state.paused).toBe(true);
  // SYNTHETIC_OPERATOR may not manage archival settings (the role table).
  const user = await stack.addUser(co.companyId, 'SYNTHETIC_OPERATOR');
  const { key } = await stack.container.services.apiKeys.create(co.companyId, { name: 'op', kind: 'GATEWAY', type: 'FULL_ACCESS' }, { userId: user.userId });
  expect((await stack.http('GET', '/api/v1/synthetic/archival/settings', { token: key })).status).toBe(403);
  expect((await stack.http('PUT', '/api/v1/synthetic/archival/settings', { token: key, body: { enabled: true } })).status).toBe(403);
});
