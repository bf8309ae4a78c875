/** Company package features (entitlements). A company's package lists the features it includes. */
export const FEATURES = [
  'PII_SANITIZATION',
  'TASK_FIT_ROUTING',
  'SHIELD',
  'STRUCTURED_PARSING',
  'ZERO_KNOWLEDGE',
  'BATCH',
  'SYNTHETIC_TESTING',
] as const;
export type Feature = (typeof FEATURES)[number];

/** Named packages and what they include; a company may also carry extra features of its own. */
export const PACKAGES: Record<string, readonly Feature[]> = {
  free: ['BATCH'],
  standard: ['BATCH', 'SYNTHETIC_TESTING'],
  professional: ['BATCH', 'SYNTHETIC_TESTING', 'PII_SANITIZATION', 'STRUCTURED_PARSING', 'SHIELD'],
  enterprise: FEATURES,
};

export function featuresOf(packageName: string, extra: readonly string[] = []): Set<Feature> {
  const set = new Set<Feature>(PACKAGES[packageName] ?? []);
  for (const f of extra) if ((FEATURES as readonly string[]).includes(f)) set.add(f as Feature);
  return set;
}
