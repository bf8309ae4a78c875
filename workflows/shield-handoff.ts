import {
  condition,
  continueAsNew,
  defineSignal,
  getExternalWorkflowHandle,
  proxyActivities,
  setHandler,
  workflowInfo,
} from '@temporalio/workflow';
import type { ShieldActivities } from '../activities/shield';
import { handoffWorkflowId } from '../temporal/workflow-ids';

/**
 * One protected handoff's retention: `handoff:<id>`, started when the handoff is created. It
 * sleeps until the earlier of the handoff's expiry and, when its owner left the company and no
 * admin holds it, the leaver deadline; then `expireHandoff` deletes the row (and with it the sealed
 * mapping: the original values are gone) unless the row says the handoff lives longer.
 *
 * Signals move the deadlines: `lifetime` after a restore or a retention change (the new expiresAt,
 * null for NO_LIMIT), `ownerLeft` from the leaver sweep or an admin's hold (the leaver deadline, or
 * null), `deleted` when the owner deleted it. The row in PostgreSQL stays the truth: a signal lost
 * or late only means the activity finds a later expiry there and the workflow sleeps again.
 */
export interface HandoffRetentionInput {
  handoffId: string;
  /** ISO time, or null (NO_LIMIT). */
  expiresAt: string | null;
  leaverDeadline?: string | null;
}

export const handoffLifetimeSignal = defineSignal<[{ expiresAt: string | null }]>('lifetime');
export const handoffOwnerLeftSignal = defineSignal<[{ leaverDeadline: string | null }]>('ownerLeft');
export const handoffDeletedSignal = defineSignal('deleted');

const { expireHandoff } = proxyActivities<ShieldActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

export async function handoffRetentionWorkflow(input: HandoffRetentionInput): Promise<'deleted' | 'gone'> {
  let expiresAt = input.expiresAt ? Date.parse(input.expiresAt) : null;
  let leaverDeadline = input.leaverDeadline ? Date.parse(input.leaverDeadline) : null;
  let deleted = false;
  let changed = false;
  let signals = 0;
  setHandler(handoffLifetimeSignal, ({ expiresAt: next }) => {
    expiresAt = next ? Date.parse(next) : null;
    changed = true;
    signals++;
  });
  setHandler(handoffOwnerLeftSignal, ({ leaverDeadline: next }) => {
    leaverDeadline = next ? Date.parse(next) : null;
    changed = true;
    signals++;
  });
  setHandler(handoffDeletedSignal, () => {
    deleted = true;
  });

  for (;;) {
    const deadlines = [expiresAt, leaverDeadline].filter((d): d is number => d !== null);
    const deadline = deadlines.length ? Math.min(...deadlines) : null;
    changed = false;
    const woke = deadline === null ? await condition(() => changed || deleted).then(() => true) : await condition(() => changed || deleted, Math.max(1, deadline - Date.now()));
    if (deleted) return 'gone';
    if (!woke) {
      const outcome = await expireHandoff({ handoffId: input.handoffId });
      if (outcome.deleted) return 'deleted';
      expiresAt = outcome.expiresAt ? Date.parse(outcome.expiresAt) : null;
      leaverDeadline = outcome.leaverDeadline ? Date.parse(outcome.leaverDeadline) : null;
    }
    // Long-lived handoffs restored often: keep the history short.
    if (signals > 500 || workflowInfo().continueAsNewSuggested) {
      await continueAsNew<typeof handoffRetentionWorkflow>({
        handoffId: input.handoffId,
        expiresAt: expiresAt === null ? null : new Date(expiresAt).toISOString(),
        leaverDeadline: leaverDeadline === null ? null : new Date(leaverDeadline).toISOString(),
      });
    }
  }
}

/**
 * One pass of the leaver rule, run by the Schedule `shield-leavers:<task queue>`: members who left
 * (membership gone or deactivated, or the user deactivated) start their handoffs' 30 days, members
 * who came back stop them; each affected handoff's workflow gets the new deadline.
 */
const { sweepShieldLeavers } = proxyActivities<ShieldActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', backoffCoefficient: 2, maximumAttempts: 5 },
});

export async function shieldLeaverSweepWorkflow(): Promise<{ signalled: number }> {
  const changes = await sweepShieldLeavers();
  let signalled = 0;
  for (const c of changes) {
    try {
      await getExternalWorkflowHandle(handoffWorkflowId(c.handoffId)).signal(handoffOwnerLeftSignal, { leaverDeadline: c.leaverDeadline });
      signalled++;
    } catch {
      // The handoff's workflow already ended (deleted or expired): nothing to tell it.
    }
  }
  return { signalled };
}
