/**
 * The scanner's word knowledge, English and German, maintained by hand:
 *
 * 1. word classes: each word or short phrase belongs to one or more classes (an override verb, a
 *    word for "instructions", "your", a model noun ...). Rules match sequences of classes, not
 *    literal wordings, so "set aside the earlier directives" and "lass die bisherigen Vorgaben
 *    beiseite" hit the same rule as "ignore previous instructions". The classifier also sees the
 *    classes as features, which is how it generalises to synonyms it never saw in training.
 * 2. suspicious words with weights (the suspicious_words check): words and phrases that are rare in
 *    ordinary prompts and common in attacks.
 * 3. stop words, used to recognise ROT13 text (ordinary text has them, ROT13 has none until decoded).
 *
 * Everything is lower case, after the normaliser has folded homoglyphs and leetspeak. German
 * inflections are listed explicitly (no stemming: a stemmer would merge "Regeln" in "Spesenregeln"
 * with the rules a model is given). Multi-word entries are matched as token sequences (at most
 * three tokens); hyphens split tokens, so "API-Schlüssel" is the phrase "api schlüssel".
 */
import { combine, fnv } from './hash';
import { IntTable } from './int-table';

/** Word classes; a token's classes are a 64-bit set kept as two 32-bit halves (lo, hi). */
export const CLASS_LIST = [
  'IGNORE', 'PRIOR', 'INSTR', 'YOU', 'MODEL', 'NOW', 'REVEAL', 'PROMPTOBJ', 'SECRET', 'OTHERS', 'PERSONA', 'LIMIT', 'NEG',
  'PRETEND', 'HARM', 'HOWTO', 'BECOME', 'ROLE', 'DEV', 'VOID', 'ABOVE', 'TEXTOBJ', 'VERBATIM', 'DATAOBJ', 'LINK', 'APPEND',
  'USER', 'SAY', 'ADDRESS', 'TOLD', 'IF', 'DEVMODE',
  // second half
  'NEWWORD', 'COMPLY', 'STORE', 'OTHER', 'ASKED', 'PEOPLE', 'QUALIFY', 'PLEASE', 'WH', 'DISCLAIM', 'OURS', 'SOMEONE',
] as const;
export type ClassName = (typeof CLASS_LIST)[number];
export const CLASS_NAMES: readonly ClassName[] = CLASS_LIST;
const INDEX = new Map<string, number>(CLASS_LIST.map((c, i) => [c, i]));

/** Class names (space-separated) -> [lo, hi] masks. */
export function maskOf(names: string): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const name of names.split(/\s+/).filter(Boolean)) {
    const i = INDEX.get(name);
    if (i === undefined) throw new Error(`unknown word class ${name}`);
    if (i < 32) lo |= 1 << i;
    else hi |= 1 << (i - 32);
  }
  return [lo, hi];
}
const TWO32 = 4294967296;
/** A lexicon value packs both halves in one number (exact below 2^53). */
export const packMask = (lo: number, hi: number): number => (lo >>> 0) + (hi >>> 0) * TWO32;
export const loOf = (v: number): number => v >>> 0 | 0;
export const hiOf = (v: number): number => Math.floor(v / TWO32) | 0;

/** Class -> entries, comma-separated; an entry of several words is a phrase (at most three tokens). */
const CLASSES: Record<ClassName, string> = {
  // Possessives of a described third party: "our chatbot", "unser Bot" is talked about, not talked to.
  OURS: `our, ours, their, its, his, her, unser, unsere, unseren, unserem, unserer, unseres, sein, seine, seinen, seinem`,
  // Reported or hypothetical askers: "if someone asks for your instructions" describes a request, it does not make one.
  SOMEONE: `someone, somebody, anyone, anybody, a user, users, people, customers, jemand, jemandem, jemanden, irgendwer, wer`,
  DISCLAIM: `disclaimers, disclaimer, warnings, warning, caveats, refusals, refuse, refuses, refusing, apologise, apologises,
    apologize, apologizes, apologies, warnhinweise, warnhinweis, warnungen, ablehnt, ablehnen, entschuldigt, ausreden`,
  WH: `what, which, welche, welcher, welches, was`,
  QUALIFY: `for, on, about, regarding, concerning, zur, zum, für, über, bezüglich, hinsichtlich, betreffend`,
  PLEASE: `please, kindly, now, then, and, just, also, first, finally, immediately, simply, bitte, jetzt, dann, und, nun,
    zuerst, sofort, einfach, auch, noch`,
  NEWWORD: `new, updated, revised, neue, neuer, neues, neuen, aktualisierte, aktualisierter, geänderte`,
  COMPLY: `sure, absolutely, certainly, of course, here is how, here's how, no problem, klar, natürlich, kein problem, so geht`,
  STORE: `environment, memory, context, settings, database, records, storage, files, vault, system, configuration, config,
    konfiguration, umgebung, speicher,
    speicherung, einstellungen, datenbank, kartei, dateien, unterlagen, tresor`,
  OTHER: `other, another, others, last, previous, prior, aller, andere, anderer, anderen, anderes, fremde, fremden, letzte,
    letzten, vorherige, vorherigen`,
  ASKED: `asked, ask, wrote, write, written, said, typed, sent, told, gefragt, geschrieben, gesagt, geschickt, eingegeben`,
  PEOPLE: `users, customers, employees, staff, members, clients, patients, people, accounts, nutzer, nutzern, kunden,
    mitarbeiter, mitarbeitenden, mitarbeitende, beschäftigten, patienten, mitglieder, konten`,
  IGNORE: `ignore, ignoring, ignored, disregard, disregarding, forget, forgetting, override, overriding, bypass, bypassing, skip,
    discard, abandon, neglect, dismiss, scrap, ditch, circumvent, evade, nullify, drop, set aside, throw out, never mind,
    nevermind, pay no attention, stop following, stop obeying, cease following, cease obeying, don't follow, do not follow,
    get rid of, ignoriere, ignorier, ignorieren, ignoriert, vergiss, vergessen, vergesst, missachte, missachten, missachtet,
    übergehe, übergeh, übergehen, überspringe, umgehe, umgehen, verwirf, verwerfe, außer acht, beiseite, kümmere dich nicht,
    hinwegsetzen, nicht befolgen, befolge nicht, lass fallen, ignorierst, vergisst, missachtest, umgehst, übergehst,
    überspringst`,
  PRIOR: `previous, prior, preceding, earlier, foregoing, former, original, initial, old, all, any, every, existing, current,
    default, aforementioned, those, these, before, so far, up there, vorherigen, vorherige, vorheriger, bisherigen, bisherige,
    bisheriger, obigen, obige, vorigen, vorige, früheren, frühere, alten, alte, ursprünglichen, ursprüngliche, alle, sämtliche,
    sämtlichen, vorangegangenen, zuvor, vorher, bisher, oben`,
  INSTR: `instructions, instruction, directions, guidelines, rules, prompts, prompt, commands, directives, directive, orders,
    constraints, restrictions, programming, policies, guardrails, safeguards, system prompt, system message, content policy,
    content policies, anweisungen, anweisung, instruktionen, instruktion, regeln, vorgaben, befehle, richtlinien,
    einschränkungen, beschränkungen, programmierung, systemprompt, systemprompts, systemanweisung, systemanweisungen,
    systemnachricht, inhaltsrichtlinien, sicherheitsregeln, sicherheitsrichtlinien, schutzmechanismen`,
  YOU: `you, your, yours, yourself, you're, youre, you've, you'll, u, ur, du, dir, dich, dein, deine, deinen, deinem, deiner,
    deines`,
  MODEL: `ai, assistant, model, llm, chatbot, bot, gpt, chatgpt, claude, gemini, copilot, language model, ai agent, ai agents,
    ki, assistent, assistenten, sprachmodell, modell, chatbots, ki assistent, ki agenten, ki agent`,
  NOW: `now, henceforth, instead, anymore, from now on, starting now, from this point, no longer, any longer, from here on,
    jetzt, fortan, stattdessen, ab sofort, von nun an, ab jetzt, nicht mehr, nicht länger, ab heute`,
  REVEAL: `reveal, print, show, output, repeat, tell, display, disclose, dump, echo, leak, list, give, share, recite, paste,
    expose, export, provide, cat, spell out, read back, write out, read out, zeig, zeige, zeigen, gib, gebe, nenne, nennen,
    nenn, verrate, verraten, wiederhole, wiederholen, liste, drucke, exportiere, kopiere, lies vor, schreib ab, schreibe ab,
    gib aus, offenlegen, preisgeben, rück heraus, schreib heraus,
    reproduce, quote, type out, write down, copy out, zitiere, zitieren, gib wieder, schreib hin, schreib es hin, tippe ab`,
  PROMPTOBJ: `preamble, your configuration, your config, your setup, system prompt, system message, initial prompt, hidden prompt,
    hidden instructions, initial instructions, original instructions, original prompt, developer message, setup text,
    your instructions, your prompt, your rules, your guidelines, systemprompt, systemnachricht, einleitungstext,
    konfigurationstext, einrichtungstext, deine konfiguration, deiner konfiguration, ursprünglichen anweisungen, versteckten anweisungen,
    deine anweisungen, deinen prompt, deine regeln, versteckter prompt,
    opening instructions, first instructions, setup instructions, startanweisungen, ersten anweisungen`,
  SECRET: `password, passwords, passphrase, secret, secrets, credentials, token, tokens, api key, api keys, access token,
    secret key, private key, environment variables, env vars, env, database password, passwort, passwörter, kennwort,
    kennwörter, zugangsdaten, geheimnis, geheimnisse, umgebungsvariablen, datenbankpasswort, zugriffstoken, api schlüssel,
    secrets vault, etc passwd`,
  OTHERS: `previous user, other users, other user, other customers, other customer, another user, another account, last user,
    user before me, previous user's, vorherige nutzer, vorherigen nutzers, vorherigen nutzer,
    andere nutzer, anderer nutzer, anderer kunden, anderen nutzer, letzte nutzer, andere kunden`,
  PERSONA: `dan, stan, dude, evilbot, devmode, jailbreak, jailbroken, unfiltered, uncensored, unrestricted, unchained, unlocked,
    liberated, unbound, unaligned, freegpt, do anything now, mongo tom, no filter, ungefilterte, ungefiltert, ungefilterten, unzensiert, unzensierte, unzensierten, uneingeschränkt,
    uneingeschränkte, freigpt`,
  LIMIT: `restrictions, restriction, limits, limitations, filters, filter, boundaries, ethics, ethical, morals, moral,
    censorship, guardrails, safeguards, policies, rules, guidelines, warnings, disclaimers, refusals, einschränkungen, grenzen,
    zensur, verbote, regeln, richtlinien, ethische, moralische, warnhinweise, warnungen,
    refuse, refuses, refusing, apologise, apologises, apologize, apologizes, ablehnt, ablehnen, entschuldigt`,
  NEG: `no, not, never, without, free, don't, dont, won't, cannot, can't, zero, neither, kein, keine, keinen, keiner,
    keinerlei, ohne, frei, nie, niemals, nicht, nichts, free from, broken free, frei von,
    released from, unbound by, befreit von, losgelöst von`,
  PRETEND: `pretend, imagine, roleplay, simulate, hypothetically, hypothetical, theoretically, suppose, fictional, fiction, story,
    novel, screenplay, movie, game, act as, role play, play the role, alternate universe, parallel universe, alternate world,
    parallel world, bedtime story, hypothetisch, theoretisch, angenommen, fiktiv, geschichte, roman, paralleluniversum,
    parallelwelt, szene, stell dir vor, tu so, andere welt, gutenachtgeschichte, grandmother, grandma, granny, oma,
    großmutter, educational purposes, research purposes, research paper, purely fictional, just fiction, forschungszwecke,
    doktorarbeit, rein fiktiv, ganz fiktiv`,
  HARM: `meth, methamphetamine, bomb, bombs, explosive, explosives, napalm, ricin, sarin, anthrax, poison, poisoning, ransomware,
    malware, keylogger, virus, trojan, hotwire, hotwiring, launder, laundering, forge, forging, counterfeit, stalk, stalking,
    untraceable, gun, guns, weapon, weapons, murder, kill, pipe bomb, credential stealer, stolen credit cards,
    without getting caught, methamphetamin, bombe, rohrbombe, sprengstoff, gift, vergiften, vergiftet, schadsoftware, waffe,
    waffen, kurzschließt, kurzschließen, fälschen, fälscht, geldwäsche, wäscht, unbemerkt, töten, geld wäscht,
    nicht rückverfolgbare`,
  HOWTO: `recipe, tutorial, manual, how to, how do i, how would, step by step, detailed instructions, exact quantities,
    in detail, technical detail, wie man, schritt für schritt, anleitung, genau, detailliert, lehrbuchkapitel, genaue anleitung`,
  BECOME: `become, you are now, you're now, you are going, pretend to be, you will be, from now on, act as, you are no,
    du bist jetzt, bist du, du spielst, du bist nicht, du bist nun, du bist ab`,
  ROLE: `role, identity, persona, character, mode, personality, alter ego, shadow self, evil twin, rolle, identität, charakter,
    modus, figur, persönlichkeit`,
  DEV: `developer, developers, admin, administrator, creator, owner, root, operator, openai, anthropic, sysadmin, system owner,
    dev team, entwickler, betreiber, systembetreiber, entwicklerteam`,
  VOID: `void, cancelled, canceled, revoked, obsolete, outdated, superseded, invalid, nullified, lifted, no longer apply,
    no longer valid, do not apply, don't apply, aufgehoben, ungültig, hinfällig, egal, gelten nicht mehr, nicht mehr gültig,
    nicht mehr wichtig, gilt nicht mehr,
    don't count, do not count, no longer count, don't matter, do not matter, irrelevant, are out, zählen nicht, vom tisch, obsolet, überholt, spielen keine rolle`,
  ABOVE: `above, before this, before my, prior to, at the start, at the beginning, this conversation, oben, vor meiner,
    vor dieser, über dieser, am anfang, vor diesem`,
  TEXTOBJ: `text, words, everything, content, all text, alles, inhalt, den text, gesamten text`,
  VERBATIM: `verbatim, exactly, unmasked, completely, word for word, in full, code block, wörtlich, vollständig, unverändert,
    unmaskiert, wort für wort, im wortlaut`,
  DATAOBJ: `conversation, history, messages, email, emails, name, password, summary, chat history, user's messages,
    email address, email addresses, personal data, phone numbers, credit card numbers, home addresses, addresses, salaries,
    order history, chatverlauf, verlauf, dialog, nachrichten, daten, e mail, telefonnummern, kreditkartennummern, adressen,
    e mail adressen, gehälter, bestellhistorie`,
  LINK: `url, link, image, pixel, src, markdown image, query string, as a parameter, bild, zählpixel, adresse, parameter`,
  APPEND: `append, include, add, embed, attach, insert, put, render, fill in, hänge, anhängen, füge, einfügen, bette,
    einbetten, hänge an`,
  USER: `user, user's, users, reader, human, customer, nutzer, benutzer, leser, kunde, mensch`,
  SAY: `say, reply, respond, answer, mention, inform, antworte, sag, beantworte, erwähne, erwähnen, informiere, verrate`,
  ADDRESS: `note, attention, important, notice, p s, ps, message to, instruction for, hinweis, mitteilung, achtung, wichtig,
    nachricht an`,
  TOLD: `told, said, given, gave, instructed, programmed, configured, gesagt, gegeben, gab, aufgetragen, befohlen,
    programmiert, eingerichtet, mitgegeben,
    stored, saved, kept, use, uses, using, hinterlegt, gespeichert, nutzt, verwendest, benutzt`,
  IF: `if, falls, wenn`,
  DEVMODE: `developer mode, dev mode, god mode, devmode, jailbreak mode, dan mode, entwicklermodus, developer modus,
    unrestricted mode, maintenance mode, admin mode, debug mode, godmode`,
};

/** Suspicious words and phrases with weights (suspicious_words check), English and German. */
export const SUSPICIOUS: Record<string, number> = {
  // instruction overrides
  'ignore previous': 0.6, 'ignore all': 0.45, 'ignore the above': 0.6, 'ignore your': 0.45, 'disregard previous': 0.6,
  'disregard all': 0.45, 'disregard the': 0.2, 'disregard your': 0.45, 'forget everything': 0.45, 'forget your': 0.35,
  'forget all': 0.35, 'previous instructions': 0.45, 'prior instructions': 0.45, 'above instructions': 0.45,
  'earlier instructions': 0.4, 'original instructions': 0.35, 'your instructions': 0.3, 'your programming': 0.35,
  'new instructions': 0.35, 'updated instructions': 0.35, 'no longer apply': 0.35, 'override': 0.1, 'bypass': 0.15,
  'pwned': 0.45, 'pwn': 0.3, 'access granted': 0.3, 'admin override': 0.45, 'root access': 0.25, 'sudo': 0.1,
  'you are no longer': 0.45, 'from now on you': 0.25, 'new role': 0.3, 'new persona': 0.35, 'new identity': 0.35,
  'end of user input': 0.5, 'system message': 0.15, 'im_start': 0.6, 'im_end': 0.5, 'inst': 0.1, 'sys': 0.1,
  'do not tell the user': 0.45, "don't tell the user": 0.45, 'do not mention': 0.25, 'if you are an ai': 0.4,
  'ai assistant reading': 0.45, 'language model reading': 0.45,
  // jailbreak framings
  'jailbreak': 0.2, 'jailbroken': 0.5, 'do anything now': 0.7, 'developer mode': 0.25, 'dev mode': 0.25, 'god mode': 0.35,
  'dan mode': 0.5, 'unfiltered': 0.35, 'uncensored': 0.35, 'unrestricted': 0.3, 'unchained': 0.3, 'no restrictions': 0.35,
  'without restrictions': 0.35, 'no rules': 0.3, 'no limits': 0.2, 'no filters': 0.3, 'no ethical': 0.4, 'no moral': 0.4,
  'stay in character': 0.25, "don't break character": 0.3, 'no disclaimers': 0.35, 'without warnings': 0.25,
  'hypothetically': 0.15, 'purely hypothetical': 0.25, 'alter ego': 0.2, 'evil': 0.1, 'guardrails': 0.1,
  'safety training': 0.2, 'content policy': 0.15, 'ethical guidelines': 0.15, 'dan': 0.05,
  // extraction
  'system prompt': 0.2, 'hidden instructions': 0.25, 'initial instructions': 0.3, 'initial prompt': 0.3, 'verbatim': 0.15,
  'word for word': 0.15, 'text above': 0.3, 'exfiltrate': 0.4, 'exfiltration': 0.2, 'api key': 0.1, 'credentials': 0.1,
  'environment variables': 0.1, 'previous user': 0.4, 'other users': 0.2, 'chat history': 0.15,
  // harmful requests
  'ransomware': 0.3, 'keylogger': 0.3, 'meth': 0.25, 'methamphetamine': 0.35, 'napalm': 0.35, 'pipe bomb': 0.45,
  'ricin': 0.4, 'untraceable': 0.3, 'without getting caught': 0.35,
  // German
  'ignoriere alle': 0.5, 'ignoriere die': 0.3, 'ignoriere deine': 0.45, 'vergiss alles': 0.45, 'vergiss deine': 0.35,
  'vorherigen anweisungen': 0.45, 'bisherigen anweisungen': 0.45, 'obigen anweisungen': 0.45, 'deine anweisungen': 0.3,
  'neue anweisung': 0.3, 'neue anweisungen': 0.35, 'gelten nicht mehr': 0.2, 'du bist nicht mehr': 0.4,
  'ab jetzt bist du': 0.25, 'entwicklermodus': 0.25, 'ungefiltert': 0.35, 'ungefilterte': 0.35, 'unzensiert': 0.35,
  'unzensierte': 0.35, 'ohne einschränkungen': 0.3, 'keine regeln': 0.25, 'keine grenzen': 0.25,
  'bleib in der rolle': 0.25, 'rein hypothetisch': 0.25, 'systemprompt': 0.2, 'wörtlich': 0.1, 'gehackt': 0.2,
  'zugangsdaten': 0.1, 'umgebungsvariablen': 0.1, 'vorherigen nutzers': 0.4, 'rohrbombe': 0.45, 'sprengstoff': 0.3,
  'methamphetamin': 0.35, 'schadsoftware': 0.2, 'vergiften': 0.25, 'warnhinweise': 0.1, 'falls du eine ki bist': 0.45,
  'sag dem nutzer nichts': 0.45,
};

/** Common English and German function words: present in ordinary text, absent from ROT13. */
export const STOPWORDS =
  'the a an and or of to in on at for with is are was were be it this that you your i we they he she not but if then so as by from ' +
  'what how all my me do does can will would should have has had there their here about into than its our der die das und oder ' +
  'nicht ist sind war ein eine einen dem den des zu im am mit von für auf ich du er sie es wir ihr mein dein was wie wenn dann ' +
  'auch noch nur so als bei aus nach über um bitte';

// ------------------------------------------------------------------ compiled lookup tables

/** Token-sequence key: the hash of one token, or the combination of two or three token hashes. */
export function phraseKey(tokens: string[]): number {
  let h = fnv(tokens[0]!);
  for (let i = 1; i < tokens.length; i++) h = combine(h, fnv(tokens[i]!));
  return h;
}

export interface Lexicon {
  /** single word hash -> packed class mask (packMask) */
  words: Map<number, number>;
  /** two-token phrase key -> class mask */
  phrases2: Map<number, number>;
  /** three-token phrase key -> class mask */
  phrases3: Map<number, number>;
  /** key (1-3 tokens) -> [weight, phrase] for suspicious_words */
  suspicious: Map<number, [number, string]>;
  suspiciousLen: Map<number, number>;
  stopwords: Set<number>;
  /** The same words, phrases and stop words as flat tables for the tokenizer's per-token lookups. */
  wordTable: IntTable;
  phrase2Table: IntTable;
  phrase3Table: IntTable;
  stopTable: IntTable;
}

const tableOf = (map: Map<number, number>): IntTable => new IntTable([...map].map(([k, v]) => [k, loOf(v), hiOf(v)] as [number, number, number]));

/** Words shorter than this get no typo variants: short variants collide with ordinary words. */
const TYPO_MIN_LENGTH = 6;

/** One-edit misspellings of a word that keep its first letter: a letter dropped, two swapped, one doubled. */
export function typoVariants(w: string): string[] {
  const out = new Set<string>();
  for (let i = 1; i < w.length; i++) {
    out.add(w.slice(0, i) + w.slice(i + 1));
    if (i + 1 < w.length) out.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
    out.add(w.slice(0, i) + w[i] + w.slice(i));
  }
  out.delete(w);
  return [...out];
}

/**
 * Typed attacks carry typos ("ignroe all previus instructions") that miss every lexicon entry, so
 * neither the rules nor the classifier's class features see them. Every single word of at least
 * TYPO_MIN_LENGTH letters, alone or in a two-word phrase, also answers to its one-edit misspellings
 * (the same single lookup per token at scan time; about 20k extra keys). A variant that is itself a
 * lexicon word keeps only its own classes ("forge" is not "forget").
 */
function addTypoVariants(words: Map<number, number>, phrases2: Map<number, number>, or: (map: Map<number, number>, key: number, lo: number, hi: number) => void): void {
  const real = new Set(words.keys());
  const wordVariants: [number, number][] = [];
  const phraseVariants: [number, number][] = [];
  for (const name of CLASS_NAMES) {
    for (const entry of CLASSES[name].split(',')) {
      const toks = entry.replace(/\s+/g, ' ').trim().split(/[\s-]+/).filter(Boolean);
      if (toks.length === 1 && toks[0]!.length >= TYPO_MIN_LENGTH) {
        const v = words.get(fnv(toks[0]!))!;
        for (const t of typoVariants(toks[0]!)) if (!real.has(fnv(t))) wordVariants.push([fnv(t), v]);
      } else if (toks.length === 2) {
        const v = phrases2.get(phraseKey(toks))!;
        for (const k of [0, 1]) {
          if (toks[k]!.length < TYPO_MIN_LENGTH) continue;
          for (const t of typoVariants(toks[k]!)) phraseVariants.push([phraseKey(k === 0 ? [t, toks[1]!] : [toks[0]!, t]), v]);
        }
      }
    }
  }
  for (const [key, v] of wordVariants) or(words, key, loOf(v), hiOf(v));
  for (const [key, v] of phraseVariants) if (!phrases2.has(key)) or(phrases2, key, loOf(v), hiOf(v));
}

function build(): Lexicon {
  const words = new Map<number, number>();
  const phrases2 = new Map<number, number>();
  const phrases3 = new Map<number, number>();
  const or = (map: Map<number, number>, key: number, lo: number, hi: number) => {
    const v = map.get(key) ?? 0;
    map.set(key, packMask(loOf(v) | lo, hiOf(v) | hi));
  };
  const add = (entry: string, [lo, hi]: [number, number]) => {
    const toks = entry.split(/[\s-]+/).filter(Boolean);
    if (toks.length === 1) or(words, fnv(toks[0]!), lo, hi);
    else if (toks.length === 2) or(phrases2, phraseKey(toks), lo, hi);
    else if (toks.length === 3) or(phrases3, phraseKey(toks), lo, hi);
    else throw new Error(`lexicon phrase longer than three tokens: ${entry}`);
  };
  for (const name of CLASS_NAMES) {
    for (const entry of CLASSES[name].split(',')) {
      const t = entry.replace(/\s+/g, ' ').trim();
      if (t) add(t, maskOf(name));
    }
  }
  addTypoVariants(words, phrases2, or);
  const suspicious = new Map<number, [number, string]>();
  const suspiciousLen = new Map<number, number>();
  for (const [phrase, weight] of Object.entries(SUSPICIOUS)) {
    const toks = phrase.split(/[\s-]+/);
    const key = phraseKey(toks);
    suspicious.set(key, [weight, phrase]);
    suspiciousLen.set(key, toks.length);
  }
  const stopwords = new Set(STOPWORDS.split(/\s+/).map((w) => fnv(w)));
  return {
    words,
    phrases2,
    phrases3,
    suspicious,
    suspiciousLen,
    stopwords,
    wordTable: tableOf(words),
    phrase2Table: tableOf(phrases2),
    phrase3Table: tableOf(phrases3),
    stopTable: new IntTable([...stopwords].map((k) => [k, 1, 0] as [number, number, number])),
  };
}

export const LEXICON: Lexicon = build();
