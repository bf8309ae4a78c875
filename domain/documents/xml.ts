/**
 * The small amount of XML handling the OOXML readers need, done on the raw part text so that a
 * rewrite changes only the bytes of the text it replaces and leaves every other byte of the part
 * (and every other part of the package) identical. No DOM: a part is scanned once for tags.
 *
 * A "text group" is the unit a reader hands out as one segment: a Word paragraph (<w:p>), a shared
 * string (<si>), an inline string (<is>), a chart point (<c:pt>). Its text is the concatenation of
 * its text elements (<w:t>, <t>, <c:v>...), which Word freely splits across runs (spell check,
 * revisions, formatting changes all cut runs), so a value such as "Anna Schmidt" is often spread
 * over several <w:t>. We therefore detect on the merged text and write the new text back by diff:
 * see distributeText below.
 */

export interface TextNode {
  /** Offsets of the element's content (between its start and end tag) in the part; -1 for fixed text. */
  contentStart: number;
  contentEnd: number;
  /** Offsets of the start tag (to add xml:space="preserve" when the new text needs it). */
  tagStart: number;
  tagEnd: number;
  tagName: string;
  /** Whether the start tag already says xml:space="preserve". */
  preservesSpace: boolean;
  /** Unescaped text. */
  text: string;
  /** Fixed text (<w:tab/> as "\t", <w:br/> as "\n") is part of the group's text but cannot be edited. */
  fixed: boolean;
}

export interface TextGroup {
  /** Offset of the group's start tag in the part. */
  start: number;
  nodes: TextNode[];
}

export interface ScanSpec {
  /** Elements that form a group (the innermost open one receives text). */
  group: ReadonlySet<string>;
  /** Elements whose content is text. */
  text: ReadonlySet<string>;
  /** Elements whose whole content is ignored (tracked deletions, phonetic runs). */
  skip?: ReadonlySet<string>;
  /** Empty elements that stand for fixed text. */
  fixedText?: ReadonlyMap<string, string>;
  /** Only collect text nodes whose innermost ancestor among these is this one (e.g. c:strCache). */
  within?: ReadonlySet<string>;
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<![^>]*>/g;

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_m, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(Number.parseInt(hex, 16));
    return NAMED[name!];
  });
}

/** Escapes text content (and drops characters XML 1.0 cannot carry at all). */
export function escapeXml(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function escapeXmlAttribute(s: string): string {
  return escapeXml(s).replace(/"/g, '&quot;');
}

/** Scans a part for text groups, in the document order of their start tags. */
export function scanTextGroups(xml: string, spec: ScanSpec): TextGroup[] {
  const groups: TextGroup[] = [];
  const open: TextGroup[] = [];
  const withinStack: boolean[] = [];
  let skipDepth = 0;
  let inText: { tagStart: number; tagEnd: number; tagName: string; preservesSpace: boolean } | null = null;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    const name = m[2];
    if (!name) continue; // comment, processing instruction, CDATA, doctype
    const closing = m[1] === '/';
    const selfClosing = m[4] === '/';
    if (inText) {
      if (closing && name === inText.tagName) {
        const group = open[open.length - 1];
        const raw = xml.slice(inText.tagEnd, m.index);
        group?.nodes.push({
          contentStart: inText.tagEnd,
          contentEnd: m.index,
          tagStart: inText.tagStart,
          tagEnd: inText.tagEnd,
          tagName: inText.tagName,
          preservesSpace: inText.preservesSpace,
          text: unescapeXml(raw),
          fixed: false,
        });
        inText = null;
      }
      continue;
    }
    if (spec.skip?.has(name)) {
      if (selfClosing) continue;
      skipDepth += closing ? -1 : 1;
      continue;
    }
    if (skipDepth > 0) continue;
    if (spec.within?.has(name) && !selfClosing) {
      if (closing) withinStack.pop();
      else withinStack.push(true);
      continue;
    }
    if (spec.group.has(name)) {
      if (selfClosing) continue;
      if (closing) open.pop();
      else {
        const group: TextGroup = { start: m.index, nodes: [] };
        groups.push(group);
        open.push(group);
      }
      continue;
    }
    const inScope = !spec.within || withinStack.length > 0;
    if (!inScope || open.length === 0 || closing) continue;
    if (spec.text.has(name)) {
      if (selfClosing) continue;
      inText = {
        tagStart: m.index,
        tagEnd: m.index + m[0].length,
        tagName: name,
        preservesSpace: /xml:space\s*=\s*["']preserve/.test(m[3]),
      };
      continue;
    }
    const fixed = spec.fixedText?.get(name);
    if (fixed !== undefined) {
      open[open.length - 1].nodes.push({
        contentStart: -1,
        contentEnd: -1,
        tagStart: m.index,
        tagEnd: m.index + m[0].length,
        tagName: name,
        preservesSpace: false,
        text: fixed,
        fixed: true,
      });
    }
  }
  return groups;
}

export function groupText(group: TextGroup): string {
  let s = '';
  for (const n of group.nodes) s += n.text;
  return s;
}

/** One replacement in a part: xml.slice(start, end) becomes text (already escaped). */
export interface XmlEdit {
  start: number;
  end: number;
  text: string;
}

/** Applies non-overlapping edits (any order) to a part. */
export function applyXmlEdits(xml: string, edits: XmlEdit[]): string {
  if (edits.length === 0) return xml;
  const sorted = [...edits].sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const e of sorted) {
    out += xml.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + xml.slice(at);
}

/**
 * The edits that turn a group's text into newText while keeping formatting.
 *
 * Why a diff: the caller gives back the whole new paragraph text, not a list of replacements. We
 * diff old and new text word by word (LCS over tokens), so unchanged words stay in their own runs
 * with their own formatting, and each changed stretch is written into the run where it starts (the
 * stand-in takes that run's formatting; the characters it replaces are removed from the runs they
 * sat in). Fixed text (tabs, breaks) cannot be edited: an inserted stretch that would start on one
 * goes into the next editable node, and one that would delete it keeps it.
 */
export function distributeText(group: TextGroup, newText: string, preserveSpaceTags: ReadonlySet<string>): XmlEdit[] {
  const oldText = groupText(group);
  if (oldText === newText) return [];
  const hunks = diffHunks(oldText, newText);
  // Node texts as mutable strings, with their start offsets in oldText.
  const nodes = group.nodes.map((n) => ({ node: n, text: n.text }));
  const starts: number[] = [];
  let pos = 0;
  for (const n of group.nodes) {
    starts.push(pos);
    pos += n.text.length;
  }
  // Apply hunks right to left so the offsets of earlier hunks stay valid.
  for (let h = hunks.length - 1; h >= 0; h--) {
    const { oldStart, oldEnd, replacement } = hunks[h];
    let placed = replacement.length === 0;
    for (let i = 0; i < nodes.length; i++) {
      const ns = starts[i];
      const ne = ns + group.nodes[i].text.length;
      const entry = nodes[i];
      if (entry.node.fixed) continue;
      const overlapStart = Math.max(ns, oldStart);
      const overlapEnd = Math.min(ne, oldEnd);
      const startsHere = !placed && oldStart >= ns && (oldStart < ne || (oldStart === ne && oldStart === oldEnd));
      if (overlapStart < overlapEnd || startsHere) {
        const a = Math.max(0, overlapStart - ns);
        const b = Math.max(a, overlapEnd - ns);
        const insert = startsHere ? replacement : '';
        if (startsHere) placed = true;
        entry.text = entry.text.slice(0, a) + insert + entry.text.slice(b);
      }
    }
    if (!placed) {
      // The stretch starts on fixed text or past the last node: append to the next editable node
      // after oldStart, else to the last editable node.
      let target = nodes.findIndex((e, i) => !e.node.fixed && starts[i] >= oldStart);
      if (target < 0) target = nodes.map((e) => !e.node.fixed).lastIndexOf(true);
      if (target >= 0) {
        const e = nodes[target];
        e.text = starts[target] >= oldStart ? replacement + e.text : e.text + replacement;
      }
    }
  }
  const edits: XmlEdit[] = [];
  for (const { node, text } of nodes) {
    if (node.fixed || text === node.text) continue;
    edits.push({ start: node.contentStart, end: node.contentEnd, text: escapeXml(text) });
    if (preserveSpaceTags.has(node.tagName) && !node.preservesSpace && /^\s|\s$/.test(text)) {
      const at = node.tagStart + 1 + node.tagName.length;
      edits.push({ start: at, end: at, text: ' xml:space="preserve"' });
    }
  }
  return edits;
}

interface Hunk {
  oldStart: number;
  oldEnd: number;
  replacement: string;
}

const TOKEN = /\p{L}+|\p{N}+|\s+|[^\p{L}\p{N}\s]/gu;

/** Word-level diff: the stretches of oldText that change, with what replaces each. */
export function diffHunks(oldText: string, newText: string): Hunk[] {
  // Common prefix and suffix first: the usual case (one or two values replaced) needs no table.
  let p = 0;
  const max = Math.min(oldText.length, newText.length);
  while (p < max && oldText.charCodeAt(p) === newText.charCodeAt(p)) p++;
  let s = 0;
  while (
    s < max - p &&
    oldText.charCodeAt(oldText.length - 1 - s) === newText.charCodeAt(newText.length - 1 - s)
  )
    s++;
  // Snap to token boundaries so a hunk never splits a word.
  while (p > 0 && /[\p{L}\p{N}]/u.test(oldText[p - 1]) && /[\p{L}\p{N}]/u.test(oldText[p] ?? '')) p--;
  while (
    s > 0 &&
    /[\p{L}\p{N}]/u.test(oldText[oldText.length - s] ?? '') &&
    /[\p{L}\p{N}]/u.test(oldText[oldText.length - s - 1] ?? '')
  )
    s--;
  const oldMid = oldText.slice(p, oldText.length - s);
  const newMid = newText.slice(p, newText.length - s);
  const a = oldMid.match(TOKEN) ?? [];
  const b = newMid.match(TOKEN) ?? [];
  if (a.length * b.length > 250_000 || a.length === 0 || b.length === 0) {
    return [{ oldStart: p, oldEnd: oldText.length - s, replacement: newMid }];
  }
  // LCS table over tokens.
  const n = a.length;
  const m = b.length;
  const dp: Uint32Array[] = [];
  for (let i = 0; i <= n; i++) dp.push(new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i][j] = a[i] === b[j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
    }
  }
  const hunks: Hunk[] = [];
  let i = 0;
  let j = 0;
  let oldPos = p;
  let cur: Hunk | null = null;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      if (cur) {
        hunks.push(cur);
        cur = null;
      }
      oldPos += a[i].length;
      i++;
      j++;
    } else if (j < m && (i >= n || dp[i][j + 1] >= dp[i + 1][j])) {
      cur ??= { oldStart: oldPos, oldEnd: oldPos, replacement: '' };
      cur.replacement += b[j];
      j++;
    } else {
      cur ??= { oldStart: oldPos, oldEnd: oldPos, replacement: '' };
      oldPos += a[i].length;
      cur.oldEnd = oldPos;
      i++;
    }
  }
  if (cur) hunks.push(cur);
  // A value is replaced as a whole: changed words separated only by spaces or punctuation ("Anna
  // Schmidt" → "Maria Koch") form one hunk, so the stand-in lands in one run with one formatting.
  const merged: Hunk[] = [];
  for (const h of hunks) {
    const prev = merged[merged.length - 1];
    const gap = prev ? oldText.slice(prev.oldEnd, h.oldStart) : '';
    if (prev && !/[\p{L}\p{N}]/u.test(gap)) {
      prev.replacement += gap + h.replacement;
      prev.oldEnd = h.oldEnd;
    } else merged.push(h);
  }
  return merged;
}

/** Attribute value of a start tag, unescaped (undefined when absent). */
export function attribute(tag: string, name: string): string | undefined {
  const re = new RegExp(`\\s${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*("([^"]*)"|'([^']*)')`);
  const m = re.exec(tag);
  if (!m) return undefined;
  return unescapeXml(m[2] ?? m[3] ?? '');
}
