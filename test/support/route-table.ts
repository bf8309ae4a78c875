import { randomBytes } from 'node:crypto';
import { encryptText, exportPublicKey, generateKeyPair } from '../../lib/pzk-crypto';

/**
 * THE ROUTE TABLE of the generated tenant-isolation test (test/integration/tenant-isolation.test.ts,
 * issue 21 item 2). The test reads /api/openapi.json and FAILS, naming the route, when
 *   - a POST of the document is in neither RESOURCES (it creates something) nor ACTIONS (it does not), or
 *   - a path parameter's family (the path up to and including `{param}`) is in neither a row's
 *     `family` nor PARAM_LITERALS, or
 *   - a query parameter named `...Id` is not in QUERY_IDS,
 * so a new capability cannot land routes the harness does not reach.
 *
 * HOW TO ADD A ROW (one line for a plain resource):
 *   { kind: 'architectSession', create: 'POST /api/v1/architect/sessions', family: '/api/v1/architect/sessions/{id}', body: (c) => ({ name: `${c.canary} session` }) },
 * - `body` is a VALID create body; put `c.canary` into a name or text so a leak is recognisable.
 *   Ids of rows above are in `c.ids.<kind>`; parameters of `create` are filled the same way.
 * - `family`: every id-bearing path prefix whose last parameter is this kind's id. Each route under
 *   it, with each method, is then called as company B with this id.
 * - The id is found in the answer (the first `id` property, or the dotted path in `id`), and the
 *   resource is read back through `read` (default: the family's GET) before and after B's calls.
 * - A POST that creates nothing addressable goes into ACTIONS with the reason.
 */
export interface TableContext {
  /** A random marker written into every resource of company A; B's answers must never hold it. */
  canary: string;
  /** The first id of each kind created so far. */
  ids: Record<string, string>;
  simulatorUrl: string;
  /** A URL webhooks may be created with (allowlisted in the test's stack). */
  hookUrl: string;
  ownerUserId: string;
  /** Values a row's answer leaves for later rows. */
  store: Record<string, any>;
}

export type Credential = 'session' | 'gatewayKey' | 'superAdmin';

export interface ResourceRow {
  kind: string;
  /** 'METHOD /path' of the route that creates it (path parameters filled from the families). */
  create: string;
  family?: string | string[];
  body: (c: TableContext) => unknown | Promise<unknown>;
  /** Which of company A's credentials creates it (default: the account owner's session). */
  as?: Credential;
  /** Where the id is in the answer: a dotted path or a function (default: the first `id` property). */
  id?: string | ((answer: any, c: TableContext) => string);
  /** A second form of the same id that the routes also take (prompts: promptId and the row id). */
  alsoId?: string;
  /** Keeps something of the answer for later rows. */
  keep?: (answer: any, c: TableContext) => void;
  /** Requests made before the create (company settings the kind needs). */
  setup?: (c: TableContext) => Array<{ method: string; path: string; body?: unknown; as?: Credential }>;
  /**
   * GET path (with {params}; `{self}` in the query is this resource's id) that shows the resource;
   * default the family's GET. 'none' when only its parent shows it.
   */
  read?: string;
  /** Which of A's credentials reads it back (default: the account owner's session, or `as` when that is superAdmin). */
  readAs?: Credential;
  /** Fields of the read-back that change without anyone writing the resource (why, in a comment). */
  volatile?: string[];
}

const word = (c: TableContext, what: string) => `${c.canary}-${what}`;

export const RESOURCES: ResourceRow[] = [
  // Users first: later rows add them to projects, teams and shares.
  { kind: 'user', create: 'POST /api/v1/users', family: ['/api/v1/users/{userId}', '/api/v1/projects/{id}/members/{userId}', '/api/v1/teams/{id}/members/{userId}', '/api/shield/handoff/leavers/{userId}'], body: (c) => ({ email: `${word(c, 'member')}@example.test`, password: `pw-${c.canary}-long`, role: 'MEMBER' }), read: '/api/v1/users' },
  { kind: 'apiKey', create: 'POST /api/v1/api-keys', family: '/api/v1/api-keys/{id}', body: (c) => ({ name: word(c, 'key'), type: 'READ_ONLY' }), id: 'apiKey.id', volatile: ['lastUsedAt'] },
  { kind: 'provider', create: 'POST /api/v1/providers', family: '/api/v1/providers/{id}', body: (c) => ({ type: 'OPENAI', name: word(c, 'provider'), apiKey: `sk-${c.canary}`, defaultModel: 'gpt-4o-mini', baseUrl: `${c.simulatorUrl}/openai/v1` }), id: 'provider.id' },
  { kind: 'providerGroup', create: 'POST /api/v1/provider-groups', family: '/api/v1/provider-groups/{id}', body: (c) => ({ name: word(c, 'group'), providerIds: [c.ids.provider] }) },
  { kind: 'routingPolicy', create: 'POST /api/v1/routing/policies', family: '/api/v1/routing/policies/{id}', body: (c) => ({ name: word(c, 'policy'), scope: 'company', policyJson: { strategy: 'LOWEST_COST' } }) },
  { kind: 'prompt', create: 'POST /api/v1/prompts', family: ['/api/v1/prompts/{id}', '/api/v1/prompts/{promptId}'], body: (c) => ({ name: word(c, 'prompt'), userPrompt: `Tell ${c.canary} about {{x}}` }), id: 'prompt.promptId', alsoId: 'prompt.id', keep: (a, c) => {
      c.store.versionId = a.prompt.version.id;
    } },
  { kind: 'promptClone', create: 'POST /api/v1/prompts/clone', family: '/api/v1/prompts/{id}', body: (c) => ({ sourcePromptId: c.ids.prompt }), id: 'prompt.promptId' },
  { kind: 'zkPrompt', create: 'POST /api/v1/prompts/zk', family: '/api/v1/prompts/{id}', body: (c) => ({ name: word(c, 'zk-plain'), userPrompt: `Plain ${c.canary}` }), id: 'prompt.promptId' },
  { kind: 'testSet', create: 'POST /api/v1/prompts/{promptId}/test-sets', family: '/api/v1/prompts/{promptId}/test-sets/{testSetId}', body: (c) => ({ name: word(c, 'set'), values: { x: c.canary } }), id: 'testSet.id', read: '/api/v1/prompts/{promptId}/test-sets/{testSetId}/values' },
  { kind: 'testRun', create: 'POST /api/v1/prompts/{promptId}/test-runs', family: '/api/v1/prompts/{promptId}/test-runs/{runId}', body: () => ({}), id: 'run.id' },
  { kind: 'chatTestRun', create: 'POST /api/v1/prompts/{id}/chat-test', body: (c) => ({ versionId: c.store.versionId, testSetIds: [c.ids.testSet], vendor: 'claude' }), id: 'runs.0.ref', read: '/api/v1/prompts/{id}/chat-test/runs' },
  { kind: 'project', create: 'POST /api/v1/projects', family: ['/api/v1/projects/{id}', '/api/v1/zero-knowledge/projects/{id}'], body: (c) => ({ name: word(c, 'project') }), id: 'project.id' },
  { kind: 'projectMember', create: 'POST /api/v1/projects/{id}/members', body: (c) => ({ userId: c.ids.user, role: 'VIEWER' }), id: () => 'member', read: 'none' },
  { kind: 'repository', create: 'POST /api/v1/repositories', family: '/api/v1/repositories/{id}', body: (c) => ({ name: word(c, 'repo'), projectId: c.ids.project }), id: 'repository.repositoryId', alsoId: 'repository.id' },
  { kind: 'team', create: 'POST /api/v1/teams', family: '/api/v1/teams/{id}', body: (c) => ({ name: word(c, 'team') }), id: 'team.id' },
  { kind: 'teamMember', create: 'POST /api/v1/teams/{id}/members', body: (c) => ({ userId: c.ids.user }), id: () => 'member', read: 'none' },
  { kind: 'documentType', create: 'POST /api/v1/custom-document-types', family: '/api/v1/custom-document-types/{id}', body: (c) => ({ name: word(c, 'faq') }) },
  { kind: 'document', create: 'POST /api/v1/custom-documents', family: '/api/v1/custom-documents/{id}', body: (c) => ({ typeId: c.ids.documentType, name: word(c, 'doc'), content: `Secret ${c.canary}` }) },
  { kind: 'binding', create: 'POST /api/v1/custom-documents/{id}/bindings', family: '/api/v1/custom-documents/{id}/bindings/{bindingId}', body: (c) => ({ storedPromptId: c.ids.prompt, injectionMode: 'prepend' }), read: '/api/v1/custom-documents/{id}/bindings' },
  { kind: 'mcpTool', create: 'POST /api/v1/mcp/tools', family: '/api/v1/mcp/tools/{id}', body: (c) => ({ name: `t_${c.canary}`, type: 'custom', promptId: c.ids.prompt }), id: 'tool.id' },
  { kind: 'chainTool', create: 'POST /api/v1/mcp/tools', family: '/api/v1/mcp/tools/{id}', body: (c) => ({ name: `chain_${c.canary}`, type: 'chain', steps: [c.ids.prompt, c.ids.promptClone] }), id: 'tool.id' },
  {
    kind: 'chainRun',
    create: 'POST /api/v1/mcp',
    as: 'gatewayKey',
    family: '/api/v1/mcp/chain-runs/{id}',
    body: (c) => ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: `chain_${c.canary}`, arguments: { x: c.canary } } }),
    // The run is started and the caller waits MCP_CHAIN_WAIT_MS; its id is in the tool's text either way.
    id: (a) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(JSON.stringify(a?.result ?? a))?.[0] ?? '',
  },
  { kind: 'hold', create: 'POST /api/gateway/execute', as: 'gatewayKey', family: '/api/v1/execution-holds/{id}', body: (c) => ({ prompt: `Hold ${c.canary}`, executionMode: 'SUPERVISED' }), id: 'holdId' },
  { kind: 'batch', create: 'POST /api/v1/batch', family: '/api/v1/batch/{batchId}', body: (c) => ({ items: [{ id: 'one', prompt: `Batch ${c.canary}` }], config: { name: word(c, 'batch') } }), id: 'batchId' },
  { kind: 'webhook', create: 'POST /api/v1/webhooks', family: '/api/v1/webhooks/{webhookId}', body: (c) => ({ name: word(c, 'hook'), url: c.hookUrl, events: ['gateway.executed'] }), id: 'webhook.id', read: '/api/v1/webhooks' },
  { kind: 'advisorySubscription', create: 'POST /api/v1/advisory-subscriptions', family: '/api/v1/advisory-subscriptions/{id}', body: (c) => ({ name: word(c, 'sub'), contactEmail: `${word(c, 'contact')}@example.test`, tier: 'STARTER', apiKeyId: c.ids.apiKey }), id: 'subscription.id' },
  { kind: 'protectivePrompt', create: 'POST /api/v1/security/protective-prompts', as: 'superAdmin', family: '/api/v1/security/protective-prompts/{id}', body: (c) => ({ type: 'STANDARD_INJECTION_GUARD', name: word(c, 'guard') }), id: 'protectivePrompt.id' },
  { kind: 'syntheticPrompt', create: 'POST /api/v1/synthetic/prompts', family: '/api/v1/synthetic/prompts/{promptId}', body: (c) => ({ name: word(c, 'probe'), prompt: `Ping ${c.canary}` }), id: 'prompt.id' },
  // A year away: the schedule exists in Temporal but never runs during the test.
  { kind: 'syntheticSchedule', create: 'POST /api/v1/synthetic/schedules', family: '/api/v1/synthetic/schedules/{scheduleId}', body: (c) => ({ name: word(c, 'schedule'), syntheticPromptId: c.ids.syntheticPrompt, scheduleType: 'ONE_TIME', runAt: new Date(Date.now() + 365 * 86_400_000).toISOString(), aiProviderId: c.ids.provider }), id: 'schedule.id' },
  { kind: 'architectSession', create: 'POST /api/v1/architect/sessions', family: '/api/v1/architect/sessions/{id}', body: (c) => ({ title: word(c, 'session'), requirements: { description: `A support assistant for ${c.canary}` } }) },
  { kind: 'handoff', create: 'POST /api/shield/handoff', family: '/api/shield/handoff/{id}', body: (c) => ({ prompt: `Write to John Miller about ${c.canary}, john.miller@example.com` }), id: 'handoffId' },
  // Zero knowledge last: turning it on changes how the company's prompts are stored.
  {
    kind: 'zkKeys',
    create: 'POST /api/v1/pzk/bootstrap',
    family: '/api/v1/pzk/public-keys/{id}',
    setup: () => [{ method: 'PUT', path: '/api/v1/zero-knowledge/company', body: { enabled: true } }],
    body: async (c) => ({ action: 'initialize', repositoryIds: [c.ids.repository], clientPublicKey: await exportPublicKey((await generateKeyPair()).publicKey) }),
    keep: (a, c) => {
      c.store.companyKeyId = a.keys.find((k: any) => k.repositoryId === null)?.keyId;
      c.store.repoKeyId = a.keys.find((k: any) => k.repositoryId !== null)?.keyId;
    },
    // The public key registered is the caller's: its id is the owner's user id.
    id: (_a, c) => c.ownerUserId,
  },
  { kind: 'zkShare', create: 'POST /api/v1/pzk/shares', family: '/api/v1/pzk/shares/{id}', body: (c) => ({ encryptionKeyId: c.store.companyKeyId, recipientUserId: c.ids.user, envelope: `envelope-${c.canary}` }), id: 'share.id', read: '/api/v1/pzk/shares?role=granted' },
  {
    kind: 'zkEncryptedPrompt',
    create: 'POST /api/v1/pzk/encrypted-prompts',
    as: 'gatewayKey',
    family: '/api/v1/prompts/{id}',
    body: async (c) => ({ repositoryId: c.ids.repository, encryptedUserPrompt: await encryptText(randomBytes(32), c.canary), encryptionKeyRef: c.store.repoKeyId, promptHash: 'a'.repeat(64) }),
    id: 'prompt.promptId',
    read: '/api/v1/pzk/encrypted-prompts?promptId={self}',
    readAs: 'gatewayKey',
  },
  {
    kind: 'zkEncryptedResponse',
    create: 'POST /api/v1/pzk/encrypted-responses',
    as: 'gatewayKey',
    body: async (c) => ({ executionId: `exec-${c.canary}`, provider: 'openai', model: 'gpt-4o-mini', inputTokens: 1, outputTokens: 1, totalTokens: 2, costCents: 0, executionTime: 5, encryptedContent: await encryptText(randomBytes(32), c.canary), encryptionKeyRef: c.store.companyKeyId }),
    id: 'response.executionId',
    read: '/api/v1/pzk/encrypted-responses?executionId={self}',
    readAs: 'gatewayKey',
  },
];

/** POSTs that create nothing a route addresses by id, and why. */
export const ACTIONS: Record<string, string> = {
  'POST /api/auth/login': "starts the caller's own session",
  'POST /api/auth/logout': "ends the caller's own session",
  'POST /api/account/mfa/setup': "the caller's own MFA",
  'POST /api/account/mfa/verify': "the caller's own MFA",
  'POST /api/account/mfa/disable': "the caller's own MFA",
  'POST /api/v1/batch/{batchId}/cancel': 'an action on a batch (its family is covered)',
  'POST /api/internal/batch/process': 'the internal repair job (its own token)',
  'POST /api/v1/compliance/check': 'computes a report',
  'POST /api/v1/custom-document-types/{id}/promote': 'an action on a document type (its family is covered)',
  'POST /api/documents/parsing/preview': 'computes a preview',
  'POST /api/documents/parsing/inspect-tables': 'computes suggestions',
  'POST /api/v1/files/parse': 'parses a file, stores nothing',
  'POST /v1/chat/completions': 'an execution: recorded, not addressable by id',
  'POST /api/gateway/routing-advisory': 'computes advice',
  'POST /api/v1/routing-advisory': 'computes advice',
  'POST /api/v1/routing/policies/{id}/simulate': 'computes a plan (its family is covered)',
  'POST /api/v1/routing/rank': 'computes a ranking',
  'POST /api/v1/security/scan': 'computes findings',
  'POST /api/shield/handoff/restore': 'restores text, stores nothing addressable',
  'POST /api/shield/handoff/scopes/rotate': "rotates the company's own scope",
  'POST /api/v1/synthetic/ranking': 'computes a ranking',
  'POST /api/v1/synthetic/archival': 'starts an archive run, listed but not addressable by id',
  'POST /api/v1/synthetic/library/import': 'imports synthetic prompts (the kind is created by POST /api/v1/synthetic/prompts)',
  'POST /api/v1/synthetic/schedules/{scheduleId}/run': 'an action on a schedule (its family is covered)',
  'POST /api/v1/usage/alerts': 'acknowledges an alert',
  'POST /api/v1/onboarding/setup': "configures the caller's own company",
  'POST /api/v1/onboarding/setup/skip': "configures the caller's own company",
  'POST /api/v1/prompts/{id}/chat-test/import': 'an action on a chat-test run (the prompt family is covered)',
  'POST /api/v1/architect/sessions/{id}/analyze': 'an action on a session (its family is covered)',
  'POST /api/v1/architect/sessions/{id}/dialogue': 'an action on a session (its family is covered)',
  'POST /api/v1/architect/sessions/{id}/generate': 'an action on a session (its family is covered)',
  'POST /api/v1/architect/sessions/{id}/reject': 'an action on a session (its family is covered)',
  'POST /api/v1/architect/sessions/{id}/accept': 'an action on a session (its family is covered)',
  'POST /api/v1/architect/sessions/{id}/transfer': 'an action on a session (its family is covered)',
};

/**
 * Bodies for calls whose schema has rules the generator cannot see (refinements across fields), so
 * B's call passes validation and reaches the resource check. Every other body is drawn from the
 * operation's schema.
 */
export const VALID_BODIES: Record<string, unknown> = {
  'PUT /api/v1/prompts/{id}/production': { versionNumber: 1 },
};

/**
 * Query parameters that name a resource (a list filtered by it, or a lookup), by name: A's ids of
 * that kind. Every query parameter of the document whose name ends in `Id` must be here, or the
 * table check fails naming it.
 */
export const QUERY_IDS: Record<string, (c: TableContext) => Array<string | undefined>> = {
  webhookId: (c) => [c.ids.webhook],
  subscriptionId: (c) => [c.ids.advisorySubscription],
  promptId: (c) => [c.ids.prompt, c.ids.zkEncryptedPrompt],
  executionId: (c) => [c.ids.zkEncryptedResponse],
  projectId: (c) => [c.ids.project],
  repositoryId: (c) => [c.ids.repository],
  typeId: (c) => [c.ids.documentType],
  scheduleId: (c) => [c.ids.syntheticSchedule],
  versionId: (c) => [c.store.versionId],
};

/** Path parameters that are not ids of a resource, with the value to send. */
export const PARAM_LITERALS: Record<string, string> = {
  '/api/v1/prompts/{id}/versions/{version}': '1',
};

/** Operations the harness must not call as company B: none today (B's own session is not at stake). */
export const SKIP: RegExp[] = [];

/**
 * Credential name → operations on which it may get 2xx with another company's id, by spec. Empty:
 * even a SUPER_ADMIN (who reads usage across companies, spec document 3) gets 404 on every route
 * that names one of another company's resources. An entry here needs the spec's sentence beside it.
 */
export const PLATFORM_WIDE: Record<string, string[]> = {};
