import {
  type BuiltInEntityType,
  type CustomEntity,
  DEFAULT_PROFILES,
  entityTypesOf,
  type Finding,
  isBuiltInEntityType,
  type Language,
} from './entity-types';
import { resolveOverlaps } from './overlap';
import { addressRecognizer } from './recognizers/address';
import { customFindings, redlistFindings } from './recognizers/custom';
import { forgetTokens, namedEntityRecognizer } from './recognizers/names';
import { PATTERN_RECOGNIZERS } from './recognizers/patterns';
import { SECRET_RECOGNIZERS } from './recognizers/secrets';
import { streetRecognizer } from './recognizers/street';
import { taggerFindings } from './recognizers/tagger';
import type { Recognizer } from './recognizers/types';

export interface DetectOptions {
  language?: Language;
  /** Profile names (default personal_information); ignored when entityTypes is given. */
  profiles?: readonly string[];
  /** An explicit list of built-in entity types; overrides profiles. */
  entityTypes?: readonly string[];
  customEntities?: CustomEntity[];
  /** Terms always found (case-insensitive, whole words), reported as REDLIST. */
  redlist?: string[];
  /** Findings scoring under it are dropped (default 0.5). */
  threshold?: number;
}

export const DEFAULT_THRESHOLD = 0.5;

/** Rule findings of these types scoring under WEAK_RULE_SCORE may be covered by a longer tagger span. */
const TAGGER_OVERRIDABLE = new Set(['PERSON', 'LOCATION', 'ORGANIZATION']);
const WEAK_RULE_SCORE = 0.7;

const RECOGNIZERS: Recognizer[] = [...PATTERN_RECOGNIZERS, ...SECRET_RECOGNIZERS, addressRecognizer, streetRecognizer, namedEntityRecognizer];

/** The wanted entity types of a request and the recognizers that can find one of them. */
interface Selection {
  wanted: ReadonlySet<BuiltInEntityType>;
  recognizers: Recognizer[];
}
/**
 * Selections by their profiles or entity types, worked out once per distinct list: callers send
 * the same few lists again and again, and for a sentence the set and the filtering were a
 * measurable part of detect()'s fixed cost. The sets are shared, so nothing may change them.
 */
const selections = new Map<string, Selection>();
/** The previous call's list (a copy: callers may change theirs) and selection: most calls repeat it. */
let lastList: string[] = [];
let lastByTypes = false;
let lastSelection: Selection | null = null;
function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
function selectionFor(options: DetectOptions): Selection {
  const byTypes = !!options.entityTypes;
  const list = options.entityTypes ? options.entityTypes : (options.profiles ?? DEFAULT_PROFILES);
  if (lastSelection !== null && byTypes === lastByTypes && sameList(list, lastList)) return lastSelection;
  // JSON keeps the list unambiguous (a name holding a comma cannot pass for two names).
  const key = `${byTypes ? 'types' : 'profiles'}:${JSON.stringify(list)}`;
  let selection = selections.get(key);
  if (selection === undefined) {
    const wanted = new Set<BuiltInEntityType>(
      options.entityTypes ? options.entityTypes.filter(isBuiltInEntityType) : entityTypesOf(options.profiles ?? DEFAULT_PROFILES),
    );
    selection = { wanted, recognizers: RECOGNIZERS.filter((r) => r.types.some((t) => wanted.has(t))) };
    if (selections.size >= 1000) selections.clear();
    selections.set(key, selection);
  }
  lastList = [...list];
  lastByTypes = byTypes;
  lastSelection = selection;
  return selection;
}

/**
 * Types whose rule findings a tagger span of the same type may extend: the result is the union of
 * the tagger span and those findings (rules often find the street of an address but not its unit,
 * postal code or town, an organisation without its legal form, a given name without the surname
 * the gazetteer took for a place). LOCATION is not among them: it gained nothing on the outside
 * set's tune part and switched German places off in calibration (docs/PERFORMANCE.md, issue 18,
 * fourth pass).
 */
export const TAGGER_EXTENDS: ReadonlySet<string> = new Set(['ADDRESS', 'ORGANIZATION', 'PERSON']);

/**
 * Which of the tagger's findings join the rule candidates, and in what extent. Each rule candidate
 * a tagger span overlaps must be one of:
 * - a weak (score < WEAK_RULE_SCORE) name, place or organisation guess lying inside the span and
 *   shorter than it (the longer tagger span then wins the overlap rule: "Chukwuemeka Obi" over a
 *   gazetteer "Obi");
 * - a finding of the span's own type in TAGGER_EXTENDS: the span grows to the union of the two
 *   (rules often find a street but not its unit, postal code or town, or a firm without its legal
 *   form), scored as the better of them;
 * - for an ADDRESS span, a LOCATION inside it (the town of the address: overlap.ts lets the longer
 *   ADDRESS cover it).
 * A span overlapping any other candidate (a strong finding of another type) is dropped; one that
 * overlaps nothing is added as it is.
 */
export function mergeTagged(text: string, candidates: readonly Finding[], tagged: readonly Finding[]): Finding[] {
  // Candidates by start, and the longest one: those overlapping [a, b) start in [a - longest, b).
  const order = candidates.map((_, k) => k).sort((x, y) => candidates[x].start - candidates[y].start);
  let longest = 0;
  for (const c of candidates) if (c.end - c.start > longest) longest = c.end - c.start;
  const out: Finding[] = [];
  for (const f of tagged) {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (candidates[order[mid]].start < f.start - longest) lo = mid + 1;
      else hi = mid;
    }
    let ok = true;
    let start = f.start;
    let end = f.end;
    let score = f.score;
    let widest: Finding | null = null;
    const extendable = TAGGER_EXTENDS.has(f.entityType);
    for (let j = lo; j < order.length && ok; j++) {
      const c = candidates[order[j]];
      if (c.start >= f.end) break;
      if (c.end <= f.start) continue;
      const inside = c.start >= f.start && c.end <= f.end;
      if (inside && c.score < WEAK_RULE_SCORE && TAGGER_OVERRIDABLE.has(c.entityType) && c.end - c.start < f.end - f.start) continue;
      if (inside && f.entityType === 'ADDRESS' && c.entityType === 'LOCATION') continue;
      if (extendable && c.entityType === f.entityType) {
        if (c.start < start) start = c.start;
        if (c.end > end) end = c.end;
        if (c.score > score) score = c.score;
        if (widest === null || c.end - c.start > widest.end - widest.start) widest = c;
        continue;
      }
      ok = false;
    }
    // Nothing to add when a rule finding already covers exactly the union (the tagger agreeing
    // with a rule): a copy would only make the overlap rule's work larger.
    if (!ok || (widest !== null && widest.start === start && widest.end === end)) continue;
    out.push(start === f.start && end === f.end ? f : { ...f, start, end, score, text: text.slice(start, end) });
  }
  return out;
}

/**
 * Finds personal data and secrets in `text`. Returns non-overlapping findings (see overlap.ts) in
 * text order, each at or above the threshold, plus every redlist and custom-entity hit.
 */
export function detect(text: string, options: DetectOptions = {}): Finding[] {
  const language: Language = options.language === 'de' ? 'de' : 'en';
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const { wanted, recognizers } = selectionFor(options);
  const candidates: Finding[] = [];
  if (text.length > 0) {
    for (const r of recognizers) {
      for (const f of r.find(text, { language, wanted })) {
        if (f.score >= threshold && wanted.has(f.entityType as BuiltInEntityType)) candidates.push(f);
      }
    }
    // The trained tagger adds names, places, organisations and addresses the rules missed (see
    // mergeTagged): spans that touch no rule candidate, that cover only weak name/place/organisation
    // guesses lying inside them ("Chukwuemeka Obi" over a gazetteer "Obi"), or that extend a rule
    // finding of their own type (an ADDRESS rule's street with the tagger's postal code and town).
    const tagged = taggerFindings(text, { language, wanted }).filter((f) => f.score >= threshold);
    if (tagged.length) candidates.push(...mergeTagged(text, candidates, tagged));
    if (options.customEntities?.length) candidates.push(...customFindings(text, options.customEntities));
    if (options.redlist?.length) candidates.push(...redlistFindings(text, options.redlist));
  }
  forgetTokens();
  return resolveOverlaps(candidates);
}
