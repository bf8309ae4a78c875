/**
 * The {{variable}} placeholders of a stored prompt: extraction (each version records its
 * variables) and strict substitution (a stored prompt never runs with a placeholder left unfilled:
 * the caller gets a 400 naming what is missing). The placeholder syntax is the gateway's
 * (domain/template.ts): `{{ name }}` with letters, digits, `_`, `.` and `-`.
 *
 * References (`{{prompt:<id>}}`, `{{doc:<id>}}`) use a colon, which a variable name cannot hold, so
 * the two never collide; they are parsed here and resolved by the service (resolveReferences).
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;
const REFERENCE = /\{\{\s*(prompt|doc)\s*:\s*([A-Za-z0-9_.-]{1,100})\s*\}\}/g;

export const MAX_VARIABLES = 100;

/** Variable names in order of first appearance, each once. */
export function extractVariables(...texts: Array<string | null | undefined>): string[] {
  const seen = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const m of text.matchAll(PLACEHOLDER)) seen.add(m[1]!);
  }
  return [...seen];
}

export type RenderResult = { ok: true; text: string } | { ok: false; missing: string[] };

/** A variable value as text: strings verbatim, anything else as JSON. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Substitutes every placeholder in one pass (a value that itself contains `{{x}}` is inserted
 * verbatim, never expanded again). Any placeholder without a value (undefined or null) makes the
 * result `missing`, listing each such name once, in order.
 */
export function renderStrict(text: string, variables: Readonly<Record<string, unknown>>): RenderResult {
  const missing: string[] = [];
  const out = text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
    if (value === undefined || value === null) {
      if (!missing.includes(name)) missing.push(name);
      return '';
    }
    return asText(value);
  });
  return missing.length ? { ok: false, missing } : { ok: true, text: out };
}

export interface Reference {
  kind: 'prompt' | 'doc';
  id: string;
  /** The exact text of the reference, replaced when it is resolved. */
  token: string;
}

/** The references in a text, each distinct (kind, id) once, in order of appearance. */
export function findReferences(...texts: Array<string | null | undefined>): Reference[] {
  const out: Reference[] = [];
  const seen = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const m of text.matchAll(REFERENCE)) {
      const kind = m[1] as Reference['kind'];
      const key = `${kind}:${m[2]}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ kind, id: m[2]!, token: m[0] });
    }
  }
  return out;
}

/** Replaces every reference by its resolved text (one pass; resolved text is never scanned again). */
export function replaceReferences(text: string, resolved: ReadonlyMap<string, string>): string {
  return text.replace(REFERENCE, (whole, kind: string, id: string) => resolved.get(`${kind}:${id}`) ?? whole);
}
