/**
 * One synthetic probe through the gateway path: the gateway's own attempt loop (callWithFallback)
 * with a plan of exactly one candidate, the named provider and model, so the call goes through the
 * same provider adapters, reports to the same circuit breakers (a failing probe counts like a
 * failing live call and can open the breaker) and is written by the same execution recorder, with
 * purpose `synthetic`, billed to the company. No fallback: a probe measures one provider, and it is
 * sent even while that provider's breaker is open (that is how it sees the provider recover).
 *
 * Routing learns from it three ways: the attempt goes to the breakers; the record, with purpose
 * synthetic, lands in the routing rollups marked as synthetic (window metrics weigh it by the
 * policy's syntheticWeight; health snapshots count it in full); and, when the prompt names or implies
 * a task, the record carries its task dimensions and the probe's verdict (`taskPassed`, the
 * evaluation's kpiCompliant), which become internal task-fit evidence. Before the call, one timed TCP
 * connect to the provider's host measures the network round trip (activities/synthetic/network.ts).
 *
 * The activities reach this through the SyntheticProbeExecutor port (activities/synthetic/runs.ts).
 */
import { measureConnect } from '../../activities/synthetic/network';
import type { SyntheticProbeExecutor, SyntheticProbeResult } from '../../activities/synthetic/runs';
import { costUsd } from '../../domain/pricing';
import { DEFAULT_PROVIDER_ENDPOINTS } from '../../domain/providers';
import type { Evaluation } from '../../domain/synthetic/evaluation';
import { newId } from '../../lib/ids';
import { callWithFallback } from '../gateway/attempts';
import { type GatewayDeps, type Plan, callableProviders } from '../gateway/plan';

export class GatewaySyntheticProbe implements SyntheticProbeExecutor {
  constructor(private readonly deps: GatewayDeps) {}

  /**
   * The company's active providers, reloaded once when one we look for is missing: the cache is
   * per process, and a provider created in the api a moment ago is not in the worker's copy yet.
   */
  private async runtime(companyId: string, wanted: string[]) {
    let runtime = await this.deps.providers.runtimeProviders(companyId);
    if (wanted.some((id) => !runtime.some((p) => p.id === id))) {
      this.deps.providers.invalidate(companyId);
      runtime = await this.deps.providers.runtimeProviders(companyId);
    }
    return runtime;
  }

  async targets(companyId: string, target: { aiProviderId: string | null; providerGroupId: string | null }): Promise<{ providerId: string; model: string }[]> {
    const group = target.providerGroupId ? await this.deps.groups.runtimeGroup(companyId, target.providerGroupId) : null;
    const ids = target.aiProviderId ? [target.aiProviderId] : (group?.providerIds ?? []);
    const runtime = await this.runtime(companyId, ids);
    return runtime.filter((p) => ids.includes(p.id)).map((p) => ({ providerId: p.id, model: p.defaultModel }));
  }

  async execute(input: Parameters<SyntheticProbeExecutor['execute']>[0], evaluate: (answer: string) => Evaluation): Promise<SyntheticProbeResult> {
    const runtime = callableProviders(await this.runtime(input.companyId, [input.providerId]));
    const provider = runtime.find((p) => p.id === input.providerId);
    if (!provider) return { ok: false, providerName: 'unknown', model: input.model, errorCode: 'PROVIDER_NOT_FOUND', errorMessage: 'The provider no longer exists or is inactive' };
    const endpoint = provider.baseUrl ?? DEFAULT_PROVIDER_ENDPOINTS[provider.type];
    const network = endpoint ? await measureConnect(endpoint) : null;
    const plan: Plan = {
      candidates: [{ provider, model: input.model }],
      compliant: true,
      reason: 'synthetic probe',
      groupId: null,
      applied: null,
      profile: null,
      maxAttempts: 1,
      retryDelayMs: 0,
    };
    const executionId = newId();
    const startedAt = performance.now();
    const outcome = await callWithFallback(this.deps, plan, { systemPrompt: input.systemPrompt, prompt: input.prompt, maxTokens: input.maxTokens }, input.companyId);
    const latencyMs = Math.round(performance.now() - startedAt);
    const result = outcome.result;
    const cost = result ? costUsd(provider.prices.find((m) => m.name === input.model), result.usage) : 0;
    const evaluation = result ? evaluate(result.content) : undefined;
    this.deps.recorder.record({
      id: executionId,
      companyId: input.companyId,
      apiKeyId: input.apiKeyId,
      userId: input.userId,
      mode: 'AUTONOMOUS',
      status: result ? 'SUCCESS' : 'ERROR',
      purpose: 'synthetic',
      providerId: provider.id,
      providerType: provider.type,
      providerName: provider.name,
      model: input.model,
      promptTokens: result?.usage.promptTokens ?? 0,
      completionTokens: result?.usage.completionTokens ?? 0,
      totalTokens: result?.usage.totalTokens ?? 0,
      costUsd: cost,
      latencyMs,
      providerLatencyMs: result ? Math.round(result.providerLatencyMs) : null,
      finishReason: result?.finishReason ?? null,
      errorCode: outcome.error ? outcome.error.kind : null,
      errorMessage: outcome.error ? outcome.error.message.slice(0, 1000) : null,
      traceId: null,
      attempts: outcome.attempts,
      metadata: {
        synthetic: true,
        scheduleId: input.scheduleId,
        syntheticPromptId: input.syntheticPromptId,
        // Internal task-fit evidence (the rollup trigger reads taskPassed for synthetic records).
        ...(input.task ? { taskDimensions: input.task.dimensions, taskSource: input.task.source, taskPassed: evaluation?.kpiCompliant ?? false } : {}),
      },
      createdAt: new Date(),
    });
    if (!result) {
      // A provider's 429 is RATE_LIMITED (the spec's code); every other failure PROVIDER_ERROR.
      const errorCode = outcome.error?.kind === 'RATE_LIMIT' ? 'RATE_LIMITED' : 'PROVIDER_ERROR';
      return {
        ok: false,
        executionId,
        providerName: provider.name,
        model: input.model,
        latencyMs,
        network,
        errorCode,
        errorMessage: `${outcome.error?.kind ?? 'UNKNOWN'}: ${outcome.error?.message ?? 'no answer'}`.slice(0, 1000),
      };
    }
    return {
      ok: true,
      executionId,
      providerName: provider.name,
      model: input.model,
      content: result.content,
      totalTokens: result.usage.totalTokens,
      costUsd: cost,
      latencyMs,
      network,
      evaluation,
    };
  }
}
