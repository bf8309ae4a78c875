/**
 * size_analysis: length, repetition, token flooding and the share of non-text characters. These
 * catch context-window flooding (a wall of filler that pushes the system prompt out before an
 * instruction) and optimisation-style gibberish, not the wording of an attack. Thresholds are set
 * so that ordinary long documents, CSV exports, logs and song lyrics with refrains pass.
 */
import type { Tokens } from './tokens';
import type { SecurityFinding } from './types';

export interface SizeOptions {
  maxChars: number;
}

const TEXTUAL = new Uint8Array(128);
for (let c = 0; c < 128; c++) TEXTUAL[c] = c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) ? 1 : 0;

/** The characters TEXTUAL and analyseSize's loop do not count as text, as a regular expression. */
const NON_TEXT = /[^\t\n\r 0-9A-Za-z\u00c0-\u1fff\u3040-\ud7ff]/g;
/** Fewest non-text characters in a row that make a symbol wall. */
const WALL = 200;

let KEYS = new Int32Array(4096);
let VALS = new Int32Array(4096);
function tableSize(k: number): number {
  let size = 1024;
  while (size < k * 2) size <<= 1;
  if (KEYS.length < size) {
    KEYS = new Int32Array(size);
    VALS = new Int32Array(size);
  }
  return size;
}

export function analyseSize(text: string, t: Tokens, opts: SizeOptions): SecurityFinding[] {
  const out: SecurityFinding[] = [];
  const n = text.length;
  if (n > opts.maxChars) out.push({ rule: 'too_long', start: opts.maxChars, end: n, evidence: `${n} characters (limit ${opts.maxChars})`, weight: 0.9 });
  // Longest run of non-text characters (not letters, digits or whitespace): walls of symbols.
  // Both findings need at least WALL non-text characters (a wall is that long; a 60% share of
  // 2,000 characters is more): most texts have far fewer, counted natively by stripping them,
  // and then the character loop below cannot find anything and is skipped.
  const mayHaveWall = n - text.replace(NON_TEXT, '').length >= WALL;
  let run = 0;
  let best = 0;
  let bestEnd = 0;
  let nonText = 0;
  for (let i = 0; mayHaveWall && i < n; i++) {
    const c = text.charCodeAt(i);
    const textual = c < 128 ? TEXTUAL[c] === 1 : (c >= 0xc0 && c < 0x2000) || (c >= 0x3040 && c < 0xd800);
    if (textual) {
      if (c !== 0x20) run = 0;
    } else {
      nonText++;
      run++;
      if (run > best) {
        best = run;
        bestEnd = i + 1;
      }
    }
  }
  if (best >= WALL) out.push({ rule: 'symbol_wall', start: bestEnd - best, end: bestEnd, evidence: `${best} non-text characters in a row`, weight: best >= 500 ? 0.85 : 0.6 });
  if (n >= 2000 && nonText / n > 0.6) out.push({ rule: 'non_text_share', start: 0, end: n, evidence: `${Math.round((100 * nonText) / n)}% non-text characters`, weight: 0.55 });
  // Token flooding and repetition.
  const k = t.n;
  let distinctShare = 1;
  if (k >= 150) {
    // Counting by open addressing in reused arrays: no Map per scan.
    const size = tableSize(k);
    const keys = KEYS.subarray(0, size).fill(0);
    const vals = VALS.subarray(0, size).fill(0);
    let distinctCount = 0;
    let top = 0;
    let sameRun = 1;
    let bestRun = 1;
    let bestRunEnd = 0;
    for (let j = 0; j < k; j++) {
      const h = t.hash[j]! | 1; // never 0, the empty-slot mark
      let slot = (Math.imul(h, 0x9e3779b1) >>> 0) & (size - 1);
      while (keys[slot] !== 0 && keys[slot] !== h) slot = (slot + 1) & (size - 1);
      if (keys[slot] === 0) {
        keys[slot] = h;
        distinctCount++;
      }
      const c = ++vals[slot]!;
      if (c > top) top = c;
      if (j > 0 && t.hash[j - 1] === t.hash[j]) {
        if (++sameRun > bestRun) {
          bestRun = sameRun;
          bestRunEnd = j;
        }
      } else sameRun = 1;
    }
    const distinct = distinctCount / k;
    distinctShare = distinct;
    if (bestRun >= 40) {
      const s0 = t.start[bestRunEnd - bestRun + 1]!;
      out.push({ rule: 'repeated_token', start: s0, end: t.end[bestRunEnd]!, evidence: `one word repeated ${bestRun} times in a row`, weight: 0.8 });
    }
    if (k >= 300 && distinct < 0.04) out.push({ rule: 'token_flooding', start: 0, end: n, evidence: `${distinctCount} distinct words in ${k}`, weight: 0.8 });
    else if (k >= 300 && top / k > 0.2 && distinct < 0.1) out.push({ rule: 'token_flooding', start: 0, end: n, evidence: `one word is ${Math.round((100 * top) / k)}% of ${k}`, weight: 0.6 });
  }
  // The same sentence repeated many times (filler that pushes a system prompt out of the window);
  // only looked for when few distinct words suggest repetition (ordinary text has 30-60%).
  if (n >= 2000 && distinctShare < 0.2) {
    const sentences = new Map<string, number>();
    let maxRep = 0;
    let covered = 0;
    let from = 0;
    for (let i = 0; i <= n; i++) {
      const c = i < n ? text.charCodeAt(i) : 0x0a;
      if (c !== 0x2e && c !== 0x21 && c !== 0x3f && c !== 0x0a) continue;
      if (i - from >= 20 && i - from <= 300) {
        const key = text.slice(from, i).trim();
        const count = (sentences.get(key) ?? 0) + 1;
        sentences.set(key, count);
        if (count > maxRep) maxRep = count;
        if (count > 1) covered += key.length;
      }
      from = i + 1;
    }
    if (maxRep >= 30 && covered > n * 0.5) out.push({ rule: 'repeated_sentence', start: 0, end: n, evidence: `one sentence repeated ${maxRep} times`, weight: 0.75 });
  }
  return out;
}
