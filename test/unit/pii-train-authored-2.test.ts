import { AUTHORED_DE_TEMPLATES, AUTHORED_EN_TEMPLATES } from '../../scripts/pii-train-authored';
import { AUTHORED2_DE_TEMPLATES, AUTHORED2_EN_TEMPLATES } from '../../scripts/pii-train-authored-2';
import { normalisedTemplate, slotList, templateSetChecks } from '../support/pii-templates';

/**
 * The third author's training templates (scripts/pii-train-authored-2.ts): enough of them, only the
 * generator's slots, no repeats, braces that pair up, the organisation and address focus they were
 * written for, and enough negatives (capitalised words, no PII slot) in each language.
 */

/** Slots that carry personal data: the tagger's entity types plus phone and e-mail. */
const PII_SLOTS = new Set(['P', 'PF', 'PL', 'PFULL', 'L', 'LC', 'C', 'R', 'O', 'A', 'AS', 'AZ', 'PH', 'E']);
const ADDRESS_SLOTS = new Set(['A', 'AS', 'AZ']);

describe.each([
  ['English', AUTHORED2_EN_TEMPLATES, 600],
  ['German', AUTHORED2_DE_TEMPLATES, 450],
] as const)('%s third-author templates', (_name, templates, minimum) => {
  templateSetChecks(templates, minimum);

  it('focuses on organisations and addresses, including multi-line address blocks', () => {
    const withOrg = templates.filter((t) => slotList(t).includes('O')).length;
    const withAddress = templates.filter((t) => slotList(t).some((s) => ADDRESS_SLOTS.has(s)));
    const multiLineAddress = withAddress.filter((t) => t.includes('\n')).length;
    expect(withOrg).toBeGreaterThanOrEqual(templates.length / 3);
    expect(withAddress.length).toBeGreaterThanOrEqual(120);
    expect(multiLineAddress).toBeGreaterThanOrEqual(40);
  });

  it('has at least 120 negatives: capitalised words but no slot that carries personal data', () => {
    const negatives = templates.filter(
      (t) => /[A-ZÄÖÜ]/.test(t.replace(/\{[A-Z]+\}/g, '')) && !slotList(t).some((s) => PII_SLOTS.has(s)),
    );
    expect(negatives.length).toBeGreaterThanOrEqual(120);
  });
});

it('repeats none of the second author templates, so every sentence adds new wording', () => {
  const second = new Set([...AUTHORED_EN_TEMPLATES, ...AUTHORED_DE_TEMPLATES].map(normalisedTemplate));
  const repeats = [...AUTHORED2_EN_TEMPLATES, ...AUTHORED2_DE_TEMPLATES].filter((t) => second.has(normalisedTemplate(t)));
  expect(repeats).toEqual([]);
});
