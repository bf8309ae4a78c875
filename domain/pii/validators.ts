import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * Checksums and structural rules that turn a pattern match into a confident finding. Each takes the
 * matched text (separators allowed) and answers true only for values that could really be issued.
 */

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** Luhn (ISO/IEC 7812) over the digits: card numbers. */
export function luhnValid(text: string): boolean {
  const d = digitsOf(text);
  if (d.length < 12 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** The Luhn check digit that completes `partial` (digits only). */
export function luhnCheckDigit(partial: string): number {
  for (let c = 0; c < 10; c++) if (luhnValid(partial + c)) return c;
  return 0;
}

/** Card brands by issuer prefix and length; a Luhn-valid number without a known brand is weaker. */
export function cardBrand(text: string): string | null {
  const d = digitsOf(text);
  if (/^4/.test(d) && [13, 16, 19].includes(d.length)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d) && d.length === 16) return 'mastercard';
  if (/^3[47]/.test(d) && d.length === 15) return 'amex';
  if (/^(6011|65|64[4-9])/.test(d) && d.length >= 16) return 'discover';
  if (/^3(0[0-5]|[68])/.test(d) && d.length >= 14) return 'diners';
  if (/^35(2[89]|[3-8]\d)/.test(d) && d.length >= 16) return 'jcb';
  if (/^62/.test(d) && d.length >= 16) return 'unionpay';
  if (/^220[0-4]/.test(d) && d.length >= 16) return 'mir';
  if (/^(50|5[6-9]|6\d)/.test(d) && d.length >= 12) return 'maestro';
  if (/^(60|65|81|82|508)/.test(d) && d.length === 16) return 'rupay';
  return null;
}

/** IBAN: country length and ISO 13616 mod-97. */
export function ibanValid(text: string): boolean {
  const e = electronicFormatIBAN(text);
  return !!e && isValidIBAN(e);
}

/** US SSN rules: no area 000, 666 or 900-999, no group 00, no serial 0000, no advertised numbers. */
export function ssnValid(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 9) return false;
  const area = d.slice(0, 3);
  const group = d.slice(3, 5);
  const serial = d.slice(5);
  if (area === '000' || area === '666' || area[0] === '9') return false;
  if (group === '00' || serial === '0000') return false;
  if (/^(\d)\1{8}$/.test(d)) return false;
  if (d === '123456789' || d === '078051120' || d === '219099999') return false;
  return true;
}

/** ISO 7064 MOD 11,10 check digit over a digit string (German Steuer-ID). */
export function iso7064Mod11_10(digits: string): number {
  let product = 10;
  for (const ch of digits) {
    let sum = (ch.charCodeAt(0) - 48 + product) % 10;
    if (sum === 0) sum = 10;
    product = (sum * 2) % 11;
  }
  const check = 11 - product;
  return check === 10 ? 0 : check;
}

/**
 * German Steuerliche Identifikationsnummer: 11 digits, first not 0; in the first ten, exactly one
 * digit occurs two or three times (never three in a row) and the rest at most once; the last digit
 * is the ISO 7064 MOD 11,10 check digit.
 */
export function steuerIdValid(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 11 || d[0] === '0') return false;
  const body = d.slice(0, 10);
  const counts = new Map<string, number>();
  for (const ch of body) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const repeated = [...counts.values()].filter((c) => c > 1);
  if (repeated.length !== 1 || repeated[0] > 3) return false;
  if (/(\d)\1\1/.test(body)) return false;
  return iso7064Mod11_10(body) === Number(d[10]);
}

/** US DEA registration number: 2 letters + 7 digits, (d1+d3+d5) + 2(d2+d4+d6) ends in d7. */
export function deaValid(text: string): boolean {
  const m = /^([A-Za-z])([A-Za-z9])(\d{7})$/.exec(text.replace(/[\s-]/g, ''));
  if (!m) return false;
  const d = m[3].split('').map(Number);
  const sum = d[0] + d[2] + d[4] + 2 * (d[1] + d[3] + d[5]);
  return sum % 10 === d[6];
}

/** German lifelong physician number (LANR): 9 digits, digit 7 checks digits 1-6 weighted 4,9,4,9,4,9. */
export function lanrValid(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 9) return false;
  const w = [4, 9, 4, 9, 4, 9];
  let sum = 0;
  for (let i = 0; i < 6; i++) sum += Number(d[i]) * w[i];
  const check = (10 - (sum % 10)) % 10;
  return check === Number(d[6]);
}

/** ABA routing number: weights 3,7,1 repeated, sum divisible by 10. */
export function abaRoutingValid(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 9 || d === '000000000') return false;
  const w = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(d[i]) * w[i % 3];
  return sum % 10 === 0;
}

/** US EIN: 9 digits as NN-NNNNNNN with an assigned campus prefix. */
export function einValid(text: string): boolean {
  const m = /^(\d{2})-?(\d{7})$/.exec(text.trim());
  if (!m) return false;
  const prefix = Number(m[1]);
  return ![0, 7, 8, 9, 17, 18, 19, 28, 29, 49, 69, 70, 78, 79, 89, 96, 97].includes(prefix);
}

/** IPv4 with every octet in 0-255 and no leading zeros. */
export function ipv4Valid(text: string): boolean {
  const parts = text.split('.');
  if (parts.length !== 4) return false;
  return parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** Shannon entropy in bits per character: random secrets score high, words and ids low. */
export function shannonEntropy(text: string): number {
  const counts = new Map<string, number>();
  for (const ch of text) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const c of counts.values()) {
    const p = c / text.length;
    h -= p * Math.log2(p);
  }
  return h;
}
