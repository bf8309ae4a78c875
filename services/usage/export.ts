import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../db/connection';
import type { Principal } from '../../domain/principal';
import { ApiError } from '../../lib/errors';
import { usageScope } from './scope';
import type { UsageService } from './usage';

/**
 * GET /api/v1/usage/export (spec document 3): the usage events of a date range as CSV or as JSON
 * with a metadata wrapper; at most 90 days and 1,000 records, most recent first. CSV goes through
 * csv-stringify with formula escaping on: a cell a subscriber controls (its name, its user agent)
 * that starts with = + - @ tab or CR is prefixed with ' so a spreadsheet shows it as text instead
 * of running it (OWASP "CSV injection").
 */
export const EXPORT_MAX_DAYS = 90;
export const EXPORT_MAX_RECORDS = 1000;
const DAY_MS = 86_400_000;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export interface ExportQuery {
  startDate?: string;
  endDate?: string;
  subscriptionId?: string;
  format?: string;
  includeDetails?: string;
}

export interface ExportFile {
  contentType: string;
  filename: string;
  body: string | Record<string, unknown>;
}

const COLUMNS = [
  { key: 'timestamp', header: 'Timestamp' },
  { key: 'subscriberId', header: 'Subscriber ID' },
  { key: 'subscriberName', header: 'Subscriber Name' },
  { key: 'subscriptionTier', header: 'Subscription Tier' },
  { key: 'requestType', header: 'Request Type' },
  { key: 'success', header: 'Success' },
];
const DETAIL_COLUMNS = [
  { key: 'clientIP', header: 'Client IP' },
  { key: 'userAgent', header: 'User Agent' },
  { key: 'contactEmail', header: 'Contact Email' },
];

function parseDate(value: string): Date {
  const ms = ISO_8601.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms)) throw ApiError.badRequest('Invalid date format. Use ISO 8601 format', undefined, 'INVALID_DATE');
  return new Date(ms);
}

export class UsageExport {
  constructor(private readonly deps: { db: Db; usage: UsageService }) {}

  async export(principal: Principal, q: ExportQuery, now = new Date()): Promise<ExportFile> {
    const scope = usageScope(principal);
    if (!q.startDate || !q.endDate) throw ApiError.badRequest('startDate and endDate are required', undefined, 'MISSING_DATES');
    const format = q.format || 'csv';
    if (format !== 'csv' && format !== 'json') throw ApiError.badRequest('format must be csv or json');
    if (q.includeDetails && q.includeDetails !== 'true' && q.includeDetails !== 'false') throw ApiError.badRequest('includeDetails must be true or false');
    const details = q.includeDetails === 'true';
    const start = parseDate(q.startDate);
    const end = parseDate(q.endDate);
    if (start.getTime() >= end.getTime()) throw ApiError.badRequest('startDate must be before endDate', undefined, 'INVALID_RANGE');
    if (end.getTime() - start.getTime() > EXPORT_MAX_DAYS * DAY_MS) throw ApiError.badRequest('Date range cannot exceed 90 days', undefined, 'RANGE_TOO_LONG');
    const sub = q.subscriptionId ? await this.deps.usage.scopedSubscription(principal, q.subscriptionId) : null;

    const query = this.deps.db('advisory_usage_events as e')
      .join('advisory_subscriptions as s', 's.id', 'e.subscription_id')
      .where('e.created_at', '>=', start)
      .andWhere('e.created_at', '<=', end)
      .select('e.created_at', 'e.request_type', 'e.success', 'e.client_ip', 'e.user_agent', 's.id', 's.name', 's.tier', 's.contact_email')
      .orderBy([{ column: 'e.created_at', order: 'desc' }, { column: 'e.id', order: 'desc' }])
      .limit(EXPORT_MAX_RECORDS);
    if (sub) query.where('e.subscription_id', sub.id);
    else if (scope) query.where('e.company_id', scope);
    const rows = await query;
    if (!rows.length) throw ApiError.notFound('No usage data found for the specified date range', 'NO_USAGE_DATA');

    const records = rows.map((r) => ({
      timestamp: new Date(r.created_at).toISOString(),
      subscriberId: r.id as string,
      subscriberName: r.name as string,
      subscriptionTier: r.tier as string,
      requestType: r.request_type as string,
      success: r.success as boolean,
      ...(details ? { clientIP: r.client_ip as string | null, userAgent: r.user_agent as string | null, contactEmail: r.contact_email as string } : {}),
    }));
    const name = `usage-export-${start.toISOString().slice(0, 10)}-to-${end.toISOString().slice(0, 10)}`;
    if (format === 'json') {
      const user = principal.userId ? await this.deps.db('users').where({ id: principal.userId }).first('email') : null;
      return {
        contentType: 'application/json; charset=utf-8',
        filename: `${name}.json`,
        body: {
          metadata: {
            exportedAt: now.toISOString(),
            exportedBy: user?.email ?? principal.userId,
            dateRange: { start: start.toISOString(), end: end.toISOString() },
            totalRecords: records.length,
            subscriptionId: sub?.id ?? 'all',
          },
          data: records,
        },
      };
    }
    const csv = stringify(records, {
      header: true,
      columns: details ? [...COLUMNS, ...DETAIL_COLUMNS] : COLUMNS,
      escape_formulas: true,
      cast: { boolean: (v) => (v ? 'true' : 'false') },
    });
    return { contentType: 'text/csv; charset=utf-8', filename: `${name}.csv`, body: csv };
  }
}
