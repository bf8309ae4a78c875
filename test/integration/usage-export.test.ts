import { ROLES } from '../../domain/roles';
import { type Stack, type TestCompany, startStack } from '../support/stack';
import { newKey, seedEvents } from '../support/usage';

/**
 * GET /api/v1/usage/export over seeded usage events: the CSV text and the JSON wrapper written out
 * by hand, formula injection neutralised in subscriber-controlled cells, the 1,000-record cap with
 * the most recent first, every 400 and 404 of the spec, and the role table.
 */
let stack: Stack;
let co: TestCompany;
let owner: string;
let a: { id: string };
let b: { id: string };

type Any = any;

const EVIL_NAME = '=HYPERLINK("http://evil.test","click")';

beforeAll(async () => {
  stack = await startStack({ env: { BREAKER_HEALTH_SCHEDULE: 'false' } });
  co = await stack.createCompany();
  owner = await stack.login(co.adminEmail, co.adminPassword);
  const sub = async (body: Record<string, unknown>) => {
    const res = await stack.http<Any>('POST', '/api/v1/advisory-subscriptions', { token: owner, body: { ...body, apiKeyId: (await newKey(stack, co)).id } });
    return res.body.subscription;
  };
  a = await sub({ name: EVIL_NAME, contactEmail: 'alpha@x.test', tier: 'STARTER' });
  b = await sub({ name: 'Beta, "quoted"', contactEmail: 'beta@x.test', tier: 'ENTERPRISE' });
  const A = { subscriptionId: a.id, companyId: co.companyId };
  const B = { subscriptionId: b.id, companyId: co.companyId };
  await seedEvents(stack, [
    { ...A, at: new Date('2026-10-02T08:00:00.000Z'), userAgent: '@SUM(1+1)', clientIp: '198.51.100.1' },
    { ...A, at: new Date('2026-10-05T09:30:00.000Z'), type: 'COST_ESTIMATE', success: false, userAgent: '-2+3', clientIp: '198.51.100.2' },
    { ...B, at: new Date('2026-10-07T12:00:00.000Z'), type: 'PROVIDER_HEALTH', userAgent: 'curl/8.5', clientIp: '198.51.100.3' },
    // Outside the range asked for below.
    { ...B, at: new Date('2026-11-20T12:00:00.000Z') },
  ]);
});

afterAll(async () => {
  await stack?.stop();
});

const exp = (query: string, token: string | undefined = owner) => stack.http<Any>('GET', `/api/v1/usage/export?${query}`, { token });
const RANGE = 'startDate=2026-10-01&endDate=2026-10-31T23:59:59Z';

describe('GET /api/v1/usage/export', () => {
  it('writes the CSV by hand: the spec columns, most recent first, quoting, and formula cells neutralised', async () => {
    const res = await exp(RANGE);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="usage-export-2026-10-01-to-2026-10-31.csv"');
    expect(res.body).toBe(
      [
        'Timestamp,Subscriber ID,Subscriber Name,Subscription Tier,Request Type,Success',
        `2026-10-07T12:00:00.000Z,${b.id},"Beta, ""quoted""",ENTERPRISE,PROVIDER_HEALTH,true`,
        `2026-10-05T09:30:00.000Z,${a.id},"'=HYPERLINK(""http://evil.test"",""click"")",STARTER,COST_ESTIMATE,false`,
        `2026-10-02T08:00:00.000Z,${a.id},"'=HYPERLINK(""http://evil.test"",""click"")",STARTER,ROUTING_ADVICE,true`,
        '',
      ].join('\n'),
    );

    const detailed = await exp(`${RANGE}&includeDetails=true&format=csv`);
    expect(detailed.body.split('\n')).toEqual([
      'Timestamp,Subscriber ID,Subscriber Name,Subscription Tier,Request Type,Success,Client IP,User Agent,Contact Email',
      `2026-10-07T12:00:00.000Z,${b.id},"Beta, ""quoted""",ENTERPRISE,PROVIDER_HEALTH,true,198.51.100.3,curl/8.5,beta@x.test`,
      `2026-10-05T09:30:00.000Z,${a.id},"'=HYPERLINK(""http://evil.test"",""click"")",STARTER,COST_ESTIMATE,false,198.51.100.2,'-2+3,alpha@x.test`,
      `2026-10-02T08:00:00.000Z,${a.id},"'=HYPERLINK(""http://evil.test"",""click"")",STARTER,ROUTING_ADVICE,true,198.51.100.1,'@SUM(1+1),alpha@x.test`,
      '',
    ]);
  });

  it('wraps JSON in the metadata the spec lists, for all subscriptions and for one', async () => {
    const res = await exp(`${RANGE}&format=json&includeDetails=true`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({
      metadata: {
        exportedAt: expect.any(String),
        exportedBy: co.adminEmail,
        dateRange: { start: '2026-10-01T00:00:00.000Z', end: '2026-10-31T23:59:59.000Z' },
        totalRecords: 3,
        subscriptionId: 'all',
      },
      data: [
        { timestamp: '2026-10-07T12:00:00.000Z', subscriberId: b.id, subscriberName: 'Beta, "quoted"', subscriptionTier: 'ENTERPRISE', requestType: 'PROVIDER_HEALTH', success: true, clientIP: '198.51.100.3', userAgent: 'curl/8.5', contactEmail: 'beta@x.test' },
        { timestamp: '2026-10-05T09:30:00.000Z', subscriberId: a.id, subscriberName: EVIL_NAME, subscriptionTier: 'STARTER', requestType: 'COST_ESTIMATE', success: false, clientIP: '198.51.100.2', userAgent: '-2+3', contactEmail: 'alpha@x.test' },
        { timestamp: '2026-10-02T08:00:00.000Z', subscriberId: a.id, subscriberName: EVIL_NAME, subscriptionTier: 'STARTER', requestType: 'ROUTING_ADVICE', success: true, clientIP: '198.51.100.1', userAgent: '@SUM(1+1)', contactEmail: 'alpha@x.test' },
      ],
    });
    const one = await exp(`${RANGE}&format=json&subscriptionId=${a.id}`);
    expect(one.body.metadata).toMatchObject({ totalRecords: 2, subscriptionId: a.id });
    expect(one.body.data.map((r: Any) => Object.keys(r))).toEqual([
      ['timestamp', 'subscriberId', 'subscriberName', 'subscriptionTier', 'requestType', 'success'],
      ['timestamp', 'subscriberId', 'subscriberName', 'subscriptionTier', 'requestType', 'success'],
    ]);
  });

  it('stops at 1,000 records, the most recent first', async () => {
    const c = await stack.createCompany();
    const s = await stack.login(c.adminEmail, c.adminPassword);
    const sub = (await stack.http<Any>('POST', '/api/v1/advisory-subscriptions', { token: s, body: { name: 'Busy', contactEmail: 'b@b.test', tier: 'STARTER', apiKeyId: (await newKey(stack, c)).id } })).body.subscription;
    const base = Date.parse('2026-09-01T00:00:00.000Z');
    // 1,005 events a minute apart: the export keeps minutes 1004 down to 5.
    await seedEvents(stack, Array.from({ length: 1005 }, (_, i) => ({ subscriptionId: sub.id, companyId: c.companyId, at: new Date(base + i * 60_000) })));
    const res = await exp('startDate=2026-09-01&endDate=2026-09-30&format=json', s);
    expect(res.body.metadata.totalRecords).toBe(1000);
    expect(res.body.data[0].timestamp).toBe(new Date(base + 1004 * 60_000).toISOString());
    expect(res.body.data[999].timestamp).toBe(new Date(base + 5 * 60_000).toISOString());
  });

  it("answers every 400 and 404 of the spec with its message", async () => {
    const cases: Array<[string, number, string]> = [
      ['endDate=2026-10-31', 400, 'startDate and endDate are required'],
      ['startDate=2026-10-01', 400, 'startDate and endDate are required'],
      ['startDate=yesterday&endDate=2026-10-31', 400, 'Invalid date format. Use ISO 8601 format'],
      ['startDate=2026-10-01&endDate=2026-13-45', 400, 'Invalid date format. Use ISO 8601 format'],
      ['startDate=2026-10-31&endDate=2026-10-01', 400, 'startDate must be before endDate'],
      ['startDate=2026-10-01&endDate=2026-10-01', 400, 'startDate must be before endDate'],
      // 2026-01-01 to 2026-04-02 is 91 days; to 2026-04-01 exactly 90 is allowed (and empty: 404).
      ['startDate=2026-01-01&endDate=2026-04-02', 400, 'Date range cannot exceed 90 days'],
      ['startDate=2026-01-01&endDate=2026-04-01', 404, 'No usage data found for the specified date range'],
      [`${RANGE}&subscriptionId=00000000-0000-4000-8000-000000000000`, 404, 'Subscription not found or access denied'],
    ];
    for (const [query, status, error] of cases) {
      const res = await exp(query);
      expect([query, res.status, res.body.error]).toEqual([query, status, error]);
    }
    const other = await stack.createCompany();
    const otherOwner = await stack.login(other.adminEmail, other.adminPassword);
    const foreign = await exp(`${RANGE}&subscriptionId=${a.id}`, otherOwner);
    expect([foreign.status, foreign.body.error]).toEqual([404, 'Subscription not found or access denied']);
    // Another company's events are not in its export: nothing in range for it.
    expect((await exp(RANGE, otherOwner)).status).toBe(404);
  });

  it('lets SUPER_ADMIN, ACCOUNT_OWNER and SYNTHETIC_ADMIN export; every other role 403; no session 401', async () => {
    for (const role of ROLES) {
      const u = await stack.addUser(co.companyId, role);
      const token = await stack.login(u.email, u.password);
      const res = await exp(`${RANGE}&format=json`, token);
      if (['SUPER_ADMIN', 'ACCOUNT_OWNER', 'SYNTHETIC_ADMIN'].includes(role)) expect([role, res.status]).toEqual([role, 200]);
      else expect([role, res.status, res.body.error]).toEqual([role, 403, 'Insufficient permissions']);
    }
    for (const token of [undefined, co.gatewayKey]) {
      const res = await stack.http<Any>('GET', `/api/v1/usage/export?${RANGE}`, { token });
      expect([res.status, res.body.error]).toEqual([401, 'Authentication required']);
    }
  });
});
