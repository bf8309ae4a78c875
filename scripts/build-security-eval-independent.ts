/**
 * Builds the independent security evaluation set: `npm run build:security-eval-independent`
 * (`-- --check` rebuilds in memory and fails if the committed file differs).
 *
 * About half attacks, half innocent texts that look risky; English and German (about 55/45); in
 * prompts, documents and tool results. Attacks come from scripts/security-eval-independent/
 * payloads.ts (written from general knowledge of the kinds), hidden in carriers and sometimes
 * obfuscated; innocent texts are written (innocent.ts) or real prose found on this machine
 * (real-text.ts: package READMEs, Debian docs, German man pages). For scoring only.
 *
 * The real-prose excerpts depend on what is installed here; the committed file is the set.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Rng, toJsonLines } from './independent-eval-random';
import { typo } from './pii-eval-independent/doc';
import { ASK, type Carrier, place } from './security-eval-independent/carriers';
import { composedInnocent, FILLER, writtenInnocent } from './security-eval-independent/innocent';
import { type Obfuscation, obfuscate } from './security-eval-independent/obfuscate';
import { ATTACK_KINDS, type CheckType, type Lang, override, type Payload } from './security-eval-independent/payloads';
import { debianDocExcerpts, type Excerpt, germanManExcerpts, readmeExcerpts } from './security-eval-independent/real-text';

export interface IndependentSecuritySample {
  id: string;
  split: 'independent';
  lang: Lang;
  source: 'prompt' | 'document' | 'tool';
  label: 'attack' | 'innocent';
  kind: string;
  types: CheckType[];
  /** The attack's place in the text (empty for innocent texts). */
  spans: { start: number; end: number }[];
  text: string;
  /** How the attack was hidden (attacks only; "none" when not at all). */
  obfuscation?: Obfuscation;
  /** The wrapping around the text (see carriers.ts); "as_written" for texts that are a tool result already. */
  carrier: Carrier | 'as_written';
  /** "written" (for this set) or the file a real excerpt came from. */
  origin: string;
}

export const SECURITY_SET_FILE = join(__dirname, '..', 'data', 'security-independent', 'independent.jsonl');
export const SECURITY_SET_SIZES: Record<Lang, { attacks: number; innocent: number }> = { en: { attacks: 440, innocent: 440 }, de: { attacks: 360, innocent: 360 } };
/** Innocent samples that are real prose from this machine (the rest are written). */
const REAL_INNOCENT: Record<Lang, { readme: number; debian: number; man: number }> = { en: { readme: 100, debian: 50, man: 0 }, de: { readme: 0, debian: 0, man: 100 } };

const OBFUSCATIONS: [Obfuscation, number][] = [
  ['none', 52], ['typos', 8], ['mixed_language', 6], ['base64', 5], ['hex', 3], ['rot13', 3], ['leetspeak', 5], ['homoglyph', 5], ['zero_width', 5], ['tag_characters', 4], ['spacing', 4],
];
const JAILBREAK_KINDS = new Set(['persona', 'developer_mode', 'hypothetical', 'fiction_wrapper', 'many_shot', 'refusal_suppression']);
const DIRECT_EXTRACTION_KINDS = new Set(['prompt_leak', 'secret_extraction', 'other_users_data']);
const HIDING_CARRIERS: Carrier[] = ['summarise_request', 'document', 'html', 'email', 'code_comment', 'csv_cell', 'tool_json', 'footnote'];

function carrierFor(kind: string, rng: Rng): Carrier {
  if (JAILBREAK_KINDS.has(kind)) return rng.chance(0.8) ? 'direct' : rng.pick(['summarise_request', 'document', 'email'] as const);
  if (DIRECT_EXTRACTION_KINDS.has(kind)) return rng.chance(0.6) ? 'direct' : rng.pick(HIDING_CARRIERS);
  return rng.chance(0.25) ? 'direct' : rng.pick(HIDING_CARRIERS);
}

function withTypos(s: string, rng: Rng): string {
  return s.replace(/\p{L}{4,}/gu, (w) => (rng.chance(0.15) ? typo(w, rng) : w));
}

function attack(rng: Rng, lang: Lang, filler: () => string): Omit<IndependentSecuritySample, 'id'> {
  let how = rng.weighted(OBFUSCATIONS);
  const payload: Payload = how === 'mixed_language' ? override(rng, lang, true) : rng.weighted(ATTACK_KINDS)(rng, lang);
  // Many-shot transcripts are long; spelling them out letter by letter or invisibly is not what attackers do.
  if (payload.kind === 'many_shot' && !['none', 'typos'].includes(how)) how = 'none';
  const base = { split: 'independent' as const, lang, label: 'attack' as const, kind: payload.kind, types: payload.types, obfuscation: how, origin: 'written' };
  if (how === 'tag_characters') {
    // Invisible tag characters ride on a visible, harmless request (accents dropped: tags spell ASCII only).
    const visible = rng.pick(lang === 'en' ? ['What a lovely day! ', 'Please check my spelling: the quick brown fox. ', 'Can you summarise the meeting? '] : ['Was für ein schöner Tag! ', 'Bitte prüf meine Rechtschreibung: Der schnelle braune Fuchs. ', 'Kannst du das Meeting zusammenfassen? ']);
    const hidden = obfuscate(payload.text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss'), how, lang, rng);
    return { ...base, source: 'prompt', carrier: 'direct', spans: [{ start: visible.length, end: visible.length + hidden.length }], text: visible + hidden };
  }
  const text = obfuscate(how === 'typos' ? withTypos(payload.text, rng) : payload.text, how, lang, rng);
  const placed = place(rng, lang, text, carrierFor(payload.kind, rng), filler);
  return { ...base, source: placed.source, carrier: placed.carrier, spans: [{ start: placed.start, end: placed.end }], text: placed.text };
}

function innocentWritten(rng: Rng, lang: Lang, filler: () => string): Omit<IndependentSecuritySample, 'id'> {
  // Half fixed texts written whole, half composed from sentence banks (more variety within a kind).
  const t = rng.chance(0.5) ? writtenInnocent(rng, lang) : composedInnocent(rng, lang);
  // Tool results and web pages are already what a tool returns; prompts and documents sometimes travel in a carrier like attacks do.
  if (t.source === 'tool') return { split: 'independent', lang, source: 'tool', label: 'innocent', kind: t.kind, types: [], spans: [], text: t.text, carrier: 'as_written', origin: 'written' };
  const carrier: Carrier = rng.chance(0.5) ? (t.source === 'prompt' ? 'direct' : 'document') : rng.pick(['summarise_request', 'document', 'email', 'tool_json', 'html', 'footnote', 'csv_cell'] as const);
  const base = { split: 'independent' as const, lang, label: 'innocent' as const, kind: t.kind, types: [], spans: [], origin: 'written' };
  if (carrier === 'document' && t.source === 'document' && rng.chance(0.5)) return { ...base, source: 'document', text: t.text, carrier: 'as_written' };
  const placed = place(rng, lang, t.text, carrier, filler);
  return { ...base, source: placed.source, text: placed.text, carrier: placed.carrier };
}

function innocentReal(e: Excerpt, rng: Rng): Omit<IndependentSecuritySample, 'id'> {
  const kind = e.origin.startsWith('node_modules/') ? 'real_readme' : e.origin.startsWith('/usr/share/man/') ? 'real_manpage' : 'real_debian_doc';
  const base = { split: 'independent' as const, lang: e.lang, label: 'innocent' as const, kind, types: [], spans: [], origin: e.origin };
  // People also paste documentation into a prompt and ask about it.
  if (rng.chance(0.4)) {
    return { ...base, source: 'prompt', text: `${rng.pick(ASK[e.lang])}\n\n${e.text}`, carrier: 'summarise_request' };
  }
  return { ...base, source: 'document', text: e.text, carrier: 'as_written' };
}

export function buildSecuritySet(nodeModules = join(__dirname, '..', 'node_modules')): IndependentSecuritySample[] {
  const out: IndependentSecuritySample[] = [];
  for (const lang of ['en', 'de'] as const) {
    const rng = new Rng(lang === 'en' ? 0x5ec_e17 : 0x5ec_de1);
    const want = REAL_INNOCENT[lang];
    // Real prose: one part is scored as innocent, another part is the benign body attacks hide in.
    const real = [...readmeExcerpts(nodeModules, lang === 'en' ? want.readme * 2 : 0, rng), ...debianDocExcerpts(lang === 'en' ? want.debian * 2 : 0, rng), ...germanManExcerpts(lang === 'de' ? want.man * 2 : 0, rng)];
    const realInnocent = real.filter((_, i) => i % 2 === 0);
    const realBodies = real.filter((_, i) => i % 2 === 1).map((e) => e.text);
    const filler = () => (realBodies.length && rng.chance(0.5) ? rng.pick(realBodies) : rng.pick(FILLER[lang]));
    const seen = new Set<string>();
    const rows: Omit<IndependentSecuritySample, 'id'>[] = [];
    const addUnique = (make: () => Omit<IndependentSecuritySample, 'id'>) => {
      for (let attempt = 0; attempt < 30; attempt++) {
        const s = make();
        if (seen.has(s.text)) continue;
        seen.add(s.text);
        rows.push(s);
        return;
      }
      throw new Error('could not draw a new text in 30 attempts');
    };
    for (let i = 0; i < SECURITY_SET_SIZES[lang].attacks; i++) addUnique(() => attack(rng, lang, filler));
    for (const e of realInnocent) addUnique(() => innocentReal(e, rng));
    while (rows.length < SECURITY_SET_SIZES[lang].attacks + SECURITY_SET_SIZES[lang].innocent) addUnique(() => innocentWritten(rng, lang, filler));
    rows.forEach((r, i) => {
      out.push({ id: `ind-sec-${lang}-${String(i + 1).padStart(4, '0')}`, ...r });
    });
  }
  return out;
}

if (require.main === module) {
  const set = buildSecuritySet();
  const body = toJsonLines(set);
  if (process.argv.includes('--check')) {
    if (readFileSync(SECURITY_SET_FILE, 'utf8') !== body) {
      console.error(`${SECURITY_SET_FILE} differs from a fresh build`);
      process.exitCode = 1;
    }
  } else writeFileSync(SECURITY_SET_FILE, body);
  const count = (f: (s: IndependentSecuritySample) => boolean) => set.filter(f).length;
  console.log(
    `${set.length} texts: ${count((s) => s.label === 'attack')} attacks, ${count((s) => s.label === 'innocent')} innocent; en ${count((s) => s.lang === 'en')}, de ${count((s) => s.lang === 'de')}; ` +
      `real prose ${count((s) => s.origin !== 'written')}; sources ${['prompt', 'document', 'tool'].map((src) => `${src} ${count((s) => s.source === src)}`).join(', ')}`,
  );
}
