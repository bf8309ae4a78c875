/**
 * The secauthor3 security training set (data/security/secauthor3/): every committed line passes the
 * shared validator, the files are exactly what the seeded generator writes, and counts, balance, source
 * mix and length share are in the ranges the brief asks for.
 */
import { SECAUTHOR3_DIR, readSecauthor3, validateSecauthor3 } from '../../scripts/security-secauthor3/check';
import { type Row, buildSecauthor3, secauthor3Files } from '../../scripts/security-secauthor3/generate';
import { expand, makeRng, spanOf } from '../../scripts/security-secauthor3/lib';
import { filesDifferingFromGenerator } from '../support/generated-files';

describe('security secauthor3 set', () => {
  const refs = readSecauthor3();
  const rows = refs.map((r) => JSON.parse(r.raw) as Row);
  const benign = rows.filter((r) => r.label === 'benign');
  const attacks = rows.filter((r) => r.label === 'attack');
  const share = (rs: Row[], f: (r: Row) => boolean) => rs.filter(f).length / rs.length;

  test('every committed line passes the validator', () => {
    expect(validateSecauthor3(refs)).toEqual([]);
  });

  test('the committed files are what the seeded generator writes', () => {
    expect(filesDifferingFromGenerator(SECAUTHOR3_DIR, secauthor3Files(buildSecauthor3()))).toEqual([]);
  });

  test('counts: at least 4,000 innocent lines and 600 attacks', () => {
    expect(benign.length).toBeGreaterThanOrEqual(4000);
    expect(attacks.length).toBeGreaterThanOrEqual(600);
  });

  test('balance: about 60% English and 40% German under both labels', () => {
    for (const rs of [benign, attacks]) {
      expect(share(rs, (r) => r.lang === 'en')).toBeGreaterThan(0.55);
      expect(share(rs, (r) => r.lang === 'en')).toBeLessThan(0.65);
      expect(share(rs, (r) => r.lang === 'de')).toBeGreaterThan(0.35);
    }
  });

  test('innocent source mix is about prompt 50%, document 30%, tool 20%, and about a third is long', () => {
    expect(share(benign, (r) => r.source === 'prompt')).toBeGreaterThan(0.45);
    expect(share(benign, (r) => r.source === 'prompt')).toBeLessThan(0.55);
    expect(share(benign, (r) => r.source === 'document')).toBeGreaterThan(0.25);
    expect(share(benign, (r) => r.source === 'document')).toBeLessThan(0.35);
    expect(share(benign, (r) => r.source === 'tool')).toBeGreaterThan(0.15);
    expect(share(benign, (r) => r.source === 'tool')).toBeLessThan(0.25);
    expect(share(benign, (r) => r.text.length > 1500)).toBeGreaterThan(0.3);
  });

  test('attacks reach every source, and every attack carrier also carries innocent text', () => {
    for (const s of ['prompt', 'document', 'tool']) expect(attacks.some((r) => r.source === s)).toBe(true);
    const benignCarriers = new Set(benign.map((r) => r.carrier));
    for (const c of new Set(attacks.map((r) => r.carrier).filter(Boolean))) expect([c, benignCarriers.has(c)]).toEqual([c, true]);
  });

  test('carried attacks span the injected part only, and JSON tool results stay valid JSON', () => {
    for (const r of attacks.filter((x) => x.carrier)) {
      const [s] = r.spans!;
      expect(s.end - s.start).toBeLessThan(r.text.length);
      if (r.text.startsWith('{')) expect(() => JSON.parse(r.text)).not.toThrow();
    }
  });

  test('no text twice, no innocent line contains an attack part, no template syntax left', () => {
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
    const parts = new Set(attacks.map((r) => r.text.slice(r.spans![0].start, r.spans![0].end)).filter((p) => p.length > 40));
    const leaks = [...parts].filter((p) => benign.some((b) => b.text.includes(p)));
    expect(leaks).toEqual([]);
    expect(rows.filter((r) => /[⟦⟧]|\{[a-z]+\}/.test(r.text) && !/\$\{\{/.test(r.text)).map((r) => r.id)).toEqual([]);
  });

  test('template expansion, seeded RNG and span lookup', () => {
    const a = makeRng(7);
    const b = makeRng(7);
    for (let i = 0; i < 10; i++) expect(a()).toBe(b());
    const rng = makeRng(1);
    for (let i = 0; i < 20; i++) expect(['a 1', 'b 1', 'c 1']).toContain(expand(rng, '⟦a|b|c⟧ {n}', { n: ['1'] }));
    expect(() => expand(rng, '{missing}', {})).toThrow();
    expect(spanOf('hello  world ', ' world ')).toEqual({ start: 7, end: 12 });
    expect(() => spanOf('abc', 'zzz')).toThrow();
  });
});
