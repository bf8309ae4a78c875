import type { Knex } from 'knex';
import type { Db } from '../db/connection';
import { LEAVER_GRACE_DAYS } from '../domain/shield';
import type { ActivityDeps } from '.';

/**
 * Protected handoff retention in PostgreSQL: the side effects of `handoff:<id>` and of the leaver
 * sweep, and the two queries the api shares with them (deleting a handoff, a leaver's deadline).
 */

/**
 * Deletes a handoff: the row holds its sealed mapping, so the originals go with it at once. The
 * scope entries no live handoff uses any more go too (best effort: one a concurrent create has
 * just linked is kept by the foreign key, and goes with that handoff later).
 */
export async function deleteHandoffRows(trx: Knex | Knex.Transaction, handoffId: string): Promise<boolean> {
  const entryIds = (await trx('shield_handoff_entries').where({ handoff_id: handoffId }).pluck('entry_id')) as string[];
  const deleted = await trx('shield_handoffs').where({ id: handoffId }).delete();
  if (!deleted) return false;
  if (entryIds.length) {
    await trx
      .raw(
        `DELETE FROM shield_scope_entries e WHERE e.id = ANY(?::bigint[])
           AND NOT EXISTS (SELECT 1 FROM shield_handoff_entries he WHERE he.entry_id = e.id)`,
        [entryIds],
      )
      .catch(() => undefined);
  }
  return true;
}

/** When a member who left loses their handoffs: 30 retention days after leaving, unless an admin holds them. */
export async function leaverDeadlineOf(db: Knex | Knex.Transaction, companyId: string, userId: string, daySeconds: number): Promise<Date | null> {
  const row = (await db('shield_leavers').where({ company_id: companyId, user_id: userId }).first()) as { left_at: Date | null; held: boolean } | undefined;
  if (!row?.left_at || row.held) return null;
  return new Date(new Date(row.left_at).getTime() + LEAVER_GRACE_DAYS * daySeconds * 1000);
}

/** SQL: the user is an active member of the company (membership not deactivated, user active). */
const ACTIVE_MEMBER = `EXISTS (SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
  WHERE m.company_id = x.company_id AND m.user_id = x.user_id AND u.is_active AND (to_jsonb(m) ->> 'deactivated_at') IS NULL)`;

export function createShieldActivities(deps: Pick<ActivityDeps, 'db' | 'config' | 'logger'>) {
  const db: Db = deps.db;
  const daySeconds = deps.config.SHIELD_RETENTION_DAY_SECONDS;
  return {
    async expireHandoff(input: { handoffId: string }): Promise<{ deleted: true } | { deleted: false; expiresAt: string | null; leaverDeadline: string | null }> {
      return db.transaction(async (trx) => {
        const row = (await trx('shield_handoffs').where({ id: input.handoffId }).forUpdate().first()) as
          | { company_id: string; user_id: string; expires_at: Date | null }
          | undefined;
        if (!row) return { deleted: true as const };
        const leaver = await leaverDeadlineOf(trx, row.company_id, row.user_id, daySeconds);
        const now = Date.now();
        const expired = row.expires_at !== null && new Date(row.expires_at).getTime() <= now;
        const left = leaver !== null && leaver.getTime() <= now;
        if (expired || left) {
          await deleteHandoffRows(trx, input.handoffId);
          deps.logger.info({ handoffId: input.handoffId, reason: expired ? 'expired' : 'owner left' }, 'handoff deleted');
          return { deleted: true as const };
        }
        return {
          deleted: false as const,
          expiresAt: row.expires_at ? new Date(row.expires_at).toISOString() : null,
          leaverDeadline: leaver ? leaver.toISOString() : null,
        };
      });
    },

    async sweepShieldLeavers(): Promise<{ handoffId: string; leaverDeadline: string | null }[]> {
      const left = await db.raw(
        `INSERT INTO shield_leavers AS l (company_id, user_id, left_at)
           SELECT DISTINCT x.company_id, x.user_id, now() FROM shield_handoffs x WHERE NOT ${ACTIVE_MEMBER}
         ON CONFLICT (company_id, user_id) DO UPDATE SET left_at = now(), updated_at = now() WHERE l.left_at IS NULL
         RETURNING company_id, user_id`,
      );
      const back = await db.raw(
        `UPDATE shield_leavers x SET left_at = NULL, updated_at = now() WHERE x.left_at IS NOT NULL AND ${ACTIVE_MEMBER}
         RETURNING company_id, user_id`,
      );
      const changed = [...(left.rows as { company_id: string; user_id: string }[]), ...(back.rows as { company_id: string; user_id: string }[])];
      const out: { handoffId: string; leaverDeadline: string | null }[] = [];
      for (const c of changed) {
        const deadline = await leaverDeadlineOf(db, c.company_id, c.user_id, daySeconds);
        const ids = (await db('shield_handoffs').where({ company_id: c.company_id, user_id: c.user_id }).pluck('id')) as string[];
        for (const id of ids) out.push({ handoffId: id, leaverDeadline: deadline ? deadline.toISOString() : null });
      }
      if (changed.length) deps.logger.info({ members: changed.length, handoffs: out.length }, 'shield leaver sweep');
      // Belt and braces: a handoff whose workflow is gone (terminated by an operator, history lost)
      // is still deleted within the hour after its expiry.
      const stale = (await db('shield_handoffs').where('expires_at', '<', new Date(Date.now() - 3600_000)).limit(1000).pluck('id')) as string[];
      for (const id of stale) await db.transaction((trx) => deleteHandoffRows(trx, id));
      if (stale.length) deps.logger.warn({ handoffs: stale.length }, 'expired handoffs deleted by the sweep: their workflows did not');
      return out;
    },
  };
}

export type ShieldActivities = ReturnType<typeof createShieldActivities>;
