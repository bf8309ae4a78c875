/**
 * Speed round 3 (issue 18 item 4): the faster paths must give what the plain ones gave.
 *   - resolveOverlaps ranks by keys worked out once per finding: same result as sorting by
 *     compareForOverlap and claiming characters, on random findings full of ties;
 *   - names.ts asks compromise about many words in one call: the same answers as one word a call.
 * The whole detector is checked by bench/pii-speed.ts (a hash of every finding on 4 MB of text).
 */
import { compareForOverlap, type Finding, resolveOverlaps } from '../../domain/pii';
import { englishNonNameAlone, englishNonNameBatch } from '../../domain/pii/recognizers/names';

/** The rule as written before: sort copies by compareForOverlap, keep what claims free characters. */
function referenceOverlaps(findings: Finding[]): Finding[] {
  const ranked = [...findings].sort(compareForOverlap);
  const claimed = new Set<number>();
  const kept: Finding[] = [];
  for (const f of ranked) {
    if (f.end <= f.start) continue;
    let clash = false;
    for (let i = f.start; i < f.end && !clash; i++) clash = claimed.has(i);
    if (clash) continue;
    for (let i = f.start; i < f.end; i++) claimed.add(i);
    kept.push(f);
  }
  return kept.sort((a, b) => a.start - b.start);
}

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('resolveOverlaps (keys worked out once per finding)', () => {
  it('keeps the same findings in the same order as sorting by compareForOverlap, short lists and long', () => {
    const rnd = seeded(18);
    // Few distinct starts, lengths and scores, so ties on every key are common; custom types rank first.
    const types = ['PERSON', 'LOCATION', 'ADDRESS', 'PHONE_NUMBER', 'ORGANIZATION', 'REDLIST', 'EMPLOYEE_ID'];
    const scores = [0.5, 0.6, 0.75, 0.75, 0.9];
    let compared = 0;
    for (let round = 0; round < 2000; round++) {
      // Mostly short lists (the plain sort), every tenth a long one (the keyed sort, from 256).
      const long = round % 10 === 0;
      const n = long ? 256 + Math.floor(rnd() * 400) : 1 + Math.floor(rnd() * 14);
      const span = long ? 600 : 30;
      const findings: Finding[] = [];
      for (let k = 0; k < n; k++) {
        const start = Math.floor(rnd() * span);
        const end = start + Math.floor(rnd() * 8) - (rnd() < 0.05 ? 3 : 0);
        findings.push({ entityType: types[Math.floor(rnd() * types.length)], start, end, score: scores[Math.floor(rnd() * scores.length)], text: `f${k}`, source: 'test' });
      }
      const got = resolveOverlaps(findings);
      const want = referenceOverlaps(findings);
      expect(got.map((f) => f.text)).toEqual(want.map((f) => f.text));
      compared += want.length;
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('still drops the shorter of two overlapping findings and keeps text order', () => {
    const f = (entityType: string, start: number, end: number, score: number): Finding => ({ entityType, start, end, score, text: `${entityType}${start}`, source: 'test' });
    const kept = resolveOverlaps([f('LOCATION', 10, 16, 0.9), f('ADDRESS', 0, 20, 0.6), f('PERSON', 30, 40, 0.7), f('REDLIST', 35, 37, 0.5)]);
    expect(kept.map((x) => x.entityType)).toEqual(['ADDRESS', 'REDLIST']);
  });
});

describe('compromise asked about many words at once', () => {
  const words = [
    'Temporal', 'Spring', 'Quarterly', 'Running', 'Quickly', 'Beautiful', 'Between', 'Acme', 'London', 'Microsoft', 'Thousands',
    'Monday', 'Novák', 'Okafor', "O'Brien", 'Jean-Luc', 'Nováková', 'Chukwuemeka', 'Zoë', 'Ørsted', 'Schmidt', 'Walked', 'Blue',
    'Seven', 'Dollars', 'Through', 'Apple', 'Georgia', 'Jordan', 'Reading', 'Bill', 'Will', 'Mark', 'Rose', 'Summer', 'Brown',
    'Ng', 'Xu', 'Al-Hassan', 'van', 'Müller', 'Łukasz', 'Αθήνα', 'Москва', '東京', 'Sealed', 'Happily', 'Andrew', 'Under',
  ];

  it('gives each word the answer it gets alone', () => {
    const batch = englishNonNameBatch(words);
    expect(batch).not.toBeNull();
    expect(batch).toEqual(words.map((w) => englishNonNameAlone(w)));
    // Not a constant: the list has words compromise reads as names and words it does not.
    expect(new Set(batch)).toEqual(new Set([true, false]));
  });

  it('refuses a batch whose sentences do not line up with the words', () => {
    expect(englishNonNameBatch(['Hello. World', 'Again'])).toBeNull();
  });

});
