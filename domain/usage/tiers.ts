/**
 * Advisory subscription tiers (spec document 3: STARTER, PROFESSIONAL, ENTERPRISE) and the limits a
 * subscription gets when it is created without its own. STARTER's are the spec's rate-limit status
 * example (500 an hour, 5,000 a day); each higher tier is ten times the one below.
 */
export const SUBSCRIPTION_TIERS = ['STARTER', 'PROFESSIONAL', 'ENTERPRISE'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const TIER_DEFAULT_LIMITS: Record<SubscriptionTier, { hourly: number; daily: number }> = {
  STARTER: { hourly: 500, daily: 5_000 },
  PROFESSIONAL: { hourly: 5_000, daily: 50_000 },
  ENTERPRISE: { hourly: 50_000, daily: 500_000 },
};

/** What a metered advisory request was (docs/API.md says which endpoint records which). */
export const USAGE_REQUEST_TYPES = ['ROUTING_ADVICE', 'PROVIDER_HEALTH', 'COST_ESTIMATE'] as const;
export type UsageRequestType = (typeof USAGE_REQUEST_TYPES)[number];
