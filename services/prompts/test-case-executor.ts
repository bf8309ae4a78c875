import { type CaseExecution, CaseExecutionError, type PromptCaseExecutor } from '../../activities/prompt-tests';
import type { Principal } from '../../domain/principal';
import type { ExecuteRequest } from '../gateway/execute-request';
import { keyPermissions } from '../auth/auth';
import type { GatewayService } from '../gateway/gateway';
import type { ProviderService } from '../providers/providers';
import type { Db } from '../../db/connection';
import { featuresOf } from '../../domain/features';
import { costUsd } from '../../domain/pricing';
import { ROLE_PERMISSIONS, type Role, isRole } from '../../domain/roles';
import { ApiError } from '../../lib/errors';

/**
 * The principal of a requester recorded on a run or session (a user in a company, or a key): their
 * current role and the company's features, so work done later in the worker runs with today's rights.
 */
export async function requesterPrincipal(db: Db, companyId: string, userId: string | null, apiKeyId: string | null): Promise<Principal> {
  const company = await db('companies').where({ id: companyId }).first('package_name', 'features');
  const membership = userId ? await db('memberships').where({ company_id: companyId, user_id: userId }).whereNull('deactivated_at').first('role') : undefined;
  const role: Role | null = membership && isRole(membership.role) ? membership.role : null;
  const features = featuresOf(company?.package_name ?? 'standard', company?.features ?? []);
  if (apiKeyId) {
    const key = await db('api_keys').where({ id: apiKeyId, company_id: companyId }).whereNull('revoked_at').first('id', 'kind', 'type', 'scopes');
    if (!key) throw new CaseExecutionError('REQUESTER_KEY_REVOKED', 'The API key that started the run is no longer valid');
    return {
      via: 'api_key',
      companyId,
      userId,
      role,
      permissions: keyPermissions(key.kind, key.type, userId ? { role } : null),
      features,
      apiKey: { id: key.id, kind: key.kind, type: key.type, scopes: key.scopes ?? [] },
    };
  }
  return { via: 'session', companyId, userId, role, permissions: role ? ROLE_PERMISSIONS[role] : new Set(), features };
}

/**
 * The prompt test activities' port to the gateway (activities/prompt-tests.ts): each case is an
 * ordinary gateway execution by the run's requester (their session role, or their key within its
 * type), naming the stored prompt and the run's version, so visibility, the company's routing
 * policy, the pinned task, bound documents and execution records all apply as in production.
 * A requester who has since lost access gets the gateway's answer (404, 409), recorded on the case.
 */
export class GatewayCaseExecutor implements PromptCaseExecutor {
  constructor(
    private readonly deps: {
      db: Db;
      gateway: Pick<GatewayService, 'execute'>;
      providers: Pick<ProviderService, 'runtimeProviders'>;
    },
  ) {}

  async execute(input: Parameters<PromptCaseExecutor['execute']>[0]): Promise<CaseExecution> {
    const principal = await requesterPrincipal(this.deps.db, input.companyId, input.requestedByUserId, input.requestedByApiKeyId);
    if (!principal.permissions.has('gateway.execute')) throw new CaseExecutionError('FORBIDDEN', 'The requester may no longer execute prompts');
    const request = {
      prompt: '',
      variables: input.variables,
      metadata: { promptId: input.promptId, promptVersionId: input.versionId, source: input.source ?? 'prompt-test' },
      executionMode: 'AUTONOMOUS',
      acknowledgeUnprotectedDocument: false,
    } as ExecuteRequest;
    const startedAt = performance.now();
    try {
      const out = (await this.deps.gateway.execute(principal, request, undefined)) as {
        executionId: string;
        result: { content: string };
        usage: { promptTokens: number; completionTokens: number; totalTokens: number };
        provider: { name: string; model: string };
      };
      const providers = await this.deps.providers.runtimeProviders(input.companyId);
      const price = providers.find((p) => p.name === out.provider.name)?.models.find((m) => m.name === out.provider.model);
      return {
        content: out.result.content,
        provider: out.provider.name,
        model: out.provider.model,
        promptTokens: out.usage.promptTokens,
        completionTokens: out.usage.completionTokens,
        totalTokens: out.usage.totalTokens,
        costUsd: costUsd(price, out.usage),
        latencyMs: Math.round(performance.now() - startedAt),
        executionId: out.executionId,
      };
    } catch (err) {
      if (err instanceof ApiError) throw new CaseExecutionError(err.code, err.message);
      throw err;
    }
  }
}
