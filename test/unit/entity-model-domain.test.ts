import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { labelMeanings, parseEntityModelManifest } from '../../domain/entity-model/manifest';
import { decodeSpans, softmaxRows } from '../../domain/entity-model/spans';
import { createTokenizer, windows, wordSpans } from '../../domain/entity-model/tokenizer';
import { loadSanitizerConfig } from '../../lib/sanitizer-config';
import { TINY_MODEL_FIXTURE, buildTinyEntityModel, TINY_MANIFEST } from '../../scripts/build-test-entity-model';

/**
 * The pure parts of the entity-model switch (domain/entity-model): the manifest, tokenizers with
 * offsets into the original text, windows, and decoding label scores into spans. The ONNX runtime
 * itself is exercised in test/integration/sanitizer-entity-model.test.ts.
 */
const manifest = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    format: 'gatehouse-entity-model/1',
    tokenizer: { type: 'word', vocabulary: ['[UNK]', 'anna'] },
    labels: ['O', 'B-PER', 'I-PER'],
    ...over,
  });

describe('manifest', () => {
  it('reads a valid manifest with defaults and maps the usual label names to Gatehouse types', () => {
    const m = parseEntityModelManifest(manifest({ labels: ['O', 'B-PER', 'I-PER', 'B-LOC', 'I-GPE', 'S-ORG', 'E-ORG', 'EMAIL_ADDRESS', 'B-MISC'], entityTypes: { MISC: null } }));
    expect(m.inputs).toEqual({ ids: 'input_ids', attentionMask: 'attention_mask', tokenTypeIds: 'token_type_ids' });
    expect(m.output).toEqual({ kind: 'logits' });
    expect(labelMeanings(m)).toEqual([
      { entityType: null, begins: false, ends: false },
      { entityType: 'PERSON', begins: true, ends: false },
      { entityType: 'PERSON', begins: false, ends: false },
      { entityType: 'LOCATION', begins: true, ends: false },
      { entityType: 'LOCATION', begins: false, ends: false },
      { entityType: 'ORGANIZATION', begins: true, ends: true },
      { entityType: 'ORGANIZATION', begins: false, ends: true },
      { entityType: 'EMAIL_ADDRESS', begins: false, ends: false },
      { entityType: null, begins: true, ends: false },
    ]);
  });

  it('names what is wrong: not JSON, wrong format, an unknown label type, a mapping to a non-type, a wordpiece without vocabulary', () => {
    expect(() => parseEntityModelManifest('{')).toThrow(/entity-model.json is not JSON/);
    expect(() => parseEntityModelManifest(manifest({ format: 'other/2' }))).toThrow(/format: Invalid input/);
    expect(() => parseEntityModelManifest(manifest({ labels: ['O', 'B-MISC'] }))).toThrow(/label B-MISC has type MISC, which is not a Gatehouse entity type; map it under entityTypes/);
    expect(() => parseEntityModelManifest(manifest({ labels: ['O', 'B-X'], entityTypes: { X: 'SECRET_SAUCE' } }))).toThrow(/maps X to SECRET_SAUCE, which is not a Gatehouse entity type/);
    expect(() => parseEntityModelManifest(manifest({ tokenizer: { type: 'wordpiece' } }))).toThrow(/needs vocabulary or vocabularyFile/);
    expect(() => parseEntityModelManifest(manifest({ tokenizer: { type: 'wordpiece', vocabularyFile: '../etc/passwd' } }))).toThrow(/file name inside the model directory/);
  });
});

describe('tokenizers', () => {
  it('splits words and every other visible character, with UTF-16 offsets (accents, emoji, CJK one by one)', () => {
    const text = 'Zoë (née Müller) — 東京 👋 x2';
    const words = wordSpans(text).map((w) => text.slice(w.start, w.end));
    expect(words).toEqual(['Zoë', '(', 'née', 'Müller', ')', '—', '東', '京', '👋', 'x2']);
  });

  it('word tokenizer: one id per word, lower-cased lookup, unknown words get the unknown id', () => {
    const tok = createTokenizer({ type: 'word', lowercase: true, vocabulary: ['[UNK]', 'anna', ','], unknownToken: '[UNK]', maxTokens: 8 });
    const { words, tokens } = tok.tokenize('ANNA, Bob');
    expect(tokens).toEqual([
      { id: 1, word: 0 },
      { id: 2, word: 1 },
      { id: 0, word: 2 },
    ]);
    expect(words).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 5 },
      { start: 6, end: 9 },
    ]);
    expect(tok.prefix).toEqual([]);
    expect(tok.windowTokens).toBe(8);
  });

  it('wordpiece: greedy longest match with ## pieces, accents stripped when uncased, [CLS]/[SEP] around windows', () => {
    const vocabulary = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'jo', '##hann', '##es', 'muller', 'hi', '##x'];
    const tok = createTokenizer(
      { type: 'wordpiece', lowercase: true, vocabulary, unknownToken: '[UNK]', clsToken: '[CLS]', sepToken: '[SEP]', continuingPrefix: '##', maxCharsPerWord: 100, maxTokens: 6 },
      undefined,
    );
    const { tokens } = tok.tokenize('Johannes Müller hiq');
    // "hiq": "hi" then no piece for "q": the whole word is one unknown token (BERT's rule).
    expect(tokens.map((t) => vocabulary[t.id])).toEqual(['jo', '##hann', '##es', 'muller', '[UNK]']);
    expect(tokens.map((t) => t.word)).toEqual([0, 0, 0, 1, 2]);
    expect(tok.prefix).toEqual([2]);
    expect(tok.suffix).toEqual([3]);
    expect(tok.windowTokens).toBe(4);
  });

  it('reads the vocabulary from vocab.txt lines, and refuses a vocabulary without the unknown token', () => {
    const tok = createTokenizer(
      { type: 'wordpiece', lowercase: false, vocabularyFile: 'vocab.txt', unknownToken: '[UNK]', clsToken: null, sepToken: null, continuingPrefix: '##', maxCharsPerWord: 100, maxTokens: 16 },
      ['[UNK]', 'Anna'],
    );
    expect(tok.tokenize('Anna anna').tokens.map((t) => t.id)).toEqual([1, 0]);
    expect(() => createTokenizer({ type: 'word', lowercase: true, vocabulary: ['a'], unknownToken: '[UNK]', maxTokens: 4 })).toThrow(/vocabulary has no unknown token "\[UNK\]"/);
  });

  it('cuts windows at word boundaries, and cuts a word only when it is longer than a window', () => {
    const tokens = [0, 0, 1, 1, 1, 2, 3].map((word) => ({ id: 0, word }));
    expect(windows(tokens, 4)).toEqual([
      [0, 2],
      [2, 6],
      [6, 7],
    ]);
    expect(windows([0, 0, 0, 0, 0].map((word) => ({ id: 0, word })), 2)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
    expect(windows([], 4)).toEqual([]);
  });
});

describe('decoding label scores into spans', () => {
  const labels = labelMeanings({ labels: ['O', 'B-PER', 'I-PER', 'B-LOC', 'LOCATION'], entityTypes: {} });
  const text = 'ask Anna Maria Berg in Bonn Bad today';
  const words = wordSpans(text);
  /** One row per word: the given label gets p, the rest share 1 - p. */
  const rows = (spec: [number, number][]) =>
    Float32Array.from(spec.flatMap(([label, p]) => labels.map((_, i) => (i === label ? p : (1 - p) / (labels.length - 1)))));
  const tokens = words.map((_, i) => ({ id: 0, word: i }));

  it('joins B- and I- words into one span scored by their mean, splits at a new B-, drops what scores under the threshold', () => {
    const probabilities = rows([
      [0, 0.9], // ask
      [1, 0.9], // Anna
      [2, 0.7], // Maria
      [1, 0.8], // Berg: a new B-PER starts a second person
      [0, 0.9], // in
      [3, 0.6], // Bonn
      [4, 0.3], // Bad: plain label continues LOCATION, but pulls the mean to 0.45
      [0, 0.9], // today
    ]);
    const spans = decodeSpans(words, tokens, probabilities, labels, 0.5).map((s) => ({ ...s, text: text.slice(s.start, s.end), score: Number(s.score.toFixed(3)) }));
    expect(spans).toEqual([
      { entityType: 'PERSON', start: 4, end: 14, score: 0.8, text: 'Anna Maria' },
      { entityType: 'PERSON', start: 15, end: 19, score: 0.8, text: 'Berg' },
    ]);
    const low = decodeSpans(words, tokens, probabilities, labels, 0.4).map((s) => text.slice(s.start, s.end));
    expect(low).toEqual(['Anna Maria', 'Berg', 'Bonn Bad']);
  });

  it('labels a word by its first piece and ignores the scores of its later pieces', () => {
    const pieces = [
      { id: 0, word: 1 },
      { id: 0, word: 1 },
    ];
    const probabilities = rows([
      [1, 0.9],
      [0, 0.99],
    ]);
    expect(decodeSpans(words, pieces, probabilities, labels, 0.5)).toEqual([{ entityType: 'PERSON', start: 4, end: 8, score: expect.closeTo(0.9, 5) }]);
  });

  it('softmax turns logits into rows that sum to 1, without overflow on large logits', () => {
    const values = Float32Array.from([1000, 1000, 0, Math.log(3), Math.log(1), 0]);
    softmaxRows(values, 3);
    expect(Array.from(values).map((v) => Number(v.toFixed(4)))).toEqual([0.5, 0.5, 0, 0.6, 0.2, 0.2]);
  });
});

describe('the tiny test model and the switch settings', () => {
  it('the committed fixture is what scripts/build-test-entity-model.ts builds (reproducible, no Python)', () => {
    expect(readFileSync(join(TINY_MODEL_FIXTURE, 'model.onnx')).equals(buildTinyEntityModel())).toBe(true);
    expect(JSON.parse(readFileSync(join(TINY_MODEL_FIXTURE, 'entity-model.json'), 'utf8'))).toEqual(TINY_MANIFEST);
    expect(() => parseEntityModelManifest(JSON.stringify(TINY_MANIFEST))).not.toThrow();
  });

  it('the switch is off by default; on, it needs a model directory; threshold and timeout are checked', () => {
    const base = { ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64') };
    const off = loadSanitizerConfig(base);
    expect(off).toMatchObject({ ENTITY_MODEL_ENABLED: false, ENTITY_MODEL_THRESHOLD: 0.5, ENTITY_MODEL_IDLE_UNLOAD_SECONDS: 300 });
    expect(() => loadSanitizerConfig({ ...base, ENTITY_MODEL_ENABLED: 'true' })).toThrow(/ENTITY_MODEL_NAME: required when ENTITY_MODEL_ENABLED is on/);
    expect(() => loadSanitizerConfig({ ...base, ENTITY_MODEL_THRESHOLD: '1.5' })).toThrow(/ENTITY_MODEL_THRESHOLD is a score between 0 and 1/);
    expect(() => loadSanitizerConfig({ ...base, ENTITY_MODEL_IDLE_UNLOAD_SECONDS: '0' })).toThrow(/ENTITY_MODEL_IDLE_UNLOAD_SECONDS must be more than 0/);
    expect(loadSanitizerConfig({ ...base, ENTITY_MODEL_ENABLED: 'true', ENTITY_MODEL_NAME: 'models/ner' })).toMatchObject({ ENTITY_MODEL_ENABLED: true, ENTITY_MODEL_NAME: 'models/ner' });
  });
});
