import {
  allHandlersFinished,
  condition,
  defineQuery,
  defineUpdate,
  proxyActivities,
  setHandler,
} from '@temporalio/workflow';
import type { HoldActivities } from '../activities/holds';
import type { HoldDto, HoldStatus } from '../db/models/execution-hold';

/**
 * One SUPERVISED response waiting for a human: `hold:<holdId>`. It waits for an approve or reject
 * Update, or for the hold to expire, and writes the transition through an activity. The validators
 * refuse a second resolution inside the workflow itself, so two reviewers racing cannot both win.
 */
export interface HoldWorkflowInput {
  holdId: string;
  /** ISO timestamp; the expiry timer runs until then (workflow time). */
  expiresAt: string;
}

export interface ResolveArgs {
  userId: string;
  reason?: string | null;
}

export const approveHold = defineUpdate<HoldDto, [ResolveArgs]>('approve');
export const rejectHold = defineUpdate<HoldDto, [ResolveArgs]>('reject');
export const holdStatus = defineQuery<HoldStatus>('status');

const { resolveHold, expireHold } = proxyActivities<HoldActivities>({
  startToCloseTimeout: '30 seconds',
  // A database outage must not lose a decision: keep retrying, backing off to once a minute.
  retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
});

export async function executionHoldWorkflow(input: HoldWorkflowInput): Promise<HoldStatus> {
  let status: HoldStatus = 'PENDING_REVIEW';

  const mustBePending = () => {
    if (status !== 'PENDING_REVIEW') throw new Error(`Hold already resolved: ${status}`);
  };
  const mustHaveUser = (args: ResolveArgs) => {
    mustBePending();
    if (!args?.userId) throw new Error('A reviewer is required');
  };

  setHandler(holdStatus, () => status);
  setHandler(
    approveHold,
    async ({ userId }) => {
      status = 'APPROVED'; // set before the first await: a concurrent update's validator sees it
      return resolveHold({ holdId: input.holdId, status: 'APPROVED', userId });
    },
    { validator: mustHaveUser },
  );
  setHandler(
    rejectHold,
    async ({ userId, reason }) => {
      status = 'REJECTED';
      return resolveHold({ holdId: input.holdId, status: 'REJECTED', userId, reason });
    },
    { validator: mustHaveUser },
  );

  const remainingMs = Math.max(1, new Date(input.expiresAt).getTime() - Date.now());
  const resolved = await condition(() => status !== 'PENDING_REVIEW', remainingMs);
  if (!resolved) {
    status = 'EXPIRED';
    await expireHold({ holdId: input.holdId });
  }
  await condition(allHandlersFinished);
  return status;
}
