import type { IncomingHttpHeaders } from 'node:http';
import type { Behaviour } from './behaviour';

/**
 * The contract between the simulator's HTTP core (server.ts) and the wire formats
 * (openai.ts, anthropic.ts, gemini.ts). A wire format is a list of routes plus the two things the
 * core needs to apply key-driven behaviour uniformly: where the API key travels, and what that
 * provider's error body looks like. New endpoints (files, batches...) are new routes.
 */

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** What a route handler sees of a request. */
export interface SimRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined when the body was empty or the route takes a raw body. */
  body: unknown;
  /** The body's bytes (a multipart upload for routes with `rawBody`). */
  raw: Buffer;
  /** The key's parsed `sim;` settings. */
  behaviour: Behaviour;
  /** Path parameters produced by the route's matcher. */
  params: Record<string, string>;
  /** The API key the request was authenticated with (never empty here). */
  apiKey: string;
  /** `model=<name>` from a `sim;` key: the model to report instead of the requested one. */
  modelOverride: string | undefined;
}

export interface SimResponse {
  status: number;
  /** Sent as JSON, unless `raw` is set. */
  body: unknown;
  /** Sent as is (file downloads); set `content-type` in headers. */
  raw?: Buffer;
  headers?: Record<string, string>;
  /**
   * A streamed answer: server-sent events written one by one (simulator/streaming.ts), the key's
   * `tokenDelay` apart. `body` is ignored then.
   */
  events?: string[];
}

/** Returns path params when `path` matches, otherwise null. */
export type PathMatcher = (path: string) => Record<string, string> | null;

export interface Route {
  method: HttpMethod;
  /** An exact path, or a matcher for paths with parameters. */
  path: string | PathMatcher;
  /** The name counted under byEndpoint in GET /_sim/stats. */
  endpoint: string;
  /** The body is not JSON (multipart uploads): handlers read `raw`. */
  rawBody?: boolean;
  handle(req: SimRequest): SimResponse | Promise<SimResponse>;
}

export interface WireFormat {
  name: string;
  /** The API key exactly as this provider's SDK sends it, or undefined when absent. */
  apiKey(headers: IncomingHttpHeaders, query: URLSearchParams): string | undefined;
  /** This provider's error response for a status (429s carry the retry delay in seconds). */
  error(status: number, message: string, retryAfterSeconds?: number): SimResponse;
  routes: Route[];
}

/** Thrown by handlers for invalid requests; the core renders it in the wire format's error shape. */
export class SimHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SimHttpError';
  }
}
