import type { Finding, Language } from './entity-types';
import { resolveOverlaps } from './overlap';
import type { StandInVault } from './stand-ins';
import { wrap } from './wrappers';

export interface Replacement {
  code: string;
  entityType: string;
  /** Offsets of the original value in the input text. */
  start: number;
  end: number;
  standIn: string;
  /** Offsets of the stand-in in `sanitized` and of its wrapper in `protected`. */
  sanitizedStart: number;
  sanitizedEnd: number;
  protectedStart: number;
  protectedEnd: number;
}

export interface SanitizeResult {
  /** The text with stand-ins in place (the readable preview). */
  sanitized: string;
  /** The text with each stand-in in a protected-reference wrapper (what a model may receive). */
  protected: string;
  /** One entry per replaced finding, in text order; never the original value. */
  replacements: Replacement[];
}

/** Replaces each finding with its session stand-in (overlapping findings are resolved first). */
export function sanitizeText(text: string, findings: Finding[], vault: StandInVault, language?: Language): SanitizeResult {
  const ordered = resolveOverlaps(findings);
  vault.reserve(ordered.map((f) => text.slice(f.start, f.end)));
  let sanitized = '';
  let protectedText = '';
  let cursor = 0;
  const replacements: Replacement[] = [];
  for (const f of ordered) {
    const original = text.slice(f.start, f.end);
    const entry = vault.standInFor(f.entityType, original, language);
    const between = text.slice(cursor, f.start);
    sanitized += between;
    protectedText += between;
    const sanitizedStart = sanitized.length;
    const protectedStart = protectedText.length;
    sanitized += entry.standIn;
    protectedText += wrap(vault.nonce, entry.code, entry.standIn);
    replacements.push({
      code: entry.code,
      entityType: f.entityType,
      start: f.start,
      end: f.end,
      standIn: entry.standIn,
      sanitizedStart,
      sanitizedEnd: sanitized.length,
      protectedStart,
      protectedEnd: protectedText.length,
    });
    cursor = f.end;
  }
  sanitized += text.slice(cursor);
  protectedText += text.slice(cursor);
  return { sanitized, protected: protectedText, replacements };
}
