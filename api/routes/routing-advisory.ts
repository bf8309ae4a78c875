import type { Context } from 'koa';
import { isShapeB, missingShapeBFields } from '../../domain/routing/advisory';
import { ApiError, zodDetails } from '../../lib/errors';
import { authenticateRequest } from '../middleware/auth';
import type { Principal } from '../../domain/principal';
import { errorSchema } from '../schemas/common';
import {
  advisoryBody,
  advisoryErrorSchema,
  advisoryShapeA,
  advisoryShapeAResponse,
  advisoryShapeB,
  advisoryShapeBResponse,
  subscriberAdvisoryBody,
  subscriberAdvisoryQuery,
  subscriberAdvisoryResponse,
} from '../schemas/routing-advisory';
import { type AuthRule, defineRoute } from './define';

/**
 * The two shapes need different credentials (shape A: API key or session; shape B: session), so
 * this route authenticates after looking at the body. A 401 carries {error, message} as shape B's
 * error table says.
 */
async function authenticateFor(ctx: Context, shapeB: boolean): Promise<Principal> {
  try {
    return await authenticateRequest(ctx, {
      accept: shapeB ? ['session'] : ['session', 'gateway_key'],
      permission: 'gateway.execute',
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      throw new ApiError(401, 'UNAUTHORIZED', 'Unauthorized', undefined, {
        message: shapeB ? `Shape B of the routing advisory requires a signed-in session: ${err.message}` : err.message,
      });
    }
    throw err;
  }
}

/** Client IP and user agent for a subscription's usage events. */
const clientOf = (ctx: Context) => ({ ip: ctx.ip || null, userAgent: ctx.get('user-agent') || null });

const subscriberAuth: AuthRule = { accept: ['gateway_key', 'external_key'] };

export const routingAdvisoryRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/gateway/routing-advisory',
    summary: 'What routing would choose for a request, in shape A or shape B (nothing is sent to a provider)',
    description:
      'Shape B when the body has a requestId, or a prompt or context object (session only; 429 per company tier and hour); otherwise shape A (API key or session). See docs/API.md.',
    tags: ['Routing'],
    auth: 'public',
    body: advisoryBody,
    responses: {
      200: { description: 'Shape A: {success, recommendation}; shape B: the advisory', schema: advisoryShapeAResponse.or(advisoryShapeBResponse) },
      400: { description: 'Shape B: {error, details: {missingFields}}; shape A: invalid body', schema: advisoryErrorSchema },
      401: { description: '{error, message}', schema: advisoryErrorSchema },
      403: { description: 'Missing permission, or context.companyId is not the session company', schema: advisoryErrorSchema },
      404: { description: '{error, message, suggestions} when no provider matches', schema: advisoryErrorSchema },
      429: { description: '{error, retryAfter, limit: {requests, window, tier}}', schema: advisoryErrorSchema },
      500: { description: '{error, requestId}', schema: advisoryErrorSchema },
    },
    async handler(ctx, { body }) {
      const advisory = ctx.services.routingAdvisory;
      if (isShapeB(body)) {
        const principal = await authenticateFor(ctx, true);
        const missingFields = missingShapeBFields(body);
        if (missingFields.length) throw new ApiError(400, 'MISSING_FIELDS', 'Missing required fields', { missingFields });
        const parsed = advisoryShapeB.safeParse(body);
        if (!parsed.success) {
          throw new ApiError(400, 'INVALID_REQUEST', 'Invalid request', { missingFields: [], invalidFields: zodDetails(parsed.error) });
        }
        return advisory.shapeB(principal, parsed.data);
      }
      const principal = await authenticateFor(ctx, false);
      const parsed = advisoryShapeA.safeParse(body);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw ApiError.badRequest(`Invalid body: ${first?.path.join('.') || 'body'}: ${first?.message ?? 'invalid'}`, zodDetails(parsed.error));
      }
      return advisory.shapeA(principal, parsed.data, clientOf(ctx));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/routing-advisory',
    summary: "Subscriber advisory: the company's providers ranked by routing, with the POST filters as query parameters and optional task-fit evidence",
    tags: ['Routing'],
    auth: subscriberAuth,
    query: subscriberAdvisoryQuery,
    responses: {
      200: { description: 'Recommendations', schema: subscriberAdvisoryResponse },
      400: { description: 'Invalid taskCodes or filter', schema: errorSchema },
      401: { description: 'API key required', schema: errorSchema },
      403: { description: "The key's advisory subscription has expired (SUBSCRIPTION_EXPIRED)", schema: errorSchema },
      429: { description: "Hourly limit of the key, or the hourly or daily limit of its subscription, reached", schema: advisoryErrorSchema },
    },
    handler: (ctx, { principal, query }) => ctx.services.routingAdvisory.subscriber(principal, query, clientOf(ctx)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/routing-advisory',
    summary: 'Subscriber advisory with filters (regions, providerTypes, complianceFrameworks, maxCost, minPerformance, useCase) and task fields',
    tags: ['Routing'],
    auth: subscriberAuth,
    body: subscriberAdvisoryBody,
    responses: {
      200: { description: 'Recommendations', schema: subscriberAdvisoryResponse },
      400: { description: 'Invalid taskCodes or content', schema: errorSchema },
      401: { description: 'API key required', schema: errorSchema },
      403: { description: "The key's advisory subscription has expired (SUBSCRIPTION_EXPIRED)", schema: errorSchema },
      429: { description: "Hourly limit of the key, or the hourly or daily limit of its subscription, reached", schema: advisoryErrorSchema },
    },
    handler: (ctx, { principal, body }) => ctx.services.routingAdvisory.subscriber(principal, body, clientOf(ctx)),
  }),
];
