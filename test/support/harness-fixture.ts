import { z } from 'zod';
import { type AnyRouteDef, defineRoute } from '../../api/routes/define';
import { ApiError } from '../../lib/errors';
import type { Container } from '../../services/container';

/**
 * Deliberately broken routes, mounted only in test/integration/harness-self-test.test.ts (through
 * createApp's extraRoutes test hook), to prove the generated harnesses can fail (issue 21, item 3):
 *
 * - LEAKY: GET and PATCH /api/v1/harness-fixture/providers/{id} read and rename a provider by id
 *   without the caller's company, the classic missing `company_id` in a query.
 * - CORRECT: GET /api/v1/harness-fixture/scoped-providers/{id}, the same read scoped by company; the
 *   harness must NOT report it (a harness that flags everything proves nothing either).
 * - CRASHING: POST /api/v1/harness-fixture/widgets trusts `count` to be a number (an `unknown` in
 *   its schema) and GET /api/v1/harness-fixture/widgets turns `since` into a BigInt unchecked: both
 *   throw on input of an unexpected type, which the error middleware answers 500.
 * - UNLISTED: POST /api/v1/harness-fixture/widgets creates "widgets" that are in no row of the route
 *   table, and GET /api/v1/harness-fixture/widgets/{widgetId} is a family without a row: the table
 *   check must name both.
 */
export const FIXTURE_PREFIX = '/api/v1/harness-fixture';

const tags = ['Harness fixture'];
const auth = { accept: ['session' as const, 'gateway_key' as const] };
const idParams = z.object({ id: z.string().min(1) });

export function harnessFixtureRoutes(container: Container): AnyRouteDef[] {
  const db = container.db;
  const providerOf = (row: { id: string; name: string; company_id: string } | undefined) => {
    if (!row) throw ApiError.notFound('Provider not found');
    return { provider: { id: row.id, name: row.name, companyId: row.company_id } };
  };
  return [
    defineRoute({
      method: 'get',
      path: `${FIXTURE_PREFIX}/providers/:id`,
      summary: 'LEAKY fixture: a provider by id, whatever its company',
      tags,
      auth,
      params: idParams,
      responses: { 200: { description: 'The provider' } },
      handler: async (_ctx, { params }) => providerOf(await db('providers').where({ id: params.id }).first()),
    }),
    defineRoute({
      method: 'patch',
      path: `${FIXTURE_PREFIX}/providers/:id`,
      summary: 'LEAKY fixture: renames a provider by id, whatever its company',
      tags,
      auth,
      params: idParams,
      body: z.object({ name: z.string().min(1).max(100) }),
      responses: { 200: { description: 'The provider' } },
      handler: async (_ctx, { params, body }) => {
        const [row] = await db('providers').where({ id: params.id }).update({ name: body.name }).returning(['id', 'name', 'company_id']);
        return providerOf(row);
      },
    }),
    defineRoute({
      method: 'get',
      path: `${FIXTURE_PREFIX}/scoped-providers/:id`,
      summary: "CORRECT fixture: a provider by id in the caller's company only",
      tags,
      auth,
      params: idParams,
      responses: { 200: { description: 'The provider' }, 404: { description: 'Not found' } },
      handler: async (_ctx, { params, principal }) => {
        const ok = /^[0-9a-f-]{36}$/i.test(params.id);
        return providerOf(ok ? await db('providers').where({ id: params.id, company_id: principal.companyId }).first() : undefined);
      },
    }),
    defineRoute({
      method: 'post',
      path: `${FIXTURE_PREFIX}/widgets`,
      summary: 'CRASHING fixture: trusts count to be a number',
      tags,
      auth,
      body: z.object({ name: z.string().max(100), count: z.unknown().optional() }),
      responses: { 200: { description: 'A label' } },
      handler: (_ctx, { body }) => ({ label: `${body.name} x${body.count === undefined ? 0 : (body.count as number).toFixed(0)}` }),
    }),
    defineRoute({
      method: 'get',
      path: `${FIXTURE_PREFIX}/widgets`,
      summary: 'CRASHING fixture: turns since into a BigInt unchecked',
      tags,
      auth,
      query: z.object({ since: z.string().optional() }),
      responses: { 200: { description: 'Nothing' } },
      handler: (_ctx, { query }) => ({ since: query.since === undefined ? null : String(BigInt(query.since)) }),
    }),
    defineRoute({
      method: 'get',
      path: `${FIXTURE_PREFIX}/widgets/:widgetId`,
      summary: 'UNLISTED fixture: a family without a row in the route table',
      tags,
      auth,
      params: z.object({ widgetId: z.string() }),
      responses: { 404: { description: 'Never found' } },
      handler: () => {
        throw ApiError.notFound('No widgets here');
      },
    }),
  ];
}
