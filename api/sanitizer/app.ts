
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import { errorMiddleware } from '../middleware/errors';
import { securityHeaders } from '../middleware/security-headers';
import { inputSafety } from '../middleware/input-safety';
import { requestContext } from '../middleware/request-context';
import { mountSwaggerUi } from '../routes/swagger-ui';
import '../openapi';
import { databaseReachable } from '../../services/operability/readiness';
import type { SanitizerContainer } from '../../services/sanitizer/container';
import { mountSanitizerRoutes } from './routes';

/**
 * The sanitizer service's Koa app (port 8100 by default): every endpoint of spec document 2's
 * "Sanitizer service", /docs (interactive documentation), /openapi.json, /healthz and /readyz.
 * Error bodies use the project shape {error, code, details?}.
 */
export function createSanitizerApp(c: SanitizerContainer): Koa {
  const app = new Koa();
  const router = new Router();
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'The service token SANITIZER_API_TOKEN',
  });
  mountSanitizerRoutes(router, registry, c);

  let document: unknown;
  router.get('/openapi.json', (ctx) => {
    document ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: {
        title: 'Gatehouse Sanitizer',
        version: '1.0.0',
        description:
          'Detects, replaces and restores personal data in documents, with encrypted per-session mappings. Authentication: Authorization: Bearer <SANITIZER_API_TOKEN>.',
      },
      servers: c.config.PUBLIC_URL ? [{ url: c.config.PUBLIC_URL }] : [],
    });
    ctx.body = document;
  });
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const database = await databaseReachable(c.db);
    ctx.status = database ? 200 : 503;
    ctx.body = { status: database ? 'ready' : 'not ready', checks: { database } };
  });
  mountSwaggerUi(router, { title: 'Gatehouse Sanitizer API', specUrl: '/openapi.json' });

  app.use(requestContext(c.logger, c.metrics));
  app.use(securityHeaders({ https: false }));
  app.use(errorMiddleware);
  // Documents travel base64 in JSON: 15 MB decoded is about 20 MB encoded.
  app.use(bodyParser({ enableTypes: ['json'], jsonLimit: '25mb', encoding: 'utf-8' }));
  app.use(inputSafety);
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

