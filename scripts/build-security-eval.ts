/**
 * Builds the labelled security evaluation set: data/security/train.jsonl and heldout.jsonl, one
 * prompt per line as {id, split, lang, source, label, kind, family, types, obfuscation?, spans?, text}.
 *
 *   npm run build:security-eval        (seeded per family: the same files on every run)
 *
 * Honesty rules, so the set measures the scanner instead of replaying it:
 * - the grammars here (scripts/security-eval/*) were written before the scanner's rules and import
 *   nothing from domain/security;
 * - the split is by template family, never by row: every held-out sample comes from a grammar,
 *   document type, tool envelope, obfuscation or goal phrase the training part does not contain;
 * - innocent prompts are chosen to look risky (security questions, code with "ignore", role play,
 *   "please disregard my previous email", policies that say "never reveal", developer mode on
 *   phones, markdown with ordinary query strings, emoji with joiners and tag characters).
 * The scanner's classifier trains on train.jsonl only; held-out is for bench/security.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ATTACKS_DE, GOALS_DE, SLOTS_DE } from './security-eval/attacks-de';
import { ATTACKS_EN, GOALS_EN, SLOTS_EN } from './security-eval/attacks-en';
import { BENIGN_FAMILIES, BENIGN_TRAIN_EXTRA } from './security-eval/benign';
import { DOC_SLOTS_DE, DOC_SLOTS_EN, DOC_TYPES, type DocType } from './security-eval/documents';
import {
  adversarialSuffix,
  benignEncoded,
  benignRepetitive,
  benignTranscript,
  CODE_ASKS,
  CODE_SNIPPETS,
  flood,
  manyShot,
  OBFUSCATIONS,
  obfuscate,
  toolEnvelope,
} from './security-eval/extras';
import { cap, chance, expand, int, pick, type Rng, rng, say, seedOf, type Slots } from './security-eval/grammar';
import { ATTACKS_R2, BENIGN_R2, DOC_TYPES_R2, GOALS_R2, GOALS_R2_DE } from './security-eval/round2';
import { R3_FAMILIES } from './security-eval/round3';
import { type AttackFamily, type CheckType, KIND_TYPES, type Lang, type Sample, type Source, type Split } from './security-eval/types';

const PER_ATTACK_FAMILY = 18;
const PER_BENIGN_FAMILY = 32;

const samples: Sample[] = [];
const seen = new Set<string>();

function add(s: Omit<Sample, 'id'>, idx: number): boolean {
  if (seen.has(s.text)) return false;
  seen.add(s.text);
  samples.push({ id: `${s.family}-${idx}`, ...s });
  return true;
}

/** Runs `make` until `count` distinct samples came out (or 6x the attempts, for small grammars). */
function fill(family: string, count: number, make: (r: Rng, i: number) => Omit<Sample, 'id'> | null): void {
  const r = rng(seedOf(family));
  let made = 0;
  for (let attempt = 0; made < count && attempt < count * 6; attempt++) {
    const s = make(r, made);
    if (s && add(s, made)) made++;
  }
}

// ------------------------------------------------------------------ documents
function docSlots(lang: 'en' | 'de'): Slots {
  return lang === 'en' ? DOC_SLOTS_EN : DOC_SLOTS_DE;
}

/** A document as parts (title, opening, sentences in paragraphs, closing). */
function makeDoc(r: Rng, t: DocType, sentences: number): string[] {
  const slots = docSlots(t.lang);
  const pool = t.sentences.slice();
  const body: string[] = [];
  for (let i = 0; i < sentences && pool.length; i++) body.push(say(pool.splice(Math.floor(r() * pool.length), 1)[0]!, r, slots));
  const parts = [say(pick(r, t.title), r, slots)];
  if (t.open) parts.push(say(pick(r, t.open), r, slots));
  parts.push(...body);
  if (t.close) parts.push(say(pick(r, t.close), r, slots));
  return parts;
}

function joinDoc(parts: string[], r: Rng): string {
  // Title and opening on their own lines; body sentences grouped into paragraphs of 1-4.
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    if (i === 0) out = parts[0]!;
    else out += i <= 2 || chance(r, 0.3) ? `\n\n${parts[i]}` : ` ${parts[i]}`;
  }
  return out;
}

/** Builds a document with `payload` inserted at a random sentence boundary; returns text and span. */
function docWith(r: Rng, t: DocType, sentences: number, payload: string | null): { text: string; start: number; end: number; carrier: string } {
  const parts = makeDoc(r, t, sentences);
  if (payload === null) return { text: joinDoc(parts, r), start: -1, end: -1, carrier: t.id };
  const MARK = '\u0001';
  const at = int(r, 1, parts.length);
  parts.splice(at, 0, MARK);
  const joined = joinDoc(parts, r);
  const start = joined.indexOf(MARK);
  return { text: joined.slice(0, start) + payload + joined.slice(start + 1), start, end: start + payload.length, carrier: t.id };
}

// Round-2 document types are used only by round-2 families (round2 = true), so every earlier
// sample stays exactly as it was.
let round2 = false;
const docTypes = (lang: 'en' | 'de', split: Split) => [...DOC_TYPES, ...(round2 ? DOC_TYPES_R2 : [])].filter((d) => d.lang === lang && d.split === split);

// ------------------------------------------------------------------ attack payloads
function slotsFor(lang: Lang, split: Split, r: Rng): { slots: Slots; extract: boolean } {
  const base = lang === 'de' ? SLOTS_DE : lang === 'en' ? SLOTS_EN : chance(r, 0.5) ? SLOTS_EN : SLOTS_DE;
  const goalsLang = lang === 'mixed' ? (chance(r, 0.5) ? GOALS_EN : GOALS_DE) : lang === 'de' ? GOALS_DE : GOALS_EN;
  const extract = chance(r, 0.3);
  let pool = extract ? goalsLang.extract[split] : goalsLang.hijack[split];
  if (round2) {
    // Round-2 families: training ones add new goals to the training pools; dev ones use dev goals only.
    const r2 = goalsLang === GOALS_DE ? GOALS_R2_DE : GOALS_R2;
    const extra = (extract ? r2.extract : r2.hijack)[split] ?? [];
    pool = split === 'dev' ? extra : [...(pool ?? []), ...extra];
  }
  return { slots: { ...base, goal: pool!, goal_s: pool!.map((g) => `${cap(g)}.`) }, extract };
}

function payloadOf(f: AttackFamily, r: Rng): { text: string; types: CheckType[] } {
  const { slots, extract } = slotsFor(f.lang, f.split, r);
  const text = say(f.grammar, r, slots);
  const types = new Set<CheckType>(KIND_TYPES[f.kind]);
  if (extract && f.grammar.includes('<goal')) types.add('data_extraction');
  if (f.kind === 'mixed_language' && /system ?prompt|systemprompt/i.test(text)) types.add('data_extraction');
  return { text, types: [...types] };
}

const TASKS = {
  en: ['Summarize this {email|document|page} for me:', 'Translate the following text into French:', 'Please proofread this:', 'What is the main point of this text?', 'Extract the action items from this:'],
  de: ['Fasse {diese E-Mail|dieses Dokument|diese Seite} zusammen:', 'Übersetze den folgenden Text ins Englische:', 'Korrigiere bitte diesen Text:', 'Was ist die Kernaussage dieses Textes?', 'Extrahiere die Aufgaben aus diesem Text:'],
};

type Carrier = 'bare' | 'task' | 'prompt_doc' | 'document' | 'tool';
const DIRECT: Carrier[] = ['bare', 'bare', 'task', 'prompt_doc', 'document', 'tool'];
const CARRIERS: Partial<Record<AttackFamily['kind'], Carrier[]>> = {
  indirect: ['prompt_doc', 'document', 'document', 'tool', 'tool'],
  exfil_link: ['bare', 'prompt_doc', 'document', 'tool'],
  persona: ['bare'],
  hypothetical: ['bare'],
  prompt_leak: ['bare', 'bare', 'bare', 'task', 'document'],
  secret_leak: ['bare', 'bare', 'bare', 'document', 'tool'],
};

/** Puts an attack payload into a carrier; returns the sample text, its source and the payload span. */
function carry(r: Rng, carrier: Carrier, lang: 'en' | 'de', split: Split, payload: string): { text: string; source: Source; start: number; end: number; carrier?: string } {
  const slots = docSlots(lang);
  switch (carrier) {
    case 'bare':
      return { text: payload, source: 'prompt', start: 0, end: payload.length };
    case 'task': {
      const task = say(pick(r, TASKS[lang]), r, slots);
      const text = `${task}\n\n${payload}`;
      return { text, source: 'prompt', start: task.length + 2, end: text.length };
    }
    case 'prompt_doc': {
      const task = say(pick(r, TASKS[lang]), r, slots);
      const d = docWith(r, pick(r, docTypes(lang, split)), int(r, 3, 9), payload);
      const off = task.length + 2;
      return { text: `${task}\n\n${d.text}`, source: 'prompt', start: d.start + off, end: d.end + off, carrier: d.carrier };
    }
    case 'document': {
      const d = docWith(r, pick(r, docTypes(lang, split)), int(r, 4, 14), payload);
      return { text: d.text, source: 'document', start: d.start, end: d.end, carrier: d.carrier };
    }
    case 'tool': {
      const d = docWith(r, pick(r, docTypes(lang, split)), int(r, 1, 4), payload);
      const env = toolEnvelope(r, split, lang, d.text);
      // The payload's span inside the escaped body: escape the prefix to find the offset.
      const pre = JSON.stringify(d.text.slice(0, d.start)).length - 2;
      const len = JSON.stringify(payload).length - 2;
      return { text: env.text, source: 'tool', start: env.start + pre, end: env.start + pre + len, carrier: d.carrier };
    }
  }
}

const ALL_ATTACKS = [...ATTACKS_EN, ...ATTACKS_DE];

for (const f of ALL_ATTACKS) {
  fill(f.id, PER_ATTACK_FAMILY, (r) => {
    const p = payloadOf(f, r);
    const lang: 'en' | 'de' = f.lang === 'mixed' ? pick(r, ['en', 'de'] as const) : f.lang;
    const c = carry(r, pick(r, CARRIERS[f.kind] ?? DIRECT), lang, f.split, p.text);
    return { split: f.split, lang: f.lang, source: c.source, label: 'attack', kind: f.kind, family: f.id, types: p.types, ...(f.split !== 'heldout' && c.carrier ? { carrier: c.carrier } : {}), spans: [{ start: c.start, end: c.end }], text: c.text };
  });
}

// ------------------------------------------------------------------ obfuscated attacks (payloads of the same split, hidden)
for (const split of ['train', 'heldout'] as const) {
  const sources = ALL_ATTACKS.filter((f) => f.split === split && f.lang !== 'mixed' && ['override', 'role_hijack', 'prompt_leak', 'secret_leak', 'persona', 'hypothetical'].includes(f.kind));
  for (const ob of OBFUSCATIONS[split]) {
    for (const lang of ['en', 'de'] as const) {
      const family = `obf-${ob}-${lang}-${split}`;
      fill(family, split === 'train' ? 24 : 16, (r) => {
        const f = pick(r, sources.filter((s) => s.lang === lang));
        const p = payloadOf(f, r);
        const o = obfuscate(r, split, lang, ob, p.text);
        const hidden = o.hint ? `${o.hint} ${o.text}` : o.text;
        const types = [...new Set<CheckType>([...p.types, 'injection'])];
        // Tag characters ride invisibly on an innocent visible prompt; the rest sometimes sits in a document.
        let text: string;
        let source: Source = 'prompt';
        let start: number;
        if (ob === 'tags') {
          const visible = say(pick(r, (lang === 'en' ? SLOTS_EN : SLOTS_DE).benign_q!), r, {});
          text = chance(r, 0.5) ? visible + hidden : hidden + visible;
          start = text.indexOf(hidden);
        } else if (chance(r, 0.3)) {
          const d = docWith(r, pick(r, docTypes(lang, split)), int(r, 3, 8), hidden);
          text = d.text;
          source = 'document';
          start = d.start;
        } else {
          text = hidden;
          start = 0;
        }
        return { split, lang, source, label: 'attack', kind: f.kind, family, types, obfuscation: ob, spans: [{ start, end: start + hidden.length }], text };
      });
    }
  }
}

// ------------------------------------------------------------------ many-shot, adversarial suffixes, flooding
for (const split of ['train', 'heldout'] as const) {
  for (const lang of ['en', 'de'] as const) {
    const slots = lang === 'en' ? SLOTS_EN : SLOTS_DE;
    const harm = (r: Rng) => expand(pick(r, slots.harm_q!), r, slots);
    fill(`many-shot-${lang}-${split}`, split === 'train' ? 30 : 20, (r) => {
      const qs = Array.from({ length: 8 }, () => harm(r));
      const text = manyShot(r, split, lang, qs, harm(r));
      return { split, lang, source: 'prompt', label: 'attack', kind: 'many_shot', family: `many-shot-${lang}-${split}`, types: ['jailbreak'], spans: [{ start: 0, end: text.length }], text };
    });
    fill(`adv-suffix-${lang}-${split}`, split === 'train' ? 24 : 16, (r) => {
      const text = `${harm(r)} ${adversarialSuffix(r, split)}`;
      return { split, lang, source: 'prompt', label: 'attack', kind: 'adversarial_suffix', family: `adv-suffix-${lang}-${split}`, types: ['jailbreak'], spans: [{ start: 0, end: text.length }], text };
    });
    fill(`flood-${lang}-${split}`, split === 'train' ? 20 : 14, (r) => {
      const src = pick(r, ALL_ATTACKS.filter((f) => f.split === split && f.lang === lang && f.kind === 'override'));
      const p = payloadOf(src, r);
      const fl = flood(r, split, lang, p.text);
      const types = [...new Set<CheckType>(['size_analysis', ...p.types])];
      return { split, lang, source: 'prompt', label: 'attack', kind: 'flooding', family: `flood-${lang}-${split}`, types, spans: [{ start: fl.start, end: fl.text.length }], text: fl.text };
    });
  }
}

// ------------------------------------------------------------------ innocent prompts
for (const b of BENIGN_FAMILIES) {
  const grammars = Array.isArray(b.grammar) ? b.grammar : [b.grammar];
  fill(b.id, PER_BENIGN_FAMILY, (r) => {
    const text = say(pick(r, grammars), r, {});
    return { split: b.split, lang: b.lang, source: b.source, label: 'benign', kind: b.kind, family: b.id, types: [], text };
  });
}

for (const split of ['train', 'heldout'] as const) {
  for (const lang of ['en', 'de'] as const) {
    const benign = (kind: string, family: string, count: number, make: (r: Rng) => { text: string; source?: Source; carrier?: string }) =>
      fill(family, count, (r) => {
        const m = make(r);
        return { split, lang, source: m.source ?? 'prompt', label: 'benign', kind, family, types: [], ...(split !== 'heldout' && m.carrier ? { carrier: m.carrier } : {}), text: m.text };
      });
    benign('code', `code-${lang}-${split}`, 40, (r) => ({ text: `${say(pick(r, CODE_ASKS[lang]), r, {})}\n\n\`\`\`\n${pick(r, CODE_SNIPPETS[split])}\n\`\`\`` }));
    benign('encoded_benign', `encoded-${lang}-${split}`, 24, (r) => ({ text: benignEncoded(r, split, lang) }));
    benign('repetitive', `repetitive-${lang}-${split}`, 20, (r) => ({ text: benignRepetitive(r, split, lang) }));
    benign('transcript', `transcript-${lang}-${split}`, 24, (r) => ({ text: benignTranscript(r, split, lang) }));
    // Long documents on their own (attachments), 1-4 KB: one or two documents of the split's types.
    benign('long_document', `longdoc-${lang}-${split}`, 100, (r) => {
      const types = docTypes(lang, split);
      const first = docWith(r, pick(r, types), int(r, 6, 14), null);
      let text = first.text;
      if (chance(r, 0.5)) text += `\n\n${docWith(r, pick(r, types), int(r, 6, 14), null).text}`;
      return { text, source: 'document', carrier: first.carrier };
    });
    benign('prompt_document', `promptdoc-${lang}-${split}`, 60, (r) => {
      const task = say(pick(r, TASKS[lang]), r, docSlots(lang));
      const d = docWith(r, pick(r, docTypes(lang, split)), int(r, 3, 10), null);
      return { text: `${task}\n\n${d.text}`, carrier: d.carrier };
    });
    benign('tool_result', `tool-${lang}-${split}`, 60, (r) => {
      const d = docWith(r, pick(r, docTypes(lang, split)), int(r, 1, 4), null);
      return { text: toolEnvelope(r, split, lang, d.text).text, source: 'tool', carrier: d.carrier };
    });
  }
}

// Training-only innocent families added after the first classifier run (appended last, so every
// earlier sample, and the whole held-out part, stays exactly as it was).
for (const b of BENIGN_TRAIN_EXTRA) {
  const grammars = Array.isArray(b.grammar) ? b.grammar : [b.grammar];
  fill(b.id, 40, (r) => ({ split: b.split, lang: b.lang, source: b.source, label: 'benign', kind: b.kind, family: b.id, types: [], text: say(pick(r, grammars), r, {}) }));
}

// ------------------------------------------------------------------ round 2 (training additions and the dev part)
round2 = true;
for (const f of ATTACKS_R2) {
  fill(f.id, f.split === 'dev' ? 14 : PER_ATTACK_FAMILY, (r) => {
    const p = payloadOf(f, r);
    const lang: 'en' | 'de' = f.lang === 'mixed' ? pick(r, ['en', 'de'] as const) : f.lang;
    const c = carry(r, pick(r, CARRIERS[f.kind] ?? DIRECT), lang, f.split, p.text);
    return { split: f.split, lang: f.lang, source: c.source, label: 'attack', kind: f.kind, family: f.id, types: p.types, ...(c.carrier ? { carrier: c.carrier } : {}), spans: [{ start: c.start, end: c.end }], text: c.text };
  });
}
for (const b of BENIGN_R2) {
  const grammars = Array.isArray(b.grammar) ? b.grammar : [b.grammar];
  fill(b.id, b.split === 'dev' ? 24 : 40, (r) => ({ split: b.split, lang: b.lang, source: b.source, label: 'benign', kind: b.kind, family: b.id, types: [], text: say(pick(r, grammars), r, {}) }));
}
for (const split of ['train', 'dev'] as const) {
  for (const lang of ['en', 'de'] as const) {
    const types = DOC_TYPES_R2.filter((d) => d.lang === lang && d.split === split);
    fill(`r2-longdoc-${lang}-${split}`, 60, (r) => {
      const a = docWith(r, pick(r, types), int(r, 5, 12), null);
      const text = chance(r, 0.4) ? `${a.text}\n\n${docWith(r, pick(r, types), int(r, 5, 12), null).text}` : a.text;
      return { split, lang, source: 'document', label: 'benign', kind: 'long_document', family: `r2-longdoc-${lang}-${split}`, types: [], carrier: a.carrier, text };
    });
    fill(`r2-tool-${lang}-${split}`, 30, (r) => {
      const d = docWith(r, pick(r, types), int(r, 1, 4), null);
      return { split, lang, source: 'tool', label: 'benign', kind: 'tool_result', family: `r2-tool-${lang}-${split}`, types: [], carrier: d.carrier, text: toolEnvelope(r, split, lang, d.text).text };
    });
    if (split === 'dev') {
      fill(`dev-promptdoc-${lang}`, 30, (r) => {
        const d = docWith(r, pick(r, types), int(r, 3, 8), null);
        return { split, lang, source: 'prompt', label: 'benign', kind: 'prompt_document', family: `dev-promptdoc-${lang}`, types: [], carrier: d.carrier, text: `${say(pick(r, TASKS[lang]), r, docSlots(lang))}\n\n${d.text}` };
      });
      // Dev obfuscations hide dev payloads.
      const sources = ATTACKS_R2.filter((f) => f.split === 'dev' && f.lang === lang && ['override', 'prompt_leak', 'secret_leak', 'persona', 'hypothetical'].includes(f.kind));
      for (const ob of OBFUSCATIONS.dev) {
        const family = `obf-${ob}-${lang}-dev`;
        fill(family, 8, (r) => {
          const f = pick(r, sources);
          const p = payloadOf(f, r);
          const o = obfuscate(r, 'dev', lang, ob, p.text);
          const text = o.hint ? `${o.hint} ${o.text}` : o.text;
          return { split, lang, source: 'prompt', label: 'attack', kind: f.kind, family, types: [...new Set<CheckType>([...p.types, 'injection'])], obfuscation: ob, spans: [{ start: 0, end: text.length }], text };
        });
      }
    }
  }
}

// ------------------------------------------------------------------ round 3 (training only)
// Attacks and innocent look-alikes composed from shared phrase banks (scripts/security-eval/round3.ts),
// appended last: every earlier sample, the dev part and the held-out part stay byte-identical.
for (const f of R3_FAMILIES) {
  fill(f.id, f.count, (r) => ({ split: 'train', family: f.id, ...f.make(r) }));
}

// ------------------------------------------------------------------ write
const dir = join(__dirname, '..', 'data', 'security');
mkdirSync(dir, { recursive: true });
for (const split of ['train', 'heldout', 'dev'] as const) {
  const rows = samples.filter((s) => s.split === split);
  writeFileSync(join(dir, `${split}.jsonl`), `${rows.map((s) => JSON.stringify(s)).join('\n')}\n`);
  const attacks = rows.filter((s) => s.label === 'attack').length;
  console.log(`${split}: ${rows.length} prompts (${attacks} attacks, ${rows.length - attacks} innocent; ${rows.filter((s) => s.lang === 'en').length} en, ${rows.filter((s) => s.lang === 'de').length} de, ${rows.filter((s) => s.lang === 'mixed').length} mixed)`);
}
