/**
 * Builds the tiny entity model the tests and bench:entity-model run through the sanitizer's
 * entity-model switch: test/fixtures/entity-model/model.onnx and entity-model.json.
 *
 *   node --import tsx scripts/build-test-entity-model.ts [outDir]     (the same bytes every run)
 *
 * There is no Python here (no onnx package), so the ONNX file is written directly: ONNX files are
 * protocol buffers (onnx.proto's ModelProto), and the few messages this graph needs are encoded
 * below by hand. The graph is a token classifier as small as they come:
 *
 *   input_ids int64 [batch, sequence]
 *     → Gather(embedding [vocabulary, labels])   one row per token id
 *     → MatMul(weights [labels, labels])          2 × identity
 *     → Add(bias [labels])                         +0.5 on every label (softmax ignores it)
 *     → Softmax(axis -1)                           → probabilities float [batch, sequence, labels]
 *
 * Each embedding row is half the log of the probabilities that word should get, so the output is
 * exactly the table below (a runtime that skipped the MatMul or mis-read a weight would not give
 * it). Words outside the vocabulary are [UNK], which is "O" at 0.99.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TINY_LABELS = ['O', 'B-PER', 'I-PER', 'B-LOC', 'I-LOC', 'B-ORG', 'I-ORG'] as const;
type Label = (typeof TINY_LABELS)[number];

/** Made-up words, so that no rule of domain/pii knows them: the model is the only way to find them. */
export const TINY_ENTITY_WORDS: Record<string, { label: Label; p: number; rest: Partial<Record<Label, number>> }> = {
  zorblat: { label: 'B-PER', p: 0.9, rest: { O: 0.04 } },
  quimby: { label: 'I-PER', p: 0.85, rest: { O: 0.05, 'B-PER': 0.05 } },
  brellin: { label: 'B-LOC', p: 0.7, rest: { O: 0.1 } },
  // The most likely label, but under the default threshold 0.5: found only with a lower one.
  vantoria: { label: 'B-LOC', p: 0.4, rest: { O: 0.3, 'B-PER': 0.2 } },
  glimmerworks: { label: 'B-ORG', p: 0.8, rest: { O: 0.1 } },
};

const OUTSIDE_WORDS = [
  'the', 'a', 'an', 'and', 'or', 'to', 'of', 'in', 'at', 'on', 'for', 'with', 'from', 'by', 'about', 'please', 'ask',
  'call', 'meet', 'met', 'visit', 'write', 'wrote', 'courier', 'parcel', 'label', 'office', 'today', 'yesterday', 'was',
  'is', 'not', 'it', 'this', 'that', 'we', 'our', 'new', '.', ',', ';', '@',
];

export const TINY_VOCABULARY = ['[PAD]', '[UNK]', ...OUTSIDE_WORDS, ...Object.keys(TINY_ENTITY_WORDS)];

/** The probabilities of each vocabulary row, labels in TINY_LABELS order; each row sums to 1. */
export function tinyProbabilities(word: string): number[] {
  const entity = TINY_ENTITY_WORDS[word];
  if (!entity) {
    const o = word === '[UNK]' || word === '[PAD]' ? 0.99 : 0.97;
    return TINY_LABELS.map((l) => (l === 'O' ? o : (1 - o) / (TINY_LABELS.length - 1)));
  }
  const fixed = { ...entity.rest, [entity.label]: entity.p } as Partial<Record<Label, number>>;
  const given = Object.values(fixed).reduce((a, b) => a + b!, 0);
  const others = TINY_LABELS.filter((l) => fixed[l] === undefined);
  return TINY_LABELS.map((l) => fixed[l] ?? (1 - given) / others.length);
}

export const TINY_MANIFEST = {
  format: 'gatehouse-entity-model/1',
  name: 'gatehouse-tiny-test-model',
  tokenizer: { type: 'word', lowercase: true, vocabulary: TINY_VOCABULARY, unknownToken: '[UNK]', maxTokens: 64 },
  labels: [...TINY_LABELS],
  output: { name: 'probabilities', kind: 'probabilities' },
};

// ---------------------------------------------------------------------------------------------
// Protocol buffer encoding: varints, length-delimited fields, nested messages.

type Bytes = Buffer;

function varint(value: bigint | number): Bytes {
  // int64 fields encode negative values as their 64-bit two's complement (ten bytes).
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return Buffer.from(out);
}

const key = (field: number, wire: 0 | 2) => varint((field << 3) | wire);
const int = (field: number, value: bigint | number) => Buffer.concat([key(field, 0), varint(value)]);
const bytes = (field: number, value: Bytes) => Buffer.concat([key(field, 2), varint(value.length), value]);
const str = (field: number, value: string) => bytes(field, Buffer.from(value, 'utf8'));
const msg = (field: number, ...parts: Bytes[]) => bytes(field, Buffer.concat(parts));

const FLOAT = 1;
const INT64 = 7;
const ATTRIBUTE_INT = 2;

/** TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian float32). */
function floatTensor(field: number, name: string, dims: number[], values: number[]): Bytes {
  const raw = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => {
    raw.writeFloatLE(v, i * 4);
  });
  return msg(field, ...dims.map((d) => int(1, d)), int(2, FLOAT), str(8, name), bytes(9, raw));
}

/** ValueInfoProto: name 1, type 2 → TypeProto.tensor_type 1 → elem_type 1, shape 2 → dim 1 (dim_value 1 / dim_param 2). */
function valueInfo(field: number, name: string, elemType: number, dims: (number | string)[]): Bytes {
  const shape = dims.map((d) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d)));
  return msg(field, str(1, name), msg(2, msg(1, int(1, elemType), msg(2, ...shape))));
}

/** NodeProto: input 1, output 2, name 3, op_type 4, attribute 5 (AttributeProto: name 1, i 3, type 20). */
function node(inputs: string[], output: string, opType: string, attributes: { name: string; i: number }[] = []): Bytes {
  return msg(
    1,
    ...inputs.map((i) => str(1, i)),
    str(2, output),
    str(3, `${opType.toLowerCase()}_0`),
    str(4, opType),
    ...attributes.map((a) => msg(5, str(1, a.name), int(3, a.i), int(20, ATTRIBUTE_INT))),
  );
}

/** The ONNX ModelProto bytes of the tiny model. */
export function buildTinyEntityModel(): Bytes {
  const labels = TINY_LABELS.length;
  const embedding = TINY_VOCABULARY.flatMap((w) => tinyProbabilities(w).map((p) => Math.log(p) / 2));
  const weights = Array.from({ length: labels * labels }, (_, i) => (Math.floor(i / labels) === i % labels ? 2 : 0));
  const bias = Array.from({ length: labels }, () => 0.5);
  const graph = [
    node(['embedding', 'input_ids'], 'embedded', 'Gather', [{ name: 'axis', i: 0 }]),
    node(['embedded', 'weights'], 'projected', 'MatMul'),
    node(['projected', 'bias'], 'logits', 'Add'),
    node(['logits'], 'probabilities', 'Softmax', [{ name: 'axis', i: -1 }]),
    str(2, 'tiny-entity-model'),
    floatTensor(5, 'embedding', [TINY_VOCABULARY.length, labels], embedding),
    floatTensor(5, 'weights', [labels, labels], weights),
    floatTensor(5, 'bias', [labels], bias),
    valueInfo(11, 'input_ids', INT64, ['batch', 'sequence']),
    valueInfo(12, 'probabilities', FLOAT, ['batch', 'sequence', labels]),
  ];
  // ModelProto: ir_version 1, producer_name 2, graph 7, opset_import 8 (OperatorSetIdProto: domain 1, version 2).
  return Buffer.concat([int(1, 8), str(2, 'gatehouse scripts/build-test-entity-model.ts'), msg(7, ...graph), msg(8, str(1, ''), int(2, 13))]);
}

/** Writes the model directory (model.onnx, entity-model.json) into `dir`. */
export function writeTinyEntityModel(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'model.onnx'), buildTinyEntityModel());
  writeFileSync(join(dir, 'entity-model.json'), `${JSON.stringify(TINY_MANIFEST, null, 2)}\n`);
}

export const TINY_MODEL_FIXTURE = join(__dirname, '..', 'test', 'fixtures', 'entity-model');

if (require.main === module) {
  const dir = process.argv[2] ?? TINY_MODEL_FIXTURE;
  writeTinyEntityModel(dir);
  console.log(`wrote ${join(dir, 'model.onnx')} and entity-model.json (${TINY_VOCABULARY.length} words, ${TINY_LABELS.length} labels)`);
}
