import { randomUUID } from 'node:crypto';
import type { ExecutionRecord } from '../../services/gateway/execution-recorder';

/**
 * An execution record as the gateway writes one for a finished call, for tests that feed the
 * recorder directly (its buffer, its flush, the budgets it tells). Override what the test is about.
 */
export function executionRecord(overrides: Partial<ExecutionRecord> = {}): ExecutionRecord {
  return {
    id: randomUUID(),
    companyId: randomUUID(),
    apiKeyId: null,
    userId: null,
    mode: 'AUTONOMOUS',
    status: 'SUCCESS',
    providerId: null,
    providerType: 'OPENAI',
    providerName: 'test provider',
    model: 'gpt-4o-mini',
    promptTokens: 10,
    completionTokens: 10,
    totalTokens: 20,
    costUsd: 0,
    latencyMs: 1,
    providerLatencyMs: 1,
    finishReason: 'stop',
    errorCode: null,
    errorMessage: null,
    traceId: null,
    attempts: [],
    metadata: {},
    createdAt: new Date(),
    ...overrides,
  };
}
