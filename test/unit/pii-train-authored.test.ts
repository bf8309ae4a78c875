import { AUTHORED_DE_TEMPLATES, AUTHORED_EN_TEMPLATES } from '../../scripts/pii-train-authored';
import { slotList, templateSetChecks } from '../support/pii-templates';

/**
 * The second author's training templates (scripts/pii-train-authored.ts): enough of them, only the
 * generator's slots, no repeats, and braces that pair up, so that the generator can fill every one.
 */

/** Slots that stand for a person, place, organisation or address (the tagger's entity types). */
const ENTITY_SLOTS = new Set(['P', 'PF', 'PL', 'PFULL', 'L', 'LC', 'C', 'R', 'O', 'A', 'AS', 'AZ']);

describe.each([
  ['English', AUTHORED_EN_TEMPLATES, 700],
  ['German', AUTHORED_DE_TEMPLATES, 500],
] as const)('%s authored templates', (_name, templates, minimum) => {
  templateSetChecks(templates, minimum);
});

it('has at least 100 German negative templates: capitalised nouns but no entity slot', () => {
  const negatives = AUTHORED_DE_TEMPLATES.filter(
    (t) => /[A-ZÄÖÜ]/.test(t.replace(/\{[A-Z]+\}/g, '')) && !slotList(t).some((s) => ENTITY_SLOTS.has(s)),
  );
  expect(negatives.length).toBeGreaterThanOrEqual(100);
});
