/**
 * Seeded, deterministic generator of the fourth-author security set (data/security/secauthor4/).
 *
 * Every item is a pair built from ONE carrier instance (same filler, same slot, same hiding placement):
 * the attack twin has an injection in the slot, the innocent twin a harmless note in the same place.
 * Spans cover the injected part only, in the form it has in the text (JSON-escaped in JSON tool results,
 * quote-doubled in CSV cells, HTML-escaped in HTML, the base64 string for base64, with the zero-width
 * characters for zero-width); they are computed from the insertion offset and checked against the text.
 *
 *   node --import tsx scripts/security-secauthor4/generate.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Carrier, type Ctx, DOC_CARRIERS, type Escape, type Lang, type Placement, type Rng, pick, SLOT, TOOL_CARRIERS } from './carriers';
import { ATTACKS_DE, ATTACKS_EN, type AttackKind, type AttackType, HOSTS, MAILS, NOTES_DE, NOTES_EN, PEOPLE_DE, PEOPLE_EN, TYPES_OF } from './payloads';
import { mulberry32 } from '../../lib/seeded-random';

export const SEED = 20261128;
export const PAIRS = 1650;
export const OUT_DIR = path.resolve(__dirname, '../../data/security/secauthor4');

export interface Row {
  id: string;
  split: 'train';
  family: string;
  lang: Lang;
  source: 'document' | 'tool';
  label: 'attack' | 'benign';
  kind: string;
  types: AttackType[];
  carrier: string;
  spans?: Array<{ start: number; end: number }>;
  obfuscation?: 'base64' | 'zero_width';
  text: string;
}

export { mulberry32 };

export function escapeFor(esc: Escape, s: string, inAttr = false): string {
  if (esc === 'json') return JSON.stringify(s).slice(1, -1);
  if (esc === 'csv') return s.replace(/"/g, '""');
  if (esc === 'html') {
    const t = s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return inAttr ? t.replace(/"/g, '&quot;') : t;
  }
  return s;
}

/**
 * Innocent text copied from web pages and chat apps carries the odd zero-width space at a soft line
 * break; the innocent twin of a zero-width attack gets one after every fifth word.
 */
export function sparseZeroWidth(s: string): string {
  let words = 0;
  return s.replace(/([\p{L}\p{N}]) /gu, (m, ch: string) => (++words % 5 === 0 ? `${ch}\u200B ` : m));
}

/** Inserts U+200B between the characters of every word (not next to spaces or line breaks). */
export function zeroWidth(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    out += s[i];
    const next = s[i + 1];
    if (next !== undefined && /[\p{L}\p{N}]/u.test(s[i]) && /[\p{L}\p{N}]/u.test(next)) out += '\u200B';
  }
  return out;
}

const B64_INTRO = {
  en: ['Encoded note:', 'X-Note (base64):', 'attachment_note_b64:', 'Hidden field, base64:'],
  de: ['Codierter Hinweis:', 'X-Hinweis (base64):', 'anhang_hinweis_b64:', 'Verstecktes Feld, base64:'],
};

/**
 * Wraps the payload for a placement and escapes it for the carrier. Returns the slot text and the part
 * that is the payload as it appears in the text (the span).
 */
export function place(placement: Placement, esc: Escape, payload: string, lang: Lang, rng: Rng, innocent = false): { slot: string; part: string } {
  const flat = payload.replace(/\s*\n\s*/g, ' ');
  switch (placement) {
    case 'plain': {
      const part = escapeFor(esc, payload);
      return { slot: esc === 'html' ? `<p>${part}</p>` : part, part };
    }
    case 'html_comment':
      return { slot: `<!-- ${flat} -->`, part: flat };
    case 'white_text': {
      const part = escapeFor(esc, payload);
      return { slot: `<p style="color:#fff;background:#fff;font-size:2px">${part}</p>`, part };
    }
    case 'tiny_font': {
      const part = escapeFor(esc, payload);
      return { slot: `<span style="font-size:0.1px;opacity:0">${part}</span>`, part };
    }
    case 'alt_attr': {
      const part = escapeFor(esc, flat, true);
      return { slot: `<img src="/img/banner-${Math.floor(rng() * 90) + 10}.png" alt="${part}">`, part };
    }
    case 'zero_width': {
      const part = escapeFor(esc, innocent ? sparseZeroWidth(payload) : zeroWidth(payload));
      return { slot: part, part };
    }
    case 'base64': {
      const part = Buffer.from(payload, 'utf8').toString('base64');
      return { slot: `${pick(rng, B64_INTRO[lang])} ${part}`, part };
    }
    case 'code_comment':
      return { slot: flat, part: flat };
  }
}

const fill = (s: string, rng: Rng, people: string[], person: string) =>
  s.replace(/\{host\}/g, pick(rng, HOSTS)).replace(/\{mail\}/g, pick(rng, MAILS)).replace(/\{person\}/g, person === '' ? pick(rng, people) : person);

const KINDS = Object.keys(TYPES_OF) as AttackKind[];

export function buildSecauthor4(pairs = PAIRS, seed = SEED): Row[] {
  const rng = mulberry32(seed);
  const rows: Row[] = [];
  const seen = new Set<string>();
  let n = 0;
  let guard = 0;
  while (rows.length < pairs * 2) {
    if (++guard > pairs * 20) throw new Error('too many duplicate texts');
    const lang: Lang = rng() < 0.6 ? 'en' : 'de';
    const carrier: Carrier = rng() < 0.55 ? pick(rng, DOC_CARRIERS) : pick(rng, TOOL_CARRIERS);
    // the carrier's first placement (plain text, or a code comment) for about half the items
    const placement = rng() < 0.45 ? carrier.placements[0] : pick(rng, carrier.placements);
    const people = lang === 'en' ? PEOPLE_EN : PEOPLE_DE;
    const person = pick(rng, people);
    let person2 = pick(rng, people);
    if (person2 === person) person2 = people[(people.indexOf(person) + 1) % people.length];
    const ctx: Ctx = { rng, lang, person, person2 };
    const template = carrier.build(ctx);
    if (template.split(SLOT).length !== 2) throw new Error(`carrier ${carrier.name} must have exactly one slot`);
    const kind = KINDS[Math.floor(rng() * KINDS.length)];
    const ideas = (lang === 'en' ? ATTACKS_EN : ATTACKS_DE)[kind];
    const ideaIdx = Math.floor(rng() * ideas.length);
    const notes = lang === 'en' ? NOTES_EN : NOTES_DE;
    const noteIdx = Math.floor(rng() * notes.length);
    const attack = fill(ideas[ideaIdx], rng, people, '');
    const note = fill(notes[noteIdx], rng, people, '');
    const a = place(placement, carrier.escape, attack, lang, rng);
    const b = place(placement, carrier.escape, note, lang, rng, true);
    const start = template.indexOf(SLOT);
    const attackText = template.replace(SLOT, () => a.slot);
    const benignText = template.replace(SLOT, () => b.slot);
    if (seen.has(attackText) || seen.has(benignText)) continue;
    seen.add(attackText);
    seen.add(benignText);
    const partStart = start + a.slot.indexOf(a.part);
    const span = { start: partStart, end: partStart + a.part.length };
    if (attackText.slice(span.start, span.end) !== a.part) throw new Error('span does not cover the injected part');
    const obfuscation = placement === 'base64' ? 'base64' : placement === 'zero_width' ? 'zero_width' : undefined;
    const common = { split: 'train' as const, lang, source: carrier.source, carrier: carrier.name };
    rows.push({
      id: `secauthor4-${String(++n).padStart(5, '0')}`,
      ...common,
      family: `secauthor4-${kind}-${lang}-${ideaIdx}`,
      label: 'attack',
      kind,
      types: TYPES_OF[kind],
      spans: [span],
      ...(obfuscation ? { obfuscation } : {}),
      text: attackText,
    });
    rows.push({
      id: `secauthor4-${String(++n).padStart(5, '0')}`,
      ...common,
      family: `secauthor4-note-${lang}-${noteIdx}`,
      label: 'benign',
      kind: 'document_note',
      types: [],
      text: benignText,
    });
  }
  return rows;
}

/** Field order fixed so that the files are byte-identical on every run. */
function serialise(r: Row): string {
  const { id, split, family, lang, source, label, kind, types, carrier, spans, obfuscation, text } = r;
  return JSON.stringify({ id, split, family, lang, source, label, kind, types, carrier, spans, obfuscation, text });
}

export function secauthor4Files(rows: Row[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const lang of ['en', 'de'] as const) {
    files[`secauthor4-${lang}.jsonl`] = `${rows
      .filter((r) => r.lang === lang)
      .map(serialise)
      .join('\n')}\n`;
  }
  return files;
}

if (process.argv[1]?.endsWith(path.join('security-secauthor4', 'generate.ts'))) {
  mkdirSync(OUT_DIR, { recursive: true });
  const files = secauthor4Files(buildSecauthor4());
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(OUT_DIR, name), content);
  console.log(
    Object.entries(files)
      .map(([name, c]) => `${name}: ${c.split('\n').length - 1} lines`)
      .join('\n'),
  );
}
