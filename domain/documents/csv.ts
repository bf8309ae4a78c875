import { suggestEntityType } from './headers';
import { decodeText, encodeText } from './text';
import type { ExtractedDocument, RewrittenDocument, Segment, SegmentLocation, SegmentRewriter } from './types';

/**
 * CSV, column-aware: RFC 4180 quoting (quoted fields may hold delimiters, doubled quotes and line
 * breaks), delimiter "," or ";" (German Excel writes ";") or tab, detected from the first lines
 * outside quotes. Every non-empty cell is one segment whose location names its column and the text
 * of that column's header (first row), so the caller can apply column rules or the column_header
 * strategy. The rebuilt file keeps the delimiter, the line ending, the BOM and each field's quoting
 * (a field is quoted when it was, or when its new value needs it).
 */

export interface CsvCell {
  value: string;
  quoted: boolean;
}

export interface ParsedCsv {
  rows: CsvCell[][];
  delimiter: string;
  lineEnding: string;
  trailingNewline: boolean;
  bom: boolean;
}

export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let inQuotes = false;
  let lines = 0;
  for (let i = 0; i < text.length && lines < 10; i++) {
    const ch = text[i];
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === '\n') lines++;
    else if (!inQuotes && ch in counts) counts[ch]++;
  }
  let best = ',';
  for (const d of [';', '\t']) if (counts[d] > counts[best]) best = d;
  return best;
}

export function parseCsv(buffer: Buffer, forcedDelimiter?: string): ParsedCsv {
  const { text, bom } = decodeText(buffer);
  const delimiter = forcedDelimiter ?? detectDelimiter(text);
  const lineEnding = text.includes('\r\n') ? '\r\n' : '\n';
  const rows: CsvCell[][] = [];
  let row: CsvCell[] = [];
  let i = 0;
  const n = text.length;
  const trailingNewline = text.endsWith('\n');
  while (i < n) {
    let value = '';
    let quoted = false;
    if (text[i] === '"') {
      quoted = true;
      i++;
      while (i < n) {
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            value += '"';
            i += 2;
          } else {
            i++;
            break;
          }
        } else value += text[i++];
      }
      // Anything between the closing quote and the next delimiter is kept (lenient, as Excel is).
      while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
    } else {
      while (i < n && text[i] !== delimiter && text[i] !== '\n' && text[i] !== '\r') value += text[i++];
    }
    row.push({ value, quoted });
    if (i >= n) break;
    if (text[i] === delimiter) {
      i++;
      if (i >= n) row.push({ value: '', quoted: false });
      continue;
    }
    // End of record.
    if (text[i] === '\r' && text[i + 1] === '\n') i += 2;
    else i++;
    rows.push(row);
    row = [];
  }
  if (row.length > 0) rows.push(row);
  return { rows, delimiter, lineEnding, trailingNewline, bom };
}

export function columnName(index: number): string {
  let s = '';
  let i = index + 1;
  while (i > 0) {
    const r = (i - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    i = Math.floor((i - 1) / 26);
  }
  return s;
}

function cellLocation(rows: CsvCell[][], r: number, c: number): SegmentLocation {
  const header = rows[0]?.[c]?.value.trim();
  return {
    kind: 'cell',
    cell: `${columnName(c)}${r + 1}`,
    row: r,
    column: c,
    columnHeader: header ? header : null,
    isHeader: r === 0,
  };
}

/** Cells joined by the delimiter, rows by "\n" (values unquoted, as a reader sees them). */
function layout(rows: CsvCell[][], delimiter: string, values: (r: number, c: number) => string) {
  const segments: Segment[] = [];
  let text = '';
  rows.forEach((row, r) => {
    if (r > 0) text += '\n';
    row.forEach((_cell, c) => {
      if (c > 0) text += delimiter;
      const v = values(r, c);
      if (v.trim() !== '') segments.push({ start: text.length, end: text.length + v.length, location: cellLocation(rows, r, c) });
      text += v;
    });
  });
  return { text, segments };
}

export function extractCsv(buffer: Buffer, delimiter?: string): ExtractedDocument {
  const csv = parseCsv(buffer, delimiter);
  const { text, segments } = layout(csv.rows, csv.delimiter, (r, c) => csv.rows[r][c].value);
  return { type: 'csv', text, segments };
}

function needsQuotes(value: string, delimiter: string): boolean {
  return value.includes(delimiter) || value.includes('"') || value.includes('\n') || value.includes('\r');
}

export function serializeCsv(csv: ParsedCsv): string {
  const lines = csv.rows.map((row) =>
    row
      .map((cell) =>
        cell.quoted || needsQuotes(cell.value, csv.delimiter) ? `"${cell.value.replace(/"/g, '""')}"` : cell.value,
      )
      .join(csv.delimiter),
  );
  return lines.join(csv.lineEnding) + (csv.trailingNewline ? csv.lineEnding : '');
}

export function rewriteCsv(buffer: Buffer, rewrite: SegmentRewriter, delimiter?: string): RewrittenDocument {
  const csv = parseCsv(buffer, delimiter);
  const doc = layout(csv.rows, csv.delimiter, (r, c) => csv.rows[r][c].value);
  doc.segments.forEach((segment, index) => {
    const { row, column } = segment.location as { row: number; column: number };
    const cell = csv.rows[row][column];
    cell.value = rewrite(cell.value, segment.location, index);
  });
  const out = serializeCsv(csv);
  const { text } = layout(csv.rows, csv.delimiter, (r, c) => csv.rows[r][c].value);
  return { document: encodeText(out, csv.bom), text };
}

/**
 * The column rule (issue 18): a csv or xlsx column whose header NAMES an entity type ("SSN",
 * "IBAN", "E-Mail", "Telefonnummer": the whole header is one of the type's terms) holds that type in
 * every non-empty cell, whatever a recognizer thinks of the value: an SSN on the never-issued list
 * in a column headed "ssn" is still somebody's SSN field and is replaced. Headers that only contain
 * a term ("Customer Email Opt-in") do not count. Both readers put the header text in each cell's
 * location (SegmentLocation.columnHeader), so this serves csv and xlsx alike.
 */
export function namedColumnType(header: string | null | undefined): string | null {
  if (!header) return null;
  const s = suggestEntityType(header);
  return s.entityType && (s.confidence ?? 0) >= 0.95 ? s.entityType : null;
}
