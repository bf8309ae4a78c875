import type { SegmentLocation } from '../../domain/documents/types';

/**
 * What the sanitizer service needs from the pure parts: PII detection, stand-ins and restore
 * (domain/pii) and document reading and rebuilding (domain/documents). The service is written
 * against this interface; services/sanitizer/engine-default.ts binds it to the domain modules.
 */
export interface EngineFinding {
  entityType: string;
  start: number;
  end: number;
  score: number;
  text: string;
}

export interface EngineCustomEntity {
  label: string;
  type: 'pattern' | 'examples';
  pattern?: string;
  examples?: string[];
  description?: string;
}

export interface DetectOptions {
  profiles: string[];
  language: 'en' | 'de';
  customEntities: EngineCustomEntity[];
  /** Terms always detected, whatever the profiles. */
  redlist: { term: string; entityType: string; caseSensitive: boolean }[];
  /** Findings scoring under this are dropped (domain/pii's default 0.5 when unset). */
  threshold?: number;
  /**
   * Findings made elsewhere (the entity model, services/sanitizer/entity-model.ts), already past
   * their own threshold: those of the profiles' entity types join the rule findings, and overlaps
   * are resolved by the same rule (domain/pii/overlap.ts).
   */
  extraFindings?: EngineFinding[];
}

/** One replaced occurrence: original span in the input, and the stand-in's identity. */
export interface EngineReplacement {
  entityType: string;
  start: number;
  end: number;
  original: string;
  standIn: string;
  /** The short code carried in the protected-reference wrapper. */
  code: string;
}

export interface ProtectResult {
  /** Readable: originals replaced by bare stand-ins. */
  sanitized: string;
  /** Provider transport: stand-ins inside nonce-scoped protected-reference wrappers. */
  protected: string;
  replacements: EngineReplacement[];
}

export interface RestoreOutcome {
  restored: string;
  tokensRestored: number;
  tokensFound: { variantFound: string; canonicalToken: string; matchCategory: 'exact' | 'case' | 'spacing' | 'partial' }[];
  unresolved: string[];
  safeUnrestored: string[];
  status: 'restored' | 'not_applicable' | 'safe_unrestored' | 'incomplete';
  confidence: 'high' | 'medium' | 'low';
}

/** The stand-in mapping of one session. Serialised (with originals) only into encrypted storage. */
export interface EngineVault {
  serialize(): string;
  /** Explains the wrappers to a model; never contains an original. */
  protectedContext(): string;
  /** Every mapping as {id, entity_type, value (stand-in), ref (code)}; never an original. */
  manifest(): { id: string; entity_type: string; value: string; ref: string }[];
}

export interface ExtractedText {
  text: string;
  segments: { start: number; end: number; location: SegmentLocation }[];
  /** PDF extraction counts (the spec's sanitize `extraction`). */
  extraction?: { page_count: number };
  sheetNames?: string[];
}


export interface HeaderColumn {
  column_name: string;
  column_index: number;
  suggested_entity_type: string | null;
  confidence: number | null;
}

export interface SanitizerEngine {
  profiles: readonly string[];
  newVault(language: 'en' | 'de'): EngineVault;
  loadVault(serialized: string): EngineVault;
  detect(text: string, opts: DetectOptions): EngineFinding[];
  protect(text: string, findings: EngineFinding[], vault: EngineVault): ProtectResult;
  restore(text: string, vault: EngineVault, mode: 'fuzzy' | 'strict'): RestoreOutcome;
  extract(buffer: Buffer, type: string, opts: { maxBytes: number }): Promise<ExtractedText>;
  /** Rebuilds the document with each segment's text replaced by `rewrite`'s answer. */
  rewrite(
    buffer: Buffer,
    type: string,
    opts: { maxBytes: number },
    rewrite: (segmentText: string, location: SegmentLocation, index: number) => string,
  ): Promise<{ document: Buffer; text: string }>;
  inspectHeaders(buffer: Buffer, type: 'csv' | 'xlsx', opts: { maxBytes: number }): Promise<{ columns: HeaderColumn[]; sheet_names: string[] }>;
}

/** Entity types whose findings are credentials: they raise credential_warning and an exposure entry. */
export const CREDENTIAL_TYPES = new Set(['API_KEY', 'CONNECTION_STRING', 'PASSWORD']);
