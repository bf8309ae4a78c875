/**
 * PII detection, stand-ins and restore: the pure API the sanitizer service and the gateway use.
 *
 *   const findings = detect(text, { language: 'de', profiles: ['personal_information'] });
 *   const vault = new StandInVault({ language: 'de' });          // one per session; toJSON() to store
 *   const { sanitized, protected: forModel } = sanitizeText(text, findings, vault);
 *   const { restored } = restoreText(answer, vault, { mode: 'strict' });
 */
export { DEFAULT_THRESHOLD, type DetectOptions, detect } from './detect';
export {
  type BuiltInEntityType,
  type CustomEntity,
  DEFAULT_PROFILES,
  detectionSummary,
  ENTITY_TYPES,
  type EntityType,
  entityTypesOf,
  type Finding,
  isBuiltInEntityType,
  isProfileName,
  LANGUAGES,
  type Language,
  PROFILE_NAMES,
  PROFILES,
  type ProfileName,
  profileOf,
  REDLIST_ENTITY_TYPE,
} from './entity-types';
export { compareForOverlap, resolveOverlaps } from './overlap';
export { compileCustomEntity, InvalidCustomEntityError } from './recognizers/custom';
export {
  type Confidence,
  type MatchCategory,
  type RestorationStatus,
  type RestoreMode,
  type RestoreResult,
  restoreText,
  type TokenFound,
} from './restore';
export { type Replacement, type SanitizeResult, sanitizeText } from './sanitize';
export { codePrefix, type StandInEntry, StandInVault, type StandInVaultJSON } from './stand-ins';
export * as validators from './validators';
export { LOOSE_WRAPPER_RE, STRICT_WRAPPER_RE, WRAPPER_EXAMPLE, wrap } from './wrappers';
