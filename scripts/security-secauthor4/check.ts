/**
 * Validates data/security/secauthor4/*.jsonl (fifth author) with the second author's validator
 * (scripts/security-authored/validate.ts: every check there, with ids and families carrying the
 * "secauthor4-" prefix) and prints counts.
 *
 *   node --import tsx scripts/security-secauthor4/check.ts
 */
import path from 'node:path';
import { checkSetFromCommandLine, type LineRef, readAuthored, validatePrefixedLines } from '../security-authored/validate';

export const SECAUTHOR4_DIR = path.resolve(__dirname, '../../data/security/secauthor4');

export function validateSecauthor4(lines: LineRef[]): string[] {
  return validatePrefixedLines(lines, 'secauthor4');
}

export function readSecauthor4(dir = SECAUTHOR4_DIR): LineRef[] {
  return readAuthored(dir);
}

if (process.argv[1]?.endsWith(path.join('security-secauthor4', 'check.ts'))) {
  const refs = readSecauthor4();
  checkSetFromCommandLine(refs, validateSecauthor4(refs), [['by label/carrier', (r) => `${r.label}/${r.carrier ?? '(none)'}`]]);
}
