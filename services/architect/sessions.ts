import { randomBytes } from 'node:crypto';
import { ActivityFailure, ApplicationFailure, WorkflowIdConflictPolicy, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import type { UpdateDefinition } from '@temporalio/common';
import { ARCHITECT_FAILURES } from '../../activities/architect';
import type { Db } from '../../db/connection';
import { ARCHITECT_TABLE, type ArchitectSessionRow, loadArchitectSession, toArchitectSessionDto } from '../../db/models/architect-session';
import { type ArchitectOperation, type ArchitectState, FINAL_STATES, newArchitectSessionId, refusal } from '../../domain/architect/session';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { TemporalGateway } from '../../temporal/client';
import { architectWorkflowId } from '../../temporal/workflow-ids';
import {
  ARCHITECT_UPDATE_FAILURES,
  type ArchitectUpdateResult,
  type ArchitectWorkflowInput,
  acceptProposal,
  analyzeSession,
  answerSession,
  architectSessionWorkflow,
  generateProposal,
  rejectProposal,
  reviseSession,
  transferSession,
} from '../../workflows/architect';
import type { AuditService } from '../audit/audit';
import type { ProjectService } from '../projects/projects';
import type { RoutingPolicyService } from '../routing/policies';
import { type RequirementsInput, stillDescribed } from './requests';

/**
 * Architect sessions (spec document 3). The row in architect_sessions is what the API lists and
 * reads; the workflow `architect:<id>` (workflows/architect.ts) owns every transition: each route
 * that moves a session sends it an Update, whose validator refuses a wrong-state call (400) before
 * anything runs. Once a session is ACCEPTED or REJECTED its workflow has ended and the final row
 * answers (400 for anything but transfer of an ACCEPTED session). A workflow that ended while idle,
 * or was lost, is started again from the row on the next call.
 */
export type ArchitectTimings = Pick<ArchitectWorkflowInput, 'modelStepTimeoutMs' | 'heartbeatMs' | 'modelAttempts' | 'provisionAttempts' | 'idleMs'>;

const notFound = () => ApiError.notFound('Session not found', 'ARCHITECT_SESSION_NOT_FOUND');
const invalidState = (message: string) => ApiError.badRequest(message, undefined, 'ARCHITECT_INVALID_STATE');

/** The first ApplicationFailure in an error's cause chain (an Update's failure wraps an activity's). */
function applicationFailureOf(err: unknown): ApplicationFailure | null {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof ApplicationFailure && e.type && e.type !== 'Error') return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function workflowGone(err: unknown): boolean {
  return err instanceof WorkflowNotFoundError || (err instanceof Error && /already completed|workflow execution already|not found/i.test(err.message));
}

function titleFrom(r: RequirementsInput): string {
  const words = (r.description ?? r.fileContent ?? '').replace(/\s+/g, ' ').trim().split(' ').slice(0, 8).join(' ');
  return (words || 'Architect session').slice(0, 200);
}

/** Requirements as stored: fields set to "" are removed, securityLevel defaults to standard. */
function normalized(r: RequirementsInput): RequirementsInput {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r)) if (v !== undefined && v !== '') out[k] = v;
  return { securityLevel: 'standard', ...out } as RequirementsInput;
}

export class ArchitectService {
  constructor(
    private readonly deps: {
      db: Db;
      temporal: TemporalGateway;
      audit: AuditService;
      projects: ProjectService;
      /** The api's policy cache: a policy the worker provisioned is usable at once, not after the cache's TTL. */
      routingPolicies: Pick<RoutingPolicyService, 'forget'>;
      logger: Logger;
      timings: ArchitectTimings;
    },
  ) {}

  private async find(companyId: string, id: string): Promise<ArchitectSessionRow> {
    const row = isUuid(id) ? await this.deps.db<ArchitectSessionRow>(ARCHITECT_TABLE).where({ id, company_id: companyId }).first() : undefined;
    if (!row) throw notFound();
    return row;
  }

  private async dto(companyId: string, id: string) {
    return toArchitectSessionDto(await this.find(companyId, id));
  }

  private async startWorkflow(row: ArchitectSessionRow): Promise<void> {
    const client = await this.deps.temporal.client();
    const input: ArchitectWorkflowInput = { sessionId: row.id, companyId: row.company_id, status: row.status, seq: row.version, ...this.deps.timings };
    await client.workflow.start(architectSessionWorkflow, {
      workflowId: architectWorkflowId(row.id),
      taskQueue: this.deps.temporal.taskQueue,
      args: [input],
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
    });
  }

  async create(principal: Principal, body: { title?: string; requirements: RequirementsInput }) {
    const requirements = normalized(body.requirements);
    const id = newId();
    const row = await this.deps.db.transaction(async (trx) => {
      const [inserted] = await trx<ArchitectSessionRow>(ARCHITECT_TABLE)
        .insert({
          id,
          company_id: principal.companyId,
          session_id: newArchitectSessionId(randomBytes(16)),
          title: body.title ?? titleFrom(requirements),
          status: 'INPUT',
          requirements: JSON.stringify(requirements) as unknown as Record<string, unknown>,
          user_metadata: JSON.stringify({ createdByUserId: principal.userId, createdVia: principal.via }) as unknown as Record<string, unknown>,
          created_by_user_id: principal.userId,
        })
        .returning('*');
      await this.deps.audit.recordFor(principal, { action: 'ARCHITECT_CREATE_SESSION', resourceType: 'architect_session', resourceId: id, details: { sessionId: inserted!.session_id } }, trx);
      return inserted!;
    });
    try {
      await this.startWorkflow(row);
    } catch (err) {
      // A session nothing could move must not exist: withdraw it (as holds do).
      this.deps.logger.error({ err, sessionId: id }, 'could not start the architect workflow; session withdrawn');
      await this.deps.db(ARCHITECT_TABLE).where({ id }).delete();
      throw new ApiError(503, 'WORKFLOW_SERVICE_UNAVAILABLE', 'The workflow service is unavailable; try again shortly');
    }
    return { success: true as const, session: toArchitectSessionDto(row) };
  }

  async list(principal: Principal, q: { status: 'ALL' | ArchitectState; limit: number; offset: number }) {
    const base = this.deps.db<ArchitectSessionRow>(ARCHITECT_TABLE).where({ company_id: principal.companyId });
    if (q.status !== 'ALL') base.where({ status: q.status });
    const [rows, [{ count }]] = await Promise.all([
      base.clone().orderBy('created_at', 'desc').orderBy('id').limit(q.limit).offset(q.offset),
      base.clone().count<{ count: string }[]>({ count: '*' }),
    ]);
    const total = Number(count);
    return { sessions: rows.map(toArchitectSessionDto), pagination: { total, limit: q.limit, offset: q.offset, hasMore: q.offset + rows.length < total } };
  }

  async get(principal: Principal, id: string) {
    return this.dto(principal.companyId, id);
  }

  /** Hard delete within the company; the session's workflow is terminated (a step in flight writes nothing: the row is gone). */
  async remove(principal: Principal, id: string) {
    const row = await this.find(principal.companyId, id);
    await this.deps.db.transaction(async (trx) => {
      await trx(ARCHITECT_TABLE).where({ id: row.id, company_id: principal.companyId }).delete();
      await this.deps.audit.recordFor(principal, { action: 'ARCHITECT_DELETE_SESSION', resourceType: 'architect_session', resourceId: row.id, details: { sessionId: row.session_id } }, trx);
    });
    if (!FINAL_STATES.has(row.status)) {
      const client = await this.deps.temporal.client();
      await client.workflow
        .getHandle(architectWorkflowId(row.id))
        .terminate('architect session deleted')
        .catch((err) => {
          if (!workflowGone(err)) this.deps.logger.warn({ err, sessionId: row.id }, 'could not terminate the architect workflow of a deleted session');
        });
    }
    return { success: true as const };
  }

  async revise(principal: Principal, id: string, body: { title?: string; requirements?: Partial<RequirementsInput> }) {
    const row = await this.find(principal.companyId, id);
    let requirements: RequirementsInput | undefined;
    if (body.requirements) {
      requirements = normalized({ ...(row.requirements as RequirementsInput), ...body.requirements });
      if (!stillDescribed(requirements)) throw ApiError.badRequest('Invalid body: requirements: description or fileContent is required', [{ path: ['requirements', 'description'], message: 'description or fileContent is required' }]);
    }
    await this.update(row, 'revise', reviseSession, { userId: principal.userId, title: body.title, requirements: requirements as Record<string, unknown> | undefined });
    return { success: true as const, session: await this.dto(principal.companyId, id) };
  }

  async analyze(principal: Principal, id: string) {
    const row = await this.find(principal.companyId, id);
    await this.update(row, 'analyze', analyzeSession, { userId: principal.userId });
    return { success: true as const, session: await this.dto(principal.companyId, id) };
  }

  async dialogue(principal: Principal, id: string, answers: Record<string, string>) {
    const row = await this.find(principal.companyId, id);
    const out = await this.update(row, 'dialogue', answerSession, { userId: principal.userId, answers });
    return { success: true as const, status: out.status, session: await this.dto(principal.companyId, id) };
  }

  async generate(principal: Principal, id: string) {
    const row = await this.find(principal.companyId, id);
    await this.update(row, 'generate', generateProposal, { userId: principal.userId });
    return { success: true as const, session: await this.dto(principal.companyId, id) };
  }

  async proposal(principal: Principal, id: string) {
    const row = await this.find(principal.companyId, id);
    if (!row.proposal) throw ApiError.badRequest(`No proposal exists: the session is ${row.status}`, undefined, 'ARCHITECT_NO_PROPOSAL');
    return { success: true as const, status: row.status, proposal: row.proposal, provisioned: row.status === 'ACCEPTED' ? { generatedIds: row.generated_ids, acceptedAt: row.accepted_at } : null };
  }

  async reject(principal: Principal, id: string, reason: string | undefined) {
    const row = await this.find(principal.companyId, id);
    await this.update(row, 'reject', rejectProposal, { userId: principal.userId, reason: reason ?? null });
    return { success: true as const, session: await this.dto(principal.companyId, id) };
  }

  async accept(principal: Principal, id: string) {
    const row = await this.find(principal.companyId, id);
    mayProvision(principal);
    const out = await this.update(row, 'accept', acceptProposal, { userId: principal.userId });
    this.deps.routingPolicies.forget(principal.companyId);
    return { success: true as const, generatedIds: out.generatedIds, session: await this.dto(principal.companyId, id) };
  }

  /** The linked project: an ACCEPTED session's from its row; a PROPOSAL_READY session is accepted first. */
  async transfer(principal: Principal, id: string) {
    let row = await this.find(principal.companyId, id);
    if (row.status !== 'ACCEPTED') {
      if (row.status === 'PROPOSAL_READY') mayProvision(principal);
      await this.update(row, 'transfer', transferSession, { userId: principal.userId });
      this.deps.routingPolicies.forget(principal.companyId);
      row = await this.find(principal.companyId, id);
    }
    const projectId = (row.generated_ids as { projectId?: string } | null)?.projectId;
    if (!projectId) throw invalidState('The session has no linked project');
    // The project may have been deleted since; that is the project's 404.
    const project = await this.deps.projects.get(principal, projectId);
    return { success: true as const, project, generatedIds: row.generated_ids, session: toArchitectSessionDto(row) };
  }

  /**
   * Sends an Update to the session's workflow and maps its refusal or failure to the API's answer.
   * A session whose workflow has ended answers from its row.
   */
  private async update<A>(row: ArchitectSessionRow, operation: ArchitectOperation, def: UpdateDefinition<ArchitectUpdateResult, [A]>, args: A): Promise<ArchitectUpdateResult> {
    if (FINAL_STATES.has(row.status)) throw invalidState(refusal(operation, row.status) ?? `Invalid state: the session is ${row.status}`);
    const client = await this.deps.temporal.client();
    for (let attempt = 0; ; attempt++) {
      try {
        return await client.workflow.getHandle(architectWorkflowId(row.id)).executeUpdate(def, { args: [args] });
      } catch (err) {
        if (attempt === 0 && workflowGone(err) && !(err instanceof WorkflowUpdateFailedError)) {
          // Ended while idle, or lost: start it again from the row and send the Update once more.
          const current = await loadArchitectSession(this.deps.db, row.id);
          if (!current) throw notFound();
          if (FINAL_STATES.has(current.status)) throw invalidState(refusal(operation, current.status) ?? `Invalid state: the session is ${current.status}`);
          await this.startWorkflow(current);
          continue;
        }
        throw await this.failure(err, row, operation);
      }
    }
  }

  private async failure(err: unknown, row: ArchitectSessionRow, operation: ArchitectOperation): Promise<unknown> {
    if (!(err instanceof WorkflowUpdateFailedError)) return err;
    const failure = applicationFailureOf(err);
    const details = failure?.details?.[0];
    if (failure)
      switch (failure.type) {
      case ARCHITECT_UPDATE_FAILURES.invalidState:
        return invalidState(failure.message);
      case ARCHITECT_UPDATE_FAILURES.proposalInvalid:
        return new ApiError(422, 'ARCHITECT_PROPOSAL_INVALID', failure.message, details, { status: 'DIALOGUE' });
      case ARCHITECT_FAILURES.preflight:
        return new ApiError(503, 'ARCHITECT_PREFLIGHT_FAILED', failure.message);
      case ARCHITECT_FAILURES.gone:
        return notFound();
      case ARCHITECT_FAILURES.api: {
        const d = details as { status: number; code: string; details: unknown } | undefined;
        return new ApiError(d?.status ?? 400, d?.code ?? 'BAD_REQUEST', failure.message, d?.details ?? undefined);
      }
    }
    const now = (await loadArchitectSession(this.deps.db, row.id))?.status ?? row.status;
    this.deps.logger.warn({ err, sessionId: row.id, operation }, 'architect step failed after its retries');
    if (operation === 'accept' || operation === 'transfer') {
      return new ApiError(500, 'ARCHITECT_PROVISIONING_FAILED', `Provisioning failed; nothing was created and the session is still ${now}`);
    }
    const cause = err.cause instanceof ActivityFailure ? err.cause.cause?.message : err.cause?.message;
    return new ApiError(503, 'ARCHITECT_MODEL_UNAVAILABLE', `The model call failed after its retries (${cause ?? 'unknown'}); the session is ${now}`);
  }
}

/**
 * Accepting provisions a routing policy, stored prompts and a reference library. The spec scopes
 * architect routes to the caller's company only; without this check a role that may not create
 * routing policies (MEMBER, the synthetic roles) could create one through the architect. Checked
 * after the session lookup, so another company's session is still a 404.
 */
function mayProvision(principal: Principal): void {
  if (!principal.permissions.has('routing.policies.create')) throw ApiError.forbidden('Insufficient permissions: accepting a proposal creates a routing policy (routing.policies.create)');
}
