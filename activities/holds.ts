import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../db/connection';
import { ExecutionHold, type HoldDto, type HoldStatus, toHoldDto } from '../db/models/execution-hold';
import { User } from '../db/models/user';

export interface ResolveHoldInput {
  holdId: string;
  status: Extract<HoldStatus, 'APPROVED' | 'REJECTED'>;
  userId: string;
  reason?: string | null;
}

/**
 * Activities that write a hold's transitions to PostgreSQL. The hold workflow owns the transitions;
 * these only persist them. Each is idempotent: a retry after a lost acknowledgement finds the row
 * already in the target state and returns it.
 */
export function createHoldActivities({ db }: { db: Db }) {
  async function transition(holdId: string, status: HoldStatus, patch: Partial<ExecutionHold>, audit: { action: string; userId: string | null; details: Record<string, unknown> }): Promise<HoldDto> {
    return db.transaction(async (trx) => {
      const updated = await ExecutionHold.query(trx)
        .where({ id: holdId, status: 'PENDING_REVIEW' })
        .patch({ ...patch, status, updatedAt: new Date() })
        .returning('*');
      const rows = updated as unknown as ExecutionHold[];
      const hold = rows[0] ?? (await ExecutionHold.query(trx).findById(holdId));
      if (!hold) throw ApplicationFailure.nonRetryable(`Hold ${holdId} does not exist`, 'HoldNotFound');
      if (hold.status !== status) {
        throw ApplicationFailure.nonRetryable(`Hold ${holdId} is already ${hold.status}`, 'HoldAlreadyResolved');
      }
      if (rows.length) {
        await trx('audit_logs').insert({
          company_id: hold.companyId,
          user_id: audit.userId,
          action: audit.action,
          resource_type: 'execution_hold',
          resource_id: hold.id,
          details: JSON.stringify(audit.details),
        });
      }
      return toHoldDto(hold);
    });
  }

  return {
    async resolveHold(input: ResolveHoldInput): Promise<HoldDto> {
      const user = await User.query(db).findById(input.userId);
      const resolver = user
        ? { id: user.id, email: user.email, name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null }
        : { id: input.userId, email: '', name: null };
      const resolution = input.status === 'APPROVED' ? 'APPROVED' : input.reason?.trim() || 'REJECTED';
      return transition(
        input.holdId,
        input.status,
        { resolvedBy: input.userId, resolvedAt: new Date(), resolution, resolver },
        {
          action: input.status === 'APPROVED' ? 'execution_hold.approved' : 'execution_hold.rejected',
          userId: input.userId,
          details: { resolution },
        },
      );
    },

    async expireHold(input: { holdId: string }): Promise<HoldDto> {
      return transition(input.holdId, 'EXPIRED', { resolvedAt: new Date(), resolution: 'EXPIRED' }, {
        action: 'execution_hold.expired',
        userId: null,
        details: {},
      });
    },
  };
}

export type HoldActivities = ReturnType<typeof createHoldActivities>;
