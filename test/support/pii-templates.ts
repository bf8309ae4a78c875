/**
 * Checks shared by the tests of the authored PII training templates (scripts/pii-train-authored*.ts):
 * the slots the training generator (scripts/pii-train-data.ts) fills, and how a template's slots are
 * read, braces included.
 */
export const TEMPLATE_SLOTS = new Set([
  'P', 'PF', 'PL', 'PFULL', 'L', 'LC', 'C', 'R', 'O', 'A', 'AS', 'AZ', 'PH', 'E', 'D', 'N', 'W', 'M', 'ID', 'X',
]);

/** The slot names of a template, or an error message when its braces do not pair up. */
export function slotsOf(template: string): string[] | string {
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

/** The slot names of a template; none when its braces do not pair up (reported by templateSetChecks). */
export function slotList(template: string): string[] {
  const slots = slotsOf(template);
  return typeof slots === 'string' ? [] : slots;
}

/** Case- and spacing-insensitive form: two templates equal under it teach the same sentence. */
export const normalisedTemplate = (t: string) => t.toLowerCase().replace(/\s+/g, ' ').trim();

/** The checks every authored template set must pass: jest `it`s, to call inside a describe. */
export function templateSetChecks(templates: readonly string[], minimum: number): void {
  it(`has at least ${minimum} templates`, () => {
    expect(templates.length).toBeGreaterThanOrEqual(minimum);
  });

  it('has no duplicates, not even ones differing only in case or spacing', () => {
    const seen = new Set<string>();
    const repeats: string[] = [];
    for (const t of templates) {
      if (seen.has(normalisedTemplate(t))) repeats.push(t);
      seen.add(normalisedTemplate(t));
    }
    expect(repeats).toEqual([]);
  });

  it('has balanced braces and uses only the generator slots', () => {
    const problems: string[] = [];
    for (const t of templates) {
      const slots = slotsOf(t);
      if (typeof slots === 'string') problems.push(`${slots}: ${t}`);
      else for (const s of slots) if (!TEMPLATE_SLOTS.has(s)) problems.push(`unknown slot {${s}}: ${t}`);
    }
    expect(problems).toEqual([]);
  });

  it('has no blank templates and no stray whitespace at the ends of lines', () => {
    const bad = templates.filter((t) => t.trim() === '' || t.split('\n').some((line) => line !== line.trim()));
    expect(bad).toEqual([]);
  });

  it('uses every slot somewhere and has many templates with several slots', () => {
    const used = new Set(templates.flatMap(slotList));
    expect([...TEMPLATE_SLOTS].filter((s) => !used.has(s))).toEqual([]);
    expect(templates.filter((t) => slotList(t).length >= 2).length).toBeGreaterThanOrEqual(templates.length / 3);
  });
}
