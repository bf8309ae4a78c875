import type { StandInEntry, StandInVault } from './stand-ins';
import { LOOSE_WRAPPER_RE, STRICT_WRAPPER_RE, wrap } from './wrappers';

const whole = (re: RegExp) => new RegExp(`^${re.source}$`, re.flags.replace('g', ''));
const STRICT_WRAPPER_WHOLE = whole(STRICT_WRAPPER_RE);
const LOOSE_WRAPPER_WHOLE = whole(LOOSE_WRAPPER_RE);
/** The start of anything meant as a wrapper, in any case or spacing. */
const WRAPPER_START = /^\[\[\s*ref\s*[:：]/i;

export type RestoreMode = 'fuzzy' | 'strict';
export type MatchCategory = 'exact' | 'case' | 'spacing' | 'partial';
export type RestorationStatus = 'restored' | 'not_applicable' | 'safe_unrestored' | 'incomplete';
export type Confidence = 'high' | 'medium' | 'low';

export interface TokenFound {
  variantFound: string;
  /** The canonical protected-reference wrapper of the stand-in that was found. */
  canonicalToken: string;
  matchCategory: MatchCategory;
}

export interface RestoreResult {
  restored: string;
  tokensRestored: number;
  tokensFound: TokenFound[];
  /** Wrappers that could not be resolved: another session's nonce, or an unknown code. */
  unresolved: string[];
  /** Stand-ins found bare in strict mode and left as they are (synthetic values, safe to keep). */
  safeUnrestored: string[];
  status: RestorationStatus;
  confidence: Confidence;
}

interface Hit {
  start: number;
  end: number;
  replacement: string;
  found: TokenFound;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function category(variant: string, canonical: string): MatchCategory {
  if (variant === canonical) return 'exact';
  if (variant.toLowerCase() === canonical.toLowerCase()) return 'case';
  return 'spacing';
}

/** A pattern for the stand-in that tolerates case and spacing changes (spaces, dashes, dots between characters). */
function loosePattern(standIn: string): RegExp {
  const compact = standIn.replace(/[\s]+/g, ' ');
  const parts: string[] = [];
  for (const ch of compact) {
    if (ch === ' ') parts.push('\\s*');
    else parts.push(escapeRe(ch));
  }
  // Between letters/digits allow inserted spaces only where the stand-in has a separator or a digit run.
  const body = parts.join('').replace(/(\\s\*)+/g, '\\s*');
  return new RegExp(body, 'giu');
}

function spacedPattern(standIn: string): RegExp {
  // Digits-and-separators values (IBAN, phone, card): the model may regroup them.
  const chars = standIn.replace(/[\s./-]/g, '').split('').map(escapeRe);
  return new RegExp(chars.join('[\\s./-]?'), 'giu');
}

/*
 * Word boundaries are checked here, once per match, rather than as (?<![\p{L}\p{N}]) … (?![\p{L}\p{N}])
 * inside each stand-in's pattern: V8 takes about a millisecond to compile a pattern with Unicode
 * property lookarounds, every session's stand-ins are new patterns (nothing to cache), and a
 * 10-page document has a few hundred of them, so restore cost 0.3-0.8 s, nearly all compiling.
 * The patterns' last and first elements are literals, so a match's ends do not depend on
 * backtracking and checking its neighbours afterwards finds the same matches.
 */
const LETTER_OR_DIGIT_AT_END = /[\p{L}\p{N}]$/u;
const LETTER_OR_DIGIT_AT_START = /^[\p{L}\p{N}]/u;

/** True when text[start, end) is not glued to a letter or digit on either side. */
function standsAlone(text: string, start: number, end: number): boolean {
  return !LETTER_OR_DIGIT_AT_END.test(text.slice(Math.max(0, start - 2), start)) && !LETTER_OR_DIGIT_AT_START.test(text.slice(end, end + 2));
}

/** Every match of `re` (global) that stands alone; a glued match is skipped and the scan resumes one character later. */
function* aloneMatches(re: RegExp, text: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (standsAlone(text, m.index, m.index + m[0].length)) yield m;
    else re.lastIndex = m.index + ((text.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
  }
}

/** `text` with each hit's span replaced by as many NUL characters. */
function blankOut(text: string, hits: Hit[]): string {
  if (!hits.length) return text;
  let out = '';
  let cursor = 0;
  for (const h of [...hits].sort((a, b) => a.start - b.start)) {
    out += text.slice(cursor, h.start) + '\u0000'.repeat(h.end - h.start);
    cursor = h.end;
  }
  return out + text.slice(cursor);
}

/** Lower case without whitespace and separators: the prefilter key for bare stand-ins. */
function compact(s: string): string {
  return s.toLowerCase().replace(/[\s./-]+/g, '');
}

function overlapsAny(hits: Hit[], start: number, end: number): boolean {
  return hits.some((h) => start < h.end && h.start < end);
}

/** Surname-style parts of a stand-in that identify it alone ("Vogt" of "Lena Vogt"). */
function partialParts(entry: StandInEntry): { part: string; original: string }[] {
  if (!['PERSON', 'ORGANIZATION'].includes(entry.entityType)) return [];
  const parts = entry.standIn.split(/\s+/);
  const originals = entry.original.split(/\s+/);
  if (parts.length < 2) return [];
  const out: { part: string; original: string }[] = [];
  // A person's last name is the most telling; first names alone are too common to restore, so a
  // person whose last name is too short to restore alone has no partial part at all. An
  // organisation's first word is its most telling.
  const candidates = entry.entityType === 'PERSON' ? [parts.length - 1] : parts.map((_, i) => i);
  for (const i of candidates) {
    const p = parts[i];
    if (p.length < 4 || !/^\p{Lu}/u.test(p)) continue;
    out.push({ part: p, original: originals.length === parts.length ? originals[i] : entry.original });
  }
  return out.slice(0, 1);
}

/**
 * Puts the originals back into a model's answer.
 * - strict: only complete wrappers with this session's nonce are restored; stand-ins found bare are
 *   left (they are synthetic) and listed in safeUnrestored.
 * - fuzzy (legacy default): wrappers after case and spacing changes, and bare stand-ins, exact or
 *   after case/spacing changes, and a person's or organisation's distinctive part (partial).
 */
export function restoreText(text: string, vault: StandInVault, options: { mode?: RestoreMode } = {}): RestoreResult {
  const mode: RestoreMode = options.mode ?? 'fuzzy';
  const hits: Hit[] = [];
  const unresolved: string[] = [];
  const safeUnrestored: string[] = [];

  // 1. Wrappers. Each "[[" is paired with the next "]]" by indexOf (linear: a regex scanning up to
  //    2,000 characters after every "[[" made a text full of opened wrappers cost seconds); the pair
  //    is then matched whole against the strict or loose form.
  const wrapperRe = mode === 'strict' ? STRICT_WRAPPER_WHOLE : LOOSE_WRAPPER_WHOLE;
  for (let pos = text.indexOf('[['); pos >= 0; ) {
    const close = text.indexOf(']]', pos + 2);
    const nextOpen = text.indexOf('[[', pos + 2);
    const isRef = WRAPPER_START.test(text.slice(pos, pos + 16));
    if (close < 0 || (nextOpen >= 0 && nextOpen < close) || close - pos > 2100) {
      // A wrapper cut short ("[[ref:3f9a1c07:PER1 Lena" and no "]]"): incomplete, not restorable.
      if (isRef) {
        const lineEnd = text.indexOf('\n', pos);
        const stop = Math.min(nextOpen >= 0 ? nextOpen : text.length, lineEnd >= 0 ? lineEnd : text.length, pos + 80);
        unresolved.push(text.slice(pos, stop));
      }
      pos = nextOpen;
      continue;
    }
    const candidate = text.slice(pos, close + 2);
    const m = wrapperRe.exec(candidate);
    if (m) {
      const nonce = m[1];
      const code = mode === 'strict' ? m[2] : `${m[2]}${m[3]}`.toUpperCase();
      const entry = nonce.toLowerCase() === vault.nonce && (mode === 'fuzzy' || nonce === vault.nonce) ? vault.entryByCode(code) : undefined;
      if (entry) {
        const canonical = wrap(vault.nonce, entry.code, entry.standIn);
        hits.push({ start: pos, end: close + 2, replacement: entry.original, found: { variantFound: candidate, canonicalToken: canonical, matchCategory: category(candidate, canonical) } });
      } else unresolved.push(candidate);
    } else if (isRef) unresolved.push(candidate);
    pos = text.indexOf('[[', close + 2);
  }

  // 2. Bare stand-ins, longest first so "Lena Vogt" wins over "Vogt". A session may hold thousands
  //    of stand-ins: only those whose letters and digits occur in the text (case and separators
  //    ignored, one indexOf each) get their pattern run.
  //    Wrappers already resolved are blanked first (NUL characters, same length, so offsets hold):
  //    otherwise the stand-in inside every wrapper passes the prefilter and is matched and thrown
  //    away again, and a protected 10-page document paid ~50 ms for nothing. NUL is neither
  //    letter, digit, space nor separator, so a wrapper's neighbours see what "[" and "]" showed.
  const outside = blankOut(text, hits);
  const compactText = compact(outside);
  const entries = vault.entries().sort((a, b) => b.standIn.length - a.standIn.length);
  for (const entry of entries) {
    if (!compactText.includes(compact(entry.standIn))) continue;
    const canonical = wrap(vault.nonce, entry.code, entry.standIn);
    const re = /^[\d\s./+()-]+$/.test(entry.standIn) || entry.entityType === 'IBAN' ? spacedPattern(entry.standIn) : loosePattern(entry.standIn);
    for (const m of aloneMatches(re, outside)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlapsAny(hits, start, end)) continue;
      if (mode === 'strict') {
        if (!safeUnrestored.includes(entry.standIn)) safeUnrestored.push(entry.standIn);
        hits.push({ start, end, replacement: m[0], found: { variantFound: m[0], canonicalToken: canonical, matchCategory: category(m[0], entry.standIn) } });
        continue;
      }
      hits.push({ start, end, replacement: entry.original, found: { variantFound: m[0], canonicalToken: canonical, matchCategory: category(m[0], entry.standIn) } });
    }
  }
  if (mode === 'fuzzy') {
    for (const entry of entries) {
      const canonical = wrap(vault.nonce, entry.code, entry.standIn);
      for (const { part, original } of partialParts(entry)) {
        if (!compactText.includes(compact(part))) continue;
        const re = new RegExp(escapeRe(part), 'gu');
        for (const m of aloneMatches(re, outside)) {
          if (overlapsAny(hits, m.index, m.index + m[0].length)) continue;
          hits.push({ start: m.index, end: m.index + m[0].length, replacement: original, found: { variantFound: m[0], canonicalToken: canonical, matchCategory: 'partial' } });
        }
      }
    }
  }

  hits.sort((a, b) => a.start - b.start);
  let restored = '';
  let cursor = 0;
  let tokensRestored = 0;
  const tokensFound: TokenFound[] = [];
  for (const h of hits) {
    restored += text.slice(cursor, h.start) + h.replacement;
    cursor = h.end;
    const bareInStrict = mode === 'strict' && h.replacement === h.found.variantFound;
    if (!bareInStrict) {
      tokensRestored++;
      tokensFound.push(h.found);
    }
  }
  restored += text.slice(cursor);

  let status: RestorationStatus;
  if (unresolved.length > 0) status = 'incomplete';
  else if (tokensRestored === 0 && safeUnrestored.length === 0) status = 'not_applicable';
  else if (safeUnrestored.length > 0) status = 'safe_unrestored';
  else status = 'restored';

  let confidence: Confidence = 'high';
  if (unresolved.length > 0 || tokensFound.some((t) => t.matchCategory === 'partial')) confidence = 'low';
  else if (safeUnrestored.length > 0 || tokensFound.some((t) => t.matchCategory !== 'exact')) confidence = 'medium';

  return { restored, tokensRestored, tokensFound, unresolved, safeUnrestored, status, confidence };
}
