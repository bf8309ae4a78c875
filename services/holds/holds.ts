import { WorkflowIdConflictPolicy, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { Db } from '../../db/connection';
import { ExecutionHold, type HoldDto, type HoldStatus, toHoldDto } from '../../db/models/execution-hold';
import { ApiError } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { TemporalGateway } from '../../temporal/client';
import { holdWorkflowId } from '../../temporal/workflow-ids';
import { approveHold, executionHoldWorkflow, rejectHold } from '../../workflows/holds';
import type { Principal } from '../../domain/principal';

export interface NewHold {
  companyId: string;
  executionId: string;
  requestedByUserId: string | null;
  requestedByApiKeyId: string | null;
  requestPayload: ExecutionHold['requestPayload'];
  routingDecision: ExecutionHold['routingDecision'];
  responsePayload: ExecutionHold['responsePayload'];
  costEstimate: number;
}

export type HoldStatusFilter = HoldStatus | 'ALL';

/**
 * Execution holds. The PostgreSQL row is what the API lists and filters; the workflow `hold:<id>`
 * owns every transition (approve and reject are workflow Updates, expiry is its timer) and writes
 * it back through activities. This service only reads rows and talks to the workflow.
 */
export class HoldService {
  constructor(
    private readonly db: Db,
    private readonly temporal: TemporalGateway,
    private readonly logger: Logger,
    private readonly expiryMs: number,
  ) {}

  /**
   * Creates the hold and starts its workflow. If the workflow cannot be started the row is removed
   * again and the caller gets 503: a hold nobody can resolve or expire must not exist.
   */
  async create(input: NewHold): Promise<HoldDto> {
    const id = newId();
    const expiresAt = new Date(Date.now() + this.expiryMs);
    const workflowId = holdWorkflowId(id);
    const hold = await ExecutionHold.query(this.db).insertAndFetch({
      id,
      ...input,
      executionMode: 'SUPERVISED',
      status: 'PENDING_REVIEW',
      expiresAt,
      workflowId,
    });
    try {
      const client = await this.temporal.client();
      await client.workflow.start(executionHoldWorkflow, {
        workflowId,
        taskQueue: this.temporal.taskQueue,
        args: [{ holdId: id, expiresAt: expiresAt.toISOString() }],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      });
    } catch (err) {
      this.logger.error({ err, holdId: id }, 'could not start the hold workflow; hold withdrawn');
      await ExecutionHold.query(this.db).deleteById(id);
      throw new ApiError(503, 'HOLD_UNAVAILABLE', 'Supervised execution is unavailable: the workflow service cannot be reached');
    }
    return toHoldDto(hold);
  }

  async list(companyId: string, opts: { status: HoldStatusFilter; limit: number; offset: number }) {
    const q = ExecutionHold.query(this.db).where({ company_id: companyId });
    if (opts.status !== 'ALL') q.where({ status: opts.status });
    const [rows, total] = await Promise.all([
      q.clone().orderBy('created_at', 'desc').orderBy('id').limit(opts.limit).offset(opts.offset),
      q.clone().resultSize(),
    ]);
    return {
      holds: rows.map(toHoldDto),
      pagination: { total, limit: opts.limit, offset: opts.offset, hasMore: opts.offset + rows.length < total },
    };
  }

  async get(companyId: string, id: string): Promise<ExecutionHold> {
    const hold = isUuid(id) ? await ExecutionHold.query(this.db).findOne({ id, company_id: companyId }) : undefined;
    if (!hold) throw ApiError.notFound('Hold not found', 'HOLD_NOT_FOUND');
    return hold;
  }

  async resolve(principal: Principal, id: string, action: 'approve' | 'reject', reason?: string) {
    const hold = await this.get(principal.companyId, id);
    if (hold.status !== 'PENDING_REVIEW') throw alreadyResolved(hold.status);
    if (!principal.userId) throw ApiError.forbidden('Only a signed-in reviewer can resolve a hold');

    const client = await this.temporal.client();
    const handle = client.workflow.getHandle(hold.workflowId);
    let resolved: HoldDto;
    try {
      resolved = await handle.executeUpdate(action === 'approve' ? approveHold : rejectHold, {
        args: [{ userId: principal.userId, reason: reason ?? null }],
      });
    } catch (err) {
      // The validator refused (already resolved), or the workflow has finished (expired meanwhile).
      if (err instanceof WorkflowUpdateFailedError || err instanceof WorkflowNotFoundError || isCompletedError(err)) {
        const current = await this.get(principal.companyId, id);
        throw alreadyResolved(current.status === 'PENDING_REVIEW' ? 'EXPIRED' : current.status);
      }
      throw err;
    }
    return action === 'approve' ? { hold: resolved, responsePayload: resolved.responsePayload } : resolved;
  }
}

function alreadyResolved(status: HoldStatus) {
  return ApiError.badRequest(`Hold already resolved (${status})`, undefined, 'HOLD_ALREADY_RESOLVED');
}

function isCompletedError(err: unknown): boolean {
  return err instanceof Error && /already completed|workflow execution already/i.test(err.message);
}
