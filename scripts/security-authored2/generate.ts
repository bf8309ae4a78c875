/**
 * Builds data/security/authored2/*.jsonl from the hand-written pieces in this folder.
 * Seeded (mulberry32, seed 20261129) and deterministic.
 *
 *   node --import tsx scripts/security-authored2/generate.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { attacksDeParts, attacksEnParts } from './attack-sets';
import { codeSwitchAttacks } from './attacks-de';
import { benignDe, pasteParagraphsDe, pasteRequestsDe } from './benign-de';
import { benignEn, pasteParagraphsEn, pasteRequestsEn } from './benign-en';
import { benignExtraDe, benignExtraEn } from './benign-extra';
import { longSetupsDe, longSetupsEn } from './benign-long';
import { benignMoreDe, benignMoreEn } from './benign-more';
import { benignNotes, carrierBuilders } from './carriers';
import { type Rng, casual, chance, expand, makeRng, pick, shuffle, spanOf } from './lib';
import { type AttackKind, type Lang, type Record2, TYPES_OF } from './types';

export const SEED = 20261129;

type Draft = Omit<Record2, 'id' | 'split'>;

class Collector {
  readonly rows: Draft[] = [];
  private readonly seen = new Set<string>();
  add(d: Draft): boolean {
    if (this.seen.has(d.text)) return false;
    this.seen.add(d.text);
    this.rows.push(d);
    return true;
  }
}

/** Round-robin over templates, adding new distinct expansions until `target` lines or no progress. */
function fillFromTemplates(rng: Rng, out: Collector, items: Array<{ tpl: string; make: (text: string) => Draft }>, target: number, style: (s: string) => string): number {
  let added = 0;
  for (let round = 0; round < 12 && added < target; round++) {
    let progress = false;
    for (const it of items) {
      if (added >= target) break;
      const text = style(expand(rng, it.tpl));
      if (out.add(it.make(text))) {
        added++;
        progress = true;
      }
    }
    if (!progress) break;
  }
  return added;
}

const prefixesEn = ['', '', '', 'hey ', 'hi! ', 'quick question: ', 'pls ', 'ok so ', 'Hello, '];
const prefixesDe = ['', '', '', 'hey ', 'hallo! ', 'kurze frage: ', 'bitte ', 'also ', 'Guten Tag, '];
const suffixes = ['', '', '', ' thx', ' 🙏', ' :)', ' !!', ' ?'];
const suffixesDe = ['', '', '', ' danke', ' 🙏', ' :)', ' !!', ' lg'];

function styler(rng: Rng, lang: 'en' | 'de'): (s: string) => string {
  return (s) => {
    let t = s;
    if (chance(rng, 0.35)) t = casual(rng, t);
    if (!t.includes('\n') && chance(rng, 0.3)) {
      const prefix = pick(rng, lang === 'en' ? prefixesEn : prefixesDe);
      // after "Guten Tag, " or "Hello, " the sentence goes on in lower case, unless it starts with a shouted word
      t = prefix.endsWith(', ') && !/^[A-ZÄÖÜ]{2}/.test(t) ? prefix + t.charAt(0).toLowerCase() + t.slice(1) : prefix + t;
    }
    if (!t.includes('\n') && chance(rng, 0.2)) {
      const suffix = pick(rng, lang === 'en' ? suffixes : suffixesDe);
      if (!(suffix === ' ?' && /[?!]$/.test(t))) t = t + suffix;
    }
    return t.trim();
  };
}

function benign(out: Collector, rng: Rng, lang: 'en' | 'de', target: number): void {
  const pools = lang === 'en' ? [benignEn, benignExtraEn, benignMoreEn] : [benignDe, benignExtraDe, benignMoreDe];
  const items = pools.flatMap((pool) => Object.entries(pool)).flatMap(([kind, tpls]) =>
    tpls.map((tpl, i) => ({
      tpl,
      make: (text: string): Draft => ({ family: `authored2-${kind}-${lang}-${i}`, lang, source: 'prompt', label: 'benign', kind, types: [], text }),
    })),
  );
  shuffle(rng, items);
  const start = out.rows.length;
  fillFromTemplates(rng, out, items, Math.round(target * 0.54), styler(rng, lang));
  // long pastes
  const reqs = lang === 'en' ? pasteRequestsEn : pasteRequestsDe;
  const paras = lang === 'en' ? pasteParagraphsEn : pasteParagraphsDe;
  const pasteTarget = Math.round(target * 0.12);
  for (let n = 0, guard = 0; n < pasteTarget && guard < pasteTarget * 5; guard++) {
    const k = 1 + Math.floor(rng() * 10);
    const chosen = shuffle(rng, paras.slice()).slice(0, k);
    const text = `${pick(rng, reqs)}\n\n${chosen.join('\n\n')}`;
    if (out.add({ family: `authored2-pasted-${lang}`, lang, source: 'prompt', label: 'benign', kind: 'pasted_text', types: [], carrier: 'pasted', text })) n++;
  }
  // long role-play / tutoring / app set-ups shaped like jailbreaks, harmless
  const setupTarget = out.rows.length + Math.round(target * 0.09);
  const L = lang === 'en' ? longSetupsEn : longSetupsDe;
  for (let guard = 0; out.rows.length < setupTarget && guard < 3000; guard++) {
    const introIdx = Math.floor(rng() * L.intros.length);
    const fit = L.fit[introIdx];
    const rules = L.rules.filter((_r, i) => i !== L.ownRule || introIdx === L.ownRuleIntro);
    const parts = [L.intros[introIdx], ...shuffle(rng, rules).slice(0, 1 + Math.floor(rng() * 5))];
    if (introIdx === L.ownRuleIntro && !parts.includes(L.rules[L.ownRule])) parts.push(L.rules[L.ownRule]);
    if (fit.formats.length && chance(rng, 0.7)) parts.push(L.formats[pick(rng, fit.formats)]);
    if (fit.points.length && chance(rng, 0.6)) parts.push(L.points[pick(rng, fit.points)]);
    parts.push(pick(rng, L.closings));
    const text = parts.join(chance(rng, 0.5) ? '\n\n' : ' ').replaceAll('{N}', L.names[introIdx]).replaceAll('{Q}', L.questions[introIdx]);
    out.add({ family: `authored2-long_setup-${lang}-${introIdx}`, lang, source: 'prompt', label: 'benign', kind: 'long_setup', types: [], text });
  }
  // the same task wrappers the attacks use, around an innocent text (sometimes with a harmless note)
  const A = lang === 'en' ? attacksEnParts : attacksDeParts;
  const taskTarget = out.rows.length + Math.round(target * 0.1);
  for (let guard = 0; out.rows.length < taskTarget && guard < 3000; guard++) {
    const [carrier, wrapper] = pick(rng, A.tasks);
    const w = expand(rng, wrapper);
    const extra = chance(rng, 0.6) ? ` ${pick(rng, benignNotes[lang])}` : '';
    const text = `${w}${pick(rng, A.taskTexts)}${extra}${w.endsWith('"') ? '"' : ''}`;
    out.add({ family: `authored2-task_text-${lang}`, lang, source: 'prompt', label: 'benign', kind: 'task_text', types: [], carrier, text });
  }
  // carriers without injection
  while (out.rows.length - start < target) {
    const c = pick(rng, carrierBuilders)(rng, lang);
    out.add({ family: `authored2-${c.carrier}-${lang}`, lang, source: c.source, label: 'benign', kind: `doc_${c.carrier}`, types: [], carrier: c.carrier, text: c.text });
  }
}

function attackDraft(lang: Lang, kind: AttackKind, family: string, text: string, part: string | undefined, extra: Partial<Draft> = {}): Draft {
  const spans = [part === undefined ? { start: 0, end: text.length } : spanOf(text, part)];
  if (part === undefined && text !== text.trim()) throw new Error('bare attack with surrounding whitespace');
  return { family, lang, source: 'prompt', label: 'attack', kind, types: TYPES_OF[kind], spans, text, ...extra };
}

function attacks(out: Collector, rng: Rng, lang: 'en' | 'de', target: number): void {
  const A = lang === 'en' ? attacksEnParts : attacksDeParts;
  const start = out.rows.length;
  const count = () => out.rows.length - start;
  const style = styler(rng, lang);
  // 1. short attacks, bare
  const shortItems = A.short.map(([kind, tpl], i) => ({
    tpl,
    make: (text: string) => attackDraft(lang, kind, `authored2-${kind}-${lang}-${i}`, text, undefined),
  }));
  fillFromTemplates(rng, out, shortItems, Math.round(target * 0.2), style);
  // 2. hypothetical wrappers and payload splitting, bare
  const hypo = A.hypothetical.map((tpl, i) => ({ tpl, make: (t: string) => attackDraft(lang, 'hypothetical', `authored2-hypothetical-${lang}-${i}`, t, undefined) }));
  fillFromTemplates(rng, out, hypo, Math.round(target * 0.05), style);
  const split = A.split.map((tpl, i) => ({ tpl, make: (t: string) => attackDraft(lang, 'payload_split', `authored2-payload_split-${lang}-${i}`, t, undefined) }));
  fillFromTemplates(rng, out, split, Math.round(target * 0.025), (s) => s);
  // 3. long jailbreak set-ups
  const jbTarget = count() + Math.round(target * 0.2);
  for (let guard = 0; count() < jbTarget && guard < 2000; guard++) {
    const jb = A.jailbreak;
    const name = pick(rng, jb.names);
    const introIdx = Math.floor(rng() * jb.intros.length);
    const parts = [jb.intros[introIdx]];
    const rules = shuffle(rng, jb.rules.slice()).slice(0, 1 + Math.floor(rng() * 4));
    parts.push(...rules);
    parts.push(...shuffle(rng, jb.extras.slice()).slice(0, Math.floor(rng() * 4)));
    if (chance(rng, 0.7)) parts.push(pick(rng, jb.formats));
    if (chance(rng, 0.6)) parts.push(...shuffle(rng, jb.pressure.slice()).slice(0, 1 + Math.floor(rng() * 2)));
    parts.push(pick(rng, jb.closings));
    let text = parts.join(chance(rng, 0.5) ? '\n\n' : ' ').replaceAll('{N}', name).replaceAll('{Q}', pick(rng, jb.questions));
    if (chance(rng, 0.15)) text = text.toLowerCase();
    if (text.length < 500 || text.length > 3000) continue;
    out.add(attackDraft(lang, 'jailbreak_roleplay', `authored2-jailbreak_roleplay-${lang}-${introIdx}`, text, undefined));
  }
  // 4. attacks inside innocent tasks (translate, summarize, classify ...)
  const taskTarget = count() + Math.round(target * 0.15);
  for (let guard = 0; count() < taskTarget && guard < 3000; guard++) {
    const [carrier, wrapper] = pick(rng, A.tasks);
    const idx = Math.floor(rng() * A.injected.length);
    const [kind, tpl] = A.injected[idx];
    const inj = expand(rng, tpl);
    const lead = pick(rng, A.taskTexts);
    const w = expand(rng, wrapper);
    const text = `${w}${lead} ${inj}${w.endsWith('"') ? '"' : ''}`;
    out.add(attackDraft(lang, kind, `authored2-${kind}-inj-${lang}-${idx}`, text, inj, { carrier }));
  }
  // 5. attacks after a long innocent pasted text or question (carrier long_prompt / pasted)
  const leadTarget = count() + Math.round(target * 0.1);
  const paras = lang === 'en' ? pasteParagraphsEn : pasteParagraphsDe;
  const reqs = lang === 'en' ? pasteRequestsEn : pasteRequestsDe;
  for (let guard = 0; count() < leadTarget && guard < 3000; guard++) {
    const idx = Math.floor(rng() * A.short.length);
    const [kind, tpl] = A.short[idx];
    const inj = expand(rng, tpl);
    const k = 1 + Math.floor(rng() * 6);
    const text = `${pick(rng, reqs)}\n\n${shuffle(rng, paras.slice()).slice(0, k).join('\n\n')}\n\n${inj}`;
    out.add(attackDraft(lang, kind, `authored2-${kind}-${lang}-${idx}`, text, inj, { carrier: 'pasted' }));
  }
  // 6. attacks inside documents and tool results
  while (count() < target) {
    const useShort = chance(rng, 0.3);
    const list = useShort ? A.short : A.injected;
    const idx = Math.floor(rng() * list.length);
    const [kind, tpl] = list[idx];
    const inj = expand(rng, tpl);
    const c = pick(rng, carrierBuilders)(rng, lang, inj);
    const fam = useShort ? `authored2-${kind}-${lang}-${idx}` : `authored2-${kind}-inj-${lang}-${idx}`;
    out.add(attackDraft(lang, kind === 'override' ? 'indirect' : kind, fam, c.text, c.part, { source: c.source, carrier: c.carrier }));
  }
}

/** Code-switched lines: German requests around English text and the other way round. */
function mixed(out: Collector, rng: Rng, benignTarget: number, attackTarget: number): void {
  const start = out.rows.length;
  const paraEn = pasteParagraphsEn;
  for (let guard = 0; out.rows.length - start < benignTarget && guard < 2000; guard++) {
    const text = chance(rng, 0.5)
      ? `${pick(rng, pasteRequestsDe)}\n\n${pick(rng, paraEn)}`
      : expand(rng, '⟦kannst du mir|can you|bitte|pls⟧ ⟦kurz erklären|explain|zusammenfassen|übersetzen⟧ ⟦what a deadlock is|den unterschied zwischen let und const|how our onboarding works|diesen satz: "please ignore the noise in the background"|was "out of office" heißt|the meaning of "Feierabend"⟧⟦?| danke| thx|⟧');
    out.add({ family: 'authored2-codeswitch-benign', lang: 'mixed', source: 'prompt', label: 'benign', kind: 'codeswitch', types: [], text });
  }
  const mid = out.rows.length;
  const bare = codeSwitchAttacks.map(([kind, tpl], i) => ({
    tpl,
    make: (t: string) => attackDraft('mixed', kind, `authored2-${kind}-mixed-${i}`, t, undefined),
  }));
  fillFromTemplates(rng, out, bare, Math.round(attackTarget * 0.4), (s) => s);
  for (let guard = 0; out.rows.length - mid < attackTarget && guard < 2000; guard++) {
    const [carrier, wrapper] = pick(rng, attacksDeParts.tasks);
    const idx = Math.floor(rng() * attacksEnParts.injected.length);
    const [kind, tpl] = attacksEnParts.injected[idx];
    const inj = expand(rng, tpl);
    const w = expand(rng, wrapper);
    const text = `${w}${pick(rng, attacksEnParts.taskTexts)} ${inj}${w.endsWith('"') ? '"' : ''}`;
    out.add(attackDraft('mixed', kind, `authored2-${kind}-inj-en-${idx}`, text, inj, { carrier }));
  }
}

export const TARGETS = { en: { benign: 1150, attack: 760 }, de: { benign: 760, attack: 500 }, mixed: { benign: 40, attack: 40 } };

export function buildAuthored2(): Record2[] {
  const rng = makeRng(SEED);
  const out = new Collector();
  benign(out, rng, 'en', TARGETS.en.benign);
  attacks(out, rng, 'en', TARGETS.en.attack);
  benign(out, rng, 'de', TARGETS.de.benign);
  attacks(out, rng, 'de', TARGETS.de.attack);
  mixed(out, rng, TARGETS.mixed.benign, TARGETS.mixed.attack);
  return out.rows.map((d, i) => {
    const { family, lang, source, label, kind, types, carrier, spans, text } = d;
    const r: Record2 = {
      id: `authored2-${String(i + 1).padStart(5, '0')}`,
      split: 'train',
      family,
      lang,
      source,
      label,
      kind,
      types,
      ...(carrier !== undefined ? { carrier } : {}),
      ...(spans !== undefined ? { spans } : {}),
      text,
    };
    return r;
  });
}

/** File name → content, one file per language. */
export function authored2Files(records: Record2[]): Record<string, string> {
  const files: Record<string, string> = {};
  for (const lang of ['en', 'de', 'mixed']) {
    const rows = records.filter((r) => r.lang === lang);
    files[`authored2-${lang}.jsonl`] = rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  }
  return files;
}

if (process.argv[1] && path.basename(process.argv[1]) === 'generate.ts' && process.argv[1].includes('security-authored2')) {
  const dir = path.resolve(path.dirname(process.argv[1]), '../../data/security/authored2');
  const files = authored2Files(buildAuthored2());
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  console.log(Object.entries(files).map(([n, c]) => `${n}: ${c.split('\n').length - 1} lines`).join('\n'));
}
