import { randomBytes } from 'node:crypto';
import { type DocumentOptions, extractDocument, rewriteDocument, rewriterFromReplacements } from '../../domain/documents';
import { originalsLeftInPackage, prepareDocxForHandoff, prepareXlsxForHandoff, type PrepareReport } from '../../domain/documents/handoff-prepare';
import { type Finding, resolveOverlaps, StandInVault } from '../../domain/pii';
import { guessLanguage } from '../../domain/pii/language';
import {
  buildHandoffFile,
  deriveCode,
  fingerprintOf,
  HANDOFF_LIMITS,
  handoffFileName,
  normaliseValue,
  readVerdict,
  restoreShieldText,
  resultFileName,
  standInSeed,
  standInText,
  type VaultEntry,
} from '../../domain/shield';
import { SecretBox } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import type { SanitizerConfig } from '../../lib/sanitizer-config';
import type { EngineFinding, ExtractedText, SanitizerEngine } from './engine';
import type { HandoffProtectRequest, HandoffRestoreRequest, SealedVault } from './handoff-requests';
import type { RedlistService } from './redlist';
import { decodeBase64, mergeFindings, type SanitizerService } from './sanitize';
import type { SurrogateKeys } from './surrogate-keys';
import { makeThumbnail, type PictureSource } from './thumbnails';

/**
 * Protected handoff's document processing, in the sanitizer process (it holds the master key, and
 * PDF parsing here never blocks the api's event loop). Stateless: the api keeps every record and
 * sends back what it needs (the scope's wrapped secret, the handoffs' sealed mappings); this
 * process unwraps them with the surrogate keys (surrogate-keys.ts), does the work and forgets.
 *
 * protect: the prompt and up to 10 files → the handoff file, the attachments, thumbnails, the
 *   stand-in entries (keyed fingerprint, code, type: never a value) and the handoff's mapping
 *   sealed under a key of its own (wrapped by the active surrogate key).
 * restore: an answer and the sealed mappings of the caller's handoffs whose codes it holds → the
 *   restored text, highlights, counts and the check line's verdict.
 *
 * Stand-ins per scope generation: the generation's secret seeds the stand-in generator and keys
 * the fingerprint and code of each value (domain/shield/codes.ts), so the same value gets the same
 * stand-in and code in every handoff of the scope, with nothing stored that could reverse them.
 */
type FileType = HandoffProtectRequest['files'][number]['document_type'];

export interface Extraction {
  pageCount: number | null;
  hiddenTextRemoved: number | null;
  imagesRemoved: number | null;
  pagesWithoutText: number[] | null;
  ocrPages: number[] | null;
  activeContentRemoved: number | null;
  metadataRemoved: number | null;
  revisionsRemoved: number | null;
  commentsRemoved: number | null;
  formulasReplaced: number | null;
  hiddenPartsShown: number | null;
  imagesThumbnailed: number | null;
  keptAsText: boolean;
}

const MEDIA_TYPES: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface Part {
  kind: 'prompt' | 'file';
  index: number;
  type: FileType | 'prompt';
  /** The (prepared) bytes of a file. */
  buffer?: Buffer;
  extracted: ExtractedText;
  findings: EngineFinding[];
  report?: PrepareReport;
  pdfThumbnails: number;
}

interface EntryState {
  code: string;
  entityType: string;
  original: string;
  standIn: string;
  fingerprint: string;
  attempt: number;
  occurrences: number;
}

const textDoc = (text: string): ExtractedText => ({ text, segments: [{ start: 0, end: text.length, location: { kind: 'text' } }] });
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CASELESS = new Set(['PERSON', 'EMAIL_ADDRESS', 'LOCATION', 'ORGANIZATION', 'URL', 'ADDRESS', 'NRP', 'REDLIST']);

export class HandoffProcessor {
  constructor(
    private readonly deps: {
      config: SanitizerConfig;
      engine: SanitizerEngine;
      sanitizer: SanitizerService;
      redlist: RedlistService;
      keys: SurrogateKeys;
    },
  ) {}

  keys() {
    return { active_key_id: this.deps.keys.activeKeyId, key_ids: this.deps.keys.keyIds };
  }

  mintSalt() {
    const { keyId, wrapped } = this.deps.keys.mintSalt();
    return { key_id: keyId, wrapped_salt: wrapped };
  }

  async protect(req: HandoffProtectRequest) {
    const { keys, engine } = this.deps;
    // The scope generation's secret: minted on the first handoff of the generation, else unwrapped.
    let minted = false;
    let scopeKeyId: string;
    let wrappedSalt: string;
    if (!req.scope.wrapped_salt || !req.scope.key_id) {
      ({ keyId: scopeKeyId, wrapped: wrappedSalt } = keys.mintSalt());
      minted = true;
    } else {
      scopeKeyId = req.scope.key_id;
      wrappedSalt = req.scope.wrapped_salt;
    }
    const secret = keys.unwrap(scopeKeyId, wrappedSalt);
    const bumps = new Map(req.code_bumps.map((b) => [b.fingerprint, b.attempt]));

    const redlist = (await this.deps.redlist.terms()).map((r) => ({ term: r.term, entityType: r.entity_type, caseSensitive: r.case_sensitive }));
    const detectIn = async (text: string) =>
      engine.detect(text, {
        profiles: req.profiles,
        language: guessLanguage(text),
        customEntities: [],
        redlist,
        threshold: req.threshold,
        extraFindings: await this.deps.sanitizer.modelFindings(text),
      });

    // 1. Read every part (files prepared first: what is not carried is gone before anything is read).
    const images: { name: string; mediaType: string; base64: string; sourceIndex: number; width: number; height: number }[] = [];
    const thumbnailer = (sourceIndex: number) => async (source: PictureSource): Promise<string | null> => {
      if (req.image_policy !== 'THUMBNAIL' || images.length >= HANDOFF_LIMITS.thumbnailsPerHandoff) return null;
      const thumb = await makeThumbnail(source);
      if (!thumb) return null;
      const name = `attachment-${sourceIndex + 1}-image-${images.filter((i) => i.sourceIndex === sourceIndex).length + 1}.${thumb.extension}`;
      images.push({ name, mediaType: thumb.mediaType, base64: thumb.data.toString('base64'), sourceIndex, width: thumb.width, height: thumb.height });
      return name;
    };

    const parts: Part[] = [];
    parts.push({ kind: 'prompt', index: -1, type: 'prompt', extracted: textDoc(req.prompt), findings: await detectIn(req.prompt), pdfThumbnails: 0 });
    for (const [index, file] of req.files.entries()) {
      parts.push(await this.readFile(index, file.document_type, decodeBase64(file.document), detectIn, thumbnailer(index), req.profiles));
    }

    // 2. Every occurrence of a value found anywhere is protected everywhere (a name the detector
    // saw in a sentence is also replaced where it stands alone in a table cell or another file).
    const found = new Map<string, string>(); // normalised value → entity type
    for (const p of parts) for (const f of p.findings) if (f.text.trim().length >= 3) found.set(`${f.entityType}\u0000${normaliseValue(f.entityType, f.text)}`, f.entityType);
    for (const p of parts) p.findings = sweep(p.extracted.text, p.findings, found);

    // 3. Stand-ins: one generator for the handoff, seeded by the scope generation's secret.
    const vault = new StandInVault({ seed: standInSeed(secret), language: guessLanguage(req.prompt || parts.map((p) => p.extracted.text.slice(0, 2000)).join('\n')) });
    vault.reserve(parts.flatMap((p) => p.findings.map((f) => p.extracted.text.slice(f.start, f.end))));
    const entries = new Map<string, EntryState>(); // fingerprint → entry
    const codes = new Map<string, string>(); // code → fingerprint (a collision inside this handoff takes the next attempt)
    const counts: Record<string, number> = {};
    const standInOf = (entityType: string, original: string, language: 'en' | 'de'): string => {
      const fingerprint = fingerprintOf(secret, entityType, original);
      let entry = entries.get(fingerprint);
      if (!entry) {
        let attempt = bumps.get(fingerprint) ?? 0;
        let code = deriveCode(secret, entityType, fingerprint, attempt);
        while (codes.has(code) && codes.get(code) !== fingerprint) code = deriveCode(secret, entityType, fingerprint, ++attempt);
        codes.set(code, fingerprint);
        const value = vault.standInFor(entityType, original, language).standIn;
        entry = { code, entityType, original, standIn: value, fingerprint, attempt, occurrences: 0 };
        entries.set(fingerprint, entry);
      }
      entry.occurrences++;
      counts[entityType] = (counts[entityType] ?? 0) + 1;
      return standInText(entry.standIn, entry.code);
    };
    const replacementsOf = (p: Part) => {
      const language = guessLanguage(p.extracted.text);
      return resolveOverlaps(p.findings as Finding[]).map((f) => ({ start: f.start, end: f.end, replacement: standInOf(f.entityType, p.extracted.text.slice(f.start, f.end), language) }));
    };
    const applied = (text: string, reps: { start: number; end: number; replacement: string }[]) => {
      let out = '';
      let at = 0;
      for (const r of reps) {
        out += text.slice(at, r.start) + r.replacement;
        at = r.end;
      }
      return out + text.slice(at);
    };

    // 4. Rebuild each part with its stand-ins.
    const promptPart = parts[0]!;
    const protectedPrompt = applied(promptPart.extracted.text, replacementsOf(promptPart));
    const originals = () => [...entries.values()].map((e) => e.original);
    const files: { name: string; mediaType: string; base64: string; extraction: Extraction }[] = [];
    for (const p of parts.slice(1)) {
      const reps = replacementsOf(p);
      const n = p.index + 1;
      const extraction = extractionOf(p);
      if (p.type === 'pdf' || p.type === 'txt' || p.type === 'md') {
        const ext = p.type === 'pdf' ? 'md' : p.type;
        files.push({ name: `attachment-${n}.${ext}`, mediaType: MEDIA_TYPES[ext]!, base64: Buffer.from(applied(p.extracted.text, reps), 'utf8').toString('base64'), extraction });
        continue;
      }
      const rebuilt = await rewriteDocument(p.buffer!, p.type, this.docOpts(), rewriterFromReplacements(p.extracted as never, reps));
      if (p.type === 'docx' || p.type === 'xlsx') {
        // Rule 1: a file in which any value is still found is sent as its text, never as the file.
        const left = await originalsLeftInPackage(rebuilt.document, originals());
        if (left.length) {
          files.push({ name: `attachment-${n}.md`, mediaType: MEDIA_TYPES.md!, base64: Buffer.from(rebuilt.text, 'utf8').toString('base64'), extraction: { ...extraction, keptAsText: true } });
          continue;
        }
      }
      files.push({ name: `attachment-${n}.${p.type}`, mediaType: MEDIA_TYPES[p.type]!, base64: rebuilt.document.toString('base64'), extraction });
    }

    const handoffFile = buildHandoffFile({
      handoffId: req.handoff_id,
      prompt: protectedPrompt,
      attachments: files.map((f) => ({ name: f.name, note: f.extraction.keptAsText ? 'the text of the file: its values could not all be replaced inside it' : undefined })),
      images: images.map((i) => ({ name: i.name })),
    });

    // 5. The last check over every text that leaves: no original value in it.
    const texts = [handoffFile, ...files.filter((f) => !/\.(docx|xlsx)$/.test(f.name)).map((f) => Buffer.from(f.base64, 'base64').toString('utf8'))];
    const leaked = originals().filter((o) => o.trim().length >= 4 && texts.some((t) => t.toLowerCase().includes(o.trim().toLowerCase())));
    if (leaked.length) throw new ApiError(500, 'HANDOFF_CHECK_FAILED', `A protected value was still found in the handoff output (${leaked.length}); nothing was created`);

    // 6. The handoff's own mapping, sealed under a key of its own, wrapped by the active surrogate key.
    const mapping: Omit<VaultEntry, 'handoffId'>[] = [...entries.values()].map((e) => ({ code: e.code, entityType: e.entityType, original: e.original, standIn: e.standIn }));
    const handoffKey = randomBytes(32);
    const sealedKey = keys.wrap(handoffKey);
    const vaultSealed: SealedVault = {
      handoff_id: req.handoff_id,
      key_id: sealedKey.keyId,
      wrapped_key: sealedKey.wrapped,
      ciphertext: new SecretBox(handoffKey.toString('base64')).encrypt(JSON.stringify(mapping)),
    };

    return {
      handoff_file: { name: handoffFileName(req.handoff_id), media_type: 'text/markdown', base64: Buffer.from(handoffFile, 'utf8').toString('base64') },
      result_file_name: resultFileName(req.handoff_id),
      files,
      images,
      protected_counts: counts,
      entries: [...entries.values()].map((e) => ({ fingerprint: e.fingerprint, code: e.code, entity_type: e.entityType, attempt: e.attempt })),
      vault: vaultSealed,
      scope: { key_id: scopeKeyId, wrapped_salt: minted ? wrappedSalt : null, minted },
    };
  }

  restore(req: HandoffRestoreRequest) {
    const entries: VaultEntry[] = [];
    for (const sealed of req.vaults) {
      // A mapping under a key no longer held cannot be read: its stand-ins answer as expired.
      if (!this.deps.keys.holds(sealed.key_id)) continue;
      const key = this.deps.keys.unwrap(sealed.key_id, sealed.wrapped_key);
      const mapping = JSON.parse(new SecretBox(key.toString('base64')).decrypt(sealed.ciphertext)) as Omit<VaultEntry, 'handoffId'>[];
      for (const m of mapping) entries.push({ ...m, handoffId: sealed.handoff_id });
    }
    const restored = restoreShieldText(req.text, entries);
    return {
      text: restored.text,
      verdict: readVerdict(req.text),
      replaced: restored.replaced,
      distinct: restored.distinct,
      expired_or_deleted: restored.expiredOrDeleted,
      unrecognised: restored.unrecognised,
      highlights: restored.highlights,
      used_handoff_ids: restored.usedHandoffIds,
    };
  }

  private docOpts(): DocumentOptions & { maxBytes: number } {
    return { maxBytes: HANDOFF_LIMITS.totalDecodedBytes + 1 };
  }

  private async readFile(
    index: number,
    type: FileType,
    original: Buffer,
    detectIn: (text: string) => Promise<EngineFinding[]>,
    onImage: (source: PictureSource) => Promise<string | null>,
    profiles: string[],
  ): Promise<Part> {
    try {
      if (original.length === 0) throw new ApiError(400, 'BAD_FILE', `File ${index} is empty`, { fileIndex: index });
      let buffer = original;
      let report: PrepareReport | undefined;
      if (type === 'docx') ({ buffer, report } = await prepareDocxForHandoff(original, (img) => onImage({ bytes: img.bytes })));
      else if (type === 'xlsx') ({ buffer, report } = await prepareXlsxForHandoff(original));
      let pdfThumbnails = 0;
      const extracted = await extractDocument(buffer, type, {
        ...this.docOpts(),
        onPdfImage:
          type === 'pdf'
            ? async (img) => {
                const name = await onImage({ raw: { width: img.width, height: img.height, channels: img.channels }, data: img.data });
                if (name) pdfThumbnails++;
                return name;
              }
            : undefined,
      });
      let findings = await detectIn(extracted.text);
      if (type === 'csv' || type === 'xlsx') {
        // Column-aware for spreadsheets: a column whose header names a type is that type in every cell.
        const column = await this.deps.sanitizer.columnFindings(buffer, type, extracted, {}, 'column_header', this.docOpts(), profiles);
        findings = mergeFindings(column, findings);
      }
      return { kind: 'file', index, type, buffer, extracted, findings, report, pdfThumbnails };
    } catch (err) {
      if (err instanceof ApiError) {
        // Which file failed matters to the caller: every document error names it.
        throw new ApiError(err.status, err.code, `File ${index}: ${err.message}`, { ...(typeof err.details === 'object' ? err.details : {}), fileIndex: index });
      }
      if (type === 'docx' || type === 'xlsx') throw new ApiError(422, 'UNREADABLE_FILE', `File ${index}: the ${type} document is damaged`, { fileIndex: index, reason: 'corrupt' });
      throw err;
    }
  }
}

/** Adds a finding for every other whole-word occurrence of a value found somewhere in the handoff. */
function sweep(text: string, findings: EngineFinding[], found: Map<string, string>): EngineFinding[] {
  if (!found.size || !text) return findings;
  const extra: EngineFinding[] = [];
  const taken = [...findings].sort((a, b) => a.start - b.start);
  const overlaps = (s: number, e: number) => taken.some((f) => s < f.end && f.start < e) || extra.some((f) => s < f.end && f.start < e);
  // Longer values first, so "Anna Schmidt" is taken before "Anna".
  const values = [...found.entries()].sort((a, b) => b[0].length - a[0].length);
  for (const [key, entityType] of values) {
    const value = key.slice(key.indexOf('\u0000') + 1);
    const pattern = value.split(' ').map(escapeRe).join('\\s+');
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${pattern}(?![\\p{L}\\p{N}])`, CASELESS.has(entityType) ? 'giu' : 'gu');
    for (const m of text.matchAll(re)) {
      const start = m.index!;
      const end = start + m[0].length;
      if (overlaps(start, end)) continue;
      extra.push({ entityType, start, end, score: 1, text: m[0] });
    }
  }
  return extra.length ? [...findings, ...extra].sort((a, b) => a.start - b.start) : findings;
}

function extractionOf(p: Part): Extraction {
  const base: Extraction = {
    pageCount: null,
    hiddenTextRemoved: null,
    imagesRemoved: null,
    pagesWithoutText: null,
    ocrPages: null,
    activeContentRemoved: null,
    metadataRemoved: null,
    revisionsRemoved: null,
    commentsRemoved: null,
    formulasReplaced: null,
    hiddenPartsShown: null,
    imagesThumbnailed: null,
    keptAsText: false,
  };
  if (p.type === 'pdf') {
    const x = p.extracted.extraction as unknown as {
      page_count: number;
      hidden_chars: Record<string, number>;
      images_removed: number;
      pages_without_text: number[];
      ocr_pages: number[];
      annotations: number;
      form_fields: number;
      embedded_files: number;
      javascript: number;
      metadata_fields: number;
    };
    return {
      ...base,
      pageCount: x.page_count,
      hiddenTextRemoved: Object.values(x.hidden_chars).reduce((a, b) => a + b, 0),
      imagesRemoved: x.images_removed,
      pagesWithoutText: x.pages_without_text,
      ocrPages: x.ocr_pages,
      activeContentRemoved: x.annotations + x.form_fields + x.embedded_files + x.javascript,
      metadataRemoved: x.metadata_fields,
      revisionsRemoved: 0,
      commentsRemoved: 0,
      formulasReplaced: 0,
      hiddenPartsShown: 0,
      imagesThumbnailed: p.pdfThumbnails,
    };
  }
  if (p.report) {
    const r = p.report;
    return {
      ...base,
      hiddenTextRemoved: r.hiddenTextRemoved,
      imagesRemoved: r.imagesRemoved,
      activeContentRemoved: r.activeContentRemoved,
      metadataRemoved: r.metadataRemoved,
      revisionsRemoved: r.revisionsRemoved,
      commentsRemoved: r.commentsRemoved,
      formulasReplaced: r.formulasReplaced,
      hiddenPartsShown: r.hiddenPartsShown,
      imagesThumbnailed: r.imagesThumbnailed,
    };
  }
  return base;
}
