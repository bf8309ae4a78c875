import type { Principal } from '../../domain/principal';
import type { AuditService } from '../audit/audit';
import type { Db } from '../../db/connection';
import type { Prompt } from '../../db/models/prompt';
import { PromptTestSet } from '../../db/models/prompt-test-set';
import { type ExpectationIssue, validateExpectations } from '../../domain/prompts/expectations';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { PromptAccess } from './access';

/**
 * Test sets of a stored prompt (spec document 2): variable values plus expectations
 * (expectedContains, expectedPattern). Every route answers only people who can open the prompt in
 * its own company; anyone else gets 404 PROMPT_NOT_FOUND, for reads too. A pattern the checks
 * refuse is 400 BAD_EXPECTED_PATTERN naming the construct.
 */
export type TestSetValues = Record<string, string | number | boolean>;

export interface TestSetInput {
  name: string;
  description?: string | null;
  values?: TestSetValues;
  expectedContains?: string[];
  expectedPattern?: string | null;
}

export interface TestSetValuesInput {
  values?: TestSetValues;
  expectedContains?: string[];
  expectedPattern?: string | null;
}

export function publicTestSet(s: PromptTestSet, prompt: Pick<Prompt, 'promptId'>) {
  return {
    id: s.id,
    promptId: prompt.promptId,
    name: s.name,
    description: s.description,
    values: s.values,
    expectedContains: s.expectedContains,
    expectedPattern: s.expectedPattern,
    createdByUserId: s.createdByUserId,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

export function testSetValues(s: PromptTestSet) {
  return { testSetId: s.id, values: s.values, expectedContains: s.expectedContains, expectedPattern: s.expectedPattern };
}

/** The pattern's refusal is BAD_EXPECTED_PATTERN; other problems INVALID_TEST_SET. */
function assertExpectations(input: TestSetValuesInput) {
  const issues: ExpectationIssue[] = validateExpectations({ expectedContains: input.expectedContains, expectedPattern: input.expectedPattern });
  if (!issues.length) return;
  const pattern = issues.find((i) => i.code === 'BAD_EXPECTED_PATTERN');
  if (pattern) {
    throw new ApiError(400, 'BAD_EXPECTED_PATTERN', `expectedPattern refused: ${pattern.message}`, [{ path: pattern.path, message: pattern.message, construct: pattern.construct }]);
  }
  throw ApiError.badRequest(`Invalid test set: ${issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`, issues, 'INVALID_TEST_SET');
}

const testSetNotFound = () => ApiError.notFound('Test set not found', 'TEST_SET_NOT_FOUND');
const nameTaken = (name: string) => ApiError.conflict(`This prompt already has a test set named "${name}"`, 'DUPLICATE_TEST_SET_NAME');

export class TestSetService {
  constructor(
    private readonly deps: {
      db: Db;
      access: PromptAccess;
      audit: AuditService;
    },
  ) {}

  private async prompt(principal: Principal, promptId: string): Promise<Prompt> {
    return this.deps.access.visible(await this.deps.access.viewerOf(principal), promptId);
  }

  private async testSet(prompt: Prompt, testSetId: string): Promise<PromptTestSet> {
    const set = isUuid(testSetId) ? await PromptTestSet.query(this.deps.db).findOne({ id: testSetId, prompt_id: prompt.id }) : undefined;
    if (!set) throw testSetNotFound();
    return set;
  }

  async list(principal: Principal, promptId: string) {
    const prompt = await this.prompt(principal, promptId);
    const sets = await PromptTestSet.query(this.deps.db).where({ prompt_id: prompt.id }).orderBy('created_at').orderBy('id');
    return { promptId: prompt.promptId, testSets: sets.map((s) => publicTestSet(s, prompt)) };
  }

  async create(principal: Principal, promptId: string, input: TestSetInput) {
    assertExpectations(input);
    const prompt = await this.prompt(principal, promptId);
    const set = await this.deps.db
      .transaction(async (trx) => {
        const row = await PromptTestSet.query(trx).insertAndFetch({
          companyId: prompt.companyId,
          promptId: prompt.id,
          name: input.name,
          description: input.description ?? null,
          values: (input.values ?? {}) as Record<string, string>,
          expectedContains: input.expectedContains ?? [],
          expectedPattern: input.expectedPattern ?? null,
          createdByUserId: principal.userId,
        });
        await this.deps.audit.recordFor(principal, { action: 'prompt.test_set.created', resourceType: 'prompt_test_set', resourceId: row.id, details: { promptId: prompt.promptId, name: row.name } }, trx);
        return row;
      })
      .catch((err) => {
        throw isUniqueViolation(err) ? nameTaken(input.name) : err;
      });
    return publicTestSet(set, prompt);
  }

  async getValues(principal: Principal, promptId: string, testSetId: string) {
    const prompt = await this.prompt(principal, promptId);
    return testSetValues(await this.testSet(prompt, testSetId));
  }

  /** Replaces the expectations given; values may be left out (they stay as they are). */
  async putValues(principal: Principal, promptId: string, testSetId: string, input: TestSetValuesInput) {
    assertExpectations(input);
    const prompt = await this.prompt(principal, promptId);
    const set = await this.testSet(prompt, testSetId);
    const patch: Partial<PromptTestSet> = {};
    if (input.values !== undefined) patch.values = input.values as Record<string, string>;
    if (input.expectedContains !== undefined) patch.expectedContains = input.expectedContains;
    if (input.expectedPattern !== undefined) patch.expectedPattern = input.expectedPattern;
    const updated = await this.deps.db.transaction(async (trx) => {
      const row = await PromptTestSet.query(trx).patchAndFetchById(set.id, { ...patch, updatedAt: new Date() });
      await this.deps.audit.recordFor(
        principal,
        { action: 'prompt.test_set.updated', resourceType: 'prompt_test_set', resourceId: set.id, details: { promptId: prompt.promptId, fields: Object.keys(patch).sort() } },
        trx,
      );
      return row;
    });
    return testSetValues(updated);
  }

  async remove(principal: Principal, promptId: string, testSetId: string) {
    const prompt = await this.prompt(principal, promptId);
    const set = await this.testSet(prompt, testSetId);
    await this.deps.db.transaction(async (trx) => {
      await PromptTestSet.query(trx).deleteById(set.id);
      await this.deps.audit.recordFor(principal, { action: 'prompt.test_set.deleted', resourceType: 'prompt_test_set', resourceId: set.id, details: { promptId: prompt.promptId, name: set.name } }, trx);
    });
  }
}
