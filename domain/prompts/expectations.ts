import { RE2JS } from 're2js';

/**
 * Test-set expectations (spec document 2): expectedContains phrases and one expectedPattern.
 *
 * Patterns are checked twice. First the spec's refusals, by a scan of the pattern's syntax:
 * backreferences, lookarounds, nested repetition (a quantified group that holds a quantifier, or
 * a quantifier applied to a quantifier) and counts above 1000 each answer BAD_EXPECTED_PATTERN
 * naming the construct. Then every accepted pattern is compiled and matched by RE2JS, a port of
 * RE2: an automaton engine whose matching time is linear in the input for every pattern it
 * accepts, so no pattern a user can store can hang the server (test/unit/prompt-expectations
 * measures it on adversarial input). Refusing the known shapes alone would not be enough: a
 * backtracking engine also blows up on alternations such as (a|aa)*c, which RE2 runs linearly.
 */
export const MAX_CONTAINS_PHRASES = 20;
export const MAX_PHRASE_LENGTH = 500;
export const MAX_PATTERN_LENGTH = 300;
export const MAX_REPEAT_COUNT = 1000;

export type PatternConstruct = 'backreference' | 'lookaround' | 'nested-repetition' | 'count-above-1000' | 'too-long' | 'syntax';

export type PatternCheck = { ok: true } | { ok: false; construct: PatternConstruct; message: string };

const COUNT = /^\{(\d+)(?:(,)(\d*))?\}/;

interface Frame {
  /** A quantifier appears somewhere inside this group (at any depth). */
  hasQuantifier: boolean;
}

type Atom = { kind: 'none' } | { kind: 'atom' } | { kind: 'group'; hasQuantifier: boolean } | { kind: 'quantified' };

const refuse = (construct: PatternConstruct, message: string): PatternCheck => ({ ok: false, construct, message });

/** Index just past a character class that opens at `start` (the `[`), or -1 when it never closes. */
function skipClass(p: string, start: number): number {
  let i = start + 1;
  if (p[i] === '^') i++;
  if (p[i] === ']') i++; // a leading ] is a literal
  while (i < p.length) {
    const c = p[i];
    if (c === '\\') i += 2;
    else if (c === '[' && p[i + 1] === ':') {
      const end = p.indexOf(':]', i + 2);
      i = end < 0 ? i + 1 : end + 2;
    } else if (c === ']') return i + 1;
    else i++;
  }
  return -1;
}

/** The spec's refusals, by construct, before the engine sees the pattern. */
export function checkPatternConstructs(pattern: string): PatternCheck {
  if (pattern.length > MAX_PATTERN_LENGTH) return refuse('too-long', `expectedPattern is at most ${MAX_PATTERN_LENGTH} characters`);
  const frames: Frame[] = [{ hasQuantifier: false }];
  let last: Atom = { kind: 'none' };
  const quantify = (what: string): PatternCheck | null => {
    if (last.kind === 'quantified') return refuse('nested-repetition', `nested repetition: a quantifier (${what}) applied to a quantifier`);
    if (last.kind === 'group' && last.hasQuantifier) {
      return refuse('nested-repetition', `nested repetition: a repeated group (${what}) that contains a quantifier`);
    }
    for (const f of frames) f.hasQuantifier = true;
    last = { kind: 'quantified' };
    return null;
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const n = pattern[i + 1];
      if (n !== undefined && n >= '1' && n <= '9') return refuse('backreference', `backreferences are not allowed (\\${n})`);
      if (n === 'k' && pattern[i + 2] === '<') return refuse('backreference', 'backreferences are not allowed (\\k<name>)');
      last = { kind: 'atom' };
      i += 2;
      continue;
    }
    if (c === '[') {
      const end = skipClass(pattern, i);
      if (end < 0) return refuse('syntax', 'invalid regular expression: unterminated character class');
      last = { kind: 'atom' };
      i = end;
      continue;
    }
    if (c === '(') {
      const head = pattern.slice(i, i + 4);
      if (head.startsWith('(?=') || head.startsWith('(?!') || head.startsWith('(?<=') || head.startsWith('(?<!')) {
        return refuse('lookaround', `lookarounds are not allowed (${head.startsWith('(?<') ? head : head.slice(0, 3)})`);
      }
      if (pattern[i + 1] === '?') {
        // Group syntax, not a quantifier: (?:…), (?i:…), (?P<name>…), (?<name>…), or a bare flag group (?i).
        const rest = pattern.slice(i + 2);
        const end = rest.search(/[:)>]/);
        if (end < 0) return refuse('syntax', 'invalid regular expression: unterminated group');
        if (rest[end] === ')') {
          i += 2 + end + 1;
          continue;
        }
        frames.push({ hasQuantifier: false });
        last = { kind: 'none' };
        i += 2 + end + 1;
        continue;
      }
      frames.push({ hasQuantifier: false });
      last = { kind: 'none' };
      i++;
      continue;
    }
    if (c === ')') {
      if (frames.length === 1) return refuse('syntax', 'invalid regular expression: unmatched )');
      const frame = frames.pop()!;
      last = { kind: 'group', hasQuantifier: frame.hasQuantifier };
      i++;
      continue;
    }
    if (c === '*' || c === '+' || c === '?') {
      if (last.kind === 'none') return refuse('syntax', `invalid regular expression: nothing to repeat before ${c}`);
      const refusal = quantify(c);
      if (refusal) return refusal;
      i++;
      // A lazy marker (*?, +?, ??, {n}?) belongs to the quantifier just read.
      if (pattern[i] === '?') i++;
      continue;
    }
    if (c === '{') {
      const m = COUNT.exec(pattern.slice(i));
      if (m) {
        const low = Number(m[1]);
        const high = m[3] ? Number(m[3]) : low;
        if (low > MAX_REPEAT_COUNT || high > MAX_REPEAT_COUNT) {
          return refuse('count-above-1000', `repetition counts above ${MAX_REPEAT_COUNT} are not allowed (${m[0]})`);
        }
        if (last.kind === 'none') return refuse('syntax', `invalid regular expression: nothing to repeat before ${m[0]}`);
        const refusal = quantify(m[0]);
        if (refusal) return refusal;
        i += m[0].length;
        if (pattern[i] === '?') i++;
        continue;
      }
      // Not a count: a literal brace.
    }
    last = c === '|' ? { kind: 'none' } : { kind: 'atom' };
    i++;
  }
  if (frames.length > 1) return refuse('syntax', 'invalid regular expression: missing )');
  return { ok: true };
}

export type CompiledPattern = { ok: true; regex: RE2JS } | { ok: false; construct: PatternConstruct; message: string };

/** Checks the constructs, then compiles with RE2 (case-insensitive). */
export function compileExpectedPattern(pattern: string): CompiledPattern {
  const check = checkPatternConstructs(pattern);
  if (!check.ok) return check;
  try {
    return { ok: true, regex: RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, construct: 'syntax', message: `invalid regular expression: ${message}` };
  }
}

export interface Expectations {
  expectedContains: readonly string[];
  expectedPattern: string | null;
}

export type ExpectationIssue = { path: string[]; message: string; code?: 'BAD_EXPECTED_PATTERN'; construct?: PatternConstruct };

/** Validates both fields; the pattern's issue carries code BAD_EXPECTED_PATTERN. */
export function validateExpectations(e: Partial<Expectations>): ExpectationIssue[] {
  const issues: ExpectationIssue[] = [];
  const phrases = e.expectedContains ?? [];
  if (phrases.length > MAX_CONTAINS_PHRASES) issues.push({ path: ['expectedContains'], message: `at most ${MAX_CONTAINS_PHRASES} phrases` });
  phrases.forEach((p, i) => {
    if (typeof p !== 'string' || p.length < 1 || p.length > MAX_PHRASE_LENGTH) {
      issues.push({ path: ['expectedContains', String(i)], message: `each phrase is 1-${MAX_PHRASE_LENGTH} characters` });
    } else if (!normalizeForContains(p)) {
      issues.push({ path: ['expectedContains', String(i)], message: 'a phrase needs at least one non-space character' });
    }
  });
  if (e.expectedPattern !== undefined && e.expectedPattern !== null) {
    const compiled = compileExpectedPattern(e.expectedPattern);
    if (!compiled.ok) issues.push({ path: ['expectedPattern'], message: compiled.message, code: 'BAD_EXPECTED_PATTERN', construct: compiled.construct });
  }
  return issues;
}

/** Case and runs of whitespace do not count: "Hello,\n  World" contains "hello, world". */
export function normalizeForContains(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

export interface CheckResult {
  kind: 'contains' | 'pattern';
  expected: string;
  passed: boolean;
}

export interface Evaluation {
  results: CheckResult[];
  passed: number;
  total: number;
}

/** Every expectation against one answer. A case without expectations passes when it answered. */
export function evaluateExpectations(answer: string, e: Expectations): Evaluation {
  const results: CheckResult[] = [];
  if (e.expectedContains.length) {
    const haystack = normalizeForContains(answer);
    for (const phrase of e.expectedContains) results.push({ kind: 'contains', expected: phrase, passed: haystack.includes(normalizeForContains(phrase)) });
  }
  if (e.expectedPattern !== null) {
    const compiled = compileExpectedPattern(e.expectedPattern);
    // A stored pattern was accepted when saved; one the checks no longer accept fails rather than throws.
    results.push({ kind: 'pattern', expected: e.expectedPattern, passed: compiled.ok && compiled.regex.matcher(answer).find() });
  }
  return { results, passed: results.filter((r) => r.passed).length, total: results.length };
}
