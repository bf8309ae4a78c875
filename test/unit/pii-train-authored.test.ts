import { AUTHORED_DE_TEMPLATES, AUTHORED_EN_TEMPLATES } from '../../scripts/pii-train-authored';

/**
 * The second author's training templates (scripts/pii-train-authored.ts): enough of them, only the
 * generator's slots, no repeats, and braces that pair up, so that the generator can fill every one.
 */
const SLOTS = new Set([
  'P', 'PF', 'PL', 'PFULL', 'L', 'LC', 'C', 'R', 'O', 'A', 'AS', 'AZ', 'PH', 'E', 'D', 'N', 'W', 'M', 'ID', 'X',
]);
/** Slots that stand for a person, place, organisation or address (the tagger's entity types). */
const ENTITY_SLOTS = new Set(['P', 'PF', 'PL', 'PFULL', 'L', 'LC', 'C', 'R', 'O', 'A', 'AS', 'AZ']);

/** The slot names of a template, or an error message when its braces do not pair up. */
function slotsOf(template: string): string[] | string {
  const slots: string[] = [];
  let open = -1;
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if (ch === '{') {
      if (open >= 0) return `nested '{' at ${i}`;
      open = i;
    } else if (ch === '}') {
      if (open < 0) return `unopened '}' at ${i}`;
      slots.push(template.slice(open + 1, i));
      open = -1;
    }
  }
  return open >= 0 ? `unclosed '{' at ${open}` : slots;
}

describe.each([
  ['English', AUTHORED_EN_TEMPLATES, 700],
  ['German', AUTHORED_DE_TEMPLATES, 500],
] as const)('%s authored templates', (_name, templates, minimum) => {
  it(`has at least ${minimum} templates`, () => {
    expect(templates.length).toBeGreaterThanOrEqual(minimum);
  });

  it('has no duplicates, not even ones differing only in case or spacing', () => {
    const seen = new Map<string, string>();
    const repeats: string[] = [];
    for (const t of templates) {
      const key = t.toLowerCase().replace(/\s+/g, ' ').trim();
      if (seen.has(key)) repeats.push(t);
      seen.set(key, t);
    }
    expect(repeats).toEqual([]);
  });

  it('has balanced braces and uses only the generator slots', () => {
    const problems: string[] = [];
    for (const t of templates) {
      const slots = slotsOf(t);
      if (typeof slots === 'string') problems.push(`${slots}: ${t}`);
      else for (const s of slots) if (!SLOTS.has(s)) problems.push(`unknown slot {${s}}: ${t}`);
    }
    expect(problems).toEqual([]);
  });

  it('has no blank templates and no stray whitespace at the ends of lines', () => {
    const bad = templates.filter((t) => t.trim() === '' || t.split('\n').some((line) => line !== line.trim()));
    expect(bad).toEqual([]);
  });

  it('uses each entity slot somewhere and has many templates with several slots', () => {
    const used = new Set(templates.flatMap((t) => slotsOf(t) as string[]));
    expect([...SLOTS].filter((s) => !used.has(s))).toEqual([]);
    const multi = templates.filter((t) => (slotsOf(t) as string[]).length >= 2).length;
    expect(multi).toBeGreaterThanOrEqual(templates.length / 3);
  });
});

it('has at least 100 German negative templates: capitalised nouns but no entity slot', () => {
  const negatives = AUTHORED_DE_TEMPLATES.filter(
    (t) => /[A-ZÄÖÜ]/.test(t.replace(/\{[A-Z]+\}/g, '')) && !(slotsOf(t) as string[]).some((s) => ENTITY_SLOTS.has(s)),
  );
  expect(negatives.length).toBeGreaterThanOrEqual(100);
});
