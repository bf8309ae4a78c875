import type { PdfPageLayout } from './types';

/**
 * Tables in a PDF's text layout (document parsing preview and inspect-tables). Positions come from
 * the operator list (pdf.ts: every line's cells with the x where each starts), not from guessing at
 * spaces in extracted text.
 *
 * A table is a run of consecutive lines with at least two cells each whose cells start at the same
 * x positions (within COLUMN_TOLERANCE points of the first line's). Its header is the first line,
 * and it is confirmed only when every header cell is a label: non-empty, not a number, amount or
 * date, and not repeated; the table also needs at least one data row. Anything else is not reported
 * (spec: tables whose header row cannot be confirmed are skipped).
 */
export interface PdfTable {
  page: number;
  header: string[];
  rows: string[][];
}

const COLUMN_TOLERANCE = 4;
const VALUE_LIKE = /^[\s\d.,:;/%+\-–()€$£¥]*$/;

function aligned(anchors: number[], cells: { x: number }[]): boolean {
  return cells.length === anchors.length && cells.every((c, i) => Math.abs(c.x - anchors[i]!) <= COLUMN_TOLERANCE);
}

function isLabel(text: string): boolean {
  return text.trim() !== '' && !VALUE_LIKE.test(text) && text.length <= 80;
}

export function confirmedHeader(header: string[]): boolean {
  const lower = header.map((h) => h.toLowerCase());
  return header.every(isLabel) && new Set(lower).size === lower.length;
}

export function findTables(pages: PdfPageLayout[]): PdfTable[] {
  const tables: PdfTable[] = [];
  for (const page of pages) {
    let i = 0;
    while (i < page.lines.length) {
      const first = page.lines[i]!;
      if (first.cells.length < 2) {
        i++;
        continue;
      }
      const anchors = first.cells.map((c) => c.x);
      let j = i + 1;
      while (j < page.lines.length && aligned(anchors, page.lines[j]!.cells)) j++;
      const header = first.cells.map((c) => c.text);
      if (j - i >= 2 && confirmedHeader(header)) {
        tables.push({ page: page.page, header, rows: page.lines.slice(i + 1, j).map((l) => l.cells.map((c) => c.text)) });
      }
      i = j;
    }
  }
  return tables;
}

/** A table as a Markdown pipe table (STRUCTURED parsing). */
export function markdownTable(t: PdfTable): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  return [`| ${t.header.map(esc).join(' | ')} |`, `|${t.header.map(() => ' --- ').join('|')}|`, ...t.rows.map((r) => `| ${r.map(esc).join(' | ')} |`)].join('\n');
}
