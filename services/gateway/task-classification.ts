/**
 * The gateway classifier of rule 5: when a policy's task fit uses classifier "gateway" and the rules
 * are not confident, one short classification request to the company's default provider (allowed by
 * the policy), recorded like any call with purpose task-classification.
 */
import { costUsd } from '../../domain/pricing';
import { type CompletionRequest, ProviderError, type ProviderTarget } from '../../domain/providers';
import { ruleVerdict } from '../../domain/routing/rank';
import type { TaskProfile } from '../../domain/routing/types';
import { TASK_DIMENSIONS, classifyTerms } from '../../domain/task-vocabulary';
import type { Principal } from '../../domain/principal';
import { newId } from '../../lib/ids';
import { attempt } from './attempts';
import { type AppliedPolicy, type CallableProvider, type GatewayDeps, routingCandidateOf } from './plan';

/**
 * The gateway classifier: one short request (never this method again, never a policy fallback
 * chain) to the company's default provider, recorded with purpose task-classification so it is
 * billed like any call. A failure leaves the rule-based profile in place.
 */
export async function classifyThroughGateway(deps: GatewayDeps, principal: Principal, text: string, applied: AppliedPolicy, runtime: CallableProvider[]): Promise<TaskProfile | null> {
  const allowed = (p: CallableProvider) => !ruleVerdict(routingCandidateOf(p, p.defaultModel), applied.policy).explanations.length;
  const provider = runtime.find((p) => p.isDefault && allowed(p)) ?? runtime.find(allowed);
  if (!provider) return null;
  const startedAt = performance.now();
  const request: CompletionRequest = {
    systemPrompt: `Classify the user's task. Answer with one to three of these codes, comma-separated, nothing else: ${TASK_DIMENSIONS.join(', ')}.`,
    prompt: text.slice(0, 2000),
    maxTokens: 20,
    temperature: 0,
  };
  const target: ProviderTarget = { type: provider.type, baseUrl: provider.baseUrl, apiKey: provider.apiKey, model: provider.defaultModel, timeoutMs: Math.min(10_000, deps.config.PROVIDER_TIMEOUT_MS) };
  const common = {
    id: newId(),
    companyId: principal.companyId,
    apiKeyId: principal.apiKey?.id ?? null,
    userId: principal.via === 'session' ? principal.userId : null,
    mode: 'AUTONOMOUS' as const,
    purpose: 'task-classification',
    providerId: provider.id,
    providerType: provider.type,
    providerName: provider.name,
    model: provider.defaultModel,
    traceId: null,
    createdAt: new Date(),
  };
  try {
    const result = await deps.registry.complete(target, request);
    const ms = performance.now() - startedAt;
    deps.breakers.recordOutcome({ companyId: principal.companyId, providerId: provider.id, ok: true });
    deps.recorder.record({
      ...common,
      status: 'SUCCESS',
      promptTokens: result.usage.promptTokens,
      completionTokens: result.usage.completionTokens,
      totalTokens: result.usage.totalTokens,
      costUsd: costUsd(provider.prices.find((m) => m.name === provider.defaultModel), result.usage),
      latencyMs: Math.round(ms),
      providerLatencyMs: Math.round(result.providerLatencyMs),
      finishReason: result.finishReason,
      errorCode: null,
      errorMessage: null,
      attempts: [attempt({ provider, model: provider.defaultModel }, 'SUCCESS', ms)],
      metadata: { classifierFor: 'routing', policyName: applied.name },
    });
    const { dimensions } = classifyTerms(result.content.split(/[^A-Za-z_]+/).filter(Boolean));
    if (!dimensions.length) return null;
    return {
      codes: dimensions.slice(0, 3),
      dimensions: dimensions.slice(0, 3),
      confidence: 0.8,
      source: 'CLASSIFIED',
      classifierVersion: 'gateway-v1',
      notes: [{ key: 'task.classifiedByGateway', vars: { provider: provider.name, model: provider.defaultModel } }],
    };
  } catch (err) {
    const error = err instanceof ProviderError ? err : new ProviderError('UNKNOWN', err instanceof Error ? err.message : String(err));
    deps.breakers.recordOutcome({ companyId: principal.companyId, providerId: provider.id, ok: false, errorKind: error.kind });
    deps.logger.warn({ provider: provider.name, kind: error.kind }, 'task classification request failed');
    return null;
  }
}

