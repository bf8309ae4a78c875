import { type PolicySanitization, policySanitizationOf } from '../../domain/sanitization-decision';
import type { Db } from '../../db/connection';
import { Company } from '../../db/models/company';
import { RoutingPolicyRecord } from '../../db/models/routing-policy';
import { POLICY_SCOPES, type PolicyJson, type PolicyScope, type RoutingPolicy, parsePolicyJson } from '../../domain/routing/policy';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { LoadingTtlCache } from '../../lib/loading-cache';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { ProviderService } from '../providers/providers';

/**
 * Routing policies of a company: CRUD with the spec's validation (Invalid policy details, the
 * geofencing check against the company's active providers, the task-fit entitlement), and the
 * runtime view the gateway reads on every request (cached for a few seconds, dropped on writes).
 */
export interface PolicyInput {
  name?: unknown;
  description?: unknown;
  scope?: unknown;
  isDefault?: unknown;
  policyJson?: unknown;
}

export interface RuntimePolicy {
  id: string;
  name: string;
  scope: PolicyScope;
  isDefault: boolean;
  policy: RoutingPolicy;
  /** The document's sanitization block for the gateway (issue 5), null when it has none. */
  sanitization: PolicySanitization | null;
}

export function publicPolicy(p: RoutingPolicyRecord) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    scope: p.scope,
    isDefault: p.isDefault,
    policyJson: p.policyJson,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

interface Issue {
  path: string[];
  message: string;
}

const invalid = (details: Issue[]) => new ApiError(400, 'INVALID_POLICY', 'Invalid policy', details);
const notFound = () => ApiError.notFound('Policy not found', 'POLICY_NOT_FOUND');

/** Checks the record fields (name, description, scope, isDefault); `partial` for PATCH. */
function recordFields(input: PolicyInput, partial: boolean, issues: Issue[]) {
  const out: { name?: string; description?: string | null; scope?: PolicyScope; isDefault?: boolean } = {};
  if (input.name !== undefined || !partial) {
    if (typeof input.name !== 'string' || !input.name.trim()) issues.push({ path: ['name'], message: 'name is required' });
    else if (input.name.length > 200) issues.push({ path: ['name'], message: 'name is at most 200 characters' });
    else out.name = input.name.trim();
  }
  if (input.description !== undefined) {
    if (input.description !== null && typeof input.description !== 'string') issues.push({ path: ['description'], message: 'description must be a string' });
    else if (typeof input.description === 'string' && input.description.length > 2000) issues.push({ path: ['description'], message: 'description is at most 2000 characters' });
    else out.description = input.description as string | null;
  }
  if (input.scope !== undefined || !partial) {
    if (!(POLICY_SCOPES as readonly unknown[]).includes(input.scope)) issues.push({ path: ['scope'], message: `scope must be one of ${POLICY_SCOPES.join(', ')}` });
    else out.scope = input.scope as PolicyScope;
  }
  if (input.isDefault !== undefined) {
    if (typeof input.isDefault !== 'boolean') issues.push({ path: ['isDefault'], message: 'isDefault must be a boolean' });
    else out.isDefault = input.isDefault;
  }
  return out;
}

export class RoutingPolicyService {
  /** Concurrent misses share one load (see LoadingTtlCache). */
  private readonly runtimeCache: LoadingTtlCache<string, RuntimePolicy[]>;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly providers: ProviderService,
    cacheTtlMs: number,
  ) {
    this.runtimeCache = new LoadingTtlCache(cacheTtlMs, 10_000);
  }

  async list(companyId: string) {
    const [policies, company] = await Promise.all([
      RoutingPolicyRecord.query(this.db).where({ company_id: companyId }).orderBy('created_at'),
      Company.query(this.db).findById(companyId),
    ]);
    return { policies, companyName: company?.name ?? null };
  }

  async get(companyId: string, id: string) {
    const policy = isUuid(id) ? await RoutingPolicyRecord.query(this.db).findOne({ id, company_id: companyId }) : undefined;
    if (!policy) throw notFound();
    return policy;
  }

  /** Validates a policyJson document for a company: schema, entitlement, geofencing values, provider groups. */
  async validatePolicyJson(principal: Principal, raw: unknown): Promise<{ json: PolicyJson; policy: RoutingPolicy }> {
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid([{ path: ['policyJson'], message: 'policyJson must be an object' }]);
    const parsed = parsePolicyJson(raw);
    if (!parsed.ok) throw invalid(parsed.issues.map((i) => ({ path: ['policyJson', ...i.path], message: i.message })));
    if (parsed.policy.taskFit.enabled && !principal.features.has('TASK_FIT_ROUTING')) {
      throw new ApiError(403, 'FEATURE_NOT_ENTITLED', "Task-fit routing is not included in your company's package");
    }
    await this.checkGeofencing(principal.companyId, parsed.policy);
    await this.checkGroups(principal.companyId, parsed.policy.providerGroups);
    return { json: parsed.json, policy: parsed.policy };
  }

  private async checkGeofencing(companyId: string, policy: RoutingPolicy) {
    const geo = policy.geo;
    if (!geo.allowedCountries.length && !geo.blockedCountries.length && !geo.allowedRegions.length && !geo.blockedRegions.length) return;
    const active = await this.providers.runtimeProviders(companyId);
    const countries = [...new Set(active.map((p) => p.locationCountry).filter((c): c is string => Boolean(c)))].sort();
    const regions = [...new Set(active.map((p) => p.locationNetwork).filter((r): r is string => Boolean(r)))].sort();
    const details = [];
    for (const [field, values, allowed] of [
      ['allowedCountries', geo.allowedCountries, countries],
      ['blockedCountries', geo.blockedCountries, countries],
      ['allowedRegions', geo.allowedRegions, regions],
      ['blockedRegions', geo.blockedRegions, regions],
    ] as const) {
      const invalidValues = values.filter((v) => !allowed.includes(v));
      if (invalidValues.length) {
        details.push({ field: `geoFenceRules.${field}`, invalidValues, allowedSample: allowed.slice(0, 10), allowedCount: allowed.length });
      }
    }
    if (details.length) {
      throw new ApiError(400, 'INVALID_GEOFENCING', "Geofencing values do not match the company's active providers", details);
    }
  }

  private async checkGroups(companyId: string, ids: string[]) {
    if (!ids.length) return;
    const wellFormed = ids.filter(isUuid);
    const found = wellFormed.length
      ? await this.db('provider_groups').where({ company_id: companyId }).whereIn('id', wellFormed).pluck('id')
      : [];
    const issues = ids.flatMap((id, i) => (found.includes(id) ? [] : [{ path: ['policyJson', 'providerGroups', String(i)], message: `Unknown provider group ${id}` }]));
    if (issues.length) throw invalid(issues);
  }

  async create(principal: Principal, input: PolicyInput) {
    const issues: Issue[] = [];
    const fields = recordFields(input, false, issues);
    if (input.policyJson === undefined) issues.push({ path: ['policyJson'], message: 'policyJson is required' });
    if (issues.length) throw invalid(issues);
    const { json } = await this.validatePolicyJson(principal, input.policyJson);
    const companyId = principal.companyId;
    const created = await this.db
      .transaction(async (trx) => {
        if (await RoutingPolicyRecord.query(trx).findOne({ company_id: companyId, name: fields.name! })) {
          throw ApiError.conflict(`A policy named ${fields.name} already exists`);
        }
        if (fields.isDefault) await RoutingPolicyRecord.query(trx).where({ company_id: companyId, scope: fields.scope! }).patch({ isDefault: false });
        const row = await RoutingPolicyRecord.query(trx).insertAndFetch({
          companyId,
          name: fields.name!,
          description: fields.description ?? null,
          scope: fields.scope!,
          isDefault: fields.isDefault ?? false,
          policyJson: json,
          createdByUserId: principal.userId,
          createdByApiKeyId: principal.apiKey?.id ?? null,
        });
        await this.audit.recordFor(
          principal,
          { action: 'routing.policy.created', resourceType: 'routing_policy', resourceId: row.id, details: { name: row.name, scope: row.scope } },
          trx,
        );
        return row;
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? ApiError.conflict(`A policy named ${fields.name} already exists`) : err;
      });
    this.runtimeCache.delete(companyId);
    return created;
  }

  async update(principal: Principal, id: string, input: PolicyInput) {
    const companyId = principal.companyId;
    const existing = await this.get(companyId, id);
    const issues: Issue[] = [];
    const fields = recordFields(input, true, issues);
    if (issues.length) throw invalid(issues);
    if (!Object.keys(fields).length && input.policyJson === undefined) throw invalid([{ path: [], message: 'Nothing to update' }]);
    const json = input.policyJson === undefined ? undefined : (await this.validatePolicyJson(principal, input.policyJson)).json;
    const scope = fields.scope ?? existing.scope;
    const updated = await this.db
      .transaction(async (trx) => {
        if (fields.name && fields.name !== existing.name && (await RoutingPolicyRecord.query(trx).findOne({ company_id: companyId, name: fields.name }))) {
          throw ApiError.conflict(`A policy named ${fields.name} already exists`);
        }
        const isDefault = fields.isDefault ?? existing.isDefault;
        if (isDefault) await RoutingPolicyRecord.query(trx).where({ company_id: companyId, scope }).whereNot({ id }).patch({ isDefault: false });
        const row = await RoutingPolicyRecord.query(trx).patchAndFetchById(id, {
          ...fields,
          ...(json ? { policyJson: json } : {}),
          updatedAt: new Date(),
        });
        await this.audit.recordFor(
          principal,
          {
            action: 'routing.policy.updated',
            resourceType: 'routing_policy',
            resourceId: id,
            details: { fields: [...Object.keys(fields), ...(json ? ['policyJson'] : [])].sort() },
          },
          trx,
        );
        return row;
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? ApiError.conflict(`A policy named ${fields.name} already exists`) : err;
      });
    this.runtimeCache.delete(companyId);
    return updated;
  }

  async remove(principal: Principal, id: string) {
    const existing = await this.get(principal.companyId, id);
    await this.db.transaction(async (trx) => {
      await RoutingPolicyRecord.query(trx).deleteById(id);
      await this.audit.recordFor(
        principal,
        { action: 'routing.policy.deleted', resourceType: 'routing_policy', resourceId: id, details: { name: existing.name } },
        trx,
      );
    });
    this.runtimeCache.delete(principal.companyId);
  }

  /** Drops the cached policies of a company whose policies changed outside this service (onboarding's transaction). */
  forget(companyId: string): void {
    this.runtimeCache.delete(companyId);
  }

  /** Every policy of a company in engine form, cached briefly: the gateway reads this per request. */
  runtimePolicies(companyId: string): Promise<RuntimePolicy[]> {
    return this.runtimeCache.get(companyId, () => this.loadRuntimePolicies(companyId));
  }

  private async loadRuntimePolicies(companyId: string): Promise<RuntimePolicy[]> {
    const rows = await RoutingPolicyRecord.query(this.db).where({ company_id: companyId }).orderBy('created_at');
    const out: RuntimePolicy[] = [];
    for (const r of rows) {
      const parsed = parsePolicyJson(r.policyJson);
      // A stored document is valid by construction; one that no longer parses (schema change) is skipped, not fatal.
      if (parsed.ok) {
        out.push({ id: r.id, name: r.name, scope: r.scope, isDefault: r.isDefault, policy: parsed.policy, sanitization: policySanitizationOf(parsed.json) });
      }
    }
    return out;
  }
}
