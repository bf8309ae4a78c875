import type { Db } from '../../db/connection';
import { sha256Hex } from '../../lib/crypto';
import { tokenHash, tokenHint } from './sessions';

/**
 * The credential-exposure log: which kinds of credential appeared in documents sent for
 * sanitizing, so an admin can rotate them. The spec leaves the record body open: Gatehouse takes
 * {credential_type, session_token?, value?, note?, detected_at?}; a value is reduced to a
 * fingerprint (16 hex digits of its SHA-256) and never stored. Sanitize records an entry per
 * credential it finds (source "sanitize").
 *
 * Append-only: entries are never deleted or edited; "clear" sets cleared_at (and a reason) once on
 * the matching entries that are not cleared yet. The list shows cleared entries too, marked.
 */
export interface ExposureRecordInput {
  credential_type: string;
  session_token?: string;
  value?: string;
  note?: string;
  detected_at?: string;
  source?: string;
}

export interface ExposureFilter {
  session_token?: string;
  credential_type?: string;
  from?: string;
  to?: string;
  include_cleared?: boolean;
  limit?: number;
  offset?: number;
}

interface ExposureRow {
  id: string;
  session_token_hint: string | null;
  credential_type: string;
  source: string;
  fingerprint: string | null;
  note: string | null;
  detected_at: Date;
  created_at: Date;
  cleared_at: Date | null;
  cleared_reason: string | null;
}

export const fingerprintOf = (value: string) => sha256Hex(value).slice(0, 16);

export function exposureDto(r: ExposureRow) {
  return {
    id: r.id,
    session_token_hint: r.session_token_hint,
    credential_type: r.credential_type,
    source: r.source,
    fingerprint: r.fingerprint,
    note: r.note,
    detected_at: new Date(r.detected_at).toISOString(),
    created_at: new Date(r.created_at).toISOString(),
    cleared: r.cleared_at !== null,
    cleared_at: r.cleared_at ? new Date(r.cleared_at).toISOString() : null,
    cleared_reason: r.cleared_reason,
  };
}
export type ExposureDto = ReturnType<typeof exposureDto>;

export class CredentialExposureService {
  constructor(private readonly db: Db) {}

  async record(input: ExposureRecordInput): Promise<ExposureDto> {
    const [row] = await this.db('sanitizer_credential_exposures')
      .insert(this.toRow(input))
      .returning('*');
    return exposureDto(row as ExposureRow);
  }

  async recordMany(inputs: ExposureRecordInput[]): Promise<void> {
    if (inputs.length) await this.db('sanitizer_credential_exposures').insert(inputs.map((i) => this.toRow(i)));
  }

  async list(filter: ExposureFilter): Promise<{ entries: ExposureDto[]; total: number }> {
    const q = this.filtered(filter, filter.include_cleared ?? true);
    const [rows, [{ count }]] = await Promise.all([
      q.clone().orderBy('detected_at', 'desc').orderBy('id').limit(filter.limit ?? 100).offset(filter.offset ?? 0),
      q.clone().count<{ count: string }[]>({ count: '*' }),
    ]);
    return { entries: (rows as ExposureRow[]).map(exposureDto), total: Number(count) };
  }

  async csv(filter: ExposureFilter): Promise<string> {
    const rows = (await this.filtered(filter, filter.include_cleared ?? true).orderBy('detected_at', 'desc').limit(100_000)) as ExposureRow[];
    const header = ['id', 'detected_at', 'credential_type', 'source', 'session_token_hint', 'fingerprint', 'note', 'cleared_at', 'cleared_reason'];
    const lines = rows.map((r) => {
      const d = exposureDto(r);
      return [d.id, d.detected_at, d.credential_type, d.source, d.session_token_hint, d.fingerprint, d.note, d.cleared_at, d.cleared_reason].map(csvCell).join(',');
    });
    return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
  }

  /** Marks the matching uncleared entries cleared. Returns how many were marked. */
  async clear(filter: ExposureFilter & { ids?: string[]; reason?: string }): Promise<number> {
    const q = this.filtered(filter, false);
    if (filter.ids?.length) q.whereIn('id', filter.ids);
    return q.update({ cleared_at: new Date(), cleared_reason: filter.reason ?? null });
  }

  private filtered(f: ExposureFilter, includeCleared: boolean) {
    const q = this.db('sanitizer_credential_exposures');
    if (f.session_token) q.where({ session_token_hash: tokenHash(f.session_token) });
    if (f.credential_type) q.where({ credential_type: f.credential_type });
    if (f.from) q.where('detected_at', '>=', new Date(f.from));
    if (f.to) q.where('detected_at', '<=', new Date(f.to));
    if (!includeCleared) q.whereNull('cleared_at');
    return q;
  }

  private toRow(i: ExposureRecordInput) {
    return {
      session_token_hash: i.session_token ? tokenHash(i.session_token) : null,
      session_token_hint: i.session_token ? tokenHint(i.session_token) : null,
      credential_type: i.credential_type,
      source: i.source ?? 'manual',
      fingerprint: i.value ? fingerprintOf(i.value) : null,
      note: i.note ?? null,
      detected_at: i.detected_at ? new Date(i.detected_at) : new Date(),
    };
  }
}

/** RFC 4180 quoting; a leading = + - @ is prefixed with ' so spreadsheets do not run it as a formula. */
function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
