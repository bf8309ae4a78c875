import type { CheckResult } from '../../domain/prompts/expectations';
import { BaseModel } from './base';

export const TEST_RUN_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type TestRunStatus = (typeof TEST_RUN_STATUSES)[number];
export type TestCaseStatus = 'PENDING' | 'PASSED' | 'FAILED' | 'ERROR';

/** One run of a prompt version over its test sets, executed by the `prompt-test:<runId>` workflow. */
export class PromptTestRun extends BaseModel {
  static override tableName = 'prompt_test_runs';

  id!: string;
  companyId!: string;
  promptId!: string;
  versionId!: string;
  testSetId!: string | null;
  status!: TestRunStatus;
  total!: number;
  passed!: number;
  failed!: number;
  errored!: number;
  error!: string | null;
  requestedByUserId!: string | null;
  requestedByApiKeyId!: string | null;
  workflowId!: string;
  startedAt!: Date | null;
  completedAt!: Date | null;
  createdAt!: Date;
  updatedAt!: Date;
}

/** One test set within a run: the answer, what it cost, and each expectation's outcome. */
export class PromptTestCase extends BaseModel {
  static override tableName = 'prompt_test_cases';
  static override jsonAttributes = ['values', 'checks'];

  id!: string;
  runId!: string;
  companyId!: string;
  testSetId!: string | null;
  testSetName!: string;
  position!: number;
  values!: Record<string, string>;
  expectedContains!: string[];
  expectedPattern!: string | null;
  status!: TestCaseStatus;
  answer!: string | null;
  provider!: string | null;
  model!: string | null;
  promptTokens!: number | null;
  completionTokens!: number | null;
  totalTokens!: number | null;
  /** numeric: PostgreSQL returns it as a string. */
  costUsd!: string | number | null;
  latencyMs!: number | null;
  executionId!: string | null;
  checks!: CheckResult[] | null;
  errorCode!: string | null;
  errorMessage!: string | null;
  completedAt!: Date | null;
}
