import type JSZip from 'jszip';
import { openPackage, partsMatching, readPart, savePackage, scrubAuthorAttributes, scrubMetadata } from './ooxml';
import type { ExtractedDocument, RewrittenDocument, Segment, SegmentRewriter } from './types';
import { applyXmlEdits, distributeText, groupText, type ScanSpec, scanTextGroups, type TextGroup, type XmlEdit } from './xml';

/**
 * Word documents: every part that holds text is read, in this order: the body (text boxes inside it
 * included: they are <w:p> inside <w:txbxContent>), headers, footers, footnotes, endnotes, comments,
 * then charts and SmartArt diagrams. Each non-empty paragraph is one segment.
 *
 * Tracked changes: deleted text (<w:del>, <w:moveFrom>) is neither read nor carried (the rebuilt file
 * drops it), insertions are kept as ordinary text. Author names on comments and revisions and the
 * author metadata are replaced (ooxml.ts scrubMetadata).
 */

const WORD: ScanSpec = {
  group: new Set(['w:p']),
  text: new Set(['w:t']),
  skip: new Set(['w:del', 'w:moveFrom']),
  fixedText: new Map([
    ['w:tab', '\t'],
    ['w:br', '\n'],
    ['w:cr', '\n'],
    ['w:noBreakHyphen', '-'],
  ]),
};

/** Charts (category names, series names, titles) and SmartArt text. */
export const DRAWING: ScanSpec = {
  group: new Set(['a:p', 'c:pt', 'c:tx']),
  text: new Set(['a:t', 'c:v']),
};

const PRESERVE = new Set(['w:t']);

interface WordPart {
  path: string;
  xml: string;
  spec: ScanSpec;
  groups: TextGroup[];
}

const TEXT_PARTS: RegExp[] = [
  /^word\/document\.xml$/,
  /^word\/header\d*\.xml$/,
  /^word\/footer\d*\.xml$/,
  /^word\/footnotes\.xml$/,
  /^word\/endnotes\.xml$/,
  /^word\/comments\.xml$/,
];
const DRAWING_PARTS: RegExp[] = [/^word\/charts\/chart\d*\.xml$/, /^word\/diagrams\/data\d*\.xml$/];

async function readWordParts(zip: JSZip): Promise<WordPart[]> {
  const parts: WordPart[] = [];
  const add = async (pattern: RegExp, spec: ScanSpec) => {
    for (const path of partsMatching(zip, pattern)) {
      const xml = (await readPart(zip, path)) ?? '';
      parts.push({ path, xml, spec, groups: scanTextGroups(xml, spec) });
    }
  };
  for (const p of TEXT_PARTS) await add(p, WORD);
  for (const p of DRAWING_PARTS) await add(p, DRAWING);
  return parts;
}

interface Layout {
  text: string;
  segments: Segment[];
  /** For each segment: its part and group. */
  refs: { part: WordPart; group: TextGroup }[];
}

function layout(parts: WordPart[]): Layout {
  const pieces: string[] = [];
  const segments: Segment[] = [];
  const refs: Layout['refs'] = [];
  let at = 0;
  for (const part of parts) {
    part.groups.forEach((group, paragraph) => {
      const t = groupText(group);
      if (t.trim() === '') return;
      if (pieces.length > 0) {
        pieces.push('\n');
        at += 1;
      }
      segments.push({ start: at, end: at + t.length, location: { kind: 'paragraph', part: part.path, paragraph } });
      refs.push({ part, group });
      pieces.push(t);
      at += t.length;
    });
  }
  return { text: pieces.join(''), segments, refs };
}

export async function extractDocx(buffer: Buffer): Promise<ExtractedDocument> {
  const zip = await openPackage(buffer, 'docx');
  if (!zip.file('word/document.xml')) throw new Error('no word/document.xml');
  const { text, segments } = layout(await readWordParts(zip));
  return { type: 'docx', text, segments };
}

/** Removes tracked deletions and moved-away text: they are not carried (spec: deleted text dropped). */
function dropDeletions(xml: string): string {
  return xml.replace(/<w:(del|moveFrom)(?:\s[^>]*)?(?<!\/)>[\s\S]*?<\/w:\1>/g, '');
}

export async function rewriteDocx(buffer: Buffer, rewrite: SegmentRewriter): Promise<RewrittenDocument> {
  const zip = await openPackage(buffer, 'docx');
  if (!zip.file('word/document.xml')) throw new Error('no word/document.xml');
  const parts = await readWordParts(zip);
  const { segments, refs, text } = layout(parts);
  const editsByPart = new Map<WordPart, XmlEdit[]>();
  const newTexts: string[] = [];
  segments.forEach((segment, index) => {
    const { part, group } = refs[index];
    const old = text.slice(segment.start, segment.end);
    const next = rewrite(old, segment.location, index);
    newTexts.push(next);
    if (next === old) return;
    const edits = editsByPart.get(part) ?? [];
    edits.push(...distributeText(group, next, PRESERVE));
    editsByPart.set(part, edits);
  });
  for (const part of parts) {
    let xml = applyXmlEdits(part.xml, editsByPart.get(part) ?? []);
    if (part.spec === WORD) xml = scrubAuthorAttributes(dropDeletions(xml));
    if (xml !== part.xml) zip.file(part.path, xml);
  }
  const people = await readPart(zip, 'word/people.xml');
  if (people !== undefined) zip.file('word/people.xml', scrubAuthorAttributes(people));
  await scrubMetadata(zip);
  return { document: await savePackage(zip), text: newTexts.join('\n') };
}
