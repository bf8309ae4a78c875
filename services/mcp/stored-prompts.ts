import type { Db } from '../../db/connection';
import type { Prompt } from '../../db/models/prompt';
import { PromptVersion } from '../../db/models/prompt-version';
import type { Principal } from '../../domain/principal';
import { canSeePrompt, type PromptViewer } from '../../domain/prompts/visibility';
import { ApiError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { PromptAccess } from '../prompts/access';
import type { PromptService } from '../prompts/prompts';

/**
 * Whether a gateway key may run a stored prompt through the agent-tool endpoint, and the spec's
 * reason when it may not (spec document 1: "A refused stored-prompt call returns isError true and
 * nothing is sent to a provider"). execute_stored_prompt, custom tools, chain steps and tools/list
 * all ask here, so the list omits exactly what a call would refuse.
 *
 * The reasons, in the order checked:
 * - not_found: missing, another company's, or not visible to the key's owner ("Stored prompt not found")
 * - encrypted: a zero-knowledge prompt (zk_prompts, spec document 2): the server cannot read it, so
 *   only a signed-in member's client, which decrypts it, can run it
 * - deactivated: the prompt is switched off
 * - home_company: the key's company is not its owner's home company
 * - no_version: no production version, or the versionId asked for is not one of the prompt's
 *
 * Encrypted prompts live apart from the library (services/zero-knowledge), so a custom or chain
 * tool can never name one: tools/list has none to omit.
 */
export type Refusal = 'not_found' | 'encrypted' | 'deactivated' | 'home_company' | 'no_version';

export type RunCheck = { ok: true; prompt: Prompt; version: PromptVersion } | { ok: false; reason: Refusal; message: string };

export const NOT_FOUND_MESSAGE = 'Stored prompt not found';
export const HOME_COMPANY_MESSAGE = "Only members whose home company owns this prompt can execute it; this key's owner belongs to another home company";

export class McpStoredPrompts {
  constructor(private readonly deps: { db: Db; access: PromptAccess; prompts: PromptService }) {}

  viewerOf(principal: Principal): Promise<PromptViewer> {
    return this.deps.access.viewerOf(principal);
  }

  /** True when the key's owner has the key's company as home company (a key without an owner has none). */
  async homeCompanyOwns(principal: Principal): Promise<boolean> {
    if (!principal.userId) return false;
    const user = await this.deps.db('users').where({ id: principal.userId }).first('home_company_id');
    return user?.home_company_id === principal.companyId;
  }

  /** The checks of one prompt (by public promptId or database id) and the version to run. */
  async check(principal: Principal, viewer: PromptViewer, ref: string, versionRef: string | undefined, homeOk: boolean): Promise<RunCheck> {
    const prompt = await this.deps.access.findInCompany(principal.companyId, ref);
    if (!prompt && (await this.isEncrypted(principal.companyId, ref))) {
      return { ok: false, reason: 'encrypted', message: `Stored prompt ${ref} is encrypted: it is executable only from a signed-in session, whose client decrypts it` };
    }
    return this.checkPrompt(prompt, viewer, versionRef, homeOk);
  }

  /** A zero-knowledge prompt of the company by public promptId or id. */
  private async isEncrypted(companyId: string, ref: string): Promise<boolean> {
    const q = this.deps.db('zk_prompts').where({ company_id: companyId });
    q.where(isUuid(ref) ? { id: ref } : { prompt_id: ref });
    return Boolean(await q.first('id'));
  }

  async checkPrompt(prompt: Prompt | undefined, viewer: PromptViewer, versionRef: string | undefined, homeOk: boolean): Promise<RunCheck> {
    const pre = this.precheck(prompt, viewer, homeOk);
    if (pre) return pre;
    const p = prompt!;
    if (versionRef === undefined && !p.productionVersionId) {
      return { ok: false, reason: 'no_version', message: `Stored prompt ${p.promptId} has no production version` };
    }
    try {
      const version = await this.deps.prompts.resolveVersion(p, versionRef ?? 'production');
      return { ok: true, prompt: p, version };
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        return { ok: false, reason: 'no_version', message: `Version ${versionRef} not found for stored prompt ${p.promptId}` };
      }
      throw err;
    }
  }

  /** The checks that need no version lookup (tools/list runs them over many prompts at once). */
  precheck(prompt: Prompt | undefined, viewer: PromptViewer, homeOk: boolean): Exclude<RunCheck, { ok: true }> | null {
    if (!prompt || !canSeePrompt(prompt, viewer)) return { ok: false, reason: 'not_found', message: NOT_FOUND_MESSAGE };
    if (!prompt.isActive) return { ok: false, reason: 'deactivated', message: `Stored prompt ${prompt.promptId} is deactivated` };
    if (!homeOk) return { ok: false, reason: 'home_company', message: HOME_COMPANY_MESSAGE };
    if (!prompt.productionVersionId) return { ok: false, reason: 'no_version', message: `Stored prompt ${prompt.promptId} has no production version` };
    return null;
  }

  /** Production versions by id, for input schemas (variables) of listed tools. */
  async versions(ids: string[]): Promise<Map<string, PromptVersion>> {
    if (!ids.length) return new Map();
    const rows = await PromptVersion.query(this.deps.db).whereIn('id', ids);
    return new Map(rows.map((v) => [v.id, v]));
  }
}
