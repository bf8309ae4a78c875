import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import koaHelmet from 'koa-helmet';
import { memoizeRouteMatching } from '../../api/middleware/route-match-cache';
import { recordHeaders, securityHeaders } from '../../api/middleware/security-headers';

/**
 * The api edge's per-request shortcuts (docs/PERFORMANCE.md, "Hot path, 2026-11-28") must answer
 * exactly as the slow path did: helmet's headers replayed, and the router's memoized match.
 */

/** Raw response headers (name, value pairs in the order sent), without the date. */
async function rawHeaders(app: Koa, path = '/x'): Promise<string[][]> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          res.resume();
          const pairs: string[][] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          resolve(pairs.filter(([name]) => name!.toLowerCase() !== 'date'));
        })
        .on('error', reject);
    });
  } finally {
    server.close();
  }
}

function appWith(headers: Middleware, status = 200): Koa {
  const app = new Koa();
  app.use(headers);
  app.use((ctx) => {
    ctx.status = status;
    ctx.body = { ok: status < 400 };
  });
  return app;
}

describe('securityHeaders', () => {
  it.each([true, false])('sends what koa-helmet sends, in the same order (https %s)', async (https) => {
    const helmetOptions = { strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : (false as const) };
    for (const status of [200, 404]) {
      const expected = await rawHeaders(appWith(koaHelmet(helmetOptions) as unknown as Middleware, status));
      const actual = await rawHeaders(appWith(securityHeaders({ https }), status));
      expect(actual).toEqual(expected);
      expect(actual.map(([name]) => name!.toLowerCase())).toEqual(expect.arrayContaining(['content-security-policy', 'x-content-type-options', 'x-frame-options']));
      expect(actual.some(([name]) => name!.toLowerCase() === 'strict-transport-security')).toBe(https);
    }
  });

  it('records sets and removals in order, and gives up on a middleware that is not synchronous or fails', () => {
    expect(
      recordHeaders((_req, res, next) => {
        res.setHeader('A', '1');
        res.removeHeader('X-Powered-By');
        res.setHeader('B', ['2', '3']);
        next();
      }),
    ).toEqual([{ name: 'A', value: '1' }, { name: 'X-Powered-By' }, { name: 'B', value: ['2', '3'] }]);
    expect(recordHeaders((_req, _res, next) => setImmediate(next))).toBeNull();
    expect(recordHeaders((_req, _res, next) => next(new Error('no')))).toBeNull();
  });
});

describe('memoizeRouteMatching', () => {
  const build = () => {
    const router = new Router();
    router.use('/api', async (_ctx, next) => next());
    router.get('/api/items', (ctx) => {
      ctx.body = 'list';
    });
    router.post('/api/items', (ctx) => {
      ctx.body = 'create';
    });
    router.get('/api/items/:id', (ctx) => {
      ctx.body = `item ${ctx.params.id}`;
    });
    router.get('/api/items/:id/parts/:part', (ctx) => {
      ctx.body = `part ${ctx.params.part}`;
    });
    return router;
  };
  type Match = { path: { path: string }[]; pathAndMethod: { path: string }[]; route: boolean };
  const view = (m: Match) => ({ path: m.path.map((l) => l.path), pathAndMethod: m.pathAndMethod.map((l) => l.path), route: m.route });
  const matchOf = (r: Router, path: string, method: string) => (r as unknown as { match(p: string, m: string): Match }).match(path, method);

  it('matches as the router does, the first time and every time after', () => {
    const plain = build();
    const memoized = build();
    memoizeRouteMatching(memoized);
    const cases: Array<[string, string]> = [
      ['GET', '/api/items'],
      ['POST', '/api/items'],
      ['DELETE', '/api/items'],
      ['GET', '/api/items/7'],
      ['GET', '/api/items/7/parts/x'],
      ['GET', '/nothing'],
      ['POST', '/api/items/7'],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of cases) expect(view(matchOf(memoized, path, method))).toEqual(view(matchOf(plain, path, method)));
    }
  });

  it('hands out a fresh matched list each time (nested routers push into it)', () => {
    const router = build();
    memoizeRouteMatching(router);
    const first = matchOf(router, '/api/items', 'GET');
    first.path.push({ path: '/elsewhere' });
    expect(view(matchOf(router, '/api/items', 'GET')).path).toEqual(['/api', '/api/items', '/api/items']);
  });

  it('forgets what it remembered when a route is added later', () => {
    const router = build();
    memoizeRouteMatching(router);
    expect(matchOf(router, '/api/late', 'GET').route).toBe(false);
    router.get('/api/late', (ctx) => {
      ctx.body = 'late';
    });
    expect(matchOf(router, '/api/late', 'GET').route).toBe(true);
  });

  it('serves requests through Koa with params, 405 and 404 as before', async () => {
    const router = build();
    memoizeRouteMatching(router);
    const app = new Koa();
    app.use(router.routes());
    app.use(router.allowedMethods());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (let i = 0; i < 2; i++) {
        expect(await (await fetch(`${base}/api/items/42`)).text()).toBe('item 42');
        expect(await (await fetch(`${base}/api/items/43`)).text()).toBe('item 43');
        expect(await (await fetch(`${base}/api/items`, { method: 'POST' })).text()).toBe('create');
        const wrongMethod = await fetch(`${base}/api/items`, { method: 'DELETE' });
        expect(wrongMethod.status).toBe(405);
        expect(wrongMethod.headers.get('allow')).toBe('HEAD, GET, POST');
        expect((await fetch(`${base}/nowhere`)).status).toBe(404);
      }
    } finally {
      server.close();
    }
  });
});
