/**
 * The performance meter (spec document 3, "Performance meter"): ten meters with the spec's
 * thresholds, their status, the overall status and the action items, as a pure function of the
 * raw samples services/operability/performance-meter.ts collects. A sample that could not be
 * collected (null) is the value N/A with status unknown, except db-latency: an unreachable database
 * is critical (spec).
 */
export type MeterStatus = 'healthy' | 'warning' | 'critical' | 'unknown';
export type MeterCategory = 'application' | 'database' | 'providers' | 'gateway';

export interface MeterZone {
  id: string;
  label: string;
  category: MeterCategory;
  status: MeterStatus;
  value: number | 'N/A';
  unit: string;
  details: string;
  action: string | null;
  thresholds?: { warning: number; critical: number };
}

export interface MeterSamples {
  heapPercent: number;
  heapUsedMb: number;
  uptimeHours: number;
  dbLatencyMs: number | null;
  cacheHitPercent: number | null;
  dbConnections: number | null;
  dbSizeMb: number | null;
  trustAverage: number | null;
  unhealthyProviders: number | null;
  providerCount: number | null;
  executions24h: number | null;
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
type Dir = 'above' | 'below';
function grade(value: number, dir: Dir, warning: number, critical: number): MeterStatus {
  if (dir === 'above') return value > critical ? 'critical' : value > warning ? 'warning' : 'healthy';
  return value < critical ? 'critical' : value < warning ? 'warning' : 'healthy';
}

interface Def {
  id: string;
  label: string;
  category: MeterCategory;
  unit: string;
  dir: Dir;
  thresholds?: { warning: number; critical: number };
  /** The remediation shown when warning or critical. */
  action: string;
}

const DEFS: Record<string, Def> = {
  'app-memory': { id: 'app-memory', label: 'Heap usage', category: 'application', unit: '%', dir: 'above', thresholds: { warning: 75, critical: 90 }, action: 'Heap near its limit: look for a leak (heap snapshot), raise --max-old-space-size, or run more api processes (API_PROCESSES)' },
  'app-uptime': { id: 'app-uptime', label: 'Uptime', category: 'application', unit: 'hours', dir: 'below', action: 'The api restarted in the last 6 minutes: check the logs for a crash or an OOM kill' },
  'db-latency': { id: 'db-latency', label: 'Database latency', category: 'database', unit: 'ms', dir: 'above', thresholds: { warning: 100, critical: 500 }, action: 'Slow or unreachable PostgreSQL: check the server is up, its load and the network; DATABASE_URL' },
  'db-cache': { id: 'db-cache', label: 'Database cache hit ratio', category: 'database', unit: '%', dir: 'below', thresholds: { warning: 95, critical: 90 }, action: 'Too many reads from disk: raise shared_buffers, or add memory to the database server' },
  'db-connections': { id: 'db-connections', label: 'Database connections', category: 'database', unit: 'connections', dir: 'above', thresholds: { warning: 40, critical: 80 }, action: 'Many connections: lower DATABASE_POOL_MAX per process or put PgBouncer in front; look for idle-in-transaction sessions' },
  'db-size': { id: 'db-size', label: 'Database size', category: 'database', unit: 'MB', dir: 'above', thresholds: { warning: 4096, critical: 8192 }, action: 'Large database: shorten retention in onboarding (execution records, prompt logs, responses) and plan storage' },
  'provider-trust': { id: 'provider-trust', label: 'Average provider trust', category: 'providers', unit: '/100', dir: 'below', thresholds: { warning: 70, critical: 50 }, action: 'Providers are failing or slow: see GET /api/v1/routing/breakers and add fallbacks to the routing policies' },
  'provider-unhealthy': { id: 'provider-unhealthy', label: 'Unhealthy providers', category: 'providers', unit: 'providers', dir: 'above', action: 'Providers with trust below 50: check their credentials and status pages; routing skips open breakers' },
  'provider-count': { id: 'provider-count', label: 'Active providers', category: 'providers', unit: 'providers', dir: 'below', thresholds: { warning: 2, critical: 0 }, action: 'Too few providers for fallback: add a second provider under /api/v1/providers' },
  'gw-executions-24h': { id: 'gw-executions-24h', label: 'Gateway executions (24 h)', category: 'gateway', unit: 'requests', dir: 'above', action: '' },
};

function zone(def: Def, value: number | null, status: MeterStatus | null, details: string): MeterZone {
  const s: MeterStatus = value === null ? (status ?? 'unknown') : (status ?? 'healthy');
  return {
    id: def.id,
    label: def.label,
    category: def.category,
    status: s,
    value: value === null ? 'N/A' : value,
    unit: def.unit,
    details,
    action: s === 'warning' || s === 'critical' ? def.action : null,
    ...(def.thresholds ? { thresholds: def.thresholds } : {}),
  };
}

const thr = (d: Def) => d.thresholds as { warning: number; critical: number };
const gradeOf = (d: Def, v: number | null) => (v === null ? null : grade(v, d.dir, thr(d).warning, thr(d).critical));

export function evaluateMeters(s: MeterSamples): MeterZone[] {
  const d = DEFS;
  const unreachable = s.dbLatencyMs === null;
  const dbNa = 'Not collected: the database did not answer';
  return [
    zone(d['app-memory'], round(s.heapPercent), gradeOf(d['app-memory'], s.heapPercent), `${round(s.heapUsedMb, 1)} MB of the heap limit in use`),
    zone(d['app-uptime'], round(s.uptimeHours, 3), s.uptimeHours < 0.1 ? 'warning' : 'healthy', 'Hours since this api process started'),
    zone(d['db-latency'], s.dbLatencyMs === null ? null : round(s.dbLatencyMs), unreachable ? 'critical' : gradeOf(d['db-latency'], s.dbLatencyMs), unreachable ? 'The database is unreachable' : 'Round trip of select 1'),
    zone(d['db-cache'], s.cacheHitPercent === null ? null : round(s.cacheHitPercent), gradeOf(d['db-cache'], s.cacheHitPercent), s.cacheHitPercent === null ? dbNa : 'Share of block reads served from shared buffers'),
    zone(d['db-connections'], s.dbConnections, gradeOf(d['db-connections'], s.dbConnections), s.dbConnections === null ? dbNa : 'Connections to this database (pg_stat_activity)'),
    zone(d['db-size'], s.dbSizeMb === null ? null : round(s.dbSizeMb, 1), gradeOf(d['db-size'], s.dbSizeMb), s.dbSizeMb === null ? dbNa : 'pg_database_size'),
    zone(d['provider-trust'], s.trustAverage === null ? null : round(s.trustAverage, 1), gradeOf(d['provider-trust'], s.trustAverage), s.trustAverage === null ? 'No provider health snapshot in the last 24 hours' : 'Average trust score of the latest snapshot per provider (24 h)'),
    zone(d['provider-unhealthy'], s.unhealthyProviders, s.unhealthyProviders === null ? null : s.unhealthyProviders > 0 ? 'critical' : 'healthy', s.unhealthyProviders === null ? 'No provider health snapshot in the last 24 hours' : 'Providers whose latest trust score is below 50'),
    zone(d['provider-count'], s.providerCount, s.providerCount === null ? null : s.providerCount === 0 ? 'critical' : s.providerCount < 2 ? 'warning' : 'healthy', s.providerCount === null ? dbNa : 'Active providers across companies'),
    zone(d['gw-executions-24h'], s.executions24h, s.executions24h === null ? null : 'healthy', s.executions24h === null ? dbNa : 'Execution records of the last 24 hours (informational)'),
  ];
}

/** critical if any meter is; warning if none is critical and any is warning; healthy otherwise (unknown counts as healthy). */
export function overallStatus(meters: readonly MeterZone[]): 'healthy' | 'warning' | 'critical' {
  if (meters.some((m) => m.status === 'critical')) return 'critical';
  if (meters.some((m) => m.status === 'warning')) return 'warning';
  return 'healthy';
}

export function meterReport(s: MeterSamples, now = new Date()) {
  const meters = evaluateMeters(s);
  const count = (st: MeterStatus) => meters.filter((m) => m.status === st).length;
  return {
    success: true,
    timestamp: now.toISOString(),
    overallStatus: overallStatus(meters),
    summary: { total: meters.length, healthy: count('healthy'), warning: count('warning'), critical: count('critical'), unknown: count('unknown') },
    meters,
    // Critical first, in meter order within a severity.
    actionItems: [...meters.filter((m) => m.status === 'critical'), ...meters.filter((m) => m.status === 'warning')].map((m) => ({
      meterId: m.id,
      category: m.category,
      label: m.label,
      severity: m.status,
      action: m.action as string,
    })),
  };
}
