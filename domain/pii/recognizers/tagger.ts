import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuiltInEntityType, Finding, Language } from '../entity-types';
import { decodeModel, spansOf, type TaggerFile, type TaggerModel, tagTokens } from '../tagger/model';
import { F_ACRONYM, F_COMMON_DE, F_COMMON_EN, F_EVERYDAY, type Token, tokensOf, wordFeatures } from './names';
import { finding, type RecognizerContext } from './types';

/**
 * The trained sequence tagger (domain/pii/tagger, data/pii/tagger.json) as a second opinion on
 * names, places, organisations and addresses: it reads every word in its context, so it finds the
 * ones no lexicon or cue rule knows. detect() asks it after the rules and keeps only the spans the
 * rules did not already cover (tagger spans never replace a rule's finding: see detect.ts).
 *
 * A span's score comes from the tagger's margin (its tag's score minus the best other tag's, the
 * smallest over the span's words): MARGIN_AT_HALF maps to 0.5, the default threshold, and the score
 * grows linearly to 0.95. The constant was chosen on the outside set's tune part only.
 */
const MARGIN_AT_HALF: Record<string, number> = { PERSON: 8, LOCATION: 8, ORGANIZATION: 8, ADDRESS: 8 };

let model: TaggerModel | null = null;
/** The model, read once per process at first use (about 0.1 s). */
function loadedModel(): TaggerModel {
  if (!model) {
    const file = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'data', 'pii', 'tagger.json'), 'utf8')) as TaggerFile;
    model = decodeModel(file);
  }
  return model;
}

/** Scripts without capital letters: there a word's case says nothing. */
const NO_CASE_SCRIPT = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}\p{Script=Devanagari}]/u;

/**
 * A word that can carry a name: capitalised (or in a script without case), no short acronym
 * (IBAN, DOB, EMEA) and no everyday word of the language. A tagged span needs one: the tagger
 * learnt names from short generated sentences and alone it also tags unseen common words
 * ("airport", "Callback") from their position.
 */
function canCarryName(t: Token, language: Language): boolean {
  if (NO_CASE_SCRIPT.test(t.text)) return true;
  if (!t.cap) return false;
  const f = wordFeatures(t.text);
  return (f & (F_ACRONYM | F_EVERYDAY | (language === 'de' ? F_COMMON_DE : F_COMMON_EN))) === 0;
}

export const TAGGER_TYPES: readonly BuiltInEntityType[] = ['PERSON', 'LOCATION', 'ORGANIZATION', 'ADDRESS'];

export function taggerFindings(text: string, ctx: RecognizerContext): Finding[] {
  if (!TAGGER_TYPES.some((t) => ctx.wanted.has(t))) return [];
  const tokens = tokensOf(text);
  const out: Finding[] = [];
  for (const span of spansOf(tagTokens(loadedModel(), tokens, ctx.language))) {
    if (!ctx.wanted.has(span.type)) continue;
    let carrier = false;
    for (let i = span.first; i <= span.last && !carrier; i++) carrier = canCarryName(tokens[i], ctx.language);
    if (!carrier) continue;
    const score = Math.min(0.95, span.margin / (2 * MARGIN_AT_HALF[span.type]));
    out.push(finding(span.type, text, tokens[span.first].start, tokens[span.last].end, score, 'tagger'));
  }
  return out;
}
