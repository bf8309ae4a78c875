/**
 * The demo company's synthetic testing on `npm start` (scripts/dev-stack.ts): the curated library is
 * imported (idempotent) and, when the company has no schedule yet, one RECURRING schedule probes the
 * default provider every minute with the English KPI prompt, so analytics show results within minutes.
 * Creating it also sets up the company's automatic archival (archival-settings.ts). The interval is an
 * input so tests can run the same path in seconds.
 */
import type { Principal } from '../../domain/principal';
import { ROLE_PERMISSIONS } from '../../domain/roles';
import type { ProviderService } from '../providers/providers';
import type { SyntheticPromptService } from './prompts';
import type { SyntheticScheduleService } from './schedules';

export async function seedSyntheticDemo(
  s: { syntheticPrompts: SyntheticPromptService; syntheticSchedules: SyntheticScheduleService; providers: ProviderService },
  o: { companyId: string; userId: string; intervalMinutes?: number },
): Promise<{ scheduleId: string | null; imported: number }> {
  const principal: Principal = { via: 'session', companyId: o.companyId, userId: o.userId, role: 'ACCOUNT_OWNER', permissions: ROLE_PERMISSIONS.ACCOUNT_OWNER, features: new Set() };
  const { imported } = await s.syntheticPrompts.importLibrary(o.companyId, o.userId);
  const existing = await s.syntheticSchedules.list(principal, { limit: 1, offset: 0 });
  if (existing.pagination.total > 0) return { scheduleId: null, imported };
  const prompt = (await s.syntheticPrompts.list(principal)).prompts.find((p) => p.libraryKey === 'functional.capital.en');
  const runtime = await s.providers.runtimeProviders(o.companyId);
  const provider = runtime.find((p) => p.isDefault) ?? runtime[0];
  if (!prompt || !provider) return { scheduleId: null, imported };
  const schedule = await s.syntheticSchedules.create(principal, {
    name: 'Demo: capital question every minute',
    description: 'Created by npm start: see GET /api/v1/synthetic/executions and /api/v1/synthetic/analytics',
    syntheticPromptId: prompt.id,
    scheduleType: 'RECURRING',
    intervalMinutes: o.intervalMinutes ?? 1,
    isActive: true,
    aiProviderId: provider.id,
    enableProtection: false,
  });
  return { scheduleId: schedule.id, imported };
}
