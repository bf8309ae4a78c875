/**
 * Entity types and sensitivity profiles of the sanitizer (spec document 2, "Sanitizer sessions").
 * A profile is a named group of entity types; a request selects profiles, and may narrow them
 * further with an explicit entity-type list.
 */
export const PROFILES = {
  personal_information: ['PERSON', 'EMAIL_ADDRESS', 'PHONE_NUMBER', 'LOCATION', 'DATE_OF_BIRTH', 'ADDRESS'],
  financial_data: ['CREDIT_CARD', 'IBAN', 'US_SSN', 'TAX_ID', 'US_BANK_NUMBER'],
  health_information: ['MEDICAL_LICENSE', 'NRP'],
  credentials: ['API_KEY', 'CONNECTION_STRING', 'PASSWORD'],
  corporate_confidential: ['ORGANIZATION', 'IP_ADDRESS', 'URL'],
} as const;

export type ProfileName = keyof typeof PROFILES;
export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];
export const DEFAULT_PROFILES: ProfileName[] = ['personal_information'];

export type BuiltInEntityType = (typeof PROFILES)[ProfileName][number];
export const ENTITY_TYPES: BuiltInEntityType[] = PROFILE_NAMES.flatMap((p) => [...PROFILES[p]]);

/** Custom entities and redlist terms carry their own label; built-in types are upper snake case. */
export type EntityType = BuiltInEntityType | (string & {});

/** Findings of redlist terms are reported under this type. */
export const REDLIST_ENTITY_TYPE = 'REDLIST';

export type Language = 'en' | 'de';
export const LANGUAGES: Language[] = ['en', 'de'];

export function isProfileName(name: string): name is ProfileName {
  return Object.hasOwn(PROFILES, name);
}

export function isBuiltInEntityType(type: string): type is BuiltInEntityType {
  return (ENTITY_TYPES as string[]).includes(type);
}

/** The profile an entity type belongs to (detection_summary.by_category groups by it). */
export function profileOf(type: string): ProfileName | 'custom' {
  for (const p of PROFILE_NAMES) if ((PROFILES[p] as readonly string[]).includes(type)) return p;
  return 'custom';
}

/** The entity types the given profiles enable (unknown profile names are the caller's 400). */
export function entityTypesOf(profiles: readonly string[]): BuiltInEntityType[] {
  const out = new Set<BuiltInEntityType>();
  for (const p of profiles) if (isProfileName(p)) for (const t of PROFILES[p]) out.add(t);
  return [...out];
}

/** One detected value: offsets are UTF-16 indexes into the text, end exclusive. */
export interface Finding {
  entityType: EntityType;
  start: number;
  end: number;
  /** 0..1; findings under the threshold are dropped. */
  score: number;
  text: string;
  /** Which recognizer found it (for debugging and the diff preview). */
  source?: string;
}

export interface CustomEntity {
  label: string;
  type: 'pattern' | 'examples';
  pattern?: string;
  examples?: string[];
  description?: string;
}

/** detection_summary of the spec: the number of findings, and per profile (category) and type. */
export function detectionSummary(findings: readonly Finding[]): {
  total_entities_found: number;
  by_category: Record<string, { total: number; by_type: Record<string, number> }>;
} {
  const by_category: Record<string, { total: number; by_type: Record<string, number> }> = {};
  for (const f of findings) {
    const category = f.entityType === REDLIST_ENTITY_TYPE ? 'redlist' : profileOf(f.entityType);
    const bucket = by_category[category] ?? { total: 0, by_type: {} };
    bucket.total++;
    bucket.by_type[f.entityType] = (bucket.by_type[f.entityType] ?? 0) + 1;
    by_category[category] = bucket;
  }
  return { total_entities_found: findings.length, by_category };
}
