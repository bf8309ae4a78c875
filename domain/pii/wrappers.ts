/**
 * Protected-reference wrappers: how a stand-in travels to a model in protected_document.
 *
 *   [[ref:<nonce>:<code> <stand-in>]]      e.g.  [[ref:3f9a1c07:PER1 Lena Vogt]]
 *
 * - `ref:` marks the wrapper; `<nonce>` is the session's 8 lower-case hex characters, so a wrapper
 *   copied from another session (or invented by a model) never restores here; `<code>` is the
 *   stand-in's short code (type letters + number), enough to restore even if the model rewrote or
 *   inflected the value inside; the stand-in itself keeps the text readable for the model.
 * - Only ASCII brackets, colons and one space: models echo these faithfully, and the form does not
 *   collide with Markdown tables (no "|") or CSV (no comma, quote or newline of its own).
 * - Stand-ins never contain "[[" or "]]" (the vault refuses such values).
 */
export const WRAPPER_EXAMPLE = '[[ref:3f9a1c07:PER1 Lena Vogt]]';

export function wrap(nonce: string, code: string, standIn: string): string {
  return `[[ref:${nonce}:${code} ${standIn}]]`;
}

/** Strict form: exactly as written by wrap(). */
export const STRICT_WRAPPER_RE = /\[\[ref:([0-9a-f]{8}):([A-Z]{2,3}\d{1,6}) ((?:(?!\]\])[\s\S]){0,2000}?)\]\]/g;

/**
 * Loose form: what a model may make of it (case changes, spaces added or removed around the
 * separators, the code split as "PER 1", a full-width colon). Used by fuzzy restore.
 */
export const LOOSE_WRAPPER_RE = /\[\[\s*ref\s*[:：]\s*([0-9a-fA-F]{8})\s*[:：]\s*([A-Za-z]{2,3})\s?-?\s?(\d{1,6})(?![\d])\s*((?:(?!\]\])[\s\S]){0,2000}?)\s*\]\]/gi;
