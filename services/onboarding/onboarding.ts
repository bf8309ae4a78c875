import type { Db } from '../../db/connection';
import { ONBOARDING_POLICY_NAME, planOnboarding, setupSchema, validationDetails } from '../../domain/onboarding/setup';
import type { Principal } from '../../domain/principal';
import type { Role } from '../../domain/roles';
import { ApiError } from '../../lib/errors';
import type { AuditService } from '../audit/audit';
import type { RoutingPolicyService } from '../routing/policies';

/**
 * The onboarding wizard (spec document 3): GET the current setup, POST a configuration that is
 * applied in ONE database transaction (company state, routing policy as the company default,
 * provider access, access profiles, chat role policies, geofencing, budget, audit entry): a
 * failure anywhere leaves nothing behind. A new setup replaces the previous one. POST skip records
 * that the wizard was skipped. Retention is enforced by the daily retention schedule
 * (services/onboarding/retention.ts).
 */
const ONBOARDING_ROLES: ReadonlySet<Role> = new Set<Role>(['ACCOUNT_OWNER', 'ACCOUNT_ADMIN', 'ADMIN', 'SUPER_ADMIN']);

function requireRole(principal: Principal): void {
  if (!principal.role || !ONBOARDING_ROLES.has(principal.role)) throw ApiError.forbidden('Insufficient permissions');
}

export class OnboardingService {
  constructor(private readonly deps: { db: Db; audit: AuditService; routingPolicies: RoutingPolicyService; budgets?: { forget(companyId: string): void } }) {}

  async get(principal: Principal) {
    requireRole(principal);
    const db = this.deps.db;
    const companyId = principal.companyId;
    const [company, policy, access, profiles, geo, budget] = await Promise.all([
      db('companies').where({ id: companyId }).first(),
      db('routing_policies').where({ company_id: companyId, name: ONBOARDING_POLICY_NAME }).first('id', 'policy_json'),
      db('provider_access_policies').where({ company_id: companyId }).first('id'),
      db('access_profiles').where({ company_id: companyId }).orderBy('name').select('id', 'name'),
      db('geofencing_policies').where({ company_id: companyId }).first('id'),
      db('company_budgets').where({ company_id: companyId }).first(),
    ]);
    return {
      success: true,
      isConfigured: company.onboarding_status === 'CONFIGURED',
      company: {
        id: company.id,
        name: company.name,
        onboardingStatus: company.onboarding_status ?? 'NOT_STARTED',
        gdprCompliant: company.gdpr_compliant,
        encryptionEnabled: company.encryption_enabled,
        hipaaModeEnabled: company.hipaa_mode_enabled,
        dataRetentionDays: company.data_retention_days,
        promptLogRetentionDays: company.prompt_log_retention_days,
        defaultResponseRetentionDays: company.default_response_retention_days,
        budget: budget ? { mode: budget.mode, monthlyAmount: budget.monthly_amount_usd === null ? null : Number(budget.monthly_amount_usd) } : null,
      },
      routingPolicy: policy ? { id: policy.id, policyJson: policy.policy_json } : null,
      hasProviderAccessPolicy: Boolean(access),
      accessProfiles: profiles.map((p: { id: string; name: string }) => ({ id: p.id, name: p.name })),
      hasGeofencingPolicy: Boolean(geo),
    };
  }

  async setup(principal: Principal, body: unknown) {
    requireRole(principal);
    const parsed = setupSchema.safeParse(body ?? {});
    if (!parsed.success) throw new ApiError(422, 'VALIDATION_FAILED', 'Validation failed', validationDetails(parsed.error));
    const config = parsed.data;
    const companyId = principal.companyId;
    const db = this.deps.db;
    const activeTypes: string[] = await db('providers').where({ company_id: companyId, is_active: true }).distinct().pluck('type');
    const plan = planOnboarding(config, activeTypes);
    const now = new Date();

    const created = await db.transaction(async (trx) => {
      await trx('companies')
        .where({ id: companyId })
        .update({
          gdpr_compliant: plan.company.gdprCompliant,
          encryption_enabled: plan.company.encryptionEnabled,
          hipaa_mode_enabled: plan.company.hipaaModeEnabled,
          data_retention_days: plan.company.dataRetentionDays,
          prompt_log_retention_days: plan.company.promptLogRetentionDays,
          default_response_retention_days: plan.company.defaultResponseRetentionDays,
          onboarding_status: 'CONFIGURED',
          onboarding_config: JSON.stringify(config),
          onboarded_at: now,
          updated_at: now,
        });

      // The onboarding policy becomes the company default (any other company default steps down).
      await trx('routing_policies').where({ company_id: companyId, scope: 'company' }).update({ is_default: false });
      const policyRow = { description: 'Created by onboarding', scope: 'company', is_default: true, policy_json: JSON.stringify(plan.routingPolicy.policyJson), updated_at: now };
      const [policy] = await trx('routing_policies')
        .insert({ company_id: companyId, name: plan.routingPolicy.name, created_by_user_id: principal.userId, ...policyRow })
        .onConflict(['company_id', 'name'])
        .merge(policyRow)
        .returning('id');

      const [access] = await trx('provider_access_policies')
        .insert({
          company_id: companyId,
          access_mode: plan.providerAccess.accessMode,
          restriction: plan.providerAccess.restriction,
          allowed_provider_types: plan.providerAccess.allowedProviderTypes,
        })
        .onConflict('company_id')
        .merge(['access_mode', 'restriction', 'allowed_provider_types', 'updated_at'])
        .returning('id');

      await trx('access_profiles').where({ company_id: companyId }).delete();
      const profiles = plan.accessProfiles.length
        ? await trx('access_profiles')
            .insert(plan.accessProfiles.map((p) => ({ company_id: companyId, name: p.name, role_key: p.roleKey, member_role: p.memberRole, permissions: p.permissions })))
            .returning('id')
        : [];

      await trx('chat_role_policies').where({ company_id: companyId }).delete();
      if (plan.chatRolePolicies.length) {
        await trx('chat_role_policies').insert(
          plan.chatRolePolicies.map((p) => ({
            company_id: companyId,
            role_key: p.roleKey,
            allowed_provider_types: p.allowedProviderTypes,
            sanitization_mode: p.sanitizationMode,
            may_use_projects: p.mayUseProjects,
          })),
        );
      }

      const [geo] = await trx('geofencing_policies')
        .insert({ company_id: companyId, mode: plan.geofencing.mode, regions: plan.geofencing.regions, countries: plan.geofencing.countries })
        .onConflict('company_id')
        .merge(['mode', 'regions', 'countries', 'updated_at'])
        .returning('id');

      await trx('company_budgets')
        .insert({ company_id: companyId, mode: plan.budget.mode, monthly_amount_usd: plan.budget.monthlyAmountUsd })
        .onConflict('company_id')
        .merge(['mode', 'monthly_amount_usd', 'updated_at']);

      await this.deps.audit.recordFor(
        principal,
        {
          action: 'ONBOARDING_COMPLETED',
          resourceType: 'company',
          resourceId: companyId,
          details: { useCases: config.useCases, organizationType: config.organizationType, routingPolicyId: policy.id },
        },
        trx,
      );
      return {
        routingPolicyId: policy.id as string,
        providerAccessPolicyId: access.id as string,
        accessProfileIds: profiles.map((p: { id: string }) => p.id),
        chatRolePolicyCount: plan.chatRolePolicies.length,
        geofencingPolicyId: geo.id as string,
      };
    });
    this.deps.routingPolicies.forget(companyId);
    this.deps.budgets?.forget(companyId);
    return { success: true, created, warnings: plan.warnings };
  }

  async skip(principal: Principal) {
    requireRole(principal);
    await this.deps.db.transaction(async (trx) => {
      // A configured company stays configured: skipping the wizard again changes nothing but the log.
      await trx('companies').where({ id: principal.companyId }).whereNull('onboarding_status').update({ onboarding_status: 'SKIPPED', updated_at: new Date() });
      await this.deps.audit.recordFor(principal, { action: 'ONBOARDING_SKIPPED', resourceType: 'company', resourceId: principal.companyId }, trx);
    });
    return { success: true };
  }
}
