import { randomBytes } from 'node:crypto';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { WebhookService } from '../webhooks/webhooks';
import type { Db } from '../../db/connection';
import { CustomDocumentBinding } from '../../db/models/custom-document';
import { Prompt } from '../../db/models/prompt';
import { PromptTestSet } from '../../db/models/prompt-test-set';
import { PromptVersion } from '../../db/models/prompt-version';
import { Repository } from '../../db/models/repository';
import { contentHash } from '../../domain/prompts/content';
import { newPromptId } from '../../domain/prompts/ids';
import { MAX_VARIABLES, extractVariables } from '../../domain/prompts/template';
import type { PromptViewer, PromptVisibility } from '../../domain/prompts/visibility';
import { classifyTerms } from '../../domain/task-vocabulary';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { PromptAccess } from './access';

/**
 * Stored prompts (spec document 2): create, list with every filter and sort of the spec, get with
 * the latest version's content, update (a content change makes a new immutable version), the
 * production label, deactivate and reactivate, delete (deactivated prompts only), clone, versions.
 *
 * Name and content uniqueness are checked under a per-company advisory lock, so two concurrent
 * creates cannot both pass the check; the unique index on (company, lower(name)) backs the name.
 * Every write and its audit entry share one transaction; prompt.created and prompt.deleted are
 * emitted after the commit.
 */
export interface PromptContent {
  userPrompt: string;
  systemPrompt?: string | null;
  temperature?: number;
  maxTokens?: number;
}

export interface PromptFields {
  name: string;
  description?: string | null;
  category?: string | null;
  tags?: string[];
  visibility?: PromptVisibility;
  sharedWithUserIds?: string[];
  sharedWithTeamIds?: string[];
  repositoryId?: string | null;
  branch?: string;
  taskCodes?: string[];
}

export type CreatePromptInput = PromptFields & PromptContent;

export type UpdatePromptInput = Partial<PromptFields> &
  Partial<PromptContent> & {
    isActive?: boolean;
    /** Moves the production label to the version this update creates (or to the latest when none). */
    setProduction?: boolean;
    /** A note stored on the version this update creates. */
    versionNote?: string | null;
  };

export interface ListPromptsQuery {
  query?: string;
  category?: string;
  tags?: string;
  repositoryId?: string;
  visibility?: 'PRIVATE' | 'COMPANY' | 'SHARED' | 'PUBLIC';
  isActive?: boolean;
  limit: number;
  offset: number;
  sortBy: 'createdAt' | 'updatedAt' | 'name' | 'totalExecutions';
  sortOrder: 'asc' | 'desc';
}

export const DEFAULT_TEMPERATURE = 0.7;
export const DEFAULT_MAX_TOKENS = 1000;

export interface VersionRef {
  id: string;
  versionNumber: number;
}

export function publicVersion(v: PromptVersion, productionVersionId: string | null) {
  return {
    id: v.id,
    versionNumber: v.versionNumber,
    userPrompt: v.userPrompt,
    systemPrompt: v.systemPrompt,
    temperature: v.temperature,
    maxTokens: v.maxTokens,
    variables: v.variables,
    contentHash: v.contentHash,
    note: v.note,
    isProduction: v.id === productionVersionId,
    createdByUserId: v.createdByUserId,
    createdByApiKeyId: v.createdByApiKeyId,
    createdAt: v.createdAt,
  };
}

export type PromptDto = ReturnType<typeof toPromptDto>;

export function toPromptDto(p: Prompt, latest: PromptVersion, production: PromptVersion | null, repositoryPublicId: string | null) {
  return {
    id: p.id,
    promptId: p.promptId,
    name: p.name,
    description: p.description,
    userPrompt: latest.userPrompt,
    systemPrompt: latest.systemPrompt,
    temperature: latest.temperature,
    maxTokens: latest.maxTokens,
    variables: latest.variables,
    category: p.category,
    tags: p.tags,
    visibility: p.visibility,
    sharedWithUserIds: p.sharedWithUserIds,
    sharedWithTeamIds: p.sharedWithTeamIds,
    repositoryId: repositoryPublicId,
    branch: p.branch,
    taskCodes: p.taskCodes,
    isActive: p.isActive,
    version: { id: latest.id, versionNumber: latest.versionNumber },
    productionVersion: production ? { id: production.id, versionNumber: production.versionNumber } : null,
    versionCount: p.versionCount,
    totalExecutions: Number(p.totalExecutions),
    lastExecutedAt: p.lastExecutedAt,
    createdByUserId: p.createdByUserId,
    createdByApiKeyId: p.createdByApiKeyId,
    clonedFromId: p.clonedFromId,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

interface Issue {
  path: string[];
  message: string;
}

const invalid = (issues: Issue[]) => ApiError.badRequest(`Invalid prompt: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, issues, 'INVALID_PROMPT');
const nameTaken = (name: string) => ApiError.conflict(`A prompt named "${name}" already exists in this company`, 'DUPLICATE_PROMPT_NAME');
const contentTaken = () => ApiError.conflict('A prompt with exactly this userPrompt already exists in this company (SHA-256 of its content)', 'DUPLICATE_PROMPT_CONTENT');

const SORT_COLUMNS: Record<ListPromptsQuery['sortBy'], string> = {
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  name: 'name',
  totalExecutions: 'total_executions',
};

export class PromptService {
  constructor(
    private readonly deps: {
      db: Db;
      access: PromptAccess;
      audit: AuditService;
      webhooks: Pick<WebhookService, 'emit'>;
      now?: () => Date;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Serialises name and content checks of one company (held until the transaction ends). */
  private lockCompany(trx: Db, companyId: string) {
    return trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`prompts:${companyId}`]);
  }

  /** The share lists, repository and task codes checked against the company; 400 naming each problem. */
  private async checkReferences(companyId: string, f: Partial<PromptFields>, visibility: PromptVisibility, trx: Db): Promise<{ repositoryDbId?: string | null }> {
    const issues: Issue[] = [];
    const out: { repositoryDbId?: string | null } = {};
    if (visibility !== 'SHARED' && (f.sharedWithUserIds?.length || f.sharedWithTeamIds?.length)) {
      issues.push({ path: ['visibility'], message: 'share lists apply to SHARED prompts only' });
    }
    if (f.sharedWithUserIds?.length) {
      const ids = [...new Set(f.sharedWithUserIds)];
      const found = ids.every(isUuid) ? await trx('memberships').where({ company_id: companyId }).whereIn('user_id', ids).pluck('user_id') : [];
      for (const id of ids.filter((x) => !found.includes(x))) issues.push({ path: ['sharedWithUserIds'], message: `${id} is not a member of this company` });
    }
    if (f.sharedWithTeamIds?.length) {
      const ids = [...new Set(f.sharedWithTeamIds)];
      const found = ids.every(isUuid) ? await trx('teams').where({ company_id: companyId }).whereIn('id', ids).pluck('id') : [];
      for (const id of ids.filter((x) => !found.includes(x))) issues.push({ path: ['sharedWithTeamIds'], message: `${id} is not a team of this company` });
    }
    if (f.repositoryId !== undefined) {
      if (f.repositoryId === null) out.repositoryDbId = null;
      else {
        const repo = await Repository.query(trx).where({ company_id: companyId }).where((q) => {
          q.where({ repository_id: f.repositoryId });
          if (isUuid(f.repositoryId)) q.orWhere({ id: f.repositoryId });
        }).first();
        if (!repo) issues.push({ path: ['repositoryId'], message: `unknown repository ${f.repositoryId}` });
        else out.repositoryDbId = repo.id;
      }
    }
    if (f.taskCodes?.length) {
      const { unknown } = classifyTerms(f.taskCodes);
      if (unknown.length) issues.push({ path: ['taskCodes'], message: `unknown task codes: ${unknown.join(', ')}` });
    }
    if (issues.length) throw invalid(issues);
    return out;
  }

  private checkVariables(content: { userPrompt: string; systemPrompt?: string | null }): string[] {
    const variables = extractVariables(content.userPrompt, content.systemPrompt);
    if (variables.length > MAX_VARIABLES) throw invalid([{ path: ['userPrompt'], message: `at most ${MAX_VARIABLES} distinct variables` }]);
    return variables;
  }

  private async assertNameFree(trx: Db, companyId: string, name: string, exceptId?: string) {
    const q = trx('prompts').where({ company_id: companyId }).whereRaw('lower(name) = lower(?)', [name]);
    if (exceptId) q.whereNot({ id: exceptId });
    if (await q.first('id')) throw nameTaken(name);
  }

  private async assertContentFree(trx: Db, companyId: string, hash: string, exceptId?: string) {
    const q = trx('prompts').where({ company_id: companyId, content_hash: hash });
    if (exceptId) q.whereNot({ id: exceptId });
    if (await q.first('id')) throw contentTaken();
  }

  private async dto(p: Prompt, trx: Db = this.db): Promise<PromptDto> {
    const [latest, production, repo] = await Promise.all([
      PromptVersion.query(trx).findById(p.latestVersionId!),
      p.productionVersionId && p.productionVersionId !== p.latestVersionId ? PromptVersion.query(trx).findById(p.productionVersionId) : null,
      p.repositoryId ? Repository.query(trx).findById(p.repositoryId) : null,
    ]);
    return toPromptDto(p, latest!, p.productionVersionId === p.latestVersionId ? latest! : (production ?? null), repo?.repositoryId ?? null);
  }

  /** Inserts a prompt and its version 1 (production) in the caller's transaction. */
  private async insertPrompt(
    trx: Db,
    principal: Principal,
    row: Omit<Partial<Prompt>, 'id'> & { name: string },
    content: Required<PromptContent>,
    variables: string[],
  ): Promise<Prompt> {
    const hash = contentHash(content.userPrompt);
    const now = this.now();
    const prompt = await Prompt.query(trx).insertAndFetch({
      ...row,
      companyId: principal.companyId,
      promptId: newPromptId(now, randomBytes(16)),
      contentHash: hash,
      versionCount: 1,
      isActive: true,
      createdByUserId: principal.userId,
      createdByApiKeyId: principal.apiKey?.id ?? null,
      createdAt: now,
      updatedAt: now,
    });
    const version = await PromptVersion.query(trx).insertAndFetch({
      promptId: prompt.id,
      companyId: principal.companyId,
      versionNumber: 1,
      userPrompt: content.userPrompt,
      systemPrompt: content.systemPrompt,
      temperature: content.temperature,
      maxTokens: content.maxTokens,
      variables,
      contentHash: hash,
      note: null,
      createdByUserId: principal.userId,
      createdByApiKeyId: principal.apiKey?.id ?? null,
      createdAt: now,
    });
    return Prompt.query(trx).patchAndFetchById(prompt.id, { latestVersionId: version.id, productionVersionId: version.id });
  }

  async create(principal: Principal, input: CreatePromptInput): Promise<PromptDto> {
    const visibility = input.visibility ?? 'PRIVATE';
    const content = {
      userPrompt: input.userPrompt,
      systemPrompt: input.systemPrompt ?? null,
      temperature: input.temperature ?? DEFAULT_TEMPERATURE,
      maxTokens: input.maxTokens ?? DEFAULT_MAX_TOKENS,
    };
    const variables = this.checkVariables(content);
    const dto = await this.db
      .transaction(async (trx) => {
        const refs = await this.checkReferences(principal.companyId, input, visibility, trx);
        await this.lockCompany(trx, principal.companyId);
        await this.assertNameFree(trx, principal.companyId, input.name);
        await this.assertContentFree(trx, principal.companyId, contentHash(content.userPrompt));
        const prompt = await this.insertPrompt(
          trx,
          principal,
          {
            name: input.name,
            description: input.description ?? null,
            category: input.category ?? null,
            tags: input.tags ?? [],
            visibility,
            sharedWithUserIds: input.sharedWithUserIds ?? [],
            sharedWithTeamIds: input.sharedWithTeamIds ?? [],
            repositoryId: refs.repositoryDbId ?? null,
            branch: input.branch ?? 'main',
            taskCodes: input.taskCodes ?? [],
          },
          content,
          variables,
        );
        await this.deps.audit.recordFor(principal, { action: 'prompt.created', resourceType: 'prompt', resourceId: prompt.id, details: { promptId: prompt.promptId, name: prompt.name, visibility } }, trx);
        return this.dto(prompt, trx);
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name) : err;
      });
    this.emitCreated(principal.companyId, dto);
    return dto;
  }

  private emitCreated(companyId: string, p: PromptDto) {
    this.deps.webhooks.emit(companyId, 'prompt.created', {
      id: p.id,
      promptId: p.promptId,
      name: p.name,
      visibility: p.visibility,
      versionNumber: p.version.versionNumber,
      createdByUserId: p.createdByUserId,
      createdByApiKeyId: p.createdByApiKeyId,
      clonedFromId: p.clonedFromId,
      createdAt: new Date(p.createdAt).toISOString(),
    });
  }

  async list(principal: Principal, query: ListPromptsQuery) {
    const viewer = await this.deps.access.viewerOf(principal);
    const q = this.deps.access.applyVisibility(this.db('prompts'), viewer);
    if (query.query) {
      const like = `%${query.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q.where((w) => w.whereILike('prompts.name', like).orWhereILike('prompts.description', like));
    }
    if (query.category) q.where('prompts.category', query.category);
    if (query.tags) {
      const tags = query.tags.split(',').map((t) => t.trim()).filter(Boolean);
      if (tags.length) q.whereRaw('prompts.tags && ?::text[]', [tags]);
    }
    if (query.repositoryId) {
      q.whereIn('prompts.repository_id', this.db('repositories').where({ company_id: principal.companyId, repository_id: query.repositoryId }).select('id'));
    }
    if (query.visibility) q.where('prompts.visibility', query.visibility === 'COMPANY' ? 'SHARED' : query.visibility);
    if (query.isActive !== undefined) q.where('prompts.is_active', query.isActive);
    const [{ count }] = await q.clone().count<{ count: string }[]>({ count: '*' });
    const ids: string[] = await q
      .clone()
      .orderBy(`prompts.${SORT_COLUMNS[query.sortBy]}`, query.sortOrder)
      .orderBy('prompts.id', query.sortOrder)
      .limit(query.limit)
      .offset(query.offset)
      .pluck('prompts.id');
    const prompts = ids.length ? await Prompt.query(this.db).whereIn('id', ids) : [];
    const versionIds = [...new Set(prompts.flatMap((p) => [p.latestVersionId!, p.productionVersionId].filter((v): v is string => Boolean(v))))];
    const repoIds = [...new Set(prompts.map((p) => p.repositoryId).filter((r): r is string => Boolean(r)))];
    const [versions, repos] = await Promise.all([
      versionIds.length ? PromptVersion.query(this.db).whereIn('id', versionIds) : [],
      repoIds.length ? Repository.query(this.db).whereIn('id', repoIds) : [],
    ]);
    const v = new Map(versions.map((x) => [x.id, x]));
    const r = new Map(repos.map((x) => [x.id, x.repositoryId]));
    const byId = new Map(prompts.map((p) => [p.id, p]));
    const total = Number(count);
    return {
      prompts: ids.map((id) => {
        const p = byId.get(id)!;
        return toPromptDto(p, v.get(p.latestVersionId!)!, p.productionVersionId ? (v.get(p.productionVersionId) ?? null) : null, p.repositoryId ? (r.get(p.repositoryId) ?? null) : null);
      }),
      pagination: { total, limit: query.limit, offset: query.offset, hasMore: query.offset + ids.length < total },
    };
  }

  async get(principal: Principal, id: string): Promise<PromptDto> {
    const viewer = await this.deps.access.viewerOf(principal);
    return this.dto(await this.deps.access.visible(viewer, id));
  }

  async update(principal: Principal, id: string, input: UpdatePromptInput): Promise<PromptDto> {
    const viewer = await this.deps.access.viewerOf(principal);
    const updated = await this.db
      .transaction(async (trx) => {
        await this.lockCompany(trx, principal.companyId);
        const prompt = await this.deps.access.editable(viewer, id, trx);
        const latest = (await PromptVersion.query(trx).findById(prompt.latestVersionId!))!;
        const visibility = input.visibility ?? prompt.visibility;
        const refs = await this.checkReferences(principal.companyId, input, visibility, trx);
        const patch: Partial<Prompt> = {};
        const changed: string[] = [];
        if (input.name !== undefined && input.name !== prompt.name) {
          await this.assertNameFree(trx, principal.companyId, input.name, prompt.id);
          patch.name = input.name;
        }
        for (const key of ['description', 'category', 'tags', 'branch', 'taskCodes', 'sharedWithUserIds', 'sharedWithTeamIds'] as const) {
          if (input[key] !== undefined) (patch as Record<string, unknown>)[key] = input[key];
        }
        if (input.visibility !== undefined) {
          patch.visibility = input.visibility;
          // Leaving SHARED drops the share lists: they would otherwise come back silently later.
          if (input.visibility !== 'SHARED') {
            patch.sharedWithUserIds = [];
            patch.sharedWithTeamIds = [];
          }
        }
        if (refs.repositoryDbId !== undefined) patch.repositoryId = refs.repositoryDbId;
        if (input.isActive !== undefined) patch.isActive = input.isActive;
        changed.push(...Object.keys(patch));

        // A content change makes a new immutable version; the production label stays unless asked.
        const content = {
          userPrompt: input.userPrompt ?? latest.userPrompt,
          systemPrompt: input.systemPrompt !== undefined ? input.systemPrompt : latest.systemPrompt,
          temperature: input.temperature ?? latest.temperature,
          maxTokens: input.maxTokens ?? latest.maxTokens,
        };
        const contentChanged =
          content.userPrompt !== latest.userPrompt ||
          content.systemPrompt !== latest.systemPrompt ||
          content.temperature !== latest.temperature ||
          content.maxTokens !== latest.maxTokens;
        let newVersion: PromptVersion | null = null;
        if (contentChanged) {
          const hash = contentHash(content.userPrompt);
          if (hash !== prompt.contentHash) await this.assertContentFree(trx, principal.companyId, hash, prompt.id);
          newVersion = await PromptVersion.query(trx).insertAndFetch({
            promptId: prompt.id,
            companyId: prompt.companyId,
            versionNumber: prompt.versionCount + 1,
            ...content,
            variables: this.checkVariables(content),
            contentHash: hash,
            note: input.versionNote ?? null,
            createdByUserId: principal.userId,
            createdByApiKeyId: principal.apiKey?.id ?? null,
            createdAt: this.now(),
          });
          patch.latestVersionId = newVersion.id;
          patch.versionCount = newVersion.versionNumber;
          patch.contentHash = hash;
          changed.push('content');
        }
        if (input.setProduction) {
          patch.productionVersionId = newVersion?.id ?? prompt.latestVersionId;
          changed.push('productionVersion');
        }
        if (!changed.length) return { prompt, changed, newVersion };
        const row = await Prompt.query(trx).patchAndFetchById(prompt.id, { ...patch, updatedAt: this.now() });
        await this.deps.audit.recordFor(
          principal,
          {
            action: input.isActive === false && prompt.isActive ? 'prompt.deactivated' : input.isActive === true && !prompt.isActive ? 'prompt.reactivated' : 'prompt.updated',
            resourceType: 'prompt',
            resourceId: prompt.id,
            details: { promptId: prompt.promptId, fields: [...new Set(changed)].sort(), ...(newVersion ? { versionNumber: newVersion.versionNumber } : {}) },
          },
          trx,
        );
        return { prompt: row, changed, newVersion };
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name ?? '') : err;
      });
    return this.dto(updated.prompt);
  }

  /** Deletes a deactivated prompt with its versions, test sets, runs and bindings. */
  async remove(principal: Principal, id: string): Promise<{ promptId: string; id: string }> {
    const viewer = await this.deps.access.viewerOf(principal);
    const deleted = await this.db.transaction(async (trx) => {
      const prompt = await this.deps.access.editable(viewer, id, trx);
      if (prompt.isActive) throw ApiError.conflict('Only a deactivated prompt can be deleted: set isActive false first', 'PROMPT_ACTIVE');
      await Prompt.query(trx).deleteById(prompt.id);
      await this.deps.audit.recordFor(principal, { action: 'prompt.deleted', resourceType: 'prompt', resourceId: prompt.id, details: { promptId: prompt.promptId, name: prompt.name } }, trx);
      return prompt;
    });
    this.deps.webhooks.emit(principal.companyId, 'prompt.deleted', {
      id: deleted.id,
      promptId: deleted.promptId,
      name: deleted.name,
      deletedByUserId: principal.userId,
      deletedAt: this.now().toISOString(),
    });
    return { promptId: deleted.promptId, id: deleted.id };
  }

  /** A copy owned by the caller: new id and name, PRIVATE, version 1 = the source's latest content, test sets and bindings copied. */
  async clone(principal: Principal, input: { sourcePromptId: string; name?: string }): Promise<PromptDto> {
    const viewer = await this.deps.access.viewerOf(principal);
    const dto = await this.db
      .transaction(async (trx) => {
        await this.lockCompany(trx, principal.companyId);
        const source = await this.deps.access.visible(viewer, input.sourcePromptId, trx);
        const latest = (await PromptVersion.query(trx).findById(source.latestVersionId!))!;
        const name = input.name ?? (await this.copyName(trx, principal.companyId, source.name));
        await this.assertNameFree(trx, principal.companyId, name);
        const copy = await this.insertPrompt(
          trx,
          principal,
          {
            name,
            description: source.description,
            category: source.category,
            tags: source.tags,
            visibility: 'PRIVATE',
            repositoryId: source.repositoryId,
            branch: source.branch,
            taskCodes: source.taskCodes,
            clonedFromId: source.id,
          },
          { userPrompt: latest.userPrompt, systemPrompt: latest.systemPrompt, temperature: latest.temperature, maxTokens: latest.maxTokens },
          latest.variables,
        );
        const sets = await PromptTestSet.query(trx).where({ prompt_id: source.id });
        if (sets.length) {
          await PromptTestSet.query(trx).insert(
            sets.map((s) => ({ companyId: s.companyId, promptId: copy.id, name: s.name, description: s.description, values: s.values, expectedContains: s.expectedContains, expectedPattern: s.expectedPattern, createdByUserId: principal.userId })),
          );
        }
        const bindings = await CustomDocumentBinding.query(trx).where({ prompt_id: source.id });
        if (bindings.length) {
          await CustomDocumentBinding.query(trx).insert(
            bindings.map((b) => ({ companyId: b.companyId, documentId: b.documentId, promptId: copy.id, injectionMode: b.injectionMode, placeholder: b.placeholder, position: b.position, createdByUserId: principal.userId })),
          );
        }
        await this.deps.audit.recordFor(principal, { action: 'prompt.cloned', resourceType: 'prompt', resourceId: copy.id, details: { promptId: copy.promptId, sourcePromptId: source.promptId, name } }, trx);
        return this.dto(copy, trx);
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name ?? '') : err;
      });
    this.emitCreated(principal.companyId, dto);
    return dto;
  }

  /** "<name> (copy)", then "(copy 2)", ... within 100 characters. */
  private async copyName(trx: Db, companyId: string, name: string): Promise<string> {
    for (let n = 1; n < 1000; n++) {
      const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
      const candidate = name.slice(0, 100 - suffix.length) + suffix;
      const taken = await trx('prompts').where({ company_id: companyId }).whereRaw('lower(name) = lower(?)', [candidate]).first('id');
      if (!taken) return candidate;
    }
    throw ApiError.conflict('No free copy name: give the clone a name', 'DUPLICATE_PROMPT_NAME');
  }

  async versions(principal: Principal, id: string, order: 'asc' | 'desc') {
    const viewer = await this.deps.access.viewerOf(principal);
    const prompt = await this.deps.access.visible(viewer, id);
    const rows = await PromptVersion.query(this.db).where({ prompt_id: prompt.id }).orderBy('version_number', order);
    return { promptId: prompt.promptId, productionVersionId: prompt.productionVersionId, versions: rows.map((v) => publicVersion(v, prompt.productionVersionId)) };
  }

  /** One version: `production`, `latest`, a version number or a version id. */
  async version(principal: Principal, id: string, ref: string) {
    const viewer = await this.deps.access.viewerOf(principal);
    const prompt = await this.deps.access.visible(viewer, id);
    const version = await this.resolveVersion(prompt, ref);
    return { promptId: prompt.promptId, version: publicVersion(version, prompt.productionVersionId) };
  }

  async resolveVersion(prompt: Prompt, ref: string, trx: Db = this.db): Promise<PromptVersion> {
    let version: PromptVersion | undefined;
    if (ref === 'production') version = prompt.productionVersionId ? await PromptVersion.query(trx).findById(prompt.productionVersionId) : undefined;
    else if (ref === 'latest') version = await PromptVersion.query(trx).findById(prompt.latestVersionId!);
    else if (/^\d{1,9}$/.test(ref)) version = await PromptVersion.query(trx).findOne({ prompt_id: prompt.id, version_number: Number(ref) });
    else if (isUuid(ref)) version = await PromptVersion.query(trx).findOne({ prompt_id: prompt.id, id: ref });
    if (!version) throw ApiError.notFound(`Version ${ref} not found`, 'VERSION_NOT_FOUND');
    return version;
  }

  /** Moves the production label to one version (by id or number). */
  async setProduction(principal: Principal, id: string, input: { versionId?: string; versionNumber?: number }): Promise<PromptDto> {
    const viewer = await this.deps.access.viewerOf(principal);
    const row = await this.db.transaction(async (trx) => {
      const prompt = await this.deps.access.editable(viewer, id, trx);
      const version = await this.resolveVersion(prompt, input.versionId ?? String(input.versionNumber), trx);
      const updated = await Prompt.query(trx).patchAndFetchById(prompt.id, { productionVersionId: version.id, updatedAt: this.now() });
      await this.deps.audit.recordFor(
        principal,
        { action: 'prompt.production.set', resourceType: 'prompt', resourceId: prompt.id, details: { promptId: prompt.promptId, versionNumber: version.versionNumber, previousVersionId: prompt.productionVersionId } },
        trx,
      );
      return updated;
    });
    return this.dto(row);
  }

  /** The viewer for a principal (routes that need it once for several calls). */
  viewerOf(principal: Principal): Promise<PromptViewer> {
    return this.deps.access.viewerOf(principal);
  }
}
