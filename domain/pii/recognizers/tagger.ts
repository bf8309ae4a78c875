import type { BuiltInEntityType, Finding, Language } from '../entity-types';
import { readPiiData } from '../gazetteer';
import { decodeModel, spansOf, type TaggedSpan, type TaggerFile, type TaggerModel, tagTokens } from '../tagger/model';
import { wordInfo } from '../tagger/features';
import { F_NOUN_ENDING, tokensOf, wordFeatures } from './names';
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
  for (const span of spansOf(tagTokens(model, tokens, language))) {
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
    // German capitalises nouns: one word built like a noun ("Elternzeit", "Bestellung") is none of these.
    if (language === 'de' && span.first === span.last && (wordFeatures(tokens[span.first].text) & F_NOUN_ENDING) !== 0) continue;
    out.push({ type: span.type, first: span.first, last: span.last, margin: span.margin, start: tokens[span.first].start, end: tokens[span.last].end });
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
