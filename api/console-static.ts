import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';

/** Where `npm run build:console` (scripts/build-console.mjs) writes the console; never committed. */
export const CONSOLE_DIST_DIR = path.resolve(__dirname, '..', 'console', 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Gatehouse console</title>
<body style="font-family:system-ui;margin:3rem;max-width:40rem"><h1>The console is not built</h1>
<p><code>npm start</code> and <code>npm test</code> build it; by hand: <code>npm run build:console</code>, then reload.</p></body></html>`;

/**
 * The console, a single-page app: `/` redirects to `/console/`; files under /console/ are served
 * from the build (hashed assets cached for a year), and every other /console path gets index.html
 * so the app's own router can show it (deep links, reloads). The page's Content-Security-Policy
 * allows only its own origin: everything is bundled, nothing comes from a CDN.
 */
export function consoleStatic(distDir = CONSOLE_DIST_DIR) {
  const root = path.resolve(distDir);
  return async function serveConsole(ctx: Context, next: Next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === '/') return ctx.redirect('/console/');
    if (ctx.path === '/console') return ctx.redirect('/console/');
    if (!ctx.path.startsWith('/console/')) return next();

    const index = path.join(root, 'index.html');
    if (!existsSync(index)) {
      ctx.status = 503;
      ctx.type = 'html';
      ctx.body = NOT_BUILT;
      return;
    }
    let relative: string;
    try {
      relative = decodeURIComponent(ctx.path.slice('/console/'.length));
    } catch {
      relative = '';
    }
    const candidate = path.resolve(root, relative);
    const inside = candidate.startsWith(root + path.sep);
    const isFile = inside && relative !== '' && existsSync(candidate) && statSync(candidate).isFile();
    const file = isFile ? candidate : index;
    // A missing asset is a 404, not the app: a stale page asking for an old bundle must fail loudly.
    if (!isFile && relative.startsWith('assets/')) return next();

    ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (file === index) {
      ctx.set('Cache-Control', 'no-cache');
      ctx.set(
        'Content-Security-Policy',
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
      );
      ctx.set('X-Frame-Options', 'DENY');
      // Not helmet's no-referrer: under it a browser sends `Origin: null` on the page's same-origin
      // POSTs, which the CSRF check (api/middleware/csrf.ts) must refuse.
      ctx.set('Referrer-Policy', 'same-origin');
    } else if (relative.startsWith('assets/')) {
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    }
    ctx.length = statSync(file).size;
    if (ctx.method === 'HEAD') ctx.status = 200;
    else ctx.body = createReadStream(file);
  };
}
