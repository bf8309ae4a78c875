/**
 * DRY_RUN, the plan-only mode: the routing plan an execution would follow (provider, model,
 * fallbacks, geofencing, estimated tokens and cost, the reasoning), built from the plan alone.
 * Nothing is called, nothing is billed, nothing is recorded.
 */
import { costUsd } from '../../domain/pricing';
import type { CompletionRequest } from '../../domain/providers';
import { estimateTokens } from '../../domain/template';
import type { Injection } from '../prompts/gateway-prompts';
import type { ExecuteRequest } from './execute-request';
import { type Plan, geofencing } from './plan';
import type { SecurityOutcome } from './security-step';

/** Milliseconds with two decimals, as the timelines report them. */
export const round = (ms: number) => Math.round(ms * 100) / 100;

const NO_INJECTION: Injection = Object.freeze({ documentsInjected: 0, tokensInjected: 0, truncated: false });

export function dryRunAnswer(
  req: ExecuteRequest,
  request: CompletionRequest,
  plan: Plan,
  timing: { startedAt: number; routingMs: number },
  /** Documents a stored prompt or its references injected (services/prompts/gateway-prompts.ts). */
  injection: Injection = NO_INJECTION,
  /** The security step's verdict on what the caller sent (security-step.ts); null when it did not run. */
  security: SecurityOutcome | null = null,
) {
  const primary = plan.candidates[0]!;
  const promptTokens = estimateTokens(request.systemPrompt, request.prompt, ...(request.messages ?? []).map((m) => m.content));
  const price = primary.provider.prices.find((m) => m.name === primary.model);
  const geo = geofencing(plan);
  return {
    success: true as const,
    mode: 'DRY_RUN' as const,
    routingPlan: {
      provider: primary.provider.name,
      providerType: primary.provider.type,
      model: primary.model,
      policyId: plan.applied?.id ?? null,
      fallbackProviders: plan.candidates.slice(1, plan.maxAttempts).map((c) => c.provider.name),
      geofencingApplied: geo.applied,
      geofencingRegion: geo.applied ? (primary.provider.locationNetwork ?? null) : null,
      securityPassed: security?.securityPassed ?? true,
      protectivePromptApplied: security?.protectivePromptApplied ?? false,
      documentsInjected: injection.documentsInjected,
      tokensInjected: injection.tokensInjected,
      truncated: injection.truncated,
      estimatedPromptTokens: promptTokens,
      estimatedCostUSD: costUsd(price, { promptTokens, completionTokens: req.maxTokens ?? 0 }),
      reasoning: plan.reason,
    },
    timeline: { routingMs: round(timing.routingMs), totalMs: round(performance.now() - timing.startedAt) },
  };
}
