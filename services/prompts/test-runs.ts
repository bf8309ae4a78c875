import { WorkflowIdConflictPolicy } from '@temporalio/client';
import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { Db } from '../../db/connection';
import { PromptTestCase, PromptTestRun } from '../../db/models/prompt-test-run';
import { PromptTestSet } from '../../db/models/prompt-test-set';
import { ApiError } from '../../lib/errors';
import { isUuid, newId } from '../../lib/ids';
import type { Logger } from '../../lib/logger';
import type { TemporalGateway } from '../../temporal/client';
import { promptTestWorkflowId } from '../../temporal/workflow-ids';
import type { PromptAccess } from './access';
import type { PromptService } from './prompts';

/**
 * Test runs: one version of a stored prompt (default: the latest) against one or all of its test
 * sets, executed by the durable workflow `prompt-test:<runId>`. The run and a snapshot of each test
 * set (values and expectations as they are now) are written in one transaction, then the workflow
 * starts; if Temporal refuses, the run is marked FAILED at once rather than left QUEUED.
 * A run over a deactivated prompt is 409 PROMPT_DEACTIVATED.
 */
export interface StartRunInput {
  versionId?: string;
  versionNumber?: number;
  testSetId?: string;
}

export function publicRun(r: PromptTestRun, promptId: string, versionNumber: number | null) {
  return {
    id: r.id,
    promptId,
    versionId: r.versionId,
    versionNumber,
    testSetId: r.testSetId,
    status: r.status,
    passed: r.passed,
    failed: r.failed,
    errored: r.errored,
    total: r.total,
    error: r.error,
    workflowId: r.workflowId,
    requestedByUserId: r.requestedByUserId,
    requestedByApiKeyId: r.requestedByApiKeyId,
    createdAt: r.createdAt,
    startedAt: r.startedAt,
    completedAt: r.completedAt,
  };
}

export function publicCase(c: PromptTestCase) {
  return {
    id: c.id,
    testSetId: c.testSetId,
    testSetName: c.testSetName,
    position: c.position,
    values: c.values,
    status: c.status,
    answer: c.answer,
    provider: c.provider,
    model: c.model,
    tokens: c.totalTokens === null ? null : { prompt: c.promptTokens, completion: c.completionTokens, total: c.totalTokens },
    costUSD: c.costUsd === null ? null : Number(c.costUsd),
    latencyMs: c.latencyMs,
    executionId: c.executionId,
    checks: c.checks ? { results: c.checks, passed: c.checks.filter((x) => x.passed).length, total: c.checks.length } : null,
    error: c.errorCode ? { code: c.errorCode, message: c.errorMessage } : null,
    completedAt: c.completedAt,
  };
}

const runNotFound = () => ApiError.notFound('Test run not found', 'TEST_RUN_NOT_FOUND');

export class TestRunService {
  constructor(
    private readonly deps: {
      db: Db;
      access: PromptAccess;
      prompts: PromptService;
      audit: AuditService;
      temporal: TemporalGateway;
      logger: Logger;
      concurrency: number;
    },
  ) {}

  async start(principal: Principal, promptId: string, input: StartRunInput) {
    const viewer = await this.deps.access.viewerOf(principal);
    const prompt = await this.deps.access.visible(viewer, promptId);
    if (!prompt.isActive) throw ApiError.conflict('The prompt is deactivated: reactivate it (PUT isActive true) to run its tests', 'PROMPT_DEACTIVATED');
    const version = await this.deps.prompts.resolveVersion(prompt, input.versionId ?? (input.versionNumber !== undefined ? String(input.versionNumber) : 'latest'));
    let sets: PromptTestSet[];
    if (input.testSetId) {
      const one = isUuid(input.testSetId) ? await PromptTestSet.query(this.deps.db).findOne({ id: input.testSetId, prompt_id: prompt.id }) : undefined;
      if (!one) throw ApiError.notFound('Test set not found', 'TEST_SET_NOT_FOUND');
      sets = [one];
    } else {
      sets = await PromptTestSet.query(this.deps.db).where({ prompt_id: prompt.id }).orderBy('created_at').orderBy('id');
      if (!sets.length) throw ApiError.badRequest('This prompt has no test sets: create one first', undefined, 'NO_TEST_SETS');
    }
    const runId = newId();
    const workflowId = promptTestWorkflowId(runId);
    const run = await this.deps.db.transaction(async (trx) => {
      const row = await PromptTestRun.query(trx).insertAndFetch({
        id: runId,
        companyId: prompt.companyId,
        promptId: prompt.id,
        versionId: version.id,
        testSetId: input.testSetId ? sets[0]!.id : null,
        status: 'QUEUED',
        total: sets.length,
        requestedByUserId: principal.userId,
        requestedByApiKeyId: principal.apiKey?.id ?? null,
        workflowId,
      });
      await PromptTestCase.query(trx).insert(
        sets.map((s, position) => ({
          runId,
          companyId: prompt.companyId,
          testSetId: s.id,
          testSetName: s.name,
          position,
          values: s.values,
          expectedContains: s.expectedContains,
          expectedPattern: s.expectedPattern,
          status: 'PENDING' as const,
        })),
      );
      await this.deps.audit.recordFor(
        principal,
        { action: 'prompt.test_run.started', resourceType: 'prompt_test_run', resourceId: runId, details: { promptId: prompt.promptId, versionNumber: version.versionNumber, cases: sets.length } },
        trx,
      );
      return row;
    });
    try {
      const client = await this.deps.temporal.client();
      await client.workflow.start('promptTestWorkflow', {
        workflowId,
        taskQueue: this.deps.temporal.taskQueue,
        args: [{ runId, concurrency: this.deps.concurrency }],
        workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      });
    } catch (err) {
      this.deps.logger.error({ err, runId }, 'could not start the prompt test workflow');
      await PromptTestRun.query(this.deps.db).findById(runId).patch({ status: 'FAILED', error: 'the test run workflow could not be started', completedAt: new Date(), updatedAt: new Date() });
      throw new ApiError(503, 'WORKFLOW_UNAVAILABLE', 'The test run could not be started: the workflow service is unavailable');
    }
    return publicRun(run, prompt.promptId, version.versionNumber);
  }

  async list(principal: Principal, promptId: string, page: { limit: number; offset: number }) {
    const viewer = await this.deps.access.viewerOf(principal);
    const prompt = await this.deps.access.visible(viewer, promptId);
    const q = PromptTestRun.query(this.deps.db).where({ prompt_id: prompt.id });
    const [rows, total] = await Promise.all([q.clone().orderBy('created_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset), q.clone().resultSize()]);
    const numbers = await this.versionNumbers(rows.map((r) => r.versionId));
    return {
      runs: rows.map((r) => publicRun(r, prompt.promptId, numbers.get(r.versionId) ?? null)),
      pagination: { total, limit: page.limit, offset: page.offset, hasMore: page.offset + rows.length < total },
    };
  }

  async get(principal: Principal, promptId: string, runId: string) {
    const viewer = await this.deps.access.viewerOf(principal);
    const prompt = await this.deps.access.visible(viewer, promptId);
    const run = isUuid(runId) ? await PromptTestRun.query(this.deps.db).findOne({ id: runId, prompt_id: prompt.id }) : undefined;
    if (!run) throw runNotFound();
    const [cases, numbers] = await Promise.all([
      PromptTestCase.query(this.deps.db).where({ run_id: run.id }).orderBy('position'),
      this.versionNumbers([run.versionId]),
    ]);
    return { ...publicRun(run, prompt.promptId, numbers.get(run.versionId) ?? null), cases: cases.map(publicCase) };
  }

  private async versionNumbers(ids: string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const rows = await this.deps.db('prompt_versions').whereIn('id', [...new Set(ids)]).select('id', 'version_number');
    return new Map(rows.map((r) => [r.id as string, r.version_number as number]));
  }
}
