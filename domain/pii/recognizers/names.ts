import nlp from 'compromise';
import { CONTEXT_BOOST, CONTEXT_WORDS, withContext } from '../context';
import type { Finding, Language } from '../entity-types';
import {
  AMBIGUOUS_FIRST_NAMES,
  AMBIGUOUS_ORGS,
  AMBIGUOUS_PLACES,
  ENGLISH_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  MAX_ORG_TOKENS,
  MAX_PLACE_TOKENS,
  ORG_FIRST_WORDS,
  PLACE_FIRST_WORDS,
  NAME_PARTICLES,
  NRP_NOUNS_DE,
  NRP_NEEDS_CAPITAL,
  NRP_STEMS_DE,
  NRP_WORDS_EN,
  ORG_PREFIXES,
  ORG_SUFFIXES,
  ORGANIZATIONS,
  PERSON_TITLES,
  PLACES,
} from '../lexicons';
import { COMMON_DE, COMMON_EN, GIVEN, nameFlags, OTHER, PLACE_FIRST, placeInfo, SURNAME } from '../gazetteer';
import { charClass as importedCharClass, charWidth as importedCharWidth } from '../chars';
import { finding, type Recognizer, type RecognizerContext } from './types';

/**
 * Names, places, organisations and NRP terms without a statistical model: one pass of a word
 * tokenizer, then lexicon lookups (compromise's English lexicon, faker's en/de name and place
 * lists) combined with rules: titles and forms of address (Mr, Dr, Herr, Frau), a known first name
 * followed by a capitalised word, a capitalised word before a known surname, place cues
 * ("lives in", "wohnt in"), legal-form suffixes (GmbH, Inc.) and employer cues ("works at").
 * German capitalises every noun, so German rules always need a lexicon anchor or a cue.
 */

export interface Token {
  start: number;
  end: number;
  text: string;
  lower: string;
  cap: boolean;
  /** First word of a sentence, line or list item: its capital letter says nothing. */
  sentStart: boolean;
  /** The characters between the previous token and this one. */
  gap: string;
  /** The word's feature bits (see feat()), filled on first use. */
  f?: number;
}

const SENTENCE_GAP = /[.!?\n:;•*"“„([|]|^\s*[-–]\s*$/;

// Local copies for the tokenizer's loop over every character: tsx reads each imported binding
// through a getter at every use (chars.ts has the meanings).
const charClass = importedCharClass;
const charWidth = importedCharWidth;
const C_LETTER = 1;
const C_MARK = 2;
const C_DIGIT = 3;
const C_OTHER = 5;
/** ' (39), ’ (8217), - (45), _ (95) continue a word; trailing ' ’ - are cut, as is a possessive "'s". */
const isTrailingMark = (c: number) => c === 39 || c === 8217 || c === 45;
const isWordJoiner = (c: number) => c === 39 || c === 8217 || c === 45 || c === 95;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let prevEnd = 0;
  const len = text.length;
  let i = 0;
  while (i < len) {
    const k = charClass(text, i);
    if (k !== C_LETTER && k !== C_MARK && k !== C_DIGIT) {
      i += charWidth(text, i);
      continue;
    }
    const start = i;
    if (k === C_DIGIT) {
      // Digits and at most one letter right after ("12a").
      while (i < len && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
      if (i < len && charClass(text, i) === C_LETTER) i += charWidth(text, i);
    } else {
      i += charWidth(text, i);
      while (i < len) {
        const c = text.charCodeAt(i);
        if (isWordJoiner(c)) {
          i++;
          continue;
        }
        const kk = charClass(text, i);
        if (kk === C_OTHER) break;
        i += charWidth(text, i);
      }
    }
    const rawEnd = i;
    // Possessives and trailing hyphens are not part of the name ("John's", "Müller-").
    let end = rawEnd;
    if (end - start > 2 && text.charCodeAt(end - 1) === 115 && (text.charCodeAt(end - 2) === 39 || text.charCodeAt(end - 2) === 8217)) end -= 2;
    while (end > start && isTrailingMark(text.charCodeAt(end - 1))) end--;
    if (end === start) continue;
    const word = text.slice(start, end);
    const gap = start === prevEnd + 1 && text.charCodeAt(prevEnd) === 32 ? ' ' : text.slice(prevEnd, start);
    const c0 = text.charCodeAt(start);
    const first = word[0];
    out.push({
      start,
      end,
      text: word,
      lower: word.toLowerCase(),
      // ASCII by its code; other letters by their case mappings.
      cap: c0 < 128 ? c0 >= 65 && c0 <= 90 : first !== first.toLowerCase() && first === first.toUpperCase(),
      sentStart: out.length === 0 || (gap !== ' ' && SENTENCE_GAP.test(gap)),
      gap,
      f: undefined,
    });
    prevEnd = rawEnd;
  }
  return out;
}

/** Capitalised German words that start sentences or are common nouns near names, never names. */
const DE_COMMON = new Set(
  'laut gemäß wegen trotz während statt seit ab bis durch gegen ohne um außer aus nach zu zwischen neben hinter vor über unter anstatt innerhalb außerhalb mittels dank zufolge zwecks nr vorgang betreff betr bzgl anbei hiermit daher deshalb trotzdem jedoch allerdings außerdem zudem ebenfalls bereits schon immer nie oft manchmal bald jetzt nun gleich sofort leider gerne natürlich vielleicht wahrscheinlich sicher eigentlich insgesamt zunächst anschließend danach vorher nachher zuerst zuletzt letztlich übrigens ansonsten sonst dennoch somit also wobei weil dass damit obwohl sobald solange bevor nachdem falls sowie bzw ggf evtl usw inkl zzgl abs ziff kap anlage seite teil punkt frau herr sehr geehrte geehrter liebe lieben guten tag morgen abend hallo hi moin servus achtung hinweis wichtig dringend info update termin neu neue neuer neues alt alte alter altes groß große kleiner kleine erste erster zweite letzte nächste nächster diese dieser dieses jene jener welche welcher manche mehrere einige viele wenige andere anderer gesamte ganze jede jeder jedes beide beiden keine kein einer einem einen einer der die das den dem des ein eine einer einem einen sehr liebe lieber hallo bitte danke vielen mit von bei für am im in auf zum zur unser unsere ihr ihre ihrem ihren wir sie er es ich du heute morgen gestern montag dienstag mittwoch donnerstag freitag samstag sonntag januar februar märz april mai juni juli august september oktober november dezember herzliche grüße gruß beste viele frage termin rechnung vertrag kunde kundin firma team herrn herr frau dr prof gmbh ag straße stadt land wenn aber und oder auch noch nur als wie was wer wo warum dann dort hier mein meine dein deine sein seine kein keine alle jeder jede dieser diese dieses name adresse telefon email nachricht anruf treffen projekt besprechung ansprechpartner geschäftsführer leiter abteilung bank sparkasse kontakt patient patientin arzt ärztin mitarbeiter mitarbeiterin kollege kollegin'.split(
    ' ',
  ),
);
const FUNCTION_WORDS = new Set(
  'the a an at for with from by in on to of our your my his her their its this that these those please contact dear hello hi thanks thank and or but if when while since as per via about into onto upon mr mrs ms dr prof'.split(' '),
);

/** Lower-case parts of German academic titles ("Dr. med.", "Dr. rer. nat."). */
const ACADEMIC_PARTS = new Set(['med', 'dent', 'vet', 'rer', 'nat', 'pol', 'oec', 'phil', 'jur', 'habil', 'h', 'c', 'ing', 'dipl', 'mult']);

/** A gap of whitespace only (/^\s+$/), the common single space without a regular expression. */
const SPACES_RE = /^\s+$/;
function isSpaces(gap: string): boolean {
  return gap === ' ' || SPACES_RE.test(gap);
}

/** Tokens i and j (= i + 1) are written as one phrase: separated by one space (or ". " after a title). */
function adjacent(tokens: Token[], j: number): boolean {
  const gap = tokens[j].gap;
  return gap === ' ' || gap === '\u00a0';
}

/** Inner capitals mark product and code names ("SQLite", "GitHub"), not people ("McDonald" excepted). */
function isCamelCase(text: string): boolean {
  return (/\p{Ll}\p{Lu}/u.test(text) && !/^(?:Mc|Mac|De|Di|Da|Le|La|Van|Von|O')\p{Lu}/u.test(text)) || /^\p{Lu}{2,}\p{Ll}/u.test(text);
}

/**
 * Everything the rules ask about one word depends only on its spelling, so it is worked out once
 * per distinct spelling and kept as bits (the lexicons are Maps of 100,000-200,000 entries; asking
 * them again for every occurrence of a word, and several times per rule, was most of this
 * recognizer's time). The cache is bounded: cleared when it holds 200,000 spellings.
 */
const F_COMPUTED = 1;
export const F_ACRONYM = 2;
const F_FIRST = 4;
const F_LAST = 8;
const F_NAME_WORD = 16;
const F_PLACE_WORD = 32;
export const F_COMMON_EN = 64;
export const F_COMMON_DE = 128;
const F_UNKNOWN_CAP_EN = 256;
const F_UNKNOWN_CAP_DE = 512;
const F_CAMEL = 1024;
export const F_EVERYDAY = 2048;
const F_AMBIGUOUS_FIRST = 4096;
const F_ENGLISH = 8192;
const F_TITLE = 16384;
const F_CAP = 32768;
export const F_NOUN_ENDING = 65536;
/** Bits 17-19: the most words a gazetteer place starting with this word has (0-7). */
const F_GAZ_SHIFT = 17;
/** Bits 20-22: the same for the small place lexicon (lexicons.ts PLACES). */
const F_LEX_PLACE_SHIFT = 20;
/** Bits 23-26: the word starts with (or has after a hyphen) a context word of PERSON, LOCATION, ORGANIZATION, NRP. */
const F_CTX_SHIFT = 23;
const CTX_TYPES = ['PERSON', 'LOCATION', 'ORGANIZATION', 'NRP'] as const;
type CtxType = (typeof CTX_TYPES)[number];
const CTX_WORDS = CTX_TYPES.map((type) => CONTEXT_WORDS[type]);
/** The first UTF-16 units of all context words: a word start with another one matches none of them. */
const CTX_FIRST_UNITS = new Set(CTX_WORDS.flatMap((words) => words.map((w) => w.charCodeAt(0))));
function contextBits(lower: string): number {
  let bits = 0;
  for (let start = 0; start < lower.length; start++) {
    if (!CTX_FIRST_UNITS.has(lower.charCodeAt(start))) continue;
    if (start > 0 && /[\p{L}\p{N}]/u.test(lower[start - 1])) continue;
    for (let k = 0; k < CTX_WORDS.length; k++) if (CTX_WORDS[k].some((w) => lower.startsWith(w, start))) bits |= 1 << k;
  }
  return bits;
}

/** German (and English) noun endings: "Besprechung", "Freiheit", "Station" are not names. */
const NOUN_ENDINGS = /(?:ung|heit|keit|schaft|tion|sion|ment|tät|nis|ismus|chen|lein|ität|ness|ship|ance|ence|zeit|stand|werk|haus|amt)$/;

const featureCache = new Map<string, number>();
function computeFeatures(text: string): number {
  const lower = text.toLowerCase();
  const first = text[0];
  const cap = first !== first.toLowerCase() && first === first.toUpperCase();
  const upper = text === text.toUpperCase();
  // Each big lexicon is asked once per spelling (isEverydayWord and isBigPlace inlined: they
  // asked ENGLISH_WORDS and the gazetteer again below).
  const english = ENGLISH_WORDS.has(lower);
  const rank = COMMON_EN.get(lower);
  const everyday = (rank !== undefined && rank < 15000) || COMMON_DE.has(lower) || english;
  const flags = nameFlags(lower);
  const long = text.length > 2;
  const acronym = text.length <= 4 && upper;
  const place = placeInfo(lower);
  const bigPlace = !!place && (place.kind !== 'city' || place.population >= 500_000);
  const isFirst = !acronym && (FIRST_NAMES.has(lower) || ((flags & GIVEN) !== 0 && long && !everyday && !bigPlace));
  const isLast = !acronym && (LAST_NAMES.has(lower) || ((flags & SURNAME) !== 0 && long && !everyday && !bigPlace));
  const nameWord = isFirst || isLast || ((flags & OTHER) !== 0 && long && !everyday && !bigPlace);
  let placeWord: boolean;
  if (PLACES.has(lower)) placeWord = !FIRST_NAMES.has(lower) && !LAST_NAMES.has(lower);
  else {
    if (!place || everyday) placeWord = false;
    else if (flags & (GIVEN | SURNAME)) placeWord = place.kind !== 'city' || place.population >= 200_000;
    else placeWord = true;
  }
  const commonEn = english || FUNCTION_WORDS.has(lower) || DE_COMMON.has(lower);
  const commonDe = DE_COMMON.has(lower) || FUNCTION_WORDS.has(lower);
  const camel = isCamelCase(text);
  const plainCap = cap && !placeWord && !/\d/.test(text) && text.length > 1 && !upper && !camel;
  let f = F_COMPUTED;
  if (acronym) f |= F_ACRONYM;
  if (isFirst) f |= F_FIRST;
  if (isLast) f |= F_LAST;
  if (nameWord) f |= F_NAME_WORD;
  if (placeWord) f |= F_PLACE_WORD;
  if (commonEn) f |= F_COMMON_EN;
  if (commonDe) f |= F_COMMON_DE;
  if (plainCap && !commonEn) f |= F_UNKNOWN_CAP_EN;
  if (plainCap && !commonDe) f |= F_UNKNOWN_CAP_DE;
  if (camel) f |= F_CAMEL;
  if (everyday) f |= F_EVERYDAY;
  if (AMBIGUOUS_FIRST_NAMES.has(lower) || english) f |= F_AMBIGUOUS_FIRST;
  if (english) f |= F_ENGLISH;
  if (cap && PERSON_TITLES.has(lower)) f |= F_TITLE;
  if (cap) f |= F_CAP;
  if (NOUN_ENDINGS.test(lower)) f |= F_NOUN_ENDING;
  f |= Math.min(7, PLACE_FIRST.get(lower) ?? 0) << F_GAZ_SHIFT;
  f |= Math.min(7, PLACE_FIRST_WORDS.get(lower) ?? 0) << F_LEX_PLACE_SHIFT;
  f |= contextBits(lower) << F_CTX_SHIFT;
  return f;
}
/** The feature bits of a spelling (cached); the tagger (domain/pii/tagger) reads them too. */
export function wordFeatures(text: string): number {
  let f = featureCache.get(text);
  if (f === undefined) {
    f = computeFeatures(text);
    if (featureCache.size >= 200_000) featureCache.clear();
    featureCache.set(text, f);
  }
  return f;
}
/** The token's feature bits, looked up once per token. */
function feat(t: { text: string; f?: number }): number {
  if (t.f === undefined) t.f = wordFeatures(t.text);
  return t.f;
}

function isCommonWord(t: Token, language: Language): boolean {
  return (feat(t) & (language === 'de' ? F_COMMON_DE : F_COMMON_EN)) !== 0;
}

/** How far (in characters) before and after a span context words are looked for (as in context.ts). */
const CONTEXT_BEFORE = 48;
const CONTEXT_AFTER = 24;
/**
 * context.ts's hasContext over the tokens: a word within 48 characters before tokens i..j or 24
 * after them that starts with one of the type's context words. The word bits are cached with the
 * other features, so this costs a few array reads instead of two slices and a regular expression.
 */
function tokenContext(tokens: Token[], i: number, j: number, type: CtxType): boolean {
  const bit = 1 << (F_CTX_SHIFT + CTX_TYPES.indexOf(type));
  const from = tokens[i].start - CONTEXT_BEFORE;
  for (let k = i - 1; k >= 0 && tokens[k].start >= from; k--) if (feat(tokens[k]) & bit) return true;
  const to = tokens[j].end + CONTEXT_AFTER;
  for (let k = j + 1; k < tokens.length && tokens[k].start < to; k++) if (feat(tokens[k]) & bit) return true;
  return false;
}
function tokenWithContext(tokens: Token[], i: number, j: number, type: CtxType, base: number, boost = CONTEXT_BOOST): number {
  return tokenContext(tokens, i, j, type) ? Math.min(1, base + boost) : base;
}
function isTitle(t: Token): boolean {
  return (feat(t) & F_TITLE) !== 0;
}
/** Short all-capital words are acronyms (IBAN, SSN, EIN, DEA), not names, whatever the lists say. */
function isAcronym(t: Token): boolean {
  return (feat(t) & F_ACRONYM) !== 0;
}
function isFirstName(t: Token): boolean {
  return (feat(t) & F_FIRST) !== 0;
}
function isAmbiguousFirst(t: Token): boolean {
  return (feat(t) & F_AMBIGUOUS_FIRST) !== 0;
}
function isLastName(t: Token): boolean {
  return (feat(t) & F_LAST) !== 0;
}
/** Any name-list word (given, family, or from the big humannames list) that is not an everyday word. */
function isNameWord(t: Token): boolean {
  return (feat(t) & F_NAME_WORD) !== 0;
}
function isPlaceWord(t: Token): boolean {
  return (feat(t) & F_PLACE_WORD) !== 0;
}
function isEverydayToken(t: Token): boolean {
  return (feat(t) & F_EVERYDAY) !== 0;
}
function isCamelToken(t: Token): boolean {
  return (feat(t) & F_CAMEL) !== 0;
}

/**
 * English words compromise's tagger reads as adjectives, verbs, adverbs, organisations or places
 * ("Temporal", "Spring", "Quarterly"): such a word does not start or end a name. The tagger costs
 * about 0.5 ms a call, so it only checks the rare capitalised pairs no lexicon knows; answers are
 * memoised per word.
 */
const nonNameWordCache = new Map<string, boolean>();
const NON_NAME_TAGS = new Set(['Adjective', 'Verb', 'Adverb', 'Preposition', 'Determiner', 'Conjunction', 'Organization', 'Place', 'Plural', 'Value', 'Date']);
interface NlpTerm {
  tags: Set<string>;
  pre: string;
  text: string;
  post: string;
}
type NlpDocs = { docs: NlpTerm[][] };
function hasNonNameTag(term: NlpTerm | undefined): boolean {
  if (term) for (const t of term.tags) if (NON_NAME_TAGS.has(t)) return true;
  return false;
}
function rememberNonName(word: string, result: boolean): void {
  if (nonNameWordCache.size > 50_000) nonNameWordCache.clear();
  nonNameWordCache.set(word, result);
}
function isEnglishNonNameWord(word: string): boolean {
  const cached = nonNameWordCache.get(word);
  if (cached !== undefined) return cached;
  const result = englishNonNameAlone(word);
  rememberNonName(word, result);
  return result;
}

/**
 * compromise's cost is mostly per call, not per word: the words a text will ask about are tagged
 * together, one word a paragraph ("A\n\nB\n\nC"), about 2x cheaper a word. Each paragraph is its
 * own sentence, and a word alone in its sentence gets the tags it gets alone (checked on 316,821
 * spellings, each as written and capitalised: the name and place lists, this repository's docs,
 * generated text; only words ending in an apostrophe differed, which tokenize() never yields and
 * which are left to single calls anyway). A batch whose sentences do not come back one per word,
 * each holding exactly its word, is not used.
 */
const NLP_BATCH = 400;
const TRAILING_MARK_RE = /['’-]$/;
/** The non-name answer of each word, tagged together in one compromise call; null when the sentences do not line up with the words. */
export function englishNonNameBatch(words: readonly string[]): boolean[] | null {
  const docs = (nlp(words.join('\n\n')) as unknown as NlpDocs).docs;
  if (docs.length !== words.length) return null;
  for (let k = 0; k < words.length; k++) {
    let s = '';
    for (const t of docs[k]) s += t.pre + t.text + t.post;
    if (s.trim() !== words[k]) return null;
  }
  return docs.map((d) => hasNonNameTag(d[0]));
}
/**
 * The non-name answer of one word tagged alone (not cached): what englishNonNameBatch must agree
 * with. The tags are read from the document's first term: json() built a copy of every term (text,
 * normal form, offsets) only for this one set of tags.
 */
export function englishNonNameAlone(word: string): boolean {
  return hasNonNameTag((nlp(word) as unknown as NlpDocs).docs[0]?.[0]);
}
function primeEnglishNonNameWords(words: Iterable<string>): void {
  const todo: string[] = [];
  for (const w of words) if (!nonNameWordCache.has(w) && !TRAILING_MARK_RE.test(w) && !w.includes('\n')) todo.push(w);
  for (let i = 0; i + 1 < todo.length; i += NLP_BATCH) {
    const chunk = todo.slice(i, i + NLP_BATCH);
    const answers = englishNonNameBatch(chunk);
    if (answers) for (let k = 0; k < chunk.length; k++) rememberNonName(chunk[k], answers[k]);
  }
}
function englishPairOk(a: Token, b: Token, language: Language): boolean {
  return language !== 'en' || (!isEnglishNonNameWord(a.text) && !isEnglishNonNameWord(b.text));
}

function isUnknownCap(t: Token, language: Language): boolean {
  return (feat(t) & (language === 'de' ? F_UNKNOWN_CAP_DE : F_UNKNOWN_CAP_EN)) !== 0;
}

/** Greetings, sign-offs and chat openers that one name (even a given name alone) follows. */
const SINGLE_NAME_CUES = new Set(['dear', 'hi', 'hello', 'hey', 'its', 'it\u2019s', 'love', 'thanks', 'regards', 'cheers', 'attn', 'cc', 'liebe', 'lieber', 'hallo', 'hier', 'grüße', 'gruß', 'danke', 'servus', 'moin', 'xoxo', 'yours', 'sincerely']);

/** Words and punctuation right before a name: "Call X Y", "Thanks, X Y", "mit X Y und", "Name: X Y". */
const PERSON_CUES = new Set([
  'call', 'contact', 'ask', 'email', 'tell', 'thanks', 'thank', 'regards', 'cheers', 'sincerely', 'dear', 'hi', 'hello', 'with', 'and',
  'from', 'by', 'name', 'named', 'called', 'notes', 'cc', 'to', 'mit', 'und', 'von', 'an', 'für', 'heiße', 'bin', 'sie', 'grüßen',
  'grüße', 'gruß', 'ansprechpartner', 'ansprechpartnerin', 'kontakt', 'patient', 'patientin', 'kollege', 'kollegin', 'kunde',
  'kundin', 'mitarbeiter', 'mitarbeiterin', 'vertreter', 'vertreterin', 'unterzeichner', 'is', 'ist', 'team', 'manager', 'leiter', 'leiterin',
  // Roles that introduce a person ("the landlord, X Y", "der Vermieter X Y").
  'landlord', 'tenant', 'applicant', 'candidate', 'employee', 'colleague', 'owner', 'buyer', 'seller', 'customer', 'client', 'doctor',
  'lawyer', 'attorney', 'witness', 'claimant', 'vermieter', 'vermieterin', 'mieter', 'mieterin', 'bewerber', 'bewerberin',
  'antragsteller', 'antragstellerin', 'käufer', 'käuferin', 'verkäufer', 'verkäuferin', 'inhaber', 'inhaberin', 'zeuge', 'zeugin',
  'anwalt', 'anwältin', 'geschäftsführer', 'geschäftsführerin', 'vorgesetzte', 'vorgesetzter',
]);
function personCueBefore(text: string, tokens: Token[], i: number): boolean {
  if (i === 0) return false;
  const prev = tokens[i - 1];
  if (PERSON_CUES.has(prev.lower) && /^[\s,:]*$/.test(tokens[i].gap)) return true;
  // A sign-off on the line before ("Mit freundlichen Grüßen\nX Y", "Best regards,\nX Y").
  return /(?:grüßen|grüße|gruß|regards|thanks|sincerely|cheers),?\s*\n\s*$/i.test(text.slice(Math.max(0, tokens[i].start - 20), tokens[i].start));
}

function looksLikeNoun(t: Token): boolean {
  return (feat(t) & F_NOUN_ENDING) !== 0;
}

function personFindings(text: string, tokens: Token[], language: Language): Finding[] {
  const out: Finding[] = [];
  const used = new Uint8Array(tokens.length);
  if (language === 'en') {
    // The words englishPairOk will likely ask about, tagged in batches: two unknown capitalised
    // words side by side that no earlier rule below takes (no title or given name first, no known
    // surname second, no greeting before), where rule 4 (a person cue before), rule 5 (a sentence
    // start) or rule 5b (inside a sentence) asks. A word primed but never asked costs a batch share
    // (half a single call); one asked but not primed is tagged alone as before.
    const asked = new Set<string>();
    for (let i = 0; i + 1 < tokens.length; i++) {
      const t = tokens[i];
      const n = tokens[i + 1];
      if (!t.cap || !n.cap || !adjacent(tokens, i + 1) || !isUnknownCap(t, language) || !isUnknownCap(n, language)) continue;
      if (isTitle(t) || isFirstName(t) || (isLastName(n) && !isCommonWord(n, language))) continue;
      if (SINGLE_NAME_CUES.has(tokens[i - 1]?.lower ?? '') && /^[\s,:]+$/.test(t.gap) && !isPlaceWord(t) && !/\d/.test(t.text) && !isCamelToken(t)) continue;
      if (t.sentStart) {
        const after = tokens[i + 2];
        const rule5 = !(after?.cap && adjacent(tokens, i + 2)) && (feat(t) & F_ENGLISH) === 0 && (feat(n) & F_ENGLISH) === 0;
        if (!rule5 && (looksLikeNoun(t) || looksLikeNoun(n) || !personCueBefore(text, tokens, i))) continue;
      }
      asked.add(t.text);
      asked.add(n.text);
      i++;
    }
    if (asked.size > 1) primeEnglishNonNameWords(asked);
  }
  const emit = (i: number, j: number, score: number, source: string) => {
    for (let k = i; k <= j; k++) used[k] = 1;
    const start = tokens[i].start;
    const end = tokens[j].end;
    out.push(finding('PERSON', text, start, end, tokenWithContext(tokens, i, j, 'PERSON', score, 0.2), source));
  };
  /** Extends a name from token i over adjacent capitalised name-like tokens (and particles). */
  const extend = (i: number, max: number, loose: boolean): number => {
    let j = i;
    while (j + 1 < tokens.length && j - i < max) {
      const next = tokens[j + 1];
      if (!adjacent(tokens, j + 1)) break;
      if (!next.cap && NAME_PARTICLES.has(next.lower)) {
        // "von der Leyen": particles only count when a capitalised word follows.
        let k = j + 1;
        while (k + 1 < tokens.length && !tokens[k + 1].cap && NAME_PARTICLES.has(tokens[k + 1].lower) && adjacent(tokens, k + 1)) k++;
        if (k + 1 < tokens.length && tokens[k + 1].cap && adjacent(tokens, k + 1)) {
          j = k + 1;
          continue;
        }
        break;
      }
      if (!next.cap || /\d/.test(next.text)) break;
      // A middle initial ("Jan P. Novák"): the initial and the capitalised word after it.
      const after = tokens[j + 2];
      if (next.text.length === 1 && after?.cap && /^\.?\s$/.test(after.gap) && after.text.length > 1 && !isCommonWord(after, language)) {
        j += 2;
        continue;
      }
      const nameLike = isLastName(next) || isFirstName(next) || (loose ? isUnknownCap(next, language) || !isCommonWord(next, language) : isUnknownCap(next, language));
      if (!nameLike || (isPlaceWord(next) && !isLastName(next)) || isTitle(next)) break;
      j++;
    }
    return j;
  };

  for (let i = 0; i < tokens.length; i++) {
    if (used[i]) continue;
    const t = tokens[i];
    if (!t.cap) {
      // 0. Chat text in lower case ("ich bin anna schmidt"): a known first name followed by a known
      //    surname, neither of them an everyday word.
      const n = tokens[i + 1];
      if (
        n &&
        !n.cap &&
        adjacent(tokens, i + 1) &&
        isFirstName(t) &&
        isLastName(n) &&
        !isAmbiguousFirst(t) &&
        !isCommonWord(t, language) &&
        !isCommonWord(n, language) &&
        (feat(n) & F_ENGLISH) === 0 &&
        !isPlaceWord(n)
      ) {
        emit(i, i + 1, 0.6, 'lower_case_name');
        i++;
      }
      continue;
    }

    // 0b. An initial and a surname ("J. Novák", "A. Okafor").
    if (t.text.length === 1 && t.cap && tokens[i + 1]?.cap && tokens[i + 1].gap === '. ' && tokens[i + 1].text.length > 2) {
      const n = tokens[i + 1];
      if (!isCommonWord(n, language) && !isPlaceWord(n) && !isTitle(n)) {
        const end = extend(i + 1, 1, false);
        emit(i, end, isNameWord(n) ? 0.75 : 0.6, 'initial');
        i = end;
        continue;
      }
    }

    // 1. A title or form of address: the capitalised words after it are the name.
    if (isTitle(t)) {
      let j = i + 1;
      // At most four more title words ("Prof. Dr. med. habil."): a run of them is not a name.
      while (j < tokens.length && j - i <= 4 && (isTitle(tokens[j]) || ACADEMIC_PARTS.has(tokens[j].lower)) && /^\.?\s$/.test(tokens[j].gap)) j++;
      if (j < tokens.length && tokens[j].cap && /^\.?\s$/.test(tokens[j].gap) && !isCommonWord(tokens[j], language)) {
        const end = extend(j, 2, true);
        emit(j, end, 0.9, 'title');
        i = end;
        continue;
      }
      continue;
    }

    // A destination ("flying to Chad", "moving to Settimo Gioventino") is left to the place rules.
    if ((tokens[i - 1]?.lower === 'to' || tokens[i - 1]?.lower === 'nach' || t.gap === ', ' || LIST_WORDS.has(tokens[i - 1]?.lower ?? '')) && travelDestination(tokens, i)) continue;
    // So is the value of a place field ("City: Sesto Fabio", "Ort: Marianne"): a given name there starts a town.
    if (t.gap !== ' ' && placeLabelBefore(text, t.start)) continue;

    // 2. A known first name, alone or followed by more name words.
    if (isFirstName(t) && !(t.sentStart && isCommonWord(t, language) && !isFirstName(tokens[i + 1] ?? t))) {
      const end = extend(i, 3, false);
      const ambiguous = isAmbiguousFirst(t);
      if (end > i) {
        const lastKnown = isLastName(tokens[end]);
        let score = lastKnown ? 0.85 : ambiguous ? 0.5 : 0.75;
        if (ambiguous && t.sentStart && !lastKnown) score = 0.4;
        emit(i, end, score, 'first_name');
        i = end;
        continue;
      }
      if (!ambiguous && !isPlaceWord(t)) {
        emit(i, i, t.sentStart ? 0.5 : 0.6, 'first_name');
      }
      continue;
    }

    // 3. An unknown capitalised word before a known surname ("Priya Schmidt").
    const next = tokens[i + 1];
    if (next && adjacent(tokens, i + 1) && isUnknownCap(t, language) && next.cap && isLastName(next) && !isCommonWord(next, language)) {
      const end = extend(i + 1, 1, false);
      emit(i, end, t.sentStart ? 0.6 : 0.7, 'last_name');
      i = end;
      continue;
    }

    // 3b. One name word right after a greeting or sign-off cue ("Hi Jana,", "hier Yunus", "Love, Thanh").
    if (SINGLE_NAME_CUES.has(tokens[i - 1]?.lower ?? '') && /^[\s,:]+$/.test(t.gap) && !isCommonWord(t, language) && !isPlaceWord(t) && t.text.length > 1 && !/\d/.test(t.text) && !isCamelToken(t)) {
      const end = extend(i, 2, false);
      emit(i, end, isNameWord(t) || end > i ? 0.75 : 0.6, 'greeting_cue');
      i = end;
      continue;
    }

    // 4. Two unknown capitalised words after a person cue ("Call", "Thanks,", "Name:", "mit", "heiße",
    //    a sign-off line) are a name, in English and German alike.
    if (next && adjacent(tokens, i + 1) && isUnknownCap(t, language) && isUnknownCap(next, language) && !looksLikeNoun(t) && !looksLikeNoun(next) && personCueBefore(text, tokens, i) && englishPairOk(t, next, language)) {
      const end = extend(i + 1, 1, false);
      emit(i, end, 0.75, 'person_cue');
      i = end;
      continue;
    }

    // 5. Two unknown capitalised words opening a sentence are usually a name. German capitalises
    //    nouns, so there the pair must not look like a noun or an inflected adjective ("Neue Kunden")
    //    and a lower-case word (a verb: "wurde", "hat") or the end of the clause must follow.
    const after = tokens[i + 2];
    const germanOk =
      !next ||
      (language !== 'de' && !(after?.cap && adjacent(tokens, i + 2))) ||
      (t.text.length > 2 &&
        next.text.length > 2 &&
        !looksLikeNoun(t) && !looksLikeNoun(next) && !/(?:e|en|er|es|em)$/.test(t.lower) && (!after?.cap || !adjacent(tokens, i + 2)));
    if (t.sentStart && germanOk && next && adjacent(tokens, i + 1) && isUnknownCap(t, language) && isUnknownCap(next, language) && (feat(t) & F_ENGLISH) === 0 && (feat(next) & F_ENGLISH) === 0 && englishPairOk(t, next, language)) {
      emit(i, i + 1, 0.55, 'proper_pair');
      i = i + 1;
      continue;
    }

    if (language === 'en' && !t.sentStart && next && adjacent(tokens, i + 1) && isUnknownCap(t, language) && isUnknownCap(next, language) && englishPairOk(t, next, language)) {
      emit(i, i + 1, tokenContext(tokens, i, i + 1, 'PERSON') || isNameWord(t) || isNameWord(next) ? 0.7 : 0.45, 'proper_pair');
      i = i + 1;
      continue;
    }

    // 6. A known surname alone ("Schmidt said") needs context.
    if (isLastName(t) && !t.sentStart && !isCommonWord(t, language) && !isPlaceWord(t)) {
      emit(i, i, 0.35, 'last_name');
    }
  }
  // 7. A surname (or given name) alone after the full name was found in the same text: "Jana
  //    Nováková called ... Nováková said".
  const mentioned = new Set<string>();
  for (const f of out) {
    if (f.score < 0.5) continue;
    const words = f.text.split(/\s+/).filter((w) => w.length > 2 && !/\.$/.test(w));
    if (words.length < 2) continue;
    for (const w of words) mentioned.add(w.toLowerCase());
  }
  if (mentioned.size) {
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i];
      if (used[i] || !t.cap || !mentioned.has(t.lower) || isCommonWord(t, language)) continue;
      emit(i, i, 0.75, 'repeat_mention');
    }
  }
  return out;
}

const PLACE_CUES = new Set(['in', 'from', 'to', 'near', 'at', 'nach', 'aus', 'von', 'nahe', 'around', 'outside', 'across', 'via', 'über', 'richtung', 'zwischen']);
const STRONG_PLACE_CUES_EN = new Set(['moving', 'move', 'relocating', 'settled', 'lives', 'living', 'live', 'lived', 'based', 'located', 'born', 'moved', 'relocated', 'travelled', 'traveled', 'flew', 'resides', 'residing', 'headquartered', 'office', 'visit', 'visiting', 'trip', 'grew', 'raised', 'stationed', 'branch']);
const STRONG_PLACE_CUES_DE = new Set(['wohnt', 'lebt', 'wohne', 'lebe', 'geboren', 'zieht', 'zog', 'umgezogen', 'stammt', 'kommt', 'komme', 'sitz', 'ansässig', 'filiale', 'büro', 'fährt', 'reist', 'urlaub', 'wohnhaft', 'niederlassung', 'standort', 'aufgewachsen', 'arbeitet', 'arbeite', 'gearbeitet', 'studiert', 'zuhause', 'ansässige', 'ansässigen', 'wohnen', 'leben', 'lebte', 'wohnte', 'gezogen']);
const DE_NOT_PLACES = new Set(['ordnung', 'kraft', 'zukunft', 'bezug', 'frage', 'rechnung', 'höhe', 'zusammenarbeit', 'absprache', 'kürze', 'vertretung', 'ruhe', 'eile', 'arbeit', 'betrieb', 'anspruch', 'kontakt', 'hinblick', 'form', 'teilzeit', 'vollzeit', 'rente', 'urlaub', 'elternzeit', 'quarantäne', 'behandlung', 'therapie', 'deutschland']);

function placeFindings(text: string, tokens: Token[], language: Language): Finding[] {
  const out: Finding[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t.cap) {
      // Places written in scripts without capitals ("Αθήνα" has them; "서울", "北京" do not).
      if (NO_CASE_SCRIPT.test(t.text)) {
        const g = gazetteerPlace(text, tokens, i, language, true);
        if (g) {
          out.push(g.finding);
          i = g.end;
        }
      }
      continue;
    }
    const prev = tokens[i - 1];
    // A place after a place and a comma ("Place of birth: Samastipur, India", "Springfield, Illinois")
    // has the same cue as the first one (for the lexicons only: an unknown word there may be a region code).
    const afterPlace = t.gap === ', ' && out.length > 0 && out[out.length - 1].end === prev.end && out[out.length - 1].score >= 0.5;
    const destination = !!prev && travelDestination(tokens, i);
    const cue = (prev && PLACE_CUES.has(prev.lower) && !t.sentStart) || destination;
    const lexiconCue = cue || afterPlace;
    let matched = false;
    // Longest lexicon match first ("Frankfurt am Main" before "Frankfurt").
    const maxTokens = (feat(t) >> F_LEX_PLACE_SHIFT) & 7;
    for (let k = Math.min(maxTokens, MAX_PLACE_TOKENS, tokens.length - i); k >= 1 && !matched; k--) {
      let key = t.lower;
      let ok = true;
      for (let j = i + 1; j < i + k; j++) {
        if (!adjacent(tokens, j) && tokens[j].gap !== '-') {
          ok = false;
          break;
        }
        key += tokens[j].gap === '-' ? `-${tokens[j].lower}` : ` ${tokens[j].lower}`;
      }
      if (!ok || !PLACES.has(key)) continue;
      const last = tokens[i + k - 1];
      if (!last.cap) continue;
      const ambiguous = k === 1 && (AMBIGUOUS_PLACES.has(key) || FIRST_NAMES.has(key) || LAST_NAMES.has(key) || (language === 'de' && DE_COMMON.has(key)));
      const score = ambiguous ? (destination ? 0.7 : lexiconCue ? 0.6 : 0.25) : 0.75;
      out.push(finding('LOCATION', text, t.start, last.end, tokenWithContext(tokens, i, i + k - 1, 'LOCATION', score, 0.15), 'place_lexicon'));
      i += k - 1;
      matched = true;
    }
    if (!matched) {
      const g = gazetteerPlace(text, tokens, i, language, lexiconCue);
      if (g) {
        out.push(g.finding);
        i = g.end;
        continue;
      }
    }
    if (matched || !cue) continue;
    // An unknown capitalised word after "lives in", "wohnt in", "born ... in", "moved from X to", or
    // before "geboren" is a place: look for a place verb in the same clause.
    const strongCues = language === 'de' ? STRONG_PLACE_CUES_DE : STRONG_PLACE_CUES_EN;
    let strong = false;
    for (let k = i - 2; k >= Math.max(0, i - 9) && !strong; k--) {
      if (strongCues.has(tokens[k].lower)) strong = true;
      if (tokens[k + 1].sentStart) break;
    }
    for (let k = i + 1; k <= Math.min(tokens.length - 1, i + 3) && !strong; k++) if (strongCues.has(tokens[k].lower)) strong = true;
    if (!strong || DE_NOT_PLACES.has(t.lower) || isFirstName(t) || (language === 'en' && isCommonWord(t, language))) continue;
    let end = i;
    if (tokens[i + 1] && adjacent(tokens, i + 1) && tokens[i + 1].cap && !isCommonWord(tokens[i + 1], language)) end = i + 1;
    out.push(finding('LOCATION', text, t.start, tokens[end].end, 0.6, 'place_cue'));
    i = end;
  }
  return out;
}

/**
 * Places no gazetteer knows, from where they stand and how they are built: capitalised words
 * (with the particles of place names: "do", "de", "sur", "am", "nad") right after "in", "near",
 * "from", "aus", "nach", a place label ("City:", "Ort:") or a verb of moving and "to"; the words must be
 * no given name, no everyday word and no title. A word built like a town ("-ville", "-borg",
 * "-chester", "-hausen", "-vik") or led by "North/South/Lake/St./San" scores higher.
 */
const PLACE_SHAPE_CUES = new Set(['in', 'near', 'from', 'around', 'outside', 'aus', 'nach', 'nahe', 'nearby']);
/** Cues after which a lone unknown word is as likely a company or a person ("the invoice from Tessaro"). */
const WEAK_PLACE_CUES = new Set(['from', 'aus']);
const MOTION_BEFORE_TO = new Set(['moving', 'moved', 'move', 'flying', 'flew', 'fly', 'travelled', 'traveled', 'travelling', 'traveling', 'going', 'went', 'go', 'returning', 'returned', 'relocating', 'relocated', 'driving', 'drove', 'trip', 'way', 'heading', 'headed', 'shipped', 'shipping', 'emigrated', 'commute', 'commutes', 'commuting']);
const PLACE_PARTICLES = new Set(['do', 'da', 'de', 'dos', 'das', 'del', 'della', 'di', 'du', 'des', 'la', 'le', 'sur', 'am', 'an', 'der', 'im', 'ob', 'nad', 'pod', 'upon', 'on', 'en', 'y', 'i']);
const PLACE_LEADS = new Set(['north', 'south', 'east', 'west', 'lake', 'port', 'mount', 'fort', 'new', 'san', 'santa', 'santo', 'são', 'saint', 'st', 'ste', 'sankt', 'bad', 'nord', 'süd', 'ost', 'alt', 'groß', 'klein', 'upper', 'lower', 'great', 'little']);
const TOWN_ENDING = /(?:ville|ton|town|burg|burgh|bury|borough|boro|berg|stadt|dorf|hausen|heim|ingen|by|bye|vik|holm|fors|sund|ås|borg|köping|hamn|chester|caster|cester|port|land|haven|mouth|ford|field|furt|bach|brück|bruck|au|stein|feld|wald|grad|ovo|evo|ice|ow|owo|ino|polis|pur|abad|ia|ija|ón|ao|oro)$/;

/**
 * Verbs of travelling before "to": what follows is a destination, not a person ("flying to Chad",
 * "moving to Settimo Gioventino"). Narrower than MOTION_BEFORE_TO: "shipped to", "went to", "way to"
 * also lead to people.
 */
const TRAVEL_BEFORE_TO = new Set(['moving', 'moved', 'move', 'flying', 'flew', 'fly', 'travelled', 'traveled', 'travelling', 'traveling', 'relocating', 'relocated', 'emigrated', 'emigrating', 'heading', 'headed', 'reisen', 'reist', 'fliegt', 'flog', 'zieht', 'zog', 'umgezogen']);
const LIST_WORDS = new Set(['and', 'or', 'und', 'oder']);
/** Whether the capitalised run from token i ends its clause (punctuation, a line break or the text's end follows). */
function runEndsClause(tokens: Token[], i: number): boolean {
  let j = i;
  while (j + 1 < tokens.length && j - i < 5 && (tokens[j + 1].gap === ' ' || tokens[j + 1].gap === '-') && (tokens[j + 1].cap || PLACE_PARTICLES.has(tokens[j + 1].lower))) j++;
  return j + 1 >= tokens.length || /[.,;:!?\n]/.test(tokens[j + 1].gap);
}
/**
 * Token i is a destination: right after a travel verb and "to" (English; German "nach" after one),
 * or a later item of a list of places that began there and ends the clause ("travelled to Nigeria
 * and West Ekundayoport.", "flew to Lima, Quito and Cusco").
 */
export function travelDestination(tokens: Token[], i: number): boolean {
  if (i < 2) return false;
  let k = i - 1;
  const direct = tokens[k].lower === 'to' || tokens[k].lower === 'nach';
  if (direct) return isSpaces(tokens[i].gap) && TRAVEL_BEFORE_TO.has(tokens[k - 1].lower);
  // A list: walk back over the earlier items (capitalised words, place particles, "and", commas) to "to".
  if (!(LIST_WORDS.has(tokens[k].lower) || tokens[i].gap === ', ') || !runEndsClause(tokens, i)) return false;
  for (let n = 0; n < 10 && k >= 1; n++, k--) {
    const w = tokens[k];
    const gap = tokens[k + 1].gap;
    if (gap !== ' ' && gap !== ', ' && gap !== '-') return false;
    if (w.lower === 'to' || w.lower === 'nach') return TRAVEL_BEFORE_TO.has(tokens[k - 1].lower);
    if (!(w.cap || LIST_WORDS.has(w.lower) || PLACE_PARTICLES.has(w.lower))) return false;
  }
  return false;
}

function placeWordOk(t: Token, language: Language): boolean {
  if (!t.cap || /\d/.test(t.text) || t.text.length < 2 || isTitle(t) || isCamelToken(t)) return false;
  if (isFirstName(t) && !isPlaceWord(t)) return false;
  if (FUNCTION_WORDS.has(t.lower) || DE_COMMON.has(t.lower) || DE_NOT_PLACES.has(t.lower)) return false;
  if (language === 'en' ? isCommonWord(t, language) && !PLACE_LEADS.has(t.lower) : isEverydayToken(t) && !PLACE_LEADS.has(t.lower)) return false;
  return true;
}

function placeShapeFindings(text: string, tokens: Token[], language: Language): Finding[] {
  const out: Finding[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t.cap) continue;
    const prev = tokens[i - 1];
    const labelled = placeLabelBefore(text, t.start);
    const destination = travelDestination(tokens, i);
    const cue = destination || (isSpaces(t.gap) && (PLACE_SHAPE_CUES.has(prev.lower) || (prev.lower === 'to' && MOTION_BEFORE_TO.has(tokens[i - 2]?.lower ?? ''))));
    if (!cue && !labelled) continue;
    // After a travel verb a given name may start a place ("moving to Settimo Gioventino"): the person rules leave it.
    if (!placeWordOk(t, language) && !(labelled && t.text === t.text.toUpperCase() && t.text.length > 2) && !((destination || labelled) && isFirstName(t) && placeWordOk({ ...t, f: feat(t) & ~F_FIRST }, language))) continue;
    let j = i;
    while (j + 1 < tokens.length && j - i < 5) {
      const next = tokens[j + 1];
      if ((next.gap === ' ' || next.gap === '-' || next.gap === '. ') && next.cap && !/\d/.test(next.text) && !FUNCTION_WORDS.has(next.lower) && !isTitle(next) && (language === 'en' || !DE_COMMON.has(next.lower))) {
        if (next.gap === '. ' && !PLACE_LEADS.has(tokens[j].lower)) break;
        j++;
        continue;
      }
      const after = tokens[j + 2];
      if (next.gap === ' ' && PLACE_PARTICLES.has(next.lower) && !next.cap && after && after.gap === ' ' && after.cap && !/\d/.test(after.text)) {
        j += 2;
        continue;
      }
      break;
    }
    // A run that reads as a person ("in Anna Schmidt's flat") is left to the person rules.
    if (!destination && !labelled && j > i && isLastName(tokens[j]) && isNameWord(t) && !PLACE_LEADS.has(t.lower)) continue;
    const lead = PLACE_LEADS.has(t.lower);
    if (lead && j === i) continue;
    const shaped = lead || TOWN_ENDING.test(tokens[j].lower);
    // German capitalises every noun: there an unshaped word must not read as one ("in Ordnung").
    if (language === 'de' && !shaped && !labelled && (looksLikeNoun(tokens[j]) || j === i)) continue;
    const weak = j === i && !shaped && WEAK_PLACE_CUES.has(prev.lower);
    const score = labelled || destination ? 0.7 : shaped ? 0.6 : weak ? 0.4 : 0.5;
    out.push(finding('LOCATION', text, t.start, tokens[j].end, score, 'place_shape'));
    i = j;
  }
  return out;
}

const NO_CASE_SCRIPT = /^[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Thai}\p{Script=Devanagari}]/u;
const PLACE_LABEL = /(?:city|town|place of birth|birthplace|residence|country|region|state|province|county|ort|stadt|wohnort|geburtsort|land|kanton|bundesland|region)\s?:\s*$/i;
const WHITE_SPACE = /\s/;
/** JavaScript's \s for one UTF-16 unit (the ASCII ones without a regular expression). */
function isSpaceUnit(text: string, k: number): boolean {
  const c = text.charCodeAt(k);
  return c < 128 ? c === 32 || (c >= 9 && c <= 13) : WHITE_SPACE.test(text[k]);
}
/**
 * PLACE_LABEL over the 24 characters before `start` ("City: "). The pattern ends in a colon and
 * spaces, so the slice and the regular expression are only worth it when the text has them there;
 * most capitalised words (this is asked for each) have a letter or a plain space before them.
 */
function placeLabelBefore(text: string, start: number): boolean {
  const from = Math.max(0, start - 24);
  let k = start - 1;
  while (k >= from && isSpaceUnit(text, k)) k--;
  if (k < from || text.charCodeAt(k) !== 58) return false;
  return PLACE_LABEL.test(text.slice(from, start));
}

/**
 * A place from the gazetteer (data/pii/places.tsv) starting at token i: the longest run of words
 * that names a place, in any case ("PRAHA", "new york") and script. Countries and regions, and
 * towns of 100,000+ people, count alone; smaller towns, and places that are also everyday words
 * or names, need a cue (a preposition such as "in" or "aus", a field label such as "City:").
 */
function gazetteerPlace(text: string, tokens: Token[], i: number, language: Language, cue: boolean): { finding: Finding; end: number } | null {
  const t = tokens[i];
  const max = Math.min((feat(t) >> F_GAZ_SHIFT) & 7, 5, tokens.length - i);
  for (let k = max; k >= 1; k--) {
    let key = t.lower;
    let ok = true;
    for (let j = i + 1; j < i + k; j++) {
      const gap = tokens[j].gap;
      if (gap !== ' ' && gap !== '-') {
        ok = false;
        break;
      }
      key += gap === '-' ? `-${tokens[j].lower}` : ` ${tokens[j].lower}`;
    }
    if (!ok) continue;
    const p = placeInfo(key);
    if (!p) continue;
    const last = tokens[i + k - 1];
    if (k > 1 && !last.cap && !NO_CASE_SCRIPT.test(last.text)) continue;
    const labelled = placeLabelBefore(text, t.start);
    const everyday = k === 1 && (isEverydayToken(t) || (language === 'de' && DE_COMMON.has(key)));
    const isName = k === 1 && (nameFlags(key) & (GIVEN | SURNAME)) !== 0;
    const allCaps = t.text.length > 2 && t.text === t.text.toUpperCase() && /\p{Lu}/u.test(t.text);
    let score: number;
    if (everyday) score = cue || labelled ? 0.55 : 0.2;
    else if (p.kind !== 'city' || p.population >= 100_000) score = isName && p.population < 500_000 && p.kind === 'city' ? (cue || labelled ? 0.7 : 0.4) : 0.8;
    else if (isName) score = cue || labelled ? 0.6 : 0.3;
    else score = cue || labelled ? 0.75 : allCaps ? 0.45 : 0.6;
    if (t.sentStart && k === 1 && !cue && !labelled && (isName || everyday)) score = Math.min(score, 0.3);
    return { finding: finding('LOCATION', text, t.start, last.end, tokenWithContext(tokens, i, i + k - 1, 'LOCATION', score, 0.15), 'gazetteer'), end: i + k - 1 };
  }
  return null;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ORG_SUFFIX_ALTERNATION = [...ORG_SUFFIXES]
  .sort((a, b) => b.length - a.length)
  .map(escapeRe)
  .join('|');
/** A legal form starting exactly at lastIndex ("GmbH & Co. KG", "Inc."), not followed by a letter. */
const ORG_SUFFIX_STICKY_RE = new RegExp(`(?:${ORG_SUFFIX_ALTERNATION})(?![\\p{L}\\p{N}])`, 'uy');
/** One to four capitalised name words (joined by spaces, hyphens, "&", "und", "of") ending right before it. */
const ORG_NAME_BEFORE_RE = /(?:[\p{Lu}\d][\p{L}\p{N}&'’.+-]*(?: |-| & | und | and | für | de )){1,4}$/u;
/** The first token (as tokenize() cuts it) of each suffix: "e.V." starts with "e", "& Partner" with "Partner". */
const ORG_SUFFIX_WORDS = new Set(ORG_SUFFIXES.filter((x) => !x.includes(' ')));
const ORG_SUFFIX_FIRST_WORDS = new Set(ORG_SUFFIXES.map((x) => /[\p{L}\p{M}][\p{L}\p{M}\p{N}'’_-]*/u.exec(x)?.[0] ?? '').filter(Boolean));
const ORG_PREFIX_RE = new RegExp(`(?<![\\p{L}])(?:${ORG_PREFIXES.map(escapeRe).join('|')})((?: [\\p{Lu}][\\p{L}\\p{N}-]*){1,3})`, 'gu');
const EMPLOYER_CUE_RE = /\b(?:(?:works?|working|worked) (?:at|for)|employed (?:at|by)|employer(?: is|:)?|joined|(?:arbeitet|arbeite|arbeitete)(?: seit \d{4}| schon lange| jetzt)? (?:bei|für)|beschäftigt bei|tätig bei|angestellt bei|Firma|Arbeitgeber(?: ist|:)?|company|Unternehmen|client|Kunde|Auftraggeber)(?: der| dem| the)?\s+((?:[\p{Lu}][\p{L}\p{N}&'’-]*)(?: [\p{Lu}][\p{L}\p{N}&'’-]*){0,2})/gu;

/** "Supplier: X", "Bill to: X", "at X", "of X", "bei der X", "from X" followed by one to three name words. */
const BRAND_CUES = new Set(['at', 'of', 'from', 'via', 'join', 'joined', 'joining', 'between']);
const ORG_LABELS = ['supplier', 'vendor', 'bill to', 'billed to', 'customer', 'client', 'company', 'employer', 'firm', 'merchant', 'payee', 'remit to', 'lieferant', 'empfänger', 'kunde', 'kundin', 'firma', 'arbeitgeber', 'unternehmen', 'auftraggeber'];
const ORG_PREPOSITIONS = ['at', 'of', 'from', 'with', 'via', 'between', 'join', 'joined', 'joining', 'bei', 'von', 'mit', 'zwischen'];
const bothCases = (xs: string[]) => xs.flatMap((x) => [x, x[0].toUpperCase() + x.slice(1)]).join('|');
// Word lengths are bounded ({0,40}) so a long hyphenated run stays linear.
const ORG_CONTEXT_RE = new RegExp(
  `((?:^|\\n)\\s*(?:${bothCases(ORG_LABELS)})\\s?:\\s*|(?<![\\p{L}])(?:${bothCases(ORG_PREPOSITIONS)})\\s+(?:der\\s+|die\\s+|the\\s+)?)((?:[\\p{Lu}][\\p{L}\\p{M}\\p{N}'’]{0,40})(?:(?: ?[-&+] ?| (?:and|und) | )[\\p{Lu}][\\p{L}\\p{M}\\p{N}'’]{0,40}){0,2})(?![\\p{L}])`,
  'gu',
);

function stripLeading(text: string, start: number, end: number, language: Language): number {
  // "The Acme Corp", "Bei Müller GmbH": leading function words are not part of the name.
  let s = start;
  for (;;) {
    const m = /^([\p{L}]+)\s+/u.exec(text.slice(s, end));
    if (!m) break;
    const w = m[1].toLowerCase();
    const common = FUNCTION_WORDS.has(w) || (language === 'de' && DE_COMMON.has(w)) || ['contact', 'kontakt', 'dear', 'please', 'bitte', 'client', 'kunde', 'company', 'firma', 'employer', 'arbeitgeber'].includes(w);
    if (!common) break;
    s += m[0].length;
  }
  return s;
}

/**
 * "Contract between Anna Schmidt and Example GmbH": the name pattern lets "and", "und" and "&" join
 * name words (Procter and Gamble, Müller & Söhne), so it also swallows a person listed before the
 * company. When the words before the last conjunction start with a known first name, the
 * organisation starts after the conjunction and the person is left to the person recognizer.
 */
function afterPersonAndConjunction(text: string, start: number, suffixStart: number): number {
  const name = text.slice(start, suffixStart);
  const conjunction = /^(.*) (?:and|und|&) (?=\S)/u.exec(name);
  if (!conjunction) return start;
  const firstWord = /^[\p{L}]+/u.exec(conjunction[1])?.[0].toLowerCase();
  const words = conjunction[1].split(' ').length;
  if (!firstWord || words < 2 || !FIRST_NAMES.has(firstWord)) return start;
  return start + conjunction[0].length;
}

function organizationFindings(text: string, tokens: Token[], language: Language): Finding[] {
  const out: Finding[] = [];
  // Legal-form suffixes: find the suffix tokens first (cheap), then the name words right before
  // each one (running one pattern for both over the whole text cost a third of this function).
  let lastEnd = -1;
  for (let i = 1; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.start < lastEnd || !ORG_SUFFIX_FIRST_WORDS.has(t.text)) continue;
    ORG_SUFFIX_STICKY_RE.lastIndex = t.start;
    const suffix = ORG_SUFFIX_STICKY_RE.exec(text);
    if (!suffix) continue;
    const windowStart = tokens[Math.max(0, i - 6)].start;
    const name = ORG_NAME_BEFORE_RE.exec(text.slice(windowStart, t.start));
    if (!name) continue;
    const end = t.start + suffix[0].length;
    const start = afterPersonAndConjunction(text, stripLeading(text, windowStart + name.index, end, language), t.start);
    if (start >= t.start) continue;
    lastEnd = end;
    out.push(finding('ORGANIZATION', text, start, end, withContext(text, start, end, 'ORGANIZATION', 0.8, 0.15), 'org_suffix'));
  }
  ORG_PREFIX_RE.lastIndex = 0;
  for (let m = ORG_PREFIX_RE.exec(text); m !== null; m = ORG_PREFIX_RE.exec(text)) {
    out.push(finding('ORGANIZATION', text, m.index, m.index + m[0].length, 0.8, 'org_prefix'));
  }
  EMPLOYER_CUE_RE.lastIndex = 0;
  for (let m = EMPLOYER_CUE_RE.exec(text); m !== null; m = EMPLOYER_CUE_RE.exec(text)) {
    const start = m.index + m[0].length - m[1].length;
    const firstWord = m[1].split(' ')[0].toLowerCase();
    if (m[1].replace(/[^\p{L}]/gu, '').length < 3) continue;
    if (FUNCTION_WORDS.has(firstWord) || DE_COMMON.has(firstWord) || FIRST_NAMES.has(firstWord) || PERSON_TITLES.has(firstWord)) continue;
    out.push(finding('ORGANIZATION', text, start, start + m[1].length, 0.6, 'employer_cue'));
  }
  // Names after an organisation's field label or a preposition that introduces one, when they
  // look like a company (a brand word no lexicon knows, inner capitals, surnames joined by "-", "&",
  // "and", "+"), not like a person or a place.
  ORG_CONTEXT_RE.lastIndex = 0;
  for (let m = ORG_CONTEXT_RE.exec(text); m !== null; m = ORG_CONTEXT_RE.exec(text)) {
    const name = m[2].replace(/['’]s$/, '');
    const start = m.index + m[0].length - m[2].length;
    const cueWord = m[1].trim().toLowerCase().split(/\s+/)[0];
    const words = name.split(/[\s&+-]+|\band\b|\bund\b/).filter(Boolean);
    const firstTok: Token = { start, end: start, text: words[0], lower: words[0].toLowerCase(), cap: true, sentStart: false, gap: ' ' };
    if (words.some((w) => FUNCTION_WORDS.has(w.toLowerCase()) || (language === 'de' && DE_COMMON.has(w.toLowerCase())))) continue;
    const label = /:\s*$/.test(m[1]);
    // Asked only where they decide something: after a label neither the join nor the brand shape
    // changes the score, and the brand shape counts only after an English brand cue.
    const camel = words.some((w) => isCamelCase(w) && !/^Mc|^Mac/.test(w));
    const joined =
      !label &&
      /[-&+]|\s(?:and|und)\s/.test(name) &&
      words.length >= 2 &&
      !placeInfo(name.toLowerCase()) &&
      !words.some((w) => isFirstName({ ...firstTok, text: w, lower: w.toLowerCase() })) &&
      !/\s(?:and|und)\s/.test(name.replace(/^\S+\s(?:and|und)\s\S+$/, ''));
    // German capitalises every noun: there a brand word needs inner capitals, a join or a label.
    const brandCue = BRAND_CUES.has(cueWord) && language === 'en';
    const brandLike =
      !label &&
      !joined &&
      !camel &&
      brandCue &&
      words.every((w) => (wordFeatures(w) & F_EVERYDAY) === 0 && !isPlaceWord({ ...firstTok, text: w, lower: w.toLowerCase() }) && !isNameWord({ ...firstTok, text: w, lower: w.toLowerCase() }));
    if (!label && !joined && !camel && !(brandLike && brandCue)) continue;
    if (!label && isFirstName(firstTok) && !joined) continue;
    out.push(finding('ORGANIZATION', text, start, start + name.length, label || joined || camel ? 0.65 : 0.55, 'org_context'));
  }
  // Known organisations from the lexicon.
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (!t.cap) continue;
    for (let k = Math.min(ORG_FIRST_WORDS.get(t.lower) ?? 0, MAX_ORG_TOKENS, tokens.length - i); k >= 1; k--) {
      let key = t.lower;
      let ok = true;
      for (let j = i + 1; j < i + k; j++) {
        if (!adjacent(tokens, j)) {
          ok = false;
          break;
        }
        key += ` ${tokens[j].lower}`;
      }
      if (!ok || !ORGANIZATIONS.has(key)) continue;
      const last = tokens[i + k - 1];
      const ambiguous = k === 1 && (AMBIGUOUS_ORGS.has(key) || /^[A-Z]{2,4}$/.test(t.text) || (language === 'en' && ENGLISH_WORDS.has(key)) || LAST_NAMES.has(key) || FIRST_NAMES.has(key));
      const base = ambiguous ? 0.3 : 0.75;
      out.push(finding('ORGANIZATION', text, t.start, last.end, tokenWithContext(tokens, i, i + k - 1, 'ORGANIZATION', base), 'org_lexicon'));
      i += k - 1;
      break;
    }
  }
  return out;
}

/** A lower-case word in the English dictionary that is not a people's name ("polish", "china"). */
function isEnglishEverydayLower(lower: string): boolean {
  return ENGLISH_WORDS.has(lower) && !NRP_WORDS_EN.has(lower.replace(/s$/, ''));
}

/**
 * Organisations from their shape and what is said of them, without a legal form:
 *   - a run of capitalised words right before what companies do ("X announced", "X has appointed",
 *     "X is still hiring", "X says the invoice ...", "X gab bekannt"), when the run is no person
 *     (its first word no given name) and no place;
 *   - surname firms as lists: "Nieminen, Salo and Väisänen", "Macedo e Associados", "Major & Szekeres";
 *   - brand words made of two capitalised parts ("BluePeak", "GreenLeaf") after an article, a
 *     preposition or a conjunction, or before such a verb;
 *   - in English, two or three capitalised words after "at", "via", "between", "remit to", "sent to"
 *     ("worked with us at Granite Works"), when they are no person and no place.
 */
const ORG_VERBS_AFTER = new Set([
  'announced', 'announces', 'says', 'said', 'reported', 'reports', 'confirmed', 'confirms', 'appointed', 'hired', 'acquired', 'launched',
  'opened', 'plans', 'planned', 'employs', 'offers', 'expects', 'posted', 'denied', 'issued', 'invoiced', 'charged', 'shipped', 'hiring',
  'gab', 'gibt', 'teilte', 'teilt', 'kündigte', 'kündigt', 'eröffnet', 'eröffnete', 'sucht', 'stellt', 'meldet', 'meldete', 'übernimmt',
  'übernahm', 'beschäftigt', 'liefert', 'lieferte', 'berechnet', 'ernannt', 'ernannte',
]);
/** Auxiliaries between the name and the verb ("has appointed", "is still hiring", "will open", "hat ... ernannt"). */
const ORG_AUX = new Set(['has', 'have', 'had', 'is', 'was', 'will', 'would', 'still', 'now', 'just', 'hat', 'wird', 'ist', 'hatte']);
const ORG_VERB_LATER = new Set(['open', 'close', 'hire', 'expand', 'move', 'eröffnen', 'schließen', 'einstellen', 'ernannt']);
const ORG_LIST_JOINS = new Set(['and', 'und', '&', 'e', 'y', 'et', 'og', 'och', 'i', 'a', 'és', 've', 'și']);
const ORG_LEAD_CUES_EN = new Set(['at', 'via', 'between', 'from']);
/** "to" introduces a payee after these ("remit to X", "invoices should be sent to X"). */
const PAYEE_VERBS = new Set(['remit', 'sent', 'payable', 'paid', 'transfer', 'transferred', 'addressed', 'billed', 'invoiced']);
const ORG_ARTICLES_DE = new Set(['der', 'die', 'den', 'dem', 'des', 'bei', 'von', 'mit', 'und', 'zwischen']);
/** Two capitalised parts in one word ("BluePeak", "NorthPeak"), each at least three letters. */
const BRAND_COMPOUND = /^\p{Lu}\p{Ll}{2,}\p{Lu}\p{Ll}{2,}$/u;

function orgVerbFollows(tokens: Token[], j: number): boolean {
  let k = j + 1;
  for (let n = 0; n < 3 && k < tokens.length && ORG_AUX.has(tokens[k].lower); n++) k++;
  if (k >= tokens.length) return false;
  return ORG_VERBS_AFTER.has(tokens[k].lower) || (k > j + 1 && ORG_VERB_LATER.has(tokens[k].lower));
}
/** A capitalised word that can be part of a company name: no function word, no title, no digits. */
function orgWord(t: Token, language: Language): boolean {
  if (!t.cap || /\d/.test(t.text) || isTitle(t) || ORG_SUFFIX_WORDS.has(t.text)) return false;
  if (FUNCTION_WORDS.has(t.lower) || (language === 'de' && DE_COMMON.has(t.lower))) return false;
  return true;
}

function orgShapeFindings(text: string, tokens: Token[], language: Language): Finding[] {
  const out: Finding[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    // A sentence's first word is capitalised anyway: an everyday one ("Yesterday") starts no name.
    if (!orgWord(t, language) || (t.sentStart && isCommonWord(t, language))) continue;
    // The longest run of capitalised words joined by spaces, hyphens, "&", commas and list words;
    // a comma only inside a list that a list word ends ("X, Y and Z"), never before an acronym.
    let j = i;
    let joined = false;
    let openComma = -1;
    while (j + 1 < tokens.length) {
      const next = tokens[j + 1];
      const gap = next.gap;
      if ((gap === ' ' || gap === '-' || gap === ' - ' || gap === ' & ' || gap === ', ') && orgWord(next, language) && !(gap === ', ' && isAcronym(next))) {
        if (gap === ', ' && openComma < 0) openComma = j;
        if (gap !== ' ') joined = true;
        j++;
        continue;
      }
      // "X, Y and Z", "Macedo e Associados": a list word between two capitalised words.
      const after = tokens[j + 2];
      if (after && gap === ' ' && ORG_LIST_JOINS.has(next.lower) && after.gap === ' ' && orgWord(after, language)) {
        joined = true;
        openComma = -1;
        j += 2;
        continue;
      }
      break;
    }
    if (openComma >= 0) j = openComma;
    if (j - i > 5) {
      i = j;
      continue;
    }
    const first = tokens[i];
    const prev = tokens[i - 1];
    const verb = orgVerbFollows(tokens, j);
    const leadCue = !!prev && isSpaces(first.gap) && (language === 'de' ? ORG_ARTICLES_DE.has(prev.lower) : ORG_LEAD_CUES_EN.has(prev.lower) || (prev.lower === 'to' && PAYEE_VERBS.has(tokens[i - 2]?.lower ?? '')));
    const cue = leadCue && !(prev && PERSON_CUES.has(prev.lower) && !ORG_LEAD_CUES_EN.has(prev.lower) && prev.lower !== 'to');
    // Every score below needs a verb after the run or a cue before it: without them the run's words
    // (places, names, brand shapes) need not be looked at.
    if (!verb && !cue) {
      i = j;
      continue;
    }
    const words = tokens.slice(i, j + 1).filter((x) => !ORG_LIST_JOINS.has(x.lower));
    const anyPlace = words.length === 1 ? isPlaceWord(first) : !!placeInfo(words.map((w) => w.lower).join(' ')) || (joined && words.some((w) => isPlaceWord(w)));
    const brand = words.some((w) => BRAND_COMPOUND.test(w.text));
    const personLike = words.some((w) => isFirstName(w)) && !joined ? true : isFirstName(first) || (words.length === 2 && !joined && isNameWord(words[1]) && isNameWord(first)) || (!leadCue && personCueBefore(text, tokens, i));
    const single = words.length === 1;
    let score = 0;
    if (verb && !personLike && !anyPlace && (!single || brand || (language === 'en' && !t.sentStart && !isEverydayToken(first)))) score = joined || brand ? 0.7 : 0.55;
    else if (brand && (cue || verb) && !anyPlace) score = 0.65;
    else if (joined && words.length >= 2 && words.length <= 4 && !personLike && !anyPlace && (cue || verb) && !words.some((w) => isFirstName(w))) score = 0.65;
    else if (language === 'en' && cue && words.length >= 2 && words.length <= 3 && !personLike && !anyPlace && !first.sentStart && !words.some((w) => isFirstName(w) || isPlaceWord(w) || isAcronym(w))) score = 0.55;
    if (score > 0) out.push(finding('ORGANIZATION', text, first.start, tokens[j].end, score, 'org_shape'));
    i = j;
  }
  return out;
}

/** German NRP adjectives: a known stem plus an adjective ending ("türkisch", "türkischen"). */
const NRP_DE_ENDINGS = new Set(['', 'e', 'er', 'en', 'es', 'em']);
const NRP_DE_STEMS = new Set(NRP_STEMS_DE);
function isGermanNrpAdjective(lower: string): boolean {
  for (let cut = 0; cut <= 2; cut++) {
    const stem = cut === 0 ? lower : lower.slice(0, -cut);
    if (NRP_DE_STEMS.has(stem) && NRP_DE_ENDINGS.has(lower.slice(stem.length))) return true;
  }
  return false;
}
function nrpFindings(text: string, tokens: Token[], language: Language): Finding[] {
  const out: Finding[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    let hit = false;
    if (language === 'de') {
      // Nouns in any case ("muslime" in careless chat text) unless the word is everyday German too.
      hit = (NRP_NOUNS_DE.has(t.lower) && (t.cap || !COMMON_DE.has(t.lower))) || isGermanNrpAdjective(t.lower);
      // Political parties are written in capitals: SPD, CDU.
      if (!hit && /^[A-Z]{2,4}$/.test(t.text)) hit = NRP_NOUNS_DE.has(t.lower);
    } else {
      // Capitalised anywhere (a sentence-start capital is no evidence for the ambiguous ones); in
      // lower case only the words that are no everyday English ("romanians", "muslims").
      hit = NRP_WORDS_EN.has(t.lower) && (NRP_NEEDS_CAPITAL.has(t.lower) ? t.cap && !t.sentStart : t.cap || !isEnglishEverydayLower(t.lower));
      // "Social Democrats", "orthodox Jews": two-word groups.
      // (The capital is asked first: it rules out most words before a string is built for the look-up.)
      if (!hit && t.cap && i + 1 < tokens.length && adjacent(tokens, i + 1) && NRP_WORDS_EN.has(`${t.lower} ${tokens[i + 1].lower}`)) {
        out.push(finding('NRP', text, t.start, tokens[i + 1].end, tokenWithContext(tokens, i, i + 1, 'NRP', 0.65, 0.2), 'nrp_lexicon'));
        i++;
        continue;
      }
    }
    if (!hit) continue;
    out.push(finding('NRP', text, t.start, t.end, tokenWithContext(tokens, i, i, 'NRP', 0.65, 0.2), 'nrp_lexicon'));
  }
  return out;
}

/**
 * The tokens of the last text asked for: the rules and the tagger (recognizers/tagger.ts) read the
 * same words, so the text is cut once per detect() call.
 */
let lastText: string | null = null;
let lastTokens: Token[] = [];
export function tokensOf(text: string): Token[] {
  if (text !== lastText) {
    lastTokens = tokenize(text);
    lastText = text;
  }
  return lastTokens;
}
/** Drops the kept tokens (detect() calls it when done, so a large text is not held on to). */
export function forgetTokens(): void {
  lastText = null;
  lastTokens = [];
}

/** Tokenizes once and runs the name, place, organisation and NRP rules the call wants. */
export const namedEntityRecognizer: Recognizer = {
  name: 'named_entities',
  types: ['PERSON', 'LOCATION', 'ORGANIZATION', 'NRP'],
  find(text: string, ctx: RecognizerContext) {
    const tokens = tokensOf(text);
    const out: Finding[] = [];
    if (ctx.wanted.has('PERSON')) out.push(...personFindings(text, tokens, ctx.language));
    if (ctx.wanted.has('LOCATION')) out.push(...placeFindings(text, tokens, ctx.language), ...placeShapeFindings(text, tokens, ctx.language));
    if (ctx.wanted.has('ORGANIZATION')) out.push(...organizationFindings(text, tokens, ctx.language), ...orgShapeFindings(text, tokens, ctx.language));
    if (ctx.wanted.has('NRP')) out.push(...nrpFindings(text, tokens, ctx.language));
    return out;
  },
};
