import { type ProviderRegistry, createProviderRegistry } from '../activities/providers';
import { type Db, createDb } from '../db/connection';
import { ExecutionAnalyticsService } from './analytics/executions';
import type { Config } from '../lib/config';
import { SecretBox } from '../lib/crypto';
import { type Logger, createLogger } from '../lib/logger';
import { type Metrics, createMetrics } from '../lib/metrics';
import { type Tracing, createTracing } from '../lib/tracing';
import { TemporalGateway } from '../temporal/client';
import { ApiKeyService } from './auth/api-keys';
import { AuditService } from './audit/audit';
import { AuthService } from './auth/auth';
import { BatchService } from './batch/batch';
import { BatchRouter } from './batch/routing';
import { CircuitBreakerService } from './routing/circuit-breakers';
import { CompanyService } from './tenancy/companies';
import { ExecutionRecorder } from './gateway/execution-recorder';
import { GatewayService } from './gateway/gateway';
import { OpenAiChatService } from './openai-compat/chat';
import { OpenAiModelsService } from './openai-compat/models';
import { GatewaySanitization } from './gateway/sanitization';
import { HoldService } from './holds/holds';
import { MfaService } from './auth/mfa';
import { ProviderGroupService } from './providers/provider-groups';
import { ProviderHealthService } from './routing/provider-health';
import { ProviderService } from './providers/providers';
import { WebhookService } from './webhooks/webhooks';
import { AdvisoryRateLimiter } from './routing/advisory-rate-limit';
import { RoutingAdvisoryService } from './routing/advisory';
import { SanitizerClient } from '../activities/sanitizer/client';
import { RoutingService } from './routing/routing';
import { RoutingMetricsService } from './routing/metrics';
import { RoutingPolicyService } from './routing/policies';
import { HandoffSanitizerClient } from '../activities/sanitizer/handoff-client';
import { PROFILE_NAMES } from '../domain/pii';
import { HandoffService } from './shield/handoffs';
import { ShieldQuota } from './shield/quota';
import { HandoffRetention } from './shield/retention';
import { ScopeService } from './shield/scopes';
import { ShieldSettingsService } from './shield/settings';
import { CustomDocumentService } from './custom-documents/documents';
import { DocumentTypeService } from './custom-documents/types';
import { ProjectService } from './projects/projects';
import { ArchitectService } from './architect/sessions';
import { architectUseCases } from './architect/use-cases';
import type { ArchitectUseCases } from '../activities/architect';
import { RepositoryService } from './projects/repositories';
import { TeamService } from './projects/teams';
import { ChatTestImport } from './chat-test/import';
import { ChatTestRuns } from './chat-test/runs';
import { PromptAccess } from './prompts/access';
import { GatewayPrompts } from './prompts/gateway-prompts';
import { GatewaySyntheticProbe } from './synthetic/probe';
import { SyntheticPromptService } from './synthetic/prompts';
import { SyntheticScheduleService } from './synthetic/schedules';
import { SyntheticExecutionService } from './synthetic/executions';
import { SyntheticAnalyticsService } from './synthetic/analytics';
import { SyntheticArchivalService } from './synthetic/archival';
import { SyntheticArchivalSettingsService } from './synthetic/archival-settings';
import { SyntheticRateLimit } from './synthetic/rate-limit';
import type { GatewayDeps } from './gateway/plan';
import { PromptService } from './prompts/prompts';
import { TestRunService } from './prompts/test-runs';
import { TestSetService } from './prompts/test-sets';
import { MembershipService } from './tenancy/memberships';
import { GatewaySecurity } from './gateway/security-step';
import { ProtectivePromptService } from './security/protective-prompts';
import { SecurityCheckService } from './security/security-checks';
import { SecuritySettingsService } from './security/settings';
import { McpChains } from './mcp/chains';
import { McpToolService } from './mcp/custom-tools';
import { McpService } from './mcp/dispatch';
import { McpQuotas } from './mcp/quotas';
import { McpStoredPrompts } from './mcp/stored-prompts';
import { McpToolRunner } from './mcp/tool-runs';
import { ZkContentService } from './zero-knowledge/encrypted';
import { ParsingAttachments } from './parsing/attachments';
import { ParsingService } from './parsing/parsing';
import { ParsingSettingsService } from './parsing/settings';
import { ParsingSanitizerClient } from '../activities/sanitizer/parsing-client';
import { ZkKeyService } from './zero-knowledge/keys';
import { ZkSettingsService } from './zero-knowledge/settings';
import { ZkShareService } from './zero-knowledge/shares';
import { AdvisoryMeter } from './usage/metering';
import { AdvisorySubscriptionService } from './usage/subscriptions';
import { UsageRecorder } from './usage/usage-recorder';
import { UsageService } from './usage/usage';
import { UsageExport } from './usage/export';
import { ComplianceService } from './compliance/compliance';
import { OnboardingService } from './onboarding/onboarding';
import { BudgetService } from './budgets/budgets';
import { PerformanceMeter } from './operability/performance-meter';

/**
 * The explicit dependency container: infrastructure (db, temporal, provider SDK registry, metrics)
 * and the services built over it. Built once per api process (and per test), closed on shutdown.
 */
export interface Infrastructure {
  config: Config;
  db: Db;
  logger: Logger;
  metrics: Metrics;
  secretBox: SecretBox;
  temporal: TemporalGateway;
  providerRegistry: ProviderRegistry;
  tracing: Tracing;
}

export interface Services {
  audit: AuditService;
  auth: AuthService;
  mfa: MfaService;
  apiKeys: ApiKeyService;
  companies: CompanyService;
  providers: ProviderService;
  providerGroups: ProviderGroupService;
  recorder: ExecutionRecorder;
  holds: HoldService;
  gateway: GatewayService;
  /** The OpenAI-compatible API (/v1): the gateway under OpenAI's wire format. */
  openAiChat: OpenAiChatService;
  openAiModels: OpenAiModelsService;
  batch: BatchService;
  webhooks: WebhookService;
  breakers: CircuitBreakerService;
  providerHealth: ProviderHealthService;
  routingAdvisory: RoutingAdvisoryService;
  // Routing (issue 3)
  routingPolicies: RoutingPolicyService;
  routingMetrics: RoutingMetricsService;
  routing: RoutingService;
  // Protected handoff (issue 14)
  handoffs: HandoffService;
  shieldScopes: ScopeService;
  shieldSettings: ShieldSettingsService;
  // Prompt library (issue 11)
  memberships: MembershipService;
  prompts: PromptService;
  gatewayPrompts: GatewayPrompts;
  testSets: TestSetService;
  testRuns: TestRunService;
  // Test in chat (issue 14 item 8)
  chatTestRuns: ChatTestRuns;
  chatTestImport: ChatTestImport;
  syntheticPrompts: SyntheticPromptService;
  syntheticSchedules: SyntheticScheduleService;
  syntheticExecutions: SyntheticExecutionService;
  syntheticAnalytics: SyntheticAnalyticsService;
  syntheticArchival: SyntheticArchivalService;
  /** Synthetic probes through the gateway's attempt loop, breakers and recorder (the worker's activities use it). */
  syntheticProbe: GatewaySyntheticProbe;
  /** A company's automatic archival: settings and the Temporal Schedule synthetic-archival:<companyId>. */
  syntheticArchivalSettings: SyntheticArchivalSettingsService;
  /** Per-company limits on run now, analytics and archival (429 RATE_LIMITED). */
  syntheticRateLimit: SyntheticRateLimit;
  projects: ProjectService;
  repositories: RepositoryService;
  teams: TeamService;
  documentTypes: DocumentTypeService;
  customDocuments: CustomDocumentService;
  analytics: ExecutionAnalyticsService;
  // Security checks and protective prompts (issue 20)
  securityChecks: SecurityCheckService;
  securitySettings: SecuritySettingsService;
  protectivePrompts: ProtectivePromptService;
  // Agent-tool endpoint (issue 12)
  mcp: McpService;
  mcpTools: McpToolService;
  mcpChains: McpChains;
  // Zero-knowledge encryption (issue 15)
  zkSettings: ZkSettingsService;
  zkKeys: ZkKeyService;
  zkContent: ZkContentService;
  zkShares: ZkShareService;
  // Document parsing (issue 15)
  parsingSettings: ParsingSettingsService;
  parsing: ParsingService;
  // Company operations (issue 16)
  advisorySubscriptions: AdvisorySubscriptionService;
  advisoryMeter: AdvisoryMeter;
  usageRecorder: UsageRecorder;
  usage: UsageService;
  usageExport: UsageExport;
  compliance: ComplianceService;
  onboarding: OnboardingService;
  budgets: BudgetService;
  performanceMeter: PerformanceMeter;
  // Architect sessions (issue 17)
  architect: ArchitectService;
  /** What the worker's architect activities run: model calls through the gateway path, the policy validator, provisioning. */
  architectUseCases: ArchitectUseCases;
}

export interface Container extends Infrastructure {
  services: Services;
  start(): void;
  close(): Promise<void>;
}

/** Tries per Temporal call from the api: about 2 s of backoff, then 503 (see TemporalGateway). */
const API_TEMPORAL_RETRY_ATTEMPTS = 6;

export function createInfrastructure(config: Config, overrides: Partial<Infrastructure> = {}): Infrastructure {
  return {
    config,
    db: overrides.db ?? createDb(config.DATABASE_URL, config.DATABASE_POOL_MAX),
    logger: overrides.logger ?? createLogger({ level: config.LOG_LEVEL, name: 'gatehouse-api' }),
    metrics: overrides.metrics ?? createMetrics(),
    secretBox: overrides.secretBox ?? new SecretBox(config.ENCRYPTION_KEY),
    temporal:
      overrides.temporal ?? new TemporalGateway(config.TEMPORAL_ADDRESS, config.TEMPORAL_NAMESPACE, config.TEMPORAL_TASK_QUEUE, API_TEMPORAL_RETRY_ATTEMPTS),
    providerRegistry: overrides.providerRegistry ?? createProviderRegistry(),
    tracing: overrides.tracing ?? createTracing(config),
  };
}

export function createContainer(infra: Infrastructure): Container {
  const { config, db, logger, metrics, secretBox, temporal, providerRegistry, tracing } = infra;
  const audit = new AuditService(db);
  const mfa = new MfaService(db, secretBox, audit);
  const auth = new AuthService(db, config, audit, mfa, logger);
  const apiKeys = new ApiKeyService(db, audit, auth);
  const companies = new CompanyService(db, audit);
  const providers = new ProviderService(db, secretBox, audit, config.AUTH_CACHE_TTL_MS);
  const providerGroups = new ProviderGroupService(db, audit, config.AUTH_CACHE_TTL_MS);
  const recorder = new ExecutionRecorder(db, logger, {
    flushIntervalMs: config.EXECUTION_FLUSH_INTERVAL_MS,
    maxRows: config.EXECUTION_FLUSH_MAX_ROWS,
  });
  const holds = new HoldService(db, temporal, logger, config.holdExpiryMs);
  const webhooks = new WebhookService({ db, box: secretBox, temporal, audit, logger, config });
  const breakers = new CircuitBreakerService({ db, temporal, logger, config });
  const providerHealth = new ProviderHealthService({ db, temporal, logger, config });
  // Routing (issue 3); it skips providers whose circuit breaker is open.
  // PII protection: the sanitizer service over HTTP (SANITIZER_URL).
  const sanitization = new GatewaySanitization({
    client: new SanitizerClient({ url: config.SANITIZER_URL, token: config.SANITIZER_API_TOKEN, timeoutMs: config.SANITIZER_TIMEOUT_MS }),
    audit,
  });
  const routingPolicies = new RoutingPolicyService(db, audit, providers, config.AUTH_CACHE_TTL_MS);
  const routingMetrics = new RoutingMetricsService(db, logger, {
    windowMinutes: config.ROUTING_METRICS_WINDOW_MINUTES,
    ttlMs: config.ROUTING_METRICS_TTL_MS,
    evidenceDays: config.ROUTING_EVIDENCE_DAYS,
  });
  const routing = new RoutingService({ db, providers, groups: providerGroups, policies: routingPolicies, metrics: routingMetrics, breakers, logger });
  // Advisory subscriptions (issue 16): limits and batched usage events for subscribers' keys.
  const advisoryLimiter = new AdvisoryRateLimiter(db);
  const advisorySubscriptions = new AdvisorySubscriptionService(db, audit);
  const usageRecorder = new UsageRecorder(db, logger, {
    flushIntervalMs: config.EXECUTION_FLUSH_INTERVAL_MS,
    maxRows: config.EXECUTION_FLUSH_MAX_ROWS,
  });
  const usage = new UsageService({ db, audit, subscriptions: advisorySubscriptions });
  const advisoryMeter = new AdvisoryMeter(advisorySubscriptions, advisoryLimiter, usageRecorder);
  const routingAdvisory = new RoutingAdvisoryService({
    db,
    config,
    routing,
    providers,
    health: providerHealth,
    limiter: advisoryLimiter,
    meter: advisoryMeter,
  });
  // Prompt library (issue 11): stored prompts, test runs, custom documents; the gateway resolves metadata.promptId.
  const promptAccess = new PromptAccess(db);
  const prompts = new PromptService({ db, access: promptAccess, audit, webhooks });
  const gatewayPrompts = new GatewayPrompts({
    db,
    access: promptAccess,
    prompts,
    webhooks,
    logger,
    tokenBudget: config.PROMPT_DOCUMENT_TOKEN_BUDGET,
    flushIntervalMs: config.PROMPT_COUNTER_FLUSH_MS,
  });
  const documentTypes = new DocumentTypeService({ db, audit });
  // Document parsing (issue 15): PDFs read here; the sanitizer's detect_only read reports hidden-text removal.
  const parsingSettings = new ParsingSettingsService({ db, audit, maxPages: config.PARSING_MAX_PAGES });
  // Security checks and protective prompts (issue 20): the gateway's security step reads both.
  const securityChecks = new SecurityCheckService(audit);
  const securitySettings = new SecuritySettingsService({ db, audit, ttlMs: config.AUTH_CACHE_TTL_MS });
  const protectivePrompts = new ProtectivePromptService({ db, audit, onChange: (companyId) => securitySettings.invalidate(companyId) });
  // Budgets (issue 16): spend from execution records as they are written; the gateway's pre-flight refuses past the budget.
  const budgets = new BudgetService({ db, logger, webhooks });
  recorder.setLedger(budgets);
  // One deps object shared by the gateway and the synthetic probes (the same breakers, recorder, adapters).
  const gatewayDeps: GatewayDeps = {
    config,
    routing,
    breakers,
    providers,
    groups: providerGroups,
    registry: providerRegistry,
    recorder,
    holds,
    metrics,
    tracing,
    logger,
    webhooks,
    sanitization,
    prompts: gatewayPrompts,
    documents: new ParsingAttachments({ settings: parsingSettings }),
    security: new GatewaySecurity({ checks: securityChecks, settings: securitySettings, protectivePrompts }),
    budgets,
  };
  const gateway = new GatewayService(gatewayDeps);
  const projects = new ProjectService({ db, audit });
  const syntheticArchivalSettings = new SyntheticArchivalSettingsService({ db, temporal, taskQueue: config.TEMPORAL_TASK_QUEUE });
  const syntheticSchedules = new SyntheticScheduleService({ db, temporal, taskQueue: config.TEMPORAL_TASK_QUEUE, archival: syntheticArchivalSettings });
  // Batch jobs route through the routing engine (issue 4): the same rules at POST and in the worker.
  const batch = new BatchService({ db, config, temporal, providers, secretBox, logger, router: new BatchRouter({ routing, providers }) });
  // Protected handoff: the sanitizer does the document work; a longer timeout (13 MB of files, PDFs).
  const handoffClient = new HandoffSanitizerClient({ url: config.SANITIZER_URL, token: config.SANITIZER_API_TOKEN, timeoutMs: Math.max(config.SANITIZER_TIMEOUT_MS, 120_000) });
  const shieldSettings = new ShieldSettingsService({ db, audit, profiles: PROFILE_NAMES });
  const shieldScopes = new ScopeService({ db, client: handoffClient, audit });
  const handoffs = new HandoffService({
    db,
    config,
    logger,
    client: handoffClient,
    scopes: shieldScopes,
    settings: shieldSettings,
    quota: new ShieldQuota({ db, config }),
    retention: new HandoffRetention({ temporal, logger, daySeconds: config.SHIELD_RETENTION_DAY_SECONDS }),
  });
  // Agent-tool endpoint (issue 12): platform tools over the gateway, custom and chain tools over stored prompts.
  const mcpStored = new McpStoredPrompts({ db, access: promptAccess, prompts });
  const mcpTools = new McpToolService({ db, access: promptAccess, audit, stored: mcpStored });
  const mcpChains = new McpChains({ db, temporal, config });
  const mcp = new McpService({
    db,
    quotas: new McpQuotas(db),
    stored: mcpStored,
    tools: mcpTools,
    runner: new McpToolRunner({ db, gateway, security: securityChecks, stored: mcpStored, tools: mcpTools, chains: mcpChains, audit }),
    logger,
  });
  // Zero knowledge (issue 15): data keys sealed under ENCRYPTION_KEY, content stored as the client's ciphertext.
  const zkSettings = new ZkSettingsService({ db, audit, globalEnabled: config.PZK_GLOBAL_ENABLED });
  const zkKeys = new ZkKeyService({ db, box: secretBox, audit, settings: zkSettings, keyTtlDays: config.PZK_KEY_TTL_DAYS });
  const parsingClient = new ParsingSanitizerClient({ url: config.SANITIZER_URL, token: config.SANITIZER_API_TOKEN, timeoutMs: Math.max(config.SANITIZER_TIMEOUT_MS, 60_000) });
  const services: Services = {
    audit,
    auth,
    mfa,
    apiKeys,
    companies,
    providers,
    providerGroups,
    recorder,
    holds,
    gateway,
    openAiChat: new OpenAiChatService(gateway),
    openAiModels: new OpenAiModelsService(providers),
    webhooks,
    batch,
    breakers,
    providerHealth,
    routingAdvisory,
    routingPolicies,
    routingMetrics,
    routing,
    handoffs,
    shieldScopes,
    shieldSettings,
    memberships: new MembershipService({ db, audit, auth }),
    prompts,
    gatewayPrompts,
    testSets: new TestSetService({ db, access: promptAccess, audit }),
    chatTestRuns: new ChatTestRuns({ db, access: promptAccess, handoffs }),
    chatTestImport: new ChatTestImport({ db, access: promptAccess, handoffs, box: secretBox, maxResponsesPerCompany: config.PROMPT_RESPONSES_MAX_PER_COMPANY }),
    testRuns: new TestRunService({ db, access: promptAccess, prompts, audit, temporal, logger, concurrency: config.PROMPT_TEST_CONCURRENCY }),
    syntheticPrompts: new SyntheticPromptService({ db, beforeDelete: (companyId, promptId) => syntheticSchedules.removeForPrompt(companyId, promptId) }),
    syntheticSchedules,
    syntheticExecutions: new SyntheticExecutionService({ db }),
    syntheticAnalytics: new SyntheticAnalyticsService({ db }),
    syntheticArchival: new SyntheticArchivalService({ db, temporal, taskQueue: config.TEMPORAL_TASK_QUEUE, waitMs: config.SYNTHETIC_ARCHIVE_WAIT_SECONDS * 1000 }),
    syntheticProbe: new GatewaySyntheticProbe(gatewayDeps),
    syntheticArchivalSettings,
    syntheticRateLimit: new SyntheticRateLimit({ limiter: advisoryLimiter, config }),
    projects,
    repositories: new RepositoryService({ db, audit }),
    teams: new TeamService({ db, audit }),
    documentTypes,
    customDocuments: new CustomDocumentService({ db, audit, types: documentTypes, access: promptAccess }),
    analytics: new ExecutionAnalyticsService(db),
    securityChecks,
    securitySettings,
    protectivePrompts,
    mcp,
    mcpTools,
    mcpChains,
    zkSettings,
    zkKeys,
    zkContent: new ZkContentService({ db, audit, settings: zkSettings, keys: zkKeys }),
    zkShares: new ZkShareService({ db, audit, settings: zkSettings, keys: zkKeys }),
    parsingSettings,
    parsing: new ParsingService({ settings: parsingSettings, sanitizer: parsingClient, logger }),
    advisorySubscriptions,
    advisoryMeter,
    usageRecorder,
    usage,
    usageExport: new UsageExport({ db, usage }),
    compliance: new ComplianceService({ db, webhooks }),
    onboarding: new OnboardingService({ db, audit, routingPolicies, budgets }),
    budgets,
    performanceMeter: new PerformanceMeter({ db }),
    architect: new ArchitectService({
      db,
      temporal,
      audit,
      projects,
      routingPolicies,
      logger,
      timings: {
        modelStepTimeoutMs: config.ARCHITECT_MODEL_STEP_TIMEOUT_SECONDS * 1000,
        heartbeatMs: config.ARCHITECT_STEP_HEARTBEAT_MS,
        modelAttempts: config.ARCHITECT_MODEL_ATTEMPTS,
        provisionAttempts: config.ARCHITECT_PROVISION_ATTEMPTS,
        idleMs: config.ARCHITECT_IDLE_HOURS * 3_600_000,
      },
    }),
    architectUseCases: architectUseCases({ db, gateway, audit, providers, webhooks, routingPolicies }),
  };
  return {
    ...infra,
    services,
    start() {
      auth.start();
      recorder.start();
      usageRecorder.start();
      breakers.start();
      gatewayPrompts.start();
    },
    async close() {
      // Order matters: flush what the services buffered while the database is still open.
      await recorder.stop();
      await usageRecorder.stop();
      await gatewayPrompts.stop();
      await webhooks.drain();
      await auth.stop();
      await breakers.stop();
      await tracing.shutdown();
      await temporal.close();
      await db.destroy();
    },
  };
}
