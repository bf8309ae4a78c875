import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import type { PromptViewer } from '../../domain/prompts/visibility';
import { ApiError } from '../../lib/errors';
import type { AuditService } from '../audit/audit';
import { executeRequestSchema } from '../gateway/execute-request';
import type { GatewayService } from '../gateway/gateway';
import type { SecurityCheckService } from '../security/security-checks';
import type { McpChains } from './chains';
import type { McpToolService, ToolRow } from './custom-tools';
import type { PLATFORM_TOOLS, PlatformToolName } from './platform-tools';
import type { McpStoredPrompts, RunCheck } from './stored-prompts';
import { periodBounds, queryUsage } from './usage';
import type { z } from 'zod';

/**
 * What each tool does once tools/call has found it and validated its arguments. Every execution
 * goes through the gateway service as POST /api/gateway/execute would run it, so routing, PII
 * protection, records and webhooks apply; a refusal or gateway error is a tool result with
 * isError true (spec: "a tool may report its own error in the result"), never a provider call.
 */
export type ToolType = 'platform' | 'custom' | 'chain';

export interface ToolOutcome {
  payload: unknown;
  isError: boolean;
  tokens: number;
}

type Args<N extends PlatformToolName> = z.output<(typeof PLATFORM_TOOLS)[N]['args']>;

const refused = (check: Exclude<RunCheck, { ok: true }>): ToolOutcome => ({ payload: { error: check.message, code: check.reason.toUpperCase() }, isError: true, tokens: 0 });

export class McpToolRunner {
  constructor(
    private readonly deps: {
      db: Db;
      gateway: Pick<GatewayService, 'execute'>;
      security: SecurityCheckService;
      stored: McpStoredPrompts;
      tools: McpToolService;
      chains: McpChains;
      audit: AuditService;
    },
  ) {}

  /** One gateway execution; ApiErrors (4xx refusals, provider failures) become isError results. */
  private async execute(principal: Principal, body: Record<string, unknown>): Promise<ToolOutcome> {
    const parsed = executeRequestSchema.safeParse(body);
    if (!parsed.success) return { payload: { error: parsed.error.issues[0]?.message ?? 'invalid request', code: 'VALIDATION_ERROR' }, isError: true, tokens: 0 };
    try {
      // biome-ignore lint/suspicious/noExplicitAny: the gateway answers one of its three mode shapes.
      const out = (await this.deps.gateway.execute(principal, parsed.data, undefined)) as any;
      if (parsed.data.executionMode === 'DRY_RUN') return { payload: { routingPlan: out.routingPlan, timeline: out.timeline }, isError: false, tokens: 0 };
      return {
        payload: {
          executionId: out.executionId,
          content: out.result.content,
          provider: out.provider,
          usage: out.usage,
          finishReason: out.metadata?.finishReason ?? null,
          policyName: out.policyName ?? null,
        },
        isError: false,
        tokens: Number(out.usage?.totalTokens ?? 0),
      };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const payload: Record<string, unknown> = { error: err.message, code: err.code };
      if (err.details !== undefined) payload.details = err.details;
      return { payload, isError: true, tokens: 0 };
    }
  }

  private async audited(principal: Principal, toolName: string, check: Exclude<RunCheck, { ok: true }>): Promise<ToolOutcome> {
    await this.deps.audit.recordFor(principal, { action: 'mcp.security.refused', resourceType: 'mcp_tool', details: { toolName, reason: check.reason } });
    return refused(check);
  }

  async platform<N extends PlatformToolName>(principal: Principal, viewer: () => Promise<PromptViewer>, homeOk: () => Promise<boolean>, name: N, args: Args<N>): Promise<ToolOutcome> {
    switch (name) {
      case 'execute_prompt': {
        const a = args as Args<'execute_prompt'>;
        return this.execute(principal, {
          prompt: a.prompt,
          systemPrompt: a.systemPrompt,
          model: a.model,
          policyId: a.policyId,
          metadata: { source: 'mcp', ...(a.projectId ? { projectId: a.projectId } : {}) },
          executionMode: 'AUTONOMOUS',
        });
      }
      case 'execute_stored_prompt': {
        const a = args as Args<'execute_stored_prompt'>;
        const check = await this.deps.stored.check(principal, await viewer(), a.promptId, a.versionId === undefined ? undefined : String(a.versionId), await homeOk());
        if (!check.ok) return this.audited(principal, name, check);
        return this.execute(principal, {
          prompt: '',
          variables: a.variables ?? {},
          policyId: a.policyId,
          metadata: { promptId: check.prompt.id, promptVersionId: check.version.id, source: 'mcp' },
          executionMode: 'AUTONOMOUS',
        });
      }
      case 'get_routing_advisory': {
        const a = args as Args<'get_routing_advisory'>;
        return this.execute(principal, { prompt: a.prompt, policyId: a.policyId, metadata: { source: 'mcp' }, executionMode: 'DRY_RUN' });
      }
      case 'check_security': {
        const payload = await this.deps.security.checkSecurity(principal, args, 'mcp');
        return { payload, isError: false, tokens: 0 };
      }
      case 'query_usage': {
        const a = args as Args<'query_usage'>;
        const bounds = periodBounds(a.period, new Date());
        if (!bounds) return { payload: { error: `Invalid period ${a.period}`, code: 'VALIDATION_ERROR' }, isError: true, tokens: 0 };
        return { payload: await queryUsage(this.deps.db, principal.companyId, { period: a.period, ...bounds, projectId: a.projectId }), isError: false, tokens: 0 };
      }
    }
    throw new Error(`unknown platform tool ${name}`);
  }

  /** A custom tool: execute_stored_prompt of its prompt's production version, arguments as variables. */
  async custom(principal: Principal, row: ToolRow, check: RunCheck, args: Record<string, unknown>): Promise<ToolOutcome> {
    if (!check.ok) return this.audited(principal, row.name, check);
    return this.execute(principal, {
      prompt: '',
      variables: args,
      metadata: { promptId: check.prompt.id, promptVersionId: check.version.id, source: 'mcp', mcpTool: row.name },
      executionMode: 'AUTONOMOUS',
    });
  }

  /** A chain tool: the durable run `chain:<runId>` with every step's version pinned now. */
  async chain(principal: Principal, row: ToolRow, checks: RunCheck[], args: Record<string, unknown>): Promise<ToolOutcome> {
    const failed = checks.find((c): c is Exclude<RunCheck, { ok: true }> => !c.ok);
    if (failed) return this.audited(principal, row.name, failed);
    const steps = (checks as Extract<RunCheck, { ok: true }>[]).map((c) => ({ promptId: c.prompt.promptId, promptDbId: c.prompt.id, versionId: c.version.id, versionNumber: c.version.versionNumber }));
    const runId = await this.deps.chains.start(principal, row, steps, args);
    const waited = await this.deps.chains.wait(runId);
    if (!waited.done) {
      return { payload: { runId, status: 'RUNNING', message: `The chain is still running: GET /api/v1/mcp/chain-runs/${runId}` }, isError: false, tokens: 0 };
    }
    const o = waited.outcome;
    const last = o.outputs[o.outputs.length - 1];
    return {
      payload: {
        runId,
        status: o.status,
        output: o.status === 'COMPLETED' ? (last?.content ?? '') : null,
        steps: o.outputs.map((s) => ({ step: s.step, promptId: s.promptId, versionId: s.versionId, executionId: s.executionId, content: s.content, totalTokens: s.totalTokens })),
        totalTokens: o.totalTokens,
        ...(o.error ? { error: o.error.message, code: o.error.code, failedStep: o.error.step } : {}),
      },
      isError: o.status !== 'COMPLETED',
      tokens: o.totalTokens,
    };
  }
}
