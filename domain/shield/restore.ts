import { entityTypeOfPrefix, findCodes } from './codes';

/**
 * Restoring an assistant's answer: every stand-in code found anywhere in the text is looked up in
 * the caller's live handoffs (no handoff id needed) and the stand-in is replaced by its original.
 *
 * - A code found with its value before it (`Lena Vogt [PER-7K2QM9X]`, any case or spacing) gives
 *   back the original for both. When only the last word of the value is there (`Ms Vogt
 *   [PER-…]`) the original's last word replaces it; otherwise the code alone becomes the original.
 * - Stand-in values written without their code are restored too when they are long enough to be
 *   unambiguous (4+ characters, whole words) and belong to a handoff the answer uses.
 * - A valid code that no live handoff of the caller holds is `expired` (its handoff expired or was
 *   deleted, or it is not the caller's: the three look alike on purpose); a code-shaped text whose
 *   check character is wrong is `unrecognised`. Both stay as they are and are highlighted.
 *
 * Highlights are UTF-16 offsets into the returned text, end exclusive, in order, never overlapping.
 */
export interface VaultEntry {
  code: string;
  entityType: string;
  original: string;
  standIn: string;
  /** The handoff that holds it. */
  handoffId: string;
}

export type HighlightKind = 'restored' | 'expired' | 'unrecognised';

export interface Highlight {
  start: number;
  end: number;
  kind: HighlightKind;
  entityType?: string;
}

export interface ShieldRestoreResult {
  text: string;
  replaced: number;
  distinct: number;
  expiredOrDeleted: number;
  unrecognised: number;
  highlights: Highlight[];
  /** Handoffs whose stand-ins the text used (their life is extended). */
  usedHandoffIds: string[];
}

interface Edit {
  start: number;
  end: number;
  replacement: string | null; // null: keep the text, only highlight it
  kind: HighlightKind;
  entityType?: string;
  entry?: VaultEntry;
}

const WS = /[\s\u00a0]/;

/** The stand-in value right before a code (a space or none between), matched ignoring case and spacing. */
function valueBefore(text: string, codeStart: number, standIn: string): number | null {
  let end = codeStart;
  while (end > 0 && WS.test(text[end - 1]!)) end--;
  const words = standIn.trim().split(/\s+/);
  // Walk back over as many words as the stand-in has, allowing any whitespace between them.
  const pattern = new RegExp(`${words.map(escapeRe).join('[\\s\\u00a0]+')}$`, 'i');
  const window = text.slice(Math.max(0, end - standIn.length * 2 - 8), end);
  const m = pattern.exec(window);
  if (!m) return null;
  const start = end - m[0].length;
  // A whole word: not glued to a letter or digit before it.
  if (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1]!)) return null;
  return start;
}

function lastWordBefore(text: string, codeStart: number, standIn: string): number | null {
  const words = standIn.trim().split(/\s+/);
  if (words.length < 2) return null;
  return valueBefore(text, codeStart, words[words.length - 1]!);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function restoreShieldText(text: string, entries: VaultEntry[]): ShieldRestoreResult {
  const byCode = new Map(entries.map((e) => [e.code, e]));
  const edits: Edit[] = [];
  for (const found of findCodes(text)) {
    if (!found.code) {
      edits.push({ start: found.start, end: found.end, replacement: null, kind: 'unrecognised' });
      continue;
    }
    const entry = byCode.get(found.code);
    if (!entry) {
      edits.push({ start: found.start, end: found.end, replacement: null, kind: 'expired', entityType: entityTypeOfPrefix(found.prefix) ?? 'CUSTOM' });
      continue;
    }
    const fullStart = valueBefore(text, found.start, entry.standIn);
    if (fullStart !== null) {
      edits.push({ start: fullStart, end: found.end, replacement: entry.original, kind: 'restored', entityType: entry.entityType, entry });
      continue;
    }
    const lastStart = lastWordBefore(text, found.start, entry.standIn);
    const originalWords = entry.original.trim().split(/\s+/);
    if (lastStart !== null && originalWords.length >= 2) {
      edits.push({ start: lastStart, end: found.end, replacement: originalWords[originalWords.length - 1]!, kind: 'restored', entityType: entry.entityType, entry });
      continue;
    }
    edits.push({ start: found.start, end: found.end, replacement: entry.original, kind: 'restored', entityType: entry.entityType, entry });
  }

  // Bare stand-ins of the handoffs this answer uses (a code elsewhere in it named the handoff).
  const codesSeen = new Set(edits.filter((e) => e.entry).map((e) => e.entry!.code));
  const used = new Set(entries.filter((e) => codesSeen.has(e.code)).map((e) => e.handoffId));
  const bare = entries.filter((e) => used.has(e.handoffId) && e.standIn.trim().length >= 4).sort((a, b) => b.standIn.length - a.standIn.length);
  for (const entry of bare) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${entry.standIn.trim().split(/\s+/).map(escapeRe).join('[\\s\\u00a0]+')}(?![\\p{L}\\p{N}])`, 'giu');
    for (const m of text.matchAll(re)) {
      const start = m.index!;
      const end = start + m[0].length;
      if (edits.some((e) => start < e.end && e.start < end)) continue;
      edits.push({ start, end, replacement: entry.original, kind: 'restored', entityType: entry.entityType, entry });
    }
  }

  edits.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  const highlights: Highlight[] = [];
  let replaced = 0;
  let expired = 0;
  let unrecognised = 0;
  const distinct = new Set<string>();
  for (const e of edits) {
    if (e.start < at) continue; // overlapping: the earlier one won
    out += text.slice(at, e.start);
    const start = out.length;
    out += e.replacement ?? text.slice(e.start, e.end);
    const h: Highlight = { start, end: out.length, kind: e.kind };
    if (e.entityType && e.kind !== 'unrecognised') h.entityType = e.entityType;
    highlights.push(h);
    if (e.kind === 'restored') {
      replaced++;
      distinct.add(e.entry!.code);
    } else if (e.kind === 'expired') expired++;
    else unrecognised++;
    at = e.end;
  }
  out += text.slice(at);
  return {
    text: out,
    replaced,
    distinct: distinct.size,
    expiredOrDeleted: expired,
    unrecognised,
    highlights,
    usedHandoffIds: [...new Set(entries.filter((e) => distinct.has(e.code)).map((e) => e.handoffId))],
  };
}
