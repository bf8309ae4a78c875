import fc from 'fast-check';
import { type Json, type JsonSchema, deref } from './openapi-operations';

/**
 * fast-check arbitraries from the JSON Schemas of the OpenAPI document (3.1, as zod-to-openapi
 * writes them from the routes' zod schemas): values that look valid (right types, required fields,
 * enums, formats, lengths and bounds), so the mutations in malformed-input.ts land on input that
 * got past the outer checks and reaches deep into a route. "Valid-looking", not guaranteed valid:
 * refinements (`.refine`, cross-field rules) are not in the document, and that is fine, because
 * every answer but 5xx and a misshapen 4xx is acceptable to the harness.
 */
const MAX_DEPTH = 6;
const ABSENT = Symbol('absent');
/** Any small JSON value, with numbers a column could hold (fc.jsonValue draws doubles up to 1.8e308). */
const SMALL_JSON = fc.oneof(fc.string({ maxLength: 12 }), fc.integer({ min: -1000, max: 1000 }), fc.boolean(), fc.constant(null));
const WORD = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 10 });

function textOf(min: number, max: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABC-_.0123456789'), minLength: min, maxLength: Math.max(min, max) });
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<string> {
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? Math.min(s.maxLength, Math.max(min, 24)) : Math.max(min, 24);
  switch (s.format) {
    case 'uuid':
      return fc.uuid({ version: 4 });
    case 'email':
      return fc.tuple(WORD, WORD).map(([a, b]) => `${a}@${b}.example.test`);
    case 'date-time':
      return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return WORD.map((w) => `https://example.com/${w}`);
    default:
      break;
  }
  if (typeof s.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && (s.maxLength === undefined || v.length <= s.maxLength));
    } catch {
      // a pattern JavaScript cannot compile: plain text below
    }
  }
  return textOf(min, max);
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
  const upper = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
  // Unbounded sides stay near the other bound (or near zero): valid-looking, not extreme.
  const min = lower ?? (upper !== undefined ? Math.min(upper, 0) - 1000 : -1000);
  const max = upper ?? (lower !== undefined ? Math.max(lower, 0) + 1000 : 1000);
  if (integer) {
    const lo = Math.ceil(typeof s.exclusiveMinimum === 'number' ? min + 1 : min);
    const hi = Math.floor(typeof s.exclusiveMaximum === 'number' ? max - 1 : max);
    return fc.integer({ min: Math.max(lo, -(2 ** 31)), max: Math.min(Math.max(lo, hi), 2 ** 31 - 1) });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: typeof s.exclusiveMinimum === 'number', maxExcluded: typeof s.exclusiveMaximum === 'number' });
}

/** A valid-looking value of `schema` (refs resolved against `doc`). */
export function arbitraryOf(doc: Json, schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > MAX_DEPTH) return fc.constant(null);
  const s = deref(doc, schema);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  const variants = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbitraryOf(doc, v, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) {
    return fc.tuple(...(s.allOf as JsonSchema[]).map((v) => arbitraryOf(doc, v, depth + 1))).map((parts) =>
      parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0],
    );
  }
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : s.properties ? ['object'] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => arbitraryOf(doc, { ...s, type: t }, depth)));
  const nullable = s.nullable === true ? (a: fc.Arbitrary<unknown>) => fc.oneof(a, fc.constant(null)) : (a: fc.Arbitrary<unknown>) => a;
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return nullable(fc.boolean());
    case 'string':
      return nullable(stringArbitrary(s));
    case 'integer':
      return nullable(numberArbitrary(s, true));
    case 'number':
      return nullable(numberArbitrary(s, false));
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 0;
      const max = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, Math.max(min, 3));
      return nullable(fc.array(arbitraryOf(doc, s.items ?? {}, depth + 1), { minLength: min, maxLength: max }));
    }
    case 'object': {
      const props = Object.entries<JsonSchema>(s.properties ?? {});
      if (props.length === 0) {
        if (s.additionalProperties && typeof s.additionalProperties === 'object') {
          return nullable(fc.dictionary(WORD, arbitraryOf(doc, s.additionalProperties, depth + 1), { maxKeys: 3 }));
        }
        return nullable(fc.dictionary(WORD, SMALL_JSON, { maxKeys: 2 }));
      }
      // Optional fields are present one time in three: with every one of thirty present, some rule
      // across fields is always broken, and the request never gets past validation.
      const required = new Set<string>(s.required ?? []);
      const model = Object.fromEntries(
        props.map(([k, v]) => {
          const value = arbitraryOf(doc, v, depth + 1);
          return [k, required.has(k) ? value : fc.oneof({ arbitrary: fc.constant(ABSENT), weight: 2 }, { arbitrary: value, weight: 1 })];
        }),
      );
      return nullable(fc.record(model).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== ABSENT))));
    }
    default:
      // No type ({} or unknown): any small JSON value.
      return fc.oneof(SMALL_JSON, fc.array(SMALL_JSON, { maxLength: 3 }), fc.dictionary(WORD, SMALL_JSON, { maxKeys: 3 }));
  }
}
