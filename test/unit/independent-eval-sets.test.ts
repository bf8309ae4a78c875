import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENTITY_TYPES } from '../../domain/pii/entity-types';

/**
 * The independent evaluation sets (built by scripts/build-pii-eval-independent.ts and
 * scripts/build-security-eval-independent.ts; scored by bench/independent-eval.ts): shapes,
 * offsets, sizes and balance of the committed files. The detectors are not run here.
 */
const DATA = join(__dirname, '..', '..', 'data');
const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

interface Span {
  start: number;
  end: number;
  entityType: string;
  value: string;
}
interface Part {
  start: number;
  end: number;
  part: string;
  value: string;
}
interface PiiSample {
  id: string;
  language: string;
  split: string;
  template: string;
  kind: string;
  locale: string;
  text: string;
  spans: Span[];
  parts?: Part[];
}

describe('independent PII set (data/pii-eval-independent)', () => {
  const en: PiiSample[] = lines(join(DATA, 'pii-eval-independent', 'en.jsonl'));
  const de: PiiSample[] = lines(join(DATA, 'pii-eval-independent', 'de.jsonl'));
  const all = [...en, ...de];

  it('has at least 1,500 English and 1,000 German samples with unique ids, all of split "independent"', () => {
    expect(en.length).toBeGreaterThanOrEqual(1500);
    expect(de.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(en.every((s) => s.language === 'en')).toBe(true);
    expect(de.every((s) => s.language === 'de')).toBe(true);
    expect(all.every((s) => s.split === 'independent' && typeof s.template === 'string' && typeof s.kind === 'string' && typeof s.locale === 'string')).toBe(true);
  });

  it('labels only the entity types of domain/pii/entity-types.ts', () => {
    const types = new Set(all.flatMap((s) => s.spans.map((sp) => sp.entityType)));
    for (const t of types) expect(ENTITY_TYPES).toContain(t);
  });

  it('every span covers exactly the value that was written, without outer blanks, in order and without overlap', () => {
    const bad: string[] = [];
    for (const s of all) {
      let last = 0;
      for (const sp of s.spans) {
        const slice = s.text.slice(sp.start, sp.end);
        if (sp.start < last || sp.end <= sp.start || sp.end > s.text.length) bad.push(`${s.id} offsets ${sp.start}-${sp.end}`);
        else if (slice !== sp.value) bad.push(`${s.id} ${JSON.stringify(slice)} != ${JSON.stringify(sp.value)}`);
        else if (slice.trim() !== slice) bad.push(`${s.id} blanks around ${JSON.stringify(slice)}`);
        last = sp.end;
      }
    }
    expect(bad).toEqual([]);
  });

  it('records the parts of every address, each inside its ADDRESS span and equal to the value written', () => {
    const bad: string[] = [];
    const partTypes = new Set(['street', 'unit', 'po_box', 'postcode', 'city', 'region', 'country']);
    for (const s of all) {
      const addresses = s.spans.filter((sp) => sp.entityType === 'ADDRESS');
      for (const a of addresses) {
        const inside = (s.parts ?? []).filter((p) => p.start >= a.start && p.end <= a.end);
        if (!inside.some((p) => p.part === 'street' || p.part === 'po_box')) bad.push(`${s.id}: address without a street or PO box part`);
        if (!inside.some((p) => p.part === 'city')) bad.push(`${s.id}: address without a city part`);
      }
      for (const p of s.parts ?? []) {
        if (!partTypes.has(p.part)) bad.push(`${s.id}: part type ${p.part}`);
        if (s.text.slice(p.start, p.end) !== p.value) bad.push(`${s.id}: part ${JSON.stringify(p.value)}`);
        if (!addresses.some((a) => p.start >= a.start && p.end <= a.end)) bad.push(`${s.id}: part outside an address`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('has about 15% samples without PII in each language, and covers every entity type', () => {
    for (const set of [en, de]) {
      const share = set.filter((s) => s.spans.length === 0).length / set.length;
      expect(share).toBeGreaterThan(0.1);
      expect(share).toBeLessThan(0.2);
    }
    const counts = new Map<string, number>();
    for (const sp of all.flatMap((s) => s.spans)) counts.set(sp.entityType, (counts.get(sp.entityType) ?? 0) + 1);
    const atLeast20 = Object.fromEntries(ENTITY_TYPES.map((t) => [t, (counts.get(t) ?? 0) >= 20]));
    expect(atLeast20).toEqual(Object.fromEntries(ENTITY_TYPES.map((t) => [t, true])));
  });

  it('names people and places in non-Latin scripts too, and spreads over many locales and kinds of text', () => {
    const nonLatin = all.flatMap((s) => s.spans).filter((sp) => (sp.entityType === 'PERSON' || sp.entityType === 'LOCATION' || sp.entityType === 'ADDRESS') && /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Georgian}\p{Script=Armenian}\p{Script=Thai}]/u.test(sp.value));
    expect(nonLatin.length).toBeGreaterThanOrEqual(50);
    const locales = new Set(all.flatMap((s) => s.locale.split(',')));
    expect(locales.size).toBeGreaterThanOrEqual(30);
    expect(new Set(all.map((s) => s.kind)).size).toBeGreaterThanOrEqual(15);
  });
});

interface SecSample {
  id: string;
  split: string;
  lang: string;
  source: string;
  label: string;
  kind: string;
  types: string[];
  spans: { start: number; end: number }[];
  text: string;
  obfuscation?: string;
  carrier: string;
  origin: string;
}

describe('independent security set (data/security-independent)', () => {
  const set: SecSample[] = lines(join(DATA, 'security-independent', 'independent.jsonl'));

  it('has at least 1,500 unique texts, about 55/45 English/German and half attacks in each language', () => {
    expect(set.length).toBeGreaterThanOrEqual(1500);
    expect(new Set(set.map((s) => s.id)).size).toBe(set.length);
    expect(new Set(set.map((s) => s.text)).size).toBe(set.length);
    const en = set.filter((s) => s.lang === 'en').length / set.length;
    expect(en).toBeGreaterThan(0.5);
    expect(en).toBeLessThan(0.6);
    for (const lang of ['en', 'de']) {
      const l = set.filter((s) => s.lang === lang);
      const attacks = l.filter((s) => s.label === 'attack').length / l.length;
      expect(attacks).toBeGreaterThan(0.45);
      expect(attacks).toBeLessThan(0.55);
    }
  });

  it('has the line shape: split, source, label, types and spans consistent with the label', () => {
    const bad: string[] = [];
    const checkTypes = new Set(['injection', 'jailbreak', 'data_extraction']);
    for (const s of set) {
      if (s.split !== 'independent' || !['en', 'de'].includes(s.lang) || !['prompt', 'document', 'tool'].includes(s.source)) bad.push(`${s.id}: split/lang/source`);
      if (!s.kind || !s.carrier || !s.origin) bad.push(`${s.id}: kind/carrier/origin missing`);
      if (s.label === 'attack') {
        if (!s.types.length || !s.types.every((t) => checkTypes.has(t))) bad.push(`${s.id}: types ${s.types}`);
        if (s.spans.length !== 1 || s.spans[0]!.start < 0 || s.spans[0]!.end > s.text.length || s.spans[0]!.end <= s.spans[0]!.start) bad.push(`${s.id}: span`);
        if (!s.obfuscation) bad.push(`${s.id}: obfuscation missing`);
        if (s.origin !== 'written') bad.push(`${s.id}: attack origin`);
      } else if (s.label === 'innocent') {
        if (s.types.length || s.spans.length || s.obfuscation) bad.push(`${s.id}: innocent with types, spans or obfuscation`);
      } else bad.push(`${s.id}: label ${s.label}`);
    }
    expect(bad).toEqual([]);
  });

  it('spans the kinds, obfuscations and sources the brief asks for, and uses real prose for innocent texts', () => {
    const attacks = set.filter((s) => s.label === 'attack');
    const innocent = set.filter((s) => s.label === 'innocent');
    expect(new Set(attacks.map((s) => s.kind)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(attacks.map((s) => s.obfuscation))).toEqual(new Set(['none', 'typos', 'mixed_language', 'base64', 'hex', 'rot13', 'leetspeak', 'homoglyph', 'zero_width', 'tag_characters', 'spacing']));
    for (const src of ['prompt', 'document', 'tool']) {
      expect(attacks.filter((s) => s.source === src).length).toBeGreaterThanOrEqual(100);
      expect(innocent.filter((s) => s.source === src).length).toBeGreaterThanOrEqual(50);
    }
    expect(innocent.filter((s) => s.origin.startsWith('node_modules/')).length).toBeGreaterThanOrEqual(50);
    expect(innocent.filter((s) => s.origin.startsWith('/usr/share/doc/')).length).toBeGreaterThanOrEqual(20);
    expect(innocent.filter((s) => s.lang === 'de' && s.origin.startsWith('/usr/share/man/de/')).length).toBeGreaterThanOrEqual(50);
  });

  it('hides encoded payloads so that decoding the span gives words back', () => {
    const b64 = set.filter((s) => s.obfuscation === 'base64');
    expect(b64.length).toBeGreaterThan(0);
    for (const s of b64) {
      const span = s.text.slice(s.spans[0]!.start, s.spans[0]!.end);
      const encoded = /[A-Za-z0-9+/=]{24,}/.exec(span)![0];
      expect(Buffer.from(encoded, 'base64').toString('utf8')).toMatch(/\p{L}{3,} \p{L}{2,}/u);
    }
    const tags = set.filter((s) => s.obfuscation === 'tag_characters');
    for (const s of tags) {
      const span = s.text.slice(s.spans[0]!.start, s.spans[0]!.end);
      expect([...span].every((c) => c.codePointAt(0)! >= 0xe0000 && c.codePointAt(0)! <= 0xe007f)).toBe(true);
    }
  });
});
