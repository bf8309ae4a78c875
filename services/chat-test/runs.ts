import type { Db } from '../../db/connection';
import type { Prompt } from '../../db/models/prompt';
import { PromptTestSet } from '../../db/models/prompt-test-set';
import { PromptVersion } from '../../db/models/prompt-version';
import type { Principal } from '../../domain/principal';
import { renderStrict } from '../../domain/prompts/template';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { PromptAccess } from '../prompts/access';
import { requireShield } from '../shield/access';
import type { HandoffService } from '../shield/handoffs';
import { CHAT_TEST_LIMITS, NAKED_RULE, VENDOR_IDS, VENDORS, chatPrompt, newRef, promptFileName, runMarkdown } from './files';

/**
 * Test in chat (spec document 2): eligibility, run creation and the caller's runs. Session only,
 * Shield data protection in the plan, edit rights on the prompt. Each run is one protected
 * handoff of the version's prompt rendered with one test set (HandoffService.create: stand-ins,
 * scope, quota, retention all as for any handoff); the Markdown given back holds stand-ins only.
 * These routes never call a model or the gateway.
 */
export interface RunRow {
  id: string;
  ref: string;
  company_id: string;
  prompt_id: string;
  version_id: string;
  test_set_id: string | null;
  test_set_name: string;
  expected_contains: string[];
  expected_pattern: string | null;
  vendor: string;
  naked: boolean;
  handoff_id: string;
  status: 'open' | 'IMPORTED';
  created_by_user_id: string;
  response_id: string | null;
  rating: number | null;
  checks: unknown;
  created_at: Date;
  imported_at: Date | null;
}

export const runRecord = (r: RunRow) => ({
  ref: r.ref,
  versionId: r.version_id,
  testSetId: r.test_set_id,
  testSetName: r.test_set_name,
  vendor: r.vendor,
  naked: r.naked,
  status: r.status,
  handoffId: r.handoff_id,
  responseId: r.response_id,
  rating: r.rating,
  checks: r.checks ?? null,
  createdAt: new Date(r.created_at).toISOString(),
  importedAt: r.imported_at ? new Date(r.imported_at).toISOString() : null,
});

const versionNotFound = () => ApiError.notFound('Version not found', 'VERSION_NOT_FOUND');
const badRequest = (message: string) => ApiError.badRequest(message, undefined, 'BAD_CHAT_TEST_REQUEST');

export interface ChatTestDeps {
  db: Db;
  access: PromptAccess;
  handoffs: Pick<HandoffService, 'create' | 'restore' | 'delete'>;
}

/** The prompt the caller may edit (404 PROMPT_NOT_FOUND / 403 PROMPT_EDIT_FORBIDDEN), after the plan check. */
export async function editablePrompt(deps: ChatTestDeps, principal: Principal, id: string): Promise<{ prompt: Prompt; userId: string }> {
  const userId = requireShield(principal);
  const prompt = await deps.access.editable(await deps.access.viewerOf(principal), id);
  return { prompt, userId };
}

export class ChatTestRuns {
  constructor(private readonly deps: ChatTestDeps) {}

  private async version(prompt: Prompt, versionId: unknown): Promise<PromptVersion> {
    const id = versionId ?? prompt.latestVersionId;
    const version = typeof id === 'string' && isUuid(id) ? await PromptVersion.query(this.deps.db).findOne({ id, prompt_id: prompt.id }) : undefined;
    if (!version) throw versionNotFound();
    return version;
  }

  async eligibility(principal: Principal, promptId: string, versionId?: string) {
    const { prompt } = await editablePrompt(this.deps, principal, promptId);
    const version = await this.version(prompt, versionId);
    const sets = await PromptTestSet.query(this.deps.db).where({ prompt_id: prompt.id }).orderBy('created_at');
    const testSets = sets.map((s) => {
      const missing = [version.userPrompt, version.systemPrompt ?? ''].flatMap((t) => {
        const r = renderStrict(t, s.values);
        return r.ok ? [] : r.missing;
      });
      return {
        id: s.id,
        name: s.name,
        eligible: missing.length === 0,
        missingVariables: [...new Set(missing)],
        expectations: { contains: s.expectedContains.length, pattern: s.expectedPattern !== null },
      };
    });
    const reasons: string[] = [];
    if (!sets.length) reasons.push('The prompt has no test sets');
    else if (!testSets.some((t) => t.eligible)) reasons.push('No test set has a value for every variable of the version');
    return {
      promptId: prompt.promptId,
      versionId: version.id,
      versionNumber: version.versionNumber,
      eligible: reasons.length === 0,
      reasons,
      testSets,
      vendors: VENDORS.map((v) => ({ ...v })),
      naked: { allowed: !version.systemPrompt, rule: NAKED_RULE },
      limits: { testSetsPerRequest: CHAT_TEST_LIMITS.testSetsPerRequest, importChars: CHAT_TEST_LIMITS.importChars },
    };
  }

  async create(principal: Principal, promptId: string, body: { versionId: string; testSetIds: string[]; vendor: string; naked: boolean }) {
    const { prompt, userId } = await editablePrompt(this.deps, principal, promptId);
    if (!VENDOR_IDS.includes(body.vendor)) throw badRequest(`vendor must be one of ${VENDOR_IDS.join(', ')}`);
    const ids = [...new Set(body.testSetIds)];
    if (!ids.length || ids.length > CHAT_TEST_LIMITS.testSetsPerRequest) throw badRequest(`testSetIds must name 1 to ${CHAT_TEST_LIMITS.testSetsPerRequest} test sets`);
    const version = await this.version(prompt, body.versionId);
    if (body.naked && version.systemPrompt) throw badRequest('naked is not allowed for a version with a system prompt (see the naked rule in the eligibility answer)');

    const sets = await PromptTestSet.query(this.deps.db)
      .where({ prompt_id: prompt.id })
      .whereIn('id', ids.filter((i) => isUuid(i)));
    const runs: { ref: string; fileName: string; markdown: string; handoffId: string; testSetId: string }[] = [];
    const errors: { testSetId: string; code: string; error: string }[] = [];
    // One handoff per test set, one after another: each is its own unit (a failure creates nothing for that set).
    for (const testSetId of ids) {
      const set = sets.find((s) => s.id === testSetId);
      if (!set) {
        errors.push({ testSetId, code: 'TEST_SET_NOT_FOUND', error: 'Test set not found on this prompt' });
        continue;
      }
      const user = renderStrict(version.userPrompt, set.values);
      const system = version.systemPrompt ? renderStrict(version.systemPrompt, set.values) : ({ ok: true, text: null } as const);
      if (!user.ok || !system.ok) {
        const missing = [...(user.ok ? [] : user.missing), ...(system.ok ? [] : system.missing)];
        errors.push({ testSetId, code: 'MISSING_VARIABLES', error: `The test set has no value for: ${[...new Set(missing)].join(', ')}` });
        continue;
      }
      try {
        const handoff = await this.deps.handoffs.create(principal, { prompt: chatPrompt(system.text, user.text) });
        const ref = newRef();
        const markdown = runMarkdown(Buffer.from(handoff.handoffFile.base64, 'base64').toString('utf8'), handoff.handoffId, ref, body.naked);
        await this.insertRun(principal, handoff.handoffId, {
          ref,
          company_id: principal.companyId,
          prompt_id: prompt.id,
          version_id: version.id,
          test_set_id: set.id,
          test_set_name: set.name,
          expected_contains: set.expectedContains,
          expected_pattern: set.expectedPattern,
          vendor: body.vendor,
          naked: body.naked,
          handoff_id: handoff.handoffId,
          created_by_user_id: userId,
        });
        runs.push({ ref, fileName: promptFileName(ref), markdown, handoffId: handoff.handoffId, testSetId: set.id });
      } catch (err) {
        // The plan and quota refusals concern the whole request; the rest belong to this test set.
        if (err instanceof ApiError && !['FEATURE_NOT_IN_PACKAGE', 'QUOTA_EXCEEDED'].includes(err.code)) {
          errors.push({ testSetId, code: err.code, error: err.message });
          continue;
        }
        if (err instanceof ApiError && err.code === 'QUOTA_EXCEEDED' && runs.length) {
          errors.push({ testSetId, code: err.code, error: err.message });
          continue;
        }
        throw err;
      }
    }
    return { runs, errors };
  }

  /** The run's row; if it cannot be written, its handoff goes too (no handoff without its run). */
  private async insertRun(principal: Principal, handoffId: string, row: Record<string, unknown>) {
    try {
      await this.deps.db('prompt_chat_test_runs').insert(row);
    } catch (err) {
      await this.deps.handoffs.delete(principal, handoffId).catch(() => undefined);
      throw err;
    }
  }

  async list(principal: Principal, promptId: string, versionId?: string) {
    const { prompt, userId } = await editablePrompt(this.deps, principal, promptId);
    let q = this.deps.db('prompt_chat_test_runs').where({ prompt_id: prompt.id, company_id: principal.companyId, created_by_user_id: userId });
    if (versionId !== undefined) q = q.where({ version_id: (await this.version(prompt, versionId)).id });
    const rows = (await q.orderBy('created_at', 'desc').orderBy('id').limit(CHAT_TEST_LIMITS.runsListed)) as RunRow[];
    return { runs: rows.map(runRecord) };
  }
}
