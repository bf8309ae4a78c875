import { z } from 'zod';
import { isBuiltInEntityType } from '../pii/entity-types';

/**
 * The entity model's directory (ENTITY_MODEL_NAME, docs/OPERATIONS.md "Entity model"):
 *
 *   <dir>/model.onnx          a token-classification graph: int64 token ids [batch, sequence] in,
 *                             one score per label per token [batch, sequence, labels] out
 *   <dir>/entity-model.json   this manifest: how text becomes token ids, and what each label means
 *   <dir>/vocab.txt           optional: a WordPiece vocabulary, one token a line (BERT exports)
 *
 * The manifest is what a model export does not say by itself (an ONNX graph carries neither its
 * tokenizer nor its label names), so the operator writes it once beside the model.
 */
export const ENTITY_MODEL_FILE = 'model.onnx';
export const ENTITY_MODEL_MANIFEST = 'entity-model.json';
export const ENTITY_MODEL_FORMAT = 'gatehouse-entity-model/1';

const wordTokenizer = z.object({
  /** One token per word (a run of letters, marks and digits) and per other visible character. */
  type: z.literal('word'),
  lowercase: z.boolean().default(true),
  vocabulary: z.array(z.string()).min(1),
  unknownToken: z.string().default('[UNK]'),
  /** Tokens per model call; longer texts are cut into windows at word boundaries. */
  maxTokens: z.number().int().min(1).max(100_000).default(256),
});

const wordPieceTokenizer = z.object({
  /** BERT's: words and punctuation, then greedy longest-match sub-words ("##" continues a word). */
  type: z.literal('wordpiece'),
  lowercase: z.boolean().default(true),
  /** The vocabulary inline, or vocabularyFile (a file in the model directory, one token a line). */
  vocabulary: z.array(z.string()).min(1).optional(),
  vocabularyFile: z
    .string()
    .regex(/^[\w.-]+$/, 'vocabularyFile is a file name inside the model directory')
    .optional(),
  unknownToken: z.string().default('[UNK]'),
  clsToken: z.string().nullable().default('[CLS]'),
  sepToken: z.string().nullable().default('[SEP]'),
  continuingPrefix: z.string().default('##'),
  maxCharsPerWord: z.number().int().min(1).default(100),
  /** Tokens per model call, [CLS] and [SEP] included. */
  maxTokens: z.number().int().min(3).max(100_000).default(512),
});

export const entityModelManifestSchema = z.object({
  format: z.literal(ENTITY_MODEL_FORMAT),
  /** Shown in the sanitizer's entity-model status; the directory name when absent. */
  name: z.string().optional(),
  tokenizer: z.discriminatedUnion('type', [wordTokenizer, wordPieceTokenizer]),
  /** The output's labels in index order: "O", BIO/BIOES ("B-PER", "I-PER", "E-PER", "S-PER") or plain types. */
  labels: z.array(z.string().min(1)).min(2),
  /**
   * A label's type (the part after "B-") → Gatehouse entity type, or null to ignore that type.
   * Without an entry: Gatehouse types stand for themselves, and the usual CoNLL/OntoNotes names
   * (PER, LOC, GPE, ORG, NORP, …) map as DEFAULT_TYPE_NAMES says.
   */
  entityTypes: z.record(z.string(), z.string().nullable()).default({}),
  inputs: z
    .object({
      ids: z.string().default('input_ids'),
      /** Fed all ones when the model has it. */
      attentionMask: z.string().default('attention_mask'),
      /** Fed all zeros when the model has it. */
      tokenTypeIds: z.string().default('token_type_ids'),
    })
    .default({ ids: 'input_ids', attentionMask: 'attention_mask', tokenTypeIds: 'token_type_ids' }),
  output: z
    .object({
      /** The output tensor to read; the model's first output when absent. */
      name: z.string().optional(),
      /** logits get a softmax over the labels; probabilities are used as they are. */
      kind: z.enum(['logits', 'probabilities']).default('logits'),
    })
    .default({ kind: 'logits' }),
});

export type EntityModelManifest = z.infer<typeof entityModelManifestSchema>;

/** Names common NER exports use for their types. */
export const DEFAULT_TYPE_NAMES: Record<string, string> = {
  PER: 'PERSON',
  PERS: 'PERSON',
  LOC: 'LOCATION',
  GPE: 'LOCATION',
  ORG: 'ORGANIZATION',
  NORP: 'NRP',
  EMAIL: 'EMAIL_ADDRESS',
  PHONE: 'PHONE_NUMBER',
};

/** What one output label means: outside any entity, or (a part of) an entity of a Gatehouse type. */
export interface LabelMeaning {
  /** null: outside (O, or a type mapped to null). */
  entityType: string | null;
  /** B- and S-: starts a new entity even right after one of the same type. */
  begins: boolean;
  /** E- and S-: the entity ends with this token. */
  ends: boolean;
}

export class EntityModelManifestError extends Error {}

/** Parses the manifest's JSON text; every problem is named (the operator fixes the file from it). */
export function parseEntityModelManifest(json: string): EntityModelManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    throw new EntityModelManifestError(`${ENTITY_MODEL_MANIFEST} is not JSON: ${(err as Error).message}`);
  }
  const parsed = entityModelManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ');
    throw new EntityModelManifestError(`${ENTITY_MODEL_MANIFEST} is not a valid manifest: ${problems}`);
  }
  const m = parsed.data;
  if (m.tokenizer.type === 'wordpiece' && !m.tokenizer.vocabulary && !m.tokenizer.vocabularyFile) {
    throw new EntityModelManifestError(`${ENTITY_MODEL_MANIFEST}: a wordpiece tokenizer needs vocabulary or vocabularyFile`);
  }
  labelMeanings(m);
  return m;
}

/** Each label's meaning, in output order; an unknown type is an error, never silently dropped. */
export function labelMeanings(m: Pick<EntityModelManifest, 'labels' | 'entityTypes'>): LabelMeaning[] {
  return m.labels.map((label) => {
    if (label === 'O') return { entityType: null, begins: false, ends: false };
    const prefixed = /^([BIES])[-_](.+)$/.exec(label);
    const prefix = prefixed?.[1] ?? 'I';
    const name = prefixed?.[2] ?? label;
    let entityType: string | null;
    if (Object.hasOwn(m.entityTypes, name)) entityType = m.entityTypes[name] ?? null;
    else if (isBuiltInEntityType(name)) entityType = name;
    else entityType = Object.hasOwn(DEFAULT_TYPE_NAMES, name) ? DEFAULT_TYPE_NAMES[name]! : unknownType(label, name);
    if (entityType !== null && !isBuiltInEntityType(entityType)) {
      throw new EntityModelManifestError(`${ENTITY_MODEL_MANIFEST}: entityTypes maps ${name} to ${entityType}, which is not a Gatehouse entity type`);
    }
    return { entityType, begins: prefix === 'B' || prefix === 'S', ends: prefix === 'E' || prefix === 'S' };
  });
}

function unknownType(label: string, name: string): never {
  throw new EntityModelManifestError(
    `${ENTITY_MODEL_MANIFEST}: label ${label} has type ${name}, which is not a Gatehouse entity type; map it under entityTypes (or to null to ignore it)`,
  );
}
