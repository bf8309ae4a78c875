/**
 * 32-bit hashing for the scanner: FNV-1a for words (incremental, so the tokenizer hashes as it
 * reads and never slices a string) and murmur3's finaliser to mix combined keys. Lexicon entries,
 * phrase keys and classifier features all go through these, so the training script and the scanner
 * agree bit for bit.
 */

export const FNV_OFFSET = 0x811c9dc5;

export function fnvStep(h: number, c: number): number {
  return Math.imul(h ^ c, 0x01000193);
}

/** FNV-1a of a whole string (lexicon building; the tokenizer hashes incrementally). */
export function fnv(s: string, seed = FNV_OFFSET): number {
  let h = seed;
  for (let i = 0; i < s.length; i++) h = fnvStep(h, s.charCodeAt(i));
  return h >>> 0;
}

export function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Order-sensitive combination of two hashes (bigrams, phrase keys, namespaced features). */
export function combine(a: number, b: number): number {
  return fmix((Math.imul(a, 0x9e3779b1) ^ b) >>> 0);
}
