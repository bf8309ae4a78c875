import { createReadStream } from 'node:fs';
import path from 'node:path';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { getAbsoluteFSPath } from 'swagger-ui-dist';

/** The Swagger UI assets we serve, from the swagger-ui-dist package (no CDN: works offline). */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css',
  'swagger-ui-bundle.js': 'application/javascript',
  'swagger-ui-standalone-preset.js': 'application/javascript',
};

/** GET /docs (interactive documentation of `specUrl`) and its assets; used by the api and the sanitizer. */
export function mountSwaggerUi(router: Router, opts: { title: string; specUrl: string }) {
  const swaggerDir = getAbsoluteFSPath();
  const html = docsHtml(opts.title);
  // The page's start-up script is served, not inline, so the Content-Security-Policy can forbid inline scripts.
  const init = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(opts.specUrl)}, dom_id: '#docs', deepLinking: true, persistAuthorization: true });\n`;
  router.get('/docs/init.js', (ctx: Context) => {
    ctx.type = 'application/javascript';
    ctx.body = init;
  });
  router.get('/docs', (ctx: Context) => {
    ctx.type = 'html';
    ctx.body = html;
  });
  router.get('/docs/assets/:file', (ctx: Context) => {
    const file = ctx.params.file as string;
    const type = ASSETS[file];
    if (!type) {
      ctx.status = 404;
      return;
    }
    ctx.type = type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(path.join(swaggerDir, file));
  });
}

const docsHtml = (title: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>${title}</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="docs"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>`;
