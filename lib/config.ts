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
  // Slow clients: the request head within this, the whole request within that (workers/http-process.ts).
  HTTP_HEADERS_TIMEOUT_MS: numberFrom(15_000),
  HTTP_REQUEST_TIMEOUT_MS: numberFrom(300_000),
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
  // --- Prompt library (issue 11) ---
  // Tokens (about 4 characters each) of bound and referenced documents injected into one execution.
  PROMPT_DOCUMENT_TOKEN_BUDGET: numberFrom(4000),
  // Test cases of one run executed at once.
  PROMPT_TEST_CONCURRENCY: numberFrom(4),
  // How often execution counts (totalExecutions) are written behind the gateway.
  PROMPT_COUNTER_FLUSH_MS: numberFrom(1000),
  // --- Agent-tool endpoint (issue 12) ---
  // How long a tools/call of a chain tool waits for its run; past it the answer names the run to poll.
  MCP_CHAIN_WAIT_MS: numberFrom(120_000),
  // Heartbeat timeout of a chain step's activity: a lost worker's step is retried after this.
  MCP_CHAIN_STEP_HEARTBEAT_MS: numberFrom(10_000),
  // --- Architect sessions (issue 17): durations are the workflow's inputs, so tests run in seconds ---
  // Longest model step (one or two model calls and the row write) and its heartbeat timeout (a lost worker's step runs again after it).
  ARCHITECT_MODEL_STEP_TIMEOUT_SECONDS: numberFrom(300),
  ARCHITECT_STEP_HEARTBEAT_MS: numberFrom(10_000),
  // Attempts of a failing model step (after the gateway's own fallbacks) and of the provisioning transaction.
  ARCHITECT_MODEL_ATTEMPTS: numberFrom(3),
  ARCHITECT_PROVISION_ATTEMPTS: numberFrom(3),
  // A session's workflow ends after this long without a call; the next call starts it again from its row.
  ARCHITECT_IDLE_HOURS: numberFrom(168),
  // --- Batch jobs (spec document 1, Limits; the names are the spec's) ---
  BATCH_MAX_ITEMS: numberFrom(50_000),
  BATCH_MAX_FILE_SIZE_MB: numberFrom(100),
  BATCH_RESULTS_TTL_DAYS: numberFrom(30),
  // Tests and demos: a retention in seconds overrides BATCH_RESULTS_TTL_DAYS.
  BATCH_RESULTS_TTL_SECONDS: z.coerce.number().positive().optional(),
  BATCH_MAX_CONCURRENT_JOBS: numberFrom(10),
  BATCH_WEBHOOK_TIMEOUT_MS: numberFrom(10_000),
  // Tries per item: an item that has failed this many times is ERROR (so 2 = one retry after a failure).
  BATCH_MAX_RETRY_ATTEMPTS: numberFrom(2),
  // Requests in flight per concurrent split (GOOGLE: 20 by the spec).
  BATCH_CONCURRENCY: numberFrom(20),
  // Items per page activity of a concurrent split.
  BATCH_PAGE_SIZE: numberFrom(500),
  // Native provider batches are polled from this delay, growing by half each poll up to the maximum.
  BATCH_POLL_INITIAL_MS: numberFrom(5_000),
  BATCH_POLL_MAX_MS: numberFrom(60_000),

  // --- Webhooks and outbound URLs (account webhooks, batch completion callbacks) ---
  // Hosts, IPs or CIDRs that outbound URLs may reach although private/loopback/link-local; an
  // allowlisted host may also use http (local receivers in development and tests). Empty in production.
  OUTBOUND_URL_ALLOWLIST: z.string().default(''),
  // Waits before retries 1, 2, 3 (spec: 1, 5 and 15 minutes); fractions allowed (tests use seconds).
  WEBHOOK_RETRY_DELAYS_SECONDS: z
    .string()
    .default('60,300,900')
    .refine((v) => v.split(',').every((p) => p.trim() !== '' && Number.isFinite(Number(p)) && Number(p) >= 0), 'comma-separated seconds'),
  // How long one delivery attempt waits for an answer before it counts as failed (a timeout).
  WEBHOOK_TIMEOUT_MS: numberFrom(10000),

  // --- Routing (issue 3: policies, scoring, fallback) ---
  // Rolling window of execution records the routing scores read (latency, errors, availability, cost).
  ROUTING_METRICS_WINDOW_MINUTES: numberFrom(60),
  // How long the api serves a company's window metrics before refreshing them in the background.
  ROUTING_METRICS_TTL_MS: numberFrom(15000),
  // Own per-task evidence (internal task fit) looks back this many days.
  ROUTING_EVIDENCE_DAYS: numberFrom(30),
  // A provider's retry-after longer than this is not waited for: the gateway moves on to the next candidate.
  GATEWAY_MAX_RETRY_AFTER_MS: numberFrom(10000),

  // --- Circuit breakers and provider health (services/routing/circuit-breakers.ts, workflows/breakers.ts) ---
  // A breaker opens when more than BREAKER_ERROR_RATE_THRESHOLD of at least BREAKER_MIN_SAMPLES
  // outcomes in the last BREAKER_WINDOW_SECONDS failed; it lets probes through after the cooldown.
  BREAKER_WINDOW_SECONDS: z.coerce.number().positive().default(60),
  BREAKER_MIN_SAMPLES: z.coerce.number().int().min(1).default(10),
  BREAKER_ERROR_RATE_THRESHOLD: z.coerce.number().min(0).max(1).default(0.5),
  BREAKER_COOLDOWN_SECONDS: z.coerce.number().positive().default(300),
  // Half-open: concurrent probes per api process, and successful probes needed to close.
  BREAKER_HALF_OPEN_PROBES: z.coerce.number().int().min(1).default(2),
  BREAKER_HALF_OPEN_SUCCESSES: z.coerce.number().int().min(1).default(1),
  // A probe slot whose outcome never arrives is freed after this long.
  BREAKER_PROBE_LEASE_MS: numberFrom(60000),
  // How often each api process sends its aggregated outcomes, and re-reads breaker states.
  BREAKER_FLUSH_INTERVAL_MS: numberFrom(1000),
  BREAKER_REFRESH_INTERVAL_MS: numberFrom(1000),
  // While closed, the window figures shown by the admin endpoint are written at most this often.
  BREAKER_STATS_PERSIST_SECONDS: z.coerce.number().positive().default(30),
  // Provider health snapshots (trust score): schedule interval, measurement window, retention.
  BREAKER_HEALTH_SCHEDULE: boolFrom(true),
  BREAKER_HEALTH_INTERVAL_SECONDS: z.coerce.number().int().min(10).default(300),
  BREAKER_HEALTH_WINDOW_SECONDS: z.coerce.number().int().min(60).default(3600),
  BREAKER_HEALTH_RETENTION_DAYS: z.coerce.number().int().min(1).default(7),

  // --- Batch repair schedule (services/batch/repair.ts) ---
  // The worker creates the Temporal schedule `batch-repair:<taskQueue>` at start; it runs the
  // repair behind POST /api/internal/batch/process every BATCH_REPAIR_INTERVAL_SECONDS (spec: 60).
  BATCH_REPAIR_SCHEDULE: boolFrom(true),
  BATCH_REPAIR_INTERVAL_SECONDS: z.coerce.number().int().min(5).default(60),

  // --- Routing advisories (services/routing/advisory.ts) ---
  // Shape B requests per company per UTC hour by tier (spec: Free 500, Standard 5,000,
  // Professional 50,000, Enterprise unlimited); subscriber advisory requests per API key per hour.
  ROUTING_ADVISORY_LIMIT_FREE: z.coerce.number().int().min(1).default(500),
  ROUTING_ADVISORY_LIMIT_STANDARD: z.coerce.number().int().min(1).default(5000),
  ROUTING_ADVISORY_LIMIT_PROFESSIONAL: z.coerce.number().int().min(1).default(50000),
  ROUTING_ADVISORY_SUBSCRIBER_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(1000),
  // --- Sanitizer (issue 5): the api's gateway calls the sanitizer service over HTTP; the worker
  // schedules the cleanup of expired sanitizer sessions.
  SANITIZER_URL: z.string().url().default('http://127.0.0.1:8100'),
  SANITIZER_API_TOKEN: z.string().optional(),
  SANITIZER_TIMEOUT_MS: numberFrom(30000),
  SANITIZER_CLEANUP_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(300),
  // Onboarding's data retention: how often the deletes run (a day).
  DATA_RETENTION_INTERVAL_SECONDS: z.coerce.number().int().min(60).default(86_400),

  // --- Batch sanitization (activities/batch/protection.ts) ---
  // Lifetime of a batch item's sanitizer session: it must outlast the provider batch (OpenAI's
  // completion window is 24 h, and failed items get further rounds) so the answer can be restored.
  BATCH_SANITIZER_SESSION_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(259_200),
  // Sanitizer calls in flight per activity when a native chunk or a collected round is protected or restored.
  BATCH_SANITIZER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),

  // --- Protected handoff (services/shield) ---
  // The length of one retention day in seconds. Retention is set in days (7 by default, admins 1-30;
  // KEEP at most 365; leavers' handoffs 30 days after they leave); tests shorten the day to seconds.
  SHIELD_RETENTION_DAY_SECONDS: z.coerce.number().positive().default(86_400),
  // Live stand-ins per company (spec: 200,000); more is 413 TOO_MANY_STAND_INS.
  SHIELD_MAX_LIVE_STAND_INS: z.coerce.number().int().min(1).default(200_000),
  // How often the worker looks for members who left (their handoffs go 30 days later unless held).
  SHIELD_LEAVER_SWEEP_SECONDS: z.coerce.number().int().min(1).default(3600),
  // Shield requests (handoff creates and restores) per company per calendar month by tier; 0 = no limit.
  // The spec gives free = 10 and leaves the others open.
  SHIELD_MONTHLY_LIMIT_FREE: z.coerce.number().int().min(0).default(10),
  SHIELD_MONTHLY_LIMIT_STANDARD: z.coerce.number().int().min(0).default(500),
  SHIELD_MONTHLY_LIMIT_PROFESSIONAL: z.coerce.number().int().min(0).default(5000),
  SHIELD_MONTHLY_LIMIT_ENTERPRISE: z.coerce.number().int().min(0).default(0),
  // Stored prompt-version responses (test in chat imports) per company; more is 409 STORAGE_LIMIT_REACHED.
  PROMPT_RESPONSES_MAX_PER_COMPANY: z.coerce.number().int().min(1).default(100_000),

  // --- Zero-knowledge encryption (services/zero-knowledge) ---
  // The platform switch (the company setting's globalEnabled); a company also needs ZERO_KNOWLEDGE in its package.
  PZK_GLOBAL_ENABLED: boolFrom(true),
  // Days a data key is used for new encryption before initialize/get replaces it (old keys still open old data).
  PZK_KEY_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),

  // --- Document parsing (services/parsing) ---
  // The entitlement's maxPages: pages of a PDF parsed (the rest is left out, metrics.truncated).
  PARSING_MAX_PAGES: z.coerce.number().int().min(1).max(5000).default(300),

  // --- Synthetic testing (services/synthetic): per-company requests a minute (rate-limit.ts) ---
  SYNTHETIC_RUN_NOW_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SYNTHETIC_ANALYTICS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  SYNTHETIC_ARCHIVAL_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // How long POST /api/v1/synthetic/archival waits for its workflow before answering 202 (it goes on).
  SYNTHETIC_ARCHIVE_WAIT_SECONDS: z.coerce.number().min(0.1).default(120),
});

export type Config = z.infer<typeof configSchema> & { holdExpiryMs: number; batchResultsTtlMs: number };

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
  const batchResultsTtlMs = c.BATCH_RESULTS_TTL_SECONDS ? c.BATCH_RESULTS_TTL_SECONDS * 1000 : c.BATCH_RESULTS_TTL_DAYS * 86_400_000;
  return { ...c, holdExpiryMs, batchResultsTtlMs };
}
