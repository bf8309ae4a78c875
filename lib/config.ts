import { z } from 'zod';

/**
 * All configuration, parsed once from the environment. Defaults make `npm start` work on a fresh
 * machine; production overrides them. Secrets (ENCRYPTION_KEY, INTERNAL_JOB_TOKEN) have
 * development defaults only so a demo can start: the api refuses them when NODE_ENV=production.
 */
const numberFrom = (fallback: number) => z.coerce.number().finite().default(fallback);
const boolFrom = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const DEV_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PORT: numberFrom(3000),
  // api processes sharing the port (node:cluster); "auto" = one per CPU. Per-process state (caches,
  // the concurrency guardrail, ROUND_ROBIN counters, session affinity) is then per process.
  API_PROCESSES: z.union([z.literal('auto'), z.coerce.number().int().min(1).max(64)]).default(1),
  PUBLIC_URL: z.string().optional(),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/gatehouse'),
  DATABASE_POOL_MAX: numberFrom(20),
  TEMPORAL_ADDRESS: z.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_TASK_QUEUE: z.string().default('gatehouse'),
  ENCRYPTION_KEY: z
    .string()
    .default(DEV_ENCRYPTION_KEY)
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'ENCRYPTION_KEY must be 32 bytes, base64-encoded'),
  INTERNAL_JOB_TOKEN: z.string().min(16).default('dev-internal-job-token-change-me'),
  SESSION_TTL_HOURS: numberFrom(12),
  SESSION_COOKIE_SECURE: boolFrom(false),
  // Behind a reverse proxy: trust X-Forwarded-For / -Proto for the client address (login throttling, audit).
  TRUST_PROXY: boolFrom(false),
  LOGIN_MAX_FAILURES: numberFrom(5),
  LOGIN_LOCKOUT_SECONDS: numberFrom(900),
  AUTH_CACHE_TTL_MS: numberFrom(5000),
  HOLD_EXPIRY_MINUTES: numberFrom(60),
  HOLD_EXPIRY_SECONDS: z.coerce.number().positive().optional(),
  GATEWAY_MAX_CONCURRENT_PER_COMPANY: numberFrom(256),
  PROVIDER_TIMEOUT_MS: numberFrom(60000),
  EXECUTION_FLUSH_INTERVAL_MS: numberFrom(200),
  EXECUTION_FLUSH_MAX_ROWS: numberFrom(500),
  SIMULATOR_URL: z.string().default('http://127.0.0.1:9400'),
  SIMULATOR_PORT: numberFrom(9400),
  // Standard OpenTelemetry settings: with an endpoint, gateway server spans are exported as OTLP HTTP JSON.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().optional(),
  OTEL_SERVICE_NAMESPACE: z.string().optional(),

  // --- Routing (issue 3: policies, scoring, fallback) ---
  // Rolling window of execution records the routing scores read (latency, errors, availability, cost).
  ROUTING_METRICS_WINDOW_MINUTES: numberFrom(60),
  // How long the api serves a company's window metrics before refreshing them in the background.
  ROUTING_METRICS_TTL_MS: numberFrom(15000),
  // Own per-task evidence (internal task fit) looks back this many days.
  ROUTING_EVIDENCE_DAYS: numberFrom(30),
  // A provider's retry-after longer than this is not waited for: the gateway moves on to the next candidate.
  GATEWAY_MAX_RETRY_AFTER_MS: numberFrom(10000),
  // --- Sanitizer (issue 5): the api's gateway calls the sanitizer service over HTTP; the worker
  // schedules the cleanup of expired sanitizer sessions.
  SANITIZER_URL: z.string().url().default('http://127.0.0.1:8100'),
  SANITIZER_API_TOKEN: z.string().optional(),
  SANITIZER_TIMEOUT_MS: numberFrom(30000),
  SANITIZER_CLEANUP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
});

export type Config = z.infer<typeof configSchema> & { holdExpiryMs: number };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && c.ENCRYPTION_KEY === DEV_ENCRYPTION_KEY) {
    throw new Error('ENCRYPTION_KEY must be set in production');
  }
  if (c.NODE_ENV === 'production' && !c.SESSION_COOKIE_SECURE) {
    throw new Error('SESSION_COOKIE_SECURE must be true in production (session cookies only over HTTPS)');
  }
  const holdExpiryMs = c.HOLD_EXPIRY_SECONDS ? c.HOLD_EXPIRY_SECONDS * 1000 : c.HOLD_EXPIRY_MINUTES * 60_000;
  return { ...c, holdExpiryMs };
}
