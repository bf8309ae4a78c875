import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detect, PROFILE_NAMES } from '../../domain/pii';
import { taggedSpans } from '../../domain/pii/recognizers/tagger';
import { decodeModel, encodeModel, TAG_COUNT, type TaggerFile } from '../../domain/pii/tagger/model';

/**
 * The PII sequence tagger (domain/pii/tagger, data/pii/tagger.json, scripts/train-pii-tagger.ts).
 * Every sentence here was written for this test; none comes from an evaluation set or from the
 * training templates.
 */
const ROOT = join(__dirname, '..', '..');
const FILE = join(ROOT, 'data', 'pii', 'tagger.json');
const file = JSON.parse(readFileSync(FILE, 'utf8')) as TaggerFile;
const model = decodeModel(file);

/** What the tagger alone says: [type, text] of each span, whatever its margin. */
function read(text: string, language: 'en' | 'de' = 'en'): [string, string][] {
  return taggedSpans(text, language, model).map((s) => [s.type, text.slice(s.start, s.end)]);
}
/** The spans the tagger adds at the default threshold: margin at or above the calibrated 0.5 point. */
function tagged(text: string, language: 'en' | 'de' = 'en'): [string, string][] {
  return taggedSpans(text, language, model)
    .filter((s) => s.margin >= file.marginAtHalf[`${language} ${s.type}`])
    .map((s) => [s.type, text.slice(s.start, s.end)]);
}
const found = (text: string, language: 'en' | 'de' = 'en') =>
  detect(text, { language, profiles: PROFILE_NAMES }).map((f) => [f.entityType, f.text] as [string, string]);

describe('the tagger file', () => {
  it('is a few MB and decodes to the weights it encodes', () => {
    expect(statSync(FILE).size).toBeLessThan(5_000_000);
    expect(file.rows).toBeGreaterThan(10_000);
    // Pruning below a hair keeps exactly the rows the file has (every other weight is zero).
    const again = encodeModel(model, file.version, 1e-9, file.marginAtHalf);
    expect(again.rows).toBe(file.rows);
    expect(again.buckets).toBe(file.buckets);
    // Re-quantising weights that were quantised once changes them by at most one step.
    const back = decodeModel(again);
    let worst = 0;
    for (let i = 0; i < model.weights.length; i++) worst = Math.max(worst, Math.abs(back.weights[i] - model.weights[i]));
    expect(worst).toBeLessThanOrEqual(file.scale * 1.01 + again.scale);
    expect(model.weights.length).toBe((1 << file.bits) * TAG_COUNT);
  });
  it('has a calibrated margin for every language and type', () => {
    for (const lang of ['en', 'de']) for (const type of ['PERSON', 'LOCATION', 'ORGANIZATION', 'ADDRESS']) expect(file.marginAtHalf[`${lang} ${type}`]).toBeGreaterThan(0);
  });
});

describe('the tagger reads names it has no cue for', () => {
  it.each([
    ['Central European', 'The keys were handed over by Zdeněk Procházka on Monday.', 'Zdeněk Procházka'],
    ['Nordic', 'The quarterly figures were checked by Sigrún Halldórsdóttir before the audit.', 'Sigrún Halldórsdóttir'],
    ['Greek', 'The translation was reviewed by Eleni Papadopoulou.', 'Eleni Papadopoulou'],
    ['Turkish', 'The booking was changed by Mehmet Yıldırım yesterday.', 'Mehmet Yıldırım'],
    ['African', 'The deposit was paid by Thandiwe Mthembu.', 'Thandiwe Mthembu'],
    ['Latin American', 'The appeal was filed by Guadalupe Hernández Ortiz.', 'Guadalupe Hernández Ortiz'],
    ['with a middle initial', 'The memo was approved by Ingrid M. Lindqvist.', 'Ingrid M. Lindqvist'],
  ])('%s: %s', (_kind, text, name) => {
    expect(read(text)).toContainEqual(['PERSON', name]);
    expect(found(text)).toContainEqual(['PERSON', name]);
  });
  it('adds names at the default threshold when it is sure of them', () => {
    expect(tagged('The translation was reviewed by Eleni Papadopoulou.')).toContainEqual(['PERSON', 'Eleni Papadopoulou']);
    expect(tagged('The memo was approved by Ingrid M. Lindqvist.')).toContainEqual(['PERSON', 'Ingrid M. Lindqvist']);
    expect(tagged('Die Buchung hat Mehmet Yıldırım geändert.', 'de')).toContainEqual(['PERSON', 'Mehmet Yıldırım']);
  });
  it('reads names in German sentences', () => {
    expect(read('Die Unterlagen hat Zdeněk Procházka gestern abgegeben.', 'de')).toContainEqual(['PERSON', 'Zdeněk Procházka']);
    expect(read('Die Buchung hat Mehmet Yıldırım geändert.', 'de')).toContainEqual(['PERSON', 'Mehmet Yıldırım']);
    expect(found('Die Kaution hat Thandiwe Mthembu bezahlt.', 'de')).toContainEqual(['PERSON', 'Thandiwe Mthembu']);
  });
  it('reads a surname alone from its context', () => {
    expect(read('Der Bericht kam von Kowalczyk zurück.', 'de')).toContainEqual(['PERSON', 'Kowalczyk']);
  });
});

describe('the tagger reads organisations and places', () => {
  it('finds an organisation without a legal-form suffix', () => {
    const text = 'The audit was done by Brightwater Analytics last spring.';
    expect(read(text)).toContainEqual(['ORGANIZATION', 'Brightwater Analytics']);
  });
  it('finds a place written in capitals', () => {
    expect(read('Our team flew to REYKJAVIK for the workshop.')).toContainEqual(['LOCATION', 'REYKJAVIK']);
    expect(read('Unser Team ist nach REYKJAVIK geflogen.', 'de')).toContainEqual(['LOCATION', 'REYKJAVIK']);
  });
});

describe('organisations and addresses with the rules (issue 18, fourth pass)', () => {
  const covers = (text: string, type: string, value: string, language: 'en' | 'de' = 'en') =>
    found(text, language).some(([t, v]) => t === type && v.includes(value));
  it('joins an address whose street, unit, postal code and town the rules found in pieces', () => {
    expect(found('The parcel goes to Kalevankatu 12 B 7, 00100 Helsinki tomorrow.')).toContainEqual(['ADDRESS', 'Kalevankatu 12 B 7, 00100 Helsinki']);
    expect(found('Die Lieferung geht an Via Garibaldi 21, Interno 4, 40121 Bologna.', 'de')).toContainEqual(['ADDRESS', 'Via Garibaldi 21, Interno 4, 40121 Bologna']);
  });
  it('finds organisations without a legal form as subject and after a preposition', () => {
    expect(covers('Yesterday Tessaly Foods and Brackwater announced a joint venture.', 'ORGANIZATION', 'Tessaly Foods')).toBe(true);
    expect(found('Wir bestellen seit Jahren bei Tannwerk Feinkost.', 'de')).toContainEqual(['ORGANIZATION', 'Tannwerk Feinkost']);
    expect(found('Die Halvorsen Logistik hat gestern angerufen.', 'de')).toContainEqual(['ORGANIZATION', 'Halvorsen Logistik']);
  });
  it('does not run a name on into the words after it', () => {
    const spans = [
      ...read('She left Ostvale Media in 2019 and joined Pellcourt Brothers as a designer.'),
      ...read('Invoice from Marrick, Doyle and Fenn. Follow-up in six weeks.'),
      ...read('DELIVER TO 14 QUARRY LANE, 73301 ELDMOOR AFTER 5 PM'),
      ...read('Wir haben gehört, dass Quarnell Stellen abbaut.', 'de'),
    ];
    expect(spans.length).toBeGreaterThan(0);
    for (const [, text] of spans) {
      expect(text).not.toMatch(/\b(as|a|AFTER|PM|Follow-up|Stellen)$/);
      expect(text).not.toMatch(/[.?!] /);
    }
  });
});

describe('the tagger stays quiet on ordinary words', () => {
  it.each([
    ['en', 'my card got declined again at the airport'],
    ['en', 'The Senior Account Manager role reports to the Head of Sales EMEA.'],
    ['en', 'Callback number is in the ticket, IBAN and DOB are on file.'],
    ['de', 'Sie geht ab Mai in Elternzeit; die App stürzt beim Login ab.'],
    ['de', 'Die Bestellung wird am Freitag in 141 Kartons geliefert.'],
  ])('%s: %s', (language, text) => {
    expect(tagged(text, language as 'en' | 'de')).toEqual([]);
  });
});

describe('scripts/train-pii-tagger.ts', () => {
  it('is deterministic: two runs of a small configuration write the same bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pii-tagger-'));
    try {
      const env = { ...process.env, TAGGER_SENTENCES: '1500', TAGGER_EPOCHS: '2', TAGGER_DEV_SENTENCES: '300', TAGGER_QUIET: '1' };
      const run = (out: string) => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/train-pii-tagger.ts', out], { cwd: ROOT, env, stdio: 'pipe' });
      run(join(dir, 'a.json'));
      run(join(dir, 'b.json'));
      const a = readFileSync(join(dir, 'a.json'));
      expect(a.equals(readFileSync(join(dir, 'b.json')))).toBe(true);
      const small = JSON.parse(a.toString()) as TaggerFile;
      expect(small.rows).toBeGreaterThan(1000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
