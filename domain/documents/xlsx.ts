import type JSZip from 'jszip';
import { columnName } from './csv';
import { DRAWING } from './docx';
import { openPackage, partsMatching, readPart, savePackage, scrubMetadata } from './ooxml';
import type { ExtractedDocument, RewrittenDocument, Segment, SegmentLocation, SegmentRewriter } from './types';
import {
  applyXmlEdits,
  attribute,
  distributeText,
  escapeXml,
  groupText,
  type ScanSpec,
  scanTextGroups,
  type TextGroup,
  unescapeXml,
  type XmlEdit,
} from './xml';

/**
 * Excel workbooks, read completely: every sheet (hidden ones too), shared strings, inline strings,
 * formula results, long integers (phone or account numbers typed as numbers), cell comments and
 * threaded comments, sheet headers/footers, text in drawings and charts. Cells are segments with
 * their sheet, reference and column header (the text of the sheet's first row in that column), so
 * the caller can apply column rules (and the header-names-the-type rule, csv.ts namedColumnType); other text is a `shared` segment.
 *
 * Rebuilt through the XML parts (exceljs would drop charts and pivot tables on save):
 * - a shared string used by several cells is rewritten in place when all its cells agree on the new
 *   text; a cell whose new text differs (column rules may treat the same value differently per
 *   column) gets a new shared string of its own;
 * - inline strings are rewritten in place; formula cells become plain values (spec: formulas are
 *   replaced by values) and calcChain.xml goes with them;
 * - hidden sheets, rows and columns are made visible (spec: not carried hidden).
 */

const SHARED: ScanSpec = { group: new Set(['si']), text: new Set(['t']), skip: new Set(['rPh']) };
const INLINE: ScanSpec = { group: new Set(['is']), text: new Set(['t']), skip: new Set(['rPh']) };
// A note's <text> is a rich-text container (<r><t>...</t></r>, like a shared string): its text is
// in the <t> nodes. Only a threaded comment's <text> is plain text. Treating both as text took the
// note's run markup as content, so a name split over formatted runs reached the detector as
// "Wer</t></r><r><t>ner Albrecht" and went to the provider unmasked.
const COMMENTS: ScanSpec = { group: new Set(['comment']), text: new Set(['t']), skip: new Set(['rPh']) };
const THREADED_COMMENTS: ScanSpec = { group: new Set(['threadedComment']), text: new Set(['text']) };
const HEADER_FOOTER: ScanSpec = {
  group: new Set(['headerFooter']),
  text: new Set(['oddHeader', 'oddFooter', 'evenHeader', 'evenFooter', 'firstHeader', 'firstFooter']),
};
const PRESERVE = new Set(['t']);

const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const VALUE = /<v(?:\s[^>]*)?>([\s\S]*?)<\/v>/;

interface Cell {
  /** Offsets of the whole <c> element in the sheet part. */
  start: number;
  end: number;
  attrs: string;
  ref: string;
  row: number;
  column: number;
  type: string;
  hasFormula: boolean;
  /** Shared string index for t="s". */
  sharedIndex?: number;
  /** Inline string group for t="inlineStr". */
  inline?: TextGroup;
  text?: string;
}

interface Sheet {
  name: string;
  path: string;
  xml: string;
  cells: Cell[];
  headerRow: number;
  headers: Map<number, string>;
  headerFooter: TextGroup[];
}

interface OtherPart {
  path: string;
  xml: string;
  spec: ScanSpec;
  groups: TextGroup[];
}

interface Workbook {
  zip: JSZip;
  sheets: Sheet[];
  sharedXml?: string;
  shared: TextGroup[];
  others: OtherPart[];
}

function parseRef(ref: string): { row: number; column: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(ref);
  if (!m) return { row: 0, column: 0 };
  let column = 0;
  for (const ch of m[1]) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, column: column - 1 };
}

function resolveTarget(target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = `xl/${target}`.split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.') out.push(p);
  }
  return out.join('/');
}

async function readWorkbook(buffer: Buffer): Promise<Workbook> {
  const zip = await openPackage(buffer, 'xlsx');
  const workbookXml = await readPart(zip, 'xl/workbook.xml');
  if (workbookXml === undefined) throw new Error('no xl/workbook.xml');
  const relsXml = (await readPart(zip, 'xl/_rels/workbook.xml.rels')) ?? '';
  const targets = new Map<string, string>();
  for (const m of relsXml.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = attribute(m[0], 'Id');
    const target = attribute(m[0], 'Target');
    if (id && target) targets.set(id, resolveTarget(target));
  }
  const sharedXml = await readPart(zip, 'xl/sharedStrings.xml');
  const shared = sharedXml ? scanTextGroups(sharedXml, SHARED) : [];
  const sharedTexts = shared.map(groupText);

  const sheets: Sheet[] = [];
  for (const m of workbookXml.matchAll(/<sheet\b[^>]*>/g)) {
    const name = attribute(m[0], 'name') ?? `Sheet${sheets.length + 1}`;
    const rid = attribute(m[0], 'r:id');
    const path = rid ? targets.get(rid) : undefined;
    if (!path) continue;
    const xml = await readPart(zip, path);
    if (xml === undefined) continue; // a chart sheet or a missing part: nothing to read
    const inlineGroups = scanTextGroups(xml, INLINE);
    const cells: Cell[] = [];
    let g = 0;
    CELL.lastIndex = 0;
    for (let c = CELL.exec(xml); c; c = CELL.exec(xml)) {
      const attrs = c[1];
      const ref = attribute(` ${attrs}`, 'r') ?? '';
      const { row, column } = parseRef(ref);
      const type = attribute(` ${attrs}`, 't') ?? 'n';
      const body = c[2] ?? '';
      const cell: Cell = { start: c.index, end: c.index + c[0].length, attrs, ref, row, column, type, hasFormula: /<f[\s/>]/.test(body) };
      const v = VALUE.exec(body);
      if (type === 's' && v) {
        cell.sharedIndex = Number(unescapeXml(v[1]));
        cell.text = sharedTexts[cell.sharedIndex];
      } else if (type === 'inlineStr') {
        while (g < inlineGroups.length && inlineGroups[g].start < cell.start) g++;
        if (g < inlineGroups.length && inlineGroups[g].start < cell.end) {
          cell.inline = inlineGroups[g];
          cell.text = groupText(cell.inline);
        }
      } else if (type === 'str' && v) {
        cell.text = unescapeXml(v[1]);
      } else if (type === 'n' && v && /^-?\d{6,}$/.test(v[1].trim())) {
        cell.text = v[1].trim(); // long integers: phone, account or card numbers typed as numbers
      }
      cells.push(cell);
    }
    const textCells = cells.filter((c) => c.text !== undefined && c.text.trim() !== '');
    const headerRow = textCells.length ? Math.min(...textCells.map((c) => c.row)) : 0;
    const headers = new Map<number, string>();
    for (const c of textCells) if (c.row === headerRow) headers.set(c.column, c.text!.trim());
    sheets.push({ name, path, xml, cells, headerRow, headers, headerFooter: scanTextGroups(xml, HEADER_FOOTER) });
  }

  const others: OtherPart[] = [];
  const addOthers = async (pattern: RegExp, spec: ScanSpec) => {
    for (const path of partsMatching(zip, pattern)) {
      const xml = (await readPart(zip, path)) ?? '';
      others.push({ path, xml, spec, groups: scanTextGroups(xml, spec) });
    }
  };
  await addOthers(/^xl\/comments\d*\.xml$/, COMMENTS);
  await addOthers(/^xl\/threadedComments\/[^/]+\.xml$/, THREADED_COMMENTS);
  await addOthers(/^xl\/drawings\/drawing\d*\.xml$/, DRAWING);
  await addOthers(/^xl\/charts\/chart\d*\.xml$/, DRAWING);
  return { zip, sheets, sharedXml, shared, others };
}

type Target =
  | { kind: 'cell'; sheet: Sheet; cell: Cell }
  | { kind: 'group'; part: 'shared' | OtherPart | Sheet; group: TextGroup };

interface Layout {
  text: string;
  segments: Segment[];
  targets: Target[];
}

function layout(book: Workbook): Layout {
  let text = '';
  const segments: Segment[] = [];
  const targets: Target[] = [];
  const used = new Set<number>();
  const push = (t: string, location: SegmentLocation, target: Target) => {
    segments.push({ start: text.length, end: text.length + t.length, location });
    targets.push(target);
    text += t;
  };
  for (const sheet of book.sheets) {
    if (text) text += '\n';
    text += `## Sheet: ${sheet.name}`;
    let lastRow = -1;
    for (const cell of sheet.cells) {
      if (cell.sharedIndex !== undefined) used.add(cell.sharedIndex);
      if (cell.text === undefined || cell.text.trim() === '') continue;
      text += cell.row !== lastRow ? '\n' : '\t';
      lastRow = cell.row;
      push(
        cell.text,
        {
          kind: 'cell',
          sheet: sheet.name,
          cell: cell.ref || `${columnName(cell.column)}${cell.row + 1}`,
          row: cell.row,
          column: cell.column,
          columnHeader: sheet.headers.get(cell.column) ?? null,
          isHeader: cell.row === sheet.headerRow,
        },
        { kind: 'cell', sheet, cell },
      );
    }
    for (const group of sheet.headerFooter) {
      const t = groupText(group);
      if (t.trim() === '') continue;
      text += '\n';
      push(t, { kind: 'shared', part: sheet.path, sheet: sheet.name }, { kind: 'group', part: sheet, group });
    }
  }
  book.shared.forEach((group, index) => {
    const t = groupText(group);
    if (used.has(index) || t.trim() === '') return;
    text += '\n';
    push(t, { kind: 'shared', part: 'xl/sharedStrings.xml' }, { kind: 'group', part: 'shared', group });
  });
  for (const part of book.others) {
    for (const group of part.groups) {
      const t = groupText(group);
      if (t.trim() === '') continue;
      text += '\n';
      push(t, { kind: 'shared', part: part.path }, { kind: 'group', part, group });
    }
  }
  return { text, segments, targets };
}

export async function extractXlsx(buffer: Buffer): Promise<ExtractedDocument> {
  const book = await readWorkbook(buffer);
  const { text, segments } = layout(book);
  return { type: 'xlsx', text, segments, sheetNames: book.sheets.map((s) => s.name) };
}

export async function readXlsxHeaders(buffer: Buffer) {
  const book = await readWorkbook(buffer);
  const first = book.sheets[0];
  const headers = first ? [...first.headers.entries()].sort((a, b) => a[0] - b[0]).map(([index, name]) => ({ index, name })) : [];
  return { headers, sheetNames: book.sheets.map((s) => s.name) };
}

/** A cell as an inline string (used for changed values that are no shared string, and formula cells). */
function inlineCell(cell: Cell, text: string): string {
  const attrs = cell.attrs.replace(/\s+t\s*=\s*("[^"]*"|'[^']*')/, '');
  return `<c${attrs} t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
}

/** A cell with its formula removed (the cached value stays). */
function withoutFormula(xml: string, cell: Cell): string {
  return xml.slice(cell.start, cell.end).replace(/<f(?:\s[^>]*)?\/>|<f(?:\s[^>]*)?>[\s\S]*?<\/f>/g, '');
}

export async function rewriteXlsx(buffer: Buffer, rewrite: SegmentRewriter): Promise<RewrittenDocument> {
  const book = await readWorkbook(buffer);
  const { zip } = book;
  const { segments, targets, text } = layout(book);
  const newTexts: string[] = [];
  const cellNew = new Map<Cell, string>();
  const sharedEdits: XmlEdit[] = [];
  const groupEdits = new Map<OtherPart | Sheet, XmlEdit[]>();
  segments.forEach((segment, index) => {
    const old = text.slice(segment.start, segment.end);
    const next = rewrite(old, segment.location, index);
    newTexts.push(next);
    const target = targets[index];
    if (target.kind === 'cell') {
      cellNew.set(target.cell, next);
    } else if (next !== old) {
      const edits = distributeText(target.group, next, PRESERVE);
      if (target.part === 'shared') sharedEdits.push(...edits);
      else groupEdits.set(target.part, [...(groupEdits.get(target.part) ?? []), ...edits]);
    }
  });

  // Shared strings: one new text per shared string when its cells agree; new entries otherwise.
  const sharedTexts = book.shared.map(groupText);
  const inPlace = new Map<number, string>();
  const appended: string[] = [];
  const cellSharedIndex = new Map<Cell, number>();
  for (const sheet of book.sheets) {
    for (const cell of sheet.cells) {
      if (cell.sharedIndex === undefined || !cellNew.has(cell)) continue;
      const next = cellNew.get(cell)!;
      const chosen = inPlace.get(cell.sharedIndex);
      if (chosen === undefined) inPlace.set(cell.sharedIndex, next);
      else if (chosen !== next) {
        cellSharedIndex.set(cell, book.shared.length + appended.length);
        appended.push(next);
      }
    }
  }
  for (const [index, next] of inPlace) {
    if (next !== sharedTexts[index]) sharedEdits.push(...distributeText(book.shared[index], next, PRESERVE));
  }
  if (book.sharedXml !== undefined) {
    let xml = applyXmlEdits(book.sharedXml, sharedEdits);
    if (appended.length) {
      const extra = appended.map((t) => `<si><t xml:space="preserve">${escapeXml(t)}</t></si>`).join('');
      xml = xml.replace(/<\/sst>\s*$/, `${extra}</sst>`);
      const total = book.shared.length + appended.length;
      xml = xml.replace(/(<sst\b[^>]*?\suniqueCount=)("[^"]*"|'[^']*')/, `$1"${total}"`);
    }
    if (xml !== book.sharedXml) zip.file('xl/sharedStrings.xml', xml);
  }

  // Sheets: cell values, formulas, hidden rows and columns, header/footer text.
  for (const sheet of book.sheets) {
    const edits: XmlEdit[] = [...(groupEdits.get(sheet) ?? [])];
    for (const cell of sheet.cells) {
      const next = cellNew.get(cell);
      const changed = next !== undefined && next !== cell.text;
      if (cell.type === 's') {
        const moved = cellSharedIndex.get(cell);
        const slice = cell.hasFormula ? withoutFormula(sheet.xml, cell) : sheet.xml.slice(cell.start, cell.end);
        const out = moved === undefined ? slice : slice.replace(VALUE, `<v>${moved}</v>`);
        if (out !== sheet.xml.slice(cell.start, cell.end)) edits.push({ start: cell.start, end: cell.end, text: out });
      } else if (cell.type === 'inlineStr' && cell.inline) {
        if (changed) edits.push(...distributeText(cell.inline, next!, PRESERVE));
        if (cell.hasFormula) {
          // Rare (inline string with a formula): rebuild the cell as a plain inline string.
          edits.push({ start: cell.start, end: cell.end, text: inlineCell(cell, next ?? cell.text ?? '') });
        }
      } else if (changed || cell.type === 'str') {
        edits.push({ start: cell.start, end: cell.end, text: inlineCell(cell, next ?? cell.text ?? '') });
      } else if (cell.hasFormula) {
        edits.push({ start: cell.start, end: cell.end, text: withoutFormula(sheet.xml, cell) });
      }
    }
    let xml = applyXmlEdits(sheet.xml, dropContained(edits));
    xml = xml.replace(/(<(?:row|col)\b[^>]*?)\s+hidden\s*=\s*("(?:1|true)"|'(?:1|true)')/g, '$1');
    if (xml !== sheet.xml) zip.file(sheet.path, xml);
  }

  for (const part of book.others) {
    let xml = applyXmlEdits(part.xml, groupEdits.get(part) ?? []);
    if (part.spec === COMMENTS) xml = xml.replace(/(<author(?:\s[^>]*)?>)[\s\S]*?(<\/author>)/g, '$1Author$2');
    if (xml !== part.xml) zip.file(part.path, xml);
  }
  for (const path of partsMatching(zip, /^xl\/persons\/[^/]+\.xml$/)) {
    const xml = (await readPart(zip, path)) ?? '';
    zip.file(path, xml.replace(/(\sdisplayName=)("[^"]*"|'[^']*')/g, '$1"Author"').replace(/(\suserId=)("[^"]*"|'[^']*')/g, '$1""'));
  }

  await unhideSheets(zip);
  await dropCalcChain(zip);
  await scrubMetadata(zip);
  return { document: await savePackage(zip), text: rebuildText(text, segments, newTexts) };
}

/** Edits that rebuild a whole cell replace any finer edits inside it. */
function dropContained(edits: XmlEdit[]): XmlEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: XmlEdit[] = [];
  for (const e of sorted) {
    const last = out[out.length - 1];
    if (last && e.start >= last.start && e.end <= last.end && (e.start < last.end || e.end < last.end)) continue;
    out.push(e);
  }
  return out;
}

function rebuildText(text: string, segments: Segment[], newTexts: string[]): string {
  let out = '';
  let at = 0;
  segments.forEach((s, i) => {
    out += text.slice(at, s.start) + newTexts[i];
    at = s.end;
  });
  return out + text.slice(at);
}

async function unhideSheets(zip: JSZip): Promise<void> {
  const xml = await readPart(zip, 'xl/workbook.xml');
  if (xml === undefined) return;
  const out = xml.replace(/(<sheet\b[^>]*?)\s+state\s*=\s*("[^"]*"|'[^']*')/g, '$1');
  if (out !== xml) zip.file('xl/workbook.xml', out);
}

/** Formulas are gone, so the calculation chain that lists formula cells goes too. */
async function dropCalcChain(zip: JSZip): Promise<void> {
  if (!zip.file('xl/calcChain.xml')) return;
  zip.remove('xl/calcChain.xml');
  const types = await readPart(zip, '[Content_Types].xml');
  if (types) zip.file('[Content_Types].xml', types.replace(/<Override\b[^>]*PartName="\/xl\/calcChain\.xml"[^>]*\/>/g, ''));
  const rels = await readPart(zip, 'xl/_rels/workbook.xml.rels');
  if (rels) zip.file('xl/_rels/workbook.xml.rels', rels.replace(/<Relationship\b[^>]*Target="[^"]*calcChain\.xml"[^>]*\/>/g, ''));
}
