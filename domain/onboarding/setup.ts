import { z } from 'zod';
import { PROVIDER_TYPES, type ProviderType } from '../providers';
import type { Permission, Role } from '../roles';
import { type PolicyJson, type Strategy, policyJsonSchema } from '../routing/policy';

/**
 * The onboarding wizard's configuration (spec document 3, "Onboarding configuration") and what it
 * turns into, as pure functions: the validation with field → messages for the 422, and the plan
 * services/onboarding applies in one transaction. Mapping choices are in docs/API.md.
 */
export const USE_CASES = ['compliant_access', 'prompt_libraries', 'ai_development', 'routing_gateway', 'api_execution', 'data_protection'] as const;
export const ORGANIZATION_TYPES = ['tech', 'finance', 'healthcare', 'government', 'legal', 'education', 'other'] as const;
export const FRAMEWORKS = ['GDPR', 'HIPAA', 'SOC2', 'ISO27001', 'PCI_DSS', 'none'] as const;
/** The spec shows only allow; block and none complete the list (docs/API.md). */
export const GEO_MODES = ['allow', 'block', 'none'] as const;
export const TEAM_SIZES = ['individual', 'small', 'department', 'enterprise'] as const;
export const ONBOARDING_ROLES = ['admins', 'developers', 'business_users', 'security'] as const;
export const PROVIDER_ACCESS = ['platform', 'byok', 'mixed'] as const;
export const ROUTING_PRIORITIES = ['cost', 'quality', 'speed', 'security', 'balanced'] as const;
export const PROVIDER_RESTRICTIONS = ['all', 'major', 'custom'] as const;
export const SANITIZATION_MODES = ['automatic', 'manual', 'disabled'] as const;
export const DATA_RETENTION = ['7', '30', '90', 'custom'] as const;
export const BUDGET_MODES = ['per_user', 'company', 'none'] as const;
export const MAJOR_PROVIDERS: readonly ProviderType[] = ['OPENAI', 'ANTHROPIC', 'GOOGLE'];

const oneOf = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` });
const days = z.number({ error: 'must be a number of days' }).int('must be a whole number of days').min(1, 'must be at least 1 day').max(3650, 'must be at most 3650 days');
const code = z.string().trim().min(1).max(64);

export const setupSchema = z
  .object({
    useCases: z.array(oneOf(USE_CASES, 'useCases'), { error: 'useCases is required' }).min(1, 'select at least one use case'),
    organizationType: oneOf(ORGANIZATION_TYPES, 'organizationType'),
    complianceFrameworks: z.array(oneOf(FRAMEWORKS, 'complianceFrameworks'), { error: 'complianceFrameworks is required' }),
    geoProcessing: z.object(
      {
        mode: oneOf(GEO_MODES, 'geoProcessing.mode'),
        regions: z.array(code).max(50).default([]),
        countries: z.array(code).max(250).default([]),
      },
      { error: 'geoProcessing is required' },
    ),
    teamSize: oneOf(TEAM_SIZES, 'teamSize'),
    enableProjects: z.boolean({ error: 'enableProjects must be a boolean' }),
    roles: z.array(oneOf(ONBOARDING_ROLES, 'roles'), { error: 'roles is required' }),
    providerAccess: oneOf(PROVIDER_ACCESS, 'providerAccess'),
    routingPriority: oneOf(ROUTING_PRIORITIES, 'routingPriority'),
    providerRestriction: oneOf(PROVIDER_RESTRICTIONS, 'providerRestriction'),
    customAllowedProviders: z.array(z.string().trim().min(1).max(64)).max(20).optional(),
    sanitizationMode: oneOf(SANITIZATION_MODES, 'sanitizationMode'),
    encryptionEnabled: z.boolean({ error: 'encryptionEnabled must be a boolean' }),
    dataRetention: oneOf(DATA_RETENTION, 'dataRetention'),
    customRetention: z.object({ dataRetentionDays: days, promptLogRetentionDays: days, responseRetentionDays: days }).optional(),
    budgetMode: oneOf(BUDGET_MODES, 'budgetMode'),
    budgetAmount: z.number({ error: 'budgetAmount must be a number' }).positive('budgetAmount must be a positive monthly amount').max(1e9).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.providerRestriction === 'custom') {
      if (!v.customAllowedProviders?.length) {
        ctx.addIssue({ code: 'custom', path: ['customAllowedProviders'], message: 'customAllowedProviders is required when providerRestriction is custom' });
      } else {
        for (const p of v.customAllowedProviders) {
          if (!(PROVIDER_TYPES as readonly string[]).includes(p.toUpperCase())) {
            ctx.addIssue({ code: 'custom', path: ['customAllowedProviders'], message: `unknown provider ${p}; allowed: ${PROVIDER_TYPES.join(', ')}` });
          }
        }
      }
    }
    if (v.dataRetention === 'custom' && !v.customRetention) {
      ctx.addIssue({ code: 'custom', path: ['customRetention'], message: 'customRetention is required when dataRetention is custom' });
    }
    if (v.complianceFrameworks.includes('none') && v.complianceFrameworks.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['complianceFrameworks'], message: 'none cannot be combined with a framework' });
    }
  });
export type SetupConfig = z.output<typeof setupSchema>;

/** zod issues → {field: [messages]} (the top-level field; nested paths are named in the message). */
export function validationDetails(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'body');
    const nested = issue.path.length > 1 ? `${issue.path.slice(1).join('.')}: ` : '';
    const message = issue.code === 'invalid_type' && issue.input === undefined && issue.path.length === 1 ? `${field} is required` : `${nested}${issue.message}`;
    out[field] = [...(out[field] ?? []), message];
  }
  return out;
}

const STRATEGY: Record<SetupConfig['routingPriority'], Strategy> = {
  cost: 'LOWEST_COST',
  quality: 'HIGHEST_QUALITY',
  speed: 'LOWEST_LATENCY',
  security: 'BALANCED',
  balanced: 'BALANCED',
};

interface ProfileSpec {
  name: string;
  memberRole: Role;
  permissions: Permission[];
}
export const ACCESS_PROFILES: Record<(typeof ONBOARDING_ROLES)[number], ProfileSpec> = {
  admins: { name: 'Administrators', memberRole: 'ADMIN', permissions: ['gateway.execute', 'providers.manage', 'users.manage', 'api_keys.manage', 'routing.policies.edit', 'audit.view', 'usage.view'] },
  developers: { name: 'Developers', memberRole: 'MEMBER', permissions: ['gateway.execute', 'batch.use', 'providers.view', 'routing.policies.view'] },
  business_users: { name: 'Business users', memberRole: 'MEMBER', permissions: ['gateway.execute'] },
  security: { name: 'Security', memberRole: 'SECURITY_CUSTODIAN', permissions: ['audit.view', 'shield.use', 'shield.keys.manage', 'holds.review'] },
};

export interface OnboardingPlan {
  company: {
    gdprCompliant: boolean;
    encryptionEnabled: boolean;
    hipaaModeEnabled: boolean;
    dataRetentionDays: number;
    promptLogRetentionDays: number;
    defaultResponseRetentionDays: number;
  };
  routingPolicy: { name: string; policyJson: PolicyJson };
  providerAccess: { accessMode: string; restriction: string; allowedProviderTypes: ProviderType[] };
  accessProfiles: Array<{ roleKey: string } & ProfileSpec>;
  chatRolePolicies: Array<{ roleKey: string; allowedProviderTypes: ProviderType[]; sanitizationMode: string; mayUseProjects: boolean }>;
  geofencing: { mode: string; regions: string[]; countries: string[] };
  budget: { mode: string; monthlyAmountUsd: number | null };
  warnings: string[];
}

export const ONBOARDING_POLICY_NAME = 'Onboarding policy';

/** What the configuration creates; activeProviderTypes (the company's) only feed warnings. */
export function planOnboarding(c: SetupConfig, activeProviderTypes: readonly string[]): OnboardingPlan {
  const frameworks = c.complianceFrameworks.filter((f) => f !== 'none') as Array<Exclude<SetupConfig['complianceFrameworks'][number], 'none'>>;
  const allowed: ProviderType[] =
    c.providerRestriction === 'all'
      ? [...PROVIDER_TYPES]
      : c.providerRestriction === 'major'
        ? [...MAJOR_PROVIDERS]
        : [...new Set((c.customAllowedProviders ?? []).map((p) => p.toUpperCase() as ProviderType))];
  const retention =
    c.dataRetention === 'custom' && c.customRetention
      ? { data: c.customRetention.dataRetentionDays, prompt: c.customRetention.promptLogRetentionDays, response: c.customRetention.responseRetentionDays }
      : { data: Number(c.dataRetention), prompt: Number(c.dataRetention), response: Number(c.dataRetention) };
  const geo = {
    allowedRegions: c.geoProcessing.mode === 'allow' ? c.geoProcessing.regions.map((r) => r.toUpperCase()) : [],
    allowedCountries: c.geoProcessing.mode === 'allow' ? c.geoProcessing.countries.map((r) => r.toUpperCase()) : [],
    blockedRegions: c.geoProcessing.mode === 'block' ? c.geoProcessing.regions.map((r) => r.toUpperCase()) : [],
    blockedCountries: c.geoProcessing.mode === 'block' ? c.geoProcessing.countries.map((r) => r.toUpperCase()) : [],
    // security priority routes only to providers attested for every chosen framework.
    requireCompliance: c.routingPriority === 'security' ? frameworks : [],
  };
  const policyJson = policyJsonSchema.parse({
    name: ONBOARDING_POLICY_NAME,
    scope: 'company',
    strategy: STRATEGY[c.routingPriority],
    sanitization: { mode: c.sanitizationMode, allowedTriggers: c.sanitizationMode === 'disabled' ? [] : ['prompt', 'api'] },
    ...(c.routingPriority === 'security' ? { preferences: { weights: { latency: 0.1, cost: 0.1, quality: 0.3, stability: 0.5 } } } : {}),
    geoFenceRules: geo,
    providerDenyList: PROVIDER_TYPES.filter((t) => !allowed.includes(t)),
  });

  const warnings: string[] = [];
  const reachable = activeProviderTypes.filter((t) => allowed.includes(t as ProviderType));
  if (!reachable.length) warnings.push(`No active provider of the company is of an allowed type (${allowed.join(', ')}): executions will find no provider until one is added`);
  if (c.budgetMode !== 'none' && c.budgetAmount === undefined) warnings.push(`budgetMode ${c.budgetMode} without budgetAmount: spend is counted but not capped`);
  if (frameworks.includes('HIPAA') && !c.encryptionEnabled) warnings.push('HIPAA selected with encryption disabled: enable encryption at rest for health data');
  if ((frameworks.includes('GDPR') || frameworks.includes('HIPAA')) && c.sanitizationMode === 'disabled') {
    warnings.push('Sanitization is disabled although GDPR or HIPAA is selected: personal data reaches providers unmodified');
  }
  if (c.providerAccess !== 'platform') warnings.push(`providerAccess ${c.providerAccess}: add your own provider credentials under /api/v1/providers`);

  return {
    company: {
      gdprCompliant: frameworks.includes('GDPR'),
      encryptionEnabled: c.encryptionEnabled,
      hipaaModeEnabled: frameworks.includes('HIPAA'),
      dataRetentionDays: retention.data,
      promptLogRetentionDays: retention.prompt,
      defaultResponseRetentionDays: retention.response,
    },
    routingPolicy: { name: ONBOARDING_POLICY_NAME, policyJson },
    providerAccess: { accessMode: c.providerAccess, restriction: c.providerRestriction, allowedProviderTypes: allowed },
    accessProfiles: c.roles.map((roleKey) => ({ roleKey, ...ACCESS_PROFILES[roleKey] })),
    chatRolePolicies: c.roles.map((roleKey) => ({
      roleKey,
      allowedProviderTypes: allowed,
      // Business users never see raw personal data unless sanitization is off for everyone.
      sanitizationMode: roleKey === 'business_users' && c.sanitizationMode === 'manual' ? 'automatic' : c.sanitizationMode,
      mayUseProjects: c.enableProjects && roleKey !== 'business_users',
    })),
    geofencing: { mode: c.geoProcessing.mode, regions: geo.allowedRegions.length ? geo.allowedRegions : geo.blockedRegions, countries: geo.allowedCountries.length ? geo.allowedCountries : geo.blockedCountries },
    budget: { mode: c.budgetMode, monthlyAmountUsd: c.budgetMode === 'none' ? null : (c.budgetAmount ?? null) },
    warnings,
  };
}
