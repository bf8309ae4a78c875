import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { newPromptId } from '../../domain/prompts/ids';
import { ApiError } from '../../lib/errors';
import type { AuditService } from '../audit/audit';
import type { KeyRow, ZkKeyService } from './keys';
import type { EncryptedPromptCreate, EncryptedResponseCreate } from './requests';
import type { ZkSettingsService } from './settings';

/**
 * Client-side encrypted prompts and responses (POST/GET /api/v1/pzk/encrypted-prompts, POST
 * /api/v1/pzk/encrypted-responses, and the zero-knowledge half of POST /api/v1/prompts/zk).
 *
 * The server stores the client's AES-GCM objects as sent and never decrypts them: it checks the
 * shape, that the key named by encryptionKeyRef is an active key of the company that covers the
 * repository (its own key or the company key), and that zero knowledge is on for the repository.
 * Encrypted prompts live in zk_prompts, apart from the stored prompt library: the gateway's
 * metadata.promptId and the agent tools do not find them (a client that holds the key decrypts the
 * prompt and sends it in a signed-in session's execute call).
 */
export const ENCRYPTED_NAME = '[ENCRYPTED]';

const keyNotFound = (ref: string) => ApiError.notFound(`Encryption key not found: ${ref}`, 'not_found');
const promptNotFound = () => ApiError.notFound('Encrypted prompt not found', 'not_found');
const invalid = (path: string, message: string) => ApiError.badRequest(`Invalid body: ${path}: ${message}`, [{ path: [path], message }], 'invalid_request');

interface PromptRow {
  id: string;
  prompt_id: string;
  repository_id: string;
  key_id: string;
  encrypted_user_prompt: unknown;
  encrypted_system_prompt: unknown;
  encrypted_name: unknown;
  encryption_alg: string;
  encryption_key_ref: string;
  encrypted_key_material: string | null;
  key_salt: string | null;
  prompt_hash: string;
  tags: string[];
  category: string | null;
  branch: string;
  metadata: Record<string, unknown>;
  created_by_user_id: string | null;
  created_by_api_key_id: string | null;
  created_at: Date;
  updated_at: Date;
}

function toDto(p: PromptRow, repo: { repository_id: string; name: string }) {
  return {
    id: p.id,
    promptId: p.prompt_id,
    name: ENCRYPTED_NAME,
    isEncrypted: true,
    encryptionAlg: p.encryption_alg,
    encryptionKeyRef: p.encryption_key_ref,
    encryptionKeyId: p.key_id,
    promptHash: p.prompt_hash,
    encryptedName: p.encrypted_name ?? null,
    encryptedSystemPrompt: p.encrypted_system_prompt ?? null,
    encryptedUserPrompt: p.encrypted_user_prompt,
    encryptedKeyMaterial: p.encrypted_key_material,
    keySalt: p.key_salt,
    encryptedPayload: { userPrompt: p.encrypted_user_prompt, systemPrompt: p.encrypted_system_prompt ?? null, name: p.encrypted_name ?? null },
    repository: { repositoryId: repo.repository_id, name: repo.name },
    tags: p.tags,
    category: p.category,
    branch: p.branch,
    metadata: p.metadata,
    createdByUserId: p.created_by_user_id,
    createdByApiKeyId: p.created_by_api_key_id,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  };
}

export type EncryptedPromptDto = ReturnType<typeof toDto>;

export class ZkContentService {
  constructor(private readonly deps: { db: Db; audit: AuditService; settings: ZkSettingsService; keys: ZkKeyService }) {}

  /** The key a client encrypted with: of the company, active, and covering the repository. */
  private async usableKey(principal: Principal, ref: string, repositoryId: string | null, trx: Db): Promise<KeyRow> {
    const key = await this.deps.keys.byRef(principal.companyId, ref, trx);
    if (!key) throw keyNotFound(ref);
    if (!key.is_active || key.expires_at.getTime() <= Date.now()) throw invalid('encryptionKeyRef', 'this key was rotated or has expired: bootstrap again and encrypt with the active key');
    if (key.repository_id && repositoryId && key.repository_id !== repositoryId) throw invalid('encryptionKeyRef', "this key belongs to another repository: use the repository's key or the company key");
    if (key.repository_id && !repositoryId) throw invalid('encryptionKeyRef', 'a repository key encrypts only content of its repository');
    return key;
  }

  async createPrompt(principal: Principal, input: EncryptedPromptCreate): Promise<EncryptedPromptDto> {
    await this.deps.settings.assertEnabled(principal);
    return this.deps.db.transaction(async (trx) => {
      const [repo] = await this.deps.keys.repositories(principal, [input.repositoryId], trx);
      if (!(await this.deps.settings.enabledForRepository(principal, repo!.id, trx))) {
        throw ApiError.forbidden(`Zero-knowledge encryption is disabled for repository ${repo!.repositoryId}`, 'zero_knowledge_disabled');
      }
      const key = await this.usableKey(principal, input.encryptionKeyRef, repo!.id, trx);
      const [row] = await trx('zk_prompts')
        .insert({
          company_id: principal.companyId,
          prompt_id: newPromptId(new Date(), randomBytes(16)),
          repository_id: repo!.id,
          key_id: key.id,
          name: input.name ?? null,
          encrypted_user_prompt: JSON.stringify(input.encryptedUserPrompt),
          encrypted_system_prompt: input.encryptedSystemPrompt ? JSON.stringify(input.encryptedSystemPrompt) : null,
          encrypted_name: input.encryptedName ? JSON.stringify(input.encryptedName) : null,
          encryption_alg: input.encryptionAlg,
          encryption_key_ref: key.key_ref,
          encrypted_key_material: input.encryptedKeyMaterial ?? null,
          key_salt: input.keySalt ?? null,
          prompt_hash: input.promptHash,
          tags: input.tags,
          category: input.category ?? null,
          branch: input.branch,
          metadata: JSON.stringify(input.metadata),
          created_by_user_id: principal.userId,
          created_by_api_key_id: principal.apiKey?.id ?? null,
        })
        .returning('*');
      await this.deps.audit.recordFor(principal, { action: 'zk.prompt.created', resourceType: 'zk_prompt', resourceId: row.id, details: { promptId: row.prompt_id, keyId: key.key_ref } }, trx);
      const name = await trx('repositories').where({ id: repo!.id }).first('name');
      return toDto(row as PromptRow, { repository_id: repo!.repositoryId, name: name.name });
    });
  }

  async getPrompt(principal: Principal, promptId: string): Promise<EncryptedPromptDto> {
    const row = (await this.deps.db('zk_prompts').where({ company_id: principal.companyId, prompt_id: promptId }).first()) as PromptRow | undefined;
    if (!row) throw promptNotFound();
    const repo = await this.deps.db('repositories').where({ id: row.repository_id }).first('repository_id', 'name');
    return toDto(row, repo);
  }

  async createResponse(principal: Principal, input: EncryptedResponseCreate) {
    await this.deps.settings.assertEnabled(principal);
    return this.deps.db.transaction(async (trx) => {
      let prompt: { id: string; repository_id: string } | undefined;
      if (input.promptId) {
        prompt = await trx('zk_prompts').where({ company_id: principal.companyId, prompt_id: input.promptId }).first('id', 'repository_id');
        if (!prompt) throw promptNotFound();
        if (!(await this.deps.settings.enabledForRepository(principal, prompt.repository_id, trx))) {
          throw ApiError.forbidden("Zero-knowledge encryption is disabled for this prompt's repository", 'zero_knowledge_disabled');
        }
      }
      const key = await this.usableKey(principal, input.encryptionKeyRef, prompt?.repository_id ?? null, trx);
      const [row] = await trx('zk_responses')
        .insert({
          company_id: principal.companyId,
          execution_id: input.executionId,
          zk_prompt_id: prompt?.id ?? null,
          key_id: key.id,
          provider: input.provider,
          model: input.model,
          input_tokens: input.inputTokens,
          output_tokens: input.outputTokens,
          total_tokens: input.totalTokens,
          cost_cents: input.costCents,
          execution_time_ms: input.executionTime,
          encryption_alg: input.encryptionAlg,
          encrypted_content: JSON.stringify(input.encryptedContent),
          encryption_key_ref: key.key_ref,
          key_salt: input.keySalt ?? null,
          created_by_api_key_id: principal.apiKey?.id ?? null,
        })
        .returning(['id', 'execution_id', 'created_at']);
      await this.deps.audit.recordFor(principal, { action: 'zk.response.created', resourceType: 'zk_response', resourceId: row.id, details: { executionId: row.execution_id, keyId: key.key_ref } }, trx);
      return { executionId: row.execution_id as string, promptId: input.promptId ?? null, createdAt: row.created_at as Date };
    });
  }

  /** The stored encrypted responses of one execution (an addition: the spec shows only the create). */
  async listResponses(principal: Principal, executionId: string) {
    const rows = await this.deps.db('zk_responses as r')
      .leftJoin('zk_prompts as p', 'p.id', 'r.zk_prompt_id')
      .where({ 'r.company_id': principal.companyId, 'r.execution_id': executionId })
      .orderBy('r.created_at')
      .select('r.*', 'p.prompt_id as public_prompt_id');
    return rows.map((r) => ({
      id: r.id,
      executionId: r.execution_id,
      promptId: r.public_prompt_id ?? null,
      provider: r.provider,
      model: r.model,
      inputTokens: r.input_tokens,
      outputTokens: r.output_tokens,
      totalTokens: r.total_tokens,
      costCents: r.cost_cents,
      executionTime: r.execution_time_ms,
      encryptionAlg: r.encryption_alg,
      encryptedContent: r.encrypted_content,
      encryptionKeyRef: r.encryption_key_ref,
      keySalt: r.key_salt,
      createdAt: r.created_at,
    }));
  }
}
