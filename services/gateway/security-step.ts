/**
 * The gateway's security step (issue 20, items 2 and 3), in one function so every entry point that
 * plans an execution calls the same thing: POST /api/gateway/execute (gateway.ts) and the
 * OpenAI-compatible and MCP edges once they map their wire format onto an ExecuteRequest.
 *
 *   const security = await deps.security.run({ principal, req, request, applied, executionId });
 *
 * Call it after planning (it needs the effective policy) and after the sanitization step when
 * there is one (it scans the document text the sanitizer extracted), before anything is sent. It:
 *
 * 1. resolves the mode: the effective policy's `security.mode`, else the company default (off);
 * 2. scans the caller's prompt and conversation turns (monitor and block only) and, in every mode,
 *    each document attachment's text: the caller's `content`, and the text the sanitizer extracted
 *    from `data` (the provider request's `attachment-N.md`); text attachments count as documents;
 * 3. block mode and a failed check: audits `security.blocked` and throws 403 SECURITY_BLOCKED with
 *    the failed check types (nothing has been sent); otherwise a failed check is audited as
 *    `security.flagged` and the call proceeds;
 * 4. applies a protective prompt: the request's `protectivePromptId`, else the one assigned to the
 *    API key, else the one assigned to the effective routing policy. The wrapper goes in front of
 *    `request.systemPrompt`, so the provider receives it.
 *
 * DRY_RUN (`dryRun: true`) scans and reports but never refuses or audits. What it returns goes into
 * DRY_RUN's routingPlan (securityPassed, protectivePromptApplied) and the execution record
 * (metadata.security: mode, passed, failed, findings without evidence, protective prompt).
 */
import type { CompletionRequest } from '../../domain/providers';
import type { Principal } from '../../domain/principal';
import { type SecurityInput, type SecurityMode, applyProtectivePrompt, decideSecurity, securityRecordOf } from '../../domain/security';
import { renderTemplate } from '../../domain/template';
import { ApiError } from '../../lib/errors';
import type { ProtectivePromptService, ResolvedProtectivePrompt } from '../security/protective-prompts';
import type { SecurityCheckService } from '../security/security-checks';
import type { SecuritySettingsService } from '../security/settings';
import type { ExecuteRequest } from './execute-request';
import type { AppliedPolicy } from './plan';

/** What the execution record keeps (metadata.security); evidence text is never kept. */
export interface ExecutionSecurity {
  mode: SecurityMode;
  passed: boolean;
  failed: string[];
  version: string | null;
  findings: { part: string; type: string; rule: string; start: number; end: number }[];
  protectivePrompt: { id: string | null; type: string; version: number } | null;
}

export interface SecurityOutcome {
  securityPassed: boolean;
  protectivePromptApplied: boolean;
  /** null when nothing was scanned and no protective prompt applied (mode off, no documents). */
  record: ExecutionSecurity | null;
}

export interface SecurityStepInput {
  principal: Principal;
  req: Pick<ExecuteRequest, 'prompt' | 'variables' | 'messages' | 'attachments' | 'protectivePromptId'>;
  /** The provider request; its systemPrompt gets the protective wrapper. */
  request: CompletionRequest;
  applied: AppliedPolicy | null;
  executionId: string;
  dryRun?: boolean;
  /** Audit actions: security.* for the gateway, mcp.security.* for MCP callers. */
  via?: 'gateway' | 'mcp';
}

const EXTRACTED = /^attachment-(\d+)\.md$/;

/** What run() answers when it scans nothing and applies no protective prompt; shared, never changed. */
const NOTHING_DONE: SecurityOutcome = Object.freeze({ securityPassed: true, protectivePromptApplied: false, record: null });

export class GatewaySecurity {
  constructor(
    private readonly deps: {
      checks: SecurityCheckService;
      settings: SecuritySettingsService;
      protectivePrompts: ProtectivePromptService;
    },
  ) {}

  /**
   * run()'s outcome when it is known without waiting: the mode is off (the effective policy's, else
   * the company's cached default), there are no attachments, and no protective prompt is requested
   * or assigned to the key or the policy. Then run() would scan nothing and change nothing; this
   * answers the same from the cached settings, so a company with security off pays a few map
   * lookups and no await. null: call run().
   */
  settledWithoutWork(input: SecurityStepInput): SecurityOutcome | null {
    const { req, principal, applied } = input;
    if (req.protectivePromptId || req.attachments?.length) return null;
    const runtime = this.deps.settings.peekRuntime(principal.companyId);
    if (!runtime || (applied?.policy.securityMode ?? runtime.defaultMode) !== 'off') return null;
    const keyId = principal.apiKey?.id;
    if (keyId && runtime.byKey.has(keyId)) return null;
    if (applied?.id && runtime.byPolicy.has(applied.id)) return null;
    return NOTHING_DONE;
  }

  async run(input: SecurityStepInput): Promise<SecurityOutcome> {
    const { principal, req, request, applied } = input;
    const runtime = await this.deps.settings.runtime(principal.companyId);
    const mode: SecurityMode = applied?.policy.securityMode ?? runtime.defaultMode;

    // Mode off and no attachments (the common case): nothing to build or scan.
    const scanInput = mode !== 'off' || req.attachments?.length ? securityInputOf(req, request) : null;
    const scanned = scanInput !== null && (mode !== 'off' || (scanInput.attachments?.length ?? 0) > 0);
    const decision = scanned ? decideSecurity(scanInput, { mode }) : null;
    if (decision && !decision.securityPassed && !input.dryRun) {
      await this.deps.checks.recordDecision(principal, decision, { via: input.via ?? 'gateway', executionId: input.executionId });
      if (decision.blocked) {
        throw new ApiError(403, 'SECURITY_BLOCKED', `The request failed the security checks: ${decision.failedCheckTypes.join(', ')}. Nothing was sent to a provider.`, undefined, {
          checkTypes: decision.failedCheckTypes,
          executionId: input.executionId,
        });
      }
    }

    const wrapper = await this.protectivePrompt(input, runtime);
    if (wrapper) request.systemPrompt = applyProtectivePrompt(request.systemPrompt, wrapper).systemPrompt;

    if (!decision && !wrapper) return NOTHING_DONE;
    const summary = decision ? securityRecordOf(decision) : null;
    return {
      securityPassed: decision?.securityPassed ?? true,
      protectivePromptApplied: wrapper !== null,
      record: {
        mode,
        passed: summary?.passed ?? true,
        failed: summary?.failed ?? [],
        version: summary?.version ?? null,
        findings: (summary?.findings ?? []).map(({ part, type, rule, start, end }) => ({ part, type, rule, start, end })),
        protectivePrompt: wrapper ? { id: wrapper.id, type: wrapper.type, version: wrapper.version } : null,
      },
    };
  }

  /** The request's choice, else the API key's assignment, else the effective policy's. */
  private async protectivePrompt(input: SecurityStepInput, runtime: Awaited<ReturnType<SecuritySettingsService['runtime']>>): Promise<ResolvedProtectivePrompt | null> {
    if (input.req.protectivePromptId) return this.deps.protectivePrompts.resolveForRequest(input.principal.companyId, input.req.protectivePromptId);
    const keyId = input.principal.apiKey?.id;
    if (keyId && runtime.byKey.size) {
      const byKey = runtime.byKey.get(keyId);
      if (byKey) return byKey;
    }
    const policyId = input.applied?.id;
    return (policyId && runtime.byPolicy.get(policyId)) || null;
  }
}

/**
 * What is scanned: the caller's prompt (variables substituted) and non-system turns as sent, never
 * the sanitized form (stand-in wrappers are not the caller's words); each text or document
 * attachment's `content`; and the text the sanitizer extracted from a document's `data`.
 */
export function securityInputOf(req: SecurityStepInput['req'], request: CompletionRequest): SecurityInput {
  const messages = (req.messages ?? []).flatMap((m, index) => (m.role === 'system' ? [] : [{ index, content: m.content }]));
  const attachments: NonNullable<SecurityInput['attachments']> = [];
  const raw = req.attachments ?? [];
  raw.forEach((a, index) => {
    if ((a.type === 'document' || a.type === 'text') && a.content) attachments.push({ index, fileName: a.fileName, content: a.content });
  });
  for (const a of request.attachments ?? []) {
    const n = a.type === 'text' && a.fileName ? EXTRACTED.exec(a.fileName) : null;
    const source = n ? raw[Number(n[1]) - 1] : undefined;
    if (source?.type === 'document' && source.data && a.content) attachments.push({ index: Number(n![1]) - 1, fileName: source.fileName, content: a.content });
  }
  return { prompt: renderTemplate(req.prompt, req.variables), messages, attachments };
}
