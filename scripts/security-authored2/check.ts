/**
 * Validates data/security/authored2/*.jsonl (third author) with the second author's validator
 * (scripts/security-authored/validate.ts: every check there, with ids and families carrying the
 * "authored2-" prefix) and prints counts.
 *
 *   node --import tsx scripts/security-authored2/check.ts
 */
import path from 'node:path';
import { checkSetFromCommandLine, type LineRef, readAuthored, validatePrefixedLines } from '../security-authored/validate';

export const AUTHORED2_DIR = path.resolve(__dirname, '../../data/security/authored2');

export function validateAuthored2(lines: LineRef[]): string[] {
  return validatePrefixedLines(lines, 'authored2');
}

export function readAuthored2(dir = AUTHORED2_DIR): LineRef[] {
  return readAuthored(dir);
}

if (process.argv[1]?.endsWith(path.join('security-authored2', 'check.ts'))) {
  const refs = readAuthored2();
  checkSetFromCommandLine(refs, validateAuthored2(refs), [['by label/carrier', (r) => `${r.label}/${r.carrier ?? '(none)'}`]]);
}
