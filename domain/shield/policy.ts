/**
 * Protected handoff rules that need no I/O: company settings and their defaults, retention
 * deadlines, the monthly Shield quota per tier and the limits of spec document 2.
 */
export const HANDOFF_LIMITS = {
  promptChars: 200_000,
  files: 10,
  totalDecodedBytes: 13 * 1024 * 1024,
  restoreChars: 2_000_000,
  listMax: 100,
  liveStandInsPerCompany: 200_000,
  thumbnailsPerHandoff: 20,
  thumbnailMaxPx: 512,
  thumbnailMaxBytes: 300 * 1024,
  iconUnderPx: 24,
} as const;

export const HANDOFF_DOCUMENT_TYPES = ['txt', 'md', 'pdf', 'docx', 'csv', 'xlsx', 'json'] as const;
export type HandoffDocumentType = (typeof HANDOFF_DOCUMENT_TYPES)[number];

export const RETENTIONS = ['DEFAULT', 'KEEP', 'NO_LIMIT'] as const;
export type Retention = (typeof RETENTIONS)[number];

export const IMAGE_POLICIES = ['THUMBNAIL', 'STRIP'] as const;
export type ImagePolicy = (typeof IMAGE_POLICIES)[number];

export const SENSITIVITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type Sensitivity = (typeof SENSITIVITIES)[number];

/** Detection threshold per sensitivity: HIGH finds more (lower threshold), LOW only sure findings. */
export const SENSITIVITY_THRESHOLD: Record<Sensitivity, number> = { LOW: 0.7, MEDIUM: 0.5, HIGH: 0.35 };

/** What a company admin sets (companies.settings.shield); every field has the spec's default. */
export interface ShieldSettings {
  defaultDays: number;
  keepMaxDays: number;
  noLimitAllowed: boolean;
  handoffImagePolicy: ImagePolicy;
  profiles: string[];
  sensitivity: Sensitivity;
}

export const DEFAULT_SHIELD_SETTINGS: ShieldSettings = {
  defaultDays: 7,
  keepMaxDays: 365,
  noLimitAllowed: false,
  handoffImagePolicy: 'STRIP',
  profiles: ['personal_information', 'financial_data'],
  sensitivity: 'MEDIUM',
};

export function shieldSettingsOf(stored: unknown): ShieldSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<ShieldSettings>;
  return {
    defaultDays: Number.isInteger(s.defaultDays) && s.defaultDays! >= 1 && s.defaultDays! <= 30 ? s.defaultDays! : DEFAULT_SHIELD_SETTINGS.defaultDays,
    keepMaxDays: Number.isInteger(s.keepMaxDays) && s.keepMaxDays! >= 1 ? s.keepMaxDays! : DEFAULT_SHIELD_SETTINGS.keepMaxDays,
    noLimitAllowed: s.noLimitAllowed === true,
    handoffImagePolicy: s.handoffImagePolicy === 'THUMBNAIL' ? 'THUMBNAIL' : 'STRIP',
    profiles: Array.isArray(s.profiles) && s.profiles.length ? s.profiles.map(String) : DEFAULT_SHIELD_SETTINGS.profiles,
    sensitivity: (SENSITIVITIES as readonly string[]).includes(s.sensitivity as string) ? s.sensitivity! : DEFAULT_SHIELD_SETTINGS.sensitivity,
  };
}

/** Days after which a leaver's handoffs are deleted unless an admin holds them. */
export const LEAVER_GRACE_DAYS = 30;

/**
 * When a handoff expires. `daySeconds` is the length of a retention day (86,400 in production;
 * configuration shortens it so tests see expiry in seconds). NO_LIMIT never expires (null).
 */
export function expiryFor(retention: Retention, settings: ShieldSettings, from: Date, createdAt: Date, daySeconds: number): Date | null {
  const day = daySeconds * 1000;
  if (retention === 'NO_LIMIT') return null;
  if (retention === 'KEEP') return new Date(createdAt.getTime() + settings.keepMaxDays * day);
  return new Date(from.getTime() + settings.defaultDays * day);
}

/** KEEP lives at most keepMaxDays from creation: past that, KEEP is refused (KEEP_LIMIT_REACHED). */
export function keepLimitReached(settings: ShieldSettings, createdAt: Date, now: Date, daySeconds: number): boolean {
  return now.getTime() >= createdAt.getTime() + settings.keepMaxDays * daySeconds * 1000;
}

export const usageMonth = (now: Date) => now.toISOString().slice(0, 7);
