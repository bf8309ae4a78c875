import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltInEntityType, Finding, Language } from '../entity-types';
import { decodeModel, spansOf, type TaggedSpan, type TaggerFile, type TaggerModel, tagTokens } from '../tagger/model';
import { F_ACRONYM, F_COMMON_DE, F_COMMON_EN, F_EVERYDAY, F_NOUN_ENDING, type Token, tokensOf, wordFeatures } from './names';
import { finding, type RecognizerContext } from './types';

/**
 * The trained sequence tagger (domain/pii/tagger, data/pii/tagger.json) as a second opinion on
 * names, places, organisations and addresses: it reads every word in its context, so it finds the
 * ones no lexicon or cue rule knows. detect() asks it after the rules and keeps only the spans the
 * rules did not already cover (tagger spans never replace a rule's finding: see detect.ts).
 *
 * A span's score comes from the tagger's margin (its tag's score minus the best other tag's, the
 * smallest over the span's words): the file's marginAtHalf['<language> <type>'] maps to 0.5, the default
 * threshold, and the score grows linearly to 0.95. The trainer picks marginAtHalf on its own
 * held-apart sentences (unseen templates and locales) for a precision of the added spans.
 */
let loaded: { model: TaggerModel; marginAtHalf: Record<string, number> } | null = null;
/** The model, read once per process at first use (about 0.1 s). */
function loadedModel(): { model: TaggerModel; marginAtHalf: Record<string, number> } {
  if (!loaded) {
    const file = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'data', 'pii', 'tagger.json'), 'utf8')) as TaggerFile;
    loaded = { model: decodeModel(file), marginAtHalf: file.marginAtHalf };
  }
  return loaded;
}

/** Scripts without capital letters: there a word's case says nothing. */
const NO_CASE_SCRIPT = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}\p{Script=Devanagari}]/u;

/**
 * A word that can carry a name: capitalised (or in a script without case), no short acronym
 * (IBAN, DOB, EMEA) and no everyday word of the language. A tagged span needs one: the tagger
 * learnt names from generated sentences and alone it also tags unseen common words ("airport",
 * "Callback") from their position.
 */
function canCarryName(t: Token, language: Language): boolean {
  if (NO_CASE_SCRIPT.test(t.text)) return true;
  if (!t.cap) return false;
  const f = wordFeatures(t.text);
  return (f & (F_ACRONYM | F_EVERYDAY | (language === 'de' ? F_COMMON_DE : F_COMMON_EN))) === 0;
}

export const TAGGER_TYPES: readonly BuiltInEntityType[] = ['PERSON', 'LOCATION', 'ORGANIZATION', 'ADDRESS'];

/** The tagger's spans that pass the word checks above, with their margins (no threshold yet). */
export function taggedSpans(text: string, language: Language, model: TaggerModel): (TaggedSpan & { start: number; end: number })[] {
  const tokens = tokensOf(text);
  const out: (TaggedSpan & { start: number; end: number })[] = [];
  for (const span of spansOf(tagTokens(model, tokens, language))) {
    let carrier = false;
    for (let i = span.first; i <= span.last && !carrier; i++) carrier = canCarryName(tokens[i], language);
    if (!carrier) continue;
    // Numbers belong to addresses, not to names, places or organisations ("141 Kartons", "INV-2025").
    if (span.type !== 'ADDRESS' && /\d/.test(text.slice(tokens[span.first].start, tokens[span.last].end))) continue;
    // German capitalises nouns: one word built like a noun ("Elternzeit", "Bestellung") is none of these.
    if (language === 'de' && span.first === span.last && (wordFeatures(tokens[span.first].text) & F_NOUN_ENDING) !== 0) continue;
    out.push({ ...span, start: tokens[span.first].start, end: tokens[span.last].end });
  }
  return out;
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
