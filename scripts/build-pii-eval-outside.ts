/**
 * Builds the OUTSIDE PII evaluation set: data/pii-eval-outside/{en,de}-{tune,heldout}.jsonl, one
 * sample per line as {id, language, split, template, locale, text, spans: [{start, end, entityType}]}
 * (UTF-16 offsets, end exclusive). bench/pii.ts scores it token by token.
 *
 *   node --import tsx scripts/build-pii-eval-outside.ts      (seeded: the same files every run)
 *
 * How it is kept honest (issue 18):
 * - The templates below were written before any recognizer change for issue 18 and were not
 *   adapted to the recognizers afterwards; they come from the kinds of text Gatehouse sees (business
 *   and personal letters, forms, chat lines, support tickets, HR notes, invoices, medical
 *   appointment notes). This file imports nothing from domain/pii.
 * - Values come from faker locales the old set never used (scripts/pii-eval-locales.ts). Names,
 *   streets, cities and companies of the HELD-OUT locales never enter the lexicons.
 * - The set has two parts: `tune` = tune templates x tune locales (may be read while improving the
 *   recognizers) and `heldout` = held-out templates x held-out locales (scored only, never read).
 * - Organisation names are faker's locale company patterns or brand names invented here from
 *   syllables; NRP words are hand lists split in a tune half and a held-out half.
 * - About one sample in eight has no personal data but look-alikes (product names, job titles,
 *   version numbers, amounts, order numbers, capitalised headings).
 *
 * Labelling conventions (what a human annotator would mark):
 * - PERSON: the name without a title or form of address ("Mr.", "Frau Dr.") but with middle
 *   initials, particles (van, de, von, al-) and hyphenated parts; a given name or a surname alone
 *   is a PERSON too.
 * - ADDRESS: a postal address written as one unit: house number, street, unit/apartment/suite,
 *   postal code, city, region and country when they follow each other as parts of that address; a
 *   postal code alone in a form field is an ADDRESS. A city, region or country named on its own is
 *   a LOCATION.
 * - ORGANIZATION: the company or institution name with its legal form (Inc., GmbH, a.s.).
 * - PHONE_NUMBER: the whole number with country code and extension.
 * - NRP: the nationality, religion or political-group word (lower case and plurals included).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { allLocales, base, en, Faker, type LocaleDefinition } from '@faker-js/faker';
import anyAscii from 'any-ascii';
import { composeIBAN, isValidIBAN } from 'ibantools';
import { DE_HELDOUT_LOCALES, DE_TUNE_LOCALES, EN_HELDOUT_LOCALES, EN_TUNE_LOCALES } from './pii-eval-locales';

type Lang = 'en' | 'de';
type Split = 'tune' | 'heldout';

interface Ctx {
  f: Faker;
  /** A faker of the text's own language, for words that are not about the person (countries). */
  own: Faker;
  locale: string;
  lang: Lang;
  split: Split;
  /** The locale writes in a non-Latin script: names are romanised for running text. */
  nonLatin: boolean;
  /** Names chosen for this sample, so "{LAST_AGAIN}" can refer back to a full mention. */
  people: { first: string; last: string }[];
}

const NON_LATIN = new Set(['el', 'ko', 'uk', 'zh_CN', 'ru']);

// ---------------------------------------------------------------------------------------------
// Value helpers
// ---------------------------------------------------------------------------------------------

const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
/** Romanised, each word capitalised: "GimMinJun" would read as one odd word, so lower-case first. */
function roman(s: string): string {
  return anyAscii(s)
    .split(/(\s+|-)/)
    .map((w) => (/^[\s-]+$/.test(w) ? w : cap(w.toLowerCase())))
    .join('');
}
function latin(c: Ctx, s: string): string {
  return c.nonLatin ? roman(s) : s;
}
function pick<T>(c: Ctx, xs: readonly T[]): T {
  return c.f.helpers.arrayElement(xs as T[]);
}
function chance(c: Ctx, p: number): boolean {
  return c.f.number.float({ min: 0, max: 1 }) < p;
}
function digits(c: Ctx, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += c.f.number.int({ min: 0, max: 9 });
  return s;
}

function firstName(c: Ctx): string {
  return latin(c, c.f.person.firstName()).trim();
}
function lastName(c: Ctx): string {
  return latin(c, c.f.person.lastName()).trim();
}

const PARTICLES = ['van', 'van der', 'de', 'de la', 'von', 'al-', 'el-', 'da', 'dos', 'di', 'ten', 'bin', 'del', 'du'];

/** A full name with the shapes real text has: middle initials, particles, double surnames. */
function fullName(c: Ctx): string {
  const first = firstName(c);
  let last = lastName(c);
  const r = c.f.number.float({ min: 0, max: 1 });
  if (r < 0.1) last = `${last}-${lastName(c)}`;
  else if (r < 0.18) {
    const p = pick(c, PARTICLES);
    last = p.endsWith('-') ? `${p}${last}` : `${p} ${last}`;
  }
  c.people.push({ first, last });
  if (chance(c, 0.15)) return `${first} ${String.fromCharCode(65 + c.f.number.int(25))}. ${last}`;
  if (chance(c, 0.06)) return `${first} ${firstName(c)} ${last}`;
  return `${first} ${last}`;
}

function cityName(c: Ctx): string {
  return latin(c, c.f.location.city()).trim();
}

function brand(c: Ctx): string {
  const syl = ['vel', 'tra', 'no', 'qui', 'zar', 'lum', 'ex', 'or', 'bi', 'ka', 'sen', 'tor', 'mi', 'ra', 'dex', 'on', 'ly', 'ta', 'vo', 'ne', 'fi', 'gro', 'plu', 'sta', 'bri', 'ko', 'ze', 'nu', 'pax', 'sol'];
  const end = ['ify', 'ly', 'io', 'a', 'ex', 'on', 'ar', 'is', 'um', 'o', ''];
  const words1 = ['Blue', 'Silver', 'North', 'Bright', 'Green', 'Iron', 'Swift', 'Clear', 'Red', 'True', 'Cobalt', 'Amber', 'Polar', 'Granite'];
  const words2 = ['Peak', 'Harbor', 'Leaf', 'Stone', 'Wave', 'Field', 'Bridge', 'Path', 'Forge', 'Grove', 'Loop', 'Nest', 'Works', 'Lab'];
  const r = c.f.number.float({ min: 0, max: 1 });
  if (r < 0.45) {
    let w = '';
    for (let i = 0, n = c.f.number.int({ min: 2, max: 3 }); i < n; i++) w += pick(c, syl);
    return cap(w + pick(c, end));
  }
  if (r < 0.7) return `${pick(c, words1)}${pick(c, words2)}`;
  return `${pick(c, words1)} ${pick(c, words2)}`;
}

const LEGAL = {
  en: ['Inc.', 'LLC', 'Ltd', 'Ltd.', 'Corp.', 'Co.', 'PLC', 'Group', 'Partners', 'S.A.', 'a.s.', 's.r.o.', 'AS', 'A/S', 'Oy', 'AB', 'Sp. z o.o.', 'S.A. de C.V.'],
  de: ['GmbH', 'AG', 'GmbH & Co. KG', 'KG', 'e.U.', 'OG', 'Sàrl', 'Sagl', 'd.o.o.', 's.r.o.', 'Holding AG', 'Gruppe'],
};

function organisation(c: Ctx): string {
  const r = c.f.number.float({ min: 0, max: 1 });
  if (r < 0.35) {
    // faker's company patterns of the locale ("Pašalić and Sons", "Skuterud-Tangen", "Giger-Kern").
    const name = latin(c, c.f.company.name()).trim();
    if (name.length > 2 && name.length < 60) return name;
  }
  if (r < 0.55) return `${lastName(c)}${pick(c, ['-', ' & ', ' and ', ' + '])}${lastName(c)}${chance(c, 0.5) ? ` ${pick(c, LEGAL[c.lang])}` : ''}`;
  if (r < 0.8) return `${brand(c)} ${pick(c, LEGAL[c.lang])}`;
  return brand(c);
}

/** A phone number as faker's locale writes it (human, national or international style). */
function phone(c: Ctx): string {
  const style = pick(c, ['human', 'national', 'national', 'international'] as const);
  let p = c.f.phone.number({ style }).trim();
  if (chance(c, 0.08)) p += pick(c, [` ext. ${digits(c, 3)}`, ` x${digits(c, 2)}`]);
  return p;
}

/** Luhn-valid card numbers of many schemes and lengths (12-19 digits), grouped as printed. */
function card(c: Ctx): string {
  const schemes: [string, number][] = [
    ['4', 16], ['4', 13], ['4', 19], ['51', 16], ['55', 16], ['2221', 16], ['34', 15], ['37', 15], ['6011', 16],
    ['65', 16], ['36', 14], ['300', 14], ['3528', 16], ['62', 16], ['62', 19], ['50', 12], ['56', 13], ['6759', 18],
    ['67', 12], ['5018', 15], ['2200', 16], ['6062', 16],
  ];
  const [prefix, len] = pick(c, schemes);
  const body = prefix + digits(c, len - prefix.length - 1);
  let check = 0;
  for (; check < 10; check++) if (luhn(body + check)) break;
  const n = body + check;
  const style = c.f.number.int(3);
  if (style === 0) return n;
  const sep = style === 1 ? ' ' : '-';
  if (len === 15) return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].join(sep);
  if (len === 14) return [n.slice(0, 4), n.slice(4, 10), n.slice(10)].join(sep);
  return n.replace(/(.{4})(?=.)/g, `$1${sep}`);
}
function luhn(d: string): boolean {
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let x = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) {
      x *= 2;
      if (x > 9) x -= 9;
    }
    sum += x;
  }
  return sum % 10 === 0;
}

function streetLine(c: Ctx, withUnit: boolean): string {
  const street = latin(c, c.f.location.street()).trim();
  const num = c.f.location.buildingNumber().trim();
  // House number first in English-speaking countries, after the street elsewhere ("Storgata 12").
  let s = /^en_/.test(c.locale) ? `${num} ${street}` : c.locale === 'uk' ? `${street}, ${num}` : `${street} ${num}`;
  if (withUnit) {
    const unit = pick(c, c.lang === 'de' ? ['Top 4', 'Tür 12', '3. OG', 'Wohnung 7', 'Stiege 2/Top 9', '2. Stock'] : ['Apt 4B', 'Apt. 12', 'Suite 300', 'Unit 7', 'Flat 3', '#210', 'Floor 2', 'Ste 105']);
    const local = c.f.location.secondaryAddress?.() ?? '';
    s += `${pick(c, [', ', ' '])}${chance(c, 0.5) && local ? latin(c, local) : unit}`;
  }
  return s;
}

/** A whole postal address in the locale's order. */
function address(c: Ctx, parts: 'street' | 'unit' | 'full'): string {
  const anglo = /^en_/.test(c.locale);
  const street = streetLine(c, parts === 'unit' || (parts === 'full' && chance(c, 0.3)));
  if (parts !== 'full') return street;
  const zip = c.f.location.zipCode().trim();
  const city = cityName(c);
  let line: string;
  if (anglo) {
    const region = chance(c, 0.6) ? latin(c, c.f.location.state({ abbreviated: chance(c, 0.5) })) : '';
    line = `${street}, ${city}${region ? `, ${region}` : ''} ${zip}`;
  } else {
    line = `${street}, ${zip} ${chance(c, 0.1) ? city.toUpperCase() : city}`;
  }
  if (chance(c, 0.25)) line += `, ${countryOf(c)}`;
  return line;
}

const COUNTRY_NAMES: Record<string, [en: string, de: string]> = {
  pl: ['Poland', 'Polen'], sv: ['Sweden', 'Schweden'], fi: ['Finland', 'Finnland'], tr: ['Turkey', 'Türkei'], vi: ['Vietnam', 'Vietnam'],
  pt_BR: ['Brazil', 'Brasilien'], en_IN: ['India', 'Indien'], yo_NG: ['Nigeria', 'Nigeria'], hu: ['Hungary', 'Ungarn'], ro: ['Romania', 'Rumänien'],
  it: ['Italy', 'Italien'], fr: ['France', 'Frankreich'], id_ID: ['Indonesia', 'Indonesien'], cs_CZ: ['Czech Republic', 'Tschechien'],
  nb_NO: ['Norway', 'Norwegen'], el: ['Greece', 'Griechenland'], ko: ['South Korea', 'Südkorea'], es_MX: ['Mexico', 'Mexiko'],
  en_NG: ['Nigeria', 'Nigeria'], zu_ZA: ['South Africa', 'Südafrika'], sk: ['Slovakia', 'Slowakei'], da: ['Denmark', 'Dänemark'],
  uk: ['Ukraine', 'Ukraine'], zh_CN: ['China', 'China'], lv: ['Latvia', 'Lettland'], de_AT: ['Austria', 'Österreich'],
  de_CH: ['Switzerland', 'Schweiz'], sr_RS_latin: ['Serbia', 'Serbien'], hr: ['Croatia', 'Kroatien'], ru: ['Russia', 'Russland'],
};
function countryOf(c: Ctx): string {
  const names = COUNTRY_NAMES[c.locale] ?? ['Germany', 'Deutschland'];
  return c.lang === 'de' ? names[1] : names[0];
}
function anyCountry(c: Ctx): string {
  if (chance(c, 0.5)) return countryOf(c);
  return c.own.location.country().trim();
}
function region(c: Ctx): string {
  return latin(c, c.f.location.state()).trim();
}
/** A city in its own script when the locale writes in another one ("Αθήνα", "서울", "Київ"). */
function cityNative(c: Ctx): string {
  return c.nonLatin ? c.f.location.city().trim() : cityName(c);
}

function email(c: Ctx): string {
  const first = anyAscii(c.people.at(-1)?.first ?? firstName(c)).toLowerCase().replace(/[^a-z]/g, '');
  const last = anyAscii(c.people.at(-1)?.last ?? lastName(c)).toLowerCase().replace(/[^a-z]/g, '');
  const domain = pick(c, ['gmail.com', 'outlook.com', 'proton.me', 'seznam.cz', 'online.no', 'gmx.at', 'bluewin.ch', 'yahoo.com', `${brand(c).toLowerCase().replace(/[^a-z]/g, '')}.com`]);
  return `${pick(c, [`${first}.${last}`, `${first[0] ?? 'x'}${last}`, `${first}${c.f.number.int(99)}`, `${last}.${first}`])}@${domain}`;
}

const MONTHS_EN = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONTHS_DE = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
function dob(c: Ctx): string {
  const d = c.f.date.birthdate({ mode: 'age', min: 18, max: 90 });
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  const y = d.getUTCFullYear();
  if (c.lang === 'de') return pick(c, [`${dd}.${mm}.${y}`, `${d.getUTCDate()}. ${MONTHS_DE[d.getUTCMonth()]} ${y}`, `${d.getUTCDate()}.${d.getUTCMonth() + 1}.${y}`]);
  return pick(c, [`${mm}/${dd}/${y}`, `${MONTHS_EN[d.getUTCMonth()]} ${d.getUTCDate()}, ${y}`, `${d.getUTCDate()} ${MONTHS_EN[d.getUTCMonth()]} ${y}`, `${y}-${mm}-${dd}`, `${dd}.${mm}.${y}`]);
}

function iban(c: Ctx): string {
  const country = pick(c, c.lang === 'de' ? ['AT', 'CH', 'DE', 'PL', 'CZ'] : ['NO', 'CZ', 'PL', 'GB', 'DK', 'SK']);
  const lengths: Record<string, number> = { AT: 16, CH: 17, DE: 18, PL: 24, CZ: 20, NO: 11, GB: 18, DK: 14, SK: 20 };
  for (let i = 0; i < 200; i++) {
    const bban = country === 'GB' ? `${c.f.string.alpha({ length: 4, casing: 'upper' })}${digits(c, 14)}` : digits(c, lengths[country]);
    const v = composeIBAN({ countryCode: country, bban });
    if (v && isValidIBAN(v)) return chance(c, 0.5) ? v.replace(/(.{4})(?=.)/g, '$1 ') : v;
  }
  return 'NO9386011117947';
}

function ssn(c: Ctx): string {
  const area = c.f.number.int({ min: 1, max: 665 });
  return `${String(area).padStart(3, '0')}-${String(c.f.number.int({ min: 1, max: 99 })).padStart(2, '0')}-${String(c.f.number.int({ min: 1, max: 9999 })).padStart(4, '0')}`;
}

/** NRP words, split so the held-out part uses words the tune part never showed. */
const NRP_WORDS: Record<Lang, Record<Split, string[]>> = {
  en: {
    tune: ['Polish', 'polish', 'Poles', 'Swedish', 'Swedes', 'Finnish', 'Turkish', 'turks', 'Vietnamese', 'Brazilian', 'brazilians', 'Indian', 'Hindu', 'hindus', 'Muslim', 'muslims', 'Catholic', 'catholics', 'Yoruba', 'Hungarian', 'Romanian', 'romanians', 'Italian', 'italians', 'French', 'Indonesian', 'Buddhist', 'Protestant', 'protestants', 'Socialist', 'socialists', 'Conservatives', 'liberals', 'Jewish', 'Sikh', 'Christians'],
    heldout: ['Czech', 'czechs', 'Norwegian', 'norwegians', 'Greek', 'greeks', 'Korean', 'koreans', 'Mexican', 'mexicans', 'Nigerian', 'nigerians', 'Zulu', 'Slovak', 'slovaks', 'Danish', 'danes', 'Ukrainian', 'ukrainians', 'Chinese', 'Latvian', 'Orthodox', 'orthodox', 'jews', 'buddhists', 'atheists', 'Lutherans', 'lutheran', 'Evangelicals', 'Baptist', 'Republicans', 'democrats', 'Communists', 'communist', 'Labour', 'Shia', 'sunni'],
  },
  de: {
    tune: ['österreichisch', 'Österreicherin', 'Österreicher', 'türkisch', 'Türken', 'Türkin', 'polnisch', 'Polen', 'Polin', 'italienisch', 'Italiener', 'rumänisch', 'Rumänen', 'vietnamesisch', 'Vietnamesin', 'russisch', 'Russen', 'katholisch', 'Katholiken', 'muslimisch', 'Muslime', 'evangelisch', 'Protestanten', 'jüdisch', 'buddhistisch', 'Sozialdemokraten', 'SPÖ', 'ÖVP', 'Christen', 'konservativ'],
    heldout: ['schweizerisch', 'Schweizerin', 'Schweizer', 'serbisch', 'Serben', 'Serbin', 'ukrainisch', 'Ukrainerinnen', 'griechisch', 'Griechen', 'kroatisch', 'Kroaten', 'tschechisch', 'Tschechin', 'slowakisch', 'Slowaken', 'orthodox', 'orthodoxe', 'Juden', 'Buddhisten', 'Atheistin', 'Aleviten', 'Muslima', 'reformiert', 'Reformierten', 'SVP', 'Grünliberalen', 'Kommunisten', 'Sozialisten', 'Freikirchler'],
  },
};

type Slot = (c: Ctx) => [string, string | null];
const SLOTS: Record<string, Slot> = {
  NAME: (c) => [fullName(c), 'PERSON'],
  FIRST: (c) => {
    const first = firstName(c);
    c.people.push({ first, last: lastName(c) });
    return [first, 'PERSON'];
  },
  LAST: (c) => {
    const last = lastName(c);
    c.people.push({ first: firstName(c), last });
    return [last, 'PERSON'];
  },
  /** The surname of the last full mention ("... Jana Nováková ... Nováková said"). */
  LAST_AGAIN: (c) => [c.people.at(-1)?.last ?? lastName(c), 'PERSON'],
  FIRST_AGAIN: (c) => [c.people.at(-1)?.first ?? firstName(c), 'PERSON'],
  INITIAL_NAME: (c) => {
    const last = lastName(c);
    c.people.push({ first: '', last });
    return [`${firstName(c)[0]}. ${last}`, 'PERSON'];
  },
  NAME_FORM: (c) => {
    const first = firstName(c);
    const last = lastName(c);
    c.people.push({ first, last });
    return [chance(c, 0.5) ? `${last.toUpperCase()}, ${first}` : `${last}, ${first}`, 'PERSON'];
  },
  CITY: (c) => [cityName(c), 'LOCATION'],
  CITY_NATIVE: (c) => [cityNative(c), 'LOCATION'],
  CITY_UPPER: (c) => [cityName(c).toUpperCase(), 'LOCATION'],
  REGION: (c) => [region(c), 'LOCATION'],
  COUNTRY: (c) => [anyCountry(c), 'LOCATION'],
  STREET: (c) => [address(c, 'street'), 'ADDRESS'],
  UNIT_ADDRESS: (c) => [address(c, 'unit'), 'ADDRESS'],
  ADDRESS: (c) => [address(c, 'full'), 'ADDRESS'],
  POSTCODE: (c) => [c.f.location.zipCode().trim(), 'ADDRESS'],
  ORG: (c) => [organisation(c), 'ORGANIZATION'],
  BRAND: (c) => [brand(c), 'ORGANIZATION'],
  PHONE: (c) => [phone(c), 'PHONE_NUMBER'],
  CARD: (c) => [card(c), 'CREDIT_CARD'],
  NRP: (c) => [pick(c, NRP_WORDS[c.lang][c.split]), 'NRP'],
  EMAIL: (c) => [email(c), 'EMAIL_ADDRESS'],
  DOB: (c) => [dob(c), 'DATE_OF_BIRTH'],
  IBAN: (c) => [iban(c), 'IBAN'],
  SSN: (c) => [ssn(c), 'US_SSN'],
  // Not PII: values that look like it.
  AMOUNT: (c) => [c.lang === 'de' ? `${c.f.number.int({ min: 10, max: 9999 })},${digits(c, 2)} €` : `$${c.f.number.int({ min: 10, max: 9999 })}.${digits(c, 2)}`, null],
  ORDER: (c) => [`${pick(c, ['ORD', 'INV', 'PO', 'TCK', 'RMA'])}-${c.f.number.int({ min: 2019, max: 2026 })}-${digits(c, 5)}`, null],
  QTY: (c) => [String(c.f.number.int({ min: 2, max: 500 })), null],
  TIME: (c) => [`${c.f.number.int({ min: 7, max: 18 })}:${pick(c, ['00', '15', '30', '45'])}`, null],
  DATE: (c) => [c.lang === 'de' ? `${c.f.number.int({ min: 1, max: 28 })}.${c.f.number.int({ min: 1, max: 12 })}.2025` : `${pick(c, MONTHS_EN)} ${c.f.number.int({ min: 1, max: 28 })}`, null],
};

// ---------------------------------------------------------------------------------------------
// Templates. Tune and held-out templates are different texts; both were written before the
// recognizers were changed.
// ---------------------------------------------------------------------------------------------

const EN_TUNE: string[] = [
  // business letters
  'Dear {NAME},\nthank you for your order of {QTY} units. Our warehouse in {CITY} will ship them next week.\nKind regards,\n{NAME}',
  'Dear Mr. {LAST},\nfurther to our call on {DATE}, please find the signed agreement between {ORG} and {ORG} attached.',
  'To whom it may concern: {NAME} worked with us at {ORG} from 2019 to 2023 as a logistics coordinator.',
  'We are pleased to confirm that {ORG} has appointed {NAME} as its new regional director for {COUNTRY}.',
  'Please address all correspondence to {NAME}, {ADDRESS}.',
  'Our new office is located at {ADDRESS}; visitors should report to the front desk.',
  'Invoices should be sent to {ORG}, attn. {NAME}, {ADDRESS}.',
  // personal letters
  'Hi {FIRST},\nwe finally moved to {CITY}! The new flat is at {UNIT_ADDRESS}, come visit whenever you like.\nLove, {FIRST}',
  'Dear {FIRST}, I hope the weather in {CITY} is kinder than here. {NAME} sends her greetings.',
  'Grandma {FIRST} turns ninety on Sunday, so the whole family is flying to {COUNTRY}.',
  'It was lovely to meet your cousin {NAME} at the wedding in {CITY}.',
  // forms
  'Full name: {NAME}\nDate of birth: {DOB}\nPlace of birth: {CITY}, {COUNTRY}\nPhone: {PHONE}',
  'Surname, given name: {NAME_FORM}\nNationality: {NRP}\nAddress: {ADDRESS}',
  'Applicant: {NAME} | Email: {EMAIL} | Mobile: {PHONE} | City: {CITY}',
  'Billing address: {STREET}\nPostal code: {POSTCODE}\nCity: {CITY}\nCountry: {COUNTRY}',
  'Cardholder: {NAME}\nCard number: {CARD}\nExpiry: 08/28',
  'Emergency contact: {NAME} ({PHONE})',
  // chat lines
  'hey its {FIRST}, running late, call me on {PHONE} if the meeting starts',
  'did {NAME} ever send you the slides from the {CITY} workshop?',
  '{FIRST}: anyone know if {BRAND} is still hiring?',
  'lol {FIRST} just told me {LAST_AGAIN} is moving to {CITY}',
  'can u send the parcel to {ADDRESS} pls',
  'ok so {NAME} and {NAME} are both out today',
  'my card {CARD} got declined again at the airport',
  // support tickets
  'Ticket {ORDER}: customer {NAME} reports that the app crashes on login. Callback number {PHONE}.',
  'Customer {NAME} ({EMAIL}) cannot update the shipping address to {ADDRESS}.',
  'Escalated by {NAME}: {ORG} says the invoice {ORDER} was paid twice.',
  'The user in {CITY} sees a blank page after checkout; {FIRST} is looking into it.',
  'Refund of {AMOUNT} to card {CARD} approved by {NAME}.',
  'Please call the customer back at {PHONE} between {TIME} and 17:00.',
  // HR notes
  'HR note: {NAME} ({NRP}) joined the {CITY} team on {DATE}; relocation from {COUNTRY} is covered.',
  'Reference check for {NAME}: former manager {NAME} at {ORG} confirmed the dates.',
  '{NAME} requested parental leave starting in May; {LAST_AGAIN} will be replaced by {NAME}.',
  'Interview panel: {NAME}, {NAME} and {INITIAL_NAME}. Candidate lives in {CITY}.',
  'Employee {NAME}, born {DOB}, is a {NRP} citizen and needs a work permit.',
  'Salary to be paid into IBAN {IBAN}, account holder {NAME}.',
  // invoices
  'INVOICE {ORDER}\nBill to: {ORG}\n{ADDRESS}\nAmount due: {AMOUNT}',
  'Supplier: {ORG}, {ADDRESS}, tel. {PHONE}',
  'Payment by card ending {CARD} on behalf of {ORG}.',
  'Remit to {ORG}, IBAN {IBAN}, reference {ORDER}.',
  'Ship to: {NAME}\n{UNIT_ADDRESS}\n{POSTCODE} {CITY_UPPER}',
  // medical appointment notes
  'Appointment: {NAME}, DOB {DOB}, follow-up with Dr. {LAST} on {DATE} at {TIME}.',
  'Patient {NAME} was referred by Dr. {NAME} from {CITY} for a cardiology review.',
  'Pt. {LAST}, {NRP}, requests a female physician; interpreter booked via {ORG}.',
  'Reminder sent to {PHONE} for {FIRST}\'s dental cleaning on {DATE}.',
  'Nurse {FIRST} noted that the patient recently travelled to {COUNTRY} and {CITY}.',
  // running text with names from shape alone
  '{NAME} announced on Tuesday that {BRAND} will open a second site near {CITY}.',
  'According to {NAME}, the {NRP} community in {CITY} has doubled since 2010.',
  'The deal was negotiated by {NAME} of {ORG} and {NAME} of {ORG}.',
  'Last spring {NAME} flew from {CITY_NATIVE} to {CITY} with {FIRST}.',
  'Many {NRP} families settled in {REGION} after the war.',
  // no PII
  'The Customer Success team closed {QTY} tickets this week; the Product Roadmap review is on {DATE}.',
  'Version 3.8 adds Dark Mode, Export to PDF and a new Billing Dashboard.',
  'Order {ORDER} totals {AMOUNT} and ships in {QTY} boxes.',
  'Please Reset Password via the Account Settings page before {TIME}.',
  'The Senior Account Manager role reports to the Head of Sales EMEA.',
  'Quarterly Business Review: revenue up 12%, churn down to 3.1%.',
];

const EN_HELDOUT: string[] = [
  'Good afternoon {NAME},\nI am writing on behalf of {ORG} regarding the lease at {ADDRESS}.\nYours sincerely,\n{NAME}',
  'With reference to your letter of {DATE}, {ORG} confirms that {NAME} may sign for the company.',
  'Attention: {NAME}, Procurement, {ORG}, {ADDRESS}',
  'Hello {FIRST}! Greetings from {CITY}, the food is amazing and {FIRST} says hi.',
  'Sorry I missed your call, {FIRST}. I am in {COUNTRY} until the 20th, try {PHONE}.',
  'Name of insured person: {NAME_FORM}\nDate of birth: {DOB}\nResidence: {ADDRESS}',
  'Contact person: {NAME}\nTelephone: {PHONE}\nE-mail: {EMAIL}',
  'Place of residence: {CITY}\nRegion: {REGION}\nCitizenship: {NRP}',
  'Delivery to {UNIT_ADDRESS}, postcode {POSTCODE}, {CITY}.',
  'brb, {FIRST} is calling from {CITY}',
  'u still have {NAME}\'s number? think its {PHONE}',
  'meeting moved, {INITIAL_NAME} cant make it',
  'paid with {CARD}, receipt in ur inbox',
  'Case {ORDER} — {NAME} says the parcel for {ADDRESS} never arrived.',
  'Agent note: spoke to {NAME} of {BRAND}; they want the refund on {CARD}.',
  'Caller {NAME} from {CITY} asked us to remove {EMAIL} from the mailing list.',
  'Performance review: {NAME} exceeded targets; {LAST_AGAIN} should mentor {NAME} next quarter.',
  'New hire {NAME}, {NRP}, starts in the {CITY} office; badge to be collected from {NAME}.',
  'Exit interview with {NAME} held by {NAME} (HR).',
  'Bill from {ORG} · {ADDRESS} · {PHONE}\nTotal: {AMOUNT}',
  'Customer: {ORG}, VAT exempt, payment to {IBAN}.',
  'Visit note: {NAME}, born {DOB}, seen by Dr. {LAST} for back pain; next visit {DATE}.',
  'The patient, a {NRP} woman from {CITY}, was accompanied by her son {FIRST}.',
  'Referral from {NAME} at {ORG} clinic, {CITY_NATIVE}.',
  'Yesterday {NAME} told reporters that {BRAND} had no plans to leave {COUNTRY}.',
  'The {NRP} delegation was led by {NAME} and met {NAME} in {CITY}.',
  'Workshops in {CITY}, {CITY} and {CITY_NATIVE} are fully booked.',
  'SSN {SSN} belongs to {NAME}, who moved to {REGION} last year.',
  'Release Notes: Smart Filters, Team Inbox and Faster Sync are now live.',
  'Invoice {ORDER}: {QTY} licences at {AMOUNT}, due {DATE}.',
  'The Annual General Meeting starts at {TIME} in the Main Hall.',
];

const DE_TUNE: string[] = [
  'Sehr geehrte Frau {LAST},\nvielen Dank für Ihre Anfrage vom {DATE}. Unser Standort in {CITY} meldet sich bei Ihnen.\nMit freundlichen Grüßen\n{NAME}',
  'Sehr geehrter Herr {NAME},\nanbei erhalten Sie den Vertrag zwischen der {ORG} und der {ORG}.',
  'Bitte richten Sie alle Schreiben an {NAME}, {ADDRESS}.',
  'Die {ORG} hat {NAME} zur neuen Leiterin der Niederlassung in {CITY} ernannt.',
  'Unser Büro befindet sich ab sofort in der {STREET}, {POSTCODE} {CITY}.',
  'Liebe {FIRST},\nwir sind endlich nach {CITY} gezogen! Die neue Wohnung ist in der {UNIT_ADDRESS}.\nAlles Liebe, {FIRST}',
  'Hallo {FIRST}, schöne Grüße aus {COUNTRY}! {NAME} lässt dich auch grüßen.',
  'Oma {FIRST} wird am Sonntag 90, deshalb fahren wir alle nach {CITY}.',
  'Name, Vorname: {NAME_FORM}\nGeburtsdatum: {DOB}\nGeburtsort: {CITY}\nStaatsangehörigkeit: {NRP}',
  'Antragsteller: {NAME}\nAnschrift: {ADDRESS}\nTelefon: {PHONE}',
  'Rechnungsanschrift: {STREET}\nPLZ: {POSTCODE}\nOrt: {CITY}\nLand: {COUNTRY}',
  'Karteninhaber: {NAME}, Kartennummer {CARD}',
  'Notfallkontakt: {NAME} ({PHONE})',
  'hi, hier {FIRST}, bin spät dran, ruf mich unter {PHONE} an',
  'hat {NAME} dir die Folien aus {CITY} geschickt?',
  '{FIRST}: weiß jemand, ob {BRAND} noch Leute sucht?',
  'kannst du das Paket an {ADDRESS} schicken?',
  'also {NAME} und {NAME} sind heute beide krank',
  'Ticket {ORDER}: Kundin {NAME} meldet, dass die App beim Login abstürzt. Rückruf unter {PHONE}.',
  'Kunde {NAME} ({EMAIL}) kann die Lieferadresse nicht auf {ADDRESS} ändern.',
  'Eskaliert von {NAME}: Die {ORG} sagt, Rechnung {ORDER} wurde doppelt bezahlt.',
  'Erstattung von {AMOUNT} auf die Karte {CARD} wurde von {NAME} freigegeben.',
  'Personalnotiz: {NAME} ({NRP}) beginnt am {DATE} im Team {CITY}; der Umzug aus {COUNTRY} wird übernommen.',
  'Referenz für {NAME}: die frühere Vorgesetzte {NAME} bei der {ORG} bestätigt die Angaben.',
  '{NAME} geht ab Mai in Elternzeit; {LAST_AGAIN} wird von {NAME} vertreten.',
  'Mitarbeiterin {NAME}, geboren am {DOB}, ist {NRP} und braucht eine Arbeitserlaubnis.',
  'Das Gehalt geht auf die IBAN {IBAN}, Kontoinhaber {NAME}.',
  'RECHNUNG {ORDER}\nEmpfänger: {ORG}\n{ADDRESS}\nBetrag: {AMOUNT}',
  'Lieferant: {ORG}, {ADDRESS}, Tel. {PHONE}',
  'Lieferung an: {NAME}\n{UNIT_ADDRESS}\n{POSTCODE} {CITY_UPPER}',
  'Termin: {NAME}, geb. {DOB}, Kontrolle bei Dr. {LAST} am {DATE} um {TIME} Uhr.',
  'Patient {NAME} wurde von Dr. {NAME} aus {CITY} zur Abklärung überwiesen.',
  'Erinnerung an {PHONE} für die Zahnreinigung von {FIRST} am {DATE}.',
  'Pflegerin {FIRST} notiert, dass die Patientin kürzlich in {COUNTRY} war.',
  '{NAME} kündigte am Dienstag an, dass {BRAND} einen zweiten Standort bei {CITY} eröffnet.',
  'Laut {NAME} ist die {NRP} Gemeinde in {CITY} seit 2010 stark gewachsen.',
  'Viele {NRP} Familien haben sich in {REGION} niedergelassen.',
  'Das Team Kundenservice hat diese Woche {QTY} Tickets geschlossen; die Produktplanung ist am {DATE}.',
  'Version 3.8 bringt Dunkelmodus, PDF-Export und ein neues Abrechnungs-Dashboard.',
  'Bestellung {ORDER} über {AMOUNT} wird in {QTY} Kartons geliefert.',
  'Die Stelle Senior Account Manager berichtet an die Leitung Vertrieb DACH.',
];

const DE_HELDOUT: string[] = [
  'Guten Tag {NAME},\nim Auftrag der {ORG} schreibe ich Ihnen wegen der Wohnung in der {ADDRESS}.\nFreundliche Grüße\n{NAME}',
  'Bezugnehmend auf Ihr Schreiben vom {DATE} bestätigt die {ORG}, dass {NAME} zeichnungsberechtigt ist.',
  'z. Hd. {NAME}, Einkauf, {ORG}, {ADDRESS}',
  'Hallo {FIRST}! Grüße aus {CITY}, das Essen ist super und {FIRST} lässt grüßen.',
  'Tut mir leid, {FIRST}, ich bin bis zum 20. in {COUNTRY}, erreichbar unter {PHONE}.',
  'Versicherte Person: {NAME_FORM}\nGeburtsdatum: {DOB}\nWohnsitz: {ADDRESS}',
  'Ansprechpartnerin: {NAME}\nTelefon: {PHONE}\nE-Mail: {EMAIL}',
  'Wohnort: {CITY}\nKanton: {REGION}\nNationalität: {NRP}',
  'Zustellung an {UNIT_ADDRESS}, PLZ {POSTCODE}, {CITY}.',
  'bin gleich da, {FIRST} ruft aus {CITY} an',
  'hast du noch die nummer von {NAME}? glaube {PHONE}',
  'meeting verschoben, {INITIAL_NAME} kann nicht',
  'Fall {ORDER}: {NAME} sagt, das Paket für {ADDRESS} kam nie an.',
  'Notiz: mit {NAME} von {BRAND} gesprochen; Erstattung bitte auf {CARD}.',
  'Anrufer {NAME} aus {CITY} möchte {EMAIL} aus dem Verteiler entfernen lassen.',
  'Mitarbeitergespräch: {NAME} hat die Ziele übertroffen; {LAST_AGAIN} soll {NAME} einarbeiten.',
  'Neueinstellung {NAME}, {NRP}, beginnt im Büro {CITY}; den Ausweis gibt {NAME} aus.',
  'Rechnung der {ORG} · {ADDRESS} · {PHONE}\nSumme: {AMOUNT}',
  'Kunde: {ORG}, Zahlung auf {IBAN}.',
  'Sprechstunde: {NAME}, geb. {DOB}, bei Dr. {LAST} wegen Rückenschmerzen; nächster Termin {DATE}.',
  'Die Patientin, eine {NRP} Rentnerin aus {CITY}, kam mit ihrem Sohn {FIRST}.',
  'Gestern sagte {NAME}, dass {BRAND} {COUNTRY} nicht verlassen werde.',
  'Die {NRP} Delegation unter {NAME} traf {NAME} in {CITY}.',
  'Versionshinweise: Intelligente Filter, Team-Postfach und schnellere Synchronisation sind live.',
  'Die Generalversammlung beginnt um {TIME} Uhr im großen Saal.',
];

const TEMPLATES: Record<Lang, Record<Split, string[]>> = {
  en: { tune: EN_TUNE, heldout: EN_HELDOUT },
  de: { tune: DE_TUNE, heldout: DE_HELDOUT },
};
const LOCALES: Record<Lang, Record<Split, readonly string[]>> = {
  en: { tune: EN_TUNE_LOCALES, heldout: EN_HELDOUT_LOCALES },
  de: { tune: DE_TUNE_LOCALES, heldout: DE_HELDOUT_LOCALES },
};
const COUNTS: Record<Lang, Record<Split, number>> = {
  en: { tune: 1000, heldout: 620 },
  de: { tune: 660, heldout: 420 },
};

interface Span {
  start: number;
  end: number;
  entityType: string;
}

const fakers = new Map<string, Faker>();
function fakerFor(locale: string, seed: number): Faker {
  let f = fakers.get(locale);
  if (!f) {
    const defs = (allLocales as Record<string, LocaleDefinition>)[locale];
    f = new Faker({ locale: [defs, en, base] });
    fakers.set(locale, f);
  }
  f.seed(seed);
  return f;
}
const ownFakers: Record<Lang, Faker> = {
  en: new Faker({ locale: [allLocales.en, base] }),
  de: new Faker({ locale: [allLocales.de, en, base] }),
};

function render(template: string, c: Ctx): { text: string; spans: Span[] } {
  let text = '';
  const spans: Span[] = [];
  const re = /\{([A-Z_]+)\}/g;
  let cursor = 0;
  for (let m = re.exec(template); m !== null; m = re.exec(template)) {
    text += template.slice(cursor, m.index);
    const [value, type] = SLOTS[m[1]](c);
    if (type) spans.push({ start: text.length, end: text.length + value.length, entityType: type });
    text += value;
    cursor = m.index + m[0].length;
  }
  text += template.slice(cursor);
  return { text, spans };
}

function build(lang: Lang, split: Split, seed: number): string[] {
  const templates = TEMPLATES[lang][split];
  const locales = LOCALES[lang][split];
  const lines: string[] = [];
  const own = ownFakers[lang];
  for (let i = 0; i < COUNTS[lang][split]; i++) {
    const t = i % templates.length;
    const locale = locales[(i * 7 + Math.floor(i / templates.length)) % locales.length];
    const f = fakerFor(locale, seed * 100_000 + i);
    own.seed(seed * 100_000 + i);
    const c: Ctx = { f, own, locale, lang, split, nonLatin: NON_LATIN.has(locale), people: [] };
    const { text, spans } = render(templates[t], c);
    lines.push(
      JSON.stringify({ id: `${lang}-${split}-${String(i + 1).padStart(4, '0')}`, language: lang, split, template: `${lang}-${split}-t${t + 1}`, locale, text, spans }),
    );
  }
  return lines;
}

const dir = join(__dirname, '..', 'data', 'pii-eval-outside');
mkdirSync(dir, { recursive: true });
const seeds: Record<Lang, Record<Split, number>> = { en: { tune: 1801, heldout: 1802 }, de: { tune: 1803, heldout: 1804 } };
for (const lang of ['en', 'de'] as Lang[]) {
  for (const split of ['tune', 'heldout'] as Split[]) {
    const lines = build(lang, split, seeds[lang][split]);
    writeFileSync(join(dir, `${lang}-${split}.jsonl`), `${lines.join('\n')}\n`);
    console.log(`${lang}-${split}.jsonl: ${lines.length} samples from ${TEMPLATES[lang][split].length} templates, locales ${[...new Set(LOCALES[lang][split])].join(', ')}`);
  }
}
