import type { OpenAPIRegistry, RouteConfig } from '@asteasolutions/zod-to-openapi';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { z } from 'zod';
import type { GatewayKeyType } from '../../domain/api-keys';
import type { Permission } from '../../domain/roles';
import { ApiError, zodDetails } from '../../lib/errors';
import { authenticateRequest } from '../middleware/auth';
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
  /** Status → description and optional response schema (for the OpenAPI document). */
  responses: Record<number, { description: string; schema?: AnyZod }>;
  /** Cache-Control: no-store on every answer, errors and refusals included (set before authentication). */
  noStore?: boolean;
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

/** zod issues → [{path, message}], the shape 400 responses carry in details. */
function parse<S extends AnyZod>(schema: S | undefined, value: unknown, what: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? (what === 'body' ? undefined : {}));
  if (!result.success) {
    const first = result.error.issues[0];
    const where = first?.path.length ? `${first.path.join('.')}: ` : '';
    throw ApiError.badRequest(`Invalid ${what}: ${where}${first?.message ?? 'invalid'}`, zodDetails(result.error));
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

    router[route.method](route.path, async (ctx) => {
      // Set first: the error middleware keeps headers, so 401/404 answers carry it too.
      if (route.noStore) ctx.set('Cache-Control', 'no-store');
      const principal = route.auth === 'public' ? null : await authenticateRequest(ctx, route.auth);
      const input = {
        params: parse(params, ctx.params, 'path parameters'),
        query: parse(query, ctx.query, 'query'),
        body: parse(body, (ctx.request as { body?: unknown }).body, 'body'),
        principal,
      };
      const result = await route.handler(ctx, input);
      if (result !== undefined) ctx.body = result;
      else if (ctx.body === undefined) ctx.status = ctx.status === 404 ? 204 : ctx.status;
    });
  }
}
