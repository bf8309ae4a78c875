import { type Server, type Socket, createConnection, createServer } from 'node:net';
import { type MeterSamples, meterReport } from '../../domain/operability/meters';
import { ROLES } from '../../domain/roles';
import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * GET /api/admin/performance-meter: the role table and the spec's error bodies; the real report
 * over the test database; every meter at healthy, warning and critical by its thresholds (samples
 * chosen by hand); and, through a TCP proxy to PostgreSQL that the test cuts, the database meters
 * as N/A with db-latency critical while the (cached) session still gets its answer.
 */
let stack: Stack;
let co: TestCompany;

type Any = any;

beforeAll(async () => {
  stack = await startStack({ env: { BREAKER_HEALTH_SCHEDULE: 'false' } });
  co = await stack.createCompany();
});

afterAll(async () => {
  await stack?.stop();
});

const IDS = ['app-memory', 'app-uptime', 'db-latency', 'db-cache', 'db-connections', 'db-size', 'provider-trust', 'provider-unhealthy', 'provider-count', 'gw-executions-24h'];
const meterOf = (body: Any, id: string) => body.meters.find((m: Any) => m.id === id);

describe('GET /api/admin/performance-meter', () => {
  it('answers SUPER_ADMIN only: 403 {error: Super Admin required}, 401 {error: Unauthorized}', async () => {
    for (const role of ROLES) {
      const u = await stack.addUser(co.companyId, role);
      const token = await stack.login(u.email, u.password);
      const res = await stack.http<Any>('GET', '/api/admin/performance-meter', { token });
      if (role === 'SUPER_ADMIN') expect([role, res.status, res.body.success]).toEqual([role, 200, true]);
      else expect([role, res.status, res.body.error]).toEqual([role, 403, 'Super Admin required']);
    }
    for (const token of [undefined, co.gatewayKey, 'ghsess_unknown']) {
      const res = await stack.http<Any>('GET', '/api/admin/performance-meter', { token });
      expect([res.status, res.body.error]).toEqual([401, 'Unauthorized']);
    }
  });

  it('reports the ten meters of the real process and database', async () => {
    const root = await stack.addUser(co.companyId, 'SUPER_ADMIN');
    const token = await stack.login(root.email, root.password);
    expect((await stack.http('POST', '/api/gateway/execute', { token: co.gatewayKey, body: { prompt: 'hello' } })).status).toBe(200);
    await stack.container.services.recorder.flush();
    const res = await stack.http<Any>('GET', '/api/admin/performance-meter', { token });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.meters.map((m: Any) => m.id)).toEqual(IDS);
    for (const m of body.meters) {
      expect(Object.keys(m)).toEqual(expect.arrayContaining(['id', 'label', 'category', 'status', 'value', 'unit', 'details', 'action']));
      expect(m.action === null).toBe(m.status === 'healthy' || m.status === 'unknown');
    }
    expect(meterOf(body, 'db-latency')).toMatchObject({ category: 'database', unit: 'ms', value: expect.any(Number), thresholds: { warning: 100, critical: 500 } });
    expect(meterOf(body, 'db-cache').value).toBeGreaterThan(0);
    expect(meterOf(body, 'db-connections').value).toBeGreaterThan(0);
    expect(meterOf(body, 'db-size')).toMatchObject({ unit: 'MB', value: expect.any(Number), thresholds: { warning: 4096, critical: 8192 } });
    // This company alone has five simulator providers.
    expect(meterOf(body, 'provider-count')).toMatchObject({ status: 'healthy', unit: 'providers' });
    expect(meterOf(body, 'provider-count').value).toBeGreaterThanOrEqual(5);
    expect(meterOf(body, 'gw-executions-24h')).toMatchObject({ status: 'healthy', unit: 'requests' });
    expect(meterOf(body, 'gw-executions-24h').value).toBeGreaterThanOrEqual(1);
    const counts = (s: string) => body.meters.filter((m: Any) => m.status === s).length;
    expect(body.summary).toEqual({ total: 10, healthy: counts('healthy'), warning: counts('warning'), critical: counts('critical'), unknown: counts('unknown') });
    expect(body.overallStatus).toBe(counts('critical') ? 'critical' : counts('warning') ? 'warning' : 'healthy');
    expect(body.actionItems.map((a: Any) => a.meterId).sort()).toEqual(body.meters.filter((m: Any) => m.action).map((m: Any) => m.id).sort());
  });

  it('grades every meter healthy, warning and critical at its thresholds', () => {
    const healthy: MeterSamples = {
      heapPercent: 40, heapUsedMb: 100, uptimeHours: 5, dbLatencyMs: 3, cacheHitPercent: 99.5, dbConnections: 10, dbSizeMb: 200,
      trustAverage: 90, unhealthyProviders: 0, providerCount: 4, executions24h: 1234,
    };
    const all = meterReport(healthy);
    expect(all.overallStatus).toBe('healthy');
    expect(all.summary).toEqual({ total: 10, healthy: 10, warning: 0, critical: 0, unknown: 0 });
    expect(all.actionItems).toEqual([]);
    // [meter, samples at warning, samples at critical]; the limits themselves are still the lower level.
    const cases: Array<[string, Partial<MeterSamples> | null, Partial<MeterSamples>, Partial<MeterSamples>]> = [
      ['app-memory', { heapPercent: 75 }, { heapPercent: 75.1 }, { heapPercent: 90.1 }],
      ['app-uptime', { uptimeHours: 0.1 }, { uptimeHours: 0.05 }, { uptimeHours: 0.05 }],
      ['db-latency', { dbLatencyMs: 100 }, { dbLatencyMs: 101 }, { dbLatencyMs: 501 }],
      ['db-cache', { cacheHitPercent: 95 }, { cacheHitPercent: 94.9 }, { cacheHitPercent: 89.9 }],
      ['db-connections', { dbConnections: 40 }, { dbConnections: 41 }, { dbConnections: 81 }],
      ['db-size', { dbSizeMb: 4096 }, { dbSizeMb: 4097 }, { dbSizeMb: 8193 }],
      ['provider-trust', { trustAverage: 70 }, { trustAverage: 69 }, { trustAverage: 49 }],
      ['provider-unhealthy', { unhealthyProviders: 0 }, { unhealthyProviders: 0 }, { unhealthyProviders: 1 }],
      ['provider-count', { providerCount: 2 }, { providerCount: 1 }, { providerCount: 0 }],
      ['gw-executions-24h', { executions24h: 0 }, { executions24h: 10_000_000 }, { executions24h: 10_000_000 }],
    ];
    for (const [id, edge, warn, crit] of cases) {
      const at = (p: Partial<MeterSamples> | null) => meterReport({ ...healthy, ...p });
      expect([id, meterOf(at(edge), id).status]).toEqual([id, 'healthy']);
      // app-uptime has no critical level; provider-unhealthy none below critical; gw-executions-24h is always healthy.
      const expectedWarn = id === 'provider-unhealthy' || id === 'gw-executions-24h' ? 'healthy' : 'warning';
      const expectedCrit = id === 'app-uptime' ? 'warning' : id === 'gw-executions-24h' ? 'healthy' : 'critical';
      const w = at(warn);
      const c = at(crit);
      expect([id, meterOf(w, id).status, meterOf(c, id).status]).toEqual([id, expectedWarn, expectedCrit]);
      expect(w.overallStatus).toBe(expectedWarn);
      expect(c.overallStatus).toBe(expectedCrit);
      if (expectedCrit !== 'healthy') {
        expect(c.actionItems).toEqual([{ meterId: id, category: meterOf(c, id).category, label: meterOf(c, id).label, severity: expectedCrit, action: expect.any(String) }]);
        expect(meterOf(c, id).action).toEqual(c.actionItems[0].action);
      }
    }
    // Not collected: N/A and unknown, which counts as healthy overall.
    const none = meterReport({ ...healthy, trustAverage: null, unhealthyProviders: null });
    expect(meterOf(none, 'provider-trust')).toMatchObject({ value: 'N/A', status: 'unknown', action: null });
    expect(none.overallStatus).toBe('healthy');
    expect(none.summary.unknown).toBe(2);
  });

  it('reports the database meters N/A with db-latency critical when PostgreSQL is unreachable', async () => {
    const target = new URL(process.env.TEST_DATABASE_URL as string);
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((client) => {
      const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', () => resolve()));
    const proxied = new URL(target.toString());
    proxied.hostname = '127.0.0.1';
    proxied.port = String((proxy.address() as { port: number }).port);
    const cut = await startStack({ env: { DATABASE_URL: proxied.toString(), AUTH_CACHE_TTL_MS: '120000', BREAKER_HEALTH_SCHEDULE: 'false' } });
    try {
      const c = await cut.createCompany();
      const root = await cut.addUser(c.companyId, 'SUPER_ADMIN');
      const token = await cut.login(root.email, root.password);
      expect((await cut.http<Any>('GET', '/api/admin/performance-meter', { token })).body.overallStatus).toEqual(expect.any(String));

      // PostgreSQL goes away: the proxy stops accepting and drops every open connection.
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
      const started = Date.now();
      const res = await cut.http<Any>('GET', '/api/admin/performance-meter', { token });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(res.status).toBe(200);
      expect(meterOf(res.body, 'db-latency')).toMatchObject({ value: 'N/A', status: 'critical', details: 'The database is unreachable', action: expect.any(String) });
      for (const id of ['db-cache', 'db-connections', 'db-size', 'provider-count', 'gw-executions-24h']) {
        expect([id, meterOf(res.body, id).value, meterOf(res.body, id).status]).toEqual([id, 'N/A', 'unknown']);
      }
      expect(meterOf(res.body, 'app-memory').value).toEqual(expect.any(Number));
      expect(res.body.overallStatus).toBe('critical');
      expect(res.body.actionItems[0]).toMatchObject({ meterId: 'db-latency', category: 'database', severity: 'critical' });
    } finally {
      await cut.stop().catch(() => {});
      proxy.close();
    }
  }, 120_000);
});
