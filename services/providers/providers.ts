import type { ProviderType } from '../../domain/providers';
import type { Db } from '../../db/connection';
import { Provider, type ProviderModelConfig } from '../../db/models/provider';
import type { SecretBox } from '../../lib/crypto';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { LoadingTtlCache } from '../../lib/loading-cache';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';

export interface ProviderInput {
  type: ProviderType;
  name: string;
  baseUrl?: string | null;
  apiKey: string;
  defaultModel?: string;
  models?: Array<Partial<ProviderModelConfig> & { name: string }>;
  specializations?: string[];
  locationCountry?: string | null;
  locationNetwork?: string | null;
  compliance?: string[];
  isActive?: boolean;
  isDefault?: boolean;
}

/** A provider as the gateway uses it: credentials decrypted, held only in memory. */
export interface RuntimeProvider {
  id: string;
  companyId: string;
  type: ProviderType;
  name: string;
  baseUrl: string | null;
  apiKey: string;
  defaultModel: string;
  models: ProviderModelConfig[];
  specializations: string[];
  locationCountry: string | null;
  locationNetwork: string | null;
  compliance: string[];
  isDefault: boolean;
}

export function publicProvider(p: Provider) {
  return {
    id: p.id,
    type: p.type,
    name: p.name,
    baseUrl: p.baseUrl,
    defaultModel: p.defaultModel,
    models: p.models,
    specializations: p.specializations,
    locationCountry: p.locationCountry,
    locationNetwork: p.locationNetwork,
    compliance: p.compliance,
    isActive: p.isActive,
    isDefault: p.isDefault,
    credentialsSet: Boolean(p.credentialsEncrypted),
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

function normaliseModels(input: ProviderInput['models'], defaultModel: string | undefined): ProviderModelConfig[] {
  const models: ProviderModelConfig[] = (input ?? []).map((m) => ({
    name: m.name,
    inputPricePerMillion: m.inputPricePerMillion ?? 0,
    outputPricePerMillion: m.outputPricePerMillion ?? 0,
    contextWindow: m.contextWindow ?? null,
    supportsVision: m.supportsVision ?? false,
    specializations: m.specializations ?? [],
  }));
  if (defaultModel && !models.some((m) => m.name === defaultModel)) {
    models.unshift({
      name: defaultModel,
      inputPricePerMillion: 0,
      outputPricePerMillion: 0,
      contextWindow: null,
      supportsVision: false,
      specializations: [],
    });
  }
  const names = new Set<string>();
  for (const m of models) {
    if (names.has(m.name)) throw ApiError.badRequest(`Model ${m.name} is listed twice`);
    names.add(m.name);
  }
  return models;
}

/**
 * Providers of a company: CRUD with encrypted credentials, and the runtime view the gateway reads
 * on every request (cached for a few seconds, dropped on every write through this service).
 */
export class ProviderService {
  /** Concurrent misses share one load (see LoadingTtlCache). */
  private readonly runtimeCache: LoadingTtlCache<string, RuntimeProvider[]>;

  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
    cacheTtlMs: number,
  ) {
    this.runtimeCache = new LoadingTtlCache(cacheTtlMs, 10_000);
  }

  async create(companyId: string, input: ProviderInput, actor: { userId: string | null; apiKeyId?: string | null }) {
    if (input.type === 'CUSTOM' && !input.baseUrl) throw ApiError.badRequest('A CUSTOM provider needs a baseUrl');
    const models = normaliseModels(input.models, input.defaultModel);
    const defaultModel = input.defaultModel ?? models[0]?.name;
    if (!defaultModel) throw ApiError.badRequest('A provider needs at least one model (models or defaultModel)');
    const provider = await this.db.transaction(async (trx) => {
      const clash = await Provider.query(trx).findOne({ company_id: companyId, name: input.name });
      if (clash) throw ApiError.conflict(`A provider named ${input.name} already exists`);
      if (input.isDefault) await Provider.query(trx).where({ company_id: companyId }).patch({ isDefault: false });
      const created = await Provider.query(trx).insertAndFetch({
        companyId,
        type: input.type,
        name: input.name,
        baseUrl: input.baseUrl ?? null,
        credentialsEncrypted: this.box.encrypt(input.apiKey),
        defaultModel,
        models,
        specializations: input.specializations ?? [],
        locationCountry: input.locationCountry ?? null,
        locationNetwork: input.locationNetwork ?? null,
        compliance: input.compliance ?? [],
        isActive: input.isActive ?? true,
        isDefault: input.isDefault ?? false,
      });
      await this.audit.record(
        {
          companyId,
          userId: actor.userId,
          apiKeyId: actor.apiKeyId ?? null,
          action: 'provider.created',
          resourceType: 'provider',
          resourceId: created.id,
          details: { name: created.name, type: created.type },
        },
        trx,
      );
      return created;
    }).catch((err) => {
      throw isUniqueViolation(err) ? ApiError.conflict(`A provider named ${input.name} already exists`) : err;
    });
    this.runtimeCache.delete(companyId);
    return provider;
  }

  async list(companyId: string) {
    return Provider.query(this.db).where({ company_id: companyId }).orderBy('created_at');
  }

  async get(companyId: string, id: string) {
    const provider = isUuid(id) ? await Provider.query(this.db).findOne({ id, company_id: companyId }) : undefined;
    if (!provider) throw ApiError.notFound('Provider not found');
    return provider;
  }

  async update(principal: Principal, id: string, patch: Partial<ProviderInput>) {
    const companyId = principal.companyId;
    const existing = await this.get(companyId, id);
    const type = patch.type ?? existing.type;
    const baseUrl = patch.baseUrl === undefined ? existing.baseUrl : patch.baseUrl;
    if (type === 'CUSTOM' && !baseUrl) throw ApiError.badRequest('A CUSTOM provider needs a baseUrl');
    const defaultModel = patch.defaultModel ?? existing.defaultModel;
    const models = patch.models ? normaliseModels(patch.models, defaultModel) : normaliseModels(existing.models, defaultModel);
    const updated = await this.db.transaction(async (trx) => {
      if (patch.name && patch.name !== existing.name) {
        const clash = await Provider.query(trx).findOne({ company_id: companyId, name: patch.name });
        if (clash) throw ApiError.conflict(`A provider named ${patch.name} already exists`);
      }
      if (patch.isDefault) await Provider.query(trx).where({ company_id: companyId }).whereNot({ id }).patch({ isDefault: false });
      const row = await Provider.query(trx).patchAndFetchById(id, {
        type,
        baseUrl,
        name: patch.name ?? existing.name,
        defaultModel,
        models,
        ...(patch.apiKey ? { credentialsEncrypted: this.box.encrypt(patch.apiKey) } : {}),
        ...(patch.specializations ? { specializations: patch.specializations } : {}),
        ...(patch.locationCountry !== undefined ? { locationCountry: patch.locationCountry } : {}),
        ...(patch.locationNetwork !== undefined ? { locationNetwork: patch.locationNetwork } : {}),
        ...(patch.compliance ? { compliance: patch.compliance } : {}),
        ...(patch.isActive !== undefined ? { isActive: patch.isActive } : {}),
        ...(patch.isDefault !== undefined ? { isDefault: patch.isDefault } : {}),
        updatedAt: new Date(),
      });
      await this.audit.record(
        {
          companyId,
          userId: principal.userId,
          apiKeyId: principal.apiKey?.id ?? null,
          action: 'provider.updated',
          resourceType: 'provider',
          resourceId: id,
          // Which fields changed, never their values: apiKey may be among them.
          details: { fields: Object.keys(patch).sort() },
        },
        trx,
      );
      return row;
    }).catch((err) => {
      throw isUniqueViolation(err) ? ApiError.conflict(`A provider named ${patch.name} already exists`) : err;
    });
    this.runtimeCache.delete(companyId);
    return updated;
  }

  async remove(principal: Principal, id: string) {
    const existing = await this.get(principal.companyId, id);
    await this.db.transaction(async (trx) => {
      await Provider.query(trx).deleteById(id);
      await this.audit.recordFor(
        principal,
        {
          action: 'provider.deleted',
          resourceType: 'provider',
          resourceId: id,
          details: { name: existing.name, type: existing.type },
        },
        trx,
      );
    });
    this.runtimeCache.delete(principal.companyId);
  }

  /** Active providers of a company with decrypted credentials, for routing and execution. */
  runtimeProviders(companyId: string): Promise<RuntimeProvider[]> {
    return this.runtimeCache.get(companyId, () => this.loadRuntimeProviders(companyId));
  }

  /** The cached runtimeProviders() result, or undefined when it would have to load. */
  peekRuntimeProviders(companyId: string): RuntimeProvider[] | undefined {
    return this.runtimeCache.peek(companyId);
  }

  private async loadRuntimeProviders(companyId: string): Promise<RuntimeProvider[]> {
    const rows = await Provider.query(this.db).where({ company_id: companyId, is_active: true }).orderBy('created_at');
    const providers = rows.map((p) => ({
      id: p.id,
      companyId: p.companyId,
      type: p.type,
      name: p.name,
      baseUrl: p.baseUrl,
      apiKey: this.box.decrypt(p.credentialsEncrypted),
      defaultModel: p.defaultModel,
      models: p.models,
      specializations: p.specializations,
      locationCountry: p.locationCountry,
      locationNetwork: p.locationNetwork,
      compliance: p.compliance,
      isDefault: p.isDefault,
    }));
    return providers;
  }

  invalidate(companyId: string): void {
    this.runtimeCache.delete(companyId);
  }
}
