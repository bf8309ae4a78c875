import type Router from '@koa/router';

/** Distinct (method, path) pairs remembered; paths carrying ids are many, the hot ones are few. */
const MAX_ENTRIES = 2_000;

type MatchResult = { path: unknown[]; pathAndMethod: unknown[]; route: boolean };

/**
 * Remembers @koa/router's match of a (method, path). Its `match` tests every layer's regular
 * expression in turn, on every request: with ~300 routes that was ~20 µs of the api's CPU per
 * gateway call (docs/PERFORMANCE.md, "Hot path, 2026-11-28"). The answer depends only on the method,
 * the path and the router's layers, so a repeat is a map lookup. Layers added later (a route mounted
 * after the first request) empty the memo. The oldest entry goes first when it is full, so a flood
 * of distinct paths costs the ordinary match plus a map insert, nothing more.
 *
 * Each call gets its own `path` array: the router pushes into `ctx.matched` (which is that array)
 * when routers are nested.
 */
export function memoizeRouteMatching(router: Router): void {
  const r = router as unknown as { stack: unknown[]; match(path: string, method: string): MatchResult };
  const match = r.match.bind(r);
  const memo = new Map<string, MatchResult>();
  let layers = r.stack.length;
  r.match = (path: string, method: string): MatchResult => {
    if (r.stack.length !== layers) {
      memo.clear();
      layers = r.stack.length;
    }
    const key = `${method} ${path}`;
    let found = memo.get(key);
    if (!found) {
      found = match(path, method);
      if (memo.size >= MAX_ENTRIES) memo.delete(memo.keys().next().value!);
      memo.set(key, found);
    }
    return { path: found.path.slice(), pathAndMethod: found.pathAndMethod, route: found.route };
  };
}
