import { ENTITY_MODEL_MANIFEST, type EntityModelManifest, EntityModelManifestError } from './manifest';

/**
 * Text → token ids for the entity model, keeping where each token came from: a model's findings
 * must become spans of the original text (UTF-16 offsets, as every finding of domain/pii).
 *
 * Words are runs of letters, marks and digits; every other visible character is a word of its
 * own (BERT's basic tokenizer does the same, and splits CJK ideographs one by one). A model token
 * belongs to one word; the "word" tokenizer gives one token per word, WordPiece one or more.
 */
export interface TextSpan {
  start: number;
  end: number;
}

export interface ModelToken {
  id: number;
  /** Index into `words`. */
  word: number;
}

export interface TokenizedText {
  words: TextSpan[];
  tokens: ModelToken[];
}

export interface TextTokenizer {
  tokenize(text: string): TokenizedText;
  /** Ids put before and after every window ([CLS] … [SEP] for BERT; none for the word tokenizer). */
  prefix: number[];
  suffix: number[];
  /** Text tokens per window, the prefix and suffix not counted. */
  windowTokens: number;
}

const CJK = '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}';
const WORDS = new RegExp(`[^\\s\\p{Z}\\p{P}\\p{S}\\p{C}${CJK}]+|[^\\s\\p{Z}\\p{C}]`, 'gu');
const MARKS = /\p{Mn}/gu;

export function wordSpans(text: string): TextSpan[] {
  const out: TextSpan[] = [];
  for (const m of text.matchAll(WORDS)) out.push({ start: m.index!, end: m.index! + m[0].length });
  return out;
}

/** BERT uncased: lower case and no accents. */
const uncased = (s: string) => s.toLowerCase().normalize('NFD').replace(MARKS, '');

export function createTokenizer(spec: EntityModelManifest['tokenizer'], vocabularyFileLines?: string[]): TextTokenizer {
  const list = spec.vocabulary ?? vocabularyFileLines ?? [];
  const vocab = new Map<string, number>();
  list.forEach((token, id) => {
    if (!vocab.has(token)) vocab.set(token, id);
  });
  const idOf = (token: string, what: string): number => {
    const id = vocab.get(token);
    if (id === undefined) throw new EntityModelManifestError(`${ENTITY_MODEL_MANIFEST}: the vocabulary has no ${what} token ${JSON.stringify(token)}`);
    return id;
  };
  const unknown = idOf(spec.unknownToken, 'unknown');

  if (spec.type === 'word') {
    return {
      prefix: [],
      suffix: [],
      windowTokens: spec.maxTokens,
      tokenize(text) {
        const words = wordSpans(text);
        const tokens = words.map((w, i) => {
          const word = text.slice(w.start, w.end);
          return { id: vocab.get(spec.lowercase ? word.toLowerCase() : word) ?? unknown, word: i };
        });
        return { words, tokens };
      },
    };
  }

  const prefix = spec.clsToken === null ? [] : [idOf(spec.clsToken, 'CLS')];
  const suffix = spec.sepToken === null ? [] : [idOf(spec.sepToken, 'SEP')];
  const pieces = (word: string): number[] => {
    const chars = Array.from(word);
    if (chars.length > spec.maxCharsPerWord) return [unknown];
    const out: number[] = [];
    for (let start = 0; start < chars.length; ) {
      let end = chars.length;
      let found: number | undefined;
      for (; end > start; end--) {
        const piece = (start > 0 ? spec.continuingPrefix : '') + chars.slice(start, end).join('');
        found = vocab.get(piece);
        if (found !== undefined) break;
      }
      // BERT's rule: a word with any part outside the vocabulary is one unknown token.
      if (found === undefined) return [unknown];
      out.push(found);
      start = end;
    }
    return out;
  };
  return {
    prefix,
    suffix,
    windowTokens: spec.maxTokens - prefix.length - suffix.length,
    tokenize(text) {
      const words = wordSpans(text);
      const tokens: ModelToken[] = [];
      words.forEach((w, i) => {
        const word = text.slice(w.start, w.end);
        for (const id of pieces(spec.lowercase ? uncased(word) : word)) tokens.push({ id, word: i });
      });
      return { words, tokens };
    },
  };
}

/**
 * Cuts `tokens` into windows of at most `size` tokens, each ending at a word boundary where it can
 * (a word longer than a whole window is cut). Returns [from, to) token ranges covering all tokens.
 */
export function windows(tokens: readonly ModelToken[], size: number): [number, number][] {
  const out: [number, number][] = [];
  for (let from = 0; from < tokens.length; ) {
    let to = Math.min(from + size, tokens.length);
    if (to < tokens.length) {
      let cut = to;
      while (cut > from && tokens[cut]!.word === tokens[cut - 1]!.word) cut--;
      if (cut > from) to = cut;
    }
    out.push([from, to]);
    from = to;
  }
  return out;
}
