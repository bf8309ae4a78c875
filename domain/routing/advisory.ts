/**
 * The routing advisories' own rules (spec document 1, "Routing advisory"), pure: telling the two
 * request shapes apart, shape B's required fields and tier limits, and the figures shape B adds
 * to a ranking (cost analysis, trigger conditions, load balancing, compliance). The ranking itself
 * is routing's (domain/routing/rank.ts); nothing here scores candidates.
 */
export const ADVISORY_TIERS = ['enterprise', 'professional', 'standard', 'free'] as const;
export type AdvisoryTier = (typeof ADVISORY_TIERS)[number];
export const PROMPT_TYPES = ['completion', 'chat', 'embedding', 'image', 'code', 'analysis'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];
export const PRIORITIES = ['realtime', 'high', 'normal', 'low', 'batch'] as const;
export type Priority = (typeof PRIORITIES)[number];
export const ADVISORY_FEATURES = ['streaming', 'function_calling', 'vision', 'code_execution'] as const;
export type AdvisoryFeature = (typeof ADVISORY_FEATURES)[number];
export const TRIGGER_CONDITIONS = ['primary_error', 'primary_timeout', 'rate_limit', 'availability', 'quality_degradation'] as const;
export type TriggerCondition = (typeof TRIGGER_CONDITIONS)[number];
export const LOAD_BALANCING_STRATEGIES = ['round_robin', 'weighted', 'least_latency', 'cost_optimized'] as const;
export type LoadBalancingStrategy = (typeof LOAD_BALANCING_STRATEGIES)[number];

export const SHAPE_B_VERSION = '1.0.0';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Shape B when the body carries any of shape B's own keys: requestId, or prompt / context as
 * objects. Otherwise shape A ({input, routingPolicy?, policyId?}). Deciding on "any", not "all",
 * lets an incomplete shape B body get shape B's 400 with the list of missing fields.
 */
export function isShapeB(body: unknown): boolean {
  if (!isObject(body)) return false;
  return 'requestId' in body || isObject(body.prompt) || isObject(body.context);
}

const REQUIRED_B: ReadonlyArray<readonly string[]> = [
  ['requestId'],
  ['prompt', 'text'],
  ['prompt', 'type'],
  ['context', 'userId'],
  ['context', 'companyId'],
  ['context', 'tier'],
];

/** Shape B's required fields that are absent, null or empty strings, as dotted paths. */
export function missingShapeBFields(body: unknown): string[] {
  const missing: string[] = [];
  for (const path of REQUIRED_B) {
    let v: unknown = body;
    for (const key of path) v = isObject(v) ? v[key] : undefined;
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) missing.push(path.join('.'));
  }
  return missing;
}

export interface TierLimits {
  free: number;
  standard: number;
  professional: number;
}

/** Requests per hour for a tier; null = unlimited (enterprise). Unknown tiers get the free limit. */
export function tierLimit(tier: string, limits: TierLimits): number | null {
  switch (tier.toLowerCase()) {
    case 'enterprise':
      return null;
    case 'professional':
      return limits.professional;
    case 'standard':
      return limits.standard;
    default:
      return limits.free;
  }
}

/** Our tier names for the company's stored tier (packages use the same words). */
export function advisoryTierOf(companyTier: string): AdvisoryTier {
  const t = companyTier.toLowerCase();
  return (ADVISORY_TIERS as readonly string[]).includes(t) ? (t as AdvisoryTier) : 'free';
}

/** Output tokens to expect when the caller does not say: embeddings return none, images a fixed budget. */
export function expectedOutputTokens(type: PromptType, inputTokens: number): number {
  switch (type) {
    case 'embedding':
      return 0;
    case 'image':
      return 1000;
    case 'analysis':
    case 'code':
      return Math.max(256, Math.min(4000, inputTokens * 2));
    default:
      return Math.max(128, Math.min(2000, inputTokens));
  }
}

export interface Priced {
  inputPricePerMillion: number;
  outputPricePerMillion: number;
}

/** costBreakdown: inputTokens and outputTokens are USD for those tokens, apiCalls the number of provider calls, totalCost USD. */
export function costBreakdown(p: Priced, inputTokens: number, outputTokens: number) {
  const input = (inputTokens * p.inputPricePerMillion) / 1e6;
  const output = (outputTokens * p.outputPricePerMillion) / 1e6;
  return { inputTokens: usd(input), outputTokens: usd(output), apiCalls: 1, totalCost: usd(input + output) };
}

export const usd = (n: number) => Math.round(n * 1e8) / 1e8;

/** Fallback i takes over on TRIGGER_CONDITIONS[i] (then the list repeats). */
export function triggerConditionAt(index: number): TriggerCondition {
  return TRIGGER_CONDITIONS[index % TRIGGER_CONDITIONS.length]!;
}

/** How to spread traffic: the policy's rotation, else by priority (fast for realtime, cheap for batch), else by score. */
export function loadBalancingStrategy(priority: Priority | undefined, policyStrategy: string): LoadBalancingStrategy {
  if (policyStrategy === 'ROUND_ROBIN') return 'round_robin';
  if (priority === 'realtime' || priority === 'high') return 'least_latency';
  if (priority === 'low' || priority === 'batch') return 'cost_optimized';
  return 'weighted';
}

export interface BalanceOption {
  provider: string;
  compositeScore: number;
  latencyMs: number | null;
  costPerRequest: number;
}

/**
 * Percentages per provider name (integers summing to 100): round_robin even; weighted by composite
 * score (our capacity signal); least_latency by 1/latency; cost_optimized by 1/cost.
 */
export function distribution(strategy: LoadBalancingStrategy, options: readonly BalanceOption[]): Record<string, number> {
  if (!options.length) return {};
  const weightOf = (o: BalanceOption): number => {
    switch (strategy) {
      case 'round_robin':
        return 1;
      case 'weighted':
        return Math.max(0.01, o.compositeScore);
      case 'least_latency':
        return 1 / Math.max(1, o.latencyMs ?? 1000);
      case 'cost_optimized':
        return 1 / Math.max(1e-9, o.costPerRequest);
    }
  };
  const byProvider = new Map<string, number>();
  for (const o of options) byProvider.set(o.provider, (byProvider.get(o.provider) ?? 0) + weightOf(o));
  const total = [...byProvider.values()].reduce((a, b) => a + b, 0);
  const entries = [...byProvider.entries()].map(([name, w]) => ({ name, exact: (w / total) * 100 }));
  // Largest remainder, so the shares are whole numbers that add up to exactly 100.
  const floors = entries.map((e) => ({ ...e, share: Math.floor(e.exact) }));
  let left = 100 - floors.reduce((a, e) => a + e.share, 0);
  for (const e of [...floors].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)))) {
    if (left <= 0) break;
    e.share++;
    left--;
  }
  return Object.fromEntries(floors.map((e) => [e.name, e.share]));
}

/** compliance of the recommended provider; sox is read from a SOC2 attestation (what SOX audits rely on) or an explicit SOX tag. */
export function complianceOf(p: { region: string | null; country: string | null; compliance: readonly string[] }) {
  const has = (c: string) => p.compliance.some((x) => x.toUpperCase() === c);
  return {
    dataResidency: p.country ?? p.region ?? 'unknown',
    gdprCompliant: has('GDPR'),
    hipaaCompliant: has('HIPAA'),
    sox: has('SOX') || has('SOC2'),
  };
}

/** Compliance frameworks an industry implies (context.industry); unknown industries imply none. */
export function industryCompliance(industry: string | undefined): string[] {
  switch (industry?.trim().toLowerCase()) {
    case 'healthcare':
    case 'health':
    case 'medical':
      return ['HIPAA'];
    case 'finance':
    case 'financial':
    case 'banking':
      return ['SOC2'];
    case 'payments':
      return ['PCI_DSS'];
    default:
      return [];
  }
}

// ---- Shape B requirements.features and the context window ----

/** Prompt + expected response at or above this many tokens is "long context": an unknown window is then worth a warning. */
export const LONG_CONTEXT_TOKENS = 32_000;

/**
 * Features the stored provider/model records cannot tell, and why. A provider model records its
 * name, prices, contextWindow, supportsVision and specializations; nothing else. Only `vision`
 * (supportsVision) is checked; these three are answered with a warning, never a silent pass.
 */
export const UNVERIFIABLE_FEATURES: Readonly<Record<Exclude<AdvisoryFeature, 'vision'>, string>> = {
  streaming:
    'not recorded per model (every supported provider API streams, but not every model), and the Gatehouse gateway answers unstreamed',
  function_calling: 'not recorded per model (provider model records hold no tool-calling flag), and the Gatehouse gateway forwards no tool definitions',
  code_execution: 'a provider-hosted tool, not recorded per model, that the Gatehouse gateway does not expose',
};

export interface ModelFacts {
  supportsVision: boolean;
  /** Tokens the model accepts (prompt + response); null when the provider record does not say. */
  contextWindow: number | null;
}

/**
 * Whether a model can serve the request on what its record says: vision when asked for, and a known
 * context window no smaller than prompt + expected response tokens. An unknown window passes (it
 * cannot be ruled out); the caller warns when that matters (LONG_CONTEXT_TOKENS).
 */
export function modelServes(facts: ModelFacts | undefined, need: { vision: boolean; tokens: number }): { ok: boolean; reason?: 'vision' | 'context_window' } {
  if (need.vision && !facts?.supportsVision) return { ok: false, reason: 'vision' };
  if (facts?.contextWindow != null && facts.contextWindow < need.tokens) return { ok: false, reason: 'context_window' };
  return { ok: true };
}
