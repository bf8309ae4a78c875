import { ApiError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { SanitizerConfig } from '../../lib/sanitizer-config';
import { CREDENTIAL_TYPES, type EngineFinding, type EngineVault, type ExtractedText, type SanitizerEngine } from './engine';
import { namedColumnType } from '../../domain/documents/csv';
import type { SegmentLocation } from '../../domain/documents/types';
import { entityTypesOf } from '../../domain/pii/entity-types';
import { SANITIZE_DOCUMENT_TYPES, type SanitizeRequest } from './requests';
import type { CredentialExposureService } from './credential-exposures';
import type { EntityModel } from './entity-model';
import type { RedlistService } from './redlist';
import { type DetectionSummary, type SessionDocuments, type SessionStore, sessionNotFound } from './sessions';

/**
 * The sanitizer's use cases: sanitize (and detect_only), inspect-headers, session get, restore,
 * desanitize and purge. Detection, stand-ins and documents come from the engine (domain code);
 * this class validates what the spec makes a 400, keeps sessions and writes exposures.
 */
type DocType = (typeof SANITIZE_DOCUMENT_TYPES)[number];

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decodes strict base64 (standard alphabet, whitespace ignored); 400 otherwise, as the spec says. */
export function decodeBase64(value: string, field = 'document'): Buffer {
  const compact = value.replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1) {
    throw ApiError.badRequest(`${field} is not valid base64`, undefined, 'INVALID_BASE64');
  }
  return Buffer.from(compact, 'base64');
}

export class SanitizerService {
  constructor(
    private readonly deps: {
      config: SanitizerConfig;
      engine: SanitizerEngine;
      sessions: SessionStore;
      exposures: CredentialExposureService;
      redlist: RedlistService;
      logger: Logger;
      /** The entity-model switch; null or absent when ENTITY_MODEL_ENABLED is off. */
      entityModel?: EntityModel | null;
    },
  ) {}

  /** The entity model's findings in `text` (none when the switch is off), for engine.detect's extraFindings. */
  async modelFindings(text: string): Promise<EngineFinding[]> {
    return this.deps.entityModel ? this.deps.entityModel.find(text) : [];
  }

  async sanitize(req: SanitizeRequest) {
    const { engine, config } = this.deps;
    const type = documentType(req.document_type);
    const buffer = decodeBase64(req.document);
    if (buffer.length === 0) throw ApiError.badRequest('document is empty', undefined, 'EMPTY_DOCUMENT');
    const unknown = req.profiles.filter((p) => !engine.profiles.includes(p));
    if (unknown.length) {
      throw ApiError.badRequest(`Unknown profiles: ${unknown.join(', ')}; expected ${engine.profiles.join(', ')}`, undefined, 'INVALID_PROFILE');
    }
    if (!config.SUPPORTED_LANGUAGES.includes(req.options.language)) {
      throw ApiError.badRequest(`language ${req.options.language} is not enabled (SUPPORTED_LANGUAGES=${config.SUPPORTED_LANGUAGES.join(',')})`, undefined, 'UNSUPPORTED_LANGUAGE');
    }
    for (const e of req.custom_entities) {
      if (e.type !== 'pattern') continue;
      try {
        new RegExp(e.pattern!, 'u');
      } catch {
        throw ApiError.badRequest(`custom entity ${e.label}: pattern is not a valid regular expression`, undefined, 'INVALID_PATTERN');
      }
    }

    const opts = { maxBytes: config.SANITIZER_MAX_DOCUMENT_BYTES };
    const extracted = await engine.extract(buffer, type, opts);
    const redlist = (await this.deps.redlist.terms()).map((r) => ({ term: r.term, entityType: r.entity_type, caseSensitive: r.case_sensitive }));
    const detected = engine.detect(extracted.text, {
      profiles: req.profiles,
      language: req.options.language,
      customEntities: req.custom_entities,
      redlist,
      extraFindings: await this.modelFindings(extracted.text),
    });
    const columnFindings = isSpreadsheet(type)
      ? await this.columnFindings(buffer, type, extracted, req.options.column_rules, req.options.spreadsheet_strategy, opts, req.profiles)
      : [];
    const findings = mergeFindings(columnFindings, detected);
    const summary = summarise(findings);
    const credentials = findings.filter((f) => CREDENTIAL_TYPES.has(f.entityType));
    const credentialWarning = credentials.length ? credentialWarningOf(credentials) : null;
    const extraction = type === 'pdf' ? (extracted.extraction ?? null) : null;

    if (req.options.mode === 'detect_only') {
      return {
        session_token: null,
        expires_at: null,
        sanitized_document: null,
        protected_document: null,
        protected_context: null,
        protection_manifest: [],
        detection_summary: summary,
        diff_preview: [],
        credential_warning: credentialWarning,
        extraction,
        findings: findings.map((f) => ({ entity_type: f.entityType, start: f.start, end: f.end, score: round(f.score), text: f.text })),
      };
    }

    // One vault per session: a continued session (Gatehouse extension) keeps its stand-ins and nonce.
    const continued = req.options.session_token ? await this.deps.sessions.load(req.options.session_token) : null;
    if (continued && continued.status !== 'active') throw sessionNotFound();
    const vault = continued ? engine.loadVault(continued.vault) : engine.newVault(req.options.language);

    const whole = engine.protect(extracted.text, findings, vault);
    const sanitizedDocument = await this.sanitizedDocument(buffer, type, extracted, findings, vault, whole.sanitized, opts);
    const occurrences = new Map<string, number>();
    for (const r of whole.replacements) occurrences.set(r.code, (occurrences.get(r.code) ?? 0) + 1);
    const manifest = vault.manifest().map((m) => ({ ...m, occurrences: occurrences.get(m.id) ?? 0 }));
    const documents: SessionDocuments = {
      sanitized_document: sanitizedDocument.toString('base64'),
      protected_document: Buffer.from(whole.protected, 'utf8').toString('base64'),
      protected_context: vault.protectedContext(),
      protection_manifest: manifest,
    };

    let token: string;
    let expiresAt: Date;
    let sessionSummary = summary;
    if (continued) {
      sessionSummary = addSummaries(continued.detectionSummary, summary);
      await this.deps.sessions.update(continued.token, { vault: vault.serialize(), documents, detectionSummary: sessionSummary });
      token = continued.token;
      expiresAt = continued.expiresAt;
    } else {
      ({ token, expiresAt } = await this.deps.sessions.create({
        documentType: type,
        profiles: req.profiles,
        detectionSummary: summary,
        vault: vault.serialize(),
        documents,
        ttlSeconds: req.options.ttl_seconds ?? config.TOKEN_TTL_SECONDS,
      }));
    }
    if (credentials.length) {
      await this.deps.exposures.recordMany(
        credentials.map((c) => ({ credential_type: c.entityType, session_token: token, value: c.text, source: 'sanitize' })),
      );
    }

    return {
      session_token: token,
      expires_at: expiresAt.toISOString(),
      ...documents,
      detection_summary: summary,
      diff_preview: diffPreview(extracted, whole.sanitized, req.options.preview_rows),
      credential_warning: credentialWarning,
      extraction,
    };
  }

  async inspectHeaders(req: { document: string; document_type: string }) {
    if (req.document_type !== 'csv' && req.document_type !== 'xlsx') {
      throw ApiError.badRequest('document_type must be csv or xlsx', undefined, 'INVALID_DOCUMENT_TYPE');
    }
    const buffer = decodeBase64(req.document);
    if (buffer.length === 0) throw ApiError.badRequest('document is empty', undefined, 'EMPTY_DOCUMENT');
    return this.deps.engine.inspectHeaders(buffer, req.document_type, { maxBytes: this.deps.config.SANITIZER_MAX_DOCUMENT_BYTES });
  }

  async getSession(token: string) {
    const s = await this.deps.sessions.load(token);
    return {
      session_token: s.token,
      status: s.status,
      ...s.documents,
      document_type: s.documentType,
      detection_summary: s.detectionSummary,
      profiles_applied: s.profiles,
      created_at: s.createdAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      ttl_remaining_seconds: Math.max(0, Math.floor((s.expiresAt.getTime() - Date.now()) / 1000)),
    };
  }

  async restore(token: string, req: { content: string; content_type: 'text' | 'base64'; delete_after: boolean; restoration_mode: 'fuzzy' | 'strict' }) {
    const session = await this.deps.sessions.load(token);
    const text = req.content_type === 'base64' ? decodeBase64(req.content, 'content').toString('utf8') : req.content;
    const out = this.deps.engine.restore(text, this.deps.engine.loadVault(session.vault), req.restoration_mode);
    await this.afterRestore(token, req.delete_after);
    return {
      session_token: token,
      restored_content: req.content_type === 'base64' ? Buffer.from(out.restored, 'utf8').toString('base64') : out.restored,
      tokens_restored: out.tokensRestored,
      tokens_found: out.tokensFound.map((t) => ({ variant_found: t.variantFound, canonical_token: t.canonicalToken, match_category: t.matchCategory })),
      unresolved_tokens: out.unresolved,
      safe_unrestored: out.safeUnrestored,
      restoration_status: out.status,
      confidence: out.confidence,
    };
  }

  /** The older restore shape: fuzzy matching, fewer fields. */
  async desanitize(req: { content: string; session_token: string; delete_after: boolean }) {
    const session = await this.deps.sessions.load(req.session_token);
    const out = this.deps.engine.restore(req.content, this.deps.engine.loadVault(session.vault), 'fuzzy');
    await this.afterRestore(req.session_token, req.delete_after);
    return { restored_content: out.restored, tokens_restored: out.tokensRestored, unresolved_tokens: out.unresolved };
  }

  async purge(token: string) {
    if (!(await this.deps.sessions.purge(token))) throw sessionNotFound();
    return {
      session_token: token,
      purged: true as const,
      message: 'Session purged: the encrypted mapping, the encrypted sanitized document and the session key were destroyed',
    };
  }

  private async afterRestore(token: string, deleteAfter: boolean) {
    if (deleteAfter) await this.deps.sessions.purge(token);
    else await this.deps.sessions.markRestored(token);
  }

  /**
   * The document rebuilt with readable stand-ins. docx, xlsx and csv keep their format (every
   * segment rewritten with the findings inside it, through the same vault, so a value has one
   * stand-in everywhere); txt, md and json are the sanitized text; a PDF becomes its Markdown.
   */
  private async sanitizedDocument(
    buffer: Buffer,
    type: DocType,
    extracted: ExtractedText,
    findings: EngineFinding[],
    vault: EngineVault,
    sanitizedText: string,
    opts: { maxBytes: number },
  ): Promise<Buffer> {
    if (type === 'pdf' || type === 'txt' || type === 'md') return Buffer.from(sanitizedText, 'utf8');
    const bySegment = findingsBySegment(extracted, findings);
    const rebuilt = await this.deps.engine.rewrite(buffer, type, opts, (segmentText, _location, index) => {
      const inside = bySegment.get(index);
      if (!inside?.length) return segmentText;
      return this.deps.engine.protect(segmentText, inside, vault).sanitized;
    });
    return rebuilt.document;
  }

  /**
   * Whole-column findings for spreadsheets: column_rules (header name, 0-based index or column
   * letter → entity type) always; with spreadsheet_strategy column_header also every column whose
   * header the header inspection classifies. Header cells themselves are never replaced.
   */
  async columnFindings(
    buffer: Buffer,
    type: 'csv' | 'xlsx',
    extracted: ExtractedText,
    rules: Record<string, string>,
    strategy: 'cell_scan' | 'column_header',
    opts: { maxBytes: number },
    profiles: string[] = [],
  ): Promise<EngineFinding[]> {
    // Issue 18: a column whose header names an entity type of the requested profiles is that type
    // in every cell, under either strategy (domain/documents/csv.ts namedColumnType).
    const wanted = new Set<string>(entityTypesOf(profiles));
    const byColumn = new Map<string, string>();
    for (const [key, entityType] of Object.entries(rules)) byColumn.set(key.trim().toLowerCase(), entityType);
    if (strategy === 'column_header') {
      const headers = await this.deps.engine.inspectHeaders(buffer, type, opts);
      for (const c of headers.columns) {
        const key = c.column_name.trim().toLowerCase();
        if (c.suggested_entity_type && !byColumn.has(key)) byColumn.set(key, c.suggested_entity_type);
      }
    }
    const out: EngineFinding[] = [];
    for (const seg of extracted.segments) {
      const loc = seg.location;
      if (loc.kind !== 'cell' || loc.isHeader) continue;
      const named = namedColumnType(loc.columnHeader);
      const entityType = columnRuleFor(loc, byColumn) ?? (named && wanted.has(named) ? named : undefined);
      if (!entityType) continue;
      const raw = extracted.text.slice(seg.start, seg.end);
      const lead = raw.length - raw.trimStart().length;
      const value = raw.trim();
      if (!value) continue;
      out.push({ entityType, start: seg.start + lead, end: seg.start + lead + value.length, score: 1, text: value });
    }
    return out;
  }
}

function documentType(value: string): DocType {
  if (!(SANITIZE_DOCUMENT_TYPES as readonly string[]).includes(value)) {
    throw ApiError.badRequest(
      `Invalid document_type "${value}"; expected one of ${SANITIZE_DOCUMENT_TYPES.join(', ')}`,
      undefined,
      'INVALID_DOCUMENT_TYPE',
    );
  }
  return value as DocType;
}

const isSpreadsheet = (t: DocType): t is 'csv' | 'xlsx' => t === 'csv' || t === 'xlsx';
const round = (n: number) => Math.round(n * 1000) / 1000;

function columnLetter(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s.toLowerCase();
}

function columnRuleFor(loc: SegmentLocation, rules: Map<string, string>): string | undefined {
  const header = loc.columnHeader?.trim().toLowerCase();
  if (header && rules.has(header)) return rules.get(header);
  if (loc.column !== undefined) return rules.get(String(loc.column)) ?? rules.get(columnLetter(loc.column));
  return undefined;
}

/**
 * Column-rule findings win over detector findings they overlap (the caller said what the column
 * holds); otherwise detector findings stay as the engine resolved them. Sorted by start.
 */
export function mergeFindings(preferred: EngineFinding[], others: EngineFinding[]): EngineFinding[] {
  if (!preferred.length) return others;
  const kept = others.filter((o) => !preferred.some((p) => o.start < p.end && p.start < o.end));
  return [...preferred, ...kept].sort((a, b) => a.start - b.start || b.end - a.end);
}

/** by_category counts findings per entity type (the finest category the caller can act on). */
function summarise(findings: EngineFinding[]): DetectionSummary {
  const by: Record<string, number> = {};
  for (const f of findings) by[f.entityType] = (by[f.entityType] ?? 0) + 1;
  return { total_entities_found: findings.length, by_category: by };
}

function addSummaries(a: DetectionSummary, b: DetectionSummary): DetectionSummary {
  const by = { ...a.by_category };
  for (const [k, v] of Object.entries(b.by_category)) by[k] = (by[k] ?? 0) + v;
  return { total_entities_found: a.total_entities_found + b.total_entities_found, by_category: by };
}

function credentialWarningOf(found: EngineFinding[]): string {
  const types = [...new Set(found.map((f) => f.entityType))].sort();
  return `${found.length} credential${found.length === 1 ? '' : 's'} found (${types.join(', ')}). They were replaced, but anything that held this document may have seen them: rotate them. Each is listed under /api/v1/admin/credential-exposure/list.`;
}

/** Findings per segment index, shifted to segment offsets; a finding crossing a boundary is split. */
export function findingsBySegment(extracted: ExtractedText, findings: EngineFinding[]): Map<number, EngineFinding[]> {
  const out = new Map<number, EngineFinding[]>();
  let f = 0;
  const sorted = [...findings].sort((a, b) => a.start - b.start);
  extracted.segments.forEach((seg, index) => {
    while (f < sorted.length && sorted[f]!.end <= seg.start) f++;
    for (let i = f; i < sorted.length && sorted[i]!.start < seg.end; i++) {
      const x = sorted[i]!;
      const start = Math.max(x.start, seg.start);
      const end = Math.min(x.end, seg.end);
      if (end <= start) continue;
      const list = out.get(index) ?? [];
      list.push({ ...x, start: start - seg.start, end: end - seg.start, text: extracted.text.slice(start, end) });
      out.set(index, list);
    }
  });
  return out;
}

/** Up to `rows` changed lines: where, the original line and its sanitized form (for the caller's eyes only). */
function diffPreview(extracted: ExtractedText, sanitized: string, rows: number) {
  if (rows === 0) return [];
  const before = extracted.text.split('\n');
  const after = sanitized.split('\n');
  const out: { location: string; original: string; sanitized: string }[] = [];
  if (before.length !== after.length) return out;
  for (let i = 0; i < before.length && out.length < rows; i++) {
    if (before[i] !== after[i]) out.push({ location: `line ${i + 1}`, original: before[i]!, sanitized: after[i]! });
  }
  return out;
}
