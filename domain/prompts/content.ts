import { createHash } from 'node:crypto';

/**
 * The content hash that makes a userPrompt unique in a company (spec document 2: "unique by
 * SHA-256 content hash"). Hashed exactly as written: two prompts that differ only in whitespace
 * are different prompts (a template's layout can matter to a model).
 */
export function contentHash(userPrompt: string): string {
  return createHash('sha256').update(userPrompt, 'utf8').digest('hex');
}
