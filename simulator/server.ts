import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicFormat } from './anthropic';
import { anthropicBatchRoutes } from './anthropic-batches';
import { BatchStore } from './batch-store';
import { type Behaviour, BehaviourBook } from './behaviour';
import { geminiFormat } from './gemini';
import { openAiFormat } from './openai';
import { openAiBatchRoutes } from './openai-batches';
import { SimStats } from './stats';
import { type Route, SimHttpError, type SimRequest, type SimResponse, type WireFormat } from './types';

/**
 * The provider simulator's HTTP core: routing, body reading, key-driven behaviour (auth, failures,
 * 429s, latency) and the /_sim control endpoints. Wire formats only turn valid requests into
 * responses.
 *
 * Why plain node:http and not Koa: benchmarks measure gateway overhead against this server, so it
 * must never be the bottleneck. On the development machine (autocannon, 50 connections, one
 * small chat completion) Koa + @koa/router + @koa/bodyparser served ~14k req/s, bare Koa ~22k,
 * plain node:http ~45k. Routing here is one Map lookup; that is all the framework we need.
 */

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface Simulator {
  /** The request listener; mountable on any node:http server. */
  app: RequestListener;
  listen(port: number, host?: string): Promise<{ port: number; url: string }>;
  close(): Promise<void>;
}

export interface SimulatorOptions {
  /** Largest accepted request body (images arrive base64-encoded inline). Default 64 MiB. */
  maxBodyBytes?: number;
  /**
   * Keep the raw body of the last N provider requests for GET /_sim/captures (tests use it to
   * prove what reached the "provider"). Off (0) by default: the benchmarks must not pay for it.
   */
  captureRequests?: number;
}

/** Everything a provider would receive (tests look for leaked values in every field of it). */
export interface CapturedRequest {
  method: string;
  path: string;
  /** The raw query string without `?` ('' when none). */
  query: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Match {
  route: Route;
  format: WireFormat;
  params: Record<string, string>;
}

const JSON_TYPE = 'application/json';
const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const EMPTY_QUERY = new URLSearchParams();

class RouteTable {
  private readonly exact = new Map<string, { route: Route; format: WireFormat }>();
  private readonly patterns: { route: Route; format: WireFormat }[] = [];

  constructor(formats: WireFormat[]) {
    for (const format of formats) {
      for (const route of format.routes) {
        if (typeof route.path === 'string') this.exact.set(`${route.method} ${route.path}`, { route, format });
        else this.patterns.push({ route, format });
      }
    }
  }

  find(method: string, path: string): Match | null {
    const hit = this.exact.get(`${method} ${path}`);
    if (hit !== undefined) return { ...hit, params: NO_PARAMS };
    for (const p of this.patterns) {
      if (p.route.method !== method || typeof p.route.path === 'string') continue;
      const params = p.route.path(path);
      if (params !== null) return { ...p, params };
    }
    return null;
  }
}

function send(res: ServerResponse, r: SimResponse): void {
  // The client may have given up (timeout) while we were "thinking".
  if (res.destroyed || res.writableEnded) return;
  if (r.raw !== undefined) {
    res.writeHead(r.status, { 'content-length': r.raw.length, ...r.headers });
    res.end(r.raw);
    return;
  }
  const payload = JSON.stringify(r.body);
  res.writeHead(r.status, {
    'content-type': JSON_TYPE,
    'content-length': Buffer.byteLength(payload),
    ...r.headers,
  });
  res.end(payload);
}

/** Reads the whole body; `done(null)` when it exceeded the limit (the rest is discarded). */
function readBody(req: IncomingMessage, limit: number, done: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  req.on('data', (chunk: Buffer) => {
    if (tooLarge) return;
    size += chunk.length;
    if (size > limit) {
      tooLarge = true;
      chunks.length = 0;
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => done(tooLarge ? null : chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
  req.on('error', () => done(null));
}

export function createSimulator(opts: SimulatorOptions = {}): Simulator {
  const maxBodyBytes = opts.maxBodyBytes ?? 64 * 1024 * 1024;
  // Files and batches live per simulator instance (in memory, with a TTL).
  const batchStore = new BatchStore();
  const routes = new RouteTable([
    { ...openAiFormat, routes: [...openAiFormat.routes, ...openAiBatchRoutes(batchStore)] },
    { ...anthropicFormat, routes: [...anthropicFormat.routes, ...anthropicBatchRoutes(batchStore)] },
    geminiFormat,
  ]);
  const stats = new SimStats();
  const behaviours = new BehaviourBook();
  // Pending delayed answers, so close() does not leave timers holding the process open.
  const timers = new Set<NodeJS.Timeout>();
  const captureLimit = opts.captureRequests ?? 0;
  const captures: CapturedRequest[] = [];

  /** Writes a streamed answer's events `tokenDelayMs` apart; stops (aborted) when the client goes away. */
  const stream = (res: ServerResponse, events: string[], tokenDelayMs: number, cutAfter: number | undefined): void => {
    if (res.destroyed || res.writableEnded) return;
    stats.stream('started');
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    let i = 0;
    let timer: NodeJS.Timeout | undefined;
    const onClose = () => {
      if (i < events.length) {
        stats.stream('aborted');
        i = events.length;
        if (timer) {
          clearTimeout(timer);
          timers.delete(timer);
        }
      }
    };
    res.on('close', onClose);
    const next = () => {
      timer = undefined;
      if (i >= events.length) return;
      if (cutAfter !== undefined && i >= cutAfter) {
        res.destroy(); // counted as aborted by onClose
        return;
      }
      if (tokenDelayMs <= 0) {
        while (i < events.length && (cutAfter === undefined || i < cutAfter)) res.write(events[i++]);
      } else res.write(events[i++]);
      if (i >= events.length) {
        stats.stream('completed');
        res.end();
        return;
      }
      const t = setTimeout(() => {
        timers.delete(t);
        next();
      }, tokenDelayMs);
      timer = t;
      timers.add(t);
    };
    next();
  };

  const respondNow = (res: ServerResponse, r: SimResponse, b: Behaviour | undefined): void => {
    if (r.events !== undefined) stream(res, r.events, b?.tokenDelayMs ?? 0, b?.streamCutAfter);
    else send(res, r);
  };

  const respondLater = (res: ServerResponse, r: SimResponse, delayMs: number, b?: Behaviour): void => {
    if (delayMs <= 0) {
      respondNow(res, r, b);
      return;
    }
    const t = setTimeout(() => {
      timers.delete(t);
      respondNow(res, r, b);
    }, delayMs);
    timers.add(t);
  };

  const control = (method: string, path: string): SimResponse => {
    if (method === 'GET' && path === '/_sim/stats') return { status: 200, body: stats.snapshot() };
    if (method === 'POST' && path === '/_sim/reset') {
      stats.reset();
      behaviours.reset();
      batchStore.reset();
      captures.length = 0;
      return { status: 200, body: { ok: true } };
    }
    if (method === 'GET' && path === '/_sim/health') return { status: 200, body: { ok: true } };
    if (method === 'GET' && path === '/_sim/captures') return { status: 200, body: { enabled: captureLimit > 0, captures } };
    return { status: 404, body: { error: { message: `no simulator control route ${method} ${path}` } } };
  };

  const handleProvider = (req: IncomingMessage, res: ServerResponse, match: Match, path: string, query: URLSearchParams) => {
    const { route, format, params } = match;
    const apiKey = format.apiKey(req.headers, query);
    stats.record(apiKey ?? '', route.endpoint);

    readBody(req, maxBodyBytes, (raw) => {
      if (raw === null) return send(res, format.error(413, 'request body too large'));
      if (captureLimit > 0) {
        captures.push({ method: req.method ?? 'GET', path, query: query.toString(), headers: req.headers, body: raw.toString('utf8') });
        if (captures.length > captureLimit) captures.shift();
      }
      if (apiKey === undefined) return send(res, format.error(401, 'missing API key'));
      try {
        const behaviour = behaviours.behaviourFor(apiKey);
        const delay = behaviours.delayMs(behaviour);
        const outcome = behaviours.decide(apiKey, behaviour);
        if (outcome.kind === 'fail') {
          const retryAfter = outcome.status === 429 ? behaviour.retryAfterSeconds : undefined;
          return respondLater(res, format.error(outcome.status, `simulated failure (${outcome.status})`, retryAfter), delay);
        }
        if (outcome.kind === 'rate429') {
          return respondLater(res, format.error(429, 'simulated rate limit', outcome.retryAfterSeconds), delay);
        }
        let body: unknown;
        if (raw.length > 0 && route.rawBody !== true) {
          try {
            body = JSON.parse(raw.toString('utf8'));
          } catch {
            throw new SimHttpError(400, 'request body is not valid JSON');
          }
        }
        const simReq: SimRequest = {
          method: req.method ?? 'GET',
          path,
          query,
          headers: req.headers,
          body,
          raw,
          behaviour,
          params,
          apiKey,
          modelOverride: behaviour.model,
        };
        const out = route.handle(simReq);
        if (out instanceof Promise) {
          out.then(
            (r) => respondLater(res, r, delay, behaviour),
            (e: unknown) => send(res, errorResponse(format, e)),
          );
        } else respondLater(res, out, delay, behaviour);
      } catch (e) {
        send(res, errorResponse(format, e));
      }
    });
  };

  const app: RequestListener = (req, res) => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const query = q === -1 ? EMPTY_QUERY : new URLSearchParams(url.slice(q + 1));
    const method = req.method ?? 'GET';

    if (path.startsWith('/_sim/')) {
      req.resume(); // control endpoints take no body
      return send(res, control(method, path));
    }
    const match = routes.find(method, path);
    if (match === null) {
      req.resume();
      return send(res, { status: 404, body: { error: { message: `no simulated route ${method} ${path}` } } });
    }
    handleProvider(req, res, match, path, query);
  };

  let server: Server | undefined;

  return {
    app,
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve, reject) => {
        const s = createServer(app);
        // Far longer than a client keeps an idle socket (undici: the server's hint minus 1 s), so the
        // server never closes a socket first: closing first races with a request being sent on it
        // (ECONNRESET on the client), and on a loaded machine a 1 s margin is not enough (a 50 MB
        // upload on a reused socket failed that way under a load average of 16).
        s.keepAliveTimeout = 65_000;
        s.once('error', reject);
        s.listen(port, host, () => {
          s.off('error', reject);
          server = s;
          const bound = (s.address() as AddressInfo).port;
          const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
          resolve({ port: bound, url: `http://${shown}:${bound}` });
        });
      });
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      batchStore.reset();
      const s = server;
      server = undefined;
      if (s === undefined) return Promise.resolve();
      return new Promise((resolve, reject) => {
        s.close((err) => (err ? reject(err) : resolve()));
        // Keep-alive sockets would otherwise hold close() open until they time out.
        s.closeAllConnections();
      });
    },
  };
}

function errorResponse(format: WireFormat, e: unknown): SimResponse {
  if (e instanceof SimHttpError) return format.error(e.status, e.message);
  return format.error(500, `simulator error: ${e instanceof Error ? e.message : String(e)}`);
}
