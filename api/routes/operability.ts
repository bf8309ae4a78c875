
import type Router from '@koa/router';
import type { Container } from '../container';
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
    const [database, temporal] = await Promise.all([
      container.db
        .raw('select 1')
        .then(() => true)
        .catch(() => false),
      container.temporal.healthy(),
    ]);
    // The api serves AUTONOMOUS and DRY_RUN without Temporal, so only the database decides readiness;
    // Temporal's state is reported for operators.
    ctx.status = database ? 200 : 503;
    ctx.body = { status: database ? 'ready' : 'not ready', checks: { database, temporal } };
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

