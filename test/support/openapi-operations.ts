/**
 * The api's operations as the generated harnesses see them: read from /api/openapi.json (the
 * document `mountRoutes` builds from the same zod schemas that validate requests), so a route added
 * tomorrow is an operation here the day it lands. Plus the one endpoint the document leaves out on
 * purpose (MCP's JSON-RPC transport, api/routes/mcp.ts), described by hand in EXTRA_OPERATIONS.
 *
 * Each operation belongs to an area, and each area answers errors in its own documented shape
 * (docs/API.md): the REST areas `{error, code, details?}` (api/middleware/errors.ts; the gateway
 * routes add `success: false`), the OpenAI-compatible /v1 `{error: {message, type, param, code}}`
 * (api/routes/openai-errors.ts), and MCP JSON-RPC 2.0 error objects (services/mcp/jsonrpc.ts).
 */
export type JsonSchema = Record<string, any>;
export type Json = Record<string, any>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Area = 'rest' | 'gateway' | 'openai' | 'mcp';

export interface Operation {
  method: Method;
  /** The OpenAPI path template, e.g. /api/v1/providers/{id}. */
  path: string;
  /** Path parameter names in order. */
  params: string[];
  /** Query parameters with their schemas. */
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  /** The JSON request body's schema (refs unresolved), when the operation declares one. */
  body?: JsonSchema;
  area: Area;
  /** The whole document, to resolve $ref inside the schemas. */
  doc: Json;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function areaOf(path: string): Area {
  if (path.startsWith('/v1/')) return 'openai';
  if (path === '/api/v1/mcp' || path === '/api/mcp') return 'mcp';
  if (path.startsWith('/api/gateway')) return 'gateway';
  return 'rest';
}

/** A JSON-RPC 2.0 request as MCP's endpoint takes it (the document does not describe JSON-RPC). */
const JSON_RPC_REQUEST: JsonSchema = {
  type: 'object',
  required: ['jsonrpc', 'method', 'id'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { anyOf: [{ type: 'integer', minimum: 1, maximum: 1000 }, { type: 'string', minLength: 1, maxLength: 12 }] },
    method: { enum: ['initialize', 'tools/list', 'tools/call', 'ping', 'prompts/list', 'resources/list'] },
    params: {
      type: 'object',
      properties: {
        name: { enum: ['execute_prompt', 'get_routing_advisory', 'check_security', 'list_providers', 'execute_stored_prompt'] },
        arguments: { type: 'object', properties: { prompt: { type: 'string', maxLength: 40 }, promptId: { type: 'string', maxLength: 40 } } },
        protocolVersion: { enum: ['2025-03-26', '2025-06-18'] },
      },
    },
  },
};

/** Endpoints outside the OpenAPI document that the harnesses still cover. */
export function extraOperations(doc: Json): Operation[] {
  return ['/api/v1/mcp', '/api/mcp'].map((path) => ({ method: 'POST', path, params: [], query: [], body: JSON_RPC_REQUEST, area: 'mcp', doc }));
}

/** Every operation of the document (and the extra ones), in document order. */
export function operationsOf(doc: Json, opts: { extra?: boolean } = {}): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths ?? {})) {
    for (const m of METHODS) {
      const op = item[m] as Json | undefined;
      if (!op) continue;
      const parameters: Json[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p));
      out.push({
        method: m.toUpperCase() as Method,
        path,
        params: [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, required: !!p.required, schema: p.schema ?? {} })),
        body: op.requestBody ? deref(doc, op.requestBody).content?.['application/json']?.schema : undefined,
        area: areaOf(path),
        doc,
      });
    }
  }
  if (opts.extra !== false) out.push(...extraOperations(doc));
  return out;
}

/** Follows local $refs (#/components/...). */
export function deref(doc: Json, schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 32; i++) {
    const parts = (s.$ref as string).replace(/^#\//, '').split('/');
    let target: any = doc;
    for (const part of parts) target = target?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (!target) throw new Error(`unresolvable $ref ${s.$ref}`);
    s = target;
  }
  return s;
}

export const opName = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`;

/**
 * What is wrong with a 4xx answer's body for its area, or null when it is in the documented shape.
 * 413 and 415 from the transport are held to the same shapes: a client parses every error alike.
 */
export function errorShapeProblem(area: Area, text: string, contentType: string | null): string | null {
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return `not JSON (${contentType ?? 'no content type'}): ${text.slice(0, 120)}`;
  }
  if (area === 'openai') {
    const e = body?.error;
    if (!e || typeof e !== 'object') return 'no error object';
    if (typeof e.message !== 'string' || !e.message) return 'error.message is not a non-empty string';
    if (typeof e.type !== 'string' || !e.type) return 'error.type is not a non-empty string';
    if (!('code' in e) || (e.code !== null && typeof e.code !== 'string')) return 'error.code is not a string or null';
    if (!('param' in e) || (e.param !== null && typeof e.param !== 'string')) return 'error.param is not a string or null';
    return null;
  }
  if (area === 'mcp') {
    const answers = Array.isArray(body) ? body : [body];
    if (answers.length === 0) return 'an empty JSON-RPC batch answer';
    for (const a of answers) {
      if (a?.jsonrpc !== '2.0') return 'jsonrpc is not "2.0"';
      if (!('id' in a)) return 'no id member';
      if (!a.error || typeof a.error.code !== 'number' || !Number.isInteger(a.error.code) || typeof a.error.message !== 'string') {
        return 'no JSON-RPC error {code: integer, message: string}';
      }
    }
    return null;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not a JSON object';
  if (typeof body.error !== 'string' || !body.error) return 'error is not a non-empty string';
  if (typeof body.code !== 'string' || !body.code) return 'code is not a non-empty string';
  if (area === 'gateway' && body.success !== false) return 'a gateway error without success: false';
  return null;
}
