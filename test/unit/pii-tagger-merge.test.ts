import { mergeTagged, TAGGER_EXTENDS } from '../../domain/pii/detect';
import type { Finding } from '../../domain/pii/entity-types';
import { finding } from '../../domain/pii/recognizers/types';

/**
 * How the tagger's spans join the rules' candidates (domain/pii/detect.ts mergeTagged). The texts
 * are this test's own; offsets are found with indexOf so the cases read as text.
 */
function at(text: string, type: string, part: string, score: number, source: string): Finding {
  const start = text.indexOf(part);
  if (start < 0) throw new Error(`${part} not in ${text}`);
  return finding(type, text, start, start + part.length, score, source);
}
const spans = (fs: Finding[]) => fs.map((f) => [f.entityType, f.text, f.source]);

describe('mergeTagged', () => {
  it('adds a tagger span that touches no rule candidate', () => {
    const text = 'Ask Wiremu Tane about the crates.';
    expect(spans(mergeTagged(text, [], [at(text, 'PERSON', 'Wiremu Tane', 0.7, 'tagger')]))).toEqual([['PERSON', 'Wiremu Tane', 'tagger']]);
  });

  it('extends a rule address with the unit, postal code and town the tagger reads after it', () => {
    const text = 'Deliver to Calle Olmo 14, Puerta 3, 28013 Villanueva tomorrow.';
    const rule = at(text, 'ADDRESS', 'Calle Olmo 14', 0.9, 'street_prefixed');
    const tagged = at(text, 'ADDRESS', 'Olmo 14, Puerta 3, 28013 Villanueva', 0.6, 'tagger');
    const [merged] = mergeTagged(text, [rule], [tagged]);
    expect(merged.text).toBe('Calle Olmo 14, Puerta 3, 28013 Villanueva');
    expect(merged.entityType).toBe('ADDRESS');
    // The union keeps the better of the two scores.
    expect(merged.score).toBe(0.9);
  });

  it('extends a rule organisation with a legal form it left out', () => {
    const text = 'The invoice from Kettleborn Mills Pty Ltd is overdue.';
    const rule = at(text, 'ORGANIZATION', 'Kettleborn Mills', 0.8, 'org_shape');
    const tagged = at(text, 'ORGANIZATION', 'Kettleborn Mills Pty Ltd', 0.6, 'tagger');
    expect(spans(mergeTagged(text, [rule], [tagged]))).toEqual([['ORGANIZATION', 'Kettleborn Mills Pty Ltd', 'tagger']]);
  });

  it('extends a given name the rules found with the surname the gazetteer took for a place', () => {
    const text = 'Billing contact: Priya Raman, ext. 221';
    const given = at(text, 'PERSON', 'Priya', 0.7, 'first_name');
    const place = at(text, 'LOCATION', 'Raman', 0.6, 'gazetteer');
    expect(spans(mergeTagged(text, [given, place], [at(text, 'PERSON', 'Priya Raman', 0.6, 'tagger')]))).toEqual([['PERSON', 'Priya Raman', 'tagger']]);
  });

  it('does not extend types outside TAGGER_EXTENDS, nor across a finding of another type', () => {
    expect(TAGGER_EXTENDS.has('LOCATION')).toBe(false);
    const text = 'Flights from Port Vila to Nadi were late; call 0412 555 019.';
    const place = at(text, 'LOCATION', 'Port Vila', 0.9, 'gazetteer');
    expect(mergeTagged(text, [place], [at(text, 'LOCATION', 'from Port Vila', 0.6, 'tagger')])).toEqual([]);
    const phone = at(text, 'PHONE_NUMBER', '0412 555 019', 0.9, 'phone');
    expect(mergeTagged(text, [phone], [at(text, 'ADDRESS', 'call 0412 555 019', 0.6, 'tagger')])).toEqual([]);
  });

  it('lets a longer tagger span cover a weak name guess inside it, but not a strong one', () => {
    const text = 'Chinedu Okafor signed for the buyer.';
    const weak = at(text, 'LOCATION', 'Okafor', 0.55, 'gazetteer');
    const strong = at(text, 'LOCATION', 'Okafor', 0.9, 'gazetteer');
    const tagged = at(text, 'PERSON', 'Chinedu Okafor', 0.7, 'tagger');
    expect(spans(mergeTagged(text, [weak], [tagged]))).toEqual([['PERSON', 'Chinedu Okafor', 'tagger']]);
    expect(mergeTagged(text, [strong], [tagged])).toEqual([]);
  });

  it('joins two overlapping rule pieces of an address the tagger reads as one', () => {
    const text = 'Send it to Harbour Row 7, Unit 2 please.';
    const a = at(text, 'ADDRESS', 'Harbour Row 7', 0.8, 'street_suffixed');
    const b = at(text, 'ADDRESS', 'Row 7, Unit 2', 0.6, 'street_generic');
    const [merged] = mergeTagged(text, [a, b], [at(text, 'ADDRESS', 'Row 7, Unit', 0.6, 'tagger')]);
    expect(merged.text).toBe('Harbour Row 7, Unit 2');
  });

  it('drops a span when any one of the candidates it overlaps is a strong finding of another type', () => {
    const text = 'Pay Lindqvist Brothers at 0412 555 019 today.';
    const weak = at(text, 'PERSON', 'Lindqvist', 0.55, 'last_name');
    const phone = at(text, 'PHONE_NUMBER', '0412 555 019', 0.9, 'phone');
    expect(mergeTagged(text, [weak, phone], [at(text, 'ORGANIZATION', 'Lindqvist Brothers at 0412', 0.6, 'tagger')])).toEqual([]);
    expect(spans(mergeTagged(text, [weak, phone], [at(text, 'ORGANIZATION', 'Lindqvist Brothers', 0.6, 'tagger')]))).toEqual([['ORGANIZATION', 'Lindqvist Brothers', 'tagger']]);
  });

  it('lets an address cover the town inside it, but no town across its edge', () => {
    const text = 'Bitte an Via Garibaldi 21, Interno 4, 40121 Bologna schicken.';
    const street = at(text, 'ADDRESS', 'Via Garibaldi 21', 0.9, 'street_prefixed');
    const town = at(text, 'LOCATION', 'Bologna', 0.8, 'gazetteer');
    const [merged] = mergeTagged(text, [street, town], [at(text, 'ADDRESS', 'Via Garibaldi 21, Interno 4, 40121 Bologna', 0.6, 'tagger')]);
    expect(merged.text).toBe('Via Garibaldi 21, Interno 4, 40121 Bologna');
    expect(mergeTagged(text, [street, town], [at(text, 'ADDRESS', 'Via Garibaldi 21, Interno 4, 40121 Bolo', 0.6, 'tagger')])).toEqual([]);
  });
});
