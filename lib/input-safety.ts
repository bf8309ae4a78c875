/**
 * What no route may accept, whatever its schema says: values PostgreSQL cannot store or that no
 * column can hold, and shapes that only attack the server. Checked once, for every request, on the
 * parsed body, the query string and the decoded path (api/middleware/input-safety.ts), so a route
 * added next month is covered the day it lands (issue 21, item 1).
 *
 * - NUL (U+0000): PostgreSQL text and jsonb refuse it (SQLSTATE 22P05 / 22021).
 * - Lone UTF-16 surrogates: not valid Unicode; PostgreSQL's UTF-8 encoding cannot hold them.
 * - Numbers that are not finite (JSON's 1e400 parses to Infinity) or beyond ±(2^53 - 1): integers
 *   there are no longer exact in JavaScript, and no field of the API needs such magnitudes.
 * - JSON nested deeper than MAX_JSON_DEPTH levels: no request of the API nests that deep.
 * - Object keys count as strings too (they become jsonb keys).
 */
export const MAX_JSON_DEPTH = 32;

export interface UnsafeInput {
  /** Where, as a path of keys and indexes from the root. */
  path: string[];
  message: string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function unsafeString(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(s)) return 'contains an unpaired UTF-16 surrogate (invalid Unicode)';
  return null;
}

/**
 * The first value of `root` Gatehouse will not accept, or null. Iterative: depth cannot overflow the
 * stack. Runs on every request body, so no path is built for a clean value: each stack entry knows
 * its parent and its key, the path is put together only for the value refused, and values that
 * cannot fail (null, booleans) get no entry. Objects'
 * keys are checked before their values, and the values are then taken last key first (the order
 * this walk has always had, so the same value is named when there are several).
 */
export function findUnsafeInput(root: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeInput | null {
  const stack: Step[] = [{ value: root, key: '', parent: null, depth: 0 }];
  while (stack.length) {
    const step = stack.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      const why = unsafeString(value);
      if (why) return { path: pathOf(step), message: why };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path: pathOf(step), message: 'is not a finite number' };
      if (Math.abs(value) > Number.MAX_SAFE_INTEGER) return { path: pathOf(step), message: 'is beyond ±(2^53 - 1)' };
    } else if (value !== null && typeof value === 'object') {
      if (step.depth >= maxDepth) return { path: pathOf(step), message: `nests deeper than ${maxDepth} levels` };
      const depth = step.depth + 1;
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) {
          const item: unknown = value[i];
          // Scalars that cannot fail need no stack entry.
          if (item !== null && typeof item !== 'boolean') stack.push({ value: item, key: String(i), parent: step, depth });
        }
      } else {
        for (const key in value) {
          if (!Object.hasOwn(value, key)) continue;
          const why = unsafeString(key);
          if (why) return { path: [...pathOf(step), key], message: `has a key that ${why}` };
          const item: unknown = (value as Record<string, unknown>)[key];
          if (item !== null && item !== undefined && typeof item !== 'boolean') stack.push({ value: item, key, parent: step, depth });
        }
      }
    }
  }
  return null;
}

interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
  depth: number;
}

function pathOf(step: Step): string[] {
  const path: string[] = [];
  for (let s: Step | null = step; s?.parent; s = s.parent) path.push(s.key);
  return path.reverse();
}
