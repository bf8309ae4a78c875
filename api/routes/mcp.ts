import type Router from '@koa/router';
import type { Context } from 'koa';
import { findUnsafeInput } from '../../lib/input-safety';
import { DEFAULT_PROTOCOL_VERSION, isProtocolVersion, RPC, rpcError } from '../../services/mcp/jsonrpc';
import { readCredential } from '../middleware/auth';

/**
 * The agent-tool endpoint's HTTP edge: /api/v1/mcp and its alias /api/mcp, JSON-RPC 2.0 over the
 * MCP Streamable HTTP transport (spec document 1; MCP 2024-11-05 to 2025-11-25), as the official
 * TypeScript SDK client speaks it. Our own thin layer rather than the SDK's server transport: the
 * spec's rules (batches for the versions that allow them, processed in order; HTTP 401 with -32001;
 * 429 with a JSON-RPC error; 400 for a parse error or a request without id) are not the SDK
 * server's, and the dispatch is a few hundred lines (services/mcp/dispatch.ts).
 *
 * - POST: Content-Type application/json; Accept must allow application/json (or text/event-stream,
 *   answered as JSON, which the transport allows) else 406; MCP-Protocol-Version names the version
 *   (absent: 2025-03-26; unknown: 400). Stateless: no Mcp-Session-Id is issued or required.
 * - GET with Accept text/event-stream: 405 (no server stream is offered). GET otherwise: the
 *   discovery and health document (public, no tenant data).
 * - DELETE: 405 (no sessions to end).
 * Every authenticated request is a gateway key looked up by SHA-256 (cached) and marks its lastUsedAt.
 */
const PATHS = ['/api/v1/mcp', '/api/mcp'];
const MAX_BODY_BYTES = 1024 * 1024;
const ALLOW = 'GET, POST';

function send(ctx: Context, status: number, body: unknown) {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  if (body === null) {
    ctx.body = null;
    ctx.status = status;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = body;
}

/** The raw body as text, at most MAX_BODY_BYTES; null when larger. */
async function readBody(ctx: Context): Promise<string | null> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_BODY_BYTES) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function acceptsJson(accept: string): boolean {
  if (!accept) return true;
  return /(application\/json|text\/event-stream|application\/\*|\*\/\*)/i.test(accept);
}

async function post(ctx: Context) {
  const type = ctx.get('content-type');
  if (type && !/^application\/json\b/i.test(type)) {
    return send(ctx, 415, rpcError(null, RPC.INVALID_REQUEST, 'Unsupported Media Type: Content-Type must be application/json'));
  }
  if (!acceptsJson(ctx.get('accept'))) {
    return send(ctx, 406, rpcError(null, RPC.INVALID_REQUEST, 'Not Acceptable: Accept must include application/json and text/event-stream'));
  }
  const versionHeader = ctx.get('mcp-protocol-version');
  if (versionHeader && !isProtocolVersion(versionHeader)) {
    return send(ctx, 400, rpcError(null, RPC.INVALID_REQUEST, `Bad Request: unsupported MCP-Protocol-Version ${versionHeader}`));
  }

  // Authentication first: without a valid gateway key nothing else is looked at (spec: 401, -32001).
  const credential = readCredential(ctx);
  const principal = credential?.from === 'bearer' ? await ctx.services.auth.authenticate(credential.token, 'api_key') : null;
  if (principal?.apiKey?.kind !== 'GATEWAY') {
    ctx.set('WWW-Authenticate', 'Bearer realm="gatehouse-mcp"');
    return send(ctx, 401, rpcError(null, RPC.AUTH_REQUIRED, credential ? 'Authentication required: invalid or inactive gateway API key' : 'Authentication required: Authorization: Bearer <gateway API key>'));
  }
  ctx.state.principal = principal;
  ctx.services.auth.touch(principal);

  const text = await readBody(ctx);
  if (text === null) return send(ctx, 413, rpcError(null, RPC.INVALID_REQUEST, `Payload Too Large: at most ${MAX_BODY_BYTES} bytes`));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return send(ctx, 400, rpcError(null, RPC.PARSE_ERROR, 'Parse error: the body is not valid JSON'));
  }
  const unsafe = findUnsafeInput(body);
  if (unsafe) return send(ctx, 400, rpcError(null, RPC.INVALID_REQUEST, `Invalid Request: ${unsafe.path.join('.')} ${unsafe.message}`));

  const answer = await ctx.services.mcp.handleBody(principal, body, isProtocolVersion(versionHeader) ? versionHeader : DEFAULT_PROTOCOL_VERSION);
  return send(ctx, answer.status, answer.body);
}

async function get(ctx: Context) {
  if (/text\/event-stream/i.test(ctx.get('accept'))) {
    ctx.set('Allow', ALLOW);
    return send(ctx, 405, rpcError(null, RPC.INVALID_REQUEST, 'Method Not Allowed: this server offers no SSE stream; POST JSON-RPC messages'));
  }
  const discovery = await ctx.services.mcp.discovery();
  return send(ctx, discovery.status === 'ok' ? 200 : 503, discovery);
}

function notAllowed(ctx: Context) {
  ctx.set('Allow', ALLOW);
  return send(ctx, 405, rpcError(null, RPC.INVALID_REQUEST, 'Method Not Allowed: this server keeps no sessions to end'));
}

export function mountMcpRoutes(router: Router): void {
  for (const path of PATHS) {
    router.post(path, post);
    router.get(path, get);
    router.delete(path, notAllowed);
  }
}
