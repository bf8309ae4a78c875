import type { Db } from '../../db/connection';
import { Provider } from '../../db/models/provider';
import { ProviderGroup, type Rotation } from '../../db/models/provider-group';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { TtlCache } from '../../lib/ttl-cache';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';

export interface ProviderGroupInput {
  name: string;
  description?: string | null;
  rotation?: Rotation;
  providerIds: string[];
  isActive?: boolean;
}

export interface RuntimeGroup {
  id: string;
  name: string;
  rotation: Rotation;
  isActive: boolean;
  providerIds: string[];
}

export function publicGroup(g: ProviderGroup) {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    rotation: g.rotation,
    isActive: g.isActive,
    providerIds: g.providerIds ?? [],
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
  };
}

/** Provider groups: an ordered set of a company's providers and how to rotate between them. */
export class ProviderGroupService {
  private readonly cache: TtlCache<string, RuntimeGroup | null>;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    cacheTtlMs: number,
  ) {
    this.cache = new TtlCache(cacheTtlMs, 10_000);
  }

  private async withMembers(groups: ProviderGroup[]): Promise<ProviderGroup[]> {
    if (!groups.length) return groups;
    const members = await this.db('provider_group_members')
      .whereIn(
        'group_id',
        groups.map((g) => g.id),
      )
      .orderBy(['group_id', 'position']);
    for (const g of groups) g.providerIds = members.filter((m) => m.group_id === g.id).map((m) => m.provider_id);
    return groups;
  }

  private async assertProvidersOwned(companyId: string, ids: string[]) {
    if (new Set(ids).size !== ids.length) throw ApiError.badRequest('providerIds lists a provider twice');
    const malformed = ids.filter((id) => !isUuid(id));
    if (malformed.length) throw ApiError.badRequest(`Unknown providers: ${malformed.join(', ')}`);
    const found = await Provider.query(this.db).where({ company_id: companyId }).whereIn('id', ids).select('id');
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    // Another company's provider is reported exactly like one that does not exist.
    if (missing.length) throw ApiError.badRequest(`Unknown providers: ${missing.join(', ')}`);
  }

  async create(principal: Principal, input: ProviderGroupInput) {
    const companyId = principal.companyId;
    await this.assertProvidersOwned(companyId, input.providerIds);
    const group = await this.db.transaction(async (trx) => {
      if (await ProviderGroup.query(trx).findOne({ company_id: companyId, name: input.name })) {
        throw ApiError.conflict(`A provider group named ${input.name} already exists`);
      }
      const g = await ProviderGroup.query(trx).insertAndFetch({
        companyId,
        name: input.name,
        description: input.description ?? null,
        rotation: input.rotation ?? 'ROUND_ROBIN',
        isActive: input.isActive ?? true,
      });
      if (input.providerIds.length) {
        await trx('provider_group_members').insert(
          input.providerIds.map((providerId, position) => ({ group_id: g.id, provider_id: providerId, position })),
        );
      }
      await this.audit.record(
        {
          companyId,
          userId: principal.userId,
          apiKeyId: principal.apiKey?.id ?? null,
          action: 'provider_group.created',
          resourceType: 'provider_group',
          resourceId: g.id,
          details: { name: g.name, rotation: g.rotation, providerIds: input.providerIds },
        },
        trx,
      );
      return g;
    }).catch((err) => {
      // Two concurrent creates with one name: the unique index refuses the second (see isUniqueViolation).
      throw isUniqueViolation(err) ? ApiError.conflict(`A provider group named ${input.name} already exists`) : err;
    });
    return (await this.withMembers([group]))[0]!;
  }

  async list(companyId: string) {
    return this.withMembers(await ProviderGroup.query(this.db).where({ company_id: companyId }).orderBy('created_at'));
  }

  async get(companyId: string, id: string) {
    const group = isUuid(id) ? await ProviderGroup.query(this.db).findOne({ id, company_id: companyId }) : undefined;
    if (!group) throw ApiError.notFound('Provider group not found');
    return (await this.withMembers([group]))[0]!;
  }

  async update(principal: Principal, id: string, patch: Partial<ProviderGroupInput>) {
    const companyId = principal.companyId;
    const existing = await this.get(companyId, id);
    if (patch.providerIds) await this.assertProvidersOwned(companyId, patch.providerIds);
    await this.db.transaction(async (trx) => {
      if (patch.name && patch.name !== existing.name && (await ProviderGroup.query(trx).findOne({ company_id: companyId, name: patch.name }))) {
        throw ApiError.conflict(`A provider group named ${patch.name} already exists`);
      }
      await ProviderGroup.query(trx).patchAndFetchById(id, {
        ...(patch.name ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.rotation ? { rotation: patch.rotation } : {}),
        ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
        updatedAt: new Date(),
      });
      if (patch.providerIds) {
        await trx('provider_group_members').where({ group_id: id }).delete();
        if (patch.providerIds.length) {
          await trx('provider_group_members').insert(
            patch.providerIds.map((providerId, position) => ({ group_id: id, provider_id: providerId, position })),
          );
        }
      }
      await this.audit.record(
        {
          companyId,
          userId: principal.userId,
          apiKeyId: principal.apiKey?.id ?? null,
          action: 'provider_group.updated',
          resourceType: 'provider_group',
          resourceId: id,
          details: { fields: Object.keys(patch).sort() },
        },
        trx,
      );
    }).catch((err) => {
      throw isUniqueViolation(err) ? ApiError.conflict(`A provider group named ${patch.name} already exists`) : err;
    });
    this.cache.delete(`${companyId}:${id}`);
    return this.get(companyId, id);
  }

  async remove(principal: Principal, id: string) {
    const existing = await this.get(principal.companyId, id);
    await this.db.transaction(async (trx) => {
      await ProviderGroup.query(trx).deleteById(id);
      await this.audit.recordFor(
        principal,
        {
          action: 'provider_group.deleted',
          resourceType: 'provider_group',
          resourceId: id,
          details: { name: existing.name },
        },
        trx,
      );
    });
    this.cache.delete(`${principal.companyId}:${id}`);
  }

  /** The group as the gateway reads it (cached); null when it is not the company's. */
  async runtimeGroup(companyId: string, id: string): Promise<RuntimeGroup | null> {
    if (!isUuid(id)) return null; // PostgreSQL would refuse it as a uuid (a 500), and it names nothing.
    const key = `${companyId}:${id}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const group = await ProviderGroup.query(this.db).findOne({ id, company_id: companyId });
    const runtime = group
      ? await this.withMembers([group]).then(([g]) => ({
          id: g!.id,
          name: g!.name,
          rotation: g!.rotation,
          isActive: g!.isActive,
          providerIds: g!.providerIds ?? [],
        }))
      : null;
    this.cache.set(key, runtime);
    return runtime;
  }
}
