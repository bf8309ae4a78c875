import { z } from 'zod';

/**
 * The common shape every provider adapter maps to and from. One adapter per wire format
 * (activities/providers/<type>.ts), each over the provider's official SDK.
 */
export const PROVIDER_TYPES = ['OPENAI', 'ANTHROPIC', 'GOOGLE', 'DEEPSEEK', 'CUSTOM'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const providerTypeSchema = z.enum(PROVIDER_TYPES);

/** Where each provider type's SDK sends requests when the provider has no baseUrl of its own. */
export const DEFAULT_PROVIDER_ENDPOINTS: Readonly<Record<string, string>> = {
  OPENAI: 'https://api.openai.com/v1',
  ANTHROPIC: 'https://api.anthropic.com',
  GOOGLE: 'https://generativelanguage.googleapis.com',
  DEEPSEEK: 'https://api.deepseek.com',
};

export interface ChatMessage {
  role: 'user' | 'assistant' | 'system' | 'tool';
  content: string;
  /** role assistant: the tool calls the model made in that turn (OpenAI-compatible API). */
  toolCalls?: ToolCall[];
  /** role tool: the call this message answers. */
  toolCallId?: string;
}

/** A function tool offered to the model, in OpenAI's shape (JSON Schema parameters). */
export interface ToolDefinition {
  type: 'function';
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
}

/** A call the model made: arguments are the JSON text the model wrote. */
export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A request attachment as the gateway schema defines it. Adapters use text and image entries. */
export interface Attachment {
  type: 'text' | 'url' | 'file' | 'document' | 'image';
  content?: string;
  url?: string;
  fileId?: string;
  fileName?: string;
  mimeType?: string;
  fileSize?: number;
  /** base64 */
  data?: string;
}

export interface CompletionRequest {
  prompt: string;
  systemPrompt?: string;
  /** Earlier turns; `prompt` is appended as the last user turn. */
  messages?: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  attachments?: Attachment[];
  signal?: AbortSignal;
  /** Function tools (OpenAI wire format only: the OpenAI-compatible API routes tool requests there). */
  tools?: ToolDefinition[];
  /** OpenAI's tool_choice, passed as given. */
  toolChoice?: unknown;
  /** Stop sequences (OpenAI stop, Anthropic stop_sequences, Gemini stopSequences). */
  stop?: string[];
  /** OpenAI's response_format, passed as given to OpenAI-format providers; json_object/json_schema ask Gemini for JSON. */
  responseFormat?: { type: string; [k: string]: unknown };
  /** The end user's id for the provider's abuse monitoring (OpenAI `user`). */
  user?: string;
}

/** Where and how to call: resolved by the gateway from a stored provider or client credentials. */
export interface ProviderTarget {
  type: ProviderType;
  /** The base URL as the SDK takes it; null means the SDK's default (the real provider). */
  baseUrl: string | null;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface CompletionResult {
  content: string;
  usage: Usage;
  /** Normalised: stop, length, content_filter, tool_calls, or the provider's own value lower-cased. */
  finishReason: string;
  /** The model the provider reports having used. */
  model: string;
  /** Wall time of the SDK call in milliseconds. */
  providerLatencyMs: number;
  /** Tool calls the model made (finishReason tool_calls). */
  toolCalls?: ToolCall[];
}

/**
 * What a streamed completion yields, in order: text deltas and tool-call fragments as they arrive,
 * then exactly one `end` with the usage and finish reason (a failure throws a ProviderError instead).
 */
export type StreamEvent =
  | { type: 'text'; text: string }
  /** A fragment of tool call `index`: id and name arrive first, arguments in pieces. */
  | { type: 'tool_call'; index: number; id?: string; name?: string; arguments?: string }
  | { type: 'end'; usage: Usage; finishReason: string; model: string };

export type ProviderErrorKind = 'RATE_LIMIT' | 'AUTH' | 'TIMEOUT' | 'SERVER' | 'BAD_REQUEST' | 'NETWORK' | 'UNKNOWN';

/** A classified provider failure. `retryable` drives fallback: never on BAD_REQUEST or AUTH. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
    /** From a Retry-After (or retry-after-ms) header on a 429, in milliseconds. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  get retryable(): boolean {
    return this.kind === 'RATE_LIMIT' || this.kind === 'TIMEOUT' || this.kind === 'SERVER' || this.kind === 'NETWORK';
  }
}

export interface ProviderAdapter {
  complete(target: ProviderTarget, request: CompletionRequest): Promise<CompletionResult>;
  /**
   * Streams the completion as the provider sends it. The returned promise settles when the
   * provider has answered (headers), so an HTTP failure throws here and the caller can fall back
   * before it has sent anything; aborting request.signal stops the provider call.
   */
  stream?(target: ProviderTarget, request: CompletionRequest): Promise<AsyncIterable<StreamEvent>>;
}

/** Construction options shared by the SDK adapters and the registry. */
export interface AdapterOptions {
  /** Retries the SDK itself may make. Default 0: the gateway does its own fallback and retries. */
  maxRetries?: number;
  /** SDK clients kept per adapter, keyed by (type, baseUrl, apiKey); the oldest is dropped. Default 1000. */
  maxClients?: number;
}
