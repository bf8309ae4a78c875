import { isIP } from 'node:net';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { hasContext, withContext } from '../context';
import type { Finding } from '../entity-types';
import {
  abaRoutingValid,
  cardBrand,
  deaValid,
  digitsOf,
  einValid,
  ibanValid,
  ipv4Valid,
  lanrValid,
  luhnValid,
  ssnValid,
  steuerIdValid,
} from '../validators';
import { regionClues, regionsToTry } from './phone-regions';
import { finding, type Recognizer, trimTrailing } from './types';

/**
 * Pattern recognizers: a regular expression finds candidates, a validator (checksum, structure)
 * and context words decide the score. Scores: validated + unambiguous format ≥ 0.8; a format that
 * random numbers also have stays under the threshold (0.5) unless a context word is near.
 */

function* matches(re: RegExp, text: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  let m: RegExpExecArray | null = re.exec(text);
  while (m !== null) {
    yield m;
    if (m[0].length === 0) re.lastIndex++;
    m = re.exec(text);
  }
}

// The look-behind starts a match only where a local part starts: without it, a long run of
// letters costs quadratic time (every position scans to the run's end looking for "@").
const EMAIL_RE = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![A-Za-z0-9])/g;
export const emailRecognizer: Recognizer = {
  name: 'email',
  types: ['EMAIL_ADDRESS'],
  find(text) {
    const out: Finding[] = [];
    for (const m of matches(EMAIL_RE, text)) {
      // Connection strings carry user:password@host; the part after "://" is not an e-mail address.
      const tokenStart = Math.max(text.lastIndexOf(' ', m.index), text.lastIndexOf('\n', m.index)) + 1;
      if (text.slice(tokenStart, m.index).includes('://')) continue;
      out.push(finding('EMAIL_ADDRESS', text, m.index, m.index + m[0].length, 0.95, 'email'));
    }
    return out;
  },
};

const IPV4_SHAPE = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const STEUERNUMMER_SHAPE = /^\d{2,3}\/\d{3,4}\/\d{4,5}$/;
const SSN_SHAPE = /^\d{3}-\d{2}-\d{4}$/;
const DATE_LIKE = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$|^\d{4}[./-]\d{1,2}[./-]\d{1,2}$/;
const PHONE_RE = /(?<![\w+/.-])(?:(?:\+|00)\d{1,3}[\s.-]?)?(?:\(0?\d{1,5}\)[\s.-]?)?\d{1,5}(?:[\s./-]?\d{1,5}){1,5}(?:\s?(?:x|ext\.?|extension|Durchwahl|DW)\s?\d{1,5})?(?![\w]|[.-]\d)/g;
export const phoneRecognizer: Recognizer = {
  name: 'phone',
  types: ['PHONE_NUMBER'],
  find(text, ctx) {
    const out: Finding[] = [];
    // Numbers without a country code are read as the language's country (+/00 numbers carry theirs).
    const country: CountryCode = ctx.language === 'de' ? 'DE' : 'US';
    let clues: CountryCode[] | null = null;
    for (const m of matches(PHONE_RE, text)) {
      const raw = m[0].trimEnd();
      const digits = digitsOf(raw.replace(/(x|ext\.?|extension|Durchwahl|DW)\s?\d+$/i, ''));
      if (digits.length < 7 || digits.length > 15) continue;
      if (DATE_LIKE.test(raw) || SSN_SHAPE.test(raw) || STEUERNUMMER_SHAPE.test(raw) || IPV4_SHAPE.test(raw)) continue;
      // Invoice, order and reference numbers ("Rechnung Nr. 2024-0815") are not phone numbers;
      // "phone number", "callback number", "Telefonnummer" are.
      const before = text.slice(Math.max(0, m.index - 24), m.index);
      if (/(?:\b(?:nr|no|nummer|number|invoice|order|rechnung|bestellung|ref|az|ticket|id)\.?|#)\s*:?\s*$/i.test(before.slice(-14)) && !PHONE_WORD_BEFORE_NUMBER.test(before)) continue;
      // Digits of a card number or of an IBAN's groups ("DE89 3704 ...") are not phone numbers.
      if (digits.length >= 13 && luhnValid(digits)) continue;
      if (/[A-Z]{2}\d{2} ?$/.test(text.slice(Math.max(0, m.index - 5), m.index))) continue;
      // A bare digit run without separators, a plus or a leading 0 is an id, not a phone number,
      // unless a phone word is near: decide that before the (costly) libphonenumber parse.
      const international = raw.startsWith('+') || raw.startsWith('00');
      const hasShape = /[\s()./-]/.test(raw) || international || raw.startsWith('0');
      const context = hasContext(text, m.index, m.index + raw.length, 'PHONE_NUMBER');
      if (!hasShape && !context) continue;
      // Seven or eight digits are a local number at best: only with a phone word nearby.
      if (digits.length < 9 && !context) continue;
      // One parse per candidate and region: libphonenumber-js costs about 50 µs a call.
      const p = parsePhoneNumberFromString(raw, country);
      let best = 0;
      if (p?.isValid()) best = hasShape ? 0.75 : 0.4;
      else if (!international && (hasShape || context)) {
        // Written without a country code: try the countries the text points to, then the
        // language's likely ones (phone-regions.ts).
        clues ??= regionClues(text);
        for (const region of regionsToTry(ctx.language, clues, country)) {
          if (parsePhoneNumberFromString(raw, region)?.isValid()) {
            best = hasShape ? 0.7 : 0.4;
            break;
          }
        }
      }
      if (best === 0 && p?.isPossible()) best = 0.35;
      // Numbers of other countries written without their country code: the national formats most
      // of the world uses (a trunk 0 or an area code in parentheses, then groups of 2-4 digits) are
      // phone numbers whatever the region; libphonenumber would need the right region to say so.
      if (best < 0.6 && plausibleNationalFormat(raw, digits)) best = 0.6;
      // An international prefix and 8-15 digits is a phone number's own shape, valid or not.
      if (best < 0.5 && international && digits.length >= 9) best = 0.5;
      // Next to a phone word, 9-13 digits with a trunk 0 or a plus are a number of some plan.
      if (best < 0.35 && context && digits.length >= 9 && digits.length <= 13 && (international || raw.startsWith('0') || raw.startsWith('('))) best = 0.35;
      if (best === 0) continue;
      if (context) best = Math.min(1, best + 0.35);
      out.push(finding('PHONE_NUMBER', text, m.index, m.index + raw.length, best, 'phone'));
    }
    return out;
  },
};

/** A phone word right before "number"/"Nummer": "callback number", "phone no.", "Telefon-Nr.". */
const PHONE_WORD_BEFORE_NUMBER = /(?:phone|callback|call-back|telephone|mobile|cell|contact|fax|whatsapp|telefon|handy|mobil|rückruf|kontakt)[\s-]*(?:number|no|nr|nummer)\.?\s*:?\s*$/i;

/**
 * A plausible national phone format: 7-13 digits in 2-6 groups split by spaces, dashes, dots, a
 * slash or parentheses, every group 2-5 digits (one short leading group allowed), and either a
 * trunk prefix 0, an area code in parentheses, or at least three groups ("94-368-80-01",
 * "(0503) 4659104", "0967-48 80 10", "737 563 680"). Dates, times and amounts have other shapes and
 * are filtered before this is asked.
 */
function plausibleNationalFormat(raw: string, digits: string): boolean {
  if (digits.length < 8 || digits.length > 13 || raw.startsWith('+')) return false;
  const body = raw.replace(/\s?(?:x|ext\.?|extension|Durchwahl|DW)\s?\d+$/i, '');
  if (/[.]\d{3}$/.test(body) && !/^0/.test(body)) return false;
  const groups = body.split(/[\s()./-]+/).filter(Boolean);
  if (groups.length < 2 || groups.length > 6) return false;
  // The first group may be six digits with a trunk 0 ("072444 97114": area codes of India, the UK).
  const firstMax = body.startsWith('0') ? 6 : 5;
  if (!groups.every((g, i) => /^\d+$/.test(g) && g.length <= (i === groups.length - 1 ? 8 : i === 0 ? firstMax : 5) && (g.length >= 2 || i === 0))) return false;
  // Two groups of equal length that could be an id pair ("2019 2023") need a trunk 0 or parentheses.
  return body.startsWith('0') || body.startsWith('(') || groups.length >= 3;
}

const CARD_RE = /(?<![\d-])\d(?:[ -]?\d){11,18}(?![\d-])/g;
export const creditCardRecognizer: Recognizer = {
  name: 'credit_card',
  types: ['CREDIT_CARD'],
  find(text) {
    const out: Finding[] = [];
    for (const m of matches(CARD_RE, text)) {
      if (!luhnValid(m[0])) continue;
      const separators = m[0].replace(/\d/g, '');
      if (separators.length > 0 && new Set(separators).size > 1) continue;
      const len = digitsOf(m[0]).length;
      // A 12-digit Luhn number is a card (Maestro, some private-label schemes) only when it is
      // grouped like one or a card word is near: a tenth of random 12-digit ids pass Luhn.
      const grouped = separators.length > 0 && /^\d{4}([ -])\d{4}\1\d{4}/.test(m[0]);
      if (len === 12 && !grouped && !hasContext(text, m.index, m.index + m[0].length, 'CREDIT_CARD')) continue;
      const base = cardBrand(m[0]) ? 0.8 : len >= 13 && separators.length > 0 ? 0.55 : 0.4;
      const end = m.index + m[0].length;
      out.push(finding('CREDIT_CARD', text, m.index, end, withContext(text, m.index, end, 'CREDIT_CARD', base), 'luhn'));
    }
    return out;
  },
};

const IBAN_RE = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}/g;
export const ibanRecognizer: Recognizer = {
  name: 'iban',
  types: ['IBAN'],
  find(text) {
    const out: Finding[] = [];
    for (const m of matches(IBAN_RE, text)) {
      // The pattern may run into the following word; try the longest valid prefix.
      let end = m.index + m[0].length;
      while (end > m.index + 14) {
        const candidate = text.slice(m.index, end);
        if (!candidate.endsWith(' ') && ibanValid(candidate) && !/[A-Za-z0-9]/.test(text[end] ?? '')) {
          out.push(finding('IBAN', text, m.index, end, withContext(text, m.index, end, 'IBAN', 0.9, 0.1), 'iban'));
          break;
        }
        end--;
      }
    }
    return out;
  },
};

const SSN_RE = /(?<![\d-])(\d{3})([- ]?)(\d{2})\2(\d{4})(?![\d-])/g;
export const ssnRecognizer: Recognizer = {
  name: 'ssn',
  types: ['US_SSN', 'TAX_ID'],
  find(text, ctx) {
    const out: Finding[] = [];
    for (const m of matches(SSN_RE, text)) {
      const end = m.index + m[0].length;
      const area = m[1];
      const group = Number(m[3]);
      // ITIN: area 9xx, group 50-65, 70-88, 90-92, 94-99: a US tax id, not an SSN.
      if (area[0] === '9' && m[2] && ((group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || group >= 94)) {
        if (ctx.wanted.has('TAX_ID')) out.push(finding('TAX_ID', text, m.index, end, withContext(text, m.index, end, 'TAX_ID', 0.55), 'itin'));
        continue;
      }
      if (!ssnValid(m[0])) continue;
      const base = m[2] === '-' ? 0.6 : m[2] === ' ' ? 0.4 : 0.2;
      const boost = hasContext(text, m.index, end, 'US_SSN') ? 0.4 : 0;
      out.push(finding('US_SSN', text, m.index, end, base + boost, 'ssn'));
    }
    return out;
  },
};

const STEUER_ID_RE = /(?<![\d/-])\d{2}[ ]?\d{3}[ ]?\d{3}[ ]?\d{3}(?![\d/-])/g;
const STEUERNUMMER_RE = /(?<![\d/])\d{2,3}\/\d{3,4}\/\d{4,5}(?![\d/])|(?<![\d/])\d{5}\/\d{5}(?![\d/])/g;
const VAT_RE = /(?<![A-Za-z0-9])(?:DE|ATU)[ ]?\d{8,9}(?![A-Za-z0-9])/g;
const EIN_RE = /(?<![\d-])\d{2}-\d{7}(?![\d-])/g;
export const taxIdRecognizer: Recognizer = {
  name: 'tax_id',
  types: ['TAX_ID'],
  find(text) {
    const out: Finding[] = [];
    for (const m of matches(STEUER_ID_RE, text)) {
      if (!steuerIdValid(m[0])) continue;
      const end = m.index + m[0].length;
      out.push(finding('TAX_ID', text, m.index, end, withContext(text, m.index, end, 'TAX_ID', 0.55), 'steuer_id'));
    }
    for (const m of matches(STEUERNUMMER_RE, text)) {
      const end = m.index + m[0].length;
      out.push(finding('TAX_ID', text, m.index, end, withContext(text, m.index, end, 'TAX_ID', 0.3, 0.45), 'steuernummer'));
    }
    for (const m of matches(VAT_RE, text)) {
      const end = m.index + m[0].length;
      out.push(finding('TAX_ID', text, m.index, end, withContext(text, m.index, end, 'TAX_ID', 0.6), 'vat_id'));
    }
    for (const m of matches(EIN_RE, text)) {
      if (!einValid(m[0])) continue;
      const end = m.index + m[0].length;
      out.push(finding('TAX_ID', text, m.index, end, withContext(text, m.index, end, 'TAX_ID', 0.3, 0.45), 'ein'));
    }
    return out;
  },
};

const ACCOUNT_RE = /(?<![\d.,/-])\d{8,17}(?![\d/-]|[.,]\d)/g;
const ACCOUNT_CONTEXT = ['account', 'acct', 'routing', 'aba', 'checking', 'savings', 'kontonummer', 'konto', 'kto', 'bankkonto', 'wire', 'bank'];
export const bankNumberRecognizer: Recognizer = {
  name: 'us_bank_number',
  types: ['US_BANK_NUMBER'],
  find(text) {
    const out: Finding[] = [];
    for (const m of matches(ACCOUNT_RE, text)) {
      const end = m.index + m[0].length;
      if (!hasContext(text, m.index, end, 'US_BANK_NUMBER', ACCOUNT_CONTEXT)) continue;
      const base = m[0].length === 9 && abaRoutingValid(m[0]) ? 0.75 : 0.65;
      out.push(finding('US_BANK_NUMBER', text, m.index, end, base, 'bank_account'));
    }
    return out;
  },
};

const DEA_RE = /(?<![A-Za-z0-9])[A-Z][A-Z9]\d{7}(?![A-Za-z0-9])/g;
const NINE_DIGITS_RE = /(?<![\d.,/-])\d{9}(?![\d/-]|[.,]\d)/g;
const TEN_DIGITS_RE = /(?<![\d.,/-])\d{10}(?![\d/-]|[.,]\d)/g;
const LICENSE_RE = /(?<![A-Za-z0-9])[A-Z]{1,3}[- ]?\d{4,8}(?![A-Za-z0-9])/g;
const LICENSE_CONTEXT = ['medical licen', 'license', 'licence', 'lanr', 'arztnummer', 'approbation', 'dea', 'npi', 'prescriber', 'ärztliche zulassung', 'zulassungsnummer', 'registration'];
export const medicalLicenseRecognizer: Recognizer = {
  name: 'medical_license',
  types: ['MEDICAL_LICENSE'],
  find(text) {
    const out: Finding[] = [];
    for (const m of matches(DEA_RE, text)) {
      if (!deaValid(m[0])) continue;
      const end = m.index + m[0].length;
      out.push(finding('MEDICAL_LICENSE', text, m.index, end, withContext(text, m.index, end, 'MEDICAL_LICENSE', 0.65), 'dea'));
    }
    for (const m of matches(NINE_DIGITS_RE, text)) {
      const end = m.index + m[0].length;
      if (!lanrValid(m[0]) || !hasContext(text, m.index, end, 'MEDICAL_LICENSE', LICENSE_CONTEXT)) continue;
      out.push(finding('MEDICAL_LICENSE', text, m.index, end, 0.8, 'lanr'));
    }
    for (const m of matches(TEN_DIGITS_RE, text)) {
      const end = m.index + m[0].length;
      if (!luhnValid(`80840${m[0]}`) || !hasContext(text, m.index, end, 'MEDICAL_LICENSE', ['npi', 'provider'])) continue;
      out.push(finding('MEDICAL_LICENSE', text, m.index, end, 0.8, 'npi'));
    }
    for (const m of matches(LICENSE_RE, text)) {
      const end = m.index + m[0].length;
      if (!hasContext(text, m.index, end, 'MEDICAL_LICENSE', LICENSE_CONTEXT)) continue;
      out.push(finding('MEDICAL_LICENSE', text, m.index, end, 0.7, 'license_number'));
    }
    return out;
  },
};

const IPV4_RE = /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?:\/\d{1,2})?(?![\d]|\.\d)/g;
const IPV6_RE = /(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:\/\d{1,3})?(?![\w:])/g;
export const ipRecognizer: Recognizer = {
  name: 'ip',
  types: ['IP_ADDRESS'],
  find(text) {
    const out: Finding[] = [];
    for (const m of matches(IPV4_RE, text)) {
      const ip = m[0].split('/')[0];
      if (!ipv4Valid(ip)) continue;
      const end = m.index + m[0].length;
      out.push(finding('IP_ADDRESS', text, m.index, end, withContext(text, m.index, end, 'IP_ADDRESS', 0.7), 'ipv4'));
    }
    for (const m of matches(IPV6_RE, text)) {
      const ip = m[0].split('/')[0];
      if (isIP(ip) !== 6 || !/[0-9A-Fa-f]{2,}/.test(ip)) continue;
      const end = m.index + m[0].length;
      out.push(finding('IP_ADDRESS', text, m.index, end, withContext(text, m.index, end, 'IP_ADDRESS', 0.75), 'ipv6'));
    }
    return out;
  },
};

const URL_RE = /\b(?:https?|ftp):\/\/[^\s<>"'`]+|\bwww\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+[^\s<>"'`]*/gi;
const TLDS = 'com|de|org|net|io|ai|co|uk|eu|at|ch|gov|edu|info|biz|app|dev|us|fr|it|nl|es|me|tv|cloud|online|shop|tech|page|name|xyz|club|site|store|blog|news|media|agency|email|link|live|world|berlin|ca|au|se|no|dk|pl|be|jp|cn|in|ru|br';
const BARE_DOMAIN_RE = new RegExp(`(?<![\\w@./-])(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+(?:${TLDS})(?:\\/[^\\s<>"'\`]*)?(?![\\w@-])`, 'gi');
export const urlRecognizer: Recognizer = {
  name: 'url',
  types: ['URL'],
  find(text) {
    const out: Finding[] = [];
    for (const m of matches(URL_RE, text)) {
      const end = trimTrailing(text, m.index, m.index + m[0].length);
      out.push(finding('URL', text, m.index, end, 0.85, 'url'));
    }
    for (const m of matches(BARE_DOMAIN_RE, text)) {
      const end = trimTrailing(text, m.index, m.index + m[0].length);
      const value = text.slice(m.index, end);
      // "e.g.", "z.B." and file names are not domains; a bare domain needs a dot-separated name of 2+ letters.
      if (!/[A-Za-z]{2,}\.[A-Za-z]{2,}/.test(value)) continue;
      out.push(finding('URL', text, m.index, end, withContext(text, m.index, end, 'URL', 0.6), 'domain'));
    }
    return out;
  },
};

const MONTHS_EN = 'January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';
const MONTHS_DE = 'Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jan|Feb|Mär|Apr|Jun|Jul|Aug|Sep|Okt|Nov|Dez';
const DATE_RES = [
  /(?<![\d./-])(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?![\d/-]|\.\d)/g,
  /(?<![\d./-])(\d{4})-(\d{2})-(\d{2})(?![\d-])/g,
  new RegExp(`\\b(?:${MONTHS_EN})\\.? \\d{1,2}(?:st|nd|rd|th)?,? \\d{4}\\b`, 'g'),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?(?: of)? (?:${MONTHS_EN})\\.?,? \\d{4}\\b`, 'g'),
  new RegExp(`(?<![\\d])\\d{1,2}\\.\\s?(?:${MONTHS_DE})\\.? \\d{4}\\b`, 'g'),
];
const DOB_CONTEXT = ['born', 'birth', 'dob', 'd.o.b', 'geboren', 'geburtsdatum', 'geburtstag', 'geb.', 'birthday', 'birthdate', 'jahrgang', 'geb am', 'geb:'];
export const dateOfBirthRecognizer: Recognizer = {
  name: 'date_of_birth',
  types: ['DATE_OF_BIRTH'],
  find(text) {
    const out: Finding[] = [];
    for (const re of DATE_RES) {
      for (const m of matches(re, text)) {
        const end = m.index + m[0].length;
        if (re === DATE_RES[0]) {
          const a = Number(m[1]);
          const b = Number(m[3]);
          if (a < 1 || b < 1 || a > 31 || b > 31 || (a > 12 && b > 12)) continue;
        }
        // German puts the verb last: "wurde am 30.04.2005 in Schwäbisch Hall geboren".
        const score = hasContext(text, m.index, end, 'DATE_OF_BIRTH', DOB_CONTEXT, 48) ? 0.85 : 0.25;
        out.push(finding('DATE_OF_BIRTH', text, m.index, end, score, 'date'));
      }
    }
    return out;
  },
};

export const PATTERN_RECOGNIZERS: Recognizer[] = [
  emailRecognizer,
  phoneRecognizer,
  creditCardRecognizer,
  ibanRecognizer,
  ssnRecognizer,
  taxIdRecognizer,
  bankNumberRecognizer,
  medicalLicenseRecognizer,
  ipRecognizer,
  urlRecognizer,
  dateOfBirthRecognizer,
];
