/**
 * Checks every line of data/security/authored/*.jsonl: JSON shape, allowed values, unique ids,
 * label/types/spans consistency, spans in range and non-empty for attacks, encoded spans that decode.
 * Prints counts by lang/label/kind/source; exits 1 on any error.
 *
 *   node --import tsx scripts/security-authored/validate.ts
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { rot13 } from './lib';

const LANGS = new Set(['en', 'de', 'mixed']);
const SOURCES = new Set(['prompt', 'document', 'tool']);
const LABELS = new Set(['attack', 'benign']);
const TYPES = new Set(['injection', 'jailbreak', 'data_extraction', 'size_analysis']);
const OBFUSCATIONS = new Set(['typos', 'spaced_word', 'base64', 'rot13', 'leet', 'homoglyph', 'zero_width']);
const KEYS = new Set(['id', 'split', 'family', 'lang', 'source', 'label', 'kind', 'types', 'carrier', 'spans', 'obfuscation', 'text']);

/** True when base64 decodes to valid UTF-8 without control characters other than tab and newlines. */
function decodesToText(b64: string): boolean {
  const decoded = Buffer.from(b64, 'base64').toString('utf8');
  if (decoded.includes('\uFFFD')) return false;
  for (const ch of decoded) {
    const code = ch.codePointAt(0)!;
    if (code < 32 && ch !== '\n' && ch !== '\t' && ch !== '\r') return false;
  }
  return decoded.trim().length > 0;
}

export interface LineRef {
  file: string;
  line: number;
  raw: string;
}

/** Returns one message per problem found; an empty list means every line is valid. */
export function validateLines(lines: LineRef[]): string[] {
  const errors: string[] = [];
  const ids = new Map<string, string>();
  for (const { file, line, raw } of lines) {
    const at = `${file}:${line}`;
    const err = (m: string) => errors.push(`${at}: ${m}`);
    let r: Record<string, unknown>;
    try {
      r = JSON.parse(raw);
    } catch {
      err('not JSON');
      continue;
    }
    if (typeof r !== 'object' || r === null || Array.isArray(r)) {
      err('not a JSON object');
      continue;
    }
    for (const k of Object.keys(r)) if (!KEYS.has(k)) err(`unknown key ${k}`);
    const { id, split, family, lang, source, label, kind, types, carrier, spans, obfuscation, text } = r;
    if (typeof id !== 'string' || !/^authored-[\w-]+$/.test(id)) err('id must be authored-<unique>');
    else if (ids.has(id)) err(`duplicate id ${id} (first at ${ids.get(id)})`);
    else ids.set(id, at);
    if (split !== 'train') err('split must be "train"');
    if (typeof family !== 'string' || !/^authored-[\w-]+$/.test(family)) err('family must be authored-<kind>-<n>');
    if (!LANGS.has(lang as string)) err(`bad lang ${String(lang)}`);
    if (!SOURCES.has(source as string)) err(`bad source ${String(source)}`);
    if (!LABELS.has(label as string)) err(`bad label ${String(label)}`);
    if (typeof kind !== 'string' || kind.length === 0) err('kind must be a non-empty string');
    if (carrier !== undefined && (typeof carrier !== 'string' || carrier.length === 0)) err('carrier must be a non-empty string when present');
    if (obfuscation !== undefined && !OBFUSCATIONS.has(obfuscation as string)) err(`bad obfuscation ${String(obfuscation)}`);
    if (typeof text !== 'string' || text.trim().length === 0) {
      err('text must be a non-empty string');
      continue;
    }
    if (!Array.isArray(types) || types.some((t) => !TYPES.has(t)) || new Set(types).size !== types.length) {
      err('types must be a list of distinct known types');
      continue;
    }
    if (label === 'benign') {
      if (types.length) err('benign line has types');
      if (spans !== undefined && !(Array.isArray(spans) && spans.length === 0)) err('benign line has spans');
      continue;
    }
    if (types.length === 0) err('attack line without types');
    if (types.includes('size_analysis') && kind !== 'flooding') err('size_analysis outside flooding');
    if (!Array.isArray(spans) || spans.length === 0) {
      err('attack line without spans');
      continue;
    }
    let prevEnd = -1;
    for (const s of spans as Array<Record<string, unknown>>) {
      const { start, end } = s ?? {};
      if (!Number.isInteger(start) || !Number.isInteger(end)) {
        err('span start/end must be integers');
        continue;
      }
      const a = start as number;
      const b = end as number;
      if (a < 0 || b > text.length || a >= b) {
        err(`span ${a}-${b} out of range or empty (text length ${text.length})`);
        continue;
      }
      if (a < prevEnd) err('spans overlap or are unordered');
      prevEnd = b;
      const part = text.slice(a, b);
      if (part.trim().length === 0) err('span covers only whitespace');
      if (part !== part.trim()) err('span starts or ends with whitespace');
      // a span must not cut a surrogate pair in half
      if (/^[\uDC00-\uDFFF]/.test(part) || /[\uD800-\uDBFF]$/.test(part)) err('span cuts a surrogate pair');
      if (obfuscation === 'base64') {
        if (!/^[A-Za-z0-9+/]+=*$/.test(part)) err('base64 span is not base64');
        else if (!decodesToText(part)) err('base64 span does not decode to text');
      }
      if (obfuscation === 'rot13' && !/[a-z]{3}/i.test(rot13(part))) err('rot13 span has no letters');
    }
    // a bare attack prompt is attack from its first to its last character
    if (source === 'prompt' && carrier === undefined && obfuscation !== 'base64' && obfuscation !== 'rot13') {
      const s = (spans as Array<{ start: number; end: number }>)[0];
      if (spans.length !== 1 || s.start !== 0 || s.end !== text.length) err('bare attack prompt must have one span over the whole text');
    }
  }
  return errors;
}

export function readAuthored(dir: string): LineRef[] {
  const refs: LineRef[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
    const rows = readFileSync(path.join(dir, file), 'utf8').split('\n');
    rows.forEach((raw, i) => {
      if (raw.length > 0) refs.push({ file, line: i + 1, raw });
    });
  }
  return refs;
}

function table(refs: LineRef[], key: (r: Record<string, string>) => string): string {
  const m = new Map<string, number>();
  for (const { raw } of refs) {
    const k = key(JSON.parse(raw));
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m.entries()]
    .sort()
    .map(([k, v]) => `  ${k}: ${v}`)
    .join('\n');
}

/**
 * The same checks for a set whose ids and families carry another prefix (the later authors' sets:
 * "authored2-", "secauthor3-", ...): each line must carry that prefix, and is then validated with
 * the prefix mapped to "authored-" (one-to-one, so duplicate ids are still caught).
 */
export function validatePrefixedLines(lines: LineRef[], prefix: string): string[] {
  const pattern = new RegExp(`^${prefix}-[\\w-]+$`);
  const errors: string[] = [];
  const mapped: LineRef[] = [];
  for (const ref of lines) {
    let r: Record<string, unknown>;
    try {
      r = JSON.parse(ref.raw);
    } catch {
      mapped.push(ref);
      continue;
    }
    const at = `${ref.file}:${ref.line}`;
    if (typeof r.id !== 'string' || !pattern.test(r.id)) errors.push(`${at}: id must be ${prefix}-<unique>`);
    if (typeof r.family !== 'string' || !pattern.test(r.family)) errors.push(`${at}: family must be ${prefix}-<kind>-<n>`);
    const copy = { ...r };
    if (typeof copy.id === 'string') copy.id = copy.id.replace(`${prefix}-`, 'authored-');
    if (typeof copy.family === 'string') copy.family = copy.family.replace(`${prefix}-`, 'authored-');
    mapped.push({ ...ref, raw: JSON.stringify(copy) });
  }
  return [...errors, ...validateLines(mapped)];
}

/** Validates a set's directory, prints its counts, and exits 1 on any error (each set's check script). */
export function checkSetFromCommandLine(refs: LineRef[], errors: string[], extraTables: Array<[string, (r: Record<string, string>) => string]> = []): void {
  console.log(`${refs.length} lines`);
  console.log(`by lang/label:\n${table(refs, (r) => `${r.lang}/${r.label}`)}`);
  console.log(`by label/source:\n${table(refs, (r) => `${r.label}/${r.source}`)}`);
  console.log(`by label/kind:\n${table(refs, (r) => `${r.label}/${r.kind}`)}`);
  for (const [name, key] of extraTables) console.log(`${name}:\n${table(refs, key)}`);
  if (errors.length) {
    console.error(`${errors.length} errors:\n${errors.slice(0, 50).join('\n')}`);
    process.exit(1);
  }
  console.log('all lines valid');
}

if (process.argv[1] && path.basename(process.argv[1]) === 'validate.ts') {
  const dir = path.resolve(path.dirname(process.argv[1]), '../../data/security/authored');
  const refs = readAuthored(dir);
  checkSetFromCommandLine(refs, validateLines(refs), [['by obfuscation', (r) => r.obfuscation ?? '(none)']]);
}
