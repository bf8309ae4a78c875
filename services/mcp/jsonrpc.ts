/**
 * JSON-RPC 2.0 as the agent-tool endpoint speaks it (spec document 1, "Agent-tool endpoint", and the
 * MCP Streamable HTTP transport): the error codes, the protocol versions, and the classification of
 * one incoming message. Pure: the transport (api/routes/mcp.ts) and the dispatcher (dispatch.ts)
 * use it.
 */
export const JSONRPC = '2.0';

/** The spec's codes, and the two Gatehouse adds for the HTTP statuses it names (401, 429). */
export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  AUTH_REQUIRED: -32001,
  /** Monthly quota of the gateway key exceeded (HTTP 429); the spec names the status, not the code. */
  QUOTA_EXCEEDED: -32002,
} as const;

/** Newest first: what the official TypeScript SDK 1.x knows. */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];
export const LATEST_PROTOCOL_VERSION: ProtocolVersion = PROTOCOL_VERSIONS[0];
/** Assumed when a request carries no MCP-Protocol-Version header (the transport specification says so). */
export const DEFAULT_PROTOCOL_VERSION: ProtocolVersion = '2025-03-26';

export function isProtocolVersion(v: unknown): v is ProtocolVersion {
  return typeof v === 'string' && (PROTOCOL_VERSIONS as readonly string[]).includes(v);
}

/** JSON-RPC batches were removed from MCP in 2025-06-18. */
export function allowsBatch(version: ProtocolVersion): boolean {
  return version < '2025-06-18';
}

export type RpcId = string | number | null;

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

export type RpcResponse = { jsonrpc: '2.0'; id: RpcId; result: unknown } | { jsonrpc: '2.0'; id: RpcId; error: RpcError };

export const rpcResult = (id: RpcId, result: unknown): RpcResponse => ({ jsonrpc: JSONRPC, id, result });
export const rpcError = (id: RpcId, code: number, message: string, data?: unknown): RpcResponse => ({
  jsonrpc: JSONRPC,
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** An error a method handler throws to answer with a JSON-RPC error (and, for some, an HTTP status). */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
    /** HTTP status of a single (non-batch) answer; 200 unless the spec names another. */
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

/** Notifications the server accepts and ignores (the spec's `initialized` and the MCP names). */
const KNOWN_NOTIFICATIONS = new Set(['initialized', 'notifications/initialized', 'notifications/cancelled', 'notifications/progress', 'notifications/roots/list_changed']);

export type Classified =
  | { kind: 'request'; id: string | number; method: string; params: unknown }
  | { kind: 'notification'; method: string }
  /** A message that is not a valid request: -32600 (its id when it had a usable one). */
  | { kind: 'invalid'; id: RpcId; message: string }
  /** A method that needs an answer sent without an id (spec: HTTP 400). */
  | { kind: 'missing_id'; method: string }
  /** A response or error sent to the server: nothing to answer (the server sends no requests). */
  | { kind: 'response' };

const usableId = (id: unknown): id is string | number => typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));

export function classify(msg: unknown): Classified {
  if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) return { kind: 'invalid', id: null, message: 'Invalid Request: a JSON-RPC message is an object' };
  const m = msg as Record<string, unknown>;
  const id: RpcId = usableId(m.id) ? m.id : null;
  if (m.jsonrpc !== JSONRPC) return { kind: 'invalid', id, message: 'Invalid Request: jsonrpc must be "2.0"' };
  if (m.method === undefined && ('result' in m || 'error' in m)) return { kind: 'response' };
  if (typeof m.method !== 'string' || !m.method) return { kind: 'invalid', id, message: 'Invalid Request: method is required' };
  if ('id' in m && m.id !== undefined && !usableId(m.id)) return { kind: 'invalid', id: null, message: 'Invalid Request: id must be a string or a number' };
  if (m.params !== undefined && (m.params === null || typeof m.params !== 'object')) {
    return { kind: 'invalid', id, message: 'Invalid Request: params must be an object or an array' };
  }
  if (id === null) return KNOWN_NOTIFICATIONS.has(m.method) || m.method.startsWith('notifications/') ? { kind: 'notification', method: m.method } : { kind: 'missing_id', method: m.method };
  return { kind: 'request', id, method: m.method, params: m.params };
}
