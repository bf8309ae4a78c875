/**
 * Public prompt ids: `prompt_<unix seconds>_<suffix>` (spec document 2). The seconds make ids sort
 * roughly by creation and tell a reader when a prompt was made; the suffix (10 base-36 characters,
 * about 51 bits) keeps two prompts created in the same second apart. Clock and randomness are
 * passed in: this module does no I/O.
 */
const SUFFIX_LENGTH = 10;
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const PROMPT_ID = /^prompt_\d{1,12}_[0-9a-z]{4,32}$/;

export function newPromptId(now: Date, randomBytes: Uint8Array): string {
  if (randomBytes.length < SUFFIX_LENGTH) throw new Error(`newPromptId needs ${SUFFIX_LENGTH} random bytes`);
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) suffix += ALPHABET[randomBytes[i]! % ALPHABET.length];
  return `prompt_${Math.floor(now.getTime() / 1000)}_${suffix}`;
}

export function isPromptId(value: unknown): value is string {
  return typeof value === 'string' && PROMPT_ID.test(value);
}

/** Public repository ids: `repo_<suffix>`, the id the spec's repositoryId fields carry. */
export function newRepositoryId(randomBytes: Uint8Array): string {
  let suffix = '';
  for (let i = 0; i < SUFFIX_LENGTH; i++) suffix += ALPHABET[randomBytes[i]! % ALPHABET.length];
  return `repo_${suffix}`;
}
