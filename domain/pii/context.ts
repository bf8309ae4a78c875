/**
 * Context words: a word near a candidate that makes it more likely to be what the pattern says
 * ("IBAN", "Kontonummer", "geboren am"). As in Presidio, context raises a score; a candidate whose
 * pattern alone is ambiguous (a bare 9-digit number) needs it to pass the threshold.
 */
export const CONTEXT_WORDS: Record<string, string[]> = {
  PERSON: ['name', 'mr', 'mrs', 'ms', 'dr', 'contact', 'patient', 'customer', 'client', 'employee', 'signed', 'dear', 'regards', 'herr', 'frau', 'kunde', 'kundin', 'ansprechpartner', 'mitarbeiter', 'mitarbeiterin', 'geehrte', 'grüße', 'unterzeichnet', 'vorname', 'nachname', 'heißt', 'namens'],
  EMAIL_ADDRESS: ['email', 'e-mail', 'mail', 'address', 'adresse', 'contact', 'kontakt'],
  PHONE_NUMBER: ['phone', 'tel', 'telephone', 'mobile', 'cell', 'call', 'fax', 'telefon', 'handy', 'mobil', 'rufnummer', 'telefonnummer', 'anrufen', 'erreichbar', 'whatsapp', 'reach', 'contact', 'kontakt', 'sms', 'dial', 'emergency', 'notfall', 'rückruf', 'zurückrufen', 'ruf'],
  LOCATION: ['city', 'town', 'lives', 'born', 'located', 'wohnt', 'stadt', 'ort', 'wohnort', 'village', 'region', 'country', 'land'],
  DATE_OF_BIRTH: ['born', 'birth', 'birthday', 'dob', 'd.o.b', 'date of birth', 'geboren', 'geburtsdatum', 'geburtstag', 'geb', 'birthdate', 'jahrgang'],
  ADDRESS: ['address', 'lives', 'live', 'street', 'resides', 'residence', 'ship', 'mail', 'adresse', 'anschrift', 'wohnt', 'wohnhaft', 'straße', 'liefer', 'wohnsitz'],
  CREDIT_CARD: ['card', 'credit', 'visa', 'mastercard', 'amex', 'cc', 'payment', 'karte', 'kreditkarte', 'kartennummer', 'zahlung', 'debit'],
  IBAN: ['iban', 'account', 'bank', 'transfer', 'konto', 'bankverbindung', 'überweisung', 'überweisen'],
  US_SSN: ['ssn', 'social security', 'social', 'security number', 'sozialversicherungsnummer', 'ssn#'],
  TAX_ID: ['tax', 'tin', 'ein', 'itin', 'taxpayer', 'steuer', 'steuer-id', 'steuernummer', 'steueridentifikationsnummer', 'idnr', 'identifikationsnummer', 'finanzamt', 'ust-idnr', 'vat', 'steuerliche', 'employer identification'],
  US_BANK_NUMBER: ['account', 'acct', 'bank', 'routing', 'aba', 'checking', 'savings', 'deposit', 'kontonummer', 'konto', 'konto-nr', 'kto', 'bankkonto', 'wire'],
  MEDICAL_LICENSE: ['medical', 'license', 'licence', 'dea', 'npi', 'physician', 'doctor', 'prescriber', 'arztnummer', 'lanr', 'approbation', 'approbationsnummer', 'arzt', 'ärztin', 'lizenz', 'zulassung', 'practitioner'],
  NRP: ['nationality', 'religion', 'religious', 'political', 'party', 'citizen', 'staatsangehörigkeit', 'nationalität', 'konfession', 'glaube', 'partei', 'mitglied', 'member'],
  API_KEY: ['key', 'api', 'token', 'secret', 'bearer', 'auth', 'authorization', 'credential', 'schlüssel', 'zugangsschlüssel'],
  CONNECTION_STRING: ['connection', 'dsn', 'database', 'db', 'url', 'verbindung', 'datenbank'],
  PASSWORD: ['password', 'passwd', 'pwd', 'passwort', 'kennwort', 'pin', 'passphrase', 'login'],
  ORGANIZATION: ['company', 'employer', 'works', 'firm', 'corporation', 'organisation', 'organization', 'firma', 'unternehmen', 'arbeitgeber', 'arbeitet', 'konzern', 'bei'],
  IP_ADDRESS: ['ip', 'address', 'host', 'server', 'adresse', 'ipv4', 'ipv6', 'client'],
  URL: ['url', 'link', 'website', 'site', 'webseite', 'homepage', 'seite'],
};

/** How far (in characters) before and after a candidate context words are looked for. */
const BEFORE = 48;
const AFTER = 24;

/** Score increase when a context word is near (Presidio uses 0.35). */
export const CONTEXT_BOOST = 0.35;

const wordCache = new Map<string, RegExp>();
function contextRegex(type: string): RegExp | null {
  const cached = wordCache.get(type);
  if (cached) return cached;
  const words = CONTEXT_WORDS[type];
  if (!words) return null;
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length);
  const re = new RegExp(`(?:^|[^\\p{L}\\p{N}])(?:${escaped.join('|')})`, 'iu');
  wordCache.set(type, re);
  return re;
}

/** True when a context word of `type` is close to [start, end). */
export function hasContext(text: string, start: number, end: number, type: string, words?: string[], afterChars = AFTER): boolean {
  const before = text.slice(Math.max(0, start - BEFORE), start);
  const after = text.slice(end, end + afterChars);
  if (words) {
    const b = before.toLowerCase();
    const a = after.toLowerCase();
    return words.some((w) => b.includes(w) || a.includes(w));
  }
  const re = contextRegex(type);
  if (!re) return false;
  return re.test(before) || re.test(after);
}

/** The score with the context boost applied when context is present, capped at 1. */
export function withContext(text: string, start: number, end: number, type: string, base: number, boost = CONTEXT_BOOST): number {
  return hasContext(text, start, end, type) ? Math.min(1, base + boost) : base;
}
