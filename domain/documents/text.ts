import type { ExtractedDocument, RewrittenDocument, Segment, SegmentRewriter } from './types';

/**
 * Plain text formats: txt and md are one segment each (detection then sees addresses and names that
 * run over line breaks); json is one segment per string literal, so a stand-in is always written
 * back as valid JSON. Invalid JSON is read as plain text.
 */

const UTF8_BOM = '\uFEFF';

/** UTF-8 (with or without BOM, or UTF-16 with BOM); files that are not valid UTF-8 are read as Windows-1252. */
export function decodeText(buffer: Buffer): { text: string; bom: boolean } {
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return { text: buffer.subarray(2).toString('utf16le'), bom: true };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = new TextDecoder('windows-1252').decode(buffer);
  }
  if (text.startsWith(UTF8_BOM)) return { text: text.slice(1), bom: true };
  return { text, bom: false };
}

/** Written back as UTF-8; a BOM the input had is kept (Excel needs it to read UTF-8 CSV). */
export function encodeText(text: string, bom: boolean): Buffer {
  return Buffer.from((bom ? UTF8_BOM : '') + text, 'utf8');
}

export function extractPlainText(buffer: Buffer, type: 'txt' | 'md'): ExtractedDocument {
  const { text } = decodeText(buffer);
  const segments: Segment[] = text.trim() === '' ? [] : [{ start: 0, end: text.length, location: { kind: 'text' } }];
  return { type, text, segments };
}

export function rewritePlainText(buffer: Buffer, type: 'txt' | 'md', rewrite: SegmentRewriter): RewrittenDocument {
  const { bom } = decodeText(buffer);
  const doc = extractPlainText(buffer, type);
  const text = doc.segments.length ? rewrite(doc.text, doc.segments[0].location, 0) : doc.text;
  return { document: encodeText(text, bom), text };
}

const STRING_LITERAL = /"(?:[^"\\]|\\.)*"/g; // valid JSON: no raw control characters inside

interface JsonLiteral {
  start: number;
  end: number;
  key: string | undefined;
  isKey: boolean;
}

function jsonLiterals(text: string): JsonLiteral[] {
  const out: JsonLiteral[] = [];
  let lastKey: string | undefined;
  STRING_LITERAL.lastIndex = 0;
  for (let m = STRING_LITERAL.exec(text); m; m = STRING_LITERAL.exec(text)) {
    const after = /^\s*:/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 64));
    const start = m.index + 1;
    const end = m.index + m[0].length - 1;
    if (after) lastKey = JSON.parse(m[0]) as string;
    out.push({ start, end, key: after ? undefined : lastKey, isKey: after });
  }
  return out;
}

export function extractJson(buffer: Buffer): ExtractedDocument {
  const { text } = decodeText(buffer);
  try {
    JSON.parse(text);
  } catch {
    return { ...extractPlainText(buffer, 'txt'), type: 'json' };
  }
  const segments: Segment[] = jsonLiterals(text)
    .filter((l) => l.end > l.start)
    .map((l) => ({ start: l.start, end: l.end, location: { kind: 'text', path: l.isKey ? undefined : l.key } }));
  return { type: 'json', text, segments };
}

/** A rewritten literal is kept as given when it is valid JSON string content, else escaped. */
function asJsonStringContent(s: string): string {
  try {
    JSON.parse(`"${s}"`);
    return s;
  } catch {
    return JSON.stringify(s).slice(1, -1);
  }
}

export function rewriteJson(buffer: Buffer, rewrite: SegmentRewriter): RewrittenDocument {
  const { bom, text } = decodeText(buffer);
  try {
    JSON.parse(text);
  } catch {
    return rewritePlainText(buffer, 'txt', rewrite); // read as plain text, written back as such
  }
  const doc = extractJson(buffer);
  let out = '';
  let at = 0;
  doc.segments.forEach((segment, index) => {
    const old = doc.text.slice(segment.start, segment.end);
    const next = rewrite(old, segment.location, index);
    out += doc.text.slice(at, segment.start) + asJsonStringContent(next);
    at = segment.end;
  });
  out += doc.text.slice(at);
  return { document: encodeText(out, bom), text: out };
}
