import { validateMetadata, validateMetadataSchema } from '../../domain/custom-documents';
import {
  type PromptAccessFacts,
  type PromptViewer,
  TRUNCATION_MARKER,
  canEditPrompt,
  canSeePrompt,
  composePrompt,
  contentHash,
  extractVariables,
  findReferences,
  fitToBudget,
  isPromptId,
  newPromptId,
  renderStrict,
  replaceReferences,
} from '../../domain/prompts';
import type { Role } from '../../domain/roles';

describe('prompt ids', () => {
  it('is prompt_<unix seconds>_<suffix>', () => {
    const id = newPromptId(new Date('2026-11-25T10:00:00.900Z'), new Uint8Array([0, 1, 2, 35, 36, 37, 200, 255, 9, 10]));
    expect(id).toBe(`prompt_${Date.UTC(2026, 10, 25, 10) / 1000}_012z01k39a`);
    expect(isPromptId(id)).toBe(true);
    expect(isPromptId('prompt_abc_x')).toBe(false);
    expect(isPromptId('0b9c5c9e-5a8f-4a8e-9c1d-3f1f1f1f1f1f')).toBe(false);
  });
});

describe('variables', () => {
  it('extracts each placeholder once, in order, across texts', () => {
    expect(extractVariables('Hi {{name}}, {{ topic }} and {{name}}', 'sys {{tone}} {{prompt:abc}}', null)).toEqual(['name', 'topic', 'tone']);
  });

  it('substitutes in one pass and names every missing variable', () => {
    expect(renderStrict('{{a}} and {{b}}', { a: '{{b}}', b: 2 })).toEqual({ ok: true, text: '{{b}} and 2' });
    expect(renderStrict('{{a}} {{b}} {{c}} {{b}}', { a: 'x', c: null })).toEqual({ ok: false, missing: ['b', 'c'] });
    // Inherited properties are not values.
    expect(renderStrict('{{toString}}', {})).toEqual({ ok: false, missing: ['toString'] });
  });

  it('finds and replaces references without touching variables', () => {
    const text = 'Use {{prompt:prompt_1_abcd}} with {{ doc : 5f0c }} for {{name}} {{prompt:prompt_1_abcd}}';
    const refs = findReferences(text);
    expect(refs.map((r) => `${r.kind}:${r.id}`)).toEqual(['prompt:prompt_1_abcd', 'doc:5f0c']);
    const out = replaceReferences(text, new Map([['prompt:prompt_1_abcd', 'P {{doc:5f0c}}'], ['doc:5f0c', 'D']]));
    expect(out).toBe('Use P {{doc:5f0c}} with D for {{name}} P {{doc:5f0c}}');
  });

  it('hashes content as written', () => {
    expect(contentHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(contentHash('abc ')).not.toBe(contentHash('abc'));
  });
});

describe('visibility (spec document 2, rules 1-4)', () => {
  const company = 'c1';
  const owner = 'u-owner';
  const base: PromptAccessFacts = { companyId: company, visibility: 'PRIVATE', createdByUserId: owner, createdByApiKeyId: null, sharedWithUserIds: [], sharedWithTeamIds: [] };
  const user = (userId: string, role: Role = 'MEMBER', extra: Partial<Extract<PromptViewer, { kind: 'user' }>> = {}): PromptViewer => ({
    kind: 'user',
    companyId: company,
    userId,
    role,
    membershipActive: true,
    teamIds: [],
    ...extra,
  });

  const cases: Array<[string, Partial<PromptAccessFacts>, PromptViewer, boolean]> = [
    ['own PRIVATE', {}, user(owner), true],
    ["someone else's PRIVATE", {}, user('u2'), false],
    ['PUBLIC', { visibility: 'PUBLIC' }, user('u2'), true],
    ['SHARED without a share list', { visibility: 'SHARED' }, user('u2'), true],
    ['SHARED with the user', { visibility: 'SHARED', sharedWithUserIds: ['u2'] }, user('u2'), true],
    ['SHARED with another user', { visibility: 'SHARED', sharedWithUserIds: ['u3'] }, user('u2'), false],
    ['SHARED with a team of the user', { visibility: 'SHARED', sharedWithTeamIds: ['t1'] }, user('u2', 'MEMBER', { teamIds: ['t1'] }), true],
    ['SHARED with a team the user is not in', { visibility: 'SHARED', sharedWithTeamIds: ['t1'] }, user('u2', 'MEMBER', { teamIds: ['t2'] }), false],
    ['PRIVATE seen by an account owner', {}, user('u2', 'ACCOUNT_OWNER'), true],
    ['PRIVATE seen by an admin', {}, user('u2', 'ADMIN'), true],
    ['PRIVATE seen by a security custodian (not an admin)', {}, user('u2', 'SECURITY_CUSTODIAN'), false],
    ['admin of another company', {}, { ...user('u2', 'ACCOUNT_OWNER'), companyId: 'c2' } as PromptViewer, false],
    ['PUBLIC of another company', { visibility: 'PUBLIC' }, { ...user('u2'), companyId: 'c2' } as PromptViewer, false],
    ['deactivated admin', {}, user('u2', 'ADMIN', { membershipActive: false }), false],
    ['deactivated owner of the prompt', { visibility: 'PUBLIC' }, user(owner, 'MEMBER', { membershipActive: false }), false],
    ['not a member', { visibility: 'PUBLIC' }, user('u2', 'MEMBER', { role: null }), false],
    ['external key read:prompts', {}, { kind: 'external_key', companyId: company, apiKeyId: 'k1', scopes: ['read:prompts'] }, true],
    ['external key read:own-prompts, not its own', {}, { kind: 'external_key', companyId: company, apiKeyId: 'k1', scopes: ['read:own-prompts'] }, false],
    ['external key read:own-prompts, its own', { createdByApiKeyId: 'k1' }, { kind: 'external_key', companyId: company, apiKeyId: 'k1', scopes: ['read:own-prompts'] }, true],
    ['external key create:prompts only', { createdByApiKeyId: 'k1' }, { kind: 'external_key', companyId: company, apiKeyId: 'k1', scopes: ['create:prompts'] }, false],
    ['external key of another company', {}, { kind: 'external_key', companyId: 'c2', apiKeyId: 'k1', scopes: ['read:prompts'] }, false],
  ];

  it.each(cases)('%s', (_name, facts, viewer, visible) => {
    expect(canSeePrompt({ ...base, ...facts }, viewer)).toBe(visible);
  });

  it('editing: the creator and prompt admins only', () => {
    const shared = { ...base, visibility: 'PUBLIC' as const };
    expect(canEditPrompt(shared, user(owner))).toBe(true);
    expect(canEditPrompt(shared, user('u2'))).toBe(false);
    expect(canEditPrompt(shared, user('u2', 'ACCOUNT_ADMIN'))).toBe(true);
    expect(canEditPrompt(shared, { kind: 'external_key', companyId: company, apiKeyId: 'k', scopes: ['read:prompts'] })).toBe(false);
    expect(canEditPrompt(shared, user(owner, 'MEMBER', { membershipActive: false }))).toBe(false);
  });
});

describe('document injection budget', () => {
  const doc = (id: string, chars: number) => ({ id, name: `doc ${id}`, content: `${'word '.repeat(Math.ceil(chars / 5))}`.slice(0, chars) });

  it('injects everything that fits and counts its tokens', () => {
    const r = fitToBudget([doc('a', 400), doc('b', 40)], 1000);
    expect(r).toMatchObject({ documentsInjected: 2, tokensInjected: 110, truncated: false });
  });

  it('cuts the document that crosses the budget, marks it, and leaves out the rest', () => {
    const r = fitToBudget([doc('a', 400), doc('b', 4000), doc('c', 40)], 300);
    expect(r.truncated).toBe(true);
    expect(r.documents.map((d) => [d.id, d.truncated, d.text === null])).toEqual([
      ['a', false, false],
      ['b', true, false],
      ['c', true, true],
    ]);
    expect(r.documents[1]!.text!.endsWith(TRUNCATION_MARKER)).toBe(true);
    expect(r.documentsInjected).toBe(2);
    expect(r.tokensInjected).toBeLessThanOrEqual(300);
    expect(r.tokensInjected).toBeGreaterThan(250);
  });

  it('a zero budget injects nothing and says so', () => {
    expect(fitToBudget([doc('a', 10)], 0)).toMatchObject({ documentsInjected: 0, tokensInjected: 0, truncated: true });
    expect(fitToBudget([], 0)).toMatchObject({ documentsInjected: 0, tokensInjected: 0, truncated: false });
  });

  it('composes prepend, prompt and append with blank lines', () => {
    expect(composePrompt('P', ['A', 'B'], ['Z'])).toBe('A\n\nB\n\nP\n\nZ');
  });
});

describe('document type metadata', () => {
  const schema = [
    { name: 'owner', type: 'text' as const, required: true },
    { name: 'pages', type: 'number' as const, required: false },
    { name: 'reviewed', type: 'date' as const, required: false },
  ];

  it('accepts matching metadata and names each problem', () => {
    expect(validateMetadata(schema, { owner: 'Legal', pages: 3, reviewed: '2026-01-02' })).toEqual([]);
    const issues = validateMetadata(schema, { pages: 'three', reviewed: 'yesterday', colour: 'red' });
    expect(issues.map((i) => i.path.join('.'))).toEqual(['metadata.colour', 'metadata.owner', 'metadata.pages', 'metadata.reviewed']);
  });

  it('refuses a schema with a duplicate or malformed field name', () => {
    expect(validateMetadataSchema([...schema, { name: 'owner', type: 'text', required: false }])[0]!.message).toMatch(/twice/);
    expect(validateMetadataSchema([{ name: '1st', type: 'text', required: false }])).toHaveLength(1);
  });
});
