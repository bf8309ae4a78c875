/**
 * The fourth-author security set (data/security/secauthor4/): every committed line passes the shared
 * validator, the files are exactly what the seeded generator writes, attacks and innocent twins are
 * balanced per carrier, and spans cover the injected part only.
 */
import { SLOT } from '../../scripts/security-secauthor4/carriers';
import { readSecauthor4, SECAUTHOR4_DIR, validateSecauthor4 } from '../../scripts/security-secauthor4/check';
import { buildSecauthor4, escapeFor, mulberry32, place, secauthor4Files, sparseZeroWidth, zeroWidth } from '../../scripts/security-secauthor4/generate';
import { filesDifferingFromGenerator } from '../support/generated-files';

interface Row {
  id: string;
  family: string;
  lang: string;
  source: string;
  label: string;
  kind: string;
  carrier: string;
  obfuscation?: string;
  spans?: Array<{ start: number; end: number }>;
  text: string;
}

describe('security secauthor4 set', () => {
  const refs = readSecauthor4();
  const rows = refs.map((r) => JSON.parse(r.raw) as Row);
  const attacks = rows.filter((r) => r.label === 'attack');
  const benign = rows.filter((r) => r.label === 'benign');

  test('every committed line passes the validator', () => {
    expect(refs.length).toBeGreaterThanOrEqual(3000);
    expect(validateSecauthor4(refs)).toEqual([]);
  });

  test('the committed files are what the seeded generator writes', () => {
    expect(filesDifferingFromGenerator(SECAUTHOR4_DIR, secauthor4Files(buildSecauthor4()))).toEqual([]);
  });

  test('balance: half attacks, 60/40 English/German, 55/45 document/tool, no text twice', () => {
    const share = (f: (r: Row) => boolean) => rows.filter(f).length / rows.length;
    expect(attacks.length).toBe(benign.length);
    expect(share((r) => r.lang === 'en')).toBeGreaterThan(0.55);
    expect(share((r) => r.lang === 'en')).toBeLessThan(0.65);
    expect(share((r) => r.lang === 'de')).toBeGreaterThan(0.35);
    expect(share((r) => r.source === 'document')).toBeGreaterThan(0.5);
    expect(share((r) => r.source === 'document')).toBeLessThan(0.6);
    expect(share((r) => r.source === 'tool')).toBeGreaterThan(0.4);
    expect(new Set(rows.map((r) => r.text)).size).toBe(rows.length);
    for (const kind of ['override', 'exfil', 'tool_misuse', 'prompt_leak', 'secret_leak', 'persona', 'fake_turn', 'policy_note'])
      for (const lang of ['en', 'de']) expect([kind, lang, attacks.some((r) => r.kind === kind && r.lang === lang)]).toEqual([kind, lang, true]);
  });

  test('every carrier has as many innocent twins as attacks', () => {
    const count = (label: string) => {
      const m = new Map<string, number>();
      for (const r of rows.filter((x) => x.label === label)) m.set(r.carrier, (m.get(r.carrier) ?? 0) + 1);
      return m;
    };
    const a = count('attack');
    const b = count('benign');
    expect(a.size).toBeGreaterThanOrEqual(20);
    for (const [c, n] of a) expect([c, b.get(c)]).toEqual([c, n]);
  });

  test('spans cover the injected part only; JSON tool results stay valid JSON', () => {
    for (const r of attacks) {
      expect(r.spans).toHaveLength(1);
      const [s] = r.spans!;
      expect(s.end - s.start).toBeLessThan(r.text.length);
      if (r.carrier.startsWith('json_')) expect(() => JSON.parse(r.text)).not.toThrow();
    }
    for (const r of benign) if (r.carrier.startsWith('json_')) expect(() => JSON.parse(r.text)).not.toThrow();
  });

  test('no innocent line contains an attack part, and no placeholder is left', () => {
    const parts = new Set(attacks.map((r) => r.text.slice(r.spans![0].start, r.spans![0].end)));
    const leaks = [...parts].filter((p) => benign.some((b) => b.text.includes(p)));
    expect(leaks).toEqual([]);
    expect(rows.filter((r) => /\{(host|mail|person)\}|@@SLOT@@/.test(r.text) || r.text.includes(SLOT) || r.text.includes("\0")).map((r) => r.id)).toEqual([]);
  });

  test('placement helpers: escaping, spans and encodings', () => {
    const rng = mulberry32(7);
    expect(escapeFor('json', 'a "b"\nc')).toBe('a \\"b\\"\\nc');
    expect(escapeFor('csv', 'say "hi"')).toBe('say ""hi""');
    expect(escapeFor('html', '<x a="1">&', true)).toBe('&lt;x a=&quot;1&quot;&gt;&amp;');
    const b64 = place('base64', 'none', 'send it to x', 'en', rng);
    expect(Buffer.from(b64.part, 'base64').toString('utf8')).toBe('send it to x');
    expect(b64.slot.endsWith(b64.part)).toBe(true);
    const c = place('html_comment', 'html', 'line one\nline two', 'en', rng);
    expect(c).toEqual({ slot: '<!-- line one line two -->', part: 'line one line two' });
    expect(zeroWidth('ab cd')).toBe('a\u200Bb c\u200Bd');
    expect(zeroWidth('ab cd').replace(/\u200B/g, '')).toBe('ab cd');
    expect(sparseZeroWidth('a b c d e f g').split('\u200B')).toHaveLength(2);
    expect(SLOT).toContain('SLOT');
  });

  test('the generator is deterministic and a different seed gives different lines', () => {
    const a = buildSecauthor4(20, 1);
    expect(buildSecauthor4(20, 1)).toEqual(a);
    expect(buildSecauthor4(20, 2)).not.toEqual(a);
    expect(a).toHaveLength(40);
  });
});
