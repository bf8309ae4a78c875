/**
 * Shapes of the security scanner's API: five check types (the ones the MCP tool check_security
 * names), per-check results with findings located in the scanned text, and one overall verdict.
 */

export const CHECK_TYPES = ['injection', 'jailbreak', 'data_extraction', 'suspicious_words', 'size_analysis'] as const;
export type CheckType = (typeof CHECK_TYPES)[number];

export const isCheckType = (v: unknown): v is CheckType => typeof v === 'string' && (CHECK_TYPES as readonly string[]).includes(v);

/**
 * Where the text comes from. `prompt` is what a person or agent asks; `document` is an attachment's
 * extracted text; `tool` is a tool or web result fed back to a model. Instructions addressed to a
 * model weigh more in documents and tool results, where nobody should be giving the model orders.
 */
export type ScanSource = 'prompt' | 'document' | 'tool';

export interface SecurityFinding {
  /** Rule id, e.g. `override_prior_instructions`, `classifier`, `tag_characters`. */
  rule: string;
  /** UTF-16 offsets into the scanned text, end exclusive (for decoded text: the encoded span). */
  start: number;
  end: number;
  /** The matched text (at most 120 characters); for decoded text, `base64: <decoded words>`. */
  evidence: string;
  /** 0-1: how much this finding alone says the check should fail. */
  weight: number;
}

export interface CheckResult {
  type: CheckType;
  passed: boolean;
  /** 0-1; the check fails at `FAIL_SCORE` and above. */
  score: number;
  findings: SecurityFinding[];
}

export interface ScanResult {
  passed: boolean;
  verdict: 'pass' | 'fail';
  /** Highest check score. */
  score: number;
  /** Check types that failed, in CHECK_TYPES order. */
  failed: CheckType[];
  checks: CheckResult[];
  /** Hidden text the normaliser found and scanned again. */
  decoded: { kind: DecodedKind; start: number; end: number }[];
  /** Scanner and classifier version, for the execution record. */
  version: string;
}

export type DecodedKind = 'base64' | 'hex' | 'percent' | 'rot13' | 'spaced' | 'tag_characters';

export interface ScanOptions {
  /** Default: all five. */
  checkTypes?: readonly CheckType[];
  /** Default `prompt`. */
  source?: ScanSource;
  /** size_analysis: texts longer than this many characters fail (default 200,000). */
  maxChars?: number;
}

/** A check fails when its score reaches this. */
export const FAIL_SCORE = 0.5;
