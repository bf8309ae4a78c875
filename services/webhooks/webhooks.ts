import { WorkflowIdConflictPolicy } from '@temporalio/client';
import { insertWebhookDelivery } from '../../activities/webhooks';
import type { Db } from '../../db/connection';
import { Webhook, type WebhookDto, toWebhookDto } from '../../db/models/webhook';
import { type DeliveryDto, WebhookDelivery, toDeliveryDto } from '../../db/models/webhook-delivery';
import {
  type DeliveryStatus,
  type GatewayExecutedData,
  type WebhookEvent,
  parseRetryDelaysSeconds,
} from '../../domain/webhooks';
import type { Config } from '../../lib/config';
import { type SecretBox, randomToken } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import { OutboundUrlError, OutboundUrlPolicy } from '../../lib/outbound-url';
import { TtlCache } from '../../lib/ttl-cache';
import type { TemporalGateway } from '../../temporal/client';
import { webhookDeliveryWorkflowId } from '../../temporal/workflow-ids';
import { webhookDeliveryWorkflow } from '../../workflows/webhook-delivery';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';

export interface CreateWebhookInput {
  name: string;
  url: string;
  events: WebhookEvent[];
  secret?: string;
}

export interface DeliveryQuery {
  webhookId?: string;
  status?: DeliveryStatus;
  limit: number;
  offset: number;
}

/** What the dispatcher needs of a webhook: kept in memory per company for a few seconds. */
interface Subscription {
  id: string;
  url: string;
  events: readonly string[];
  secretEncrypted: string;
}

/**
 * Account webhooks: CRUD (secret shown once, stored encrypted), the deliveries list, and event
 * dispatch. `emit` is what producers call (the gateway on every execution): it answers from an
 * in-memory subscription cache, synchronously, and does everything else (delivery rows, workflow
 * starts) after the caller's response, so a company without webhooks costs a map lookup.
 */
export class WebhookService {
  readonly policy: OutboundUrlPolicy;
  readonly retryDelaysMs: number[];
  private readonly subscriptions: TtlCache<string, Subscription[]>;
  private readonly loading = new Map<string, Promise<Subscription[]>>();
  /** Bumped on every write: a load that started before a write must not cache what it read. */
  private readonly generations = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: {
      db: Db;
      box: SecretBox;
      temporal: TemporalGateway;
      audit: AuditService;
      logger: Logger;
      config: Config;
    },
  ) {
    this.policy = new OutboundUrlPolicy(deps.config.OUTBOUND_URL_ALLOWLIST);
    this.retryDelaysMs = parseRetryDelaysSeconds(deps.config.WEBHOOK_RETRY_DELAYS_SECONDS);
    this.subscriptions = new TtlCache(deps.config.AUTH_CACHE_TTL_MS, 50_000);
  }

  /** Checks an outbound URL (webhook or callback); a refusal is a 400 naming the reason. */
  async assertOutboundUrl(url: string, opts: { requireHttps?: boolean; field?: string } = {}): Promise<void> {
    try {
      await this.policy.check(url, { requireHttps: opts.requireHttps });
    } catch (err) {
      if (err instanceof OutboundUrlError) {
        throw ApiError.badRequest(`${opts.field ?? 'url'}: ${err.message}`, [{ path: [opts.field ?? 'url'], message: err.message }], err.code);
      }
      throw err;
    }
  }

  async create(principal: Principal, input: CreateWebhookInput): Promise<WebhookDto> {
    await this.assertOutboundUrl(input.url);
    // 43 base62 characters ≈ 256 bits; the prefix makes a leaked secret recognisable in scans.
    const secret = input.secret ?? randomToken('whsec_', 43);
    const events = [...new Set(input.events)];
    const webhook = await this.deps.db.transaction(async (trx) => {
      const row = await Webhook.query(trx).insertAndFetch({
        companyId: principal.companyId,
        name: input.name,
        url: input.url,
        events,
        secretEncrypted: this.deps.box.encrypt(secret),
        isActive: true,
        createdByUserId: principal.userId,
      });
      await this.deps.audit.recordFor(
        principal,
        { action: 'webhook.created', resourceType: 'webhook', resourceId: row.id, details: { name: row.name, url: row.url, events } },
        trx,
      );
      return row;
    });
    this.invalidate(principal.companyId);
    return toWebhookDto(webhook, secret);
  }

  async list(companyId: string): Promise<WebhookDto[]> {
    const rows = await Webhook.query(this.deps.db).where({ company_id: companyId }).orderBy('created_at').orderBy('id');
    return rows.map((w) => toWebhookDto(w));
  }

  /** Deletes a webhook. Its delivery history stays; pending retries end as CANCELLED. */
  async remove(principal: Principal, id: string): Promise<void> {
    const deleted = await this.deps.db.transaction(async (trx) => {
      const row = isUuid(id) ? await Webhook.query(trx).findOne({ id, company_id: principal.companyId }) : undefined;
      if (!row) return null;
      await Webhook.query(trx).deleteById(id);
      await this.deps.audit.recordFor(principal, { action: 'webhook.deleted', resourceType: 'webhook', resourceId: id, details: { name: row.name } }, trx);
      return row;
    });
    if (!deleted) throw ApiError.notFound('Webhook not found', 'WEBHOOK_NOT_FOUND');
    this.invalidate(principal.companyId);
  }

  async deliveries(companyId: string, query: DeliveryQuery): Promise<{ deliveries: DeliveryDto[]; pagination: { total: number; limit: number; offset: number; hasMore: boolean } }> {
    if (query.webhookId && !isUuid(query.webhookId)) throw ApiError.notFound('Webhook not found', 'WEBHOOK_NOT_FOUND');
    const q = WebhookDelivery.query(this.deps.db).where({ company_id: companyId });
    if (query.webhookId) q.where({ webhook_id: query.webhookId });
    if (query.status) q.where({ status: query.status });
    const [rows, total] = await Promise.all([
      q.clone().withGraphFetched('attempts').orderBy('created_at', 'desc').orderBy('id').limit(query.limit).offset(query.offset),
      q.clone().resultSize(),
    ]);
    return {
      deliveries: rows.map(toDeliveryDto),
      pagination: { total, limit: query.limit, offset: query.offset, hasMore: query.offset + rows.length < total },
    };
  }

  /**
   * Fire-and-forget: an event happened in a company. Never throws, never waits. When the cache
   * says nobody listens, returns at once; otherwise the deliveries are created and started after
   * the current request has moved on.
   */
  emit(companyId: string, event: WebhookEvent, data: Record<string, unknown>): void {
    const cached = this.subscriptions.get(companyId);
    if (cached && !cached.some((s) => s.events.includes(event))) return;
    const occurredAt = new Date();
    this.track(
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => this.dispatch(companyId, event, data, occurredAt))
        .catch((err) => this.deps.logger.error({ err, companyId, event }, 'webhook dispatch failed')),
    );
  }

  /**
   * False only when the company's cached subscriptions have none for the event: callers on the hot
   * path skip building the event's data then (when nothing is cached, emit looks them up).
   */
  wants(companyId: string, event: WebhookEvent): boolean {
    const cached = this.subscriptions.get(companyId);
    return !cached || cached.some((s) => s.events.includes(event));
  }

  gatewayExecuted(companyId: string, data: GatewayExecutedData): void {
    this.emit(companyId, 'gateway.executed', data as unknown as Record<string, unknown>);
  }

  /** Creates one delivery per subscribed webhook and starts its workflow; returns the delivery ids. */
  async dispatch(companyId: string, event: WebhookEvent, data: Record<string, unknown>, occurredAt = new Date()): Promise<string[]> {
    const subscribers = (await this.subscriptionsOf(companyId)).filter((s) => s.events.includes(event));
    if (!subscribers.length) return [];
    const rows = subscribers.map((s) => {
      const id = newId();
      return {
        id,
        companyId,
        webhookId: s.id,
        source: 'WEBHOOK' as const,
        event,
        url: s.url,
        secretEncrypted: s.secretEncrypted,
        data,
        timeoutMs: null,
        status: 'PENDING' as const,
        workflowId: webhookDeliveryWorkflowId(id),
        createdAt: occurredAt,
        updatedAt: occurredAt,
      };
    });
    await WebhookDelivery.query(this.deps.db).insert(rows);
    await Promise.all(rows.map((r) => this.startWorkflow(r.id)));
    return rows.map((r) => r.id);
  }

  /**
   * One delivery to any URL, started from the api (a callback outside any workflow). Inside a
   * workflow use the createWebhookDelivery activity and webhookDeliveryWorkflow as a child instead.
   */
  async deliver(input: { companyId: string; webhookId: string | null; url: string; secret: string; event: string; data: Record<string, unknown>; timeoutMs?: number }): Promise<string> {
    const { deliveryId } = await insertWebhookDelivery(this.deps.db, this.deps.box, input);
    await this.startWorkflow(deliveryId, input.timeoutMs);
    return deliveryId;
  }

  /** Waits for dispatches still running (shutdown and tests). */
  async drain(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private track(p: Promise<unknown>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  /** A delivery whose workflow cannot start is marked FAILED at once, never left PENDING for ever. */
  private async startWorkflow(deliveryId: string, timeoutMs?: number): Promise<void> {
    try {
      const client = await this.deps.temporal.client();
      await client.workflow.start(webhookDeliveryWorkflow, {
        workflowId: webhookDeliveryWorkflowId(deliveryId),
        taskQueue: this.deps.temporal.taskQueue,
        args: [{ deliveryId, retryDelaysMs: this.retryDelaysMs, timeoutMs: timeoutMs ?? this.deps.config.WEBHOOK_TIMEOUT_MS }],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      });
    } catch (err) {
      this.deps.logger.error({ err, deliveryId }, 'could not start the webhook delivery workflow');
      await WebhookDelivery.query(this.deps.db)
        .findById(deliveryId)
        .patch({ status: 'FAILED', lastError: 'the delivery workflow could not be started', completedAt: new Date(), updatedAt: new Date() });
    }
  }

  invalidate(companyId: string): void {
    this.generations.set(companyId, (this.generations.get(companyId) ?? 0) + 1);
    this.subscriptions.delete(companyId);
    this.loading.delete(companyId);
  }

  private async subscriptionsOf(companyId: string): Promise<Subscription[]> {
    const cached = this.subscriptions.get(companyId);
    if (cached) return cached;
    let pending = this.loading.get(companyId);
    if (!pending) {
      const generation = this.generations.get(companyId) ?? 0;
      pending = Webhook.query(this.deps.db)
        .where({ company_id: companyId, is_active: true })
        .select('id', 'url', 'events', 'secret_encrypted')
        .then((rows) => rows.map((w) => ({ id: w.id, url: w.url, events: w.events, secretEncrypted: w.secretEncrypted })))
        .then((subs) => {
          if ((this.generations.get(companyId) ?? 0) === generation) this.subscriptions.set(companyId, subs);
          return subs;
        })
        .finally(() => {
          if (this.loading.get(companyId) === pending) this.loading.delete(companyId);
        });
      this.loading.set(companyId, pending);
    }
    return pending;
  }
}
