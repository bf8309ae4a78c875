/**
 * Reading and rebuilding documents for the sanitizer (pure: no database, no network).
 *
 *   extractDocument(buffer, type, opts)          → { text, segments, extraction?, sheetNames? }
 *   rewriteDocument(buffer, type, opts, rewrite) → { document, text }
 *   inspectHeaders(buffer, 'csv' | 'xlsx')       → { columns, sheet_names }
 *
 * Detectors run over `text`; every piece of text that can be rewritten is a segment with its offsets
 * in `text` and where it lives (paragraph of a part, sheet cell with its column header, PDF page line).
 * rewriteDocument calls `rewrite(segmentText, location, index)` once per segment in the same order as
 * extractDocument's segments and rebuilds the file with the returned text in place: docx and xlsx
 * through their XML parts (everything else byte-identical), csv/json/txt/md as text, and a PDF as
 * its sanitized Markdown (hidden text, images and scans already removed by extraction).
 * rewriterFromReplacements turns detector findings over `text` into such a callback.
 *
 * Every failure is a DocumentError (errors.ts) carrying the spec's status and code.
 */
import { extractCsv, rewriteCsv } from './csv';
import { extractDocx, rewriteDocx } from './docx';
import { DocumentError } from './errors';
import { suggestEntityType } from './headers';
import { extractPdf, rewritePdf } from './pdf';
import { extractJson, extractPlainText, rewriteJson, rewritePlainText } from './text';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_TYPES,
  type DocumentOptions,
  type DocumentType,
  type ExtractedDocument,
  type RewrittenDocument,
  type SegmentRewriter,
} from './types';
import { extractXlsx, readXlsxHeaders, rewriteXlsx } from './xlsx';

export { namedColumnType } from './csv';
export { DocumentError } from './errors';
export { normaliseHeader, suggestEntityType } from './headers';
export * from './types';
export { type PdfTable, confirmedHeader, findTables, markdownTable } from './tables';

export function isDocumentType(type: string): type is DocumentType {
  return (DOCUMENT_TYPES as readonly string[]).includes(type);
}

function check(buffer: Buffer, type: string, opts: DocumentOptions): asserts type is DocumentType {
  if (!isDocumentType(type)) throw DocumentError.unsupported(type);
  if (buffer.length === 0) throw DocumentError.empty();
  const max = opts.maxBytes ?? DOCUMENT_LIMITS.maxBytes;
  if (buffer.length > max) {
    throw DocumentError.tooLarge('bytes', `The document is larger than ${Math.floor(max / (1024 * 1024))} MB`);
  }
}

/** Wraps anything a library throws on a bad file as UNREADABLE_FILE; DocumentErrors pass through. */
async function guarded<T>(type: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof DocumentError) throw err;
    throw DocumentError.corrupt(type);
  }
}

export async function extractDocument(
  buffer: Buffer,
  type: DocumentType | string,
  opts: DocumentOptions = {},
): Promise<ExtractedDocument> {
  check(buffer, type, opts);
  return guarded(type, () => {
    switch (type) {
      case 'docx':
        return extractDocx(buffer);
      case 'xlsx':
        return extractXlsx(buffer);
      case 'csv':
        return extractCsv(buffer, opts.csvDelimiter);
      case 'pdf':
        return extractPdf(buffer, opts);
      case 'json':
        return extractJson(buffer);
      case 'txt':
      case 'md':
        return extractPlainText(buffer, type);
    }
  });
}

export async function rewriteDocument(
  buffer: Buffer,
  type: DocumentType | string,
  opts: DocumentOptions,
  rewrite: SegmentRewriter,
): Promise<RewrittenDocument> {
  check(buffer, type, opts);
  return guarded(type, () => {
    switch (type) {
      case 'docx':
        return rewriteDocx(buffer, rewrite);
      case 'xlsx':
        return rewriteXlsx(buffer, rewrite);
      case 'csv':
        return rewriteCsv(buffer, rewrite, opts.csvDelimiter);
      case 'pdf':
        return rewritePdf(buffer, opts, rewrite);
      case 'json':
        return rewriteJson(buffer, rewrite);
      case 'txt':
      case 'md':
        return rewritePlainText(buffer, type, rewrite);
    }
  });
}

export interface HeaderColumn {
  column_name: string;
  column_index: number;
  suggested_entity_type: string | null;
  confidence: number | null;
}

export interface HeaderInspection {
  columns: HeaderColumn[];
  sheet_names: string[];
}

/**
 * The spec's inspect-headers answer: the first row's cells of a csv, or of the first sheet of an
 * xlsx (sheet_names lists every sheet), each with an entity type suggested from the header text.
 * column_index is 0-based.
 */
export async function inspectHeaders(
  buffer: Buffer,
  type: 'csv' | 'xlsx' | string,
  opts: DocumentOptions = {},
): Promise<HeaderInspection> {
  if (type !== 'csv' && type !== 'xlsx') throw DocumentError.unsupported(type);
  check(buffer, type, opts);
  const { headers, sheetNames } = await guarded(type, async () => {
    if (type === 'xlsx') return readXlsxHeaders(buffer);
    const doc = extractCsv(buffer, opts.csvDelimiter);
    const headers = doc.segments
      .filter((s) => s.location.row === 0)
      .map((s) => ({ index: s.location.column!, name: doc.text.slice(s.start, s.end).trim() }));
    return { headers, sheetNames: [] as string[] };
  });
  return {
    columns: headers.map(({ index, name }) => {
      const s = suggestEntityType(name);
      return { column_name: name, column_index: index, suggested_entity_type: s.entityType, confidence: s.confidence };
    }),
    sheet_names: sheetNames,
  };
}

export interface Replacement {
  /** Offsets into ExtractedDocument.text, end exclusive. */
  start: number;
  end: number;
  replacement: string;
}

/**
 * A rewrite callback that applies replacements found over the whole extracted text (detector
 * findings) to the segments they fall in. A finding that crosses a segment boundary (a name split
 * over two table cells) is written whole into the first segment and its rest removed from the
 * others, so no part of the original value survives. Findings outside any segment (PDF markers,
 * separators) are ignored. Overlapping replacements: the earlier-starting one wins.
 */
export function rewriterFromReplacements(doc: ExtractedDocument, replacements: Replacement[]): SegmentRewriter {
  const sorted = [...replacements].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Replacement[] = [];
  for (const r of sorted) if (r.end > r.start && (kept.length === 0 || r.start >= kept[kept.length - 1].end)) kept.push(r);
  return (segmentText, _location, index) => {
    const seg = doc.segments[index];
    if (!seg) return segmentText;
    let out = '';
    let at = seg.start;
    // First replacement that ends after the segment starts (kept is sorted and non-overlapping).
    let lo = 0;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (kept[mid].end <= seg.start) lo = mid + 1;
      else hi = mid;
    }
    for (let k = lo; k < kept.length && kept[k].start < seg.end; k++) {
      const r = kept[k];
      const from = Math.max(r.start, seg.start);
      const to = Math.min(r.end, seg.end);
      out += doc.text.slice(at, from);
      if (r.start >= seg.start) out += r.replacement; // the segment where the finding starts gets it
      at = to;
    }
    out += doc.text.slice(at, seg.end);
    return out;
  };
}
