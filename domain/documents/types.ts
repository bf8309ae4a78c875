/** The shapes every document reader shares. See index.ts for the entry points. */

export const DOCUMENT_TYPES = ['docx', 'xlsx', 'csv', 'pdf', 'txt', 'md', 'json'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * Where a segment of readable text lives in its document. `kind` says which of the optional fields
 * are set:
 * - paragraph: a Word paragraph (part = the XML part, e.g. word/footer1.xml; paragraph = index in part)
 * - cell: a spreadsheet cell (sheet, cell "B3", row and column 0-based, columnHeader = the text of
 *   the column's header cell in the first row; isHeader for the header row itself)
 * - shared: text of an xlsx part that is no cell (an unused shared string, a comment, a chart label)
 * - line: a line of PDF text (page 1-based, line index on the page)
 * - text: a whole plain-text document (txt, md) or one JSON string literal (path = its JSON path)
 */
export interface SegmentLocation {
  kind: 'paragraph' | 'cell' | 'shared' | 'line' | 'text';
  part?: string;
  paragraph?: number;
  sheet?: string;
  cell?: string;
  row?: number;
  column?: number;
  columnHeader?: string | null;
  isHeader?: boolean;
  page?: number;
  line?: number;
  path?: string;
}

/** [start, end) are UTF-16 offsets into ExtractedDocument.text; text.slice(start, end) is the segment. */
export interface Segment {
  start: number;
  end: number;
  location: SegmentLocation;
}

/** PDF extraction counts (spec: sanitize response `extraction`). Page lists are 1-based page numbers. */
export interface PdfExtraction {
  hidden_chars: { invisible: number; white: number; tiny: number; off_page: number };
  images_removed: number;
  pages_without_text: number[];
  ocr_pages: number[];
  annotations: number;
  form_fields: number;
  embedded_files: number;
  javascript: number;
  metadata_fields: number;
  page_count: number;
}

export interface ExtractedDocument {
  type: DocumentType;
  /**
   * The readable text detectors run over. For docx: paragraphs joined by "\n"; xlsx: cells of a row
   * joined by "\t", rows by "\n", sheets introduced by "## Sheet: <name>"; csv: cells joined by the
   * file's delimiter; pdf: the sanitized Markdown (one "## Page N" block per page); txt/md: the file.
   */
  text: string;
  /** Every rewritable piece of text, in document order, never overlapping. */
  segments: Segment[];
  /** PDF only. */
  extraction?: PdfExtraction;
  /** xlsx only: sheet names in workbook order. */
  sheetNames?: string[];
  /** PDF with opts.layout only. */
  pages?: PdfPageLayout[];
}

/**
 * Called once per segment, in the order of ExtractedDocument.segments (index = that position).
 * Returns the segment's new text (return segmentText unchanged to keep it).
 */
export type SegmentRewriter = (segmentText: string, location: SegmentLocation, index: number) => string;

export interface RewrittenDocument {
  /** The rebuilt file: docx/xlsx/csv/txt/md/json in their own format; for a PDF, the Markdown. */
  document: Buffer;
  /** The readable text of the rebuilt document (same layout as ExtractedDocument.text). */
  text: string;
}

export interface DocumentOptions {
  /** Refuse larger inputs with 413 TOO_LARGE (default DOCUMENT_LIMITS.maxBytes). */
  maxBytes?: number;
  /** PDF: refuse more pages with 413 TOO_LARGE (default DOCUMENT_LIMITS.maxPages). */
  maxPages?: number;
  /** csv: force a delimiter instead of detecting one. */
  csvDelimiter?: string;
  /**
   * PDF (protected handoff thumbnails): called for each picture on a page with text, on the page;
   * answers the thumbnail's name, written as "[Image: <name>]" in its place, or null to remove it.
   */
  onPdfImage?: (image: PdfImagePixels) => Promise<string | null>;
  /**
   * PDF (document parsing's fallback when the protection service is unreachable): keep hidden text
   * as ordinary text instead of removing it. Never set where the result leaves for a provider unchecked.
   */
  keepHidden?: boolean;
  /** PDF (document parsing): read the first maxPages pages of a longer PDF instead of refusing it. */
  readFirstPages?: boolean;
  /** PDF (document parsing): report each page's text layout and pictures in ExtractedDocument.pages. */
  layout?: boolean;
}

/** A run of text on a line with the x position (PDF points) where it starts: a table cell candidate. */
export interface PdfCell {
  x: number;
  text: string;
}

/** One page's visible text lines with their cells (split at column-sized gaps), and its pictures. */
export interface PdfPageLayout {
  page: number;
  lines: Array<{ y: number; cells: PdfCell[] }>;
  /** ref: pdf.js's object id; width/height in pixels; byteSize: the decoded pixel data. */
  images: Array<{ ref: string; width: number; height: number; byteSize: number }>;
}

/** A decoded PDF picture: `channels` bytes per pixel, rows top to bottom. */
export interface PdfImagePixels {
  page: number;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
  data: Buffer;
}

export const DOCUMENT_LIMITS = {
  /** The spec's upload limit for documents read as text (parsing preview / inspect: 15 MB). */
  maxBytes: 15 * 1024 * 1024,
  /** The spec's example entitlement maxPages. */
  maxPages: 300,
  /** docx/xlsx: the XML parts we read may unpack to at most this many characters (zip bombs). */
  maxUnpackedChars: 200 * 1024 * 1024,
};
