import { SanitizerUnavailable } from '../../activities/sanitizer/client';
import type { ParsingSanitizerClient } from '../../activities/sanitizer/parsing-client';
import {
  DocumentError,
  type ExtractedDocument,
  type PdfExtraction,
  type PdfTable,
  extractDocument,
  findTables,
  markdownTable,
  suggestEntityType,
} from '../../domain/documents';
import type { Principal } from '../../domain/principal';
import { estimateTokens } from '../../domain/template';
import { ApiError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { ParsingMode, ParsingSettingsService } from './settings';

/**
 * Reading PDFs for people and models (POST /api/documents/parsing/preview, …/inspect-tables, POST
 * /api/v1/files/parse). Nothing here calls a provider or writes a row.
 *
 * The PDF is read in this process by domain/documents (pdf.js operator list: hidden text, pictures,
 * scans) with the text layout, so tables come from cell positions. Hidden-text removal is the
 * protection service's job: the sanitizer reads the same PDF (detect_only) and its extraction counts
 * are reported (extractionSource standard). When the sanitizer cannot be reached the PDF is read
 * without hidden-text removal, as the spec says, extraction is null and extractionSource fallback.
 *
 * TEXT: the page text, pages separated by a blank line. STRUCTURED: Markdown, "## Page N" blocks,
 * confirmed tables as pipe tables in place of their lines. Token counts: docs/API.md.
 */
export const PREVIEW_CHARS = 20_000;
/** What a provider bills per PDF page sent natively, besides its text (one page image; docs/API.md). */
export const NATIVE_PAGE_TOKENS = 1_500;

export interface Upload {
  fileName: string;
  buffer: Buffer;
}

interface Reading {
  doc: ExtractedDocument;
  tables: PdfTable[];
  extraction: PdfExtraction | null;
  extractionSource: 'standard' | 'fallback';
  pagesParsed: number;
}

const isPdf = (b: Buffer) => b.subarray(0, 1024).toString('latin1').includes('%PDF-');

export function checkPdfUpload(upload: Upload | null): Upload {
  if (!upload) throw ApiError.badRequest('No file: send the PDF as the multipart field "file"', undefined, 'NO_FILE');
  if (upload.buffer.length === 0) throw ApiError.badRequest('The file is empty', undefined, 'EMPTY_FILE');
  if (!isPdf(upload.buffer)) throw ApiError.badRequest('The file is not a PDF', undefined, 'NOT_A_PDF');
  return upload;
}

function unreadable(err: unknown): never {
  if (err instanceof DocumentError) {
    const why = { encrypted: 'it is encrypted', no_text_layer: 'it has no text layer (a scan)', corrupt: 'it is damaged or not a valid PDF' } as Record<string, string>;
    throw new ApiError(500, 'PDF_UNPARSEABLE', `The PDF cannot be parsed: ${why[(err as { reason?: string }).reason ?? ''] ?? err.message}`);
  }
  throw err;
}

/** TEXT content: the page blocks without their headings. */
export function textContent(doc: ExtractedDocument): string {
  return doc.text.replace(/^## Page \d+\n\n?/gm, '').replace(/\n{3,}/g, '\n\n').trim();
}

/** STRUCTURED content: the Markdown with each confirmed table's lines replaced by a pipe table. */
export function structuredContent(doc: ExtractedDocument, tables: PdfTable[], imageRefs: Map<number, string[]> | null): string {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  const blocks = doc.text.split(/(?=^## Page \d+$)/m);
  return blocks
    .map((block) => {
      const page = Number(/^## Page (\d+)/.exec(block)?.[1] ?? 0);
      let lines = block.split('\n');
      for (const t of tables.filter((x) => x.page === page)) {
        const want = [t.header, ...t.rows].map((r) => norm(r.join(' ')));
        const at = lines.findIndex((_, i) => want.every((w, k) => norm(lines[i + k] ?? '') === w));
        if (at >= 0) lines = [...lines.slice(0, at), markdownTable(t), ...lines.slice(at + want.length)];
      }
      const refs = [...(imageRefs?.get(page) ?? [])];
      if (imageRefs) lines = lines.map((l) => (l === '[Image removed]' && refs.length ? `[Image: ${refs.shift()}]` : l));
      return lines.join('\n');
    })
    .join('')
    .trim();
}

export class ParsingService {
  constructor(private readonly deps: { settings: ParsingSettingsService; sanitizer: ParsingSanitizerClient; logger: Logger }) {}

  private async read(principal: Principal, upload: Upload): Promise<Reading> {
    const { maxPages } = this.deps.settings.entitlement(principal);
    let extraction: PdfExtraction | null = null;
    let extractionSource: Reading['extractionSource'] = 'standard';
    try {
      extraction = await this.deps.sanitizer.pdfExtraction(upload.buffer);
    } catch (err) {
      if (!(err instanceof SanitizerUnavailable)) {
        // The sanitizer read it and refused (damaged, encrypted, no text layer): our reader will say why.
        this.deps.logger.debug({ err: (err as Error).message }, 'sanitizer refused a PDF for parsing');
      } else {
        extractionSource = 'fallback';
        this.deps.logger.warn('sanitizer unreachable: PDF parsed without hidden-text removal (extractionSource fallback)');
      }
    }
    let doc: ExtractedDocument;
    try {
      doc = await extractDocument(upload.buffer, 'pdf', { maxPages, readFirstPages: true, layout: true, keepHidden: extractionSource === 'fallback', maxBytes: Number.POSITIVE_INFINITY });
    } catch (err) {
      unreadable(err);
    }
    if (extractionSource === 'standard' && !extraction) extraction = doc.extraction ?? null;
    return { doc, tables: findTables(doc.pages ?? []), extraction: extractionSource === 'fallback' ? null : extraction, extractionSource, pagesParsed: doc.pages?.length ?? 0 };
  }

  private content(r: Reading, mode: 'TEXT' | 'STRUCTURED', includeImages: boolean): string {
    if (mode === 'TEXT') return textContent(r.doc);
    const refs = includeImages ? new Map((r.doc.pages ?? []).map((p) => [p.page, p.images.map((i) => i.ref)])) : null;
    return structuredContent(r.doc, r.tables, refs);
  }

  private savings(r: Reading, content: string) {
    const hidden = r.extraction ? Object.values(r.extraction.hidden_chars).reduce((a, b) => a + b, 0) : 0;
    const parsedTokens = estimateTokens(content);
    const nativeTokens = Math.ceil((textContent(r.doc).length + hidden) / 4) + NATIVE_PAGE_TOKENS * r.pagesParsed;
    const tokensSaved = Math.max(0, nativeTokens - parsedTokens);
    return { parsedTokens, nativeTokens, tokensSaved, percentSaved: nativeTokens ? Math.round((tokensSaved / nativeTokens) * 1000) / 10 : 0 };
  }

  async preview(principal: Principal, upload: Upload | null, opts: { mode: ParsingMode; includeImages: boolean }) {
    const file = checkPdfUpload(upload);
    const entitlement = this.deps.settings.entitlement(principal);
    const mode = opts.mode === 'STRUCTURED' ? 'STRUCTURED' : 'TEXT';
    if (mode === 'STRUCTURED' && !entitlement.structuredAllowed) throw ApiError.forbidden(entitlement.upgradeMessage ?? 'Structured parsing is not in your package', 'STRUCTURED_NOT_ENTITLED');
    const r = await this.read(principal, file);
    const includeImages = mode === 'STRUCTURED' && opts.includeImages;
    const full = this.content(r, mode, includeImages);
    const embeddedImages = (r.doc.pages ?? []).reduce((n, p) => n + p.images.length, 0);
    return {
      success: true,
      fileName: file.fileName,
      mode,
      contentType: mode === 'STRUCTURED' ? 'text/markdown' : 'text/plain',
      content: full.length > PREVIEW_CHARS ? full.slice(0, PREVIEW_CHARS) : full,
      contentTruncatedForPreview: full.length > PREVIEW_CHARS,
      tables: mode === 'STRUCTURED' ? r.tables : [],
      images: includeImages ? (r.doc.pages ?? []).flatMap((p) => p.images.map((i) => ({ page: p.page, ...i }))) : [],
      metrics: {
        pageCount: r.doc.extraction?.page_count ?? r.pagesParsed,
        pagesParsed: r.pagesParsed,
        tablesFound: r.tables.length,
        embeddedImages,
        truncated: (r.doc.extraction?.page_count ?? 0) > r.pagesParsed,
      },
      savings: this.savings(r, full),
      extraction: r.extraction,
      extractionSource: r.extractionSource,
      entitlement: { structuredAllowed: entitlement.structuredAllowed, maxPages: entitlement.maxPages },
    };
  }

  async inspectTables(principal: Principal, upload: Upload | null) {
    const file = checkPdfUpload(upload);
    const entitlement = this.deps.settings.entitlement(principal);
    const base = { success: true, fileName: file.fileName, mode: 'STRUCTURED' as const };
    if (!entitlement.structuredAllowed) return { ...base, structuredAvailable: false, tablesFound: 0, columns: [], upgradeMessage: entitlement.upgradeMessage };
    const r = await this.read(principal, file);
    const columns: Array<{ header: string; suggestedEntityType: string | null; suggestionSource: 'sanitizer' | 'heuristic' | null; page: number; sampleValues: string[] }> = [];
    for (const t of r.tables) {
      let remote: Map<number, string | null> | null = null;
      try {
        const csv = [t.header, ...t.rows].map((row) => row.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\n');
        remote = new Map((await this.deps.sanitizer.inspectCsvHeaders(csv)).map((c) => [c.column_index, c.suggested_entity_type]));
      } catch (err) {
        this.deps.logger.debug({ err: (err as Error).message }, 'inspect-headers unavailable: local heuristics');
      }
      t.header.forEach((header, i) => {
        const fromSanitizer = remote?.get(i) ?? null;
        const local = suggestEntityType(header).entityType;
        columns.push({
          header,
          suggestedEntityType: fromSanitizer ?? local,
          suggestionSource: fromSanitizer ? ('sanitizer' as const) : local ? ('heuristic' as const) : null,
          page: t.page,
          sampleValues: t.rows.map((row) => row[i] ?? '').filter((v) => v !== '').slice(0, 3),
        });
      });
    }
    return { ...base, structuredAvailable: true, tablesFound: r.tables.length, columns, upgradeMessage: null };
  }

  /** POST /api/v1/files/parse: a PDF is parsed (full content); text formats pass through. */
  async parseFile(principal: Principal, upload: Upload | null, mode: ParsingMode) {
    if (!upload) throw ApiError.badRequest('No file: send it as the multipart field "file"', undefined, 'NO_FILE');
    if (upload.buffer.length === 0) throw ApiError.badRequest('The file is empty', undefined, 'EMPTY_FILE');
    if (!isPdf(upload.buffer)) {
      if (/\.(txt|md|markdown|csv|json)$/i.test(upload.fileName) && !upload.buffer.includes(0)) {
        return { success: true, fileName: upload.fileName, contentType: 'text/plain', content: upload.buffer.toString('utf8'), parsing: null };
      }
      throw ApiError.badRequest('Only PDFs are parsed; .txt, .md, .csv and .json pass through', undefined, 'UNSUPPORTED_FILE');
    }
    const entitlement = this.deps.settings.entitlement(principal);
    const effective = mode === 'STRUCTURED' && entitlement.structuredAllowed ? 'STRUCTURED' : 'TEXT';
    const r = await this.read(principal, upload);
    const content = this.content(r, effective, false);
    return {
      success: true,
      fileName: upload.fileName,
      contentType: effective === 'STRUCTURED' ? 'text/markdown' : 'text/plain',
      content,
      parsing: { mode: effective, extractionSource: r.extractionSource, extraction: r.extraction },
      tables: effective === 'STRUCTURED' ? r.tables : [],
      savings: this.savings(r, content),
    };
  }
}
