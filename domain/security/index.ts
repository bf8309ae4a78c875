/**
 * Security checks: prompt injection, jailbreak, data extraction, suspicious words and size
 * analysis, English and German, for prompts, document attachments and tool results.
 *
 *   const result = scanText(text, { source: 'document', checkTypes: ['injection'] });
 *   result.passed; result.failed; result.checks[0].findings   // [{rule, start, end, evidence, weight}]
 *
 * Protective prompts: applyProtectivePrompt(systemPrompt, "STANDARD_INJECTION_GUARD") and fenceUntrusted().
 */
export { checkDataExtraction, checkInjection, checkJailbreak, checkSizeAnalysis, checkSuspiciousWords, SCANNER_VERSION, scanText } from './scan';
export { CHECK_TYPES, type CheckResult, type CheckType, FAIL_SCORE, isCheckType, type ScanOptions, type ScanResult, type ScanSource, type SecurityFinding } from './types';
export {
  type AppliedProtectivePrompt,
  applyProtectivePrompt,
  BUILT_IN_PROTECTIVE_PROMPTS,
  fenceUntrusted,
  isProtectivePromptType,
  PROTECTIVE_PROMPT_TYPES,
  type ProtectivePrompt,
  type ProtectivePromptType,
} from './protective-prompts';
export {
  decideSecurity,
  isSecurityMode,
  type ScannedPart,
  SECURITY_MODES,
  type SecurityDecision,
  type SecurityInput,
  type SecurityMode,
  type SecurityRecord,
  securityBlockedBody,
  securityRecordOf,
} from './decision';
