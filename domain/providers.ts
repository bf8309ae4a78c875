import { z } from 'zod';

/**
 * The common shape every provider adapter maps to and from. One adapter per wire format
 * (activities/providers/<type>.ts), each over the provider's official SDK.
 */
export const PROVIDER_TYPES = ['OPENAI', 'ANTHROPIC', 'GOOGLE', 'DEEPSEEK', 'CUSTOM'] as const;
export type ProviderType = (typeof PROVIDER_TYPES)[number];
export const providerTypeSchema = z.enum(PROVIDER_TYPES);

export interface ChatMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
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
}

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
}

/** Construction options shared by the SDK adapters and the registry. */
export interface AdapterOptions {
  /** Retries the SDK itself may make. Default 0: the gateway does its own fallback and retries. */
  maxRetries?: number;
  /** SDK clients kept per adapter, keyed by (type, baseUrl, apiKey); the oldest is dropped. Default 1000. */
  maxClients?: number;
}
