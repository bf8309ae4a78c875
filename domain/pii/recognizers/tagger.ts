import type { BuiltInEntityType, Finding, Language } from '../entity-types';
import { readPiiData } from '../gazetteer';
import { ORG_SUFFIXES } from '../lexicons';
import { decodeModel, spansOf, type TaggedSpan, type TaggerFile, type TaggerModel, tagTokens } from '../tagger/model';
import { wordInfo } from '../tagger/features';
import { F_COMMON_DE, F_COMMON_EN, F_EVERYDAY, F_NOUN_ENDING, type Token, tokensOf, wordFeatures } from './names';
import { finding, type RecognizerContext } from './types';

/**
 * The trained sequence tagger (domain/pii/tagger, data/pii/tagger.json) as a second opinion on
 * names, places, organisations and addresses: it reads the words near a possible name in their
 * context, so it finds names no lexicon or cue rule knows. detect() asks it after the rules and
 * keeps its spans where the rules found nothing, or where they cover only weak rule guesses of a
 * name, place or organisation inside a longer span (see detect.ts).
 *
 * A span's score comes from the tagger's margin (its tag's score minus the best other tag's, the
 * smallest over the span's words): the file's marginAtHalf['<language> <type>'] maps to 0.5, the
 * default threshold, and the score grows linearly to 0.95. The trainer picks marginAtHalf on its own
 * held-apart sentences (unseen templates and locales) for a precision of the added spans.
 */
let loaded: { model: TaggerModel; marginAtHalf: Record<string, number> } | null = null;
/** The model, read once per process at first use (about 30 ms). */
function loadedModel(): { model: TaggerModel; marginAtHalf: Record<string, number> } {
  if (!loaded) {
    const file = JSON.parse(readPiiData('tagger.json')) as TaggerFile;
    loaded = { model: decodeModel(file), marginAtHalf: file.marginAtHalf };
  }
  return loaded;
}

export const TAGGER_TYPES: readonly BuiltInEntityType[] = ['PERSON', 'LOCATION', 'ORGANIZATION', 'ADDRESS'];

/** The tagger's spans that pass the word checks above, with their margins (no threshold yet). */
export function taggedSpans(text: string, language: Language, model: TaggerModel): (TaggedSpan & { start: number; end: number })[] {
  const tokens = tokensOf(text);
  const out: (TaggedSpan & { start: number; end: number })[] = [];
  const tagging = tagTokens(model, tokens, language);
  const spans: TaggedSpan[] = [];
  for (const s of spansOf(tagging)) trimInto(s, tokens, tagging.margins, language, spans);
  for (const span of spans) {
    // A span needs a word that can carry a name (features.ts WordInfo.carrier): capitalised or in a
    // script without case, no acronym (IBAN, DOB), no everyday word. Alone the tagger, which learnt
    // from generated sentences, also tags unseen common words ("airport", "Callback") by position.
    let carrier = false;
    for (let i = span.first; i <= span.last && !carrier; i++) {
      const w = wordInfo(tokens[i].text);
      carrier = language === 'de' ? w.carrierDe : w.carrierEn;
    }
    if (!carrier) continue;
    // Numbers belong to addresses, not to names, places or organisations ("141 Kartons", "INV-2025").
    if (span.type !== 'ADDRESS' && /\d/.test(text.slice(tokens[span.first].start, tokens[span.last].end))) continue;
    // A short number and one word is a quantity ("141 Kartons", "12 Boxes"), not an address; a
    // postal code and a town have at least four digits.
    if (span.type === 'ADDRESS' && span.last === span.first + 1 && /^\d{1,3}$/.test(tokens[span.first].text)) continue;
    // German capitalises nouns: one word built like a noun ("Elternzeit", "Bestellung") is none of these.
    if (language === 'de' && span.first === span.last && (wordFeatures(tokens[span.first].text) & F_NOUN_ENDING) !== 0) continue;
    out.push({ type: span.type, first: span.first, last: span.last, margin: span.margin, start: tokens[span.first].start, end: tokens[span.last].end });
  }
  return out;
}

/** Single words of the legal-form and trade-word list (Gruppe, Werke, Partner ...): they end firm names. */
const ORG_WORDS = new Set(ORG_SUFFIXES.filter((x) => !x.includes(' ')));
/** features.ts WordInfo.common: the bit for a word of the German frequency list. */
const COMMON_DE_BIT = 16;

/** Lower-case words that are everyday or common in either language: no edge of a name. */
const PLAIN = F_COMMON_EN | F_COMMON_DE | F_EVERYDAY;
/** names.ts word bits of a given name, a surname or a name word: such a word may end a name ("erica green"). */
const NAME_BITS = 4 | 8 | 16;
const plainWord = (text: string) => {
  const f = wordFeatures(text);
  return (f & PLAIN) !== 0 && (f & NAME_BITS) === 0;
};
/** Starts with a lower-case letter (a-z without a look-up; other scripts by case mapping). */
function lowerInitial(text: string): boolean {
  const cc = text.charCodeAt(0);
  if (cc >= 97 && cc <= 122) return true;
  if (cc < 128) return false;
  const c = text[0];
  return c === c.toLowerCase() && c !== c.toUpperCase();
}
const isPlainLower = (t: Token) => lowerInitial(t.text) && plainWord(t.text);
/** The same in text written in capitals ("... FRENCH GUIANA AFTER 5 PM"): an everyday word in capitals, no legal form. */
function isPlainUpper(t: Token): boolean {
  const w = t.text;
  if (w.length < 2) return false;
  const c = w[1];
  if (c === c.toLowerCase()) return false;
  return w === w.toUpperCase() && !ORG_WORDS.has(w) && plainWord(w);
}
/** Whether every word of tokens[first..last] is in capitals. */
function allCaps(tokens: Token[], first: number, last: number): boolean {
  for (let i = first; i <= last; i++) {
    const w = tokens[i].text;
    if (w !== w.toUpperCase()) return false;
  }
  return true;
}
/** An everyday word at the edge of span [first, last]: in lower case, or in capitals when the whole span is. */
function plainEdge(tokens: Token[], i: number, first: number, last: number): boolean {
  return isPlainLower(tokens[i]) || (isPlainUpper(tokens[i]) && allCaps(tokens, first, last));
}
/** A gap that ends a sentence or a line: "?", "!", a line break, or ". " after a longer word (not "M. ", "S.A. "). */
function breaksAt(tokens: Token[], i: number): boolean {
  const gap = tokens[i].gap;
  if (gap === ' ') return false;
  if (/[?!\n]/.test(gap)) return true;
  return gap[0] === '.' && /\s/.test(gap) && tokens[i - 1].text.length > 4;
}
function carries(t: Token, language: Language): boolean {
  const w = wordInfo(t.text);
  return language === 'de' ? w.carrierDe : w.carrierEn;
}
function smallestMargin(margins: Float32Array, first: number, last: number): number {
  let margin = margins[first];
  for (let i = first + 1; i <= last; i++) if (margins[i] < margin) margin = margins[i];
  return margin;
}

/** One piece of a name, place or organisation span (see trimInto), pushed to out unless nothing is left. */
function pushPiece(type: TaggedSpan['type'], tokens: Token[], margins: Float32Array, language: Language, first: number, last: number, out: TaggedSpan[]): void {
  const f0 = first;
  const l0 = last;
  while (first < last && plainEdge(tokens, first, f0, l0)) first++;
  while (last > first && plainEdge(tokens, last, f0, l0)) last--;
  // German puts an object noun between a name and its verb ("dass Quolenvo Stellen streicht"):
  // a last word that is a capitalised everyday German noun, no legal-form or trade word, and is
  // followed by a lower-case word, is no part of the name.
  if (language === 'de' && last > first && !ORG_WORDS.has(tokens[last].text) && (wordInfo(tokens[last].text).common & COMMON_DE_BIT) !== 0) {
    const next = tokens[last + 1];
    if (next !== undefined && lowerInitial(next.text)) last--;
  }
  for (let i = last; i > first; i--) {
    if (tokens[i].gap.charCodeAt(0) !== 44) continue; // ','
    let any = false;
    for (let j = i; j <= last && !any; j++) any = carries(tokens[j], language);
    if (!any) last = i - 1;
    break;
  }
  if (first === last && plainEdge(tokens, first, f0, l0)) return;
  out.push({ type, first, last, margin: smallestMargin(margins, first, last) });
}

/**
 * A name, place or organisation span of the tagger, cut where it cannot go on: at a sentence or
 * line end inside it, and without lower-case everyday words at its edges ("Fasasi & Ademiluyi as a",
 * "Leuschke. Follow-up", "Upton & Franecki? I"): greedy decoding keeps an inside tag going once it
 * has started. After a comma, a part without any word that can carry a name is dropped ("Oakwood,
 * February"). An ADDRESS keeps its lower-case words and line breaks; it only loses a sentence's
 * words after it ("... 58264 Rolandoŝiro after 5 pm"). The margin of each piece is the smallest
 * over its own words. Pieces are pushed to out.
 */
function trimInto(span: TaggedSpan, tokens: Token[], margins: Float32Array, language: Language, out: TaggedSpan[]): void {
  if (span.first === span.last) {
    out.push(span);
    return;
  }
  if (span.type === 'ADDRESS') {
    const first = span.first;
    let last = span.last;
    while (last > first && (plainEdge(tokens, last, first, span.last) || (/^\d+$/.test(tokens[last].text) && plainEdge(tokens, last - 1, first, span.last)))) last--;
    for (let i = first + 1; i <= last; i++) {
      const gap = tokens[i].gap;
      if (gap !== ' ' && (/[?!]/.test(gap) || (gap[0] === '.' && /\s/.test(gap) && tokens[i - 1].text.length > 4))) last = i - 1;
    }
    out.push(last === span.last ? span : { type: span.type, first, last, margin: smallestMargin(margins, first, last) });
    return;
  }
  const pieces: TaggedSpan[] = [];
  let from = span.first;
  for (let i = span.first + 1; i <= span.last; i++) {
    if (!breaksAt(tokens, i)) continue;
    pushPiece(span.type, tokens, margins, language, from, i - 1, pieces);
    from = i;
  }
  pushPiece(span.type, tokens, margins, language, from, span.last, pieces);
  for (const p of pieces) out.push(p);
}

let disabled = false;
/** Runs fn with the tagger off: the trainer calibrates the tagger against the rules alone. */
export function withoutTagger<T>(fn: () => T): T {
  disabled = true;
  try {
    return fn();
  } finally {
    disabled = false;
  }
}

export function taggerFindings(text: string, ctx: RecognizerContext): Finding[] {
  if (disabled || !TAGGER_TYPES.some((t) => ctx.wanted.has(t))) return [];
  const { model, marginAtHalf } = loadedModel();
  const out: Finding[] = [];
  for (const span of taggedSpans(text, ctx.language, model)) {
    if (!ctx.wanted.has(span.type)) continue;
    const score = Math.min(0.95, span.margin / (2 * marginAtHalf[`${ctx.language} ${span.type}`]));
    out.push(finding(span.type, text, span.start, span.end, score, 'tagger'));
  }
  return out;
}
