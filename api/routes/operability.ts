
import type Router from '@koa/router';
import type { Container } from '../../services/container';
import { apiReadiness } from '../../services/operability/readiness';
import { mountSwaggerUi } from './swagger-ui';

/**
 * Health, readiness, metrics, the OpenAPI document and the docs page. These are plain routes (not
 * in the OpenAPI document themselves) and need no credentials.
 */
export function mountOperabilityRoutes(router: Router, container: Container, openApiDocument: () => unknown) {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });

  router.get('/readyz', async (ctx) => {
    const { ready, checks } = await apiReadiness(container);
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'not ready', checks };
  });

  router.get('/metrics', async (ctx) => {
    ctx.type = container.metrics.registry.contentType;
    ctx.body = await container.metrics.registry.metrics();
  });

  router.get('/api/openapi.json', (ctx) => {
    ctx.body = openApiDocument();
  });

  mountSwaggerUi(router, { title: 'Gatehouse API', specUrl: '/api/openapi.json' });
}

