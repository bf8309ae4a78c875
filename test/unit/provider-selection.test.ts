import { type SelectableProvider, selectCandidates } from '../../domain/provider-selection';

const p = (id: string, type: SelectableProvider['type'], extra: Partial<SelectableProvider> = {}): SelectableProvider => ({
  id,
  type,
  name: `p-${id}`,
  defaultModel: `${id}-default`,
  models: [{ name: `${id}-default`, supportsVision: false, specializations: [] }],
  specializations: [],
  isDefault: false,
  ...extra,
});

const providers = [
  p('a', 'OPENAI'),
  p('b', 'ANTHROPIC', { isDefault: true }),
  p('c', 'GOOGLE', {
    models: [
      { name: 'c-default', supportsVision: false, specializations: [] },
      { name: 'c-coder', supportsVision: false, specializations: ['coding'] },
      { name: 'c-eyes', supportsVision: true, specializations: [] },
    ],
    defaultModel: 'c-default',
  }),
  p('d', 'OPENAI', { models: [{ name: 'shared-model', supportsVision: false, specializations: [] }], defaultModel: 'shared-model' }),
];

const ids = (r: ReturnType<typeof selectCandidates>) => (r.ok ? r.candidates.map((c) => `${c.provider.id}:${c.model}`) : r.code);

describe('selectCandidates', () => {
  it('puts the company default first, the rest in configured order', () => {
    expect(ids(selectCandidates(providers, {}))).toEqual(['b:b-default', 'a:a-default', 'c:c-default', 'd:shared-model']);
  });

  it('filters by provider type and keeps an unlisted model when the type was named', () => {
    expect(ids(selectCandidates(providers, { providerType: 'OPENAI' }))).toEqual(['a:a-default', 'd:shared-model']);
    expect(ids(selectCandidates(providers, { providerType: 'OPENAI', model: 'gpt-x' }))).toEqual(['a:gpt-x', 'd:gpt-x']);
  });

  it('routes a model to the providers that offer it', () => {
    expect(ids(selectCandidates(providers, { model: 'shared-model' }))).toEqual(['d:shared-model']);
    expect(selectCandidates(providers, { model: 'nobody-has-it' })).toMatchObject({ ok: false, code: 'MODEL_NOT_OFFERED' });
  });

  it('reports a missing type or an empty company', () => {
    expect(selectCandidates(providers, { providerType: 'DEEPSEEK' })).toMatchObject({ ok: false, code: 'NO_PROVIDER_OF_TYPE' });
    expect(selectCandidates([], {})).toMatchObject({ ok: false, code: 'NO_PROVIDER' });
  });

  it('prefers specialised providers and picks their specialised model (soft preference)', () => {
    const r = selectCandidates(providers, { specializations: ['coding'] });
    expect(ids(r)[0]).toBe('c:c-coder');
    expect(ids(r)).toHaveLength(4);
  });

  it('prefers a vision model for an image', () => {
    const r = selectCandidates(providers, { providerType: 'GOOGLE', needsVision: true });
    expect(ids(r)).toEqual(['c:c-eyes']);
  });

  describe('groups', () => {
    const group = (rotation: 'ROUND_ROBIN' | 'SEQUENTIAL' | 'RANDOM', counter: number, random = () => 0.99) => ({
      providerIds: ['a', 'c', 'b'],
      rotation,
      counter,
      random,
    });

    it('ROUND_ROBIN rotates the start by the counter', () => {
      expect(ids(selectCandidates(providers, {}, group('ROUND_ROBIN', 0)))).toEqual(['a:a-default', 'c:c-default', 'b:b-default']);
      expect(ids(selectCandidates(providers, {}, group('ROUND_ROBIN', 1)))).toEqual(['c:c-default', 'b:b-default', 'a:a-default']);
      expect(ids(selectCandidates(providers, {}, group('ROUND_ROBIN', 5)))).toEqual(['b:b-default', 'a:a-default', 'c:c-default']);
    });

    it('SEQUENTIAL keeps the configured order, ignoring the default flag', () => {
      expect(ids(selectCandidates(providers, {}, group('SEQUENTIAL', 7)))).toEqual(['a:a-default', 'c:c-default', 'b:b-default']);
    });

    it('RANDOM shuffles with the supplied numbers', () => {
      const first = ids(selectCandidates(providers, {}, group('RANDOM', 0, () => 0)));
      expect(first).toEqual(['c:c-default', 'b:b-default', 'a:a-default']);
      expect([...(first as string[])].sort()).toEqual(['a:a-default', 'b:b-default', 'c:c-default']);
    });

    it('drops members that are not active and reports an empty group', () => {
      const only = { providerIds: ['zz', 'a'], rotation: 'SEQUENTIAL' as const, counter: 0, random: Math.random };
      expect(ids(selectCandidates(providers, {}, only))).toEqual(['a:a-default']);
      expect(selectCandidates(providers, {}, { ...only, providerIds: ['zz'] })).toMatchObject({ ok: false, code: 'EMPTY_GROUP' });
    });
  });
});
