import JSZip from 'jszip';
import { openPackage, partsMatching, readPart, savePackage } from './ooxml';
import { attribute, escapeXml, unescapeXml } from './xml';

/**
 * Protected handoff (spec document 2, rules 2 and 4): before a Word or Excel file is read for
 * personal data, everything the handoff does not carry is taken out of the package, so the reader
 * never sees it and the rebuilt file cannot hold it.
 *
 * Word: Word-hidden text (runs marked vanish, directly or through their style), comments (the parts
 * and the anchors), tracked changes (deleted text dropped, insertions kept, formatting-change
 * records and their authors removed), pictures (each replaced by the text "[Image removed]" or,
 * when the caller re-encodes it, "[Image: <name>]"), embedded objects, macros, hyperlink targets
 * and field instructions (a mailto: address lives there), custom XML data, the glossary (building
 * blocks), the attached template path and the package thumbnail (a picture of the first page).
 *
 * Excel: pictures in drawings (charts stay: their text is read), revision logs, embedded objects,
 * macros, external links, hyperlink targets, printer settings and the thumbnail. Formulas become
 * values and hidden sheets, rows and columns become visible when the workbook is rebuilt (xlsx.ts);
 * they are counted here.
 *
 * Pure: pictures go to the caller's `onImage`, which answers the thumbnail name or null.
 */
export interface PackageImage {
  /** The picture's bytes as stored in the package (png, jpeg, gif, emf...). */
  bytes: Buffer;
  /** File extension of the stored part, lower case. */
  extension: string;
  /** Part path, for the caller's own bookkeeping. */
  path: string;
}

export type ImageHandler = (image: PackageImage) => Promise<string | null>;

export interface PrepareReport {
  hiddenTextRemoved: number;
  imagesRemoved: number;
  imagesThumbnailed: number;
  revisionsRemoved: number;
  commentsRemoved: number;
  activeContentRemoved: number;
  metadataRemoved: number;
  formulasReplaced: number;
  hiddenPartsShown: number;
}

const emptyReport = (): PrepareReport => ({
  hiddenTextRemoved: 0,
  imagesRemoved: 0,
  imagesThumbnailed: 0,
  revisionsRemoved: 0,
  commentsRemoved: 0,
  activeContentRemoved: 0,
  metadataRemoved: 0,
  formulasReplaced: 0,
  hiddenPartsShown: 0,
});

export const IMAGE_REMOVED = '[Image removed]';
export const imageMarker = (name: string) => `[Image: ${name}]`;

// ---------------------------------------------------------------------------------------------
// Element ranges on raw XML (nesting-aware, no DOM).

interface Range {
  start: number;
  /** End of the start tag. */
  openEnd: number;
  end: number;
  selfClosing: boolean;
}

/** Every element named `name` (outermost and nested), in document order of their start. */
export function elementRanges(xml: string, name: string): Range[] {
  const n = name.replace(/[.:]/g, '\\$&');
  const re = new RegExp(`<${n}(?=[\\s/>])[^>]*?(/?)>|</${n}\\s*>`, 'g');
  const out: Range[] = [];
  const stack: { start: number; openEnd: number }[] = [];
  for (const m of xml.matchAll(re)) {
    const at = m.index!;
    if (m[0].startsWith('</')) {
      const open = stack.pop();
      if (open) out.push({ start: open.start, openEnd: open.openEnd, end: at + m[0].length, selfClosing: false });
    } else if (m[1] === '/') out.push({ start: at, openEnd: at + m[0].length, end: at + m[0].length, selfClosing: true });
    else stack.push({ start: at, openEnd: at + m[0].length });
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Outermost ranges only (a range inside another is dropped). */
function outermost(ranges: Range[]): Range[] {
  const out: Range[] = [];
  for (const r of [...ranges].sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = out[out.length - 1];
    if (last && r.start >= last.start && r.end <= last.end) continue;
    out.push(r);
  }
  return out;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(xml: string, edits: Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) continue; // inside an edit already applied
    out += xml.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + xml.slice(at);
}

/** Removes every element named `name` (with its content); returns the part and how many went. */
function removeElements(xml: string, name: string): { xml: string; count: number } {
  const ranges = outermost(elementRanges(xml, name));
  return { xml: applyEdits(xml, ranges.map((r) => ({ start: r.start, end: r.end, text: '' }))), count: ranges.length };
}

/** Replaces every element named `name` by its content (keeps the children). */
function unwrapElements(xml: string, name: string): { xml: string; count: number } {
  const ranges = elementRanges(xml, name);
  if (!ranges.length) return { xml, count: 0 };
  const n = name.replace(/[.:]/g, '\\$&');
  const out = xml.replace(new RegExp(`<${n}(?=[\\s/>])[^>]*?/>`, 'g'), '').replace(new RegExp(`<${n}(?=[\\s/>])[^>]*>|</${n}\\s*>`, 'g'), '');
  return { xml: out, count: ranges.length };
}

function textOf(fragment: string, textTag: string): string {
  let s = '';
  const n = textTag.replace(/[.:]/g, '\\$&');
  for (const m of fragment.matchAll(new RegExp(`<${n}(?=[\\s>])[^>]*>([\\s\\S]*?)</${n}>`, 'g'))) s += unescapeXml(m[1]!);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Package parts and relationships.

function relsPathOf(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

/** The part a relationship in `relsPath` targets (relative targets resolved against the source part's folder). */
function resolveTarget(relsPath: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const sourceDir = relsPath.replace(/_rels\/[^/]+\.rels$/, '');
  const parts = `${sourceDir}${target}`.split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
  tag: string;
}

async function relationships(zip: JSZip, relsPath: string): Promise<Relationship[]> {
  const xml = await readPart(zip, relsPath);
  if (xml === undefined) return [];
  return [...xml.matchAll(/<Relationship\b[^>]*>/g)].map((m) => ({
    id: attribute(m[0], 'Id') ?? '',
    type: attribute(m[0], 'Type') ?? '',
    target: attribute(m[0], 'Target') ?? '',
    external: attribute(m[0], 'TargetMode') === 'External',
    tag: m[0],
  }));
}

/** Removes relationships matching `drop` from one rels part. */
async function dropRelationships(zip: JSZip, relsPath: string, drop: (r: Relationship) => boolean): Promise<Relationship[]> {
  const xml = await readPart(zip, relsPath);
  if (xml === undefined) return [];
  const rels = await relationships(zip, relsPath);
  const dropped = rels.filter(drop);
  if (!dropped.length) return [];
  let out = xml;
  for (const r of dropped) out = out.replace(r.tag, '');
  zip.file(relsPath, out);
  return dropped;
}

/** Deletes a part, its own rels, its content-type override and every relationship that targets it. */
async function removePart(zip: JSZip, path: string): Promise<void> {
  if (!zip.file(path)) return;
  zip.remove(path);
  const ownRels = relsPathOf(path);
  if (zip.file(ownRels)) zip.remove(ownRels);
  const types = await readPart(zip, '[Content_Types].xml');
  if (types !== undefined) {
    const escaped = `/${path}`.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const out = types.replace(new RegExp(`<Override\\b[^>]*PartName="${escaped}"[^>]*/>`, 'g'), '');
    if (out !== types) zip.file('[Content_Types].xml', out);
  }
  for (const relsPath of partsMatching(zip, /(^|\/)_rels\/[^/]+\.rels$/)) {
    await dropRelationships(zip, relsPath, (r) => !r.external && resolveTarget(relsPath, r.target) === path);
  }
}

async function removeParts(zip: JSZip, pattern: RegExp): Promise<number> {
  const paths = partsMatching(zip, pattern);
  for (const p of paths) await removePart(zip, p);
  // Folder entries (jszip keeps "word/media/" as its own entry) go too.
  const folders: string[] = [];
  zip.forEach((p, f) => {
    if (f.dir && pattern.test(p)) folders.push(p);
  });
  for (const f of folders) zip.remove(f);
  return paths.length;
}

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/';
const isImageRel = (r: Relationship) => r.type === `${REL}image`;
const isHyperlinkRel = (r: Relationship) => r.type === `${REL}hyperlink`;

/** Metadata fields that hold a value (counted before ooxml.ts scrubMetadata empties them). */
async function countMetadata(zip: JSZip): Promise<number> {
  let n = 0;
  const core = await readPart(zip, 'docProps/core.xml');
  if (core) {
    for (const name of ['dc:creator', 'cp:lastModifiedBy', 'dc:title', 'dc:subject', 'dc:description', 'cp:keywords', 'cp:category']) {
      const m = new RegExp(`<${name.replace(':', '\\:')}(?:\\s[^>]*)?>([\\s\\S]*?)</${name.replace(':', '\\:')}>`).exec(core);
      if (m && m[1]!.trim()) n++;
    }
  }
  const app = await readPart(zip, 'docProps/app.xml');
  if (app) for (const name of ['Company', 'Manager']) if (new RegExp(`<${name}>[^<]+</${name}>`).test(app)) n++;
  const custom = await readPart(zip, 'docProps/custom.xml');
  if (custom) n += (custom.match(/<property\b/g) ?? []).length;
  return n;
}

/** Parts nothing should carry in either format: thumbnails, custom XML data, macros, printer settings. */
async function removeCommonParts(zip: JSZip, report: PrepareReport): Promise<void> {
  await removeParts(zip, /^docProps\/thumbnail\.[a-z]+$/i);
  await removeParts(zip, /^customXml\//);
  report.activeContentRemoved += await removeParts(zip, /(^|\/)vbaProject\.bin$|(^|\/)vbaData\.xml$/);
  await removeParts(zip, /(^|\/)printerSettings\/[^/]+$/);
}

// ---------------------------------------------------------------------------------------------
// Word

const WORD_TEXT_PARTS = /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/;

function isOff(rPr: string, tag: string): boolean {
  const m = new RegExp(`<${tag.replace(':', '\\:')}\\b([^>]*)/?>`).exec(rPr);
  if (!m) return true;
  const val = attribute(m[0], 'w:val');
  return val === '0' || val === 'false' || val === 'off';
}

/** Character and paragraph styles whose run properties hide text. */
async function hiddenStyleIds(zip: JSZip): Promise<Set<string>> {
  const styles = (await readPart(zip, 'word/styles.xml')) ?? '';
  const out = new Set<string>();
  for (const r of elementRanges(styles, 'w:style')) {
    const s = styles.slice(r.start, r.end);
    const rPr = /<w:rPr\b[^>]*>([\s\S]*?)<\/w:rPr>/.exec(s)?.[1] ?? '';
    if (!isOff(rPr, 'w:vanish') || !isOff(rPr, 'w:specVanish')) {
      const id = attribute(s.slice(0, s.indexOf('>') + 1), 'w:styleId');
      if (id) out.add(id);
    }
  }
  return out;
}

function ownRunProperties(xml: string, run: Range): string {
  const m = /^\s*<w:rPr\b[^>]*>([\s\S]*?)<\/w:rPr>/.exec(xml.slice(run.openEnd, run.end));
  return m?.[1] ?? '';
}

/** Word-hidden runs go; returns the part and how many characters they held. */
function removeHiddenRuns(xml: string, hiddenStyles: Set<string>): { xml: string; chars: number } {
  const runs = elementRanges(xml, 'w:r');
  // Runs in a paragraph whose style hides text are hidden unless they switch it off themselves.
  const hiddenParagraphs = elementRanges(xml, 'w:p').filter((p) => {
    const style = /^\s*<w:pPr\b[^>]*>[\s\S]*?<w:pStyle\b[^>]*>/.exec(xml.slice(p.openEnd, p.end));
    const id = style ? attribute(style[0].slice(style[0].lastIndexOf('<w:pStyle')), 'w:val') : undefined;
    return id !== undefined && hiddenStyles.has(id);
  });
  const hidden: Range[] = [];
  for (const run of runs) {
    const rPr = ownRunProperties(xml, run);
    const styleTag = /<w:rStyle\b[^>]*>/.exec(rPr)?.[0];
    const style = styleTag ? attribute(styleTag, 'w:val') : undefined;
    const explicit = /<w:(?:spec)?[vV]anish\b/.test(rPr);
    const byStyle = style !== undefined && hiddenStyles.has(style);
    const byParagraph = hiddenParagraphs.some((p) => run.start > p.start && run.end < p.end);
    const hiddenHere = explicit ? !isOff(rPr, 'w:vanish') || !isOff(rPr, 'w:specVanish') : byStyle || byParagraph;
    if (hiddenHere) hidden.push(run);
  }
  const outer = outermost(hidden);
  let chars = 0;
  for (const r of outer) chars += textOf(xml.slice(r.start, r.end), 'w:t').replace(/\s/g, '').length;
  return { xml: applyEdits(xml, outer.map((r) => ({ start: r.start, end: r.end, text: '' }))), chars };
}

/** Accepts tracked changes: deletions and moved-away text dropped, insertions kept, change records removed. */
function acceptRevisions(xml: string): { xml: string; count: number } {
  let count = 0;
  let out = xml;
  for (const name of ['w:del', 'w:moveFrom']) {
    const r = removeElements(out, name);
    out = r.xml;
    count += r.count;
  }
  for (const name of ['w:ins', 'w:moveTo']) {
    const r = unwrapElements(out, name);
    out = r.xml;
    count += r.count;
  }
  for (const name of ['w:rPrChange', 'w:pPrChange', 'w:sectPrChange', 'w:tblPrChange', 'w:trPrChange', 'w:tcPrChange', 'w:tblGridChange', 'w:numberingChange', 'w:cellIns', 'w:cellDel', 'w:cellMerge']) {
    const r = removeElements(out, name);
    out = r.xml;
    count += r.count;
  }
  for (const name of ['w:moveFromRangeStart', 'w:moveFromRangeEnd', 'w:moveToRangeStart', 'w:moveToRangeEnd']) out = removeElements(out, name).xml;
  return { xml: out, count };
}

function removeComments(xml: string): string {
  let out = xml;
  for (const name of ['w:commentRangeStart', 'w:commentRangeEnd', 'w:commentReference']) out = removeElements(out, name).xml;
  return out;
}

/** Links keep their text, lose their target; field instructions (HYPERLINK "mailto:…", INCLUDETEXT) go. */
function removeLinksAndFields(xml: string): { xml: string; count: number } {
  const links = unwrapElements(xml, 'w:hyperlink');
  const instr = removeElements(links.xml, 'w:instrText');
  const simple = unwrapElements(instr.xml, 'w:fldSimple');
  return { xml: simple.xml, count: links.count + instr.count + simple.count };
}

const textRun = (text: string) => `<w:t xml:space="preserve">${escapeXml(text)}</w:t>`;

interface PictureRef {
  range: Range;
  relIds: string[];
}

/** Pictures: DrawingML pictures (pic:pic) and VML images, each with the relationship ids of its image. */
function findPictures(xml: string): PictureRef[] {
  const candidates: Range[] = [];
  for (const name of ['mc:AlternateContent', 'w:drawing', 'w:pict']) candidates.push(...elementRanges(xml, name));
  const pictures: PictureRef[] = [];
  for (const r of outermost(candidates)) {
    const s = xml.slice(r.start, r.end);
    const isPicture = /<pic:pic\b|<v:imagedata\b/.test(s);
    const isTextBox = /<w:txbxContent\b/.test(s);
    const isChart = /<c:chart\b|<dgm:relIds\b/.test(s);
    if (!isPicture || isTextBox || isChart) continue;
    const relIds = [...s.matchAll(/\sr:(?:embed|id|link)\s*=\s*"([^"]+)"/g)].map((m) => m[1]!);
    pictures.push({ range: r, relIds });
  }
  return pictures;
}

function removeEmbeddedObjects(xml: string): { xml: string; count: number } {
  const ranges = outermost(elementRanges(xml, 'w:object'));
  return { xml: applyEdits(xml, ranges.map((r) => ({ start: r.start, end: r.end, text: textRun('[Embedded object removed]') }))), count: ranges.length };
}

export async function prepareDocxForHandoff(buffer: Buffer, onImage: ImageHandler | null): Promise<{ buffer: Buffer; report: PrepareReport }> {
  const zip = await openPackage(buffer, 'docx');
  if (!zip.file('word/document.xml')) throw new Error('no word/document.xml');
  const report = emptyReport();
  report.metadataRemoved = await countMetadata(zip);
  const hiddenStyles = await hiddenStyleIds(zip);

  for (const path of partsMatching(zip, WORD_TEXT_PARTS)) {
    let xml = (await readPart(zip, path)) ?? '';
    const relsPath = relsPathOf(path);
    const rels = await relationships(zip, relsPath);

    const revisions = acceptRevisions(xml);
    xml = revisions.xml;
    report.revisionsRemoved += revisions.count;

    const hidden = removeHiddenRuns(xml, hiddenStyles);
    xml = hidden.xml;
    report.hiddenTextRemoved += hidden.chars;

    xml = removeComments(xml);

    // Pictures: each becomes a marker run text; the caller may re-encode it as a thumbnail.
    const edits: Edit[] = [];
    for (const pic of findPictures(xml)) {
      const rel = pic.relIds.map((id) => rels.find((r) => r.id === id && isImageRel(r) && !r.external)).find(Boolean);
      let name: string | null = null;
      if (rel && onImage) {
        const target = resolveTarget(relsPath, rel.target);
        const file = zip.file(target);
        if (file) name = await onImage({ bytes: await file.async('nodebuffer'), extension: target.split('.').pop()!.toLowerCase(), path: target });
      }
      if (name) report.imagesThumbnailed++;
      else report.imagesRemoved++;
      edits.push({ start: pic.range.start, end: pic.range.end, text: textRun(name ? imageMarker(name) : IMAGE_REMOVED) });
    }
    xml = applyEdits(xml, edits);

    const objects = removeEmbeddedObjects(xml);
    xml = objects.xml;
    report.activeContentRemoved += objects.count;

    const links = removeLinksAndFields(xml);
    xml = links.xml;
    report.activeContentRemoved += links.count;

    zip.file(path, xml);
    // Image, object and link relationships of this part go with what used them.
    await dropRelationships(zip, relsPath, (r) => isImageRel(r) || isHyperlinkRel(r) || r.type.endsWith('/oleObject') || r.type.endsWith('/package'));
  }

  const comments = partsMatching(zip, /^word\/comments\.xml$/);
  if (comments.length) {
    const xml = (await readPart(zip, comments[0]!)) ?? '';
    report.commentsRemoved = elementRanges(xml, 'w:comment').length;
  }
  await removeParts(zip, /^word\/(comments|commentsExtended|commentsIds|commentsExtensible|people)\.xml$/);
  await removeParts(zip, /^word\/media\//);
  report.activeContentRemoved += await removeParts(zip, /^word\/embeddings\//);
  await removeParts(zip, /^word\/glossary\//);
  await removeCommonParts(zip, report);

  // The attached template's path names a user folder; the settings keep everything else.
  const settings = await readPart(zip, 'word/settings.xml');
  if (settings !== undefined) zip.file('word/settings.xml', removeElements(settings, 'w:attachedTemplate').xml);
  await dropRelationships(zip, 'word/_rels/settings.xml.rels', (r) => r.external);

  return { buffer: await savePackage(zip), report };
}

// ---------------------------------------------------------------------------------------------
// Excel

export async function prepareXlsxForHandoff(buffer: Buffer): Promise<{ buffer: Buffer; report: PrepareReport }> {
  const zip = await openPackage(buffer, 'xlsx');
  if (!zip.file('xl/workbook.xml')) throw new Error('no xl/workbook.xml');
  const report = emptyReport();
  report.metadataRemoved = await countMetadata(zip);

  const workbook = (await readPart(zip, 'xl/workbook.xml')) ?? '';
  report.hiddenPartsShown += [...workbook.matchAll(/<sheet\b[^>]*\sstate\s*=\s*"(hidden|veryHidden)"/g)].length;
  let wbOut = removeElements(workbook, 'externalReferences').xml;
  if (wbOut !== workbook) zip.file('xl/workbook.xml', wbOut);
  wbOut = '';

  for (const path of partsMatching(zip, /^xl\/worksheets\/sheet\d*\.xml$/)) {
    let xml = (await readPart(zip, path)) ?? '';
    report.formulasReplaced += (xml.match(/<f[\s/>]/g) ?? []).length;
    report.hiddenPartsShown += (xml.match(/<(?:row|col)\b[^>]*\shidden\s*=\s*"(?:1|true)"/g) ?? []).length;
    const links = removeElements(xml, 'hyperlinks');
    const objects = removeElements(links.xml, 'oleObjects');
    const controls = removeElements(objects.xml, 'controls');
    xml = controls.xml;
    report.activeContentRemoved += links.count + objects.count + controls.count;
    zip.file(path, xml);
    await dropRelationships(zip, relsPathOf(path), (r) => isHyperlinkRel(r) || r.type.endsWith('/oleObject') || r.type.endsWith('/package') || r.type.endsWith('/control'));
  }

  // Pictures in drawings go (never thumbnailed: spec rule 4); chart frames and shapes stay.
  for (const path of partsMatching(zip, /^xl\/drawings\/drawing\d*\.xml$/)) {
    const xml = (await readPart(zip, path)) ?? '';
    const anchors = ['xdr:twoCellAnchor', 'xdr:oneCellAnchor', 'xdr:absoluteAnchor'].flatMap((n) => elementRanges(xml, n));
    const pictures = outermost(anchors).filter((a) => /<xdr:pic\b/.test(xml.slice(a.start, a.end)));
    report.imagesRemoved += pictures.length;
    if (pictures.length) zip.file(path, applyEdits(xml, pictures.map((r) => ({ start: r.start, end: r.end, text: '' }))));
    await dropRelationships(zip, relsPathOf(path), (r) => isImageRel(r));
  }
  await removeParts(zip, /^xl\/media\//);
  report.revisionsRemoved += await removeParts(zip, /^xl\/revisions\//);
  report.activeContentRemoved += await removeParts(zip, /^xl\/(embeddings|activeX|ctrlProps)\//);
  await removeParts(zip, /^xl\/externalLinks\//);
  await removeCommonParts(zip, report);
  return { buffer: await savePackage(zip), report };
}

// ---------------------------------------------------------------------------------------------
// The last check: no original value anywhere in the rebuilt package.

const collapse = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

/**
 * The originals (of at least 4 characters) still found in any part of a package: in the XML text
 * (entities decoded, with and without tags, so a value split over runs is found), and in binary
 * parts as Latin-1 and UTF-16. An empty answer means the file may be sent; otherwise the caller
 * sends the text instead (rule 1: never the original).
 */
export async function originalsLeftInPackage(buffer: Buffer, originals: string[]): Promise<string[]> {
  const wanted = [...new Set(originals.map((o) => collapse(o.trim())).filter((o) => o.length >= 4))];
  if (!wanted.length) return [];
  const zip = await JSZip.loadAsync(buffer);
  const left = new Set<string>();
  const files: JSZip.JSZipObject[] = [];
  zip.forEach((_p, f) => {
    if (!f.dir) files.push(f);
  });
  for (const f of files) {
    const bytes = await f.async('nodebuffer');
    const isXml = /\.(xml|rels|vml)$/i.test(f.name);
    const views: string[] = [];
    if (isXml) {
      const raw = bytes.toString('utf8');
      views.push(collapse(unescapeXml(raw)), collapse(unescapeXml(raw.replace(/<[^>]+>/g, ''))));
    } else {
      views.push(collapse(bytes.toString('latin1')), collapse(bytes.toString('utf16le')));
    }
    for (const o of wanted) if (views.some((v) => v.includes(o))) left.add(o);
  }
  return [...left];
}
