/**
 * Synthetic archival's limits and defaults (spec document 1, Limits: 30-day retention, 50,000 logs
 * per company) and the automatic archival settings a company starts with (docs/API.md, Synthetic
 * testing, Archival): daily, keeping 30 days, exporting first, then holding the 50,000 cap.
 */
export const MAX_LOGS_PER_COMPANY = 50_000;
export const DEFAULT_RETENTION_DAYS = 30;

export interface ArchivalSettings {
  enabled: boolean;
  retentionDays: number;
  /** Minutes between automatic runs (fractional allowed: 0.05 = 3 s). */
  intervalMinutes: number;
  exportFirst: boolean;
  includeFullResponse: boolean;
  /** After the archive, also delete the oldest entries above MAX_LOGS_PER_COMPANY. */
  enforceLimit: boolean;
}

export const DEFAULT_ARCHIVAL_SETTINGS: Readonly<ArchivalSettings> = Object.freeze({
  enabled: true,
  retentionDays: DEFAULT_RETENTION_DAYS,
  intervalMinutes: 1440,
  exportFirst: true,
  includeFullResponse: false,
  enforceLimit: true,
});

/** Entries aggregated and deleted per transaction when the request does not say. */
export const DEFAULT_ARCHIVE_CHUNK = 1000;
