import {
  complianceOf,
  costBreakdown,
  distribution,
  isShapeB,
  loadBalancingStrategy,
  missingShapeBFields,
  tierLimit,
  triggerConditionAt,
  modelServes,
} from '../../domain/routing/advisory';

describe('routing advisory shapes', () => {
  it('tells shape B by requestId, a prompt object or a context object', () => {
    expect(isShapeB({ input: 'hello' })).toBe(false);
    expect(isShapeB({ input: 'hello', prompt: 'a string is not shape B' })).toBe(false);
    expect(isShapeB({ requestId: 'r1', prompt: { text: 'x', type: 'chat' } })).toBe(true);
    expect(isShapeB({ prompt: { text: 'x' } })).toBe(true);
    expect(isShapeB({ context: {} })).toBe(true);
    expect(isShapeB(null)).toBe(false);
  });

  it('lists the missing required fields of shape B', () => {
    expect(missingShapeBFields({ requestId: 'r', prompt: { text: ' ' }, context: { userId: 'u', tier: 'free' } })).toEqual([
      'prompt.text',
      'prompt.type',
      'context.companyId',
    ]);
    expect(
      missingShapeBFields({ requestId: 'r', prompt: { text: 't', type: 'chat' }, context: { userId: 'u', companyId: 'c', tier: 'free' } }),
    ).toEqual([]);
  });

  it('limits per tier, enterprise unlimited', () => {
    const limits = { free: 500, standard: 5000, professional: 50000 };
    expect(tierLimit('free', limits)).toBe(500);
    expect(tierLimit('standard', limits)).toBe(5000);
    expect(tierLimit('Professional', limits)).toBe(50000);
    expect(tierLimit('enterprise', limits)).toBeNull();
    expect(tierLimit('something-else', limits)).toBe(500);
  });
});

describe('shape B figures', () => {
  it('prices a request', () => {
    expect(costBreakdown({ inputPricePerMillion: 2, outputPricePerMillion: 10 }, 1000, 500)).toEqual({
      inputTokens: 0.002,
      outputTokens: 0.005,
      apiCalls: 1,
      totalCost: 0.007,
    });
  });

  it('spreads load in whole percentages that sum to 100', () => {
    const options = [
      { provider: 'a', compositeScore: 0.9, latencyMs: 100, costPerRequest: 0.01 },
      { provider: 'b', compositeScore: 0.6, latencyMs: 300, costPerRequest: 0.001 },
      { provider: 'c', compositeScore: 0.3, latencyMs: 200, costPerRequest: 0.002 },
    ];
    expect(distribution('round_robin', options)).toEqual({ a: 34, b: 33, c: 33 });
    const weighted = distribution('weighted', options);
    expect(Object.values(weighted).reduce((x, y) => x + y, 0)).toBe(100);
    expect(weighted.a).toBeGreaterThan(weighted.b!);
    const fast = distribution('least_latency', options);
    expect(fast.a).toBeGreaterThan(fast.c!);
    expect(fast.c).toBeGreaterThan(fast.b!);
    const cheap = distribution('cost_optimized', options);
    expect(cheap.b).toBeGreaterThan(cheap.c!);
    expect(distribution('weighted', [])).toEqual({});
  });

  it('picks the balancing strategy from the policy and priority', () => {
    expect(loadBalancingStrategy('realtime', 'BALANCED')).toBe('least_latency');
    expect(loadBalancingStrategy('batch', 'BALANCED')).toBe('cost_optimized');
    expect(loadBalancingStrategy(undefined, 'BALANCED')).toBe('weighted');
    expect(loadBalancingStrategy('realtime', 'ROUND_ROBIN')).toBe('round_robin');
  });

  it('names trigger conditions and compliance', () => {
    expect([0, 1, 2, 3, 4, 5].map(triggerConditionAt)).toEqual([
      'primary_error',
      'primary_timeout',
      'rate_limit',
      'availability',
      'quality_degradation',
      'primary_error',
    ]);
    expect(complianceOf({ region: 'EU', country: 'DE', compliance: ['GDPR', 'SOC2'] })).toEqual({
      dataResidency: 'DE',
      gdprCompliant: true,
      hipaaCompliant: false,
      sox: true,
    });
  });
});

describe('modelServes (shape B vision and context window)', () => {
  it('refuses a model without vision when vision is asked for, and a known window that is too small', () => {
    expect(modelServes({ supportsVision: false, contextWindow: 128_000 }, { vision: true, tokens: 10 })).toEqual({ ok: false, reason: 'vision' });
    expect(modelServes({ supportsVision: true, contextWindow: 8_000 }, { vision: false, tokens: 8_001 })).toEqual({ ok: false, reason: 'context_window' });
    expect(modelServes({ supportsVision: true, contextWindow: 8_000 }, { vision: true, tokens: 8_000 })).toEqual({ ok: true });
  });

  it('lets an unknown window through (it cannot be ruled out)', () => {
    expect(modelServes({ supportsVision: false, contextWindow: null }, { vision: false, tokens: 5_000_000 })).toEqual({ ok: true });
    expect(modelServes(undefined, { vision: true, tokens: 1 })).toEqual({ ok: false, reason: 'vision' });
  });
});
