import type { Principal } from '../../domain/principal';
import { ROLES } from '../../domain/roles';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { DAY, HOUR, awayFromHourEdge, dayStart, hourStart, newKey, seedEvents, timesBefore } from '../support/usage';

/**
 * Advisory subscriptions and usage analytics over a real api and database: the subscriber advisory
 * metered per subscription (events written behind the response, hourly limit, expiry), the usage
 * summary and every alert type over seeded events, each figure computed by hand below, and the role
 * table of spec document 3.
 */
let stack: Stack;
let co: TestCompany;
let owner: string;

beforeAll(async () => {
  stack = await startStack({ env: { BREAKER_HEALTH_SCHEDULE: 'false' } });
  co = await stack.createCompany();
  owner = await stack.login(co.adminEmail, co.adminPassword);
});

afterAll(async () => {
  await stack?.stop();
});

type Any = any;

// A test may wait out a UTC hour boundary (awayFromHourEdge) before seeding.
jest.setTimeout(600_000);

async function subscribe(session: string, body: Record<string, unknown>) {
  const res = await stack.http<Any>('POST', '/api/v1/advisory-subscriptions', { token: session, body });
  if (res.status !== 201) throw new Error(`subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.subscription;
}

const usage = (token: string | undefined, query = '') => stack.http<Any>('GET', `/api/v1/usage${query}`, { token });

describe('advisory subscriptions', () => {
  it('meters the subscriber advisory per subscription: events written behind the response, hourly limit, expiry', async () => {
    await awayFromHourEdge();
    const k = await newKey(stack, co);
    const sub = await subscribe(owner, { name: 'Acme Research', contactEmail: 'ops@acme.test', tier: 'STARTER', hourlyLimit: 3, dailyLimit: 10, apiKeyId: k.id });
    expect(sub).toMatchObject({ name: 'Acme Research', tier: 'STARTER', hourlyLimit: 3, dailyLimit: 10, expiresAt: null, apiKeyId: k.id });

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await stack.http<Any>('GET', '/api/v1/routing-advisory', { token: k.key, headers: { 'user-agent': 'usage-test/1.0' } });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toMatchObject({ code: 'RATE_LIMITED', limit: { requests: 3, window: '1h', tier: 'STARTER' } });
    }
    expect(statuses).toEqual([200, 200, 200, 429]);

    await stack.container.services.usageRecorder.flush();
    const rows = await stack.container.db('advisory_usage_events').where({ subscription_id: sub.id }).orderBy('created_at');
    expect(rows.map((r) => [r.request_type, r.success, r.user_agent])).toEqual([
      ['ROUTING_ADVICE', true, 'usage-test/1.0'],
      ['ROUTING_ADVICE', true, 'usage-test/1.0'],
      ['ROUTING_ADVICE', true, 'usage-test/1.0'],
      ['ROUTING_ADVICE', false, 'usage-test/1.0'],
    ]);
    for (const r of rows) expect(r.client_ip).toEqual(expect.any(String));

    // Shape A with a subscription's key is a COST_ESTIMATE.
    const k2 = await newKey(stack, co);
    const sub2 = await subscribe(owner, { name: 'Budget Bot', contactEmail: 'bot@acme.test', tier: 'PROFESSIONAL', apiKeyId: k2.id });
    expect(sub2).toMatchObject({ hourlyLimit: 5000, dailyLimit: 50000 });
    const estimate = await stack.http<Any>('POST', '/api/gateway/routing-advisory', { token: k2.key, body: { input: 'hello' } });
    expect(estimate.status).toBe(200);
    // Provider health (the breakers list) with a subscription's key is a PROVIDER_HEALTH.
    expect((await stack.http<Any>('GET', '/api/v1/routing/breakers', { token: k2.key })).status).toBe(200);
    await stack.container.services.usageRecorder.flush();
    expect(await stack.container.db('advisory_usage_events').where({ subscription_id: sub2.id }).orderBy('created_at').pluck('request_type')).toEqual(['COST_ESTIMATE', 'PROVIDER_HEALTH']);

    // An expired subscription refuses (403) and still records the attempt.
    const patched = await stack.http<Any>('PATCH', `/api/v1/advisory-subscriptions/${sub2.id}`, { token: owner, body: { expiresAt: new Date(Date.now() - 1000).toISOString() } });
    expect(patched.status).toBe(200);
    const expired = await stack.http<Any>('GET', '/api/v1/routing-advisory', { token: k2.key });
    expect(expired.status).toBe(403);
    expect(expired.body).toMatchObject({ error: 'Subscription expired', code: 'SUBSCRIPTION_EXPIRED' });
    await stack.container.services.usageRecorder.flush();
    expect(await stack.container.db('advisory_usage_events').where({ subscription_id: sub2.id, success: false }).count<{ count: string }[]>('* as count')).toEqual([{ count: '1' }]);

    // The key of another company, a key already bound, and another company's subscription.
    const other = await stack.createCompany();
    const foreignKey = await newKey(stack, other);
    const bad = await stack.http<Any>('POST', '/api/v1/advisory-subscriptions', { token: owner, body: { name: 'x', contactEmail: 'x@x.test', tier: 'STARTER', apiKeyId: foreignKey.id } });
    expect(bad.status).toBe(400);
    const taken = await stack.http<Any>('POST', '/api/v1/advisory-subscriptions', { token: owner, body: { name: 'x', contactEmail: 'x@x.test', tier: 'STARTER', apiKeyId: k.id } });
    expect(taken.status).toBe(409);
    const otherOwner = await stack.login(other.adminEmail, other.adminPassword);
    expect((await stack.http('GET', `/api/v1/advisory-subscriptions/${sub.id}`, { token: otherOwner })).status).toBe(404);
    expect((await stack.http<Any>('GET', '/api/v1/advisory-subscriptions', { token: otherOwner })).body.subscriptions).toEqual([]);
  });
});

describe('GET /api/v1/usage', () => {
  it('equals the figures computed by hand for every time range, with details and with a subscription', async () => {
    await awayFromHourEdge();
    const c = await stack.createCompany();
    const s = await stack.login(c.adminEmail, c.adminPassword);
    const a = await subscribe(s, { name: 'Alpha', contactEmail: 'a@alpha.test', tier: 'STARTER', apiKeyId: (await newKey(stack, c)).id });
    const b = await subscribe(s, { name: 'Beta', contactEmail: 'b@beta.test', tier: 'PROFESSIONAL', apiKeyId: (await newKey(stack, c)).id });
    const now = Date.now();
    // Alpha: 5 ROUTING_ADVICE in the last minute (4 succeed), 3 COST_ESTIMATE 3 hours ago, 2 events 30 hours ago.
    // Beta: 4 PROVIDER_HEALTH 2 hours ago (2 succeed), 6 events 10 days ago.
    const alphaNow = timesBefore(now - 1000, 5, 50_000);
    const alpha3h = timesBefore(now - 3 * HOUR, 3, 60_000);
    const alpha30h = timesBefore(now - 30 * HOUR, 2, 60_000);
    const beta2h = timesBefore(now - 2 * HOUR, 4, 60_000);
    const beta10d = timesBefore(now - 10 * DAY, 6, 60_000);
    const A = { subscriptionId: a.id, companyId: c.companyId };
    const B = { subscriptionId: b.id, companyId: c.companyId };
    await seedEvents(stack, [
      ...alphaNow.map((at, i) => ({ ...A, at, success: i !== 2 })),
      ...alpha3h.map((at) => ({ ...A, at, type: 'COST_ESTIMATE' as const })),
      ...alpha30h.map((at) => ({ ...A, at })),
      ...beta2h.map((at, i) => ({ ...B, at, type: 'PROVIDER_HEALTH' as const, success: i % 2 === 0 })),
      ...beta10d.map((at) => ({ ...B, at })),
    ]);

    const hour = await usage(s, '?timeRange=hour');
    expect(hour.status).toBe(200);
    expect(hour.body).toEqual({
      timeRange: 'hour',
      period: { start: expect.any(String), end: expect.any(String) },
      summary: { totalRequests: 5, successfulRequests: 4, failedRequests: 1, successRate: 80 },
      requestsByType: { ROUTING_ADVICE: 5, PROVIDER_HEALTH: 0, COST_ESTIMATE: 0 },
      requestsBySubscriber: [{ subscriberId: a.id, subscriberName: 'Alpha', subscriptionTier: 'STARTER', requests: 5 }],
    });
    expect(Date.parse(hour.body.period.end) - Date.parse(hour.body.period.start)).toBe(HOUR);

    const day = await usage(s); // day is the default
    expect(day.body.timeRange).toBe('day');
    // 5 + 3 (Alpha) + 4 (Beta) = 12; successes 4 + 3 + 2 = 9; 9/12 = 75%.
    expect(day.body.summary).toEqual({ totalRequests: 12, successfulRequests: 9, failedRequests: 3, successRate: 75 });
    expect(day.body.requestsByType).toEqual({ ROUTING_ADVICE: 5, PROVIDER_HEALTH: 4, COST_ESTIMATE: 3 });
    expect(day.body.requestsBySubscriber).toEqual([
      { subscriberId: a.id, subscriberName: 'Alpha', subscriptionTier: 'STARTER', requests: 8 },
      { subscriberId: b.id, subscriberName: 'Beta', subscriptionTier: 'PROFESSIONAL', requests: 4 },
    ]);
    expect(day.body.hourlyDistribution).toBeUndefined();
    expect(day.body.rateLimitStatus).toBeUndefined();

    // Week adds Alpha's 2 from 30 hours ago: 14 requests, 11 successful, 11/14 = 78.57%.
    expect((await usage(s, '?timeRange=week')).body.summary).toEqual({ totalRequests: 14, successfulRequests: 11, failedRequests: 3, successRate: 78.57 });
    // Month adds Beta's 6 from 10 days ago: 20 requests, 17 successful, 85%.
    expect((await usage(s, '?timeRange=month')).body.summary).toEqual({ totalRequests: 20, successfulRequests: 17, failedRequests: 3, successRate: 85 });

    const detailed = await usage(s, '?timeRange=day&includeDetails=true');
    const inDay = [...alphaNow, ...alpha3h, ...beta2h];
    const perHour = Array.from({ length: 24 }, (_, h) => ({ hour: h, requests: inDay.filter((t) => t.getUTCHours() === h).length }));
    expect(detailed.body.hourlyDistribution).toEqual(perHour);
    expect(detailed.body.topConsumers).toEqual([
      { subscriberId: a.id, requestCount: 8, lastRequest: alphaNow[4].toISOString() },
      { subscriberId: b.id, requestCount: 4, lastRequest: beta2h[3].toISOString() },
    ]);

    const one = await usage(s, `?subscriptionId=${a.id}&includeDetails=true`);
    expect(one.status).toBe(200);
    expect(one.body.requestsBySubscriber).toBeUndefined();
    expect(one.body.summary).toEqual({ totalRequests: 8, successfulRequests: 7, failedRequests: 1, successRate: 87.5 });
    expect(one.body.topConsumers).toEqual([{ subscriberId: a.id, requestCount: 8, lastRequest: alphaNow[4].toISOString() }]);
    // The current UTC hour holds the 5 recent events; the UTC day also those of 3 and 30 hours ago that fall in it.
    const usedToday = [...alphaNow, ...alpha3h, ...alpha30h].filter((t) => t.getTime() >= dayStart()).length;
    expect(alphaNow.every((t) => t.getTime() >= hourStart())).toBe(true);
    expect(one.body.rateLimitStatus).toEqual({
      requestsPerHour: { limit: 500, used: 5, remaining: 495 },
      requestsPerDay: { limit: 5000, used: usedToday, remaining: 5000 - usedToday },
    });

    // Another company's subscription, an unknown id and a malformed one: the spec's 404.
    for (const id of [(await subscribe(owner, { name: 'Mine', contactEmail: 'm@m.test', tier: 'STARTER', apiKeyId: (await newKey(stack, co)).id })).id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await usage(s, `?subscriptionId=${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Subscription not found or access denied');
    }
    expect((await usage(s, '?timeRange=year')).status).toBe(400);

    // SUPER_ADMIN reads any company's subscription, and sees every company without one.
    const root = await stack.addUser(co.companyId, 'SUPER_ADMIN');
    const rootSession = await stack.login(root.email, root.password);
    expect((await usage(rootSession, `?subscriptionId=${b.id}`)).body.summary.totalRequests).toBe(4);
    const all = await usage(rootSession);
    expect(all.body.requestsBySubscriber).toEqual(expect.arrayContaining([expect.objectContaining({ subscriberId: a.id, requests: 8 })]));
    expect(all.body.summary.totalRequests).toBeGreaterThanOrEqual(12);
  });

  it('answers every role as the spec says: SUPER_ADMIN, ACCOUNT_OWNER and SYNTHETIC_ADMIN read, others 403; no session 401', async () => {
    const allowed = new Set(['SUPER_ADMIN', 'ACCOUNT_OWNER', 'SYNTHETIC_ADMIN']);
    for (const role of ROLES) {
      const u = await stack.addUser(co.companyId, role);
      const token = await stack.login(u.email, u.password);
      for (const [method, path, body] of [
        ['GET', '/api/v1/usage', undefined],
        ['GET', '/api/v1/usage/alerts', undefined],
        ['POST', '/api/v1/usage/alerts', {}],
      ] as const) {
        const res = await stack.http<Any>(method, path, { token, body });
        if (allowed.has(role)) expect([role, path, res.status]).toEqual([role, path, method === 'POST' ? 400 : 200]);
        else expect([role, path, res.status, res.body.error]).toEqual([role, path, 403, 'Insufficient permissions']);
      }
    }
    for (const token of [undefined, co.gatewayKey, 'ghsess_not-a-session']) {
      for (const path of ['/api/v1/usage', '/api/v1/usage/alerts']) {
        const res = await stack.http<Any>('GET', path, { token });
        expect([path, res.status, res.body.error]).toEqual([path, 401, 'Authentication required']);
      }
    }
  });
});

describe('usage alerts', () => {
  it('computes every alert type and both severities as worked out by hand, sorted, and acknowledges', async () => {
    await awayFromHourEdge();
    const c = await stack.createCompany();
    const s = await stack.login(c.adminEmail, c.adminPassword);
    const now = Date.now();
    const mk = async (name: string, extra: Record<string, unknown>) =>
      subscribe(s, { name, contactEmail: `${name.toLowerCase()}@x.test`, tier: 'STARTER', hourlyLimit: 1000, dailyLimit: 10000, apiKeyId: (await newKey(stack, c)).id, ...extra });
    const s1 = await mk('HourWarn', { hourlyLimit: 10 });
    const s2 = await mk('HourCrit', { hourlyLimit: 20 });
    const s3 = await mk('DayWarn', { dailyLimit: 10 });
    const s4 = await mk('DayCrit', { dailyLimit: 20 });
    const expWarn = new Date(now + 2 * DAY + 5 * 60_000);
    const expCrit = new Date(now + 12 * HOUR);
    const expired = new Date(now - HOUR);
    const s5 = await mk('ExpiresSoon', { expiresAt: expWarn.toISOString() });
    const s6 = await mk('ExpiresToday', { expiresAt: expCrit.toISOString() });
    const s7 = await mk('Expired', { expiresAt: expired.toISOString() });
    const s8 = await mk('Burst', {});
    const quiet = await mk('Quiet', {}); // 7 of 10 per hour, 70%: below every threshold
    const ev = (sub: { id: string }, times: Date[]) => times.map((at) => ({ subscriptionId: sub.id, companyId: c.companyId, at }));
    const t1 = timesBefore(now - 1000, 8, 60_000); // 8 of 10 an hour: 80%, warning
    const t2 = timesBefore(now - 1100, 19, 60_000); // 19 of 20 an hour: 95%, critical
    const t3 = timesBefore(now - 1200, 8, 60_000); // 8 of 10 a day: 80%, daily warning
    const t4 = timesBefore(now - 1300, 20, 60_000); // 20 of 20 a day: 100%, daily critical (from the 19th)
    // Burst: 14 events in the prior week (2 a day on average), 7 today: 7 > 3 x 2, multiplier 3.5, from the 7th.
    const week = Array.from({ length: 14 }, (_, i) => new Date(dayStart() - (i + 1) * 10 * HOUR));
    const t8 = timesBefore(now - 1400, 7, 60_000);
    await seedEvents(stack, [...ev(s1, t1), ...ev(s2, t2), ...ev(s3, t3), ...ev(s4, t4), ...ev(s8, [...week, ...t8]), ...ev(quiet, timesBefore(now - 1000, 7, 60_000))]);
    await stack.http('PATCH', `/api/v1/advisory-subscriptions/${quiet.id}`, { token: s, body: { hourlyLimit: 10 } });

    const hs = new Date(hourStart()).toISOString();
    const ds = new Date(dayStart()).toISOString();
    const expected = [
      { id: `USAGE_WARNING:${s1.id}:${hs}`, type: 'USAGE_WARNING', severity: 'WARNING', subscriberId: s1.id, subscriberName: 'HourWarn',
        details: { currentUsage: 8, limit: 10, utilizationPercent: 80, timeWindow: 'hour' }, createdAt: t1[7].toISOString() },
      { id: `USAGE_CRITICAL:${s2.id}:${hs}`, type: 'USAGE_CRITICAL', severity: 'CRITICAL', subscriberId: s2.id, subscriberName: 'HourCrit',
        details: { currentUsage: 19, limit: 20, utilizationPercent: 95, timeWindow: 'hour' }, createdAt: t2[18].toISOString() },
      { id: `DAILY_USAGE_WARNING:${s3.id}:${ds}`, type: 'DAILY_USAGE_WARNING', severity: 'WARNING', subscriberId: s3.id, subscriberName: 'DayWarn',
        details: { currentUsage: 8, limit: 10, utilizationPercent: 80, timeWindow: 'day' }, createdAt: t3[7].toISOString() },
      { id: `DAILY_USAGE_CRITICAL:${s4.id}:${ds}`, type: 'DAILY_USAGE_CRITICAL', severity: 'CRITICAL', subscriberId: s4.id, subscriberName: 'DayCrit',
        details: { currentUsage: 20, limit: 20, utilizationPercent: 100, timeWindow: 'day' }, createdAt: t4[18].toISOString() },
      { id: `SUBSCRIPTION_EXPIRY:${s5.id}:${expWarn.toISOString()}:WARNING`, type: 'SUBSCRIPTION_EXPIRY', severity: 'WARNING', subscriberId: s5.id, subscriberName: 'ExpiresSoon',
        details: { expiresAt: expWarn.toISOString(), daysRemaining: 3 }, createdAt: new Date(expWarn.getTime() - 3 * DAY).toISOString() },
      { id: `SUBSCRIPTION_EXPIRY:${s6.id}:${expCrit.toISOString()}:CRITICAL`, type: 'SUBSCRIPTION_EXPIRY', severity: 'CRITICAL', subscriberId: s6.id, subscriberName: 'ExpiresToday',
        details: { expiresAt: expCrit.toISOString(), daysRemaining: 1 }, createdAt: new Date(expCrit.getTime() - DAY).toISOString() },
      { id: `SUBSCRIPTION_EXPIRED:${s7.id}:${expired.toISOString()}`, type: 'SUBSCRIPTION_EXPIRED', severity: 'CRITICAL', subscriberId: s7.id, subscriberName: 'Expired',
        details: { expiresAt: expired.toISOString(), daysRemaining: 0 }, createdAt: expired.toISOString() },
      { id: `UNUSUAL_ACTIVITY:${s8.id}:${ds}`, type: 'UNUSUAL_ACTIVITY', severity: 'WARNING', subscriberId: s8.id, subscriberName: 'Burst',
        details: { todayUsage: 7, avgDailyLastWeek: 2, multiplier: 3.5 }, createdAt: t8[6].toISOString() },
    ];
    const rank = { CRITICAL: 0, WARNING: 1 } as Record<string, number>;
    const sorted = [...expected].sort((x, y) => rank[x.severity] - rank[y.severity] || y.createdAt.localeCompare(x.createdAt));

    const res = await stack.http<Any>('GET', '/api/v1/usage/alerts', { token: s });
    expect(res.status).toBe(200);
    expect(res.body.alerts.map(({ message, ...rest }: Any) => rest)).toEqual(sorted);
    for (const alert of res.body.alerts) expect(alert.message).toContain(alert.subscriberName);
    expect(res.body.summary).toEqual({ total: 8, critical: 4, warning: 4, info: 0 });
    // 2 days and 5 minutes left reads as 3 days remaining (rounded up); 12 hours as 1.
    // Another company's owner sees none of them.
    expect((await stack.http<Any>('GET', '/api/v1/usage/alerts', { token: owner })).body.alerts.filter((x: Any) => x.subscriberId === s1.id)).toEqual([]);

    // Acknowledge: errors first, then the alert leaves the list (audit-logged).
    const ack = (body: unknown, token = s) => stack.http<Any>('POST', '/api/v1/usage/alerts', { token, body });
    expect((await ack({ alertId: expected[0].id })).body.error).toBe('Missing alertId and subscriberId');
    expect((await ack({ alertId: expected[0].id })).status).toBe(400);
    const foreign = await ack({ alertId: expected[0].id, subscriberId: s1.id }, owner);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'Subscription not found']);
    expect((await ack({ alertId: 'USAGE_WARNING:nothing', subscriberId: s1.id })).status).toBe(404);
    const ok = await ack({ alertId: expected[0].id, subscriberId: s1.id });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: 'Alert acknowledged' });
    const after = await stack.http<Any>('GET', '/api/v1/usage/alerts', { token: s });
    expect(after.body.alerts.map((x: Any) => x.id)).toEqual(sorted.filter((x) => x.id !== expected[0].id).map((x) => x.id));
    expect(after.body.summary).toEqual({ total: 7, critical: 4, warning: 3, info: 0 });
    const audit = await stack.container.db('audit_logs').where({ company_id: c.companyId, action: 'USAGE_ALERT_ACKNOWLEDGE' });
    expect(audit.map((r) => [r.resource_id, r.details.alertId])).toEqual([[s1.id, expected[0].id]]);

    // The condition clears (next hour: no usage) and comes back (8 events in that hour): a new alert, not acknowledged.
    const nextHour = hourStart() + HOUR;
    const later = timesBefore(nextHour + 10 * 60_000, 8, 60_000);
    await seedEvents(stack, ev(s1, later));
    const principal: Principal = { via: 'session', companyId: c.companyId, userId: c.adminUserId, role: 'ACCOUNT_OWNER', permissions: new Set(), features: new Set() };
    const clear = await stack.container.services.usage.alerts(principal, new Date(nextHour + 60_000));
    expect(clear.alerts.filter((x) => x.subscriberId === s1.id)).toEqual([]);
    const back = await stack.container.services.usage.alerts(principal, new Date(nextHour + 11 * 60_000));
    expect(back.alerts.filter((x) => x.subscriberId === s1.id).map((x) => [x.id, x.type])).toEqual([
      [`USAGE_WARNING:${s1.id}:${new Date(nextHour).toISOString()}`, 'USAGE_WARNING'],
    ]);
  });
});
