import { OpenAI } from 'openai';
import { ClientCache, clientKey } from '../client-cache';
import { requireApiKey, timeoutOf } from '../conversation';
import { classifyProviderError } from '../errors';
import { toChatParams } from '../openai-compatible';
import type { AdapterOptions, ProviderTarget } from '../../../domain/providers';
import { checkLines, openAiResult, openAiStatus } from './mapping';
import { batchFetch, readLines } from './transport';
import type { BatchRequestLine, ProviderBatchClient, ProviderBatchResult, ProviderBatchStatus } from './types';

/**
 * OPENAI native batches over the openai SDK: the requests go up as one JSONL file
 * (files.create, purpose "batch"), batches.create starts the job on /v1/chat/completions with the
 * 24h window, batches.retrieve is the poll, and the results are the batch's output file (answers)
 * and error file (failed and unprocessed requests), both read line by line from files.content.
 * Each line's body is exactly what the synchronous adapter sends (toChatParams), so a batch item
 * and a gateway call for the same request reach the model identically.
 *
 * Every failed call is a classified ProviderError (errors.ts), so the workflow can tell a
 * retryable RATE_LIMIT or SERVER from a BAD_REQUEST.
 */
export const OPENAI_BATCH_MAX_REQUESTS = 50_000;
const CHAT_ENDPOINT = '/v1/chat/completions';
/** Uploads and downloads of up to ~200 MB: not bound by a chat call's timeout. */
const TRANSFER_TIMEOUT_MS = 10 * 60_000;

/** The JSONL input file's lines, each `{custom_id, method, url, body}` plus its newline. */
export function toOpenAiJsonl(target: ProviderTarget, lines: readonly BatchRequestLine[]): string[] {
  const out: string[] = new Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const { customId, request } = lines[i]!;
    out[i] = `${JSON.stringify({ custom_id: customId, method: 'POST', url: CHAT_ENDPOINT, body: toChatParams(target, request) })}\n`;
  }
  return out;
}

export class OpenAIBatchClient implements ProviderBatchClient {
  private readonly clients: ClientCache<OpenAI>;
  private readonly maxRetries: number;

  constructor(opts: AdapterOptions = {}) {
    this.clients = new ClientCache(opts.maxClients);
    this.maxRetries = opts.maxRetries ?? 0;
  }

  async submit(target: ProviderTarget, lines: BatchRequestLine[]): Promise<{ providerBatchId: string }> {
    try {
      checkLines(lines, OPENAI_BATCH_MAX_REQUESTS);
      const client = this.client(target);
      const file = await client.files.create(
        { file: new File([Buffer.from(toOpenAiJsonl(target, lines).join(''))], 'batch.jsonl', { type: 'application/jsonl' }), purpose: 'batch' },
        { timeout: TRANSFER_TIMEOUT_MS },
      );
      const batch = await client.batches.create(
        { input_file_id: file.id, endpoint: CHAT_ENDPOINT, completion_window: '24h' },
        { timeout: timeoutOf(target) },
      );
      return { providerBatchId: batch.id };
    } catch (err) {
      throw classifyProviderError(err);
    }
  }

  async poll(target: ProviderTarget, providerBatchId: string): Promise<ProviderBatchStatus> {
    try {
      const batch = await this.client(target).batches.retrieve(providerBatchId, { timeout: timeoutOf(target) });
      return openAiStatus(batch);
    } catch (err) {
      throw classifyProviderError(err);
    }
  }

  async *results(target: ProviderTarget, providerBatchId: string): AsyncGenerator<ProviderBatchResult> {
    const client = this.client(target);
    let fileIds: string[];
    try {
      const batch = await client.batches.retrieve(providerBatchId, { timeout: timeoutOf(target) });
      fileIds = [batch.output_file_id, batch.error_file_id].filter((id): id is string => typeof id === 'string' && id !== '');
    } catch (err) {
      throw classifyProviderError(err);
    }
    // A request is answered once; should a provider ever repeat a custom_id, the first answer wins.
    const seen = new Set<string>();
    for (const fileId of fileIds) {
      let response: Response;
      try {
        response = await client.files.content(fileId, { timeout: TRANSFER_TIMEOUT_MS });
      } catch (err) {
        throw classifyProviderError(err);
      }
      for await (const text of readLines(response.body)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          continue; // not a result line: nothing to attribute it to
        }
        const result = openAiResult(parsed);
        if (result === undefined || seen.has(result.customId)) continue;
        seen.add(result.customId);
        yield result;
      }
    }
  }

  async cancel(target: ProviderTarget, providerBatchId: string): Promise<void> {
    try {
      await this.client(target).batches.cancel(providerBatchId, { timeout: timeoutOf(target) });
    } catch (err) {
      // 409: the batch has already ended (or is cancelling); there is nothing left to stop.
      if (typeof (err as { status?: unknown }).status === 'number' && (err as { status: number }).status === 409) return;
      throw classifyProviderError(err);
    }
  }

  private client(target: ProviderTarget): OpenAI {
    const apiKey = requireApiKey(target);
    return this.clients.getOrCreate(
      clientKey(target),
      () =>
        new OpenAI({
          apiKey,
          baseURL: target.baseUrl ?? undefined,
          maxRetries: this.maxRetries,
          // null: never pick up OPENAI_ORG_ID / OPENAI_PROJECT_ID from the gateway's environment.
          organization: null,
          project: null,
          fetch: batchFetch,
        }),
    );
  }
}
