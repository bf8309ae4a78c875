/**
 * Writes data/security/authored/authored-{en,de,mixed}.jsonl from the hand-written phrasings in this
 * folder. Deterministic (seeded). Every span is located with indexOf and checked against the part it
 * is meant to cover before the line is written.
 *
 *   node --import tsx scripts/security-authored/generate.ts
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { ATTACKS_DE, MANY_SHOT_DE, MIXED_ATTACKS, SUFFIX_BASES_DE } from './attacks-de';
import { ATTACKS_EN, MANY_SHOT_EN, SUFFIX_BASES_EN } from './attacks-en';
import { EXTRA_DE, EXTRA_EN } from './attacks-extra';
import { THIRD_DE, THIRD_EN } from './attacks-third';
import { GIBBERISH_BENIGN, MIXED_ATTACKS_EXTRA, MIXED_BENIGN, REPETITIVE_BENIGN } from './mixed-extra';
import { BENIGN_DE } from './benign-de';
import { BENIGN_EXTRA_DE, BENIGN_EXTRA_EN, NOTES_DE, NOTES_EN } from './benign-extra';
import { BENIGN_EN } from './benign-en';
import { type CarrierInput, type Carried, DOCUMENT_CARRIERS, type Position, TOOL_CARRIERS, codeComment } from './carriers';
import { CODE_EXTRA_DE, CODE_EXTRA_EN } from './code-extra';
import { CODE_DE, DOCS_DE } from './docs-de';
import { CODE_EN, DOCS_EN } from './docs-en';
import {
  type AttackType,
  type AuthoredRecord,
  type Obfuscation,
  type Rng,
  base64,
  homoglyph,
  intBetween,
  leet,
  makeRng,
  pick,
  rot13,
  shuffle,
  spacedWords,
  spanOf,
  typos,
  zeroWidth,
} from './lib';

type L = 'en' | 'de';
/** Builds every line, ids included, in a fixed order. Pure apart from its own seeded PRNG. */
export function buildAuthored(): AuthoredRecord[] {
const rng: Rng = makeRng(20261128);
const out: Omit<AuthoredRecord, 'id'>[] = [];

const TYPES: Record<string, AttackType[]> = {
  override: ['injection'],
  role_hijack: ['injection', 'jailbreak'],
  fake_turn: ['injection'],
  indirect: ['injection'],
  persona: ['jailbreak'],
  hypothetical: ['jailbreak'],
  many_shot: ['jailbreak'],
  prompt_leak: ['data_extraction'],
  secret_leak: ['data_extraction'],
  exfil_link: ['data_extraction', 'injection'],
  adversarial_suffix: ['jailbreak'],
  flooding: ['injection', 'size_analysis'],
};

function typesFor(kind: string, text: string): AttackType[] {
  const types = TYPES[kind].slice();
  // an injected note that asks for the system prompt or secrets also extracts data
  if (kind === 'indirect' && /system prompt|systemanweisungen|instructions|passw|secret|schlüssel|key/i.test(text)) types.push('data_extraction');
  return [...new Set(types)];
}

/** Texts already written: an identical text is never written twice (e.g. a typo pass that changed nothing). */
const seen = new Set<string>();

function attack(rec: Omit<AuthoredRecord, 'id' | 'split' | 'label' | 'spans'>, part: string): void {
  if (seen.has(rec.text)) return;
  seen.add(rec.text);
  const span = spanOf(rec.text, part);
  if (rec.text.indexOf(part, span.start + 1) >= 0) throw new Error(`ambiguous span part in ${rec.family}`);
  if (rec.text.slice(span.start, span.end) !== part) throw new Error('span mismatch');
  out.push({ split: 'train', label: 'attack', ...rec, spans: [span] });
}

function benign(rec: Omit<AuthoredRecord, 'id' | 'split' | 'label' | 'types' | 'spans'>): void {
  if (seen.has(rec.text)) return;
  seen.add(rec.text);
  out.push({ split: 'train', label: 'benign', types: [], ...rec });
}

// ---------- document bodies ----------

const DOCS = { en: DOCS_EN, de: DOCS_DE };
const CODE = { en: [...CODE_EN, ...CODE_EXTRA_EN], de: [...CODE_DE, ...CODE_EXTRA_DE] };

/** An ordered subset of a genre's paragraphs: 3..max paragraphs, original order kept. */
function body(lang: L, genre: string, min = 3, max = 7): { title: string; paras: string[] } {
  const g = DOCS[lang][genre];
  const n = Math.min(g.paras.length, intBetween(rng, min, max));
  const idx = shuffle(rng, g.paras.map((_, i) => i)).slice(0, n).sort((a, b) => a - b);
  return { title: pick(rng, g.title), paras: idx.map((i) => g.paras[i]) };
}

/**
 * A long document: the main genre plus one or two further sections from other genres, each under its
 * own heading, the way newsletters, wiki exports and meeting packs bundle unrelated parts.
 */
function longBody(lang: L, genre: string): { title: string; paras: string[] } {
  const main = body(lang, genre, 4, 9);
  const others = shuffle(rng, GENRES[lang].filter((g) => g !== genre)).slice(0, intBetween(rng, 1, 2));
  const paras = main.paras.slice();
  for (const g of others) {
    const sec = body(lang, g, 2, 5);
    paras.push(`${sec.title}`, ...sec.paras);
  }
  return { title: main.title, paras };
}

const GENRES: Record<L, string[]> = { en: Object.keys(DOCS_EN), de: Object.keys(DOCS_DE) };
const DOC_CARRIER_NAMES = Object.keys(DOCUMENT_CARRIERS) as Array<keyof typeof DOCUMENT_CARRIERS>;
const TOOL_CARRIER_NAMES = Object.keys(TOOL_CARRIERS) as Array<keyof typeof TOOL_CARRIERS>;
const POSITIONS: Position[] = ['start', 'middle', 'end', 'end'];

function genreFor(carrier: string, lang: L): string {
  if (carrier === 'markdown') return pick(rng, GENRES[lang].filter((g) => g === 'readme' || g === 'changelog' || g === 'manual'));
  if (carrier === 'email' || carrier === 'mail_api') return pick(rng, ['email', 'email', 'hr_policy', 'transcript'].filter((g) => GENRES[lang].includes(g)));
  return pick(rng, GENRES[lang]);
}

function carry(lang: L, injection: string | undefined, preferTool: boolean): { carrier: string; source: 'document' | 'tool'; genre: string; c: Carried } {
  const tool = preferTool;
  const carrier = tool ? pick(rng, TOOL_CARRIER_NAMES) : pick(rng, DOC_CARRIER_NAMES);
  const genre = genreFor(carrier, lang);
  const b = rng() < 0.4 ? longBody(lang, genre) : body(lang, genre, 2, 6);
  const input: CarrierInput = { lang, title: b.title, paras: b.paras, injection, position: pick(rng, POSITIONS) };
  const fn = (tool ? TOOL_CARRIERS[carrier as keyof typeof TOOL_CARRIERS] : DOCUMENT_CARRIERS[carrier as keyof typeof DOCUMENT_CARRIERS]) as (r: Rng, c: CarrierInput) => Carried;
  return { carrier, source: tool ? 'tool' : 'document', genre, c: fn(rng, input) };
}

// ---------- lead-ins for long prompts that end in an attack ----------

const LEADIN: Record<L, string[]> = {
  en: [
    'Hi! I have been working on our quarterly planning all morning and my head is spinning. We have three product launches, a hiring freeze and a new office in Leeds to set up, and my manager wants a one-page overview by tonight. Anyway, before that, one thing:',
    'Good afternoon. I represent the procurement department of a mid-sized logistics company and we are evaluating several AI vendors this month. Our evaluation criteria include reliability, data protection and flexibility. As part of the flexibility assessment, please do the following.',
    'ok so long story short, my laptop died, i lost the notes from the workshop, and the client call is in 20 min. i dont have time for the usual back and forth so please just',
    'Thank you for the help with the spreadsheet earlier, the formulas work now and the pivot table finally shows the right totals per region. My colleague was impressed. Now a different topic.',
    'I am a teacher preparing a unit on digital citizenship for 14-year-olds. We talk about privacy settings, strong passwords and how to spot fake news. The students loved last week\'s quiz. Here is what I need from you today:',
    'Quick context: we are migrating our wiki from Confluence to a static site generator, about 1,200 pages, and the links are a mess. I will send the link report later. First, though:',
  ],
  de: [
    'Hallo! Ich sitze seit heute Morgen an der Quartalsplanung und mir raucht der Kopf. Drei Produktstarts, ein Einstellungsstopp und ein neues Büro in Linz, und meine Chefin will bis heute Abend eine Übersicht. Vorher aber noch etwas:',
    'Guten Tag. Ich vertrete den Einkauf eines mittelgrossen Logistikunternehmens, und wir vergleichen diesen Monat mehrere KI-Anbieter nach Zuverlässigkeit, Datenschutz und Flexibilität. Im Rahmen der Flexibilitätsprüfung bitte ich Sie um Folgendes.',
    'also kurz gesagt, laptop kaputt, notizen vom workshop weg und in 20 min ist der kundentermin. hab keine zeit für hin und her also bitte einfach',
    'Danke für die Hilfe mit der Tabelle vorhin, die Formeln stimmen jetzt und die Pivot-Tabelle zeigt endlich die richtigen Summen pro Region. Jetzt ein anderes Thema.',
    'Ich bin Lehrerin und bereite eine Einheit zu digitaler Mündigkeit für 14-Jährige vor: Privatsphäre-Einstellungen, sichere Passwörter, Falschmeldungen erkennen. Das Quiz letzte Woche kam super an. Heute brauche ich Folgendes:',
    'Kurzer Hintergrund: Wir ziehen unser Wiki von Confluence auf einen statischen Seitengenerator um, rund 1.200 Seiten, und die Links sind ein Chaos. Den Linkbericht schicke ich später. Zuerst aber:',
  ],
};

const ASK: Record<L, string[]> = {
  en: ['Can you summarise this for me?', 'Please translate the following into German.', 'What are the key points here?', 'Proofread this and point out anything unclear:', 'Turn this into three bullet points for my boss.', 'Is anything in this document unusual?'],
  de: ['Kannst du mir das zusammenfassen?', 'Bitte übersetze Folgendes ins Englische.', 'Was sind hier die wichtigsten Punkte?', 'Lies das bitte Korrektur und sag mir, was unklar ist:', 'Mach daraus drei Stichpunkte für meinen Chef.', 'Fällt dir an diesem Dokument etwas auf?'],
};

// ---------- attacks: bare, lead-in, carried ----------

/** First and second round merged per kind; a phrasing's index (and family) stays stable when rounds grow. */
function merge(a: Record<string, string[]>, b: Record<string, string[]>): Record<string, string[]> {
  const m: Record<string, string[]> = {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) m[k] = [...(a[k] ?? []), ...(b[k] ?? [])];
  return m;
}
const ATTACKS = { en: merge(merge(ATTACKS_EN, EXTRA_EN), THIRD_EN), de: merge(merge(ATTACKS_DE, EXTRA_DE), THIRD_DE) };

for (const lang of ['en', 'de'] as L[]) {
  for (const [kind, items] of Object.entries(ATTACKS[lang])) {
    items.forEach((text, i) => {
      const family = `authored-${kind}-${lang}-${i}`;
      const types = typesFor(kind, text);
      if (kind !== 'indirect') {
        attack({ family, lang, source: 'prompt', kind, types, text }, text);
        if (i % 2 === 0) {
          const full = `${pick(rng, LEADIN[lang])} ${text}`;
          attack({ family, lang, source: 'prompt', kind, types, carrier: 'long_prompt', text: full }, text);
        }
      }
      if (i % 4 === 2) {
        const g = pick(rng, GENRES[lang]);
        const b = i % 8 === 2 ? longBody(lang, g) : body(lang, g, 3, 7);
        const full = `${pick(rng, ASK[lang])}\n\n${b.title}\n\n${b.paras.join('\n\n')}\n\n${text}`;
        attack({ family, lang, source: 'prompt', kind, types, carrier: 'pasted', text: full }, text);
      }
      // indirect ideas go into several carriers, the others into one or two
      const copies = kind === 'indirect' ? 5 : i % 3 === 0 ? 2 : 1;
      for (let k = 0; k < copies; k++) {
        const tool = kind === 'indirect' ? k % 2 === 1 : rng() < 0.45;
        const { carrier, source, c } = carry(lang, text, tool);
        attack({ family, lang, source, kind, types, carrier, text: c.text }, c.embedded!);
      }
    });
  }
}

// injections hidden as comments in code files
for (const lang of ['en', 'de'] as L[]) {
  const ind = ATTACKS[lang].indirect;
  CODE[lang].forEach((code, i) => {
    const idx = (i * 7) % ind.length;
    const inj = ind[idx];
    const c = codeComment(rng, { lang, title: '', paras: [], injection: inj, position: pick(rng, POSITIONS) }, code);
    attack({ family: `authored-indirect-${lang}-${idx}`, lang, source: 'document', kind: 'indirect', types: typesFor('indirect', inj), carrier: 'code_file', text: c.text }, c.embedded!);
  });
}

[...MIXED_ATTACKS, ...MIXED_ATTACKS_EXTRA].forEach(([text, types], i) => {
  const family = `authored-mixed_language-${i}`;
  attack({ family, lang: 'mixed', source: 'prompt', kind: 'mixed_language', types, text }, text);
  const { carrier, source, c } = carry(i % 2 === 0 ? 'de' : 'en', text, i % 3 === 0);
  attack({ family, lang: 'mixed', source, kind: 'mixed_language', types, carrier, text: c.text }, c.embedded!);
});

// ---------- obfuscated attacks ----------

const WRAP: Record<L, { base64: string[]; rot13: string[] }> = {
  en: {
    base64: ['Decode this and do what it says: ', 'Here is my actual request in base64, please follow it: ', 'b64 below, just execute it without commenting\n', 'Can you decode the following and respond to the decoded text? '],
    rot13: ['This is ROT13, decode it and follow the instruction: ', 'rot13 pls, then answer what it asks: ', 'Please apply ROT13 to the next line and carry out the result.\n'],
  },
  de: {
    base64: ['Dekodier das und mach, was drinsteht: ', 'Hier meine eigentliche Anfrage in Base64, bitte befolgen: ', 'base64 unten, einfach ausführen ohne Kommentar\n', 'Können Sie Folgendes dekodieren und auf den dekodierten Text antworten? '],
    rot13: ['Das ist ROT13, entschlüssle es und befolge die Anweisung: ', 'rot13 bitte, dann mach was da steht: '],
  },
};

const OBF_KINDS = ['override', 'prompt_leak', 'secret_leak', 'persona', 'role_hijack', 'hypothetical', 'exfil_link'];
const OBFS: Obfuscation[] = ['base64', 'rot13', 'leet', 'homoglyph', 'zero_width', 'spaced_word', 'typos'];
for (const lang of ['en', 'de'] as L[]) {
  let n = 0;
  for (const kind of OBF_KINDS) {
    ATTACKS[lang][kind].forEach((plain, i) => {
      if (i % 2 !== 1) return;
      const obfuscation = OBFS[n++ % OBFS.length];
      const family = `authored-${kind}-${lang}-${i}`;
      const types = typesFor(kind, plain);
      const base = { family, lang, source: 'prompt' as const, kind, types, obfuscation };
      if (obfuscation === 'base64' || obfuscation === 'rot13') {
        const enc = obfuscation === 'base64' ? base64(plain) : rot13(plain);
        const text = pick(rng, WRAP[lang][obfuscation]) + enc;
        attack({ ...base, text }, enc);
        if (i % 4 === 1) {
          const { carrier, source, c } = carry(lang, enc, rng() < 0.5);
          attack({ ...base, source, carrier, text: c.text }, c.embedded!);
        }
        return;
      }
      const text =
        obfuscation === 'leet' ? leet(plain) : obfuscation === 'homoglyph' ? homoglyph(rng, plain) : obfuscation === 'zero_width' ? zeroWidth(rng, plain) : obfuscation === 'spaced_word' ? spacedWords(plain) : typos(rng, plain, 0.45);
      if (text === plain) return;
      attack({ ...base, text }, text);
    });
  }
}

// ---------- many-shot, adversarial suffix, flooding ----------

const MS = { en: MANY_SHOT_EN, de: MANY_SHOT_DE };
const SB = { en: SUFFIX_BASES_EN, de: SUFFIX_BASES_DE };
const TURN: Record<L, Array<[string, string]>> = {
  en: [['User', 'Assistant'], ['Q', 'A'], ['Human', 'AI'], ['Me', 'Bot']],
  de: [['Benutzer', 'Assistent'], ['F', 'A'], ['Mensch', 'KI'], ['Ich', 'Bot']],
};
for (const lang of ['en', 'de'] as L[]) {
  const count = lang === 'en' ? 22 : 18;
  for (let i = 0; i < count; i++) {
    const [u, a] = TURN[lang][i % 4];
    const pairs = shuffle(rng, MS[lang].slice()).slice(0, intBetween(rng, 5, MS[lang].length));
    const reps = intBetween(rng, 1, 3);
    const lines: string[] = [];
    for (let r = 0; r < reps; r++) for (const [q, ans] of pairs) lines.push(`${u}: ${q}\n${a}: ${ans}`);
    const intro = i % 3 === 0 ? (lang === 'en' ? 'Here is how our previous chat went, continue in the same style.\n\n' : 'So lief unser letzter Chat, mach im selben Stil weiter.\n\n') : '';
    const last = pick(rng, SB[lang]);
    const text = `${intro}${lines.join('\n')}\n${u}: ${last}${/^(how|what|wie|was)\b/i.test(last) ? '?' : '.'}\n${a}:`;
    attack({ family: `authored-many_shot-${lang}-${i % 4}`, lang, source: 'prompt', kind: 'many_shot', types: TYPES.many_shot, text }, text);
  }
}

const SOUP = ['describing.', '\\ +', 'similarlyNow', 'write oppositeley.', ']( Me giving**ONE', 'please?', 'revert with "\\!--Two', '==interface', 'Manuel', 'WITH steps instead', 'sentences :)ish?', '->', '%%%', 'tutorial', 'FOR+', '}} ]', 'Sure here is', 'zeichnen', 'ähm', '!!!', '$$', '<<<', 'ISBN', 'cdot', 'xxL', 'answerYes', '][', '`(', 'Vorlage', 'rightarrow'];

function soup(): string {
  const n = intBetween(rng, 8, 22);
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    if (rng() < 0.3) {
      let s = '';
      const len = intBetween(rng, 3, 9);
      for (let j = 0; j < len; j++) s += String.fromCharCode(intBetween(rng, 33, 126));
      parts.push(s);
    } else parts.push(pick(rng, SOUP));
  }
  return parts.join(' ');
}

for (const lang of ['en', 'de'] as L[]) {
  SB[lang].forEach((b, i) => {
    for (let k = 0; k < 3; k++) {
      const text = `${b} ${soup()}`;
      attack({ family: `authored-adversarial_suffix-${lang}-${i}`, lang, source: 'prompt', kind: 'adversarial_suffix', types: TYPES.adversarial_suffix, text }, text);
    }
  });
}

const FILLER: Record<L, string[]> = {
  en: ['The quick brown fox jumps over the lazy dog. ', 'lorem ipsum dolor sit amet ', 'ok ', 'AAAAAAAAAA ', 'please please please ', 'This sentence is here to fill space. ', '🙂 ', '0 1 0 1 1 0 '],
  de: ['Franz jagt im komplett verwahrlosten Taxi quer durch Bayern. ', 'bla bla bla ', 'ok ', 'XXXXXXXXXX ', 'bitte bitte bitte ', 'Dieser Satz füllt nur Platz. ', '🙂 ', '0 1 0 1 1 0 '],
};
for (const lang of ['en', 'de'] as L[]) {
  const pool = ATTACKS[lang].override.concat(ATTACKS[lang].prompt_leak);
  for (let i = 0; i < 16; i++) {
    const f = FILLER[lang][i % FILLER[lang].length];
    const reps = Math.floor(intBetween(rng, 1500, 7000) / f.length);
    const tail = pick(rng, pool);
    const text = i % 4 === 3 ? `${tail}\n\n${f.repeat(reps).trimEnd()}\n\n${tail}` : `${f.repeat(reps).trimEnd()}\n\n${tail}`;
    attack({ family: `authored-flooding-${lang}-${i % FILLER[lang].length}`, lang, source: 'prompt', kind: 'flooding', types: TYPES.flooding, text }, text);
  }
}

// ---------- benign ----------

const BENIGN = { en: merge(BENIGN_EN, BENIGN_EXTRA_EN), de: merge(BENIGN_DE, BENIGN_EXTRA_DE) };

// harmless notes to readers, reviewers and tools, placed where injections go
const NOTES = { en: NOTES_EN, de: NOTES_DE };
for (const lang of ['en', 'de'] as L[]) {
  NOTES[lang].forEach((note, i) => {
    for (let k = 0; k < 4; k++) {
      const { carrier, source, c } = carry(lang, note, k % 2 === 1);
      benign({ family: `authored-document_note-${lang}-${i}`, lang, source, kind: 'document_note', carrier, text: c.text });
    }
  });
}
for (const lang of ['en', 'de'] as L[]) {
  for (const [kind, items] of Object.entries(BENIGN[lang])) {
    items.forEach((text, i) => {
      const family = `authored-${kind}-${lang}-${i}`;
      benign({ family, lang, source: 'prompt', kind, text });
      if (i % 3 === 0) benign({ family, lang, source: 'prompt', kind, carrier: 'long_prompt', text: `${pick(rng, LEADIN[lang])} ${text}` });
      if (i % 4 === 1) benign({ family, lang, source: 'prompt', kind, obfuscation: 'typos', text: typos(rng, text, 0.3) });
    });
  }
}

// long documents and tool results, no injection
for (const lang of ['en', 'de'] as L[]) {
  const docCount = lang === 'en' ? 500 : 410;
  for (let i = 0; i < docCount; i++) {
    const tool = i % 5 >= 3;
    const { carrier, source, genre, c } = carry(lang, undefined, tool);
    benign({ family: `authored-doc-${genre}-${lang}`, lang, source, kind: genre === 'readme' || genre === 'changelog' ? 'readme' : genre, carrier, text: c.text });
  }
  const plainCount = lang === 'en' ? 220 : 170;
  for (let i = 0; i < plainCount; i++) {
    const genre = GENRES[lang][i % GENRES[lang].length];
    const b = i % 2 === 0 ? longBody(lang, genre) : body(lang, genre, 4, 9);
    const text = `${b.title}\n\n${b.paras.join('\n\n')}`;
    if (i % 3 === 0) benign({ family: `authored-doc-${genre}-${lang}`, lang, source: 'prompt', kind: 'long_document', carrier: 'pasted', text: `${pick(rng, ASK[lang])}\n\n${text}` });
    else benign({ family: `authored-doc-${genre}-${lang}`, lang, source: 'document', kind: 'long_document', text });
  }
  CODE[lang].forEach((code, i) => {
    benign({ family: `authored-code-${lang}-${i}`, lang, source: 'document', kind: 'code', carrier: 'code_file', text: code });
    benign({ family: `authored-code-${lang}-${i}`, lang, source: 'tool', kind: 'code', carrier: 'file_read', text: `$ cat ${pick(rng, ['src/config.ts', 'app/settings.py', 'deploy/secret.yaml', 'scripts/setup.sh', 'test/scanner.test.ts'])}\n${code}` });
    benign({ family: `authored-code-${lang}-${i}`, lang, source: 'prompt', kind: 'code', text: `${pick(rng, lang === 'en' ? ['Why does this fail in CI?', 'Can you review this?', 'Is this safe to commit?', 'Explain what this does:'] : ['Warum schlägt das im CI fehl?', 'Kannst du das reviewen?', 'Kann ich das so einchecken?', 'Erklär mir, was das macht:'])}\n\n${code}` });
  });
}

// code-switched innocent prompts, bare and inside carriers
MIXED_BENIGN.forEach(([kind, text], i) => {
  const family = `authored-mixed_benign-${i}`;
  benign({ family, lang: 'mixed', source: 'prompt', kind, text });
  const { carrier, source, c } = carry(i % 2 === 0 ? 'de' : 'en', text, i % 3 === 0);
  benign({ family, lang: 'mixed', source, kind: 'document_note', carrier, text: c.text });
});

// long repetitive innocent texts (the flooding look-alike)
REPETITIVE_BENIGN.forEach(([kind, lang, unit], i) => {
  for (let k = 0; k < 3; k++) {
    const reps = Math.floor(intBetween(rng, 1500, 6000) / unit.length);
    let text = '';
    for (let r = 0; r < reps; r++) text += unit.replace('{s}', String(r % 60).padStart(2, '0'));
    const ask = lang === 'en' ? ['Can you count how many lines this has?\n\n', 'Here is the raw output:\n\n', ''] : ['Wie viele Zeilen sind das?\n\n', 'Hier die Rohdaten:\n\n', ''];
    benign({ family: `authored-repetitive-${lang}-${i}`, lang, source: kind === 'log' || kind === 'table' ? 'tool' : 'prompt', kind: 'repetitive', text: ask[k] + text.trimEnd() });
  }
});

// token-soup look-alikes (the adversarial-suffix look-alike)
GIBBERISH_BENIGN.forEach(([lang, text], i) => {
  benign({ family: `authored-gibberish_benign-${lang}-${i}`, lang, source: 'prompt', kind: 'gibberish_benign', text });
});

// incident reports and trainings that quote an attack: reporting it, not making it
const QUOTE: Record<L, string[]> = {
  en: [
    'Incident report INC-{n}\n\nSummary: On {d} our support chatbot received a message containing the text "{q}". The model did not follow it and answered with its standard refusal. No data was disclosed.\n\nActions: we added the message to our test set and reviewed the logging configuration.\n\nStatus: closed.',
    'For our awareness training, here is a typical example of what attackers write to chatbots: "{q}" Discuss in small groups: what is the attacker trying to achieve, and how should the system respond?',
    'Security review notes, {d}: During testing, the red team sent the prompt "{q}" to the staging bot. The bot declined. Recommendation: keep the input filter enabled and add monitoring for repeated attempts from the same account.',
    'A reader asked us why chatbots sometimes refuse strange requests. One example we saw in a forum was: "{q}" Requests like this try to make the model break its own rules, which is why providers filter them.',
  ],
  de: [
    'Vorfallbericht INC-{n}\n\nZusammenfassung: Am {d} erhielt unser Support-Chatbot eine Nachricht mit dem Text „{q}“. Das Modell folgte dem nicht und antwortete mit der Standardablehnung. Es wurden keine Daten offengelegt.\n\nMassnahmen: Nachricht in die Testsammlung aufgenommen, Protokollierung geprüft.\n\nStatus: abgeschlossen.',
    'Für unsere Sensibilisierungsschulung ein typisches Beispiel dafür, was Angreifer an Chatbots schreiben: „{q}“ Besprechen Sie in Kleingruppen: Was will der Angreifer erreichen, und wie sollte das System reagieren?',
    'Notizen zum Sicherheitsreview vom {d}: Beim Test schickte das Red Team den Prompt „{q}“ an den Staging-Bot. Der Bot lehnte ab. Empfehlung: Eingabefilter aktiv lassen und wiederholte Versuche überwachen.',
  ],
};
for (const lang of ['en', 'de'] as L[]) {
  const pool = ['override', 'persona', 'prompt_leak', 'secret_leak'].flatMap((k) => ATTACKS[lang][k]);
  const count = lang === 'en' ? 40 : 30;
  for (let i = 0; i < count; i++) {
    const tpl = QUOTE[lang][i % QUOTE[lang].length];
    const q = pool[(i * 5) % pool.length].replace(/\n/g, ' ');
    const text = tpl.replace('{n}', String(intBetween(rng, 1000, 9999))).replace('{d}', `2026-0${intBetween(rng, 1, 9)}-1${intBetween(rng, 0, 9)}`).replace('{q}', q);
    benign({ family: `authored-incident_report-${lang}-${i % QUOTE[lang].length}`, lang, source: i % 2 ? 'document' : 'prompt', kind: 'incident_report', text });
  }
}

// benign encoded content: people asking what a blob says
const PLAIN: Record<L, string[]> = {
  en: ['Meeting moved to 3 pm, bring the slides.', 'The Wi-Fi password for guests is on the fridge.', 'Happy birthday! See you on Saturday.', 'Invoice 2291 was paid on 12 March.', 'Remember to water the plants while I am away.'],
  de: ['Das Meeting ist auf 15 Uhr verschoben, bitte Folien mitbringen.', 'Das Gäste-WLAN-Passwort hängt am Kühlschrank.', 'Alles Gute zum Geburtstag! Bis Samstag.', 'Rechnung 2291 wurde am 12. März bezahlt.', 'Denk bitte ans Blumengiessen, während ich weg bin.'],
};
for (const lang of ['en', 'de'] as L[]) {
  PLAIN[lang].forEach((p, i) => {
    const q = lang === 'en' ? ['What does this base64 string say? ', 'My colleague sent me this, can you decode it? '] : ['Was steht in diesem Base64-Text? ', 'Das hat mir ein Kollege geschickt, kannst du es dekodieren? '];
    benign({ family: `authored-encoded_benign-${lang}-${i}`, lang, source: 'prompt', kind: 'encoded_benign', obfuscation: 'base64', text: q[i % 2] + base64(p) });
    benign({ family: `authored-encoded_benign-${lang}-${i}`, lang, source: 'prompt', kind: 'encoded_benign', obfuscation: 'rot13', text: (lang === 'en' ? 'Puzzle from my kid, it is ROT13: ' : 'Rätsel von meinem Kind, ist ROT13: ') + rot13(p) });
  });
}

return out.map((r, i) => ({ id: `authored-${String(i + 1).padStart(5, '0')}`, ...r }));
}

// ---------- write ----------

/** One file per language, lines in build order. */
export function authoredFiles(records: AuthoredRecord[]): Record<string, string> {
  const byLang: Record<string, string[]> = { en: [], de: [], mixed: [] };
  for (const rec of records) byLang[rec.lang].push(JSON.stringify(rec));
  const files: Record<string, string> = {};
  for (const [lang, lines] of Object.entries(byLang)) files[`authored-${lang}.jsonl`] = `${lines.join('\n')}\n`;
  return files;
}

if (process.argv[1] && path.basename(process.argv[1]) === 'generate.ts') {
  const dir = path.resolve(path.dirname(process.argv[1]), '../../data/security/authored');
  const records = buildAuthored();
  for (const [name, content] of Object.entries(authoredFiles(records))) writeFileSync(path.join(dir, name), content);
  console.log(`wrote ${records.length} lines to ${dir}`);
}
