import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { bodyParser } from '@koa/bodyparser';
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { z } from 'zod';
import type { GatewayKeyType } from '../../domain/api-keys';
import type { Permission } from '../../domain/roles';
import { ApiError, zodDetails } from '../../lib/errors';
import { authenticateRequest } from '../middleware/auth';
import { inputSafety } from '../middleware/input-safety';
import type { Principal } from '../../domain/principal';

/**
 * Every route is declared once with its zod schemas, its authentication rule and its responses.
 * `mountRoutes` registers it on the Koa router (validating input before the handler runs) and in
 * the OpenAPI registry, so the published document cannot drift from what the code accepts.
 */
export type Credential = 'session' | 'gateway_key' | 'external_key' | 'shield_key';

export interface AuthRule {
  accept: Credential[];
  /** Gateway key types allowed; others get 403. Default: every type. */
  keyTypes?: GatewayKeyType[];
  /** Needed by the session user's role or, for keys, by both the key type and its owner's role. */
  permission?: Permission;
}

type AnyZod = z.ZodType;
type Out<S> = S extends AnyZod ? z.output<S> : undefined;

export interface RouteInput<B, Q, P, Auth> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
  principal: Auth extends 'public' ? Principal | null : Principal;
}

export interface RouteDef<B, Q, P, Auth extends AuthRule | 'public'> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  auth: Auth;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * The largest JSON body accepted (bytes, or '25mb'-style); default DEFAULT_BODY_LIMIT. Only the
   * routes that carry documents or many items raise it; a larger body is 413 before it is parsed.
   */
  bodyLimit?: string;
  /** Status → description and optional response schema (for the OpenAPI document). */
  responses: Record<number, { description: string; schema?: AnyZod }>;
  /** Cache-Control: no-store on every answer, errors and refusals included (set before authentication). */
  noStore?: boolean;
  /** The code of a 400 for invalid input (default BAD_REQUEST; the zero-knowledge area says invalid_request). */
  invalidCode?: string;
  /** Returns the response body; set ctx.status for anything but 200. */
  handler: (ctx: Context, input: RouteInput<B, Q, P, Auth>) => unknown | Promise<unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous list of routes is stored type-erased.
export type AnyRouteDef = RouteDef<any, any, any, any>;

export function defineRoute<
  B extends AnyZod | undefined = undefined,
  Q extends AnyZod | undefined = undefined,
  P extends AnyZod | undefined = undefined,
  Auth extends AuthRule | 'public' = AuthRule,
>(def: RouteDef<B, Q, P, Auth>): AnyRouteDef {
  return def as AnyRouteDef;
}

/** zod issues → [{path, message}], the shape 400 responses carry in details. Exported for handlers that pick a schema at run time. */
export function parse<S extends AnyZod>(schema: S | undefined, value: unknown, what: string, code?: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (what === 'body' ? undefined : {}));
  if (!result.success) {
    const first = result.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw ApiError.badRequest(`Invalid ${what}: ${where}${first?.message ?? 'invalid'}`, zodDetails(result.error), code);
  }
  return result.data;
}

function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function security(auth: AuthRule | 'public'): RouteConfig['security'] {
  if (auth === 'public') return [];
  const out: Array<Record<string, string[]>> = [];
  if (auth.accept.some((a) => a !== 'session')) out.push({ bearer: [] });
  if (auth.accept.includes('session')) out.push({ session: [] }, { bearer: [] });
  return out;
}

/** A JSON body larger than this is refused (413) unless the route declares a bodyLimit. */
export const DEFAULT_BODY_LIMIT = '1mb';

const parsers = new Map<string, Middleware>();

/**
 * The JSON body parser with a limit, then the input-safety check (NUL, lone surrogates, unstorable
 * numbers, nesting: api/middleware/input-safety.ts). Every route gets both, per route, so limits can
 * differ; edges that do not declare routes with defineRoute (MCP, the OpenAI-compatible API) use it too.
 */
export function jsonInput(limit = DEFAULT_BODY_LIMIT): Middleware[] {
  let parser = parsers.get(limit);
  if (!parser) {
    parser = bodyParser({ enableTypes: ['json'], jsonLimit: limit, encoding: 'utf-8' }) as Middleware;
    parsers.set(limit, parser);
  }
  return [parser, inputSafety];
}

export function mountRoutes(router: Router, registry: OpenAPIRegistry, routes: AnyRouteDef[]): void {
  for (const route of routes) {
    const params = route.params as AnyZod | undefined;
    const query = route.query as AnyZod | undefined;
    const body = route.body as AnyZod | undefined;
    registry.registerPath({
      method: route.method,
      path: toOpenApiPath(route.path),
      summary: route.summary,
      description: route.description,
      tags: route.tags,
      security: security(route.auth),
      request: {
        params: params as RouteConfig['request'] extends infer R ? (R extends { params?: infer X } ? X : never) : never,
        query: query as RouteConfig['request'] extends infer R ? (R extends { query?: infer X } ? X : never) : never,
        body: body ? { content: { 'application/json': { schema: body } }, required: true } : undefined,
      },
      responses: Object.fromEntries(
        Object.entries(route.responses).map(([status, r]) => [
          status,
          { description: r.description, content: r.schema ? { 'application/json': { schema: r.schema } } : undefined },
        ]),
      ),
    });

    const noStore: Middleware = async (ctx, next) => {
      // Set first: the error middleware keeps headers, so 400/401/404/413 answers carry it too.
      ctx.set('Cache-Control', 'no-store');
      await next();
    };
    router[route.method](route.path, ...(route.noStore ? [noStore] : []), ...jsonInput(route.bodyLimit), async (ctx) => {
      const principal = route.auth === 'public' ? null : await authenticateRequest(ctx, route.auth);
      const input = {
        params: parse(params, ctx.params, 'path parameters', route.invalidCode),
        query: parse(query, ctx.query, 'query', route.invalidCode),
        body: parse(body, (ctx.request as { body?: unknown }).body, 'body', route.invalidCode),
        principal,
      };
      const result = await route.handler(ctx, input);
      if (result !== undefined) ctx.body = result;
      else if (ctx.body === undefined) ctx.status = ctx.status === 404 ? 204 : ctx.status;
    });
  }
}
