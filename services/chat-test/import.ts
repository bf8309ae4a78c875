import type { Knex } from 'knex';
import type { Principal } from '../../domain/principal';
import { evaluateExpectations } from '../../domain/prompts/expectations';
import type { SecretBox } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { type ChatTestDeps, type RunRow, editablePrompt } from './runs';
import { CHAT_TEST_LIMITS, answerBody, findRef, lineFacts } from './files';

/**
 * Importing an assistant's answer onto the version (test in chat, spec document 2).
 *
 * The run is picked by the run-<ref> in fileName, else in the text, else runId (422 RUN_REF_MISSING
 * when none has one); only its creator finds it (404 RUN_NOT_FOUND for anyone else, admins
 * included). Its handoff must still be alive (410 HANDOFF_GONE: the stand-ins can no longer be
 * restored). The answer is restored through the handoff restore (Shield quota, handoff extension),
 * checked against the expectations copied onto the run, and, unless the assistant withheld it,
 * stored sealed as a response of the version; the run moves open -> IMPORTED exactly once
 * (a conditional update, so two concurrent imports store one answer and the other gets 409).
 */
export interface ImportBody {
  text: string;
  fileName?: string;
  runId?: string;
  rating?: number;
}

const runNotFound = () => ApiError.notFound('Run not found', 'RUN_NOT_FOUND');
const alreadyImported = () => ApiError.conflict('An answer was already imported for this run', 'RUN_ALREADY_IMPORTED');

export class ChatTestImport {
  constructor(private readonly deps: ChatTestDeps & { box: SecretBox; maxResponsesPerCompany: number }) {}

  /**
   * The company's storage rules for responses: settings.defaultResponseRetentionDays (the onboarding
   * field of spec document 3) 0 turns storage off (409 RESPONSE_STORAGE_DISABLED), a positive value
   * sets the response's expiry; at most maxResponsesPerCompany stored (409 STORAGE_LIMIT_REACHED).
   * Checked under a lock on the company row, so concurrent imports cannot pass the limit together.
   */
  private async storageRules(trx: Knex.Transaction, companyId: string): Promise<{ expiresAt: Date | null }> {
    const company = (await trx('companies').where({ id: companyId }).forUpdate().first('settings')) as { settings: Record<string, unknown> | null } | undefined;
    const days = company?.settings?.defaultResponseRetentionDays;
    if (days === 0) throw ApiError.conflict('Your company does not store responses', 'RESPONSE_STORAGE_DISABLED');
    const [{ n }] = (await trx('prompt_version_responses').where({ company_id: companyId }).count('* as n')) as [{ n: string }];
    if (Number(n) >= this.deps.maxResponsesPerCompany) {
      throw ApiError.conflict(`Your company has reached its limit of ${this.deps.maxResponsesPerCompany} stored responses`, 'STORAGE_LIMIT_REACHED');
    }
    return { expiresAt: typeof days === 'number' && days > 0 ? new Date(Date.now() + days * 86_400_000) : null };
  }

  async import(principal: Principal, promptId: string, body: ImportBody) {
    const { prompt, userId } = await editablePrompt(this.deps, principal, promptId);
    if (body.text.length > CHAT_TEST_LIMITS.importChars) {
      throw new ApiError(413, 'TOO_LARGE', `The text is longer than ${CHAT_TEST_LIMITS.importChars} characters`, { reason: 'text' });
    }
    const ref = findRef(body.fileName) ?? findRef(body.text) ?? findRef(body.runId);
    if (!ref) throw new ApiError(422, 'RUN_REF_MISSING', 'Neither fileName, the text nor runId names a run (run-<ref>)');
    const { db } = this.deps;
    const run = (await db('prompt_chat_test_runs').where({ ref, company_id: principal.companyId, prompt_id: prompt.id, created_by_user_id: userId }).first()) as
      | RunRow
      | undefined;
    if (!run) throw runNotFound();
    if (run.status === 'IMPORTED') throw alreadyImported();
    const handoff = await db('shield_handoffs')
      .where({ id: run.handoff_id, company_id: principal.companyId, user_id: userId })
      .where((q) => q.whereNull('expires_at').orWhere('expires_at', '>', new Date()))
      .first('id');
    if (!handoff) throw new ApiError(410, 'HANDOFF_GONE', "The run's handoff has expired or was deleted; its stand-ins can no longer be restored");

    const restored = await this.deps.handoffs.restore(principal, { text: body.text });
    const verdict = { ...restored.verdict, ...lineFacts(restored.text) };
    const checks = evaluateExpectations(answerBody(restored.text), { expectedContains: run.expected_contains, expectedPattern: run.expected_pattern });
    const restoredOut = {
      text: restored.text,
      highlights: restored.highlights,
      replaced: restored.replaced,
      expiredOrDeleted: restored.expiredOrDeleted,
      unrecognised: restored.unrecognised,
    };
    const runOut = (status: RunRow['status']) => ({ ref: run.ref, versionId: run.version_id, testSetId: run.test_set_id, vendor: run.vendor, status });

    // A withheld answer is no answer: nothing is stored and the run stays open for another try.
    if (verdict.status === 'withheld') return { imported: false, run: runOut('open'), verdict, checks, responseId: null, restored: restoredOut };

    const responseId = await db.transaction(async (trx) => {
      const { expiresAt } = await this.storageRules(trx, principal.companyId);
      const [moved] = (await trx('prompt_chat_test_runs')
        .where({ id: run.id, status: 'open' })
        .update({ status: 'IMPORTED', imported_at: trx.fn.now(), rating: body.rating ?? null, checks: JSON.stringify(checks), verdict: JSON.stringify(verdict) })
        .returning('id')) as { id: string }[];
      if (!moved) throw alreadyImported();
      const [response] = (await trx('prompt_version_responses')
        .insert({
          company_id: principal.companyId,
          prompt_id: run.prompt_id,
          version_id: run.version_id,
          chat_test_run_id: run.id,
          source: 'chat-test',
          vendor: run.vendor,
          content_encrypted: this.deps.box.encrypt(restored.text),
          content_chars: restored.text.length,
          rating: body.rating ?? null,
          checks: JSON.stringify(checks),
          created_by_user_id: userId,
          expires_at: expiresAt,
        })
        .returning('id')) as { id: string }[];
      await trx('prompt_chat_test_runs').where({ id: run.id }).update({ response_id: response!.id });
      return response!.id;
    });
    return { imported: true, run: runOut('IMPORTED'), verdict, checks, responseId, restored: restoredOut };
  }
}
