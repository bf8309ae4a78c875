/**
 * Validates data/security/authored2/*.jsonl with the second author's validator
 * (scripts/security-authored/validate.ts, imported, not copied) and prints counts.
 *
 * That validator insists on ids and families starting with "authored-". This set uses "authored2-",
 * so each line is checked for the "authored2-" prefix here and then handed to the shared validator
 * with the prefix mapped to "authored-" (a one-to-one rename, so duplicate-id detection still works).
 * Every other check (shape, allowed values, label/types/spans consistency, span ranges and
 * boundaries, bare attack prompts spanning the whole text) is the shared validator's.
 *
 *   node --import tsx scripts/security-authored2/check.ts
 */
import path from 'node:path';
import { type LineRef, readAuthored, validateLines } from '../security-authored/validate';

const PREFIX = /^authored2-[\w-]+$/;

export function validateAuthored2(lines: LineRef[]): string[] {
  const errors: string[] = [];
  const mapped: LineRef[] = [];
  for (const ref of lines) {
    let r: Record<string, unknown>;
    try {
      r = JSON.parse(ref.raw);
    } catch {
      mapped.push(ref);
      continue;
    }
    const at = `${ref.file}:${ref.line}`;
    if (typeof r.id !== 'string' || !PREFIX.test(r.id)) errors.push(`${at}: id must be authored2-<unique>`);
    if (typeof r.family !== 'string' || !PREFIX.test(r.family)) errors.push(`${at}: family must be authored2-<kind>-<n>`);
    const copy = { ...r };
    if (typeof copy.id === 'string') copy.id = copy.id.replace(/^authored2-/, 'authored-');
    if (typeof copy.family === 'string') copy.family = copy.family.replace(/^authored2-/, 'authored-');
    mapped.push({ ...ref, raw: JSON.stringify(copy) });
  }
  return [...errors, ...validateLines(mapped)];
}

export const AUTHORED2_DIR = path.resolve(__dirname, '../../data/security/authored2');

export function readAuthored2(dir = AUTHORED2_DIR): LineRef[] {
  return readAuthored(dir);
}

function table(refs: LineRef[], key: (r: Record<string, string>) => string): string {
  const m = new Map<string, number>();
  for (const { raw } of refs) {
    const k = key(JSON.parse(raw));
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m.entries()]
    .sort()
    .map(([k, v]) => `  ${k}: ${v}`)
    .join('\n');
}

if (process.argv[1]?.endsWith(path.join('security-authored2', 'check.ts'))) {
  const refs = readAuthored2();
  const errors = validateAuthored2(refs);
  console.log(`${refs.length} lines`);
  console.log(`by lang/label:\n${table(refs, (r) => `${r.lang}/${r.label}`)}`);
  console.log(`by label/source:\n${table(refs, (r) => `${r.label}/${r.source}`)}`);
  console.log(`by label/kind:\n${table(refs, (r) => `${r.label}/${r.kind}`)}`);
  console.log(`by label/carrier:\n${table(refs, (r) => `${r.label}/${r.carrier ?? '(none)'}`)}`);
  if (errors.length) {
    console.error(`${errors.length} errors:\n${errors.slice(0, 50).join('\n')}`);
    process.exit(1);
  }
  console.log('all lines valid');
}
