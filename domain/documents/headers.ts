/**
 * Suggests an entity type for a table column from its header text, in English and German
 * (inspect-headers; also what the column_header strategy can fall back on). Headers are normalised
 * (lower case, umlauts folded, separators to spaces) and compared with term lists:
 *  - the whole header is a term ("E-Mail", "Vorname")                      confidence 0.95
 *  - the header contains a term as whole words ("Customer Email")          confidence 0.8
 *  - a German compound ends or starts with a term ("Kundenname", "Telefonnummer privat") 0.7
 * The longest matching term wins (so "Email Address" is an email, not an address).
 */

export interface HeaderSuggestion {
  entityType: string | null;
  confidence: number | null;
}

const TERMS: [entityType: string, terms: string[]][] = [
  [
    'ORGANIZATION',
    ['company', 'company name', 'organization', 'organisation', 'employer', 'firm', 'business', 'firma', 'firmenname',
      'unternehmen', 'unternehmensname', 'arbeitgeber', 'organisation name', 'institution', 'bank', 'bank name'],
  ],
  [
    'EMAIL_ADDRESS',
    ['email', 'e mail', 'mail', 'email address', 'e mail address', 'mail address', 'e mail adresse', 'email adresse',
      'emailadresse', 'mailadresse'],
  ],
  [
    'PHONE_NUMBER',
    ['phone', 'phone number', 'telephone', 'tel', 'mobile', 'mobile number', 'cell', 'cell phone', 'fax', 'telefon',
      'telefonnummer', 'handy', 'handynummer', 'mobil', 'mobilnummer', 'rufnummer', 'festnetz', 'faxnummer'],
  ],
  [
    'DATE_OF_BIRTH',
    ['dob', 'date of birth', 'birth date', 'birthdate', 'birthday', 'born', 'geburtsdatum', 'geburtstag', 'geb datum',
      'geboren am', 'geboren'],
  ],
  [
    'ADDRESS',
    ['address', 'street', 'street address', 'home address', 'postal address', 'mailing address', 'address line 1',
      'address line 2', 'zip', 'zip code', 'postcode', 'postal code', 'adresse', 'anschrift', 'strasse', 'hausnummer',
      'wohnadresse', 'postanschrift', 'plz', 'postleitzahl', 'strasse und hausnummer'],
  ],
  [
    'LOCATION',
    ['city', 'town', 'country', 'state', 'region', 'location', 'place', 'place of birth', 'ort', 'stadt', 'wohnort',
      'land', 'bundesland', 'geburtsort', 'standort'],
  ],
  ['CREDIT_CARD', ['credit card', 'credit card number', 'card number', 'card', 'cc', 'cc number', 'pan', 'kreditkarte', 'kreditkartennummer', 'kartennummer']],
  ['IBAN', ['iban', 'iban number', 'bank account iban']],
  ['US_BANK_NUMBER', ['account number', 'bank account', 'bank account number', 'routing number', 'kontonummer', 'konto', 'bankkonto']],
  ['US_SSN', ['ssn', 'social security', 'social security number', 'sozialversicherungsnummer']],
  [
    'TAX_ID',
    ['tax id', 'tax number', 'tin', 'taxpayer id', 'vat id', 'steuer id', 'steuerid', 'steuernummer',
      'steuer identifikationsnummer', 'steueridentifikationsnummer', 'ust id', 'ustid'],
  ],
  ['MEDICAL_LICENSE', ['medical license', 'medical licence', 'license number', 'licence number', 'dea number', 'npi', 'arztnummer', 'lanr', 'approbation']],
  [
    'NRP',
    ['nationality', 'religion', 'political party', 'political affiliation', 'ethnicity', 'citizenship',
      'staatsangehoerigkeit', 'nationalitaet', 'konfession', 'religionszugehoerigkeit', 'partei'],
  ],
  ['API_KEY', ['api key', 'apikey', 'api token', 'access token', 'access key', 'secret key', 'token', 'secret', 'api schluessel', 'zugangsschluessel']],
  ['PASSWORD', ['password', 'passwd', 'pwd', 'pass', 'passphrase', 'pin', 'passwort', 'kennwort']],
  ['CONNECTION_STRING', ['connection string', 'connection', 'dsn', 'database url', 'db url', 'jdbc url', 'verbindungszeichenfolge']],
  ['IP_ADDRESS', ['ip', 'ip address', 'ip adresse', 'ipv4', 'ipv6', 'client ip', 'host ip']],
  ['URL', ['url', 'website', 'homepage', 'web', 'webseite', 'link', 'profile url']],
  [
    'PERSON',
    ['name', 'full name', 'fullname', 'first name', 'firstname', 'last name', 'lastname', 'surname', 'given name',
      'family name', 'middle name', 'customer', 'customer name', 'contact', 'contact person', 'employee',
      'employee name', 'patient', 'patient name', 'client', 'client name', 'owner', 'account holder', 'cardholder',
      'vorname', 'nachname', 'familienname', 'rufname', 'kunde', 'kundenname', 'ansprechpartner', 'mitarbeiter',
      'mitarbeitername', 'patientenname', 'kontoinhaber', 'inhaber', 'person', 'user', 'username', 'benutzer',
      'benutzername', 'geburtsname', 'titel name'],
  ],
];

export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Compound endings a German header may carry after an entity word ("telefonnummer" is a term already). */
const GERMAN_COMPOUND_TERMS: [string, string][] = [
  ['name', 'PERSON'],
  ['vorname', 'PERSON'],
  ['nachname', 'PERSON'],
  ['telefon', 'PHONE_NUMBER'],
  ['nummer telefon', 'PHONE_NUMBER'],
  ['mail', 'EMAIL_ADDRESS'],
  ['adresse', 'ADDRESS'],
  ['anschrift', 'ADDRESS'],
  ['strasse', 'ADDRESS'],
  ['iban', 'IBAN'],
  ['passwort', 'PASSWORD'],
  ['kennwort', 'PASSWORD'],
  ['geburtsdatum', 'DATE_OF_BIRTH'],
  ['firma', 'ORGANIZATION'],
];

/** Compounds on "name" that do not name people. */
const NOT_PEOPLE = /^(file|datei|host|server|produkt|product|artikel|sheet|table|tabelle|domain|blatt|spalten|column|projekt|project)name$/;

export function suggestEntityType(header: string): HeaderSuggestion {
  const h = normaliseHeader(header);
  if (!h) return { entityType: null, confidence: null };
  let best: { entityType: string; confidence: number; length: number } | null = null;
  const consider = (entityType: string, confidence: number, length: number) => {
    if (!best || confidence > best.confidence || (confidence === best.confidence && length > best.length)) {
      best = { entityType, confidence, length };
    }
  };
  const padded = ` ${h} `;
  for (const [entityType, terms] of TERMS) {
    for (const term of terms) {
      if (h === term) consider(entityType, 0.95, term.length);
      else if (padded.includes(` ${term} `)) {
        // English puts the head noun last: "Company Email" is an email, "Customer Name" a person.
        const headBonus = padded.endsWith(` ${term} `) ? 0.01 : 0;
        consider(entityType, 0.8 + headBonus + Math.min(term.length, 20) / 1000, term.length);
      }
    }
  }
  if (!best) {
    const compact = h.replace(/ /g, '');
    if (NOT_PEOPLE.test(compact)) return { entityType: null, confidence: null };
    for (const [term, entityType] of GERMAN_COMPOUND_TERMS) {
      if (compact.length > term.length && (compact.endsWith(term) || compact.startsWith(term))) {
        consider(entityType, 0.7, term.length);
      }
    }
  }
  const found = best as { entityType: string; confidence: number } | null;
  return found ? { entityType: found.entityType, confidence: Math.round(found.confidence * 100) / 100 } : { entityType: null, confidence: null };
}
