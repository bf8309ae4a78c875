import { Readable } from 'node:stream';
import { WorkflowNotFoundError } from '@temporalio/client';
import type { Db } from '../../db/connection';
import { BatchJob, type BatchItemRow, BatchSplit, RESULT_COLUMNS, toBatchDetail, toBatchListEntry, toResultItem } from '../../db/models/batch-job';
import { ACTIVE_BATCH_STATUSES, type BatchStatus, batchItemCostUsd, batchProgress, isActiveBatchStatus } from '../../domain/batch/types';
import type { Config } from '../../lib/config';
import { type SecretBox, randomToken } from '../../lib/crypto';
import { ApiError, zodDetails } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { OutboundUrlPolicy } from '../../lib/outbound-url';
import type { TemporalGateway } from '../../temporal/client';
import { batchWorkflowId } from '../../temporal/workflow-ids';
import type { BatchWorkflowInput, } from '../../workflows/batch';
import type { Principal } from '../../domain/principal';
import { type BatchConfig, RESULTS_DEFAULT_LIMIT, RESULTS_MAX_LIMIT, batchConfigSchema } from './requests';
import { BatchItemWriter, type MultipartBatch, parseJsonLine } from './intake';
import { batchWorkflowInput, repairBatchJobs, startBatchWorkflow } from './repair';
import type { BatchRouter } from './routing';
import type { ProviderService } from '../providers/providers';

/** Where a batch's items come from: a parsed JSON body, or a streamed multipart upload. */
export type BatchSource = { kind: 'json'; items: unknown; config: unknown } | { kind: 'multipart'; upload: MultipartBatch };

/** Checks a callback URL before it is stored; the webhooks module's outbound guard plugs in here. */
export type CallbackUrlGuard = (url: string) => Promise<void> | void;

const RESULTS_PAGE = 1_000;

/**
 * Batch jobs (spec document 1, Batch job). The API writes the job and its items in one
 * transaction and starts the workflow `batch:<id>`; from then on the workflow owns every
 * transition and writes it back through activities. Cancel is the one transition the API makes
 * itself (so the answer is immediate); the workflow's own writes never leave CANCELLED.
 */
export class BatchService {
  private readonly outbound: OutboundUrlPolicy;

  constructor(
    private readonly deps: {
      db: Db;
      config: Config;
      temporal: TemporalGateway;
      providers: ProviderService;
      secretBox: SecretBox;
      logger: Logger;
      /** The routing engine for batches (routing policy, qualityTier, providerHint, model). */
      router: BatchRouter;
      callbackGuard?: CallbackUrlGuard;
    },
  ) {
    this.outbound = new OutboundUrlPolicy(deps.config.OUTBOUND_URL_ALLOWLIST);
  }

  private get limits() {
    const c = this.deps.config;
    return { maxItems: c.BATCH_MAX_ITEMS, maxFileBytes: Math.floor(c.BATCH_MAX_FILE_SIZE_MB * 1024 * 1024) };
  }

  async create(principal: Principal, source: BatchSource) {
    const { db, config } = this.deps;
    // A cheap early refusal before reading a large upload; the decisive check is under a lock below.
    await this.assertBelowConcurrencyLimit(db, principal.companyId);

    const batchId = newId();
    const workflowId = batchWorkflowId(batchId);
    let callbackSigningSecret: string | undefined;
    const job = await db.transaction(async (trx) => {
      const writer = new BatchItemWriter(trx, batchId, this.limits.maxItems);
      let rawConfig: unknown;
      if (source.kind === 'json') {
        if (!Array.isArray(source.items)) throw missingItems();
        if (source.items.length > this.limits.maxItems) {
          throw ApiError.badRequest(`Too many items: at most ${this.limits.maxItems} per batch`, undefined, 'TOO_MANY_ITEMS');
        }
        for (let i = 0; i < source.items.length; i++) await writer.add(source.items[i], `items[${i}]`);
        rawConfig = source.config;
      } else {
        await source.upload.consumeFile((line, n) => writer.add(parseJsonLine(line, n), `line ${n}`));
        const text = await source.upload.config;
        if (text !== undefined && text.trim() !== '') {
          try {
            rawConfig = JSON.parse(text);
          } catch {
            throw invalidConfig('config must be a JSON object');
          }
        }
      }
      await writer.flush();
      if (writer.count === 0) throw missingItems();

      const cfg = this.parseConfig(rawConfig);
      if (cfg.sanitization && !principal.features.has('PII_SANITIZATION')) {
        throw new ApiError(403, 'SANITIZATION_FEATURE_UNAVAILABLE', "PII sanitization is not included in your company's package");
      }
      if (cfg.callbackUrl) {
        await this.checkCallbackUrl(cfg.callbackUrl);
        callbackSigningSecret = randomToken('whsec_', 40);
      }
      const estimatedCostUsd = await this.estimateCost(principal, cfg, writer.promptTokens);

      // Serialise creates per company so two requests cannot both take the last slot.
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`batch-limit:${principal.companyId}`]);
      await this.assertBelowConcurrencyLimit(trx, principal.companyId);
      const [row] = await trx('batch_jobs')
        .insert({
          id: batchId,
          company_id: principal.companyId,
          created_by_user_id: principal.userId,
          api_key_id: principal.apiKey?.id ?? null,
          name: cfg.name ?? null,
          status: 'QUEUED',
          total_items: writer.count,
          routing_policy_id: cfg.routingPolicyId ?? null,
          provider_hint: cfg.providerHint ?? null,
          requested_model: cfg.model ?? null,
          quality_tier: cfg.qualityTier ?? null,
          split_strategy: cfg.splitStrategy,
          sanitization_enabled: cfg.sanitization ?? false,
          callback_url: cfg.callbackUrl ?? null,
          callback_secret_encrypted: callbackSigningSecret ? this.deps.secretBox.encrypt(callbackSigningSecret) : null,
          metadata: JSON.stringify(cfg.metadata ?? {}),
          estimated_cost_usd: estimatedCostUsd,
          workflow_id: workflowId,
          results_ttl_ms: config.batchResultsTtlMs,
        })
        .returning(['id', 'created_at', 'total_items', 'estimated_cost_usd']);
      return row as { id: string; created_at: Date; total_items: number; estimated_cost_usd: string | null };
    });

    await this.startWorkflow(batchId).catch((err) => {
      // The job is stored; POST /api/internal/batch/process starts its workflow once Temporal is back.
      this.deps.logger.error({ err, batchId }, 'could not start the batch workflow; the repair trigger will start it');
    });
    return {
      batchId: job.id,
      status: 'QUEUED' as const,
      totalItems: job.total_items,
      estimatedCostUSD: job.estimated_cost_usd === null ? null : Number(job.estimated_cost_usd),
      createdAt: new Date(job.created_at).toISOString(),
      ...(callbackSigningSecret ? { callbackSigningSecret } : {}),
    };
  }

  /** The workflow input, from configuration at start time (durations are inputs: tests shorten them). */
  workflowInput(batchId: string, resultsTtlMs: number): BatchWorkflowInput {
    return batchWorkflowInput(this.deps.config, batchId, resultsTtlMs);
  }

  private startWorkflow(batchId: string, resultsTtlMs = this.deps.config.batchResultsTtlMs): Promise<void> {
    return startBatchWorkflow(this.deps.temporal, this.deps.config, batchId, resultsTtlMs);
  }

  private parseConfig(raw: unknown): BatchConfig {
    const parsed = batchConfigSchema.safeParse(raw ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const where = first?.path.length ? `${first.path.join('.')}: ` : '';
      throw new ApiError(400, 'INVALID_CONFIG', `Invalid config: ${where}${first?.message ?? 'invalid'}`, zodDetails(parsed.error));
    }
    return parsed.data;
  }

  private async checkCallbackUrl(url: string): Promise<void> {
    try {
      // HTTPS, and no private, loopback or link-local target unless OUTBOUND_URL_ALLOWLIST permits it.
      await this.outbound.check(url);
      await this.deps.callbackGuard?.(url);
    } catch (err) {
      throw invalidConfig(`callbackUrl is not allowed: ${(err as Error).message}`);
    }
  }

  /**
   * Routes the job as the worker will (services/batch/routing.ts) and estimates its cost at
   * batch price: the prompts' estimated tokens in, the same again out, at the first provider. A
   * policy that is not the company's is 404 POLICY_NOT_FOUND; a policy (or its open breakers) that
   * leaves no provider is 403 POLICY_VIOLATION; a providerHint or model that cannot be met is 400
   * INVALID_CONFIG. Null when the company has no active provider yet (the workflow then fails the
   * job with the reason).
   */
  private async estimateCost(principal: Principal, cfg: BatchConfig, promptTokens: number): Promise<number | null> {
    const routing = await this.deps.router.route(principal.companyId, {
      routingPolicyId: cfg.routingPolicyId,
      providerHint: cfg.providerHint,
      model: cfg.model,
      qualityTier: cfg.qualityTier,
      sessionUser: principal.via === 'session',
    });
    if (!routing.ok) {
      if (routing.code === 'NO_PROVIDER') return null;
      if (routing.status === 404) throw ApiError.notFound(routing.message, routing.code);
      if (routing.status === 403) throw new ApiError(403, routing.code, `Invalid config: ${routing.message}`);
      throw invalidConfig(routing.message);
    }
    return batchItemCostUsd(routing.candidates[0]!, { promptTokens, completionTokens: promptTokens });
  }

  private async assertBelowConcurrencyLimit(db: Db, companyId: string): Promise<void> {
    const max = this.deps.config.BATCH_MAX_CONCURRENT_JOBS;
    const [{ count }] = (await db('batch_jobs')
      .where({ company_id: companyId })
      .whereIn('status', ACTIVE_BATCH_STATUSES)
      .count({ count: '*' })) as Array<{ count: string }>;
    if (Number(count) >= max) {
      throw new ApiError(429, 'CONCURRENT_LIMIT', `Too many active batch jobs: at most ${max} per company may be queued or running`);
    }
  }

  async list(companyId: string, q: { status?: BatchStatus; limit: number; offset: number }) {
    const base = BatchJob.query(this.deps.db).where({ company_id: companyId });
    if (q.status) base.where({ status: q.status });
    const [rows, total] = await Promise.all([
      base.clone().orderBy('created_at', 'desc').orderBy('id').limit(q.limit).offset(q.offset),
      base.clone().resultSize(),
    ]);
    return { jobs: rows.map(toBatchListEntry), total, limit: q.limit, offset: q.offset };
  }

  async get(companyId: string, batchId: string): Promise<BatchJob> {
    const job = isUuid(batchId) ? await BatchJob.query(this.deps.db).findOne({ id: batchId, company_id: companyId }) : undefined;
    if (!job) throw ApiError.notFound('Batch not found', 'BATCH_NOT_FOUND');
    return job;
  }

  async detail(companyId: string, batchId: string) {
    const job = await this.get(companyId, batchId);
    const splits = await BatchSplit.query(this.deps.db).where({ batch_id: job.id }).orderBy('position');
    return toBatchDetail(job, splits, batchProgress(job.status, job.totalItems, job.completedItems + job.failedItems + job.skippedItems));
  }

  async results(companyId: string, batchId: string, q: { status?: string; limit?: number; offset: number }) {
    const job = await this.get(companyId, batchId);
    const limit = Math.min(q.limit ?? RESULTS_DEFAULT_LIMIT, RESULTS_MAX_LIMIT);
    const base = this.deps.db('batch_items').where({ batch_id: job.id });
    if (q.status) base.where({ status: q.status });
    const [rows, [{ count }]] = await Promise.all([
      base.clone().select(RESULT_COLUMNS).orderBy('sequence_index').limit(limit).offset(q.offset) as Promise<BatchItemRow[]>,
      base.clone().count({ count: '*' }) as unknown as Promise<Array<{ count: string }>>,
    ]);
    return { items: rows.map(toResultItem), total: Number(count), limit, offset: q.offset };
  }

  /**
   * Every matching result as JSONL, read from PostgreSQL in keyset pages of RESULTS_PAGE rows
   * (never the whole result set in memory) and written as the client reads: the stream pulls
   * the next page only when the socket wants more.
   */
  async resultsStream(companyId: string, batchId: string, q: { status?: string; limit?: number; offset: number }): Promise<{ filename: string; stream: Readable }> {
    const job = await this.get(companyId, batchId);
    const db = this.deps.db;
    async function* lines() {
      let afterSeq = -1;
      let skip = q.offset;
      let left = q.limit ?? Number.POSITIVE_INFINITY;
      while (left > 0) {
        const page = (await db('batch_items')
          .select(RESULT_COLUMNS)
          .where({ batch_id: job.id })
          .modify((b) => {
            if (q.status) b.where({ status: q.status });
          })
          .where('sequence_index', '>', afterSeq)
          .orderBy('sequence_index')
          .limit(RESULTS_PAGE)) as BatchItemRow[];
        if (!page.length) return;
        afterSeq = page[page.length - 1]!.sequence_index;
        let out = '';
        for (const row of page) {
          if (skip > 0) {
            skip--;
            continue;
          }
          if (left <= 0) break;
          left--;
          out += `${JSON.stringify(toResultItem(row))}\n`;
        }
        if (out) yield out;
        if (page.length < RESULTS_PAGE) return;
      }
    }
    return { filename: `batch-${job.id}-results.jsonl`, stream: Readable.from(lines(), { objectMode: false }) };
  }

  async cancel(companyId: string, batchId: string) {
    const job = await this.get(companyId, batchId);
    const updated = await this.deps.db('batch_jobs')
      .where({ id: job.id, company_id: companyId })
      .whereIn('status', ACTIVE_BATCH_STATUSES)
      .update({ status: 'CANCELLED', completed_at: new Date(), updated_at: new Date() })
      .returning('id');
    if (!updated.length) {
      const current = await this.get(companyId, batchId);
      throw ApiError.badRequest(`Batch cannot be cancelled: it is already ${current.status}`, undefined, 'BATCH_NOT_ACTIVE');
    }
    // Temporal cancellation reaches the children, their activities and the provider batches.
    try {
      const client = await this.deps.temporal.client();
      await client.workflow.getHandle(job.workflowId).cancel();
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) this.deps.logger.warn({ err, batchId }, 'batch workflow cancel request failed');
    }
    return { batchId: job.id, status: 'CANCELLED' as const };
  }

  /**
   * POST /api/internal/batch/process: the repair the `batch-repair:<taskQueue>` schedule also runs
   * every BATCH_REPAIR_INTERVAL_SECONDS (services/batch/repair.ts).
   */
  repair(): Promise<{ checked: number; started: string[] }> {
    return repairBatchJobs({ db: this.deps.db, temporal: this.deps.temporal, config: this.deps.config });
  }

  static isActive(status: string): boolean {
    return isActiveBatchStatus(status);
  }
}

function missingItems() {
  return ApiError.badRequest('Missing items or file: send JSON {items: [...]} or a multipart JSONL field "file"', undefined, 'MISSING_ITEMS');
}

function invalidConfig(message: string) {
  return new ApiError(400, 'INVALID_CONFIG', `Invalid config: ${message}`);
}
