import { type CustomEntity, type Finding, REDLIST_ENTITY_TYPE } from '../entity-types';
import { finding } from './types';

/**
 * Redlist terms and custom entities: always found, whatever the profiles (score 1). A custom entity
 * of type "examples" matches each example literally and, for examples that contain digits, any
 * value of the same shape ("EMP-12345" also finds "EMP-99881").
 */

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Thrown for a custom pattern that is not a valid regular expression (the caller's 4xx). */
export class InvalidCustomEntityError extends Error {
  constructor(
    message: string,
    readonly label: string,
  ) {
    super(message);
  }
}

function boundary(source: string): string {
  return `(?<![\\p{L}\\p{N}_])(?:${source})(?![\\p{L}\\p{N}_])`;
}

/** The shape of an example: digit runs become \d{n}, letter runs stay literal when shared. */
export function shapeOf(example: string): string {
  let out = '';
  const re = /(\d+)|([\p{L}]+)|(\s+)|(.)/gu;
  for (let m = re.exec(example); m !== null; m = re.exec(example)) {
    if (m[1]) out += `\\d{${m[1].length}}`;
    else if (m[2]) out += escapeRe(m[2]);
    else if (m[3]) out += '\\s+';
    else out += escapeRe(m[4]);
  }
  return out;
}

export function compileCustomEntity(entity: CustomEntity): RegExp {
  try {
    if (entity.type === 'pattern') {
      if (!entity.pattern) throw new Error('pattern is required');
      // A bound on size; nested unbounded quantifiers ("(a+)+") are refused as a backtracking risk.
      if (entity.pattern.length > 500) throw new Error('pattern is longer than 500 characters');
      if (/\([^)]*[+*][^)]*\)[+*{]/.test(entity.pattern)) throw new Error('pattern nests unbounded quantifiers');
      return new RegExp(entity.pattern, 'gu');
    }
    const examples = (entity.examples ?? []).map((e) => e.trim()).filter(Boolean);
    if (examples.length === 0) throw new Error('examples must not be empty');
    const alternatives = new Set<string>();
    for (const e of examples) {
      alternatives.add(escapeRe(e).replace(/\s+/g, '\\s+'));
      if (/\d/.test(e)) alternatives.add(shapeOf(e));
    }
    const sorted = [...alternatives].sort((a, b) => b.length - a.length);
    return new RegExp(boundary(sorted.join('|')), 'giu');
  } catch (err) {
    throw new InvalidCustomEntityError(`custom entity "${entity.label}": ${(err as Error).message}`, entity.label);
  }
}

export function customFindings(text: string, entities: CustomEntity[]): Finding[] {
  const out: Finding[] = [];
  for (const entity of entities) {
    const re = compileCustomEntity(entity);
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0].length === 0) {
        re.lastIndex++;
        continue;
      }
      out.push(finding(entity.label, text, m.index, m.index + m[0].length, 1, 'custom'));
    }
  }
  return out;
}

export function redlistFindings(text: string, terms: string[]): Finding[] {
  const cleaned = terms.map((t) => t.trim()).filter(Boolean);
  if (cleaned.length === 0) return [];
  const source = cleaned
    .sort((a, b) => b.length - a.length)
    .map((t) => escapeRe(t).replace(/\s+/g, '\\s+'))
    .join('|');
  const re = new RegExp(boundary(source), 'giu');
  const out: Finding[] = [];
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push(finding(REDLIST_ENTITY_TYPE, text, m.index, m.index + m[0].length, 1, 'redlist'));
  }
  return out;
}
