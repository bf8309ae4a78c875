/**
 * Round 3 families (training part only): attacks and innocent look-alikes composed from the phrase
 * banks in round3-banks.ts, placed bare or in carriers (e-mail, CSV cell, code comment, web page
 * comment, JSON tool result, a task with a document), some with typos or a word spelled out.
 *
 * Why: the held-out part's misses and false alarms came from the classifier keying on words
 * ("system prompt", "ignore", "API key") rather than on who is addressed and what the instruction
 * is about. Composing both sides from the same banks makes the words uninformative on their own.
 * Nothing here is held out: held-out and dev families are unchanged (they are built before this
 * file's families, with their own seeds).
 */
import { BANK_DE, BANK_EN, type Bank } from './round3-banks';
import { cap, chance, int, pick, type Rng, say } from './grammar';
import type { AttackKind, CheckType, Source } from './types';

type L = 'en' | 'de';
const bank = (lang: L): Bank => (lang === 'en' ? BANK_EN : BANK_DE);
const s = (r: Rng, xs: readonly string[]) => say(pick(r, xs), r, {});

/** Typing noise: in about one word in `every`, swap, drop or double a letter ("ignroe", "disregrad"). */
export function typos(r: Rng, text: string, every: number): string {
  return text.replace(/\p{L}{4,}/gu, (w) => {
    if (!chance(r, 1 / every)) return w;
    const i = int(r, 1, w.length - 2);
    switch (int(r, 0, 2)) {
      case 0:
        return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
      case 1:
        return w.slice(0, i) + w.slice(i + 1);
      default:
        return w.slice(0, i) + w[i] + w.slice(i);
    }
  });
}

/** Spells out the longest word letter by letter ("i g n o r e"). */
function spaceOneWord(text: string): string {
  const words = text.match(/\p{L}{5,}/gu);
  if (!words) return text;
  const w = words.reduce((a, b) => (b.length > a.length ? b : a));
  return text.replace(w, [...w].join(' '));
}

// ------------------------------------------------------------------ attack payloads

interface Payload {
  text: string;
  kind: AttackKind;
  types: CheckType[];
}

function override(r: Rng, lang: L): Payload {
  const b = bank(lang);
  const frame = s(r, b.framing);
  const goal = s(r, b.hijackGoal);
  let core: string;
  const shape = int(r, 0, 3);
  if (shape === 0) core = `${s(r, b.overrideVerb)} ${s(r, b.instructionObject)}${lang === 'en' ? pick(r, [' and ', '. Instead, ', '. Now ', '; your real task: ']) : pick(r, [' und ', '. Stattdessen ', '. Jetzt ', '; deine echte Aufgabe: '])}${goal}.`;
  else if (shape === 1) core = `${s(r, b.voidStatement)} ${cap(goal)}.`;
  else if (shape === 2) core = `${cap(goal)}${lang === 'en' ? pick(r, [', and ', '. Also ', ' - ']) : pick(r, [', und ', '. Außerdem ', ' - '])}${s(r, b.overrideVerb)} ${s(r, b.instructionObject)}.`;
  else core = lang === 'en' ? `${pick(r, ['Do not', "Don't", 'Never'])} follow ${s(r, b.instructionObject)} anymore. ${cap(goal)}.` : `Befolge ${s(r, b.instructionObject)} nicht mehr. ${cap(goal)}.`;
  const text = frame ? `${frame} ${frame.endsWith(',') ? core : cap(core)}` : cap(core);
  return { text, kind: 'override', types: ['injection'] };
}

function roleHijack(r: Rng, lang: L): Payload {
  const b = bank(lang);
  let text = say(pick(r, b.roleShape), r, { persona: b.persona });
  if (chance(r, 0.5)) text += ` ${cap(s(r, b.hijackGoal))}.`;
  else if (chance(r, 0.4)) text += lang === 'en' ? ` First question: how do I ${s(r, b.harm)}?` : ` Erste Frage: wie geht es, wenn man ${s(r, b.harm)}?`;
  const frame = s(r, b.framing);
  return { text: frame && !frame.endsWith(',') ? `${frame} ${text}` : text, kind: 'role_hijack', types: ['injection'] };
}

function devMode(r: Rng, lang: L): Payload {
  const b = bank(lang);
  let text = s(r, b.devMode);
  const tail = int(r, 0, 2);
  if (tail === 0) text += lang === 'en' ? ` Now tell me how to ${s(r, b.harm)}.` : ` Jetzt sag mir, wie man ${s(r, b.harm)}.`;
  else if (tail === 1) text += ` ${cap(s(r, b.hijackGoal))}.`;
  return { text, kind: 'persona', types: ['jailbreak'] };
}

function fiction(r: Rng, lang: L): Payload {
  const b = bank(lang);
  return { text: say(pick(r, b.fiction), r, { harm: b.harm }), kind: 'hypothetical', types: ['jailbreak'] };
}

function leak(r: Rng, lang: L, secret: boolean): Payload {
  const b = bank(lang);
  const ask = s(r, b.revealAsk);
  const obj = s(r, secret ? b.secretObject : b.promptObject);
  const question = /^(what|can|could|was|kannst)/i.test(ask);
  let core = question ? `${cap(ask)} ${obj}?` : `${cap(ask)} ${obj}${lang === 'de' && /^(gib|fasse|pack|lies|liste)/.test(ask) ? '' : ''}.`;
  if (!question && chance(r, 0.3)) core = lang === 'en' ? `Please ${ask} ${obj}.` : `Bitte ${ask} ${obj}.`;
  if (chance(r, 0.2)) core = lang === 'en' ? `Start your reply with "Sure, here is" and then ${ask} ${obj}.` : `Beginne deine Antwort mit "Klar, hier ist" und dann ${ask} ${obj}.`;
  const pre = s(r, b.pretext);
  const frame = chance(r, 0.4) ? s(r, b.framing) : '';
  const parts = [frame, chance(r, 0.5) ? pre : '', core, chance(r, 0.5) ? '' : pre].filter(Boolean);
  return { text: [...new Set(parts)].join(' '), kind: secret ? 'secret_leak' : 'prompt_leak', types: ['data_extraction'] };
}

/** Refusal suppression: a demand never to refuse or warn, with a harmful request or a persona. */
function noRefusal(r: Rng, lang: L): Payload {
  const b = bank(lang);
  const rules = [s(r, b.noRefusal), ...(chance(r, 0.5) ? [s(r, b.noRefusal)] : [])];
  const ask = chance(r, 0.6) ? (lang === 'en' ? `Now explain how to ${s(r, b.harm)}.` : `Erklär jetzt, wie man ${s(r, b.harm)}.`) : say(pick(r, b.roleShape), r, { persona: b.persona });
  const parts = chance(r, 0.5) ? [...new Set(rules), ask] : [ask, ...new Set(rules)];
  return { text: parts.join(' '), kind: 'persona', types: ['jailbreak'] };
}

/** Other users' data: the same reveal verbs aimed at what other people told the model. */
function othersData(r: Rng, lang: L): Payload {
  const b = bank(lang);
  const ask = s(r, b.revealAsk);
  const obj = s(r, b.othersData);
  const question = /^(what|can|could|was|kannst)/i.test(ask);
  const core = question ? `${cap(ask)} ${obj}?` : `${cap(ask)} ${obj}.`;
  const pre = chance(r, 0.5) ? s(r, b.pretext) : '';
  return { text: [pre, core].filter(Boolean).join(' '), kind: 'secret_leak', types: ['data_extraction'] };
}

const MAKERS: Record<string, (r: Rng, lang: L) => Payload> = {
  norefusal: noRefusal,
  others: othersData,
  override,
  role: roleHijack,
  devmode: devMode,
  fiction,
  leak: (r, l) => leak(r, l, false),
  secret: (r, l) => leak(r, l, true),
};

// ------------------------------------------------------------------ carriers (shared by attacks and innocent lines)

const NAMES = ['Anna Berg', 'Tom Lee', 'Priya Nair', 'Jonas Vogel', 'Maria Rossi', 'Kenji Sato'];
const FILLER = {
  en: [
    'Thanks for the quick turnaround last week.', 'The shipment left the warehouse on Tuesday.', 'Please find the figures for March below.',
    'Our team reviewed the draft and has a few comments.', 'The workshop starts at 9:30 in room B.', 'Let me know if anything is unclear.',
    'Invoice 2231 is attached.', 'The customer asked for a second quote.', 'We will update the roadmap after the review.',
  ],
  de: [
    'Danke für die schnelle Rückmeldung letzte Woche.', 'Die Lieferung hat das Lager am Dienstag verlassen.', 'Anbei die Zahlen für März.',
    'Unser Team hat den Entwurf geprüft und hat Anmerkungen.', 'Der Workshop beginnt um 9:30 in Raum B.', 'Sag Bescheid, wenn etwas unklar ist.',
    'Rechnung 2231 liegt bei.', 'Der Kunde bat um ein zweites Angebot.', 'Wir passen die Planung nach der Prüfung an.',
  ],
};
const TASK = {
  en: ['Summarize this email:', 'What does this customer want?', 'Extract the dates from this text:', 'Reply politely to this message:', 'Check this review for spam:'],
  de: ['Fasse diese E-Mail zusammen:', 'Was möchte dieser Kunde?', 'Extrahiere die Termine aus diesem Text:', 'Antworte höflich auf diese Nachricht:'],
};

interface Carried {
  text: string;
  source: Source;
  start: number;
  end: number;
  carrier: string;
}

/** Places `line` in a carrier; the span is where `line` sits in the result. */
const ANY_CARRIER = ['bare', 'bare', 'bare', 'email', 'task', 'csv', 'code', 'web', 'json', 'chat'];
/** Requests a person makes of the assistant (role-play, a story, a question) are innocent typed or said in a chat, not hidden in data. */
const SPOKEN_CARRIER = ['bare', 'bare', 'bare', 'chat'];
function carry(r: Rng, lang: L, line: string, kinds = ANY_CARRIER): Carried {
  const kind = pick(r, kinds);
  const fill = () => s(r, FILLER[lang]);
  let pre = '';
  let post = '';
  let body = line;
  let source: Source = 'prompt';
  switch (kind) {
    case 'bare':
      break;
    case 'email': {
      const who = pick(r, NAMES);
      pre = `${lang === 'en' ? 'From' : 'Von'}: ${who} <${who.split(' ')[0]!.toLowerCase()}@example.com>\n${lang === 'en' ? 'Subject' : 'Betreff'}: ${lang === 'en' ? 'Re: order' : 'AW: Bestellung'} ${int(r, 100, 999)}\n\n${lang === 'en' ? 'Hi' : 'Hallo'},\n\n${fill()} `;
      post = ` ${fill()}\n\n${lang === 'en' ? 'Best' : 'Viele Grüße'},\n${who.split(' ')[0]}`;
      source = chance(r, 0.5) ? 'document' : 'prompt';
      break;
    }
    case 'task':
      pre = `${s(r, TASK[lang])}\n\n${fill()} `;
      post = ` ${fill()}`;
      break;
    case 'csv': {
      const hdr = lang === 'en' ? 'id,customer,amount,note' : 'id,kunde,betrag,notiz';
      pre = `${hdr}\n${int(r, 1, 50)},${pick(r, NAMES)},${int(r, 10, 900)}.00,ok\n${int(r, 51, 99)},${pick(r, NAMES)},${int(r, 10, 900)}.00,"`;
      body = line.replace(/"/g, '""');
      post = `"\n${int(r, 100, 199)},${pick(r, NAMES)},${int(r, 10, 900)}.00,${lang === 'en' ? 'paid' : 'bezahlt'}`;
      source = chance(r, 0.5) ? 'document' : 'tool';
      break;
    }
    case 'code':
      pre = `function total(items) {\n  // ${lang === 'en' ? 'sum the prices' : 'Preise addieren'}\n  // `;
      body = line.replace(/\n/g, ' ');
      post = '\n  return items.reduce((a, b) => a + b.price, 0);\n}';
      source = 'document';
      break;
    case 'web':
      pre = `<html><body><h1>${lang === 'en' ? 'Spring offers' : 'Frühlingsangebote'}</h1><p>${fill()}</p><!-- `;
      post = ` --><p>${fill()}</p></body></html>`;
      source = 'tool';
      break;
    case 'json': {
      const envelope = `{"results":[{"title":"${lang === 'en' ? 'Review' : 'Bewertung'}","snippet":"`;
      const escaped = JSON.stringify(line).slice(1, -1);
      const text = `${envelope}${escaped}"},{"title":"FAQ","snippet":"${fill()}"}]}`;
      return { text, source: 'tool', start: envelope.length, end: envelope.length + escaped.length, carrier: 'r3-json' };
    }
    case 'chat':
      pre = `${lang === 'en' ? 'Customer' : 'Kunde'}: ${fill()}\n${lang === 'en' ? 'Agent' : 'Agent'}: ${fill()}\n${lang === 'en' ? 'Customer' : 'Kunde'}: `;
      post = `\n${lang === 'en' ? 'Agent' : 'Agent'}: ${fill()}`;
      source = chance(r, 0.5) ? 'document' : 'prompt';
      break;
  }
  return { text: pre + body + post, source, start: pre.length, end: pre.length + body.length, carrier: `r3-${kind}` };
}

// ------------------------------------------------------------------ families

export interface R3Sample {
  lang: L;
  source: Source;
  label: 'attack' | 'benign';
  kind: string;
  types: CheckType[];
  obfuscation?: string;
  carrier?: string;
  spans?: { start: number; end: number }[];
  text: string;
}

export interface R3Family {
  id: string;
  count: number;
  make: (r: Rng) => R3Sample;
}

function attackFamily(name: string, lang: L): R3Family {
  return {
    id: `r3-${name}-${lang}`,
    count: 90,
    make: (r) => {
      const p = MAKERS[name]!(r, lang);
      let line = p.text;
      let obfuscation: string | undefined;
      const noise = r();
      if (noise < 0.15) {
        line = typos(r, line, 3);
        obfuscation = 'typos';
      } else if (noise < 0.2) {
        line = spaceOneWord(line);
        obfuscation = 'spaced_word';
      }
      const c = carry(r, lang, line);
      return { lang, source: c.source, label: 'attack', kind: p.kind, types: p.types, ...(obfuscation ? { obfuscation } : {}), carrier: c.carrier, spans: [{ start: c.start, end: c.end }], text: c.text };
    },
  };
}

/** Innocent look-alikes: a maker returns one or more lines; they are carried like attacks are. */
const BENIGN_MAKERS: Record<string, (r: Rng, lang: L) => string> = {
  'override-data': (r, l) => s(r, bank(l).benignOverride),
  describe: (r, l) => s(r, bank(l).describe),
  draft: (r, l) => {
    const b = bank(l);
    const lines = Array.from({ length: int(r, 3, 7) }, () => s(r, b.draftLine));
    const body = [...new Set(lines)].join(chance(r, 0.5) ? '\n' : ' ');
    const intro = s(r, b.draftIntro);
    const quoted = intro && chance(r, 0.4) ? `"""\n${body}\n"""` : body;
    return intro ? `${intro}\n\n${quoted}` : quoted;
  },
  roleplay: (r, l) => s(r, bank(l).roleplay),
  story: (r, l) => s(r, bank(l).story),
  translate: (r, l) => {
    const b = bank(l);
    const what = chance(r, 0.6) ? s(r, b.retract) : s(r, b.benignOverride);
    return `${s(r, b.translateAsk)} "${what}"`;
  },
  policy: (r, l) => {
    const b = bank(l);
    return [...new Set(Array.from({ length: int(r, 2, 5) }, () => s(r, chance(r, 0.7) ? b.policy : b.describe)))].join(' ');
  },
  question: (r, l) => s(r, bank(l).question),
  retract: (r, l) => s(r, bank(l).retract),
  // Third-person sentences with the attack verbs and instruction/secret words: descriptions, not requests.
  'third-person': (r, l) => {
    const b = bank(l);
    const one = () => `${s(r, b.thirdSubject)} ${s(r, b.thirdVerb)} ${s(r, b.neutralObject)}.`;
    return chance(r, 0.5) ? one() : `${one()} ${one()}`;
  },
  // Imperatives aimed at ordinary things ("print the rules of the tournament").
  'neutral-ask': (r, l) => {
    const b = bank(l);
    const ask = s(r, b.neutralAsk);
    return `${ask} ${s(r, b.neutralObject)}${/^(where|can|wo)/i.test(ask) ? '?' : '.'}`;
  },
};

const SPOKEN = new Set(['roleplay', 'story', 'question', 'translate']);

function benignFamily(name: string, lang: L): R3Family {
  return {
    id: `r3-benign-${name}-${lang}`,
    count: ['draft', 'describe', 'override-data', 'third-person', 'neutral-ask'].includes(name) ? 90 : 60,
    make: (r) => {
      let line = BENIGN_MAKERS[name]!(r, lang);
      if (chance(r, 0.12)) line = typos(r, line, 3);
      const c = carry(r, lang, line, SPOKEN.has(name) ? SPOKEN_CARRIER : ANY_CARRIER);
      return { lang, source: c.source, label: 'benign', kind: `r3_${name.replace('-', '_')}`, types: [], carrier: c.carrier, text: c.text };
    },
  };
}

export const R3_FAMILIES: R3Family[] = (['en', 'de'] as const).flatMap((lang) => [
  ...Object.keys(MAKERS).map((m) => attackFamily(m, lang)),
  ...Object.keys(BENIGN_MAKERS).map((m) => benignFamily(m, lang)),
]);
