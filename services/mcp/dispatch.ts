import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import type { PromptViewer } from '../../domain/prompts/visibility';
import { zodDetails } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { type McpToolService, toolInputSchema } from './custom-tools';
import {
  type Classified,
  classify,
  allowsBatch,
  isProtocolVersion,
  LATEST_PROTOCOL_VERSION,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
  RPC,
  RpcFailure,
  type RpcResponse,
  rpcError,
  rpcResult,
} from './jsonrpc';
import { PLATFORM_TOOLS, isPlatformTool, platformToolList } from './platform-tools';
import type { McpQuotas } from './quotas';
import type { McpStoredPrompts } from './stored-prompts';
import type { McpToolRunner, ToolOutcome, ToolType } from './tool-runs';

/**
 * The agent-tool endpoint's dispatch (spec document 1): one JSON-RPC message or a batch in, the
 * answer and its HTTP status out. The transport (headers, auth, body reading) is the edge's
 * (api/routes/mcp.ts); the methods, the batch rules, tools/list and tools/call with quotas and
 * audit are here.
 *
 * HTTP statuses: 200 for every handled request (JSON-RPC errors included); 202 and no body when
 * only notifications (or responses) came; 400 for an invalid request or a request without id; 429
 * when a single tools/call is over the key's monthly quota. A batch answers 200 with one entry per
 * request (errors included), processed in order.
 */
export const SERVER_NAME = 'gatehouse';
export const SERVER_VERSION = '0.1.0';

export interface McpAnswer {
  status: number;
  /** null: no body (202). */
  body: RpcResponse | RpcResponse[] | null;
}

/** Lazily computed per request: the key's prompt viewer and whether its owner's home company owns it. */
interface CallContext {
  principal: Principal;
  viewer(): Promise<PromptViewer>;
  homeOk(): Promise<boolean>;
}

const once = <T>(fn: () => Promise<T>) => {
  let p: Promise<T> | null = null;
  return () => (p ??= fn());
};

export class McpService {
  /** The monthly counters (also read by tests and operators). */
  readonly quotas: McpQuotas;

  constructor(
    private readonly deps: {
      db: Db;
      quotas: McpQuotas;
      stored: McpStoredPrompts;
      tools: McpToolService;
      runner: McpToolRunner;
      logger: Logger;
    },
  ) {
    this.quotas = deps.quotas;
  }

  /** GET /api/v1/mcp without an MCP Accept header: what the endpoint speaks, and whether it can serve. */
  async discovery() {
    let database = 'ok';
    try {
      await this.deps.db.raw('select 1');
    } catch {
      database = 'unavailable';
    }
    return {
      status: database === 'ok' ? 'ok' : 'degraded',
      server: { name: SERVER_NAME, version: SERVER_VERSION },
      transport: 'streamable-http',
      endpoints: ['/api/v1/mcp', '/api/mcp'],
      authentication: 'Authorization: Bearer <gateway API key>',
      protocolVersions: PROTOCOL_VERSIONS,
      batchesUpTo: '2025-03-26',
      sessions: false,
      serverStream: false,
      capabilities: { tools: { listChanged: false }, resources: {}, prompts: {} },
      methods: ['initialize', 'notifications/initialized', 'ping', 'tools/list', 'tools/call', 'resources/list', 'prompts/list'],
      platformTools: platformToolList().map((t) => t.name),
      checks: { database },
    };
  }

  async handleBody(principal: Principal, body: unknown, version: ProtocolVersion): Promise<McpAnswer> {
    const ctx: CallContext = {
      principal,
      viewer: once(() => this.deps.stored.viewerOf(principal)),
      homeOk: once(() => this.deps.stored.homeCompanyOwns(principal)),
    };
    if (!Array.isArray(body)) {
      const { response, status } = await this.handleOne(ctx, classify(body), false);
      return { status, body: response };
    }
    if (!allowsBatch(version)) {
      return { status: 400, body: rpcError(null, RPC.INVALID_REQUEST, `Invalid Request: JSON-RPC batches are not supported in protocol version ${version} (removed in 2025-06-18)`) };
    }
    if (!body.length) return { status: 400, body: rpcError(null, RPC.INVALID_REQUEST, 'Invalid Request: empty batch') };
    const responses: RpcResponse[] = [];
    // Sequentially, as the spec says: a later call may depend on an earlier one's effects.
    for (const msg of body) {
      const { response } = await this.handleOne(ctx, classify(msg), true);
      if (response) responses.push(response);
    }
    return responses.length ? { status: 200, body: responses } : { status: 202, body: null };
  }

  private async handleOne(ctx: CallContext, m: Classified, inBatch: boolean): Promise<{ status: number; response: RpcResponse | null }> {
    switch (m.kind) {
      case 'notification':
      case 'response':
        return { status: 202, response: null };
      case 'invalid':
        return { status: 400, response: rpcError(m.id, RPC.INVALID_REQUEST, m.message) };
      case 'missing_id':
        return { status: 400, response: rpcError(null, RPC.INVALID_REQUEST, `Invalid Request: ${m.method} is a request and needs an id (only notifications go without one)`) };
    }
    try {
      return { status: 200, response: rpcResult(m.id, await this.method(ctx, m.method, m.params)) };
    } catch (err) {
      if (err instanceof RpcFailure) return { status: inBatch ? 200 : err.httpStatus, response: rpcError(m.id, err.code, err.message, err.data) };
      this.deps.logger.error({ err, method: m.method }, 'MCP method failed');
      return { status: 200, response: rpcError(m.id, RPC.INTERNAL_ERROR, 'Internal error') };
    }
  }

  private async method(ctx: CallContext, method: string, params: unknown): Promise<unknown> {
    const p = (params ?? {}) as Record<string, unknown>;
    switch (method) {
      case 'initialize': {
        if (Array.isArray(params)) throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: initialize takes an object');
        // The client's version when we speak it, else our newest (the client then decides).
        const protocolVersion = isProtocolVersion(p.protocolVersion) ? p.protocolVersion : LATEST_PROTOCOL_VERSION;
        return {
          protocolVersion,
          capabilities: { tools: { listChanged: false }, resources: {}, prompts: {} },
          serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
          instructions: 'Gatehouse: run prompts and stored prompts through the company gateway (routing, PII protection, quotas, records).',
        };
      }
      case 'ping':
        return {};
      case 'tools/list':
        return { tools: await this.listTools(ctx) };
      case 'tools/call':
        return this.callTool(ctx, p);
      case 'resources/list':
        return { resources: [] };
      case 'resources/templates/list':
        return { resourceTemplates: [] };
      case 'prompts/list':
        return { prompts: [] };
      default:
        throw new RpcFailure(RPC.METHOD_NOT_FOUND, `Method not found: ${method}`);
    }
  }

  /** Only what the key can run: platform tools by permission, custom and chain tools by every prompt rule. */
  private async listTools(ctx: CallContext) {
    const { principal } = ctx;
    const tools: Array<{ name: string; description: string; inputSchema: Record<string, unknown> }> = platformToolList()
      .filter((t) => t.permission === null || principal.permissions.has(t.permission))
      .map(({ name, description, inputSchema }) => ({ name, description, inputSchema }));
    if (!principal.permissions.has('gateway.execute')) return tools;
    for (const t of await this.deps.tools.runnable(principal, await ctx.viewer(), await ctx.homeOk())) {
      const steps = t.prompts.map((p) => p.promptId).join(' → ');
      tools.push({
        name: t.row.name,
        description: t.row.description ?? (t.row.kind === 'chain' ? `Chain of stored prompts ${steps}` : `Stored prompt ${steps}`),
        inputSchema: toolInputSchema(t.row.kind, t.versions),
      });
    }
    return tools;
  }

  private async callTool(ctx: CallContext, p: Record<string, unknown>) {
    const { principal } = ctx;
    if (typeof p.name !== 'string' || !p.name) throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: name (string) is required');
    if (p.arguments !== undefined && (p.arguments === null || typeof p.arguments !== 'object' || Array.isArray(p.arguments))) {
      throw new RpcFailure(RPC.INVALID_PARAMS, 'Invalid params: arguments must be an object');
    }
    const name = p.name;
    const args = (p.arguments ?? {}) as Record<string, unknown>;
    const startedAt = performance.now();

    // Find the tool and validate its arguments first: an unknown tool or bad arguments are not a call.
    let toolType: ToolType;
    let run: () => Promise<ToolOutcome>;
    if (isPlatformTool(name)) {
      toolType = 'platform';
      const def = PLATFORM_TOOLS[name];
      const parsed = def.args.safeParse(args);
      if (!parsed.success) throw new RpcFailure(RPC.INVALID_PARAMS, `Invalid params for ${name}: ${parsed.error.issues[0]?.message ?? 'invalid'}`, zodDetails(parsed.error));
      if (def.permission && !principal.permissions.has(def.permission)) {
        run = async () => ({ payload: { error: `This key may not run ${name} (it needs ${def.permission})`, code: 'FORBIDDEN' }, isError: true, tokens: 0 });
      } else {
        run = () => this.deps.runner.platform(principal, ctx.viewer, ctx.homeOk, name, parsed.data as never);
      }
    } else {
      const found = await this.deps.tools.forCall(principal, await ctx.viewer(), name, await ctx.homeOk());
      if (!found) throw new RpcFailure(RPC.METHOD_NOT_FOUND, `Unknown tool: ${name}`);
      toolType = found.row.kind;
      if (!principal.permissions.has('gateway.execute')) {
        run = async () => ({ payload: { error: `This key may not run ${name} (it needs gateway.execute)`, code: 'FORBIDDEN' }, isError: true, tokens: 0 });
      } else if (found.row.kind === 'custom') {
        run = () => this.deps.runner.custom(principal, found.row, found.checks[0]!, args);
      } else {
        run = () => this.deps.runner.chain(principal, found.row, found.checks, args);
      }
    }

    if (principal.apiKey) {
      const refusal = await this.deps.quotas.reserve(principal.apiKey.id);
      if (refusal) {
        throw new RpcFailure(RPC.QUOTA_EXCEEDED, `Monthly ${refusal.quota} quota of this API key exceeded (${refusal.used} of ${refusal.limit}); it resets at ${refusal.resetsAt}`, refusal, 429);
      }
    }

    let outcome: ToolOutcome;
    try {
      outcome = await run();
    } catch (err) {
      await this.record(principal, name, toolType, { isError: true, tokens: 0, payload: { code: 'INTERNAL_ERROR' } }, performance.now() - startedAt);
      throw err;
    }
    await this.record(principal, name, toolType, outcome, performance.now() - startedAt);
    return { content: [{ type: 'text', text: JSON.stringify(outcome.payload) }], isError: outcome.isError };
  }

  /** The call's tokens on the key's monthly counter and its audit entry: one write (quotas.ts). */
  private record(principal: Principal, toolName: string, toolType: ToolType, outcome: ToolOutcome, durationMs: number) {
    const code = outcome.isError ? (outcome.payload as { code?: string } | null)?.code : undefined;
    const apiKeyId = principal.apiKey?.id ?? null;
    return this.deps.quotas.record(
      {
        apiKeyId,
        companyId: principal.companyId,
        userId: principal.userId,
        action: outcome.isError ? 'mcp.tool.error' : 'mcp.tool.execute',
        resourceType: 'mcp_tool',
        resourceId: toolName,
        details: { apiKeyId, toolName, toolType, tokenCount: outcome.tokens, durationMs: Math.round(durationMs), ...(code ? { errorCode: code } : {}) },
      },
      outcome.tokens,
    );
  }
}
