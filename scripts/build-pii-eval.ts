/**
 * Builds the labelled PII evaluation set: data/pii-eval/en.jsonl and de.jsonl, one sentence per
 * line as {id, language, text, spans: [{start, end, entityType}]} (UTF-16 offsets, end exclusive).
 *
 *   node --import tsx scripts/build-pii-eval.ts        (seeded: the same files every run)
 *
 * Honesty rules, so the set does not just replay the detector's word lists:
 * - half the person names and places come from HELD-OUT lists below, filtered at build time so
 *   none of their words is in the detector's lexicons (FIRST_NAMES, LAST_NAMES, PLACES);
 * - organisation names are invented (held-out surname + legal form, or a made-up brand after an
 *   employer cue), not taken from the organisation lexicon;
 * - a share of sentences has no PII but look-alikes (order numbers, versions, prices, plain dates,
 *   capitalised German nouns), and some values are written in lower case or unusual spacing.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { faker as fakerDe } from '@faker-js/faker/locale/de';
import { faker as fakerEn } from '@faker-js/faker/locale/en';
import { composeIBAN, isValidIBAN } from 'ibantools';
import { FIRST_NAMES, LAST_NAMES, PLACES } from '../domain/pii/lexicons';
import { iso7064Mod11_10, luhnCheckDigit, steuerIdValid } from '../domain/pii/validators';

type Lang = 'en' | 'de';
type Faker = typeof fakerEn;

const HELD_OUT_FIRST = [
  'Oluwaseun', 'Chidinma', 'Thandiwe', 'Nkechi', 'Babajide', 'Xiuying', 'Zhiwei', 'Thanh', 'Nguyet', 'Anh', 'Siddharth',
  'Aravind', 'Priyanka', 'Kavya', 'Ishaan', 'Yerlan', 'Aigerim', 'Dauren', 'Bogdana', 'Miroslava', 'Wojciech', 'Grzegorz',
  'Radoslaw', 'Zsofia', 'Laszlo', 'Eero', 'Aino', 'Sindri', 'Hrafnhildur', 'Tarek', 'Yasmeen', 'Khadija', 'Serkan',
  'Gökhan', 'Büşra', 'Elif', 'Kerem', 'Meltem', 'Jorunn', 'Solveig', 'Tiago', 'Joaquim', 'Itziar', 'Iñaki', 'Ximena',
  'Anahí', 'Tupac', 'Kwabena', 'Akosua', 'Ngozi', 'Rangi', 'Aroha', 'Keanu', 'Leilani', 'Tenzin', 'Pema', 'Dorje',
];
const HELD_OUT_LAST = [
  'Adeyemi', 'Okonkwo', 'Nwachukwu', 'Mthembu', 'Dlamini', 'Zhang', 'Huang', 'Nguyen', 'Tran', 'Phan', 'Raghunathan',
  'Venkataraman', 'Chaturvedi', 'Bhattacharya', 'Nurlanov', 'Abenova', 'Wiśniewska', 'Brzęczyszczykiewicz', 'Kowalczyk',
  'Nagy', 'Horváth', 'Virtanen', 'Korhonen', 'Sigurðardóttir', 'Haddad', 'Mansour', 'Yıldırım', 'Öztürk', 'Aydın',
  'Çelik', 'Şahin', 'Kılıç', 'Haugland', 'Bergstrøm', 'Gonçalves', 'Figueiredo', 'Etxeberria', 'Goikoetxea', 'Quispe',
  'Mamani', 'Asante', 'Owusu', 'Boateng', 'Te Rangi', 'Kahananui', 'Wangchuk', 'Dorji', 'Tshering', 'Achterberg',
  'Wendelstein', 'Grubenhagen', 'Oberpichler', 'Kratzmeier', 'Lindqvist', 'Rautenstrauch', 'Pfefferkorn',
];
const HELD_OUT_PLACES_EN = ['Tallahatchie', 'Kalamazoo', 'Chattahoochee', 'Punxsutawney', 'Oshkosh', 'Walla Walla', 'Tuktoyaktuk', 'Ballyhaunis', 'Auchtermuchty', 'Llanfair', 'Kilkenny', 'Dunedin', 'Timaru', 'Wagga Wagga', 'Toowoomba', 'Bendigo', 'Swakopmund', 'Gqeberha', 'Ushuaia', 'Trondheim'];
const HELD_OUT_PLACES_DE = ['Wolfenbüttel', 'Quedlinburg', 'Bad Kreuznach', 'Schwäbisch Hall', 'Bietigheim-Bissingen', 'Pfaffenhofen', 'Buxtehude', 'Wanne-Eickel', 'Castrop-Rauxel', 'Garmisch-Partenkirchen', 'Oberammergau', 'Traunstein', 'Lüdenscheid', 'Meppen', 'Cloppenburg', 'Eberswalde', 'Zittau', 'Pirna', 'Kufstein', 'Bregenz', 'Dornbirn', 'Wil', 'Frauenfeld'];

/** Held-out values: none of their words may be in the detector's lexicons. */
const notIn = (set: Set<string>) => (v: string) => !v.toLowerCase().split(/[\s-]/).some((w) => set.has(w)) && !set.has(v.toLowerCase());
const FIRST = HELD_OUT_FIRST.filter(notIn(FIRST_NAMES)).filter(notIn(LAST_NAMES));
const LAST = HELD_OUT_LAST.filter(notIn(LAST_NAMES)).filter(notIn(FIRST_NAMES));
const PLACES_EN = HELD_OUT_PLACES_EN.filter(notIn(PLACES));
const PLACES_DE = HELD_OUT_PLACES_DE.filter(notIn(PLACES));

const BRANDS = ['Zentrix', 'Quorvia', 'Blaufeld', 'Nordkamm', 'Veltrane', 'Orbisto', 'Kaliber Neun', 'Tessaro', 'Lumenhaus', 'Praxalis', 'Wendrix', 'Solvanta'];
const LEGAL = { en: ['Inc.', 'LLC', 'Ltd', 'Corp.', 'Group', 'Holdings'], de: ['GmbH', 'AG', 'GmbH & Co. KG', 'KG', 'SE', 'e.V.', 'UG'] };

function pick<T>(f: Faker, xs: T[]): T {
  return f.helpers.arrayElement(xs);
}
function digits(f: Faker, n: number): string {
  return Array.from({ length: n }, () => f.number.int({ min: 0, max: 9 })).join('');
}

function person(f: Faker, held: boolean, parts: 1 | 2 = 2): string {
  const first = held ? pick(f, FIRST) : f.person.firstName();
  const last = held ? pick(f, LAST) : f.person.lastName();
  return parts === 1 ? last : `${first} ${last}`;
}

const VALUES: Record<string, (f: Faker, lang: Lang) => string> = {
  PERSON: (f) => person(f, f.datatype.boolean()),
  SURNAME: (f) => person(f, f.datatype.boolean(), 1),
  EMAIL_ADDRESS: (f) => {
    const v = f.internet.email({ firstName: f.person.firstName(), lastName: f.person.lastName() }).toLowerCase();
    return f.number.int(9) === 0 ? v.toUpperCase() : v;
  },
  PHONE_NUMBER: (f, lang) => {
    if (lang === 'de') {
      return pick(f, [
        `+49 ${pick(f, ['151', '160', '170', '176', '157'])} ${digits(f, 8)}`,
        `0${pick(f, ['30', '40', '89', '221', '69', '711'])} ${digits(f, 7)}`,
        `0${pick(f, ['30', '89', '40'])}/${digits(f, 3)} ${digits(f, 2)} ${digits(f, 2)}`,
        `+49 (0)${pick(f, ['30', '89', '211'])} ${digits(f, 7)}`,
        `+43 1 ${digits(f, 7)}`,
      ]);
    }
    const area = pick(f, ['212', '415', '312', '617', '206', '303', '512', '646', '718']);
    const exch = `${f.number.int({ min: 2, max: 9 })}${digits(f, 2)}`;
    return pick(f, [`(${area}) ${exch}-${digits(f, 4)}`, `${area}-${exch}-${digits(f, 4)}`, `+1 ${area} ${exch} ${digits(f, 4)}`, `${area}.${exch}.${digits(f, 4)}`, `+44 20 7${digits(f, 3)} ${digits(f, 4)}`]);
  },
  LOCATION: (f, lang) => {
    if (f.datatype.boolean()) return pick(f, lang === 'de' ? PLACES_DE : PLACES_EN);
    return lang === 'de' ? pick(f, ['München', 'Hamburg', 'Köln', 'Leipzig', 'Dresden', 'Wien', 'Zürich', 'Bremen', 'Nürnberg', 'Bonn', 'Kassel', 'Rostock']) : pick(f, ['Chicago', 'Denver', 'Boston', 'Toronto', 'Manchester', 'Dublin', 'Austin', 'Portland', 'Atlanta', 'Melbourne']);
  },
  DATE_OF_BIRTH: (f, lang) => {
    const d = f.date.birthdate({ mode: 'age', min: 18, max: 90 });
    const dd = String(d.getUTCDate()).padStart(2, '0');
    const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
    const y = d.getUTCFullYear();
    const monthsEn = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
    const monthsDe = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
    if (lang === 'de') return pick(f, [`${dd}.${mm}.${y}`, `${d.getUTCDate()}. ${monthsDe[d.getUTCMonth()]} ${y}`, `${y}-${mm}-${dd}`]);
    return pick(f, [`${mm}/${dd}/${y}`, `${monthsEn[d.getUTCMonth()]} ${d.getUTCDate()}, ${y}`, `${d.getUTCDate()} ${monthsEn[d.getUTCMonth()]} ${y}`, `${y}-${mm}-${dd}`]);
  },
  ADDRESS: (f, lang) => {
    if (lang === 'de') {
      const street = pick(f, [`${pick(f, ['Linden', 'Kastanien', 'Ahorn', 'Mühlen', 'Garten', 'Schul', 'Bahnhof', 'Kirch', 'Sonnen', 'Birken'])}${pick(f, ['straße', 'weg', 'allee', 'str.', 'gasse', 'ring'])}`, `${pick(f, ['Am', 'An der', 'Im'])} ${pick(f, ['Mühlbach', 'Lindenhof', 'Kirchberg', 'Schlossgarten'])}`, `${pick(f, ['Berliner', 'Hamburger', 'Lange', 'Alte'])} ${pick(f, ['Straße', 'Allee', 'Weg'])}`]);
      const num = `${f.number.int({ min: 1, max: 180 })}${f.number.int(5) === 0 ? 'a' : ''}`;
      const city = pick(f, [...PLACES_DE, 'Hannover', 'Mainz', 'Freiburg']);
      return f.datatype.boolean() ? `${street} ${num}, ${digits(f, 5).replace(/^0/, '1')} ${city}` : `${street} ${num}`;
    }
    const street = `${f.number.int({ min: 1, max: 9999 })} ${pick(f, ['Maple', 'Oak', 'Cedar', 'Willow', 'Harbor', 'Sunset', 'Lincoln', 'Ridge', 'Mill', 'Elm'])} ${pick(f, ['Street', 'St.', 'Avenue', 'Ave', 'Road', 'Lane', 'Drive', 'Boulevard', 'Court'])}`;
    return pick(f, [street, `${street}, ${pick(f, PLACES_EN)}, ${pick(f, ['IL', 'WA', 'TX', 'NY', 'OR'])} ${digits(f, 5).replace(/^0/, '6')}`, `${street}, Apt ${f.number.int({ min: 1, max: 40 })}`]);
  },
  CREDIT_CARD: (f) => {
    const prefix = pick(f, ['4', '51', '55', '37', '6011']);
    const len = prefix === '37' ? 15 : 16;
    const body = prefix + digits(f, len - prefix.length - 1);
    const n = body + luhnCheckDigit(body);
    return prefix === '37' ? `${n.slice(0, 4)} ${n.slice(4, 10)} ${n.slice(10)}` : pick(f, [n.replace(/(.{4})(?=.)/g, '$1 '), n.replace(/(.{4})(?=.)/g, '$1-'), n]);
  },
  IBAN: (f, lang) => {
    const country = lang === 'de' ? pick(f, ['DE', 'DE', 'AT', 'CH']) : pick(f, ['GB', 'DE', 'FR', 'NL']);
    const shapes: Record<string, () => string> = {
      DE: () => digits(f, 18),
      AT: () => digits(f, 16),
      CH: () => digits(f, 17),
      GB: () => `${f.string.alpha({ length: 4, casing: 'upper' })}${digits(f, 14)}`,
      FR: () => `${digits(f, 10)}${f.string.alphanumeric({ length: 11, casing: 'upper' })}${digits(f, 2)}`,
      NL: () => `${f.string.alpha({ length: 4, casing: 'upper' })}${digits(f, 10)}`,
    };
    let iban: string | null = null;
    // Only IBANs that pass every check (some countries add a national check digit to the BBAN).
    while (!iban || !isValidIBAN(iban)) iban = composeIBAN({ countryCode: country, bban: shapes[country]() });
    return f.datatype.boolean() ? iban.replace(/(.{4})(?=.)/g, '$1 ') : iban;
  },
  US_SSN: (f) => {
    let area = f.number.int({ min: 1, max: 899 });
    if (area === 666) area = 667;
    const v = `${String(area).padStart(3, '0')}-${String(f.number.int({ min: 1, max: 99 })).padStart(2, '0')}-${String(f.number.int({ min: 1, max: 9999 })).padStart(4, '0')}`;
    return f.number.int(5) === 0 ? v.replace(/-/g, ' ') : v;
  },
  TAX_ID: (f, lang) => {
    if (lang === 'de') {
      if (f.number.int(3) === 0) return `${f.number.int({ min: 10, max: 99 })}/${digits(f, 3)}/${digits(f, 5)}`;
      for (;;) {
        const pool = f.helpers.shuffle([...'0123456789']);
        const body = f.helpers.shuffle([...pool.slice(0, 9), pool[0]]).join('');
        const id = body + iso7064Mod11_10(body);
        if (steuerIdValid(id)) return f.number.int(3) === 0 ? `${id.slice(0, 2)} ${id.slice(2, 5)} ${id.slice(5, 8)} ${id.slice(8)}` : id;
      }
    }
    return f.datatype.boolean() ? `${pick(f, ['12', '23', '45', '51', '86', '94'])}-${digits(f, 7)}` : `9${digits(f, 2)}-${pick(f, ['70', '78', '88', '92'])}-${digits(f, 4)}`;
  },
  ABA_ROUTING: (f) => {
    for (;;) {
      const d = `0${digits(f, 7)}`;
      for (let c = 0; c < 10; c++) {
        const n = `${d}${c}`;
        const w = [3, 7, 1];
        if (n.split('').reduce((a, x, i) => a + Number(x) * w[i % 3], 0) % 10 === 0) return n;
      }
    }
  },
  US_BANK_NUMBER: (f) => digits(f, f.number.int({ min: 8, max: 14 })).replace(/^0/, '4'),
  MEDICAL_LICENSE: (f, lang) => {
    if (lang === 'de' && f.datatype.boolean()) {
      const b = digits(f, 6);
      const w = [4, 9, 4, 9, 4, 9];
      const s = b.split('').reduce((a, c, i) => a + Number(c) * w[i], 0);
      return `${b}${(10 - (s % 10)) % 10}${pick(f, ['01', '34', '50', '79'])}`;
    }
    if (f.datatype.boolean()) {
      const d = digits(f, 6).split('').map(Number);
      const c = (d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5])) % 10;
      return `${pick(f, ['A', 'B', 'F', 'M'])}${f.string.alpha({ length: 1, casing: 'upper' })}${d.join('')}${c}`;
    }
    return `${pick(f, ['MD', 'A', 'G', 'C'])}${digits(f, f.number.int({ min: 5, max: 7 }))}`;
  },
  NRP: (_f, lang) => (lang === 'de' ? '' : ''),
  API_KEY: (f) =>
    pick(f, [
      `sk-proj-${f.string.alphanumeric(40)}`,
      `ghp_${f.string.alphanumeric(36)}`,
      `AKIA${f.string.alphanumeric({ length: 16, casing: 'upper' })}`,
      `xoxb-${digits(f, 11)}-${digits(f, 12)}-${f.string.alphanumeric(24)}`,
      `sk_live_${f.string.alphanumeric(24)}`,
      `AIza${f.string.alphanumeric(35)}`,
      `glpat-${f.string.alphanumeric(20)}`,
    ]),
  CONNECTION_STRING: (f) => {
    const user = f.internet.username().toLowerCase().replace(/[^a-z0-9_]/g, '');
    const pass = f.internet.password({ length: 12, pattern: /[A-Za-z0-9]/ });
    const host = `${pick(f, ['db', 'pg', 'mongo', 'cache', 'mq'])}-${f.number.int(9)}.${f.internet.domainWord()}.${pick(f, ['internal', 'local', 'com'])}`;
    return pick(f, [
      `postgresql://${user}:${pass}@${host}:5432/${f.word.noun()}`,
      `mysql://${user}:${pass}@${host}:3306/app`,
      `mongodb+srv://${user}:${pass}@${host}/orders?retryWrites=true`,
      `redis://:${pass}@${host}:6379/0`,
      `Server=${host};Database=Sales;User Id=${user};Password=${pass};`,
      `amqp://${user}:${pass}@${host}:5672/vhost`,
    ]);
  },
  PASSWORD: (f) => pick(f, [f.internet.password({ length: f.number.int({ min: 8, max: 14 }) }), `${f.word.noun()}${f.number.int({ min: 10, max: 2030 })}!`, `${f.string.alpha(1).toUpperCase()}${f.string.alphanumeric(9)}#`]),
  ORGANIZATION: (f, lang) => (f.datatype.boolean() ? `${pick(f, [...LAST, ...BRANDS])} ${pick(f, LEGAL[lang])}` : pick(f, BRANDS)),
  IP_ADDRESS: (f) => {
    const octet = () => f.number.int({ min: 1, max: 254 });
    return pick(f, [`10.${octet()}.${octet()}.${octet()}`, `192.168.${octet()}.${octet()}`, `${pick(f, ['84', '203', '91', '145'])}.${octet()}.${octet()}.${octet()}`, `2001:db8:${f.string.hexadecimal({ length: 4, prefix: '', casing: 'lower' })}::${octet()}`]);
  },
  URL: (f) => pick(f, [`https://${f.internet.domainName()}/${f.word.noun()}`, `https://www.${f.internet.domainName()}`, `http://${f.internet.domainWord()}.${pick(f, ['io', 'de', 'com'])}/${f.word.noun()}/${f.number.int(999)}`, `${f.internet.domainName()}/${f.word.noun()}`]),
};

const NRP_VALUES = {
  en: ['German', 'Turkish', 'Nigerian', 'Vietnamese', 'Mexican', 'Polish', 'Catholic', 'Muslim', 'Jewish', 'Hindu', 'Buddhist', 'Protestant', 'Republican', 'Democrat', 'Sikh', 'Brazilian'],
  de: ['Türkin', 'Pole', 'Italienerin', 'Syrer', 'Muslim', 'Katholikin', 'Jude', 'evangelisch', 'katholisch', 'muslimischen', 'türkischer', 'polnische', 'SPD', 'CDU', 'AfD', 'Grünen'],
};

/** Templates: {TYPE} slots become labelled values; {SURNAME} is a PERSON. Plain text is not PII. */
const TEMPLATES: Record<Lang, string[]> = {
  en: [
    'Please contact {PERSON} at {EMAIL_ADDRESS} about the renewal.',
    'Call {PERSON} on {PHONE_NUMBER} before Friday.',
    'My name is {PERSON} and I live in {LOCATION}.',
    'Patient {PERSON}, date of birth {DATE_OF_BIRTH}, was admitted yesterday.',
    'Ship the package to {ADDRESS}.',
    'The customer lives at {ADDRESS} and can be reached at {PHONE_NUMBER}.',
    'Charge the card {CREDIT_CARD} for the annual plan.',
    'Please wire the refund to IBAN {IBAN}.',
    'Her SSN is {US_SSN}, please update the file.',
    'Our employer identification number is {TAX_ID}.',
    'Transfer to account number {US_BANK_NUMBER} at the credit union.',
    'Dr. {SURNAME} signed the prescription, DEA number {MEDICAL_LICENSE}.',
    'The medical license number of the physician is {MEDICAL_LICENSE}.',
    'He is {NRP} and works for {ORGANIZATION}.',
    'The survey asked whether respondents were {NRP}.',
    'Use the key {API_KEY} for the staging environment.',
    'export OPENAI_API_KEY={API_KEY}',
    'The service connects with {CONNECTION_STRING} at startup.',
    'DATABASE_URL="{CONNECTION_STRING}"',
    'The wifi password is {PASSWORD} for guests.',
    'login: admin, password: {PASSWORD}',
    'She joined {ORGANIZATION} last spring as a data analyst.',
    'The invoice from {ORGANIZATION} is overdue.',
    'Requests came from {IP_ADDRESS} during the outage.',
    'See the write-up at {URL} for details.',
    'Mr. {SURNAME} moved from {LOCATION} to {LOCATION} in 2019.',
    '{PERSON} was born on {DATE_OF_BIRTH} in {LOCATION}.',
    'Send the contract to {PERSON}, {ADDRESS}.',
    'Ms. {PERSON} ({EMAIL_ADDRESS}) asked for a callback at {PHONE_NUMBER}.',
    'Forward this to {EMAIL_ADDRESS} and cc {EMAIL_ADDRESS}.',
    'The server at {IP_ADDRESS} rejected the token {API_KEY}.',
    'Thanks, {PERSON}',
    'Meeting notes: {PERSON} and {PERSON} agreed on the budget.',
    'Our office in {LOCATION} closes at 6 pm.',
    'Card ending {CREDIT_CARD} was declined; SSN on file {US_SSN}.',
    'Hi team, {PERSON} from {ORGANIZATION} will join the call.',
    'DOB: {DATE_OF_BIRTH}',
    'Name: {PERSON}\nPhone: {PHONE_NUMBER}\nEmail: {EMAIL_ADDRESS}',
    'the client {PERSON} asked us to use {URL} instead.',
    'Route 66 opened in 1926 and the report is due on March 3, 2025.',
    'Order 448812 shipped on 2024-05-17 for $1,249.00.',
    'Version 4.2.1 fixes the login page and the password reset flow.',
    'The Quarterly Review covers Sales, Marketing and Product.',
    'Please reset your password using the link in the email.',
    'The meeting is on Tuesday at 10:30 in Room 204.',
    'Invoice INV-2024-0042 totals 3,450 units.',
    'We shipped 1200 units to the warehouse last week.',
  ],
  de: [
    'Bitte kontaktieren Sie {PERSON} unter {EMAIL_ADDRESS}.',
    'Herr {SURNAME} ist unter {PHONE_NUMBER} erreichbar.',
    'Frau {PERSON} wohnt in {LOCATION}.',
    'Ich heiße {PERSON} und komme aus {LOCATION}.',
    'Der Patient {PERSON}, geboren am {DATE_OF_BIRTH}, wurde gestern aufgenommen.',
    'Die Lieferadresse lautet {ADDRESS}.',
    'Bitte senden Sie die Unterlagen an {ADDRESS}.',
    'Die Kreditkarte {CREDIT_CARD} wurde belastet.',
    'Bitte überweisen Sie den Betrag auf die IBAN {IBAN}.',
    'Meine Steuer-ID lautet {TAX_ID}.',
    'Steuernummer beim Finanzamt: {TAX_ID}',
    'Die Kontonummer {US_BANK_NUMBER} gehört zum Geschäftskonto.',
    'Die lebenslange Arztnummer (LANR) von Dr. {SURNAME} ist {MEDICAL_LICENSE}.',
    'Sie ist {NRP} und arbeitet bei der {ORGANIZATION}.',
    'Der Bewerber ist {NRP} und Mitglied im Sportverein.',
    'Der API-Schlüssel {API_KEY} darf nicht ins Repository.',
    'Verbindung zur Datenbank: {CONNECTION_STRING}',
    'Das Passwort lautet {PASSWORD} und gilt ab sofort.',
    'Benutzer: admin, Passwort: {PASSWORD}',
    'Das WLAN-Kennwort ist {PASSWORD}.',
    'Er arbeitet seit 2021 bei {ORGANIZATION} in {LOCATION}.',
    'Die Rechnung der {ORGANIZATION} ist noch offen.',
    'Zugriffe kamen von der IP-Adresse {IP_ADDRESS}.',
    'Weitere Informationen finden Sie auf {URL}.',
    'Sehr geehrte Frau {SURNAME}, vielen Dank für Ihre Nachricht.',
    'Mit freundlichen Grüßen\n{PERSON}',
    '{PERSON} wurde am {DATE_OF_BIRTH} in {LOCATION} geboren.',
    'Ansprechpartner: {PERSON}, Tel. {PHONE_NUMBER}, E-Mail {EMAIL_ADDRESS}',
    'Herr {PERSON}, {ADDRESS}, hat den Vertrag unterschrieben.',
    'Geburtsdatum: {DATE_OF_BIRTH}',
    'Der Server {IP_ADDRESS} lehnte den Schlüssel {API_KEY} ab.',
    'Unsere Filiale in {LOCATION} hat samstags geöffnet.',
    'Die Sozialversicherungsnummer (SSN) des US-Kollegen ist {US_SSN}.',
    'Frau Dr. {SURNAME} und Herr {SURNAME} nehmen am Termin teil.',
    'Besprechung mit {PERSON} und {PERSON} am Montag.',
    'Die Rechnung Nr. 2024-0815 über 1.250,00 Euro ist fällig.',
    'Das Update auf Version 3.1.4 behebt den Fehler beim Login.',
    'Die Besprechung findet am 14.03.2025 um 10:30 Uhr statt.',
    'Bitte ändern Sie Ihr Passwort regelmäßig.',
    'Der Vertrag läuft bis zum Ende des Quartals.',
    'Die Abteilung Vertrieb meldet 1200 verkaufte Einheiten.',
    'Im Anhang finden Sie die Präsentation zur Strategie.',
  ],
};

/**
 * Held-out templates: written after the detector was tuned on TEMPLATES and never used for tuning;
 * bench/pii reports them separately, so the gap between the two splits shows how much of the
 * dev-split score is fitted to its templates.
 */
const HELDOUT_TEMPLATES: Record<Lang, string[]> = {
  en: [
    'Hey, it is {PERSON} here, could you resend the slides?',
    'I spoke with {PERSON} yesterday; she said the lease in {LOCATION} ends in June.',
    'The landlord, {PERSON}, wants the deposit paid to {IBAN} by the 5th.',
    'Reach our support lead via {EMAIL_ADDRESS} or text {PHONE_NUMBER}.',
    'Applicant: {PERSON}; D.O.B. {DATE_OF_BIRTH}; nationality: {NRP}.',
    'We are relocating the team from {LOCATION} to our new office at {ADDRESS}.',
    'Quick reminder that {SURNAME} still owes us the signed NDA.',
    'Payment failed for card {CREDIT_CARD}, expiry 09/27.',
    'For payroll please use routing {ABA_ROUTING} and checking account {US_BANK_NUMBER}.',
    'Taxpayer ID {TAX_ID} was rejected by the portal.',
    'Social security no. {US_SSN} appears twice in the export.',
    'The nurse practitioner listed license {MEDICAL_LICENSE} on the referral.',
    'curl -H "Authorization: Bearer {API_KEY}" {URL}',
    'Set REDIS_URL={CONNECTION_STRING} in the .env file.',
    'my pw is {PASSWORD} dont share it',
    'Acquisition talks with {ORGANIZATION} stalled over the earn-out.',
    'Firewall logs show repeated hits from {IP_ADDRESS}.',
    'The phishing mail linked to {URL} instead of our domain.',
    'As discussed, {PERSON} and {PERSON} will co-own the migration.',
    '{PERSON} <{EMAIL_ADDRESS}> wrote: the invoice is attached.',
    'Could {SURNAME} from accounting confirm the amount?',
    'The {NRP} community center hosts the event every spring.',
    'Delivery address: {ADDRESS}',
    'Born {DATE_OF_BIRTH}, the claimant has lived in {LOCATION} since childhood.',
    'Sales grew 12% in Q3 while Marketing cut spend by a third.',
    'Apple pie and Orange juice were served at the Spring Fair.',
    'Build 2025.03.14 passed all 1,204 tests in 38 minutes.',
    'Remember: never paste your password into a chat window.',
    'The North Star metric is weekly active teams.',
    'Ticket #48213 was escalated to Tier 2 on Monday.',
  ],
  de: [
    'Hallo, hier ist {PERSON}, ich rufe wegen der Rechnung an.',
    'Gestern habe ich mit {PERSON} telefoniert, sie zieht nach {LOCATION}.',
    'Der Vermieter {PERSON} bittet um Überweisung der Kaution auf {IBAN}.',
    'Sie erreichen unseren Support per Mail an {EMAIL_ADDRESS} oder unter {PHONE_NUMBER}.',
    'Bewerberin: {PERSON}, geb. {DATE_OF_BIRTH}, Staatsangehörigkeit: {NRP}.',
    'Das Team zieht von {LOCATION} in das neue Büro in der {ADDRESS}.',
    'Kurze Erinnerung: Frau {SURNAME} hat die Vereinbarung noch nicht unterschrieben.',
    'Die Zahlung mit der Karte {CREDIT_CARD} ist fehlgeschlagen.',
    'Bitte die Gehaltszahlung auf Konto {US_BANK_NUMBER} buchen.',
    'Die Steueridentifikationsnummer {TAX_ID} wurde vom Portal abgelehnt.',
    'Laut Akte lautet die Arztnummer {MEDICAL_LICENSE}.',
    'Token für die Staging-Umgebung: {API_KEY}',
    'In der .env steht DATABASE_URL={CONNECTION_STRING}',
    'mein kennwort ist {PASSWORD} bitte nicht weitergeben',
    'Die Übernahmegespräche mit der {ORGANIZATION} stocken.',
    'Im Firewall-Log tauchen viele Zugriffe von {IP_ADDRESS} auf.',
    'Die Phishing-Mail verlinkte auf {URL} statt auf unsere Domain.',
    'Wie besprochen übernehmen {PERSON} und {PERSON} die Migration.',
    'Könnte Herr {SURNAME} aus der Buchhaltung den Betrag bestätigen?',
    'Die {NRP} Gemeinde lädt zum Sommerfest ein.',
    'Lieferanschrift: {ADDRESS}',
    'Der Antragsteller ist am {DATE_OF_BIRTH} geboren und lebt seit Jahren in {LOCATION}.',
    'Im dritten Quartal stieg der Umsatz um 12 Prozent.',
    'Die Geschäftsführung trifft sich am Montag zur Strategieklausur.',
    'Build 2025.03.14 hat alle 1.204 Tests bestanden.',
    'Bitte geben Sie Ihr Passwort niemals im Chat ein.',
    'Vorgang Nr. 48213 wurde an die zweite Ebene eskaliert.',
    'Der Nordstern unseres Produkts ist die Zahl aktiver Teams.',
    'Die Sozialversicherungsnummer {US_SSN} aus dem US-Lohnlauf ist doppelt.',
    'Grüße aus {LOCATION}, {PERSON}',
  ],
};

interface Span {
  start: number;
  end: number;
  entityType: string;
}

function render(template: string, f: Faker, lang: Lang): { text: string; spans: Span[] } {
  let text = '';
  const spans: Span[] = [];
  const re = /\{([A-Z_]+)\}/g;
  let cursor = 0;
  for (let m = re.exec(template); m !== null; m = re.exec(template)) {
    text += template.slice(cursor, m.index);
    const slot = m[1];
    const type = slot === 'SURNAME' ? 'PERSON' : slot === 'ABA_ROUTING' ? 'US_BANK_NUMBER' : slot;
    const value = slot === 'NRP' ? pick(f, NRP_VALUES[lang]) : VALUES[slot](f, lang);
    spans.push({ start: text.length, end: text.length + value.length, entityType: type });
    text += value;
    cursor = m.index + m[0].length;
  }
  text += template.slice(cursor);
  return { text, spans };
}

function build(lang: Lang, count: number, seed: number, split: 'dev' | 'heldout' = 'dev'): string {
  const f = lang === 'de' ? fakerDe : fakerEn;
  f.seed(seed);
  const lines: string[] = [];
  const templates = split === 'dev' ? TEMPLATES[lang] : HELDOUT_TEMPLATES[lang];
  for (let i = 0; i < count; i++) {
    const template = templates[i % templates.length];
    const { text, spans } = render(template, f, lang);
    lines.push(JSON.stringify({ id: `${lang}-${split}-${String(i + 1).padStart(4, '0')}`, language: lang, split, text, spans }));
  }
  return `${lines.join('\n')}\n`;
}

const dir = join(__dirname, '..', 'data', 'pii-eval');
writeFileSync(join(dir, 'en.jsonl'), build('en', 320, 20260101));
writeFileSync(join(dir, 'de.jsonl'), build('de', 300, 20260102));
console.log(`held out: ${FIRST.length} first names, ${LAST.length} surnames, ${PLACES_EN.length + PLACES_DE.length} places`);
writeFileSync(join(dir, 'en-heldout.jsonl'), build('en', 120, 20260201, 'heldout'));
writeFileSync(join(dir, 'de-heldout.jsonl'), build('de', 120, 20260202, 'heldout'));
console.log(`wrote ${dir}: en.jsonl (320), de.jsonl (300), en-heldout.jsonl (120), de-heldout.jsonl (120)`);
