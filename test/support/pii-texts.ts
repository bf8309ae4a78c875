/**
 * One English and one German text carrying every entity type of the five profiles, with the
 * original values listed, for the sanitizer round-trip tests.
 */
export const ALL_PROFILES = ['personal_information', 'financial_data', 'health_information', 'credentials', 'corporate_confidential'];

export const EN = {
  text: `Patient John Miller (born 12 March 1984) lives at 221 Baker Street, London and works for Acme Corporation in Boston.
Email john.miller@example.com, phone +1 415 555 0132. Card 4111 1111 1111 1111, IBAN GB82WEST12345698765432, SSN 536-22-1234, tax id 12345678911, bank account number 000123456789 at Chase.
Medical license number MD-4821973. He is a Buddhist. API key sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z, connection string postgres://admin:S3cretPw@db.internal:5432/prod, password: Hunter2!Secret. Server 192.168.10.24, see https://intranet.acme-corp.com/records/17.`,
  originals: {
    PERSON: 'John Miller',
    DATE_OF_BIRTH: '12 March 1984',
    ADDRESS: '221 Baker Street',
    ORGANIZATION: 'Acme Corporation',
    LOCATION: 'Boston',
    EMAIL_ADDRESS: 'john.miller@example.com',
    PHONE_NUMBER: '+1 415 555 0132',
    CREDIT_CARD: '4111 1111 1111 1111',
    IBAN: 'GB82WEST12345698765432',
    US_SSN: '536-22-1234',
    TAX_ID: '12345678911',
    US_BANK_NUMBER: '000123456789',
    MEDICAL_LICENSE: 'MD-4821973',
    NRP: 'Buddhist',
    API_KEY: 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
    CONNECTION_STRING: 'postgres://admin:S3cretPw@db.internal:5432/prod',
    PASSWORD: 'Hunter2!Secret',
    IP_ADDRESS: '192.168.10.24',
    URL: 'https://intranet.acme-corp.com/records/17',
  } as Record<string, string>,
};

export const DE = {
  text: `Der Patient Hans Müller (geboren am 03.05.1979) wohnt in der Hauptstraße 12, 10115 Berlin und arbeitet bei der Siemens AG in München.
E-Mail hans.mueller@beispiel.de, Telefon +49 30 12345678. Kreditkarte 5555 5555 5555 4444, IBAN DE89370400440532013000, Steuer-ID 86095742719, SSN 536-22-1234, Bankkonto 000123456789 bei der Sparkasse.
Zulassungsnummer MD-4821973 laut Approbation. Er ist Katholik. API-Schlüssel sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z, Verbindung postgres://admin:S3cretPw@db.intern:5432/prod, Passwort: Geheim!2024x. Server 10.0.0.17, siehe https://intranet.beispiel.de/akte/17.`,
  originals: {
    PERSON: 'Hans Müller',
    DATE_OF_BIRTH: '03.05.1979',
    ADDRESS: 'Hauptstraße 12',
    ORGANIZATION: 'Siemens AG',
    LOCATION: 'München',
    EMAIL_ADDRESS: 'hans.mueller@beispiel.de',
    PHONE_NUMBER: '+49 30 12345678',
    CREDIT_CARD: '5555 5555 5555 4444',
    IBAN: 'DE89370400440532013000',
    US_SSN: '536-22-1234',
    TAX_ID: '86095742719',
    US_BANK_NUMBER: '000123456789',
    MEDICAL_LICENSE: 'MD-4821973',
    NRP: 'Katholik',
    API_KEY: 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z',
    CONNECTION_STRING: 'postgres://admin:S3cretPw@db.intern:5432/prod',
    PASSWORD: 'Geheim!2024x',
    IP_ADDRESS: '10.0.0.17',
    URL: 'https://intranet.beispiel.de/akte/17',
  } as Record<string, string>,
};
