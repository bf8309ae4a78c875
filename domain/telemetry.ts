/**
 * Gateway telemetry (spec document 1, rule 3). When instrumentation is on, the system prompt asks
 * the model to append a telemetry block delimited by ##TEL and TEL##; the block is stripped from
 * the content the caller receives and kept with the execution record.
 */
export type TelemetryMode = 'off' | 'sampled' | 'full';

export interface TelemetryRequest {
  telemetry?: { mode?: TelemetryMode; sampleRate?: number; force?: boolean; enabled?: boolean };
  metadata?: { telemetryMode?: unknown; agent?: unknown; chainId?: unknown; chainExecutionId?: unknown };
}

export const DEFAULT_SAMPLE_RATE = 0.1;

/** Mode from telemetry.mode, then metadata.telemetryMode, then an agentic hint (sampled), else off. */
export function resolveTelemetryMode(req: TelemetryRequest): TelemetryMode {
  if (req.telemetry?.enabled === false && !req.telemetry.force) return 'off';
  if (req.telemetry?.mode) return req.telemetry.mode;
  const fromMetadata = req.metadata?.telemetryMode;
  if (fromMetadata === 'off' || fromMetadata === 'sampled' || fromMetadata === 'full') return fromMetadata;
  const m = req.metadata;
  if (m && (m.agent || m.chainId || m.chainExecutionId)) return 'sampled';
  return 'off';
}

/** Whether to wrap this request; `random` is a number in [0, 1) supplied by the caller. */
export function shouldInstrument(req: TelemetryRequest, mode: TelemetryMode, random: number): boolean {
  if (req.telemetry?.force) return true;
  if (mode === 'full') return true;
  if (mode === 'sampled') {
    const rate = Math.min(1, Math.max(0, req.telemetry?.sampleRate ?? DEFAULT_SAMPLE_RATE));
    return random < rate;
  }
  return false;
}

export function telemetryInstruction(traceId: string): string {
  return [
    'After your complete answer, append one line with a telemetry block for the gateway, exactly in this form:',
    `##TEL {"traceId":"${traceId}","confidence":<0..1>,"refused":<true|false>} TEL##`,
    'Do not mention the telemetry block in your answer.',
  ].join('\n');
}

const TEL_BLOCK = /\s*##TEL([\s\S]*?)TEL##\s*/g;

/** Removes every telemetry block; returns the clean content and the first block parsed (if JSON). */
export function stripTelemetry(content: string): { content: string; telemetry: Record<string, unknown> | null } {
  if (!content.includes('##TEL')) return { content, telemetry: null };
  let telemetry: Record<string, unknown> | null = null;
  const clean = content.replace(TEL_BLOCK, (_whole, inner: string) => {
    if (telemetry === null) {
      try {
        const parsed: unknown = JSON.parse(inner.trim());
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) telemetry = parsed as Record<string, unknown>;
      } catch {
        telemetry = { raw: inner.trim() };
      }
    }
    return '\n';
  });
  return { content: clean.trim(), telemetry };
}
