import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from '../lib/config';
import type { Container, Services } from '../services/container';
import { consoleStatic } from './console-static';
import { csrfProtection } from './middleware/csrf';
import { errorMiddleware } from './middleware/errors';
import { securityHeaders } from './middleware/security-headers';
import { requestContext } from './middleware/request-context';
import { memoizeRouteMatching } from './middleware/route-match-cache';
import { createOpenApiRegistry, generateOpenApiDocument } from './openapi';
import { analyticsRoutes } from './routes/analytics';
import { apiKeyRoutes } from './routes/api-keys';
import { authRoutes } from './routes/auth';
import { batchRoutes } from './routes/batch';
import { type AnyRouteDef, mountRoutes } from './routes/define';
import { gatewayRoutes } from './routes/gateway';
import { holdRoutes } from './routes/holds';
import { mfaRoutes } from './routes/mfa';
import { mountOpenAiRoutes } from './routes/openai-compat';
import { mountMcpRoutes } from './routes/mcp';
import { mcpToolRoutes } from './routes/mcp-tools';
import { mountOperabilityRoutes } from './routes/operability';
import { providerGroupRoutes } from './routes/provider-groups';
import { providerRoutes } from './routes/providers';
import { routingAdvisoryRoutes } from './routes/routing-advisory';
import { routingBreakerRoutes } from './routes/routing-breakers';
import { routingPolicyRoutes } from './routes/routing-policies';
import { securityRoutes } from './routes/security';
import { shieldRoutes } from './routes/shield';
import { customDocumentRoutes } from './routes/custom-documents';
import { projectRoutes } from './routes/projects';
import { promptChatTestRoutes } from './routes/prompt-chat-test';
import { promptTestRoutes } from './routes/prompt-tests';
import { syntheticPromptRoutes } from './routes/synthetic-prompts';
import { syntheticScheduleRoutes } from './routes/synthetic-schedules';
import { syntheticAnalyticsRoutes } from './routes/synthetic-analytics';
import { syntheticArchivalRoutes } from './routes/synthetic-archival';
import { promptRoutes } from './routes/prompts';
import { repositoryRoutes } from './routes/repositories';
import { teamRoutes } from './routes/teams';
import { userRoutes } from './routes/users';
import { webhookRoutes } from './routes/webhooks';
import { zeroKnowledgeRoutes } from './routes/zero-knowledge';
import { documentParsingRoutes } from './routes/document-parsing';
import { usageRoutes } from './routes/usage';
import { complianceRoutes } from './routes/compliance';
import { onboardingRoutes } from './routes/onboarding';
import { performanceMeterRoutes } from './routes/performance-meter';
import { advisorySubscriptionRoutes } from './routes/advisory-subscriptions';
import { architectRoutes } from './routes/architect';

declare module 'koa' {
  interface DefaultContext {
    services: Services;
    config: Config;
  }
}

export interface AppOptions {
  /**
   * Test hook, never set by workers/api.ts: extra route declarations, mounted and published in the
   * OpenAPI document after the app's own. test/support/harness-fixture.ts uses it to show that the
   * generated harnesses report a deliberately leaky and a crashing route (issue 21, item 3).
   */
  extraRoutes?: AnyRouteDef[];
}

/** The Koa application over a container. No listening here: workers/api.ts and tests do that. */
export function createApp(container: Container, opts: AppOptions = {}): Koa {
  const app = new Koa({ proxy: container.config.TRUST_PROXY });
  app.context.services = container.services;
  app.context.config = container.config;

  const router = new Router();
  const registry = createOpenApiRegistry();
  mountRoutes(router, registry, [
    ...authRoutes,
    ...mfaRoutes,
    ...apiKeyRoutes,
    ...userRoutes,
    ...providerRoutes,
    ...providerGroupRoutes,
    ...gatewayRoutes,
    ...holdRoutes,
    ...batchRoutes,
    ...webhookRoutes,
    ...routingBreakerRoutes,
    ...routingAdvisoryRoutes,
    ...advisorySubscriptionRoutes,
    ...usageRoutes,
    ...complianceRoutes,
    ...onboardingRoutes,
    ...performanceMeterRoutes,
    ...routingPolicyRoutes,
    ...securityRoutes,
    ...shieldRoutes,
    ...zeroKnowledgeRoutes,
    ...documentParsingRoutes,
    ...promptRoutes,
    ...promptTestRoutes,
    ...promptChatTestRoutes,
    ...projectRoutes,
    ...repositoryRoutes,
    ...teamRoutes,
    ...customDocumentRoutes,
    ...analyticsRoutes,
    ...mcpToolRoutes,
    ...syntheticPromptRoutes,
    ...syntheticScheduleRoutes,
    ...syntheticAnalyticsRoutes,
    ...syntheticArchivalRoutes,
    ...architectRoutes,
    ...(opts.extraRoutes ?? []),
  ]);
  mountOpenAiRoutes(router, registry);
  // The agent-tool endpoint reads its own body: a parse error must be a JSON-RPC -32700, not a 400 of the REST shape.
  mountMcpRoutes(router);
  let document: unknown;
  mountOperabilityRoutes(router, container, () => {
    document ??= generateOpenApiDocument(registry, container.config.PUBLIC_URL);
    return document;
  });

  app.use(requestContext(container.logger, container.metrics));
  app.use(securityHeaders({ https: container.config.SESSION_COOKIE_SECURE }));
  app.use(errorMiddleware);
  app.use(csrfProtection(container.config));
  app.use(consoleStatic());
  memoizeRouteMatching(router);
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.use((ctx) => {
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { error: `No route for ${ctx.method} ${ctx.path}`, code: 'NOT_FOUND' };
    }
  });
  return app;
}
