/**
 * What the gateway does with the scanner's results, as a pure function (issue 20, "In the gateway"):
 *
 * - mode `off`: the prompt is not scanned;
 * - mode `monitor`: the prompt is scanned, findings are recorded and audited, the call proceeds;
 * - mode `block`: the prompt is scanned and a failed check refuses the call (403 SECURITY_BLOCKED
 *   with the failed check types; nothing is sent to a provider).
 * - Document attachments' content is scanned in every mode (as `document`); a finding there is
 *   recorded in every mode and refuses the call in block mode.
 * - Tool results fed back to a model (agents, MCP chains) are scanned like attachments (as `tool`).
 *
 * `securityPassed` (DRY_RUN's routingPlan.securityPassed) is true when nothing scanned failed.
 *
 * Documents and tool results are checked for what the spec scans them for (instructions aimed at
 * the model: injection, jailbreak, data_extraction), not suspicious_words or size_analysis: a long
 * or repetitive document, or a security manual's vocabulary, is no attack, and refusing it in block
 * mode would refuse ordinary files. Skipping the two also makes a large document cheaper to scan.
 */
import { scanText } from './scan';
import { type SecurityMode, SECURITY_MODES, isSecurityMode } from './modes';
import { type CheckType, CHECK_TYPES, type ScanResult, type ScanSource } from './types';

export { SECURITY_MODES, type SecurityMode, isSecurityMode };

export interface SecurityInput {
  prompt: string;
  /** The caller's conversation turns (user and assistant; system turns are the operator's), scanned like the prompt. */
  messages?: { index: number; content: string }[];
  /** Extracted text of document attachments (the caller's `content`), by position in the request. */
  attachments?: { index: number; fileName?: string; content: string }[];
  /** Tool or web results going back to a model. */
  toolResults?: { name: string; content: string }[];
}

export interface ScannedPart {
  /** `prompt`, `message:<index>`, `attachment:<index>` or `tool:<name>`. */
  part: string;
  source: ScanSource;
  result: ScanResult;
}

export interface SecurityDecision {
  mode: SecurityMode;
  /** Nothing scanned failed (DRY_RUN routingPlan.securityPassed). */
  securityPassed: boolean;
  /** Block mode and something failed: answer 403 SECURITY_BLOCKED and send nothing. */
  blocked: boolean;
  /** Failed check types over all parts, in CHECK_TYPES order (the 403 body's checkTypes). */
  failedCheckTypes: CheckType[];
  parts: ScannedPart[];
}

/** What document attachments and tool results are checked for (see above). */
export const DATA_CHECK_TYPES: readonly CheckType[] = ['injection', 'jailbreak', 'data_extraction'];

export function decideSecurity(input: SecurityInput, opts: { mode: SecurityMode; checkTypes?: readonly CheckType[] }): SecurityDecision {
  const parts: ScannedPart[] = [];
  const dataCheckTypes = opts.checkTypes ? opts.checkTypes.filter((c) => DATA_CHECK_TYPES.includes(c)) : DATA_CHECK_TYPES;
  const scan = (part: string, text: string, source: ScanSource) => {
    const checkTypes = source === 'prompt' ? opts.checkTypes : dataCheckTypes;
    if (text && (!checkTypes || checkTypes.length)) parts.push({ part, source, result: scanText(text, { source, checkTypes }) });
  };
  if (opts.mode !== 'off') {
    scan('prompt', input.prompt, 'prompt');
    for (const m of input.messages ?? []) scan(`message:${m.index}`, m.content, 'prompt');
  }
  for (const a of input.attachments ?? []) scan(`attachment:${a.index}`, a.content, 'document');
  for (const t of input.toolResults ?? []) scan(`tool:${t.name}`, t.content, 'tool');
  const failed = new Set(parts.flatMap((p) => p.result.failed));
  const failedCheckTypes = CHECK_TYPES.filter((c) => failed.has(c));
  const securityPassed = failedCheckTypes.length === 0;
  return { mode: opts.mode, securityPassed, blocked: opts.mode === 'block' && !securityPassed, failedCheckTypes, parts };
}

/** The 403 body for a blocked call. Evidence is left out: it would echo the attack to the caller. */
export function securityBlockedBody(d: SecurityDecision): { error: { code: 'SECURITY_BLOCKED'; message: string; checkTypes: CheckType[] } } {
  return { error: { code: 'SECURITY_BLOCKED', message: `The request failed the security checks: ${d.failedCheckTypes.join(', ')}.`, checkTypes: d.failedCheckTypes } };
}

export interface SecurityRecord {
  mode: SecurityMode;
  passed: boolean;
  failed: CheckType[];
  version: string | null;
  findings: { part: string; type: CheckType; rule: string; start: number; end: number; evidence: string; weight: number }[];
}

/** A compact summary for the execution record and audit entries (findings of failed checks only, at most 20). */
export function securityRecordOf(d: SecurityDecision): SecurityRecord {
  const findings: SecurityRecord['findings'] = [];
  for (const p of d.parts) {
    for (const c of p.result.checks) {
      if (c.passed) continue;
      for (const f of c.findings) if (findings.length < 20) findings.push({ part: p.part, type: c.type, ...f });
    }
  }
  return { mode: d.mode, passed: d.securityPassed, failed: d.failedCheckTypes, version: d.parts[0]?.result.version ?? null, findings };
}
