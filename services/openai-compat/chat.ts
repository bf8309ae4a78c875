/**
 * The OpenAI-compatible chat completion (POST /v1/chat/completions), answered and streamed. It is
 * the gateway's execution under another wire format, so it reuses the gateway's steps rather than
 * copying them: GatewayService.prepare (stored prompt, policy, sanitization decision, plan,
 * protection: the one pre-flight every edge shares), the attempt loop (services/gateway/attempts.ts,
 * fallback before the first byte of a stream), the per-company concurrency slot, the strict restore
 * and the execution record. What is its own: OpenAI's request and answer shapes, the chunk stream,
 * and restoring stand-ins split across chunks (stream-restore.ts).
 */
import type { Span } from '@opentelemetry/api';
import { costUsd } from '../../domain/pricing';
import type { Principal } from '../../domain/principal';
import { ProviderError, type CompletionResult, type StreamEvent, type ToolCall, type Usage } from '../../domain/providers';
import { ApiError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { SpanStatusCode } from '../../lib/tracing';
import { type CandidateOutcome, callCandidates, callWithFallback } from '../gateway/attempts';
import { type AnsweredExecutionRecord, type RecordContext, answeredExecutionRecord, executedEvent, failedExecutionRecord, providerFailure } from '../gateway/execution-record';
import type { GatewayService, PreparedExecution } from '../gateway/gateway';
import { type ChatCompletionRequest, type ChatOptions, openAiFinishReason, toExecution } from './chat-request';
import { StreamRestorer } from './stream-restore';

type Ready = Extract<PreparedExecution, { kind: 'ready' }>;

/** A chunk of the answer stream, in OpenAI's chat.completion.chunk shape. */
export interface ChatCompletionChunk {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  system_fingerprint: null;
  choices: Array<{ index: 0; delta: Record<string, unknown>; logprobs: null; finish_reason: string | null }>;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
}

/** A stream opened up to its first event: what the attempt loop hands back for a stream. */
interface OpenedStream {
  events: AsyncIterator<StreamEvent>;
  first: IteratorResult<StreamEvent>;
  openedAt: number;
  firstEventMs: number;
}

const usageOf = (u: Usage) => ({ prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: u.totalTokens });

export class OpenAiChatService {
  constructor(private readonly gateway: GatewayService) {}

  /** A chat completion answered whole (stream false). */
  async complete(principal: Principal, body: ChatCompletionRequest, opts: ChatOptions) {
    const executionId = newId();
    return this.traced(executionId, principal, opts, async (span) => {
      const ready = await this.prepare(principal, executionId, body, opts, span);
      ready.request.signal = opts.signal; // a client that goes away stops the provider call
      const deps = this.gateway.deps;
      const release = this.gateway.acquire(principal.companyId);
      const providerStartedAt = performance.now();
      let outcome: Awaited<ReturnType<typeof callWithFallback>>;
      try {
        outcome = await callWithFallback(deps, ready.plan, ready.request, principal.companyId);
      } finally {
        release();
      }
      const providerMs = performance.now() - providerStartedAt;
      const ctx = this.recordContext(principal, executionId, ready);
      const { candidate, result } = outcome;
      if (!result) {
        deps.recorder.record(failedExecutionRecord(ctx, outcome, outcome.error!, performance.now() - ready.startedAt));
        deps.metrics.gatewayExecutions.inc({ mode: 'AUTONOMOUS', status: 'error', provider_type: candidate.provider.type });
        throw providerFailure(executionId, outcome, outcome.error!);
      }
      let content = result.content;
      const record = answeredExecutionRecord(ctx, outcome, result, this.answerFacts(ready, candidate, result.usage));
      if (ready.protectedRun) {
        try {
          content = await deps.sanitization.restore(ready.protectedRun, content, executionId);
        } catch (err) {
          // As execute: the provider answered (and was paid), so the call is recorded; the stand-in answer is withheld.
          const reason = err instanceof Error ? err.message : String(err);
          deps.recorder.record({ ...record, status: 'ERROR', errorCode: 'RESTORE_FAILED', errorMessage: reason.slice(0, 1000), latencyMs: Math.round(performance.now() - ready.startedAt) });
          deps.metrics.gatewayExecutions.inc({ mode: 'AUTONOMOUS', status: 'error', provider_type: candidate.provider.type });
          throw err;
        }
      }
      const totalMs = performance.now() - ready.startedAt;
      record.latencyMs = Math.round(totalMs);
      this.answered(principal.companyId, record, totalMs);
      deps.metrics.gatewayAddedLatency.observe(Math.max(0, totalMs - providerMs) / 1000);
      const toolCalls = result.toolCalls?.length ? result.toolCalls : undefined;
      return {
        id: `chatcmpl-${executionId}`,
        object: 'chat.completion' as const,
        created: Math.floor(Date.now() / 1000),
        model: result.model || candidate.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant' as const, content: toolCalls && !content ? null : content, refusal: null, annotations: [], ...(toolCalls ? { tool_calls: toolCalls } : {}) },
            logprobs: null,
            finish_reason: openAiFinishReason(result.finishReason),
          },
        ],
        usage: usageOf(result.usage),
        system_fingerprint: null,
        service_tier: 'default',
      };
    });
  }

  /**
   * A streamed chat completion. Everything that can fail before the provider answers (validation,
   * policy, sanitization, every fallback attempt) throws here, before the caller gets a byte; the
   * returned chunks then follow the provider as it streams. The record is written when the stream
   * ends: with the final usage, or as an error when the provider failed or the client went away.
   */
  async stream(principal: Principal, body: ChatCompletionRequest, opts: ChatOptions): Promise<{ executionId: string; chunks: AsyncIterable<ChatCompletionChunk> }> {
    const executionId = newId();
    const deps = this.gateway.deps;
    const span = deps.tracing.startServerSpan('openai.chat.completions', opts.traceparent, {
      'gatehouse.execution_id': executionId,
      'gatehouse.company_id': principal.companyId,
      'gatehouse.stream': true,
    });
    let release: (() => void) | null = null;
    try {
      const ready = await this.prepare(principal, executionId, body, opts, span);
      release = this.gateway.acquire(principal.companyId);
      ready.request.signal = opts.signal;
      const outcome = await callCandidates(
        deps,
        ready.plan,
        principal.companyId,
        async (target): Promise<OpenedStream> => {
          const openedAt = performance.now();
          const events = (await deps.registry.stream(target, ready.request))[Symbol.asyncIterator]();
          const first = await events.next();
          return { events, first, openedAt, firstEventMs: performance.now() - openedAt };
        },
        (opened) => opened.firstEventMs,
      );
      const ctx = this.recordContext(principal, executionId, ready);
      if (!outcome.result) {
        deps.recorder.record(failedExecutionRecord(ctx, outcome, outcome.error!, performance.now() - ready.startedAt));
        deps.metrics.gatewayExecutions.inc({ mode: 'AUTONOMOUS', status: 'error', provider_type: outcome.candidate.provider.type });
        throw providerFailure(executionId, outcome, outcome.error!);
      }
      const slot = release;
      release = null; // the stream releases it when it ends
      const chunks = this.chunks(executionId, body, ready, { ...outcome, result: outcome.result }, ctx, span, slot, opts.signal);
      return { executionId, chunks };
    } catch (err) {
      release?.();
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      span.end();
      throw err;
    }
  }

  private async *chunks(
    executionId: string,
    body: ChatCompletionRequest,
    ready: Ready,
    outcome: CandidateOutcome<OpenedStream> & { result: OpenedStream },
    ctx: RecordContext,
    span: Span,
    release: () => void,
    signal: AbortSignal | undefined,
  ): AsyncGenerator<ChatCompletionChunk> {
    const deps = this.gateway.deps;
    const { candidate } = outcome;
    const opened = outcome.result;
    const id = `chatcmpl-${executionId}`;
    const created = Math.floor(Date.now() / 1000);
    let model = candidate.model;
    const chunk = (delta: Record<string, unknown>, finish: string | null = null): ChatCompletionChunk => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: null,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
      ...(body.stream_options?.include_usage ? { usage: null } : {}),
    });
    const restorer = ready.protectedRun ? new StreamRestorer((text) => deps.sanitization.restore(ready.protectedRun!, text, executionId)) : null;
    const toolCalls: ToolCall[] = [];
    let content = '';
    let end: Extract<StreamEvent, { type: 'end' }> | null = null;
    let failure: ProviderError | null = null;
    let restoreFailed = false;
    try {
      yield chunk({ role: 'assistant', content: '', refusal: null });
      let next = opened.first;
      while (!next.done) {
        const e = next.value;
        if (e.type === 'text') {
          const text = restorer ? await restorer.push(e.text) : e.text;
          content += text;
          if (text) yield chunk({ content: text });
        } else if (e.type === 'tool_call') {
          toolCalls[e.index] ??= { id: e.id ?? '', type: 'function', function: { name: e.name ?? '', arguments: '' } };
          toolCalls[e.index]!.function.arguments += e.arguments ?? '';
          yield chunk({
            tool_calls: [
              { index: e.index, ...(e.id ? { id: e.id, type: 'function' } : {}), function: { ...(e.name ? { name: e.name } : {}), arguments: e.arguments ?? '' } },
            ],
          });
        } else {
          end = e;
          model = e.model || model;
        }
        next = await opened.events.next();
      }
      if (restorer) {
        const rest = await restorer.flush();
        content += rest;
        if (rest) yield chunk({ content: rest });
      }
      if (!end) throw new ProviderError('UNKNOWN', 'the provider stream ended without a final event');
      yield chunk({}, openAiFinishReason(end.finishReason));
      if (body.stream_options?.include_usage) yield { ...chunk({}), choices: [], usage: usageOf(end.usage) };
    } catch (err) {
      failure = err instanceof ProviderError ? err : new ProviderError('UNKNOWN', err instanceof Error ? err.message : String(err));
      restoreFailed = err instanceof ApiError && err.code === 'SANITIZER_RESTORE_FAILED';
      throw err;
    } finally {
      release();
      // The client went away (the generator was returned early) or the provider failed mid-stream.
      const clientClosed = signal?.aborted === true || (!end && failure === null);
      if (!end || failure) void opened.events.return?.();
      const totalMs = performance.now() - ready.startedAt;
      if (end && !failure && !clientClosed) {
        const result: CompletionResult = {
          content,
          usage: end.usage,
          finishReason: end.finishReason,
          model,
          providerLatencyMs: performance.now() - opened.openedAt,
          ...(toolCalls.length ? { toolCalls } : {}),
        };
        const record = answeredExecutionRecord(ctx, outcome, result, this.answerFacts(ready, candidate, end.usage));
        record.latencyMs = Math.round(totalMs);
        record.metadata.stream = true;
        this.answered(ctx.principal.companyId, record, totalMs);
        span.setStatus({ code: SpanStatusCode.OK });
      } else {
        const error = clientClosed ? new ProviderError('NETWORK', 'the client closed the stream before it ended') : failure!;
        const record = failedExecutionRecord(ctx, outcome, error, totalMs);
        if (clientClosed) record.errorCode = 'CLIENT_CLOSED';
        else if (restoreFailed) record.errorCode = 'RESTORE_FAILED';
        record.completionTokens = Math.ceil(content.length / 4);
        record.metadata.stream = true;
        deps.recorder.record(record);
        deps.metrics.gatewayExecutions.inc({ mode: 'AUTONOMOUS', status: 'error', provider_type: candidate.provider.type });
        span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
      }
      span.end();
    }
  }

  /** The gateway's pre-flight over the execute request and extras this wire format maps to (every adapter carries tools). */
  private async prepare(principal: Principal, executionId: string, body: ChatCompletionRequest, opts: ChatOptions, span: Span): Promise<Ready> {
    const { req, extras } = toExecution(body, opts);
    const prepared = await this.gateway.prepare(principal, req, executionId, span, extras);
    if (prepared.kind !== 'ready') throw new Error('unreachable: the OpenAI-compatible API never runs DRY_RUN');
    return prepared;
  }

  /** An answered execution: its record, the gateway.executed event (when subscribed), the metric. */
  private answered(companyId: string, record: AnsweredExecutionRecord, totalMs: number): void {
    const deps = this.gateway.deps;
    deps.recorder.record(record);
    if (deps.webhooks?.wants(companyId, 'gateway.executed')) deps.webhooks.gatewayExecuted(companyId, executedEvent(record, 'AUTONOMOUS', totalMs, null));
    deps.metrics.gatewayExecutions.inc({ mode: 'AUTONOMOUS', status: 'success', provider_type: record.providerType });
  }

  private recordContext(principal: Principal, executionId: string, ready: Ready): RecordContext {
    return {
      principal,
      executionId,
      req: ready.req,
      plan: ready.plan,
      traceId: ready.trace.traceId,
      attachmentNotes: ready.attachmentNotes,
      security: ready.security?.record,
    };
  }

  private answerFacts(ready: Ready, candidate: CandidateOutcome<unknown>['candidate'], usage: Usage) {
    return {
      costUsd: costUsd(
        candidate.provider.prices.find((m) => m.name === candidate.model),
        usage,
      ),
      telemetryMode: ready.telemetryMode,
      telemetryWrapped: ready.telemetryWrapped,
      telemetry: null,
    };
  }

  private async traced<T>(executionId: string, principal: Principal, opts: ChatOptions, run: (span: Span) => Promise<T>): Promise<T> {
    const span = this.gateway.deps.tracing.startServerSpan('openai.chat.completions', opts.traceparent, {
      'gatehouse.execution_id': executionId,
      'gatehouse.company_id': principal.companyId,
    });
    try {
      const result = await run(span);
      span.setStatus({ code: SpanStatusCode.OK });
      return result;
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  }
}
