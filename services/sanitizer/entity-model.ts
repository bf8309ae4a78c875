import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { OnnxModelError, type TokenClassifier, openTokenClassifier } from '../../activities/sanitizer/onnx-session';
import {
  ENTITY_MODEL_FILE,
  ENTITY_MODEL_MANIFEST,
  type EntityModelManifest,
  EntityModelManifestError,
  type LabelMeaning,
  labelMeanings,
  parseEntityModelManifest,
} from '../../domain/entity-model/manifest';
import { decodeSpans, softmaxRows } from '../../domain/entity-model/spans';
import { type TextTokenizer, createTokenizer, windows } from '../../domain/entity-model/tokenizer';
import { ApiError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { SanitizerConfig } from '../../lib/sanitizer-config';
import type { EngineFinding } from './engine';

/**
 * The spec's entity-model switch (ENTITY_MODEL_ENABLED, _NAME, _THRESHOLD, _IDLE_UNLOAD_SECONDS):
 * a local token-classification model whose findings join the rule findings.
 *
 * - Off (the default): this class is never built and onnxruntime-node never loaded.
 * - At start (workers/sanitizer.ts) `verify()` opens the model once, runs it on a probe text and
 *   releases it: a missing or broken directory stops the sanitizer with a message naming the
 *   problem, never a sanitizer that silently finds less than it was configured to.
 * - The model is loaded on first use and released after ENTITY_MODEL_IDLE_UNLOAD_SECONDS without a
 *   request (the manifest and tokenizer are read again with it, so a replaced directory is picked
 *   up whole); the next request loads it again.
 * - Findings scoring at least ENTITY_MODEL_THRESHOLD are returned; the engine keeps those of the
 *   request's profiles and resolves overlaps with the rule findings (domain/pii/overlap.ts).
 * - A model that cannot be loaded or run on a request is a 503 ENTITY_MODEL_UNAVAILABLE: the
 *   request fails rather than being answered with the rules alone.
 */
export interface EntityModelStatus {
  enabled: true;
  name: string;
  directory: string;
  threshold: number;
  idle_unload_seconds: number;
  state: 'unloaded' | 'loading' | 'loaded';
  loads: number;
  unloads: number;
  last_load_ms: number | null;
  last_used_at: string | null;
}

interface LoadedModel {
  manifest: EntityModelManifest;
  tokenizer: TextTokenizer;
  labels: LabelMeaning[];
  classifier: TokenClassifier;
}

/** The start-up check's text: a few words and punctuation, enough to see the output's shape. */
const PROBE_TEXT = 'Gatehouse checks this model, once.';

export class EntityModelError extends Error {}

export class EntityModel {
  readonly directory: string;
  private model: LoadedModel | null = null;
  private loading: Promise<LoadedModel> | null = null;
  private idleTimer: NodeJS.Timeout | null = null;
  private inFlight = 0;
  private loads = 0;
  private unloads = 0;
  private lastLoadMs: number | null = null;
  private lastUsedAt: Date | null = null;
  private closed = false;
  /** The manifest's name as last read (kept while the model is unloaded). */
  private name: string;

  constructor(
    private readonly settings: { directory: string; threshold: number; idleUnloadSeconds: number },
    private readonly logger: Logger,
  ) {
    this.directory = path.resolve(settings.directory);
    this.name = path.basename(this.directory);
  }

  static fromConfig(config: SanitizerConfig, logger: Logger): EntityModel | null {
    if (!config.ENTITY_MODEL_ENABLED) return null;
    return new EntityModel(
      { directory: config.ENTITY_MODEL_NAME!, threshold: config.ENTITY_MODEL_THRESHOLD, idleUnloadSeconds: config.ENTITY_MODEL_IDLE_UNLOAD_SECONDS },
      logger,
    );
  }

  /** Start-up check: open, run once, release. Throws EntityModelError naming the problem. */
  async verify(): Promise<void> {
    const started = performance.now();
    const model = await this.open();
    try {
      await this.classify(model, PROBE_TEXT);
    } catch (err) {
      throw this.explain(err);
    } finally {
      await model.classifier.release().catch(() => {});
    }
    this.logger.info(
      { directory: this.directory, labels: model.manifest.labels.length, ms: Math.round(performance.now() - started) },
      'entity model checked: it loads and answers; it is loaded again on the first request',
    );
  }

  /** The model's findings in `text` at or above the threshold, every type the model knows. */
  async find(text: string): Promise<EngineFinding[]> {
    if (this.closed) throw new ApiError(503, 'ENTITY_MODEL_UNAVAILABLE', 'The sanitizer is shutting down');
    if (!/\S/.test(text)) return [];
    this.inFlight++;
    this.cancelIdleTimer();
    try {
      const model = await this.loaded();
      const spans = await this.classify(model, text);
      return spans.map((s) => ({ ...s, text: text.slice(s.start, s.end) }));
    } catch (err) {
      if (err instanceof ApiError) throw err;
      const explained = this.explain(err);
      this.logger.error({ err: explained.message }, 'entity model failed on a request');
      throw new ApiError(503, 'ENTITY_MODEL_UNAVAILABLE', `The entity model is enabled but failed: ${explained.message}`);
    } finally {
      this.inFlight--;
      this.lastUsedAt = new Date();
      this.scheduleUnload();
    }
  }

  status(): EntityModelStatus {
    return {
      enabled: true,
      name: this.name,
      directory: this.directory,
      threshold: this.settings.threshold,
      idle_unload_seconds: this.settings.idleUnloadSeconds,
      state: this.model ? 'loaded' : this.loading ? 'loading' : 'unloaded',
      loads: this.loads,
      unloads: this.unloads,
      last_load_ms: this.lastLoadMs,
      last_used_at: this.lastUsedAt?.toISOString() ?? null,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancelIdleTimer();
    const model = this.model ?? (await this.loading?.catch(() => null)) ?? null;
    this.model = null;
    await model?.classifier.release().catch(() => {});
  }

  private loaded(): Promise<LoadedModel> {
    if (this.model) return Promise.resolve(this.model);
    this.loading ??= (async () => {
      const started = performance.now();
      try {
        const model = await this.open();
        this.model = model;
        this.loads++;
        this.lastLoadMs = Math.round((performance.now() - started) * 10) / 10;
        this.logger.info({ directory: this.directory, ms: this.lastLoadMs }, 'entity model loaded');
        return model;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** Reads the directory (manifest, vocabulary) and opens the ONNX session. */
  private async open(): Promise<LoadedModel> {
    try {
      const info = await stat(this.directory).catch(() => null);
      if (!info?.isDirectory()) throw new EntityModelError(`${this.directory} is not a directory`);
      const manifestText = await readFile(path.join(this.directory, ENTITY_MODEL_MANIFEST), 'utf8').catch(() => {
        throw new EntityModelError(`${ENTITY_MODEL_MANIFEST} is missing from ${this.directory}`);
      });
      const manifest = parseEntityModelManifest(manifestText);
      this.name = manifest.name ?? path.basename(this.directory);
      const vocabularyFile = manifest.tokenizer.type === 'wordpiece' ? manifest.tokenizer.vocabularyFile : undefined;
      const lines = vocabularyFile
        ? (
            await readFile(path.join(this.directory, vocabularyFile), 'utf8').catch(() => {
              throw new EntityModelError(`${vocabularyFile} (the manifest's vocabularyFile) is missing from ${this.directory}`);
            })
          )
            .split(/\r?\n/)
            .filter((line, i, all) => line !== '' || i < all.length - 1)
        : undefined;
      const tokenizer = createTokenizer(manifest.tokenizer, lines);
      const modelPath = path.join(this.directory, ENTITY_MODEL_FILE);
      if (!(await stat(modelPath).catch(() => null))?.isFile()) throw new EntityModelError(`${ENTITY_MODEL_FILE} is missing from ${this.directory}`);
      const classifier = await openTokenClassifier(modelPath, { ...manifest.inputs, ...(manifest.output.name ? { output: manifest.output.name } : {}) });
      return { manifest, tokenizer, labels: labelMeanings(manifest), classifier };
    } catch (err) {
      throw this.explain(err);
    }
  }

  private async classify(model: LoadedModel, text: string) {
    const { words, tokens } = model.tokenizer.tokenize(text);
    const width = model.labels.length;
    const scores = new Float32Array(tokens.length * width);
    const { prefix, suffix } = model.tokenizer;
    for (const [from, to] of windows(tokens, model.tokenizer.windowTokens)) {
      const ids = [...prefix, ...tokens.slice(from, to).map((t) => t.id), ...suffix];
      const out = await model.classifier.classify(ids, width);
      scores.set(out.subarray(prefix.length * width, (prefix.length + to - from) * width), from * width);
    }
    if (model.manifest.output.kind === 'logits') softmaxRows(scores, width);
    return decodeSpans(words, tokens, scores, model.labels, this.settings.threshold);
  }

  /** Every failure as one message that names the directory and the setting to look at. */
  private explain(err: unknown): EntityModelError {
    if (err instanceof EntityModelError && err.message.startsWith('ENTITY_MODEL_NAME')) return err;
    const known = err instanceof EntityModelError || err instanceof EntityModelManifestError || err instanceof OnnxModelError;
    const reason = known ? (err as Error).message : `unexpected error: ${(err as Error)?.message ?? String(err)}`;
    return new EntityModelError(`ENTITY_MODEL_NAME=${this.settings.directory}: ${reason}`);
  }

  private scheduleUnload() {
    if (this.closed || this.inFlight > 0) return;
    this.cancelIdleTimer();
    this.idleTimer = setTimeout(() => void this.unloadIfIdle(), this.settings.idleUnloadSeconds * 1000);
    // An idle timer never keeps the process alive on its own.
    this.idleTimer.unref();
  }

  private cancelIdleTimer() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private async unloadIfIdle() {
    this.idleTimer = null;
    const model = this.model;
    if (!model || this.inFlight > 0) return;
    // Detached before the await: a request arriving meanwhile loads a fresh session.
    this.model = null;
    this.unloads++;
    await model.classifier.release().catch((err) => this.logger.warn({ err: (err as Error).message }, 'entity model release failed'));
    this.logger.info({ directory: this.directory, idleSeconds: this.settings.idleUnloadSeconds }, 'entity model unloaded after idle timeout');
  }
}
