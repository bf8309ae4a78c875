/**
 * The deterministic "model" behind every wire format. Each format reduces its request to a
 * ConversationDigest; the answer depends only on that digest, so the same input always yields the
 * same output, and the output shows what reached the wire:
 *
 *   [sim:<model>] [system:<system text>] [turns:<n>] [images:<n>] [temperature:<t>] <last user text>
 *
 * (`system`, `images` and `temperature` only when present). Tokens are estimated as
 * ceil(chars / 4): prompt tokens over all input text (system + every message's text), completion
 * tokens over the returned text. `maxTokens` truncates the text to maxTokens * 4 characters.
 * The last user text is clipped to MAX_USER_ECHO characters (start and end kept) unless the key
 * sets `echo=full` or `echo=<n>` (SimulationOptions.userEchoMax).
 */
import { type ArchitectFault, architectAnswer } from './architect';

export interface ConversationDigest {
  model: string;
  /** All system text, joined with a blank line ('' when none). */
  system: string;
  /** Number of user and assistant turns. */
  turns: number;
  /** The text of the last user turn. */
  lastUserText: string;
  /** Characters of all input text: system plus every message. */
  inputChars: number;
  images: number;
  temperature: number | undefined;
  maxTokens: number | undefined;
}

export interface SimulationOptions {
  /** Longest last-user-text echo; default MAX_USER_ECHO, Infinity for the whole text. */
  userEchoMax?: number;
  /** Answer with a fixed refusal instead of the echo (key setting `persona=refuse`). */
  refuse?: boolean;
  /** A fault for architect requests (key setting `architect=`, simulator/architect.ts). */
  architect?: ArchitectFault;
}

export const SIMULATED_REFUSAL = "I'm sorry, but I can't help with that request.";

export interface SimulatedCompletion {
  text: string;
  promptTokens: number;
  completionTokens: number;
  /** True when maxTokens cut the text short. */
  truncated: boolean;
}

const CHARS_PER_TOKEN = 4;
/** Longest system text and user echo quoted back, so huge prompts do not make huge answers. */
const MAX_SYSTEM_ECHO = 200;
export const MAX_USER_ECHO = 2000;

export function estimateTokens(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** Keeps the start and the end of a long text (attachments are appended at the end). */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor((max - 1) / 2);
  return text.slice(0, half) + '…' + text.slice(text.length - half);
}

export function simulateCompletion(d: ConversationDigest, opts: SimulationOptions = {}): SimulatedCompletion {
  // Architect requests (a marker in the system prompt) get JSON of the asked shape instead of the echo.
  const architect = architectAnswer(d.system, d.lastUserText, opts.architect);
  if (architect !== null) return { text: architect, promptTokens: estimateTokens(d.inputChars), completionTokens: estimateTokens(architect.length), truncated: false };
  let text = `[sim:${d.model}]`;
  if (opts.refuse) text += ` ${SIMULATED_REFUSAL}`;
  else if (d.system !== '') text += ` [system:${clip(d.system, MAX_SYSTEM_ECHO)}]`;
  if (!opts.refuse) {
    text += ` [turns:${d.turns}]`;
    if (d.images > 0) text += ` [images:${d.images}]`;
    if (d.temperature !== undefined) text += ` [temperature:${d.temperature}]`;
    text += ` ${clip(d.lastUserText, opts.userEchoMax ?? MAX_USER_ECHO)}`;
  }

  let truncated = false;
  if (d.maxTokens !== undefined && estimateTokens(text.length) > d.maxTokens) {
    text = text.slice(0, d.maxTokens * CHARS_PER_TOKEN);
    truncated = true;
  }
  return {
    text,
    promptTokens: estimateTokens(d.inputChars),
    completionTokens: estimateTokens(text.length),
    truncated,
  };
}
