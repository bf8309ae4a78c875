import { createHash, randomBytes } from 'node:crypto';
import { faker as fakerDe } from '@faker-js/faker/locale/de';
import { faker as fakerEn } from '@faker-js/faker/locale/en';
import { composeIBAN, electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Language } from './entity-types';
import { FEMALE_FIRST_NAMES, FIRST_NAMES, MALE_FIRST_NAMES, NRP_STEMS_DE, ORG_SUFFIXES } from './lexicons';
import {
  abaRoutingValid,
  cardBrand,
  deaValid,
  digitsOf,
  einValid,
  iso7064Mod11_10,
  lanrValid,
  luhnCheckDigit,
  ssnValid,
  steuerIdValid,
} from './validators';

/**
 * Stand-ins: realistic values of the same type and format as the original (a German name for a
 * German name, a Luhn-valid card of the same brand and grouping, a mod-97-valid IBAN of the same
 * country). Generation is deterministic per session seed and original, and never returns a value
 * that equals or contains the original.
 */

type Faker = typeof fakerEn;

const TYPE_CODES: Record<string, string> = {
  PERSON: 'PER',
  EMAIL_ADDRESS: 'EML',
  PHONE_NUMBER: 'PHN',
  LOCATION: 'LOC',
  DATE_OF_BIRTH: 'DOB',
  ADDRESS: 'ADR',
  CREDIT_CARD: 'CC',
  IBAN: 'IBN',
  US_SSN: 'SSN',
  TAX_ID: 'TAX',
  US_BANK_NUMBER: 'BNK',
  MEDICAL_LICENSE: 'MED',
  NRP: 'NRP',
  API_KEY: 'KEY',
  CONNECTION_STRING: 'CON',
  PASSWORD: 'PWD',
  ORGANIZATION: 'ORG',
  IP_ADDRESS: 'IP',
  URL: 'URL',
  REDLIST: 'RED',
};

/** The letters of a type's short code ("PER" for PERSON; "CUS" for custom labels). */
export function codePrefix(entityType: string): string {
  return TYPE_CODES[entityType] ?? 'CUS';
}

export interface StandInEntry {
  /** Short code, unique in the session: type letters + sequence ("PER1"). */
  code: string;
  entityType: string;
  original: string;
  standIn: string;
}

export interface StandInVaultJSON {
  version: 1;
  nonce: string;
  seed: string;
  language: Language;
  entries: StandInEntry[];
}

/** Originals that are the same value for a reader map to one stand-in (case, spacing). */
function normaliseKey(entityType: string, original: string): string {
  const collapsed = original.trim().replace(/\s+/g, ' ');
  const caseless = ['PERSON', 'EMAIL_ADDRESS', 'LOCATION', 'ORGANIZATION', 'URL', 'ADDRESS', 'NRP', 'REDLIST'].includes(entityType);
  return `${entityType}\u0000${caseless ? collapsed.toLowerCase() : collapsed}`;
}

function seedOf(...parts: string[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}

/**
 * Holds a session's mapping original ↔ stand-in. Serialise with toJSON() for encrypted storage;
 * restore with StandInVault.fromJSON(). The nonce scopes protected-reference wrappers to the session.
 */
export class StandInVault {
  readonly nonce: string;
  readonly seed: string;
  readonly language: Language;
  private readonly byKey = new Map<string, StandInEntry>();
  private readonly byCode = new Map<string, StandInEntry>();
  private readonly standIns = new Set<string>();
  private readonly originals = new Set<string>();
  /** Originals announced by reserve() whose stand-ins may not exist yet (never serialised). */
  private readonly reserved = new Set<string>();
  private readonly counters = new Map<string, number>();

  constructor(options: { language?: Language; nonce?: string; seed?: string } = {}) {
    this.language = options.language === 'de' ? 'de' : 'en';
    this.nonce = options.nonce ?? randomBytes(4).toString('hex');
    this.seed = options.seed ?? randomBytes(16).toString('hex');
    if (!/^[0-9a-f]{8}$/.test(this.nonce)) throw new Error('vault nonce must be 8 lower-case hex characters');
  }

  static fromJSON(json: StandInVaultJSON | string): StandInVault {
    const data: StandInVaultJSON = typeof json === 'string' ? JSON.parse(json) : json;
    const vault = new StandInVault({ language: data.language, nonce: data.nonce, seed: data.seed });
    for (const e of data.entries) vault.add(e);
    return vault;
  }

  toJSON(): StandInVaultJSON {
    return { version: 1, nonce: this.nonce, seed: this.seed, language: this.language, entries: this.entries() };
  }

  entries(): StandInEntry[] {
    return [...this.byCode.values()];
  }

  /**
   * The protection manifest: one entry per stand-in with its code, type, value and wrapper
   * (protected reference). Never the original value: safe to return to the caller or a model.
   */
  manifest(): { id: string; entityType: string; value: string; ref: string }[] {
    return this.entries().map((e) => ({ id: e.code, entityType: e.entityType, value: e.standIn, ref: `[[ref:${this.nonce}:${e.code} ${e.standIn}]]` }));
  }

  get size(): number {
    return this.byCode.size;
  }

  entryByCode(code: string): StandInEntry | undefined {
    return this.byCode.get(code.toUpperCase().replace(/\s+/g, ''));
  }

  private add(entry: StandInEntry): void {
    this.byKey.set(normaliseKey(entry.entityType, entry.original), entry);
    this.byCode.set(entry.code, entry);
    this.standIns.add(entry.standIn.toLowerCase());
    this.originals.add(entry.original.toLowerCase());
    const prefix = codePrefix(entry.entityType);
    const n = Number(entry.code.slice(prefix.length));
    if (Number.isFinite(n)) this.counters.set(prefix, Math.max(this.counters.get(prefix) ?? 0, n));
  }

  /** The stand-in for `original` (created on first sight, the same one afterwards). */
  standInFor(entityType: string, original: string, language: Language = this.language): StandInEntry {
    const key = normaliseKey(entityType, original);
    const existing = this.byKey.get(key);
    if (existing) return existing;
    const f = language === 'de' ? fakerDe : fakerEn;
    let standIn = '';
    for (let attempt = 0; attempt < 40; attempt++) {
      f.seed(seedOf(this.seed, key, String(attempt)));
      const candidate = attempt < 30 ? generateStandIn(entityType, original, language, f) : shapeRandom(original, f);
      if (this.acceptable(candidate, original)) {
        standIn = candidate;
        break;
      }
    }
    if (!standIn) standIn = `${shapeRandom(original, f)}${this.byCode.size}`;
    const prefix = codePrefix(entityType);
    const n = (this.counters.get(prefix) ?? 0) + 1;
    const entry: StandInEntry = { code: `${prefix}${n}`, entityType, original, standIn };
    this.add(entry);
    return entry;
  }

  /**
   * Tells the vault which originals a text holds before their stand-ins are drawn (sanitizeText
   * does this), so that no stand-in contains an original that appears later in the same text.
   */
  reserve(originals: Iterable<string>): void {
    for (const o of originals) {
      const key = o.trim().replace(/\s+/g, ' ').toLowerCase();
      if (key.length >= 3) this.reserved.add(key);
    }
  }

  private acceptable(candidate: string, original: string): boolean {
    if (!candidate || candidate.includes(']]') || candidate.includes('[[')) return false;
    const c = candidate.toLowerCase();
    const o = original.toLowerCase().trim();
    if (c === o || c.includes(o) || (c.length >= 3 && o.includes(c))) return false;
    // Two originals never share a stand-in, and no stand-in is another original of the session.
    if (this.standIns.has(c) || this.originals.has(c)) return false;
    return !this.containsAnOriginal(c);
  }

  /**
   * True when the stand-in contains any original of the session (a city in an address stand-in
   * that is also a LOCATION original would put that original into the sanitized text). Small
   * sessions are checked by substring; large ones by word sequences of up to four words.
   */
  private containsAnOriginal(c: string): boolean {
    const all = [this.originals, this.reserved];
    if (this.originals.size + this.reserved.size <= 2000) {
      for (const set of all) for (const o of set) if (o.length >= 3 && c.includes(o)) return true;
      return false;
    }
    const words = c.split(/[\s,;]+/).filter(Boolean);
    for (let i = 0; i < words.length; i++) {
      let gram = '';
      for (let j = i; j < Math.min(words.length, i + 4); j++) {
        gram = gram ? `${gram} ${words[j]}` : words[j];
        if (gram.length >= 3 && (this.originals.has(gram) || this.reserved.has(gram))) return true;
      }
    }
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Generators, one per entity type. `f` is a faker instance already seeded for this value.

function randomDigit(f: Faker, nonZero = false): string {
  return String(f.number.int({ min: nonZero ? 1 : 0, max: 9 }));
}

/** Same shape: digits → digits, upper → upper, lower → lower, everything else kept. */
export function shapeRandom(original: string, f: Faker): string {
  let out = '';
  for (let i = 0; i < original.length; i++) {
    const ch = original[i];
    if (/\d/.test(ch)) out += randomDigit(f, i === 0 && ch !== '0');
    else if (/[A-Z]/.test(ch)) out += f.string.alpha({ length: 1, casing: 'upper' });
    else if (/[a-z]/.test(ch)) out += f.string.alpha({ length: 1, casing: 'lower' });
    else if (/\p{Lu}/u.test(ch)) out += f.string.alpha({ length: 1, casing: 'upper' });
    else if (/\p{Ll}/u.test(ch)) out += f.string.alpha({ length: 1, casing: 'lower' });
    else out += ch;
  }
  return out;
}

/** Replaces the digits of `template` in order with `digits` (keeps spaces, dashes, brackets). */
function refill(template: string, digits: string): string {
  let k = 0;
  return template.replace(/\d/g, () => digits[k++] ?? '0');
}

function randomDigits(f: Faker, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += randomDigit(f);
  return s;
}

function matchCase(template: string, value: string): string {
  if (template === template.toUpperCase() && template !== template.toLowerCase()) return value.toUpperCase();
  if (template === template.toLowerCase() && template !== template.toUpperCase()) return value.toLowerCase();
  return value;
}

/** The sex a first name is usually given to, when the lexicons agree on one. */
function sexOf(firstName: string): 'female' | 'male' | undefined {
  const w = firstName.toLowerCase();
  const female = FEMALE_FIRST_NAMES.has(w);
  const male = MALE_FIRST_NAMES.has(w);
  return female && !male ? 'female' : male && !female ? 'male' : undefined;
}

/** A first name of that sex; faker mixes in unisex names, so skip any only the other sex bears. */
function firstNameOf(f: Faker, sex: 'female' | 'male' | undefined): string {
  let name = f.person.firstName(sex);
  for (let i = 0; i < 8 && sex && sexOf(name) !== undefined && sexOf(name) !== sex; i++) name = f.person.firstName(sex);
  return name;
}

/**
 * A surname of at least four letters: the restorer puts back a surname standing alone ("Thanks, Mr
 * Vogt") only from four letters on (shorter ones such as "Orn" or "Li" are too likely to be an
 * ordinary word or part of another name), so a shorter stand-in surname would leave a model's
 * "Mr Orn" unrestorable.
 */
function restorableSurname(f: Faker): string {
  let name = f.person.lastName();
  for (let i = 0; i < 16 && name.length < 4; i++) name = f.person.lastName();
  return name;
}

function personName(original: string, f: Faker): string {
  const parts = original.trim().split(/\s+/);
  const sex = sexOf(parts[0]);
  if (parts.length === 1) {
    return matchCase(original, FIRST_NAMES.has(parts[0].toLowerCase()) ? firstNameOf(f, sex) : restorableSurname(f));
  }
  const middle = parts.length > 2 ? ` ${firstNameOf(f, sex)}` : '';
  return matchCase(original, `${firstNameOf(f, sex)}${middle} ${restorableSurname(f)}`);
}

const FREE_MAIL = ['gmail.com', 'googlemail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'gmx.de', 'gmx.net', 'web.de', 't-online.de', 'icloud.com', 'aol.com', 'posteo.de', 'mail.de'];
function emailAddress(original: string, f: Faker): string {
  const domain = original.split('@')[1]?.toLowerCase() ?? '';
  const first = f.person.firstName();
  const last = f.person.lastName();
  const provider = FREE_MAIL.includes(domain) ? f.helpers.arrayElement(FREE_MAIL) : f.internet.domainName();
  return f.internet.email({ firstName: first, lastName: last, provider }).toLowerCase();
}

function phoneNumber(original: string, f: Faker, language: Language): string {
  const digits = digitsOf(original);
  const parsed = parsePhoneNumberFromString(original, language === 'de' ? 'DE' : 'US');
  // Keep the country and area prefix (not personal), draw the subscriber digits.
  const keep = Math.min(digits.length - 4, original.trim().startsWith('+') || original.trim().startsWith('00') ? (parsed?.countryCallingCode.length ?? 2) + (original.trim().startsWith('00') ? 2 : 0) + 3 : 3);
  for (let i = 0; i < 60; i++) {
    const candidate = refill(original, digits.slice(0, Math.max(0, keep)) + randomDigits(f, digits.length - Math.max(0, keep)));
    const p = parsePhoneNumberFromString(candidate, parsed?.country ?? (language === 'de' ? 'DE' : 'US'));
    if (p?.isValid() && digitsOf(candidate) !== digits) return candidate;
  }
  return refill(original, digits.slice(0, 3) + randomDigits(f, digits.length - 3));
}

function cardNumber(original: string, f: Faker): string {
  const digits = digitsOf(original);
  const brand = cardBrand(original);
  const keep = brand === 'amex' ? 2 : brand ? 4 : 1;
  const body = digits.slice(0, keep) + randomDigits(f, digits.length - keep - 1);
  return refill(original, body + luhnCheckDigit(body));
}

function ibanNumber(original: string, f: Faker): string {
  const e = electronicFormatIBAN(original) ?? original.replace(/\s/g, '');
  const country = e.slice(0, 2);
  const bbanShape = e.slice(4);
  let iban: string | null = null;
  for (let i = 0; i < 100 && !iban; i++) {
    let bban = '';
    for (const ch of bbanShape) bban += /\d/.test(ch) ? randomDigit(f) : f.string.alpha({ length: 1, casing: 'upper' });
    const candidate = composeIBAN({ countryCode: country, bban });
    if (candidate && isValidIBAN(candidate) && candidate !== e) iban = candidate;
  }
  if (!iban) iban = composeIBAN({ countryCode: 'DE', bban: randomDigits(f, 18) }) ?? 'DE02120300000000202051';
  // Same grouping as the original: groups of four when it had spaces.
  return /\s/.test(original.trim()) ? iban.replace(/(.{4})(?=.)/g, '$1 ') : iban;
}

function ssn(original: string, f: Faker): string {
  for (;;) {
    const area = f.number.int({ min: 1, max: 899 });
    if (area === 666) continue;
    const d = String(area).padStart(3, '0') + String(f.number.int({ min: 1, max: 99 })).padStart(2, '0') + String(f.number.int({ min: 1, max: 9999 })).padStart(4, '0');
    if (ssnValid(d)) return /\D/.test(original) ? refill(original, d) : d;
  }
}

function steuerId(original: string, f: Faker): string {
  for (;;) {
    const pool = f.helpers.shuffle(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const body = f.helpers.shuffle([...pool.slice(0, 9), pool[0]]).join('');
    if (body[0] === '0') continue;
    const d = body + iso7064Mod11_10(body);
    if (steuerIdValid(d)) return refill(original, d);
  }
}

function taxId(original: string, f: Faker): string {
  if (steuerIdValid(original)) return steuerId(original, f);
  if (einValid(original)) {
    for (;;) {
      const candidate = refill(original, String(f.number.int({ min: 10, max: 99 })) + randomDigits(f, 7));
      if (einValid(candidate)) return candidate;
    }
  }
  if (/^(DE|ATU)/.test(original)) return original.replace(/\d/g, () => randomDigit(f));
  return shapeRandom(original, f);
}

function bankNumber(original: string, f: Faker): string {
  if (abaRoutingValid(original)) {
    for (;;) {
      const candidate = refill(original, randomDigits(f, 9));
      if (abaRoutingValid(candidate) && candidate[0] !== '0') return candidate;
    }
  }
  return shapeRandom(original, f);
}

function medicalLicense(original: string, f: Faker): string {
  if (deaValid(original)) {
    const letters = original.replace(/[\s-]/g, '').slice(0, 2);
    for (;;) {
      const d = randomDigits(f, 6);
      const n = d.split('').map(Number);
      const check = (n[0] + n[2] + n[4] + 2 * (n[1] + n[3] + n[5])) % 10;
      const candidate = `${letters[0]}${f.string.alpha({ length: 1, casing: 'upper' })}${d}${check}`;
      if (deaValid(candidate)) return candidate;
    }
  }
  if (lanrValid(original)) {
    const digits = digitsOf(original);
    const body = randomDigits(f, 6);
    const w = [4, 9, 4, 9, 4, 9];
    const sum = body.split('').reduce((s, c, i) => s + Number(c) * w[i], 0);
    return refill(original, body + ((10 - (sum % 10)) % 10) + digits.slice(7));
  }
  return shapeRandom(original, f);
}

const MONTHS: Record<Language, string[][]> = {
  en: [
    ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ],
  de: [
    ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
    ['Jan', 'Feb', 'Mär', 'Apr', 'Mai', 'Jun', 'Jul', 'Aug', 'Sep', 'Okt', 'Nov', 'Dez'],
  ],
};

function dateOfBirth(original: string, f: Faker): string {
  const date = f.date.birthdate({ mode: 'age', min: 18, max: 85 });
  const y = String(date.getUTCFullYear());
  const m = date.getUTCMonth();
  const d = date.getUTCDate();
  const pad = (n: number, like: string) => (like.length === 2 ? String(n).padStart(2, '0') : String(n));
  // Numeric forms: keep separators, order and padding.
  let r = /^(\d{4})([-./])(\d{1,2})\2(\d{1,2})$/.exec(original);
  if (r) return `${y}${r[2]}${pad(m + 1, r[3])}${r[2]}${pad(d, r[4])}`;
  r = /^(\d{1,2})([-./])(\d{1,2})\2(\d{2}|\d{4})$/.exec(original);
  if (r) {
    const year = r[4].length === 2 ? y.slice(2) : y;
    const monthFirst = r[2] === '/' && Number(r[1]) <= 12 && Number(r[3]) > 12 ? true : r[2] === '/' && Number(r[1]) <= 12;
    return monthFirst ? `${pad(m + 1, r[1])}${r[2]}${pad(d, r[3])}${r[2]}${year}` : `${pad(d, r[1])}${r[2]}${pad(m + 1, r[3])}${r[2]}${year}`;
  }
  // Named months: swap the month name for another of the same list and style.
  for (const lang of ['en', 'de'] as Language[]) {
    for (const list of MONTHS[lang]) {
      const idx = list.findIndex((name) => new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, 'u').test(original));
      if (idx < 0) continue;
      let k = 0;
      const withDigits = original.replace(/\d{4}/, y).replace(/(?<!\d)\d{1,2}(?!\d)/, () => (k++ === 0 ? String(d) : ''));
      return withDigits.replace(list[idx], list[m === idx ? (m + 1) % 12 : m]);
    }
  }
  return shapeRandom(original, f);
}

function address(original: string, f: Faker, language: Language): string {
  const defs = f.rawDefinitions.location as { city_name?: string[]; state_abbr?: string[] };
  const city = f.helpers.arrayElement(defs.city_name ?? ['Springfield']);
  const streetOnly = !/\d{5}|,/.test(original);
  if (/^\d{5} /.test(original.trim()) || /^D-\d{5} /.test(original.trim())) {
    return `${original.startsWith('D-') ? 'D-' : ''}${f.location.zipCode('#####')} ${city}`;
  }
  if (/^(P\.? ?O\.? Box|Postfach)/i.test(original)) return original.replace(/\d+/, () => String(f.number.int({ min: 10, max: 99999 })));
  const germanStyle = language === 'de' || /(straße|strasse|str\.|weg|allee|platz|gasse)\s*\d/i.test(original);
  if (germanStyle) {
    const street = `${fakerDe.location.street()} ${f.number.int({ min: 1, max: 120 })}`;
    if (streetOnly) return street;
    return `${street}, ${f.location.zipCode('#####')} ${f.helpers.arrayElement((fakerDe.rawDefinitions.location as { city_name: string[] }).city_name)}`;
  }
  const street = `${f.number.int({ min: 10, max: 9899 })} ${fakerEn.location.street()}`;
  if (streetOnly) return street;
  const state = f.helpers.arrayElement(defs.state_abbr ?? ['CA']);
  if (/\b[A-Z]{2} \d{5}/.test(original)) return `${street}, ${city}, ${state} ${f.location.zipCode('#####')}`;
  return `${street}, ${city}`;
}

function location(original: string, f: Faker): string {
  const defs = f.rawDefinitions.location as { city_name?: string[]; country?: string[] };
  const isCountry = (defs.country ?? []).some((c) => c.toLowerCase() === original.toLowerCase());
  return matchCase(original, f.helpers.arrayElement(isCountry ? (defs.country ?? ['Atlantis']) : (defs.city_name ?? ['Springfield'])));
}

function organization(original: string, f: Faker): string {
  const suffix = [...ORG_SUFFIXES].sort((a, b) => b.length - a.length).find((s) => original.endsWith(` ${s}`));
  const base = f.person.lastName();
  if (suffix) return `${base} ${suffix}`;
  const nouns = ['Solutions', 'Systems', 'Partners', 'Logistics', 'Consulting', 'Digital', 'Werke', 'Technik'];
  return original.includes(' ') ? `${base} ${f.helpers.arrayElement(nouns)}` : `${base}${f.helpers.arrayElement(['tec', 'soft', 'net', 'ix', 'ware'])}`;
}

const NRP_EN_GROUPS = [
  ['American', 'Canadian', 'British', 'Irish', 'German', 'French', 'Italian', 'Spanish', 'Polish', 'Dutch', 'Swedish', 'Brazilian', 'Mexican', 'Indian', 'Chinese', 'Japanese', 'Korean', 'Nigerian', 'Turkish', 'Greek'],
  ['Christian', 'Muslim', 'Jewish', 'Hindu', 'Buddhist', 'Catholic', 'Protestant', 'Sikh', 'Lutheran', 'Methodist'],
  ['Democrat', 'Republican', 'Conservative', 'Liberal', 'Socialist', 'Libertarian', 'Green'],
];
const DE_PARTIES = ['SPD', 'CDU', 'CSU', 'FDP', 'AfD', 'Grünen', 'Linke', 'Linken', 'BSW', 'ÖDP', 'Piraten'];
const NRP_DE_NOUNS = ['Italiener', 'Spanier', 'Grieche', 'Pole', 'Franzose', 'Schwede', 'Österreicher', 'Niederländer', 'Portugiese', 'Kroate'];

function nrp(original: string, f: Faker, language: Language): string {
  const lower = original.toLowerCase();
  if (language === 'de') {
    const stem = NRP_STEMS_DE.find((s) => lower.startsWith(s));
    if (stem) {
      const others = NRP_STEMS_DE.filter((s) => s !== stem);
      const pick = f.helpers.arrayElement(others.slice(0, 36));
      const out = pick + lower.slice(stem.length);
      return original[0] === original[0].toUpperCase() ? out[0].toUpperCase() + out.slice(1) : out;
    }
    if (DE_PARTIES.includes(original)) return f.helpers.arrayElement(DE_PARTIES.filter((p) => p !== original));
    return matchCase(original, f.helpers.arrayElement(NRP_DE_NOUNS));
  }
  const group = NRP_EN_GROUPS.find((g) => g.some((w) => lower.startsWith(w.toLowerCase()))) ?? NRP_EN_GROUPS[0];
  const plural = /s$/.test(original) && !/ss$/.test(original);
  const pick = f.helpers.arrayElement(group.filter((w) => !lower.startsWith(w.toLowerCase())));
  return matchCase(original, plural && !/(ese|ish|ch)$/.test(pick) ? `${pick}s` : pick);
}

const KEY_PREFIX_RE = /^(?:sk-(?:proj-|svcacct-|admin-|ant-(?:api\d\d-)?)?|(?:sk|pk|rk)_(?:live|test)_|gh[pousr]_|github_pat_|AKIA|ASIA|AGPA|AIDA|AROA|ANPA|xox[abposr]-|AIza|glpat-|npm_|hf_|SG\.|eyJ|gh[xs]?_)/;
function apiKey(original: string, f: Faker): string {
  const prefix = KEY_PREFIX_RE.exec(original)?.[0] ?? '';
  if (original.startsWith('-----BEGIN')) {
    const [head, ...rest] = original.split('\n');
    const tail = rest.pop() ?? '';
    return [head, ...rest.map((l) => shapeRandom(l, f)), tail].join('\n');
  }
  return prefix + shapeRandom(original.slice(prefix.length), f);
}

function password(original: string, f: Faker): string {
  const symbols = '!$%&*#@?+-_';
  let out = '';
  for (const ch of original) {
    if (/\d/.test(ch)) out += randomDigit(f);
    else if (/\p{Lu}/u.test(ch)) out += f.string.alpha({ length: 1, casing: 'upper' });
    else if (/\p{Ll}/u.test(ch)) out += f.string.alpha({ length: 1, casing: 'lower' });
    else if (/\s/.test(ch)) out += ch;
    else out += f.helpers.arrayElement([...symbols]);
  }
  return out;
}

function connectionString(original: string, f: Faker): string {
  const uri = /^([a-z0-9+:]+:\/\/)(?:([^:@/\s]+)(?::([^@/\s]*))?@)?([^/:?\s]+)(:\d+)?(\/[^?\s]*)?(\?\S*)?$/i.exec(original);
  const host = `${f.word.noun().toLowerCase().replace(/[^a-z]/g, '')}-db.${f.internet.domainWord()}.internal`;
  if (uri) {
    const [, scheme, user, pass, , port, path, query] = uri;
    const userinfo = user ? `${f.internet.username().toLowerCase().replace(/[^a-z0-9_]/g, '')}${pass !== undefined ? `:${password(pass || 'xxxxxxxx', f)}` : ''}@` : '';
    const db = path ? `/${f.word.noun().toLowerCase().replace(/[^a-z]/g, '')}` : '';
    const q = query ? query.replace(/=([^&]+)/g, (_m, v: string) => `=${/^(true|false|require|disable|\d+)$/i.test(v) ? v : shapeRandom(v, f)}`) : '';
    return `${scheme}${userinfo}${host}${port ?? ''}${db}${q}`;
  }
  // key=value;key=value forms (ADO.NET, Azure): draw every value except the protocol and flags.
  return original.replace(/(=)([^;]*)/g, (_m, eq: string, v: string) => (/^(https?|true|false|\d+)$/i.test(v) || v === '' ? `${eq}${v}` : `${eq}${/[.]/.test(v) && /server|host|source/i.test(_m) ? host : password(v, f)}`));
}

function ipAddress(original: string, f: Faker): string {
  const [ip, cidr] = original.split('/');
  const suffix = cidr !== undefined ? `/${cidr}` : '';
  if (ip.includes(':')) return ip.replace(/[0-9a-f]/gi, (ch) => (/[0-9]/.test(ch) ? randomDigit(f) : f.helpers.arrayElement([...'abcdef']))) + suffix;
  const o = ip.split('.').map(Number);
  const r = () => f.number.int({ min: 1, max: 254 });
  if (o[0] === 10) return `10.${r()}.${r()}.${r()}${suffix}`;
  if (o[0] === 192 && o[1] === 168) return `192.168.${r()}.${r()}${suffix}`;
  if (o[0] === 172 && o[1] >= 16 && o[1] <= 31) return `172.${f.number.int({ min: 16, max: 31 })}.${r()}.${r()}${suffix}`;
  let first = r();
  while ([10, 127, 169, 172, 192, 0].includes(first) || first > 223) first = f.number.int({ min: 11, max: 223 });
  return `${first}.${r()}.${r()}.${r()}${suffix}`;
}

function url(original: string, f: Faker): string {
  const m = /^((?:https?|ftp):\/\/)?(www\.)?([^/?#\s]+)([^?#\s]*)?(.*)$/i.exec(original);
  if (!m) return shapeRandom(original, f);
  const [, scheme = '', www = '', , path = '', rest = ''] = m;
  const domain = f.internet.domainName();
  const newPath = path.replace(/[^/]+/g, (seg) => (/^\d+$/.test(seg) ? randomDigits(f, seg.length) : f.word.noun().toLowerCase().replace(/[^a-z]/g, '') || 'page'));
  return `${scheme}${www}${domain}${newPath}${rest ? shapeRandom(rest, f) : ''}`;
}

function redlistTerm(original: string, f: Faker): string {
  if (/\d/.test(original)) return shapeRandom(original, f);
  const words = original.split(/(\s+)/);
  return words.map((w) => (/\s/.test(w) || !w ? w : matchCase(w, capitalise(f.word.noun().replace(/[^\p{L}]/gu, '') || 'Term')))).join('');
}

function capitalise(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

export function generateStandIn(entityType: string, original: string, language: Language, f: Faker): string {
  switch (entityType) {
    case 'PERSON':
      return personName(original, f);
    case 'EMAIL_ADDRESS':
      return emailAddress(original, f);
    case 'PHONE_NUMBER':
      return phoneNumber(original, f, language);
    case 'LOCATION':
      return location(original, f);
    case 'DATE_OF_BIRTH':
      return dateOfBirth(original, f);
    case 'ADDRESS':
      return address(original, f, language);
    case 'CREDIT_CARD':
      return cardNumber(original, f);
    case 'IBAN':
      return ibanNumber(original, f);
    case 'US_SSN':
      return ssn(original, f);
    case 'TAX_ID':
      return taxId(original, f);
    case 'US_BANK_NUMBER':
      return bankNumber(original, f);
    case 'MEDICAL_LICENSE':
      return medicalLicense(original, f);
    case 'NRP':
      return nrp(original, f, language);
    case 'API_KEY':
      return apiKey(original, f);
    case 'CONNECTION_STRING':
      return connectionString(original, f);
    case 'PASSWORD':
      return password(original, f);
    case 'ORGANIZATION':
      return organization(original, f);
    case 'IP_ADDRESS':
      return ipAddress(original, f);
    case 'URL':
      return url(original, f);
    case 'REDLIST':
      return redlistTerm(original, f);
    default:
      return redlistTerm(original, f);
  }
}
