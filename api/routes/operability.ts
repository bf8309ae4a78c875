import { createReadStream } from 'node:fs';
import path from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { getAbsoluteFSPath } from 'swagger-ui-dist';
import type { Container } from '../container';

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

  const swaggerDir = getAbsoluteFSPath();
  const assets: Record<string, string> = {
    'swagger-ui.css': 'text/css',
    'swagger-ui-bundle.js': 'application/javascript',
    'swagger-ui-standalone-preset.js': 'application/javascript',
  };
  router.get('/docs', (ctx: Context) => {
    ctx.type = 'html';
    ctx.body = DOCS_HTML;
  });
  router.get('/docs/assets/:file', (ctx: Context) => {
    const file = ctx.params.file as string;
    const type = assets[file];
    if (!type) {
      ctx.status = 404;
      return;
    }
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(path.join(swaggerDir, file));
  });
}

const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Gatehouse API</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="docs"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#docs', deepLinking: true, persistAuthorization: true });
  </script>
</body>
</html>`;
