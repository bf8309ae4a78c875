import { type Stack, type TestCompany, startStack } from '../support/stack';

/**
 * Synthetic analytics, export and ranking over seeded log entries (issue 13, part 5): every number
 * below was worked out by hand from the four entries of the last hour and the one of two days ago.
 */
let stack: Stack;
let co: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  stack = await startStack();
  co = await stack.createCompany({ withSimulator: false });
  other = await stack.createCompany({ withSimulator: false });
  const now = Date.now();
  const net = (connectMs: number | null, dnsMs: number | null, error: string | null = null) =>
    JSON.stringify({ method: 'tcp-connect', host: 'provider.example', port: 443, connectMs, dnsMs, error });
  const entry = (n: number, o: Record<string, unknown>, agoMs = 60_000) => ({
    company_id: co.companyId,
    run_key: `seed-${n}`,
    provider_id: null,
    status: 'SUCCESS',
    tokens_used: 0,
    cost_estimate: 0,
    attack_detected: false,
    kpi_compliant: false,
    protection_mode: 'none',
    category: 'functional',
    started_at: new Date(now - agoMs),
    completed_at: new Date(now - agoMs + 1000),
    ...o,
  });
  await stack.container.db('synthetic_execution_logs').insert([
    entry(1, { provider: 'A', model: 'm1', response_time_sec: 1, tokens_used: 100, cost_estimate: 0.01, kpi_compliant: true, kpi_metrics: JSON.stringify({ overallScore: 0.8 }), network_metrics: net(0.5, 2) }),
    entry(2, { provider: 'A', model: 'm1', status: 'FAILED', response_time_sec: 3, category: 'security', protection_mode: 'STANDARD_INJECTION_GUARD', protective_prompt_id: 'STANDARD_INJECTION_GUARD' }),
    entry(3, { provider: 'B', model: 'm2', response_time_sec: 2, tokens_used: 50, cost_estimate: 0.04, kpi_metrics: JSON.stringify({ overallScore: 0.4 }), network_metrics: net(1.5, null) }),
    // A connect that failed: measured nothing, so it counts in neither average.
    entry(4, { provider: 'B', model: 'm2', response_time_sec: 2, tokens_used: 150, cost_estimate: 0.02, category: 'security', attack_detected: true, network_metrics: net(null, 4, 'ECONNREFUSED') }),
    entry(5, { provider: 'A', model: 'm1', response_time_sec: 5, tokens_used: 10, cost_estimate: 0.5, network_metrics: net(100, null) }, 2 * 86_400_000),
  ]);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

test('analytics for 24h: every group equals the hand-computed values', async () => {
  const res = await stack.http<Record<string, any>>('GET', '/api/v1/synthetic/analytics?range=24h', { token: co.gatewayKey });
  expect(res.status).toBe(200);
  const b = res.body;
  const byName = (p: { provider: string }) => p.provider;
  expect([...b.providerStats].sort((x: { provider: string }, y: { provider: string }) => byName(x).localeCompare(byName(y)))).toEqual([
    { provider: 'A', model: 'm1', totalExecutions: 2, successRate: 0.5, kpiComplianceRate: 0.5, avgResponseTime: 2, avgTokensUsed: 50, totalCost: 0.01, avgQualityScore: 0.8 },
    { provider: 'B', model: 'm2', totalExecutions: 2, successRate: 1, kpiComplianceRate: 0, avgResponseTime: 2, avgTokensUsed: 100, totalCost: 0.06, avgQualityScore: 0.4 },
  ]);
  expect(b.qualityMetrics).toEqual({ avgQualityScore: 0.6, avgResponseTime: 2, successRate: 0.75 });
  expect(b.kpiCompliance).toMatchObject({ totalCompliant: 1, totalNonCompliant: 3, complianceRate: 0.25 });
  expect(b.costAnalysis).toMatchObject({ totalCost: 0.07, avgCostPerExecution: 0.0175 });
  expect(b.costAnalysis.costByProvider).toEqual(expect.arrayContaining([{ provider: 'A/m1', cost: 0.01 }, { provider: 'B/m2', cost: 0.06 }]));
  expect(b.protectionMetrics.byMode).toEqual(
    expect.arrayContaining([
      { mode: 'none', total: 3, detectionRate: 0.3333, sanitizeRetryRate: 0, avgResponseTime: 1.6667 },
      { mode: 'STANDARD_INJECTION_GUARD', total: 1, detectionRate: 0, sanitizeRetryRate: 0, avgResponseTime: 3 },
    ]),
  );
  expect(b.protectionMetrics.byTemplate).toEqual([{ templateId: 'STANDARD_INJECTION_GUARD', total: 1, detectionRate: 0, avgResponseTime: 3 }]);
  // Round trip = mean TCP connect time of the entries that measured one: (0.5 + 1.5) / 2; DNS (2 + 4) / 2; hops never measured.
  expect(b.networkMetrics).toEqual({ avgRttMs: 1, avgRouteHops: null, avgCrossBorderHops: null, avgHopLatencyMs: null, avgDnsMs: 3, measuredExecutions: 2, method: 'tcp-connect' });
  expect(b.metadata).toMatchObject({ totalExecutions: 4, timeRange: '24h', hasData: true });

  const week = await stack.http<Record<string, any>>('GET', '/api/v1/synthetic/analytics?range=7d', { token: co.gatewayKey });
  expect(week.body.metadata.totalExecutions).toBe(5);
  expect(week.body.networkMetrics).toMatchObject({ avgRttMs: 34, measuredExecutions: 3 });
  const none = await stack.http<Record<string, any>>('GET', '/api/v1/synthetic/analytics?range=1h', { token: other.gatewayKey });
  expect(none.body.metadata).toMatchObject({ totalExecutions: 0, hasData: false });
  expect(none.body.networkMetrics).toMatchObject({ avgRttMs: null, avgDnsMs: null, measuredExecutions: 0 });
  const bad = await stack.http<{ code: string }>('GET', '/api/v1/synthetic/analytics?range=2h', { token: co.gatewayKey });
  expect(bad.status).toBe(400);
  expect(bad.body.code).toBe('VALIDATION_ERROR');
});

test('export as csv and json', async () => {
  const csv = await stack.http<string>('GET', '/api/v1/synthetic/analytics/export?format=csv&range=24h', { token: co.gatewayKey });
  expect(csv.status).toBe(200);
  expect(csv.headers.get('content-type')).toContain('text/csv');
  expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="synthetic-analytics-24h-.*\.csv"$/);
  const lines = csv.body.trim().split('\n');
  expect(lines[0]).toBe('provider,model,totalExecutions,successRate,kpiComplianceRate,avgResponseTime,avgTokensUsed,totalCost,avgQualityScore');
  expect(lines.slice(1).sort()).toEqual(['A,m1,2,0.5,0.5,2,50,0.01,0.8', 'B,m2,2,1,0,2,100,0.06,0.4']);
  const json = await stack.http<Record<string, any>>('GET', '/api/v1/synthetic/analytics/export?format=json&range=7d', { token: co.gatewayKey });
  expect(json.headers.get('content-type')).toContain('application/json');
  const parsed = typeof json.body === 'string' ? JSON.parse(json.body) : json.body;
  expect(parsed.metadata.totalExecutions).toBe(5);
});

test('ranking by the documented score', async () => {
  const res = await stack.http<{ rankings: unknown[] }>('POST', '/api/v1/synthetic/ranking', { token: co.gatewayKey, body: { timeRange: '24h' } });
  expect(res.status).toBe(200);
  // A: 0.4*0.5 + 0.25*1 + 0.2*1 + 0.15*1 = 0.8; B: 0.4*1 + 0.25*0 + 0.2*1 + 0.15*(0.005/0.03) = 0.625
  expect(res.body.rankings).toEqual([
    { provider: 'A', model: 'm1', score: 80, metrics: { successRate: 0.5, avgResponseTime: 2, attackBlockRate: 1, costEfficiency: 1 } },
    { provider: 'B', model: 'm2', score: 62.5, metrics: { successRate: 1, avgResponseTime: 2, attackBlockRate: 0, costEfficiency: 0.1667 } },
  ]);
  // functional only: no security probes, so attackBlockRate's weight is spread: A (0.4+0.2+0.15)/0.75 = 1; B (0.4+0.2*0.5+0.15*0.25)/0.75
  const functional = await stack.http<{ rankings: { score: number; metrics: { attackBlockRate: null } }[] }>('POST', '/api/v1/synthetic/ranking', {
    token: co.gatewayKey,
    body: { timeRange: '24h', category: 'functional', limit: 1 },
  });
  expect(functional.body.rankings).toHaveLength(1);
  expect(functional.body.rankings[0]).toMatchObject({ provider: 'A', score: 100, metrics: { attackBlockRate: null } });
  const two = await stack.http<{ rankings: { provider: string; score: number }[] }>('POST', '/api/v1/synthetic/ranking', { token: co.gatewayKey, body: { timeRange: '24h', category: 'functional' } });
  expect(two.body.rankings[1]).toMatchObject({ provider: 'B', score: Math.round(((0.4 + 0.1 + 0.0375) / 0.75) * 10_000) / 100 });
});
