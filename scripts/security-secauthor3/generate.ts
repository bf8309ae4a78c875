/**
 * Generates data/security/secauthor3/*.jsonl: innocent gateway traffic at scale (employee prompts from
 * every department, pasted documents, agent tool results, code and config) plus a smaller set of attacks
 * in secauthor3's own words. Seeded (mulberry32) and deterministic: the same code writes the same bytes.
 *
 *   node --import tsx scripts/security-secauthor3/generate.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type AttackKind, DIRECT, EMBEDDED } from './attacks';
import { DOCS_DE, DOCS_EN, type Genre } from './docs';
import { type Lang, type Rng, expand, int, makeRng, pick, spanOf } from './lib';
import { PRODUCT, SVC, slotsFor } from './pools';
import { PASTE_DE, PASTE_EN, PASTE_LOG_DE, PASTE_LOG_EN, PROMPTS_DE, PROMPTS_EN } from './prompts';
import { CODE, NEUTRAL_TOOLS, TOOLS } from './tools';

export const SEED = 20261128;
export const OUT_DIR = path.resolve(__dirname, '../../data/security/secauthor3');

export interface Row {
  id: string;
  split: 'train';
  family: string;
  lang: Lang;
  source: 'prompt' | 'document' | 'tool';
  label: 'attack' | 'benign';
  kind: string;
  types: string[];
  carrier?: string;
  spans?: Array<{ start: number; end: number }>;
  text: string;
}

type Draft = Omit<Row, 'id' | 'split'>;

const x = (rng: Rng, lang: Lang, t: string) => expand(rng, t, slotsFor(lang));

const OPEN_EN = ['', '', '', 'Hi! ', 'Quick question: ', 'Hey, ', 'Morning! ', 'Could you help? '];
const CLOSE_EN = ['', '', '', ' Thanks!', ' Keep it short.', ' Thanks in advance.', ' Bullet points are fine.'];
const OPEN_DE = ['', '', '', 'Hallo! ', 'Kurze Frage: ', 'Moin, ', 'Guten Morgen! ', 'Kannst du helfen? '];
const CLOSE_DE = ['', '', '', ' Danke!', ' Bitte kurz.', ' Vielen Dank vorab.', ' Stichpunkte reichen.'];

const APPENDIX_EN = [
  'Revision history\n{rows}',
  'Distribution list\n{rows}',
  'Contacts and responsibilities\n{rows}',
];
const APPENDIX_DE = ['Änderungshistorie\n{rows}', 'Verteiler\n{rows}', 'Ansprechpersonen und Zuständigkeiten\n{rows}'];
const ROW_EN = ['| {ver} | {date} | {name} | ⟦Initial version|Updated approval limits|Clarified scope|Added contact for {dept}|Editorial changes|Aligned with the new works agreement⟧ |', '| {name} | {dept} | {email} | ⟦owner|reviewer|approver|informed⟧ |'];
const ROW_DE = ['| {ver} | {date} | {name} | ⟦Erstfassung|Genehmigungsgrenzen angepasst|Geltungsbereich präzisiert|Ansprechpartner {dept} ergänzt|Redaktionelle Änderungen⟧ |', '| {name} | {dept} | {email} | ⟦verantwortlich|prüft|genehmigt|informiert⟧ |'];

/** A generated appendix table (revision history, distribution list) that long documents end with. */
function appendix(rng: Rng, lang: Lang): string {
  const row = pick(rng, lang === 'en' ? ROW_EN : ROW_DE);
  const rows = Array.from({ length: int(rng, 10, 22) }, () => x(rng, lang, row)).join('\n');
  return pick(rng, lang === 'en' ? APPENDIX_EN : APPENDIX_DE).replace('{rows}', () => rows);
}

/** A document of one genre: title plus `n` distinct paragraphs in pool order (expanded), optionally an appendix. */
export function buildDoc(rng: Rng, lang: Lang, g: Genre, n: number, insert?: string, withAppendix = false): string {
  const idx = g.paras.map((_, i) => i);
  while (idx.length > n) idx.splice(int(rng, 0, idx.length - 1), 1);
  const paras = idx.map((i) => x(rng, lang, g.paras[i]));
  if (insert) paras.splice(int(rng, 1, paras.length), 0, insert);
  if (withAppendix) paras.push(appendix(rng, lang));
  return `${x(rng, lang, pick(rng, g.title))}\n\n${paras.join('\n\n')}`;
}

/** A long document (most of the pool plus an appendix) or, one time in five, a short excerpt. */
function anyDoc(rng: Rng, lang: Lang, g: Genre, insert?: string): string {
  if (rng() < 0.2) return buildDoc(rng, lang, g, int(rng, 2, 3), insert);
  return buildDoc(rng, lang, g, int(rng, Math.max(2, g.paras.length - 2), g.paras.length), insert, true);
}

class Collector {
  rows: Draft[] = [];
  seen = new Set<string>();
  add(d: Draft): boolean {
    if (this.seen.has(d.text)) return false;
    this.seen.add(d.text);
    this.rows.push(d);
    return true;
  }
}

/** Calls `make` until `n` new rows were added or it keeps producing duplicates. */
function fill(c: Collector, n: number, make: () => Draft): number {
  let added = 0;
  let misses = 0;
  while (added < n && misses < 200) {
    if (c.add(make())) {
      added++;
      misses = 0;
    } else misses++;
  }
  return added;
}

const docsOf = (lang: Lang) => (lang === 'en' ? DOCS_EN : DOCS_DE);

interface Quota {
  prompt: number;
  pasted: number;
  log: number;
  doc: number;
  code: number;
  tool: number;
}

function benign(c: Collector, rng: Rng, lang: Lang, q: Quota): void {
  const prompts = lang === 'en' ? PROMPTS_EN : PROMPTS_DE;
  const [open, close] = lang === 'en' ? [OPEN_EN, CLOSE_EN] : [OPEN_DE, CLOSE_DE];
  // short prompts: one family per template
  prompts.forEach(([kind, t], i) => {
    fill(c, q.prompt, () => ({
      family: `secauthor3-${kind}-${lang}-${i}`,
      lang,
      source: 'prompt',
      label: 'benign',
      kind,
      types: [],
      text: `${pick(rng, open)}${x(rng, lang, t)}${pick(rng, close)}`,
    }));
  });
  const docs = docsOf(lang);
  const genres = Object.keys(docs);
  // pasted documents and logs inside prompts (long)
  const pastes = lang === 'en' ? PASTE_EN : PASTE_DE;
  genres.forEach((genre) => {
    fill(c, q.pasted, () => ({
      family: `secauthor3-pasted-${lang}-${genre}`,
      lang,
      source: 'prompt',
      label: 'benign',
      kind: 'pasted',
      types: [],
      carrier: 'pasted',
      text: pick(rng, pastes).replace('{doc}', () => anyDoc(rng, lang, docs[genre])),
    }));
  });
  fill(c, q.log, () => ({
    family: `secauthor3-pasted-${lang}-log`,
    lang,
    source: 'prompt',
    label: 'benign',
    kind: 'pasted',
    types: [],
    carrier: 'pasted',
    text: pick(rng, lang === 'en' ? PASTE_LOG_EN : PASTE_LOG_DE).replace('{doc}', () => TOOLS[pick(rng, ['log', 'stack_trace', 'shell_output'])](rng, lang)),
  }));
  // documents
  genres.forEach((genre) => {
    fill(c, q.doc, () => ({
      family: `secauthor3-doc-${genre}-${lang}`,
      lang,
      source: 'document',
      label: 'benign',
      kind: genre,
      types: [],
      carrier: `doc_${genre}`,
      text: anyDoc(rng, lang, docs[genre]),
    }));
  });
  CODE.forEach(([name, en, de]) => {
    fill(c, q.code, () => ({
      family: `secauthor3-code-${lang}-${name}`,
      lang,
      source: 'document',
      label: 'benign',
      kind: 'code',
      types: [],
      carrier: 'doc_code',
      // one service and one product per file, so names agree within the snippet
      text: expand(rng, lang === 'en' ? en : de, { ...slotsFor(lang), svc: [pick(rng, SVC)], product: [pick(rng, PRODUCT)] }),
    }));
  });
  // tool results
  for (const [name, build] of Object.entries(TOOLS)) {
    if (lang !== 'en' && NEUTRAL_TOOLS.has(name)) continue;
    fill(c, q.tool, () => ({
      family: `secauthor3-tool-${name}-${lang}`,
      lang,
      source: 'tool',
      label: 'benign',
      kind: name,
      types: [],
      carrier: `tool_${name}`,
      text: build(rng, lang),
    }));
  }
}

/** Tool builders that take a free-text note where an injection can sit. */
const NOTE_TOOLS = ['crm_record', 'search_results', 'sql_result', 'calendar', 'jira_issue', 'github_pr', 'slack_thread', 'support_transcript'];

function attackDraft(kind: string, k: AttackKind, lang: Lang, n: number, source: Draft['source'], text: string, part: string, carrier?: string): Draft {
  // the span is the part as it appears in the text: verbatim, or JSON-escaped inside a JSON tool result
  const shown = text.includes(part) ? part : JSON.stringify(part).slice(1, -1);
  if (text.indexOf(shown) !== text.lastIndexOf(shown)) throw new Error('attack part occurs twice');
  const span = spanOf(text, shown);
  const d: Draft = { family: `secauthor3-${kind}-${lang}-${n}`, lang, source, label: 'attack', kind, types: [...k.types], text };
  if (carrier) d.carrier = carrier;
  d.spans = [span];
  return d;
}

const FRAME_EN = ['{a}', '{a}', 'Hi. {a}', 'ok so. {a}', '{a} Go.', 'Listen carefully. {a}', '{a} This is urgent.'];
const FRAME_DE = ['{a}', '{a}', 'Hallo. {a}', 'Also gut. {a}', '{a} Los.', 'Hör genau zu. {a}', '{a} Das ist dringend.'];

function attacks(c: Collector, rng: Rng, lang: Lang, bare: number, carried: number): void {
  const docs = docsOf(lang);
  const genres = Object.keys(docs);
  const pastes = lang === 'en' ? PASTE_EN : PASTE_DE;
  const frames = lang === 'en' ? FRAME_EN : FRAME_DE;
  for (const [kind, k] of Object.entries(DIRECT)) {
    k[lang].forEach((sentence, n) => {
      // bare: the whole prompt is the attack
      fill(c, bare, () => {
        const text = pick(rng, frames).replace('{a}', () => x(rng, lang, sentence));
        return attackDraft(kind, k, lang, n, 'prompt', text, text);
      });
      // after a pasted document: the span is the attack sentence only
      fill(c, 3, () => {
        const a = x(rng, lang, sentence);
        const doc = anyDoc(rng, lang, docs[pick(rng, genres)]);
        const text = `${pick(rng, pastes).replace('{doc}', () => doc)}\n\n${a}`;
        return attackDraft(kind, k, lang, n, 'prompt', text, a, 'pasted');
      });
    });
  }
  for (const [kind, k] of Object.entries(EMBEDDED)) {
    k[lang].forEach((sentence, n) => {
      fill(c, carried, () => {
        const a = x(rng, lang, sentence);
        const genre = pick(rng, genres);
        return attackDraft(kind, k, lang, n, 'document', anyDoc(rng, lang, docs[genre], a), a, `doc_${genre}`);
      });
      fill(c, carried, () => {
        const a = x(rng, lang, sentence);
        const tool = pick(rng, NOTE_TOOLS);
        return attackDraft(kind, k, lang, n, 'tool', TOOLS[tool](rng, lang, a), a, `tool_${tool}`);
      });
      fill(c, 3, () => {
        const a = x(rng, lang, sentence);
        const doc = anyDoc(rng, lang, docs[pick(rng, genres)], a);
        return attackDraft(kind, k, lang, n, 'prompt', pick(rng, pastes).replace('{doc}', () => doc), a, 'pasted');
      });
    });
  }
}

export function buildSecauthor3(): Row[] {
  const rng = makeRng(SEED);
  const b = new Collector();
  benign(b, rng, 'en', { prompt: 13, pasted: 34, log: 40, doc: 62, code: 16, tool: 46 });
  benign(b, rng, 'de', { prompt: 12, pasted: 22, log: 30, doc: 42, code: 11, tool: 42 });
  const a = new Collector();
  attacks(a, rng, 'en', 5, 7);
  attacks(a, rng, 'de', 5, 7);
  const rows: Row[] = [];
  let i = 0;
  for (const d of [...b.rows, ...a.rows]) {
    if (b.seen.has(d.text) && d.label === 'attack') continue; // never the same text under both labels
    rows.push({ id: `secauthor3-${String(++i).padStart(5, '0')}`, split: 'train', ...d });
  }
  return rows;
}

export function secauthor3Files(rows: Row[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, label] of [
    ['benign.jsonl', 'benign'],
    ['attacks.jsonl', 'attack'],
  ]) {
    out[name] = rows
      .filter((r) => r.label === label)
      .map((r) => `${JSON.stringify(r)}\n`)
      .join('');
  }
  return out;
}

if (process.argv[1]?.endsWith(path.join('security-secauthor3', 'generate.ts'))) {
  const files = secauthor3Files(buildSecauthor3());
  mkdirSync(OUT_DIR, { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(OUT_DIR, name), content);
  console.log(Object.entries(files).map(([n, c]) => `${n}: ${c.split('\n').length - 1} lines`).join('\n'));
}
