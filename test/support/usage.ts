import { randomUUID } from 'node:crypto';
import type { Stack, TestCompany } from './stack';

/**
 * Helpers for the usage analytics tests: subscriptions over real API keys, usage events seeded at
 * chosen times, and a wait that keeps a test away from UTC hour and day boundaries (the usage
 * windows are UTC hours and days; a test that seeds "this hour" must not straddle two).
 */
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function hourStart(t = Date.now()): number {
  return Math.floor(t / HOUR) * HOUR;
}
export function dayStart(t = Date.now()): number {
  return Math.floor(t / DAY) * DAY;
}

/** Waits until at least 90 s have passed in the UTC hour and at least 4 minutes remain. */
export async function awayFromHourEdge(): Promise<void> {
  const now = Date.now();
  const into = now - hourStart(now);
  if (into < 90_000) await new Promise((r) => setTimeout(r, 90_000 - into + 500));
  else if (HOUR - into < 240_000) await new Promise((r) => setTimeout(r, HOUR - into + 90_500));
}

export async function newKey(stack: Stack, co: TestCompany) {
  const { apiKey, key } = await stack.container.services.apiKeys.create(
    co.companyId,
    { name: 'subscriber', kind: 'GATEWAY', type: 'FULL_ACCESS' },
    { userId: co.adminUserId },
  );
  return { id: apiKey.id as string, key };
}

export interface Seeded {
  subscriptionId: string;
  companyId: string;
  at: Date;
  type?: 'ROUTING_ADVICE' | 'PROVIDER_HEALTH' | 'COST_ESTIMATE';
  success?: boolean;
  clientIp?: string;
  userAgent?: string;
}

export async function seedEvents(stack: Stack, events: Seeded[]): Promise<void> {
  if (!events.length) return;
  await stack.container.db('advisory_usage_events').insert(
    events.map((e) => ({
      id: randomUUID(),
      company_id: e.companyId,
      subscription_id: e.subscriptionId,
      request_type: e.type ?? 'ROUTING_ADVICE',
      success: e.success ?? true,
      client_ip: e.clientIp ?? '203.0.113.7',
      user_agent: e.userAgent ?? 'seed/1.0',
      created_at: e.at,
    })),
  );
}

/** n distinct times within the last `spanMs` before `end`, oldest first. */
export function timesBefore(end: number, n: number, spanMs: number): Date[] {
  return Array.from({ length: n }, (_, i) => new Date(end - spanMs + Math.floor(((i + 1) * spanMs) / (n + 1))));
}
