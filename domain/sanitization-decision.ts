/**
 * Whether the gateway sanitizes an execution (spec document 1, gateway rules 1 and 2). Pure.
 *
 * - sanitization.enabled without the PII_SANITIZATION package feature: 403 SANITIZATION_FEATURE_UNAVAILABLE.
 * - The effective routing policy's sanitization.mode decides:
 *   disabled   never sanitize (a request asking for it is answered unsanitized, metadata says why);
 *   automatic  every execution is sanitized (without the feature: 403, fail closed: the company
 *              said its data must be protected);
 *   manual     only when the request sets enabled and its trigger (default "api") is one of the
 *              policy's allowedTriggers; a trigger outside them is a routing-policy violation: 403
 *              SANITIZATION_TRIGGER_NOT_ALLOWED (the caller asked for protection; sending the data
 *              unprotected instead is never the answer).
 *   no policy  the request decides (enabled); reported as mode manual.
 * - Rule 2: once the package includes the feature, document attachments are masked by default:
 *   an execution carrying one is sanitized unless acknowledgeUnprotectedDocument is set or the
 *   policy disables sanitization.
 * Profiles: the request's, else the policy's sensitivityProfiles, else personal_information.
 */
export type SanitizationMode = 'disabled' | 'automatic' | 'manual';
export type SanitizationTrigger = 'prompt' | 'api' | 'user_action';

export interface PolicySanitization {
  mode: SanitizationMode;
  allowedTriggers: SanitizationTrigger[];
  sensitivityProfiles: string[];
}

export interface SanitizationInput {
  requested: { enabled?: boolean; trigger?: SanitizationTrigger; profiles?: string[] } | undefined;
  policy: PolicySanitization | null;
  hasFeature: boolean;
  hasDocuments: boolean;
  acknowledgeUnprotectedDocument: boolean;
}

export type SanitizationDecision =
  | { kind: 'refuse'; status: 403; code: string; message: string }
  | { kind: 'skip'; mode: SanitizationMode | null; reason: string; report: boolean }
  | { kind: 'apply'; mode: SanitizationMode; trigger: SanitizationTrigger; reason: string; profiles: string[] };

export const DEFAULT_SANITIZATION_PROFILES = ['personal_information'];
const TRIGGERS: SanitizationTrigger[] = ['prompt', 'api', 'user_action'];
const MODES: SanitizationMode[] = ['disabled', 'automatic', 'manual'];

export function decideSanitization(input: SanitizationInput): SanitizationDecision {
  const { requested, policy, hasFeature } = input;
  const enabled = requested?.enabled === true;
  const trigger = requested?.trigger ?? 'api';
  const profiles = requested?.profiles?.length ? requested.profiles : policy?.sensitivityProfiles.length ? policy.sensitivityProfiles : DEFAULT_SANITIZATION_PROFILES;
  const featureMissing = {
    kind: 'refuse' as const,
    status: 403 as const,
    code: 'SANITIZATION_FEATURE_UNAVAILABLE',
    message: "PII sanitization is not included in your company's package",
  };

  if (enabled && !hasFeature) return featureMissing;
  if (policy?.mode === 'disabled') {
    return { kind: 'skip', mode: 'disabled', reason: 'the routing policy disables sanitization', report: hasFeature };
  }
  if (policy?.mode === 'automatic') {
    if (!hasFeature) return featureMissing;
    return { kind: 'apply', mode: 'automatic', trigger, reason: 'the routing policy sanitizes every execution', profiles };
  }
  const mode: SanitizationMode = 'manual';
  if (enabled) {
    if (policy && !policy.allowedTriggers.includes(trigger)) {
      return {
        kind: 'refuse',
        status: 403,
        code: 'SANITIZATION_TRIGGER_NOT_ALLOWED',
        message: `The routing policy allows sanitization triggers ${policy.allowedTriggers.join(', ') || '(none)'}; this request's trigger is ${trigger}`,
      };
    }
    const reason = policy ? `requested with trigger ${trigger}, which the routing policy allows` : 'requested by the caller';
    return { kind: 'apply', mode, trigger, reason, profiles };
  }
  if (hasFeature && input.hasDocuments && !input.acknowledgeUnprotectedDocument) {
    return {
      kind: 'apply',
      mode,
      trigger: 'api',
      reason: 'document attachments are converted to text and masked unless acknowledgeUnprotectedDocument is set',
      profiles,
    };
  }
  return { kind: 'skip', mode: policy ? mode : null, reason: 'not requested', report: hasFeature };
}

/**
 * The sanitization block of a policyJson (inline `policy` today; the saved effective policy when
 * routing provides one). Unknown values are ignored rather than guessed: a policy without a valid
 * mode counts as no sanitization policy.
 */
export function policySanitizationOf(policyJson: unknown): PolicySanitization | null {
  if (!policyJson || typeof policyJson !== 'object') return null;
  const s = (policyJson as { sanitization?: unknown }).sanitization;
  if (!s || typeof s !== 'object') return null;
  const { mode, allowedTriggers, sensitivityProfiles } = s as Record<string, unknown>;
  if (typeof mode !== 'string' || !MODES.includes(mode as SanitizationMode)) return null;
  return {
    mode: mode as SanitizationMode,
    allowedTriggers: Array.isArray(allowedTriggers) ? (allowedTriggers.filter((t) => TRIGGERS.includes(t)) as SanitizationTrigger[]) : [],
    sensitivityProfiles: Array.isArray(sensitivityProfiles) ? sensitivityProfiles.filter((p): p is string => typeof p === 'string') : [],
  };
}
