/**
 * Validates data/security/secauthor3/*.jsonl (fourth author) with the second author's validator
 * (scripts/security-authored/validate.ts: every check there, with ids and families carrying the
 * "secauthor3-" prefix) and prints counts.
 *
 *   node --import tsx scripts/security-secauthor3/check.ts
 */
import path from 'node:path';
import { checkSetFromCommandLine, type LineRef, readAuthored, validatePrefixedLines } from '../security-authored/validate';

export const SECAUTHOR3_DIR = path.resolve(__dirname, '../../data/security/secauthor3');

export function validateSecauthor3(lines: LineRef[]): string[] {
  return validatePrefixedLines(lines, 'secauthor3');
}

export function readSecauthor3(dir = SECAUTHOR3_DIR): LineRef[] {
  return readAuthored(dir);
}

if (process.argv[1]?.endsWith(path.join('security-secauthor3', 'check.ts'))) {
  const refs = readSecauthor3();
  checkSetFromCommandLine(refs, validateSecauthor3(refs), [['by label/carrier', (r) => `${r.label}/${r.carrier ?? '(none)'}`]]);
}
