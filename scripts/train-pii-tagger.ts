/**
 * Trains the PII sequence tagger and writes data/pii/tagger.json.
 *
 *   npm run train:pii                       (deterministic: the same bytes on every run)
 *   node --import tsx scripts/train-pii-tagger.ts OUT.json   (writes elsewhere; the unit test does)
 *
 * Data: the sentences scripts/pii-train-data.ts generates from its own templates and values of the
 * faker locales that are NOT held out (scripts/pii-eval-locales.ts). No evaluation set is read.
 *
 * Model: an averaged perceptron (domain/pii/tagger/model.ts) over the hashed features of
 * domain/pii/tagger/features.ts, 2^18 buckets x 9 BIO tags, trained greedily from left to right
 * with the tags it predicted itself as history (as it will see at detection time), a fixed number of
 * epochs over a seeded shuffle. Averaged weights below PRUNE are dropped from the file.
 *
 * TAGGER_SENTENCES=n and TAGGER_EPOCHS=n give a smaller configuration (the unit test trains one).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { detect, mergeTagged } from '../domain/pii/detect';
import { finding } from '../domain/pii/recognizers/types';
import { type Language, PROFILE_NAMES } from '../domain/pii/entity-types';
import { taggedSpans, withoutTagger } from '../domain/pii/recognizers/tagger';
import { type Token, tokenize } from '../domain/pii/recognizers/names';
import { HISTORY_WORD_SLOT, historyFeatures, MAX_STATIC, tokenFeatures, WORD_SLOTS, wordInfos } from '../domain/pii/tagger/features';
import { decodeModel, encodeModel, TAG_COUNT, TAG_INDEX, type TaggerModel } from '../domain/pii/tagger/model';
import { mulberry32, type TrainingSentence, trainingSentences } from './pii-train-data';

const BITS = 18;
const EPOCHS = Number(process.env.TAGGER_EPOCHS ?? 6);
const SENTENCES = Number(process.env.TAGGER_SENTENCES ?? 36_000);
const PRUNE = 0.02;
/** How often a token's word-identity features are hidden in training (see WORD_SLOTS). */
const WORD_DROPOUT = Number(process.env.TAGGER_DROPOUT ?? 0.2);
/** How often a word is shown as if no lexicon knew it (features.ts unknownWord). */
const LEXICON_DROPOUT = Number(process.env.TAGGER_LEXICON_DROPOUT ?? 0.3);
const SEED = 0x7a66e7;
const DEV_SENTENCES = Number(process.env.TAGGER_DEV_SENTENCES ?? Math.ceil(SENTENCES / 8));
const DEV_SEED = 0xde7;
/**
 * The token precision the spans the tagger adds to the rules must have on the held-apart
 * sentences, per type; the overall target is 0.90 and the rules' own precision on unseen text is
 * about that, so the additions must not be worse.
 */
const TARGET_PRECISION: Record<string, number> = {
  en: Number(process.env.TAGGER_PRECISION_EN ?? 0.92),
  de: Number(process.env.TAGGER_PRECISION_DE ?? 0.92),
};
const VERSION = 'pii-tagger-1';

interface Example {
  tokens: Token[];
  language: Language;
  gold: Uint8Array;
}

/** Gold BIO tags: a token inside a labelled span gets its type, B on the span's first token. */
function goldTags(s: TrainingSentence, tokens: Token[]): Uint8Array {
  const tags = new Uint8Array(tokens.length);
  for (const span of s.spans) {
    let first = true;
    for (let i = 0; i < tokens.length; i++) {
      if (tokens[i].start >= span.start && tokens[i].end <= span.end) {
        tags[i] = TAG_INDEX.get(`${first ? 'B' : 'I'}-${span.entityType}`) ?? 0;
        first = false;
      }
    }
  }
  return tags;
}

export function train(sentences: TrainingSentence[], epochs: number, seed: number): { bits: number; weights: Float32Array } {
  const examples: Example[] = sentences.map((s) => {
    const tokens = tokenize(s.text);
    return { tokens, language: s.language, gold: goldTags(s, tokens) };
  });
  const size = (1 << BITS) * TAG_COUNT;
  const mask = (1 << BITS) - 1;
  const W = new Float64Array(size);
  // Sum of (time of update x change): the average is W - U / time (the usual lazy averaging).
  const U = new Float64Array(size);
  let time = 1;
  const rand = mulberry32(seed);
  const order = examples.map((_, i) => i);
  const feats = new Uint32Array(MAX_STATIC);
  const hidden = new Uint8Array(512);
  const hist = new Uint32Array(8);
  const scores = new Float64Array(TAG_COUNT);
  const rows: number[] = [];
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let errors = 0;
    let total = 0;
    for (const idx of order) {
      const ex = examples[idx];
      const n = Math.min(ex.tokens.length, 512);
      for (let i = 0; i < n; i++) hidden[i] = rand() < LEXICON_DROPOUT ? 1 : 0;
      const tokens = ex.tokens.slice(0, n);
      const infos = wordInfos(tokens, hidden);
      let prev = 0;
      let prev2 = 0;
      for (let i = 0; i < n; i++) {
        rows.length = 0;
        const drop = rand() < WORD_DROPOUT;
        const count = tokenFeatures(tokens, infos, i, ex.language, feats);
        for (let k = 0; k < count; k++) {
          if (drop && (k === WORD_SLOTS[0] || k === WORD_SLOTS[1])) continue;
          rows.push((feats[k] & mask) * TAG_COUNT);
        }
        const h = historyFeatures(prev, prev2, infos[i], hist);
        for (let k = 0; k < h; k++) if (!(drop && k === HISTORY_WORD_SLOT)) rows.push((hist[k] & mask) * TAG_COUNT);
        scores.fill(0);
        for (const r of rows) for (let t = 0; t < TAG_COUNT; t++) scores[t] += W[r + t];
        let best = 0;
        for (let t = 1; t < TAG_COUNT; t++) {
          const inside = t % 2 === 0;
          if (inside && (prev + 1) >> 1 !== (t + 1) >> 1) continue;
          if (scores[t] > scores[best]) best = t;
        }
        const gold = ex.gold[i];
        if (best !== gold) {
          errors++;
          for (const r of rows) {
            W[r + gold] += 1;
            U[r + gold] += time;
            W[r + best] -= 1;
            U[r + best] -= time;
          }
        }
        total++;
        time++;
        prev2 = prev;
        prev = best;
      }
    }
    if (!process.env.TAGGER_QUIET) console.error(`epoch ${epoch + 1}: ${errors} of ${total} tokens wrong (${((100 * errors) / total).toFixed(2)}%)`);
  }
  const weights = new Float32Array(size);
  for (let i = 0; i < size; i++) weights[i] = W[i] - U[i] / time;
  return { bits: BITS, weights };
}

/**
 * Per language and type, the smallest margin at which the tokens the tagger's spans add to the
 * rules (detect.ts mergeTagged: new spans, weak guesses replaced, rule findings extended) still have
 * TARGET_PRECISION token precision on the held-apart sentences, counting every span at or above it.
 * A type that never reaches it gets NEVER: the tagger adds none of it.
 */
const NEVER = 1e9;
export function calibrate(model: TaggerModel, dev: TrainingSentence[]): Record<string, number> {
  const byType = new Map<string, { margin: number; correct: number; tokens: number }[]>();
  for (const s of dev) {
    const rules = withoutTagger(() => detect(s.text, { language: s.language, profiles: PROFILE_NAMES }));
    for (const span of taggedSpans(s.text, s.language, model)) {
      // Each span alone, as detect() would merge it with the rules' findings.
      const [merged] = mergeTagged(s.text, rules, [finding(span.type, s.text, span.start, span.end, 0.5, 'tagger')]);
      if (!merged) continue;
      let correct = 0;
      let tokens = 0;
      for (const m of s.text.slice(merged.start, merged.end).matchAll(/[\p{L}\p{N}]+/gu)) {
        const a = merged.start + (m.index ?? 0);
        const b = a + m[0].length;
        // Tokens the rules already gave this type are no addition.
        if (rules.some((r) => r.start < b && a < r.end && r.entityType === span.type)) continue;
        const gold = s.spans.find((g) => g.start < b && a < g.end);
        tokens++;
        if (gold?.entityType === span.type) correct++;
      }
      if (tokens === 0) continue;
      const key = `${s.language} ${span.type}`;
      const list = byType.get(key) ?? [];
      list.push({ margin: span.margin, correct, tokens });
      byType.set(key, list);
    }
  }
  const out: Record<string, number> = {};
  for (const type of ['en PERSON', 'en LOCATION', 'en ORGANIZATION', 'en ADDRESS', 'de PERSON', 'de LOCATION', 'de ORGANIZATION', 'de ADDRESS']) {
    const list = (byType.get(type) ?? []).sort((a, b) => b.margin - a.margin);
    let correct = 0;
    let tokens = 0;
    // No margin reaches the target: the type is off (a margin above the dev maximum would still
    // let larger margins on other text through, unmeasured).
    let best = NEVER;
    for (const x of list) {
      correct += x.correct;
      tokens += x.tokens;
      if (correct / tokens >= TARGET_PRECISION[type.slice(0, 2)]) best = x.margin;
    }
    out[type] = Math.round(Math.max(1, best) * 1000) / 1000;
    const kept = list.filter((x) => x.margin >= out[type]);
    const keptCorrect = kept.reduce((n, x) => n + x.correct, 0);
    if (!process.env.TAGGER_QUIET) console.error(`${type}: ${list.length} spans the rules lack on the dev sentences; margin at 0.5: ${out[type]}, keeping ${kept.length} (${keptCorrect} right tokens)`);
  }
  return out;
}

if (require.main === module) {
  const out = process.argv[2] ?? join(__dirname, '..', 'data', 'pii', 'tagger.json');
  const sentences = trainingSentences(SENTENCES, 'train');
  const model = train(sentences, EPOCHS, SEED);
  // Calibrated on the weights as the file stores them (pruned and quantised).
  const shipped = decodeModel(encodeModel(model, VERSION, PRUNE, {}));
  const marginAtHalf = calibrate(shipped, trainingSentences(DEV_SENTENCES, 'dev', DEV_SEED));
  const file = encodeModel(model, VERSION, PRUNE, marginAtHalf);
  writeFileSync(out, `${JSON.stringify(file)}\n`);
  console.error(`${sentences.length} sentences, ${EPOCHS} epochs: ${file.rows} weight rows kept, ${out}`);
}
