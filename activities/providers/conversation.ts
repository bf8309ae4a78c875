import { type CompletionRequest, ProviderError, type ProviderTarget } from '../../domain/providers';

/**
 * The provider-neutral reading of a CompletionRequest that every adapter maps to its wire format:
 * system text pulled out, earlier turns in order, and the final user turn built from `prompt`
 * plus attachments. Text attachments become extra text; base64 images become image parts; other
 * attachment types are the gateway's business (it converts documents before calling).
 */
export interface ImagePart {
  mimeType: string;
  /** base64 */
  data: string;
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface Conversation {
  /** systemPrompt then every system message, joined with a blank line; undefined when none. */
  system: string | undefined;
  /** Earlier user/assistant turns, in order. */
  history: Turn[];
  /** The final user turn's text: prompt plus text attachments. */
  prompt: string;
  /** Images for the final user turn. */
  images: ImagePart[];
}

export function toConversation(request: CompletionRequest): Conversation {
  const system: string[] = [];
  if (request.systemPrompt) system.push(request.systemPrompt);
  const history: Turn[] = [];
  for (const m of request.messages ?? []) {
    if (m.role === 'system') {
      if (m.content) system.push(m.content);
    } else if (m.role === 'tool') {
      // Formats without OpenAI's tool turns read a tool result as the user's text.
      history.push({ role: 'user', content: `Tool result (${m.toolCallId ?? 'call'}): ${m.content}` });
    } else if (m.role === 'assistant' && m.toolCalls?.length) {
      const calls = m.toolCalls.map((c) => `[called ${c.function.name}(${c.function.arguments})]`).join('\n');
      history.push({ role: 'assistant', content: [m.content, calls].filter(Boolean).join('\n') });
    } else history.push({ role: m.role, content: m.content });
  }

  let prompt = request.prompt;
  // No separate prompt (the OpenAI-compatible API sends the whole conversation as messages): the
  // last user turn is the final turn.
  if (prompt === '' && !request.attachments?.length && history[history.length - 1]?.role === 'user') prompt = history.pop()!.content;
  const images: ImagePart[] = [];
  for (const a of request.attachments ?? []) {
    if (a.type === 'text' && typeof a.content === 'string') {
      prompt += `\n\n[Attachment: ${a.fileName ?? 'attachment'}]\n${a.content}`;
    } else if (a.type === 'image' && a.data && a.mimeType) {
      images.push({ mimeType: a.mimeType, data: a.data });
    }
  }
  return { system: system.length > 0 ? system.join('\n\n') : undefined, history, prompt, images };
}

/** The SDK timeout for a target. The SDKs require a positive integer number of milliseconds. */
export function timeoutOf(target: ProviderTarget): number {
  const ms = target.timeoutMs;
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms) : 600_000;
}

/** Fails early, and classified, when there is no key: the SDKs would otherwise fall back to
 * environment variables or ambient credentials, which must never apply to a gateway target. */
export function requireApiKey(target: ProviderTarget): string {
  if (!target.apiKey) throw new ProviderError('AUTH', `${target.type} target has no API key`);
  return target.apiKey;
}

/** Wall time since `started` (a performance.now() reading), in whole milliseconds. */
export function elapsedMs(started: number): number {
  // Hundredths of a millisecond: whole milliseconds hide the gateway's own sub-millisecond overhead.
  return Math.round((performance.now() - started) * 100) / 100;
}

/** A tool call's JSON arguments as an object (formats that take structured input: Anthropic, Gemini). */
export function parseArguments(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { arguments: text };
  }
}
