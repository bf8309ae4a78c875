import { withContext } from '../context';
import type { Finding } from '../entity-types';
import { charClass as importedCharClass, charWidth as importedCharWidth } from '../chars';
import { type AnchoredPattern, anchoredMatches, capitalAt, streetWordAt } from './anchored';
import { finding, type Recognizer } from './types';

// Local copies for the scans below, asked at every digit after a space: tsx reads each imported
// binding through a getter at every use (chars.ts has the meanings).
const charClass = importedCharClass;
const charWidth = importedCharWidth;
const C_LETTER = 1;
const C_MARK = 2;

/**
 * Postal addresses as structures, in many languages (address.ts keeps the German and US patterns
 * it always had; the overlap rule keeps the longer finding):
 *
 *   street    a house number and a street whose name carries a type word, before it ("ul.",
 *             "Via", "Rua", "Carr.", "Jalan") or after it ("Street", "gatan", "utca", "-straße"),
 *             or, with a postal code following, any capitalised words and a number;
 *   unit      ", Apt 4B", " Suite 300", " m. 12", " Leil. 806", " Top 9", " kv. 158", ", 3. OG";
 *   tail      ", 0155 Oslo", ", 110 00 Praha 1", ", Springfield, IL 62704", ", Norway".
 *
 * A postal code with its town on a line of its own ("64-511 Szamocin", "6118 WÄDENSWIL") and a
 * value after a postal-code label ("ZIP: 23555", "PLZ 8001") are addresses too.
 */

// Word lengths are bounded ({0,40}): an unbounded run before a type ending makes one long
// hyphenated word cost quadratic time (every capital in it would rescan the rest).
const W = "[\\p{Lu}\\p{Lt}][\\p{L}\\p{M}'’.-]{0,40}";
const LW = "[\\p{L}\\p{M}][\\p{L}\\p{M}'’.-]{0,40}";
/** House numbers: "12", "12a", "12 B", "4/2", "12-14", "990". */
const NUM = '\\d{1,5}(?:\\s?[a-zA-Z](?![\\p{L}.]))?(?:\\s?[-–/]\\s?\\d{1,4}[a-zA-Z]?)?';

/** Street type words that come BEFORE the name, per language (lower case; matched case-insensitively). */
const PREFIX_TYPES = [
  // Polish, Czech, Slovak, Croatian, Serbian, Slovenian
  'ul\\.', 'ulica', 'al\\.', 'aleja', 'aleje', 'pl\\.', 'plac', 'os\\.', 'osiedle', 'bulw\\.', 'rondo', 'skwer', 'nám\\.', 'náměstí', 'nábřeží', 'třída', 'tr\\.', 'ulice', 'trg', 'cesta', 'put', 'bulevar', 'obala', 'šetalište',
  // Romance
  'rue', 'avenue', 'av\\.', 'ave\\.', 'avenida', 'avda\\.', 'calle', 'c/', 'carrera', 'carretera', 'carr\\.', 'cda\\.', 'cerrada', 'callejón', 'calzada', 'privada', 'prolongación', 'andador', 'circuito', 'paseo', 'pasaje', 'plaza', 'camino', 'ronda', 'via', 'viale', 'piazza', 'piazzale', 'corso', 'vicolo', 'largo', 'strada', 'borgo', 'contrada', 'rua', 'travessa', 'praça', 'alameda', 'estrada', 'rodovia', 'largo', 'bulevardul', 'b-dul', 'calea', 'aleea', 'intrarea', 'splaiul', 'șoseaua', 'str\\.', 'strada', 'piața', 'allée', 'boulevard', 'bd', 'chemin', 'impasse', 'place', 'quai', 'faubourg', 'cours', 'szosa', 'trakt',
  // Indonesian, Vietnamese, Turkish, Greek, Baltic, Slavic (romanised)
  'jalan', 'jl\\.', 'jln\\.', 'gang', 'gg\\.', 'đường', 'phố', 'ngõ', 'hẻm', 'duong', 'pho', 'odos', 'odós', 'leoforos', 'leofóros', 'plateia', 'vulytsia', 'vul\\.', 'prospekt', 'prosp\\.', 'pr\\.', 'ul\\.', 'ploshcha', 'pereulok', 'per\\.', 'shosse', 'naberezhnaya', 'nab\\.', 'proyezd', 'bulvar', 'mah\\.', 'mahallesi', 'sok\\.', 'sokak', 'cad\\.', 'caddesi',
  // English and German words that also lead ("Am", "An der" are handled in address.ts)
  'avenue of', 'rue de', 'rue du', 'rue des',
];
/** Street type words AFTER the name, as a separate word. */
const SUFFIX_WORDS = [
  'street', 'st\\.?', 'avenue', 'ave\\.?', 'road', 'rd\\.?', 'boulevard', 'blvd\\.?', 'lane', 'ln\\.?', 'drive', 'dr\\.?', 'court', 'ct\\.?', 'way', 'place', 'pl\\.?', 'terrace', 'parkway', 'pkwy\\.?', 'circle', 'cir\\.?', 'highway', 'hwy\\.?', 'square', 'sq\\.?', 'trail', 'row', 'close', 'crescent', 'grove', 'gardens', 'walk', 'mews', 'hill', 'loop', 'plaza', 'point', 'pt\\.?', 'crossing', 'heights', 'park', 'ridge', 'path', 'pike', 'port', 'route', 'view', 'vista', 'junction', 'estate', 'estates', 'manor', 'meadow', 'meadows', 'harbor', 'harbour', 'island', 'creek', 'falls', 'ferry', 'field', 'fields', 'forest', 'glen', 'green', 'haven', 'landing', 'lodge', 'mall', 'mill', 'mills', 'mount', 'orchard', 'pass', 'pines', 'plains', 'prairie', 'ranch', 'rest', 'run', 'shore', 'shores', 'spring', 'springs', 'station', 'summit', 'valley', 'village', 'villas', 'wells', 'wood', 'woods', 'extension', 'expressway', 'freeway', 'turnpike', 'underpass',
  'straße', 'strasse', 'str\\.', 'weg', 'gasse', 'allee', 'platz', 'ring', 'damm', 'ufer', 'chaussee', 'steig', 'pfad', 'markt',
  'utca', 'út', 'útja', 'tér', 'körút', 'köz', 'sor', 'sétány', 'dűlő', 'fasor', 'határút', 'lépcső', 'park',
  'straat', 'laan', 'weg', 'plein', 'gracht', 'kade', 'singel', 'dreef', 'steenweg', 'kaai', 'dijk',
  'gata', 'gate', 'gatan', 'vägen', 'väg', 'veien', 'vei', 'vej', 'gade', 'allé', 'torg', 'torget', 'stræde', 'plass', 'plads', 'bakken', 'stien',
  'katu', 'tie', 'kuja', 'polku', 'tori', 'raitti', 'väylä', 'kaari', 'iela', 'gatve', 'prospektas', 'bulvāris', 'laukums', 'tänav', 'maantee',
  'caddesi', 'cad\\.', 'sokak', 'sokağı', 'sk\\.', 'bulvarı', 'blv\\.', 'mahallesi',
  'ro', 'gil', 'daero', 'lu', 'jie', 'dajie', 'xiang', 'hutong',
];
/** Compound street words: the type is the word's ending ("Kyrkgatan", "Storgata", "Mühlweg", "Hauptstr."). */
const SUFFIX_ENDINGS =
  'straße|strasse|str\\.|weg|gasse|allee|platz|ring|damm|ufer|markt|steig|pfad|gata|gate|gatan|vägen|väg|veien|vei|vej|gade|gränd|stræde|plass|plads|torget|bakken|stien|katu|tie|kuja|polku|tori|raitti|väylä|straat|laan|plein|gracht|kade|singel|dreef|steenweg|utca|iela|gatve|tänav|gil|daero|sokak|sokağı|caddesi|ická|ská|ní';

/** Prefix words also matched in lower case: abbreviations with a dot and words no sentence uses otherwise. */
const LOWER_OK = new Set(['ulica', 'ulice', 'aleja', 'plac', 'osiedle', 'calle', 'rua', 'rue', 'jalan', 'đường', 'phố', 'vulytsia', 'odos', 'leoforos', 'náměstí', 'třída', 'nábřeží', 'trg', 'bulevar', 'bulevardul', 'calea', 'aleea', 'strada', 'viale', 'piazza', 'corso', 'vicolo', 'avenida', 'travessa', 'praça', 'sokak', 'caddesi']);
/** An alternation of type words, each as written and capitalised (the patterns are case-sensitive). */
function alternation(xs: string[], lowerToo: (x: string) => boolean): string {
  const out = new Set<string>();
  for (const x of xs) {
    out.add(x[0].toUpperCase() + x.slice(1));
    if (lowerToo(x)) out.add(x);
  }
  return [...out].sort((a, b) => b.length - a.length).join('|');
}
const ci = (xs: string[]) => alternation(xs, () => true);
const PREFIXES = alternation(PREFIX_TYPES, (x) => x.endsWith('\\.') || LOWER_OK.has(x));

/** Units: the generic form is a short word with an optional dot and a number ("Apt 4", "Lgh. 806", "m. 12", "Kat 3"). */
const UNIT = `(?:(?:Apt|Apartment|Suite|Ste|Unit|Flat|Floor|Fl|Room|Rm|Bldg|Building|Dept|Top|Tür|Stiege|Stg|Wohnung|Whg|Leil|Lgh|Hus|Oppgang|Ap|Apto|Appartamento|Piano|Esc|Puerta|Edificio|Depto|Dpto|Int|Interior|Kat|Stan|Sprat|dz|m|lok|kv|Kv|Km|Apartament|Bl|Sc|Et)\\.?\\s?#?\\s?[\\dA-Z][\\w/-]{0,6}|#\\s?\\d{1,5}[A-Z]?|\\d{1,2}\\.\\s?(?:OG|Stock|Etage|étage|em|emelet|tv|th|sal|hoog|floor|kat|sprat|patro|piętro)|\\d{1,2}(?:st|nd|rd|th|ος|η)\\s(?:floor|Floor)|(?:[1-9]\\.\\s?)?(?:OG|EG|DG|UG))`;

/** Postal codes of many countries: 4-6 digits, "### ##", "##-###", "###-###", UK, Canada, Netherlands, Ireland. */
const POSTCODE =
  '(?:[A-Z]{1,2}-)?(?:\\d{3}\\s\\d{2}|\\d{2}-\\d{3}|\\d{3}-\\d{3,4}|\\d{4}\\s?[A-Z]{2}(?![\\p{L}])|\\d{4,6}|[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2}|[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d)';
/** A town after a postal code: capitalised words, optionally a district number ("Praha 1"), or all caps. */
const TOWN = `${W}(?:[ -](?:${W}|(?:am|an|der|im|in|ob|bei|de|del|la|le|sur|upon|on|nad|pod|na)\\b)){0,3}(?: \\d{1,2}(?![\\d.,]))?`;
const REGION = `(?:[A-Z]{2}(?![\\p{L}])|${W}(?: ${W}){0,2})`;

const TAIL = `(?:(?:,\\s?|\\s)${UNIT}){0,2}(?:(?:,\\s?|\\s?\\n\\s?|\\s)(?:${POSTCODE})\\s${TOWN}|,\\s${TOWN}(?:,\\s?${REGION})?\\s(?:${POSTCODE}))?(?:,\\s(?:${W})(?: ${W}){0,2}(?=[.;,)\\n]|$))?`;

/** The words of a street's name stay on one line: a name on the line above is not part of it. */
const STREET_PREFIXED = `(?<![\\p{L}\\p{N}])(?:${PREFIXES})\\s(?:${LW}[ \\t]){0,4}?${NUM}`;
const STREET_SUFFIXED_NUM_FIRST = `(?<![\\p{L}\\p{N}.,/-])\\d{1,6}[A-Za-z]?\\s(?:(?:N|S|E|W|NE|NW|SE|SW|North|South|East|West)\\.?\\s)?(?:${W}[ \\t]){1,4}(?:${ci(SUFFIX_WORDS)})(?![\\p{L}])(?:\\s(?:NW|NE|SW|SE|N|S|E|W)(?![\\p{L}]))?`;
const STREET_SUFFIXED = `(?<![\\p{L}\\p{N}])(?:${W}[ \\t]){0,3}(?:[\\p{Lu}][\\p{L}\\p{M}'’-]{0,40}(?:${SUFFIX_ENDINGS})|[\\p{Lu}][\\p{L}\\p{M}'’-]{0,40}\\s(?:${ci(SUFFIX_WORDS)}))\\.?,?\\s?${NUM}(?![\\d])`;
/** Capitalised words and a number, trusted only with a postal code and town right after. */
const STREET_GENERIC = `(?<![\\p{L}\\p{N}])(?:${W}[ \\t]){0,3}${W}\\s${NUM}(?=,?\\s(?:${POSTCODE})\\s[\\p{Lu}])`;

/**
 * The street patterns with their anchors (recognizers/anchored.ts): each match's house number is
 * a digit after whitespace, right after a street-type ending or word (suffixed), after a type word
 * and up to four words (prefixed), or followed by a postal code and a town (generic). maxBack is
 * the longest the words before that digit can be: four words of at most 41 characters and their
 * separators, plus the type word.
 */
const NUM_REST = '\\d{0,4}(?:\\s?[a-zA-Z](?![\\p{L}.]))?(?:\\s?[-–/]\\s?\\d{1,4}[a-zA-Z]?)?';
/** Regex source of a type word as plain lower-case text ("st\\.?" → "st"). */
const plain = (x: string) => x.replace(/\\\.\??/g, '.').replace(/\.$/, '').toLowerCase();
const SUFFIX_WORD_SET = new Set(SUFFIX_WORDS.map(plain));
const SUFFIX_ENDING_SET = new Set(SUFFIX_ENDINGS.split('|').map(plain));
const MAX_ENDING = Math.max(...[...SUFFIX_ENDING_SET].map((x) => x.length));
/** First whitespace-separated part of each prefix type word ("avenue of" → "avenue"), without its dot. */
const PREFIX_FIRST_PARTS = new Set(PREFIX_TYPES.map((x) => plain(x).split(' ')[0].replace(/\.$/, '')));
const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13 || c === 0xa0;
/** The UTF-16 unit at i is part of a word: a letter, a mark, ' ’ or - (a lone surrogate is not). */
const isWordPartAt = (text: string, i: number) => {
  const c = text.charCodeAt(i);
  if (c === 39 || c === 8217 || c === 45) return true;
  if (c >= 0xd800 && c <= 0xdfff) return false;
  const k = charClass(text, i);
  return k === C_LETTER || k === C_MARK;
};

/** The digit at h follows a street-type ending or word ("Hauptstr. 5", "Kyrkgatan 12", "Oak Street 4"). */
function afterSuffixType(text: string, h: number): boolean {
  let q = h;
  if (q > 0 && isSpace(text.charCodeAt(q - 1))) q--;
  if (q > 0 && text[q - 1] === ',') q--;
  if (q > 0 && text[q - 1] === '.') q--;
  let w = q;
  while (w > 0 && q - w <= 41 && isWordPartAt(text, w - 1)) w--;
  if (w === q) return false;
  const word = text.slice(w, q).toLowerCase();
  if (SUFFIX_WORD_SET.has(word)) return true;
  for (let n = 1; n <= MAX_ENDING && n <= word.length; n++) if (SUFFIX_ENDING_SET.has(word.slice(-n))) return true;
  return false;
}
const MAX_PREFIX_FIRST_PART = Math.max(...[...PREFIX_FIRST_PARTS].map((x) => x.length));
/**
 * One of the five whitespace-separated parts before the digit at h is a prefix type word ("ul.",
 * "Rua", "Via"): the part without its leading non-letters and one trailing dot. Asked for every
 * digit after a space, so a part is only cut out of the text when it is short enough to be one.
 */
function afterPrefixType(text: string, h: number): boolean {
  let q = h;
  for (let parts = 0; parts < 6 && q > 0 && h - q < 200; parts++) {
    while (q > 0 && isSpace(text.charCodeAt(q - 1))) q--;
    let w = q;
    while (w > 0 && !isSpace(text.charCodeAt(w - 1))) w--;
    let from = w;
    while (from < q && charClass(text, from) !== C_LETTER) from += charWidth(text, from);
    const to = q > from && text.charCodeAt(q - 1) === 46 ? q - 1 : q;
    if (to - from <= MAX_PREFIX_FIRST_PART && to > from && PREFIX_FIRST_PARTS.has(text.slice(from, to).toLowerCase())) return true;
    q = w;
  }
  return false;
}
/** The letters (and marks) a type word starts with: "ul" of "ul.", "b" of "b-dul", "rue" of "rue de". */
function leadingLetters(text: string, p: number, limit: number): string {
  let e = p;
  while (e < text.length && e - p <= limit) {
    const k = charClass(text, e);
    if (k !== C_LETTER && k !== C_MARK) break;
    e += charWidth(text, e);
  }
  return text.slice(p, e);
}
/** The leading letters of every prefix type word as the pattern matches it: as written and capitalised. */
const PREFIX_LEADS = new Set(
  PREFIXES.split('|').map((x) => {
    const word = x.replace(/\\\./g, '.');
    return leadingLetters(word, 0, word.length);
  }),
);
const MAX_PREFIX_LEAD = Math.max(...[...PREFIX_LEADS].map((x) => x.length));
/** A prefixed street can only begin where a prefix type word does (checked before the costly pattern). */
const prefixTypeAt = (text: string, p: number) => PREFIX_LEADS.has(leadingLetters(text, p, MAX_PREFIX_LEAD));

const ANCHORED: [AnchoredPattern, number, string][] = [
  [
    {
      anchor: /(?<=\s)\d/g,
      accept: afterPrefixType,
      canStart: prefixTypeAt,
      sticky: new RegExp(`${STREET_PREFIXED}${TAIL}`, 'uy'),
      maxBack: 200,
    },
    0.75,
    'street_prefixed',
  ],
  [
    {
      anchor: /\d(?<=[\p{L}.],?\s?\d)/gu,
      accept: afterSuffixType,
      canStart: capitalAt,
      leadIn: streetWordAt,
      // Three [ \t] after words, \s before a type word, \s? before the number.
      maxLeadInSpaces: 5,
      sticky: new RegExp(`${STREET_SUFFIXED}${TAIL}`, 'uy'),
      maxBack: 200,
    },
    0.7,
    'street_suffixed',
  ],
  [
    {
      anchor: new RegExp(`\\d(?<=[\\p{L}\\p{M}'’.-]\\s\\d)(?=${NUM_REST}(?=,?\\s(?:${POSTCODE})\\s[\\p{Lu}]))`, 'gu'),
      canStart: capitalAt,
      leadIn: streetWordAt,
      // Three [ \t] after words and \s before the number.
      maxLeadInSpaces: 4,
      sticky: new RegExp(`${STREET_GENERIC}${TAIL}`, 'uy'),
      maxBack: 180,
    },
    0.6,
    'street_generic',
  ],
];
/** Starts at its house number: a global scan finds the digits quickly. */
const NUMBER_FIRST_RE = new RegExp(`${STREET_SUFFIXED_NUM_FIRST}${TAIL}`, 'gu');

/** A postal code and its town as a line (or field) of their own. */
const POSTCODE_TOWN_RE = new RegExp(`(?<=^|\\n|:\\s?|,\\s)(?:${POSTCODE})\\s(?:${TOWN})(?=\\s*(?:$|\\n|,|\\.))`, 'gu');
/** A postal code after its label. */
const POSTCODE_LABEL_RE = new RegExp(
  `(?<=(?:postal code|post code|postcode|zip code|zip|postleitzahl|plz|psč|kod pocztowy|postnummer|postinumero|código postal|cap|cp)\\.?:?\\s)(?:${POSTCODE})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** Trailing separators and a sentence's full stop are not part of the address; "St." keeps its dot. */
function trimEnd(text: string, start: number, end: number): number {
  let e = end;
  for (;;) {
    while (e > start && /[\s,;:]/.test(text[e - 1])) e--;
    if (e > start && text[e - 1] === '.' && !/(?:^|[\s.])(?:St|Rd|Ave|Str|Blvd|Ln|Dr|Ct|Pl|Sq|Pkwy|Hwy|Cir|Pt|Apt|Ste|ul|al|pl|nám|tr|vul|jl|Jl|sok|cad|Sok|Cad|Av|Carr|Cda|Esc)\.$/.test(text.slice(Math.max(start, e - 6), e))) {
      e--;
      continue;
    }
    return e;
  }
}

/** An address after its label, to the end of the line ("Billing address: Marilinja 260"). */
const ADDRESS_LABEL_RE = /(?<=(?:^|\n|[.;]\s)(?:[\p{L} ]{0,20}(?:address|adresse|anschrift|residence|wohnsitz|ship to|deliver to|lieferung an|zustellung an))\s?:\s*)(?=\S)[^\n:]{3,80}?(?=\s*(?:$|\n))/giu;

/** Words a capitalised "street" must not start with (sentence words before a number). */
const NOT_STREET_START = /^(?:the|a|an|on|in|at|by|for|from|to|of|and|or|order|invoice|ticket|case|version|room|page|step|item|nr|no|vorgang|rechnung|bestellung|seite|zimmer|raum|version|build|q\d|tel|fax|phone|call|until|bis|since|seit|about|over|under|unter|über|approx|ca|total|summe|betrag)\b/i;

export const streetRecognizer: Recognizer = {
  name: 'street',
  types: ['ADDRESS'],
  find(text) {
    const out: Finding[] = [];
    const push = (m: RegExpExecArray, base: number, source: string) => {
      let start = m.index;
      let end = trimEnd(text, start, m.index + m[0].length);
      // Leading sentence words ("Ship to 12 Oak Street") are not part of the street.
      const lead = /^(?:[\p{L}]+\s)+?(?=\d)/u.exec(text.slice(start, end));
      if (source === 'street_number_first' && lead) start += lead[0].length;
      const value = text.slice(start, end);
      if (NOT_STREET_START.test(value) || !/\d/.test(value)) return;
      end = Math.max(end, start);
      out.push(finding('ADDRESS', text, start, end, withContext(text, start, end, 'ADDRESS', base, 0.15), source));
    };
    for (const [pattern, base, source] of ANCHORED) for (const m of anchoredMatches(text, pattern)) push(m, base, source);
    NUMBER_FIRST_RE.lastIndex = 0;
    for (let m = NUMBER_FIRST_RE.exec(text); m !== null; m = NUMBER_FIRST_RE.exec(text)) push(m, 0.8, 'street_number_first');
    ADDRESS_LABEL_RE.lastIndex = 0;
    for (let m = ADDRESS_LABEL_RE.exec(text); m !== null; m = ADDRESS_LABEL_RE.exec(text)) {
      const end = trimEnd(text, m.index, m.index + m[0].length);
      // Only a line that reads like an address: a number in it, not an e-mail or a URL.
      if (!/\d/.test(m[0]) || /@|https?:/.test(m[0])) continue;
      out.push(finding('ADDRESS', text, m.index, end, 0.75, 'address_label'));
    }
    POSTCODE_TOWN_RE.lastIndex = 0;
    for (let m = POSTCODE_TOWN_RE.exec(text); m !== null; m = POSTCODE_TOWN_RE.exec(text)) {
      const end = trimEnd(text, m.index, m.index + m[0].length);
      out.push(finding('ADDRESS', text, m.index, end, withContext(text, m.index, end, 'ADDRESS', 0.55, 0.15), 'postcode_town'));
    }
    POSTCODE_LABEL_RE.lastIndex = 0;
    for (let m = POSTCODE_LABEL_RE.exec(text); m !== null; m = POSTCODE_LABEL_RE.exec(text)) {
      out.push(finding('ADDRESS', text, m.index, m.index + m[0].length, 0.7, 'postcode_label'));
    }
    return out;
  },
};
