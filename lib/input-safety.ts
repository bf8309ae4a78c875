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

/** The first value of `root` Gatehouse will not accept, or null. Iterative: depth cannot overflow the stack. */
export function findUnsafeInput(root: unknown, maxDepth = MAX_JSON_DEPTH): UnsafeInput | null {
  const stack: Array<{ value: unknown; path: string[] }> = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      const why = unsafeString(value);
      if (why) return { path, message: why };
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return { path, message: 'is not a finite number' };
      if (Math.abs(value) > Number.MAX_SAFE_INTEGER) return { path, message: 'is beyond ±(2^53 - 1)' };
    } else if (value !== null && typeof value === 'object') {
      if (path.length >= maxDepth) return { path, message: `nests deeper than ${maxDepth} levels` };
      if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, String(i)] });
      } else {
        for (const key of Object.keys(value)) {
          const why = unsafeString(key);
          if (why) return { path: [...path, key], message: `has a key that ${why}` };
          stack.push({ value: (value as Record<string, unknown>)[key], path: [...path, key] });
        }
      }
    }
  }
  return null;
}
