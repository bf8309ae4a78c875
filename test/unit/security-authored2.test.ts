/**
 * The third-author security training set (data/security/authored2/): every committed line passes the
 * shared validator, the files are exactly what the seeded generator writes, and counts, balance and
 * label consistency are in range.
 */
import { AUTHORED2_DIR, readAuthored2, validateAuthored2 } from '../../scripts/security-authored2/check';
import { authored2Files, buildAuthored2 } from '../../scripts/security-authored2/generate';
import { expand, makeRng, spanOf } from '../../scripts/security-authored2/lib';
import { filesDifferingFromGenerator } from '../support/generated-files';

interface Row {
  id: string;
  family: string;
  lang: string;
  source: string;
  label: string;
  kind: string;
  carrier?: string;
  spans?: Array<{ start: number; end: number }>;
  text: string;
}

describe('security authored2 set', () => {
  const refs = readAuthored2();
  const rows = refs.map((r) => JSON.parse(r.raw) as Row);

  test('every committed line passes the validator', () => {
    expect(refs.length).toBeGreaterThanOrEqual(3000);
    expect(validateAuthored2(refs)).toEqual([]);
  });

  test('the committed files are what the seeded generator writes', () => {
    expect(filesDifferingFromGenerator(AUTHORED2_DIR, authored2Files(buildAuthored2()))).toEqual([]);
  });

  test('balance: about 40% attacks, about 60% English and 40% German', () => {
    const share = (f: (r: Row) => boolean) => rows.filter(f).length / rows.length;
    expect(share((r) => r.label === 'attack')).toBeGreaterThan(0.35);
    expect(share((r) => r.label === 'attack')).toBeLessThan(0.45);
    expect(share((r) => r.lang === 'en')).toBeGreaterThan(0.55);
    expect(share((r) => r.lang === 'en')).toBeLessThan(0.65);
    expect(share((r) => r.lang === 'de')).toBeGreaterThan(0.35);
    expect(share((r) => r.lang === 'de')).toBeLessThan(0.45);
    // both labels in both languages, and no text twice
    for (const lang of ['en', 'de']) for (const label of ['attack', 'benign']) expect(rows.some((r) => r.lang === lang && r.label === label)).toBe(true);
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
  });

  test('community jailbreak set-ups are 500-3000 characters, and harmless set-ups of the same shape exist', () => {
    const jb = rows.filter((r) => r.kind === 'jailbreak_roleplay');
    expect(jb.length).toBeGreaterThan(150);
    for (const r of jb) {
      expect(r.text.length).toBeGreaterThanOrEqual(500);
      expect(r.text.length).toBeLessThanOrEqual(3000);
    }
    const setups = rows.filter((r) => r.kind === 'long_setup');
    expect(setups.length).toBeGreaterThan(100);
    expect(setups.every((r) => r.label === 'benign')).toBe(true);
  });

  test('carriers do not give the label away: every attack carrier also carries innocent text', () => {
    const benignCarriers = new Set(rows.filter((r) => r.label === 'benign').map((r) => r.carrier));
    const attackCarriers = new Set(rows.filter((r) => r.label === 'attack' && r.carrier).map((r) => r.carrier));
    for (const c of attackCarriers) expect([c, benignCarriers.has(c)]).toEqual([c, true]);
  });

  test('spans inside carriers cover the injection only, and JSON tool results stay valid JSON', () => {
    for (const r of rows.filter((x) => x.label === 'attack' && x.carrier)) {
      const [s] = r.spans!;
      expect(s.end - s.start).toBeLessThan(r.text.length);
      if (r.carrier!.startsWith('json_')) expect(() => JSON.parse(r.text)).not.toThrow();
    }
  });

  test('no innocent line contains an attack sentence', () => {
    const attackParts = new Set<string>();
    for (const r of rows.filter((x) => x.label === 'attack' && x.carrier)) {
      const [s] = r.spans!;
      const part = r.text.slice(s.start, s.end);
      if (part.length > 30) attackParts.add(part);
    }
    const benign = rows.filter((r) => r.label === 'benign');
    const leaks = [...attackParts].filter((p) => benign.some((b) => b.text.includes(p)));
    expect(leaks).toEqual([]);
  });

  test('no template syntax or placeholder is left in any text', () => {
    const left = rows.filter((r) => /[⟦⟧]|\{[NQC]\}/.test(r.text)).map((r) => r.id);
    expect(left).toEqual([]);
  });

  test('template expansion and span lookup', () => {
    const rng = makeRng(1);
    for (let i = 0; i < 20; i++) expect(['a x', 'b x', 'c x']).toContain(expand(rng, '⟦a|b|c⟧ x'));
    expect(spanOf('hello  world ', ' world ')).toEqual({ start: 7, end: 12 });
    expect(() => spanOf('abc', 'zzz')).toThrow();
  });
});
