/**
 * Usage alert rules of the routing advisory subscriptions (spec document 3), as pure functions.
 * The service counts a subscription's usage events in the current UTC hour and UTC day and over the
 * seven UTC days before today, looks up when the threshold-crossing event happened (the n-th event
 * of the window, n from thresholdOrdinals/unusualOrdinal), and this file turns that into alerts.
 *
 * Choices the spec leaves open (docs/API.md): a CRITICAL usage alert replaces the WARNING of the
 * same window; an alert's createdAt is when its condition began (the crossing event, or the moment
 * expiry came within 3 days / 1 day, or the expiry itself); its id names the condition and the
 * episode (window start or expiry), so an acknowledgement lapses when the condition comes back;
 * unusual activity needs a prior week with usage (an average of 0 would flag every new subscriber).
 */
export const ALERT_TYPES = [
  'USAGE_WARNING',
  'USAGE_CRITICAL',
  'DAILY_USAGE_WARNING',
  'DAILY_USAGE_CRITICAL',
  'SUBSCRIPTION_EXPIRY',
  'SUBSCRIPTION_EXPIRED',
  'UNUSUAL_ACTIVITY',
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
export type AlertSeverity = 'INFO' | 'WARNING' | 'CRITICAL';

export const WARNING_SHARE = 0.8;
export const CRITICAL_SHARE = 0.95;
export const EXPIRY_WARNING_DAYS = 3;
export const EXPIRY_CRITICAL_DAYS = 1;
export const UNUSUAL_MULTIPLIER = 3;
const DAY_MS = 86_400_000;

export interface UsageAlert {
  id: string;
  type: AlertType;
  severity: AlertSeverity;
  subscriberId: string;
  subscriberName: string;
  message: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/** The event counts at which a window reaches 80% and 95% of its limit. */
export function thresholdOrdinals(limit: number): { warning: number; critical: number } {
  return { warning: Math.ceil(limit * WARNING_SHARE), critical: Math.ceil(limit * CRITICAL_SHARE) };
}

/** The event count of today that first exceeds 3 times the prior week's daily average. */
export function unusualOrdinal(weekTotal: number): number {
  return Math.floor((UNUSUAL_MULTIPLIER * weekTotal) / 7) + 1;
}

export interface WindowUsage {
  /** UTC start of the window (hour or day): the episode an alert id names. */
  start: Date;
  count: number;
  /** When the warning-th and critical-th events of the window happened (null when not reached). */
  warningAt: Date | null;
  criticalAt: Date | null;
}

export interface SubscriptionAlertInput {
  subscription: { id: string; name: string; hourlyLimit: number; dailyLimit: number; expiresAt: Date | null };
  hour: WindowUsage;
  day: WindowUsage;
  /** Events in the seven UTC days before today, and when today's unusualOrdinal-th event happened. */
  priorWeekTotal: number;
  unusualAt: Date | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const SEVERITY_RANK: Record<AlertSeverity, number> = { CRITICAL: 0, WARNING: 1, INFO: 2 };

function usageAlert(
  input: SubscriptionAlertInput,
  window: 'hour' | 'day',
  usage: WindowUsage,
  limit: number,
): UsageAlert | null {
  const { subscription: s } = input;
  const critical = usage.count >= limit * CRITICAL_SHARE && usage.criticalAt;
  const warning = usage.count >= limit * WARNING_SHARE && usage.warningAt;
  if (!critical && !warning) return null;
  const type: AlertType =
    window === 'hour' ? (critical ? 'USAGE_CRITICAL' : 'USAGE_WARNING') : critical ? 'DAILY_USAGE_CRITICAL' : 'DAILY_USAGE_WARNING';
  const utilizationPercent = round2((usage.count / limit) * 100);
  const at = (critical ? usage.criticalAt : usage.warningAt) as Date;
  return {
    id: `${type}:${s.id}:${usage.start.toISOString()}`,
    type,
    severity: critical ? 'CRITICAL' : 'WARNING',
    subscriberId: s.id,
    subscriberName: s.name,
    message: `${s.name} has used ${usage.count} of ${limit} requests this ${window} (${utilizationPercent}%)`,
    details: { currentUsage: usage.count, limit, utilizationPercent, timeWindow: window },
    createdAt: at.toISOString(),
  };
}

function expiryAlert(input: SubscriptionAlertInput, now: Date): UsageAlert | null {
  const { subscription: s } = input;
  if (!s.expiresAt) return null;
  const leftMs = s.expiresAt.getTime() - now.getTime();
  const expiresAt = s.expiresAt.toISOString();
  if (leftMs <= 0) {
    return {
      id: `SUBSCRIPTION_EXPIRED:${s.id}:${expiresAt}`,
      type: 'SUBSCRIPTION_EXPIRED',
      severity: 'CRITICAL',
      subscriberId: s.id,
      subscriberName: s.name,
      message: `The subscription of ${s.name} expired on ${expiresAt}`,
      details: { expiresAt, daysRemaining: 0 },
      createdAt: expiresAt,
    };
  }
  if (leftMs > EXPIRY_WARNING_DAYS * DAY_MS) return null;
  const critical = leftMs <= EXPIRY_CRITICAL_DAYS * DAY_MS;
  const daysRemaining = Math.ceil(leftMs / DAY_MS);
  const severity: AlertSeverity = critical ? 'CRITICAL' : 'WARNING';
  return {
    id: `SUBSCRIPTION_EXPIRY:${s.id}:${expiresAt}:${severity}`,
    type: 'SUBSCRIPTION_EXPIRY',
    severity,
    subscriberId: s.id,
    subscriberName: s.name,
    message: `The subscription of ${s.name} expires in ${daysRemaining} day${daysRemaining === 1 ? '' : 's'}`,
    details: { expiresAt, daysRemaining },
    createdAt: new Date(s.expiresAt.getTime() - (critical ? EXPIRY_CRITICAL_DAYS : EXPIRY_WARNING_DAYS) * DAY_MS).toISOString(),
  };
}

function unusualAlert(input: SubscriptionAlertInput): UsageAlert | null {
  const { subscription: s, day, priorWeekTotal } = input;
  const avg = priorWeekTotal / 7;
  if (avg <= 0 || day.count <= UNUSUAL_MULTIPLIER * avg || !input.unusualAt) return null;
  const multiplier = round2(day.count / avg);
  return {
    id: `UNUSUAL_ACTIVITY:${s.id}:${day.start.toISOString()}`,
    type: 'UNUSUAL_ACTIVITY',
    severity: 'WARNING',
    subscriberId: s.id,
    subscriberName: s.name,
    message: `${s.name} made ${day.count} requests today, ${multiplier} times the daily average of the prior week`,
    details: { todayUsage: day.count, avgDailyLastWeek: round2(avg), multiplier },
    createdAt: input.unusualAt.toISOString(),
  };
}

/** Every alert of one subscription now. */
export function subscriptionAlerts(input: SubscriptionAlertInput, now: Date): UsageAlert[] {
  const s = input.subscription;
  return [
    usageAlert(input, 'hour', input.hour, s.hourlyLimit),
    usageAlert(input, 'day', input.day, s.dailyLimit),
    expiryAlert(input, now),
    unusualAlert(input),
  ].filter((a): a is UsageAlert => a !== null);
}

/** Critical first, then newest first (id breaks ties, so the order is stable). */
export function sortAlerts(alerts: UsageAlert[]): UsageAlert[] {
  return [...alerts].sort(
    (a, b) =>
      SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
  );
}

export function alertSummary(alerts: UsageAlert[]) {
  return {
    total: alerts.length,
    critical: alerts.filter((a) => a.severity === 'CRITICAL').length,
    warning: alerts.filter((a) => a.severity === 'WARNING').length,
    info: alerts.filter((a) => a.severity === 'INFO').length,
  };
}
