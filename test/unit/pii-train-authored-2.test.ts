import { AUTHORED_DE_TEMPLATES, AUTHORED_EN_TEMPLATES } from '../../scripts/pii-train-authored';
import { AUTHORED2_DE_TEMPLATES, AUTHORED2_EN_TEMPLATES } from '../../scripts/pii-train-authored-2';

/**
 * The third author's training templates (scripts/pii-train-authored-2.ts): enough of them, only the
 * generator's slots, no repeats, braces that pair up, the organisation and address focus they were
 * written for, and enough negatives (capitalised words, no PII slot) in each language.
 */
const SLOTS = new Set([
  'P', 'PF', 'PL', 'PFULL', 'L', 'LC', 'C', 'R', 'O', 'A', 'AS', 'AZ', 'PH', 'E', 'D', 'N', 'W', 'M', 'ID', 'X',
]);
/** Slots that carry personal data: the tagger's entity types plus phone and e-mail. */
const PII_SLOTS = new Set(['P', 'PF', 'PL', 'PFULL', 'L', 'LC', 'C', 'R', 'O', 'A', 'AS', 'AZ', 'PH', 'E']);
const ADDRESS_SLOTS = new Set(['A', 'AS', 'AZ']);

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

function slotList(template: string): string[] {
  const slots = slotsOf(template);
  return typeof slots === 'string' ? [] : slots;
}

describe.each([
  ['English', AUTHORED2_EN_TEMPLATES, 600],
  ['German', AUTHORED2_DE_TEMPLATES, 450],
] as const)('%s third-author templates', (_name, templates, minimum) => {
  it(`has at least ${minimum} templates`, () => {
    expect(templates.length).toBeGreaterThanOrEqual(minimum);
  });

  it('has no duplicates, not even ones differing only in case or spacing', () => {
    const seen = new Set<string>();
    const repeats: string[] = [];
    for (const t of templates) {
      const key = t.toLowerCase().replace(/\s+/g, ' ').trim();
      if (seen.has(key)) repeats.push(t);
      seen.add(key);
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

  it('uses every slot somewhere and has many templates with several slots', () => {
    const used = new Set(templates.flatMap(slotList));
    expect([...SLOTS].filter((s) => !used.has(s))).toEqual([]);
    const multi = templates.filter((t) => slotList(t).length >= 2).length;
    expect(multi).toBeGreaterThanOrEqual(templates.length / 3);
  });

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
  const norm = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();
  const second = new Set([...AUTHORED_EN_TEMPLATES, ...AUTHORED_DE_TEMPLATES].map(norm));
  const repeats = [...AUTHORED2_EN_TEMPLATES, ...AUTHORED2_DE_TEMPLATES].filter((t) => second.has(norm(t)));
  expect(repeats).toEqual([]);
});
