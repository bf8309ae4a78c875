import { type Finding, detect } from '../pii';

/**
 * Compliance checks of text before it leaves for a provider (POST /api/v1/compliance/check): what
 * each standard looks for, as pure rules over domain/pii's detection plus a few lexicons and the
 * company's providers (location and attestations). docs/API.md lists the rules per standard.
 *
 * A check passes when it has no HIGH or CRITICAL finding; MEDIUM and LOW are reported as advice.
 * Provider findings (data residency, missing attestation) are raised only when the text holds data
 * the standard protects: without such data there is nothing to transfer.
 */
export const COMPLIANCE_STANDARDS = ['GDPR', 'HIPAA', 'PCI_DSS', 'SOC2', 'ISO27001'] as const;
export type ComplianceStandard = (typeof COMPLIANCE_STANDARDS)[number];
export type Severity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
const BLOCKING: ReadonlySet<Severity> = new Set<Severity>(['HIGH', 'CRITICAL']);

export interface ComplianceFinding {
  rule: string;
  severity: Severity;
  entityType: string;
  /** UTF-16 offsets into the input, end exclusive; null for findings about providers. */
  start: number | null;
  end: number | null;
  message: string;
}

export interface ComplianceReport {
  passed: boolean;
  standard: ComplianceStandard;
  findings: ComplianceFinding[];
  summary: { total: number; bySeverity: Record<Severity, number>; byRule: Record<string, number> };
}

export interface ProviderLocation {
  name: string;
  country: string | null;
  network: string | null;
  compliance: readonly string[];
}

/** EU member states and the EEA (Iceland, Liechtenstein, Norway): GDPR's own territory. */
const EEA = new Set('AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO'.split(' '));

const PERSONAL = ['PERSON', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'ADDRESS', 'DATE_OF_BIRTH', 'LOCATION', 'IP_ADDRESS', 'IBAN', 'TAX_ID', 'US_SSN'];
const CREDENTIALS = ['API_KEY', 'CONNECTION_STRING', 'PASSWORD'];
const HIPAA_IDENTIFIERS = ['PERSON', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'ADDRESS', 'DATE_OF_BIRTH', 'US_SSN', 'IP_ADDRESS', 'URL'];

/** GDPR Art. 9 special categories (English and German terms), whole words, case-insensitive. */
const SPECIAL_CATEGORIES: Record<string, string[]> = {
  HEALTH: ['diagnosis', 'diagnosed', 'hiv', 'cancer', 'diabetes', 'depression', 'chemotherapy', 'pregnant', 'pregnancy', 'disability', 'medication', 'prescription', 'diagnose', 'krebs', 'schwanger', 'behinderung', 'therapie'],
  RELIGION: ['muslim', 'christian', 'jewish', 'hindu', 'buddhist', 'atheist', 'catholic', 'protestant', 'religion', 'religious', 'katholisch', 'evangelisch', 'jüdisch'],
  POLITICAL_OPINION: ['political party', 'party member', 'voted for', 'parteimitglied'],
  SEXUAL_ORIENTATION: ['gay', 'lesbian', 'bisexual', 'homosexual', 'transgender', 'sexual orientation', 'schwul', 'homosexuell'],
  TRADE_UNION: ['trade union', 'union member', 'gewerkschaft'],
  ETHNIC_ORIGIN: ['ethnic origin', 'ethnicity', 'racial origin', 'ethnische herkunft'],
  BIOMETRIC_GENETIC: ['fingerprint', 'genetic', 'dna', 'biometric', 'genetisch', 'fingerabdruck'],
};

const HEALTH_TERMS = [
  ...SPECIAL_CATEGORIES.HEALTH,
  'patient', 'treatment', 'symptoms', 'blood pressure', 'surgery', 'hospital', 'clinic', 'lab results', 'mri', 'asthma', 'hypertension', 'insulin', 'patientin', 'befund',
];
const MEDICAL_RECORD = /\b(?:MRN|medical record (?:number|no\.?)|patient id)\s*[:#]?\s*[A-Z0-9-]{4,}/gi;
const CARD_CODE = /\b(?:cvv2?|cvc2?|csc|cid|security code)\s*[:=]?\s*\d{3,4}\b/gi;

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function termMatches(text: string, terms: readonly string[]): Array<{ start: number; end: number; term: string }> {
  const re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${terms.map(escapeRe).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length, term: m[0] }));
}

function regexMatches(text: string, re: RegExp) {
  return [...text.matchAll(re)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
}

const fromPii = (f: Finding, rule: string, severity: Severity, what: string): ComplianceFinding => ({
  rule,
  severity,
  entityType: String(f.entityType),
  start: f.start,
  end: f.end,
  message: `${what}: ${String(f.entityType)}`,
});

function specialCategories(text: string): ComplianceFinding[] {
  return Object.entries(SPECIAL_CATEGORIES).flatMap(([category, terms]) =>
    termMatches(text, terms).map((m) => ({
      rule: 'SPECIAL_CATEGORY_DATA',
      severity: 'CRITICAL' as const,
      entityType: category,
      start: m.start,
      end: m.end,
      message: `Special category of personal data (GDPR Art. 9): ${category.toLowerCase().replace(/_/g, ' ')}`,
    })),
  );
}

function healthData(text: string): ComplianceFinding[] {
  const terms = termMatches(text, HEALTH_TERMS).map((m) => ({ ...m, entityType: 'HEALTH_CONDITION' }));
  const records = regexMatches(text, MEDICAL_RECORD).map((m) => ({ ...m, entityType: 'MEDICAL_RECORD_NUMBER' }));
  return [...terms, ...records].map((m) => ({
    rule: 'HEALTH_DATA',
    severity: 'HIGH' as const,
    entityType: m.entityType,
    start: m.start,
    end: m.end,
    message: `Health information (${m.entityType === 'HEALTH_CONDITION' ? 'a health term' : 'a medical record number'})`,
  }));
}

function providerFindings(standard: ComplianceStandard, providers: readonly ProviderLocation[]): ComplianceFinding[] {
  if (standard === 'GDPR') {
    return providers
      .filter((p) => !(p.country && EEA.has(p.country.toUpperCase())) && p.network?.toUpperCase() !== 'EU')
      .map((p) => ({
        rule: 'DATA_RESIDENCY',
        severity: 'HIGH' as const,
        entityType: 'PROVIDER',
        start: null,
        end: null,
        message: `Provider ${p.name} processes data outside the EU/EEA (${p.country ?? p.network ?? 'unknown location'})`,
      }));
  }
  return providers
    .filter((p) => !p.compliance.map((c) => c.toUpperCase().replace(/-/g, '_')).includes(standard))
    .map((p) => ({
      rule: 'PROVIDER_ATTESTATION',
      severity: 'HIGH' as const,
      entityType: 'PROVIDER',
      start: null,
      end: null,
      message: `Provider ${p.name} has no ${standard} attestation`,
    }));
}

/** The findings of one standard over one text, in text order (provider findings last). */
export function checkCompliance(input: string, standard: ComplianceStandard, providers: readonly ProviderLocation[]): ComplianceReport {
  const pii = detect(input, { entityTypes: [...new Set([...PERSONAL, ...CREDENTIALS, 'CREDIT_CARD', 'US_BANK_NUMBER', 'MEDICAL_LICENSE', 'URL', 'NRP'])] });
  const of = (types: readonly string[]) => pii.filter((f) => types.includes(String(f.entityType)));
  const findings: ComplianceFinding[] = [];
  let inScope = false;

  switch (standard) {
    case 'GDPR': {
      findings.push(...of(PERSONAL).map((f) => fromPii(f, 'PERSONAL_DATA', 'HIGH', 'Personal data')));
      findings.push(...of(['NRP']).map((f) => fromPii(f, 'SPECIAL_CATEGORY_DATA', 'CRITICAL', 'Special category of personal data (GDPR Art. 9)')));
      findings.push(...specialCategories(input));
      inScope = findings.length > 0;
      break;
    }
    case 'HIPAA': {
      const health = [...healthData(input), ...of(['MEDICAL_LICENSE']).map((f) => fromPii(f, 'HEALTH_DATA', 'HIGH', 'Health information'))];
      const ids = of(HIPAA_IDENTIFIERS);
      // An identifier is PHI when the text is about health; alone it is advice.
      findings.push(...health, ...ids.map((f) => fromPii(f, 'PHI_IDENTIFIER', health.length ? 'HIGH' : 'MEDIUM', 'HIPAA identifier')));
      inScope = health.length > 0;
      break;
    }
    case 'PCI_DSS': {
      const cards = of(['CREDIT_CARD']).map((f) => fromPii(f, 'CARDHOLDER_DATA', 'CRITICAL', 'Primary account number'));
      const codes = regexMatches(input, CARD_CODE).map((m) => ({
        rule: 'SENSITIVE_AUTHENTICATION_DATA',
        severity: 'CRITICAL' as const,
        entityType: 'CARD_VERIFICATION_CODE',
        ...m,
        message: 'Card verification code (must never be stored or sent)',
      }));
      findings.push(...cards, ...codes, ...of(['US_BANK_NUMBER', 'IBAN']).map((f) => fromPii(f, 'FINANCIAL_ACCOUNT', 'MEDIUM', 'Financial account number')));
      inScope = cards.length + codes.length > 0;
      break;
    }
    case 'SOC2': {
      const creds = of(CREDENTIALS).map((f) => fromPii(f, 'CREDENTIALS', 'CRITICAL', 'Credential or secret'));
      findings.push(...creds, ...of(PERSONAL).map((f) => fromPii(f, 'CONFIDENTIAL_DATA', 'MEDIUM', 'Personal data (confidentiality)')));
      inScope = creds.length > 0;
      break;
    }
    case 'ISO27001': {
      const creds = of(CREDENTIALS).map((f) => fromPii(f, 'CREDENTIALS', 'CRITICAL', 'Credential or secret'));
      const cards = of(['CREDIT_CARD']).map((f) => fromPii(f, 'CARDHOLDER_DATA', 'HIGH', 'Payment card number'));
      findings.push(...creds, ...cards, ...of(PERSONAL).map((f) => fromPii(f, 'PERSONAL_DATA', 'MEDIUM', 'Personal data')));
      inScope = creds.length + cards.length > 0;
      break;
    }
  }
  findings.sort((a, b) => (a.start ?? 0) - (b.start ?? 0) || (a.end ?? 0) - (b.end ?? 0));
  if (inScope) findings.push(...providerFindings(standard, providers));

  const bySeverity: Record<Severity, number> = { CRITICAL: 0, HIGH: 0, MEDIUM: 0, LOW: 0 };
  const byRule: Record<string, number> = {};
  for (const f of findings) {
    bySeverity[f.severity]++;
    byRule[f.rule] = (byRule[f.rule] ?? 0) + 1;
  }
  return { passed: !findings.some((f) => BLOCKING.has(f.severity)), standard, findings, summary: { total: findings.length, bySeverity, byRule } };
}

/** Accepts the standard in any case and with a hyphen (pci-dss); null when unknown. */
export function parseStandard(value: string): ComplianceStandard | null {
  const v = value.trim().toUpperCase().replace(/-/g, '_');
  return (COMPLIANCE_STANDARDS as readonly string[]).includes(v) ? (v as ComplianceStandard) : null;
}
