import type { Knex } from 'knex';
import { leaverDeadlineOf } from '../../activities/shield';
import type { Logger } from '../../lib/logger';
import type { TemporalGateway } from '../../temporal/client';
import { handoffWorkflowId } from '../../temporal/workflow-ids';
import { handoffDeletedSignal, handoffLifetimeSignal, handoffOwnerLeftSignal, handoffRetentionWorkflow } from '../../workflows/shield-handoff';

/**
 * The api's side of handoff retention: start `handoff:<id>` when a handoff is created, and tell it
 * when its deadlines move. Signals after the database commit are best effort: the workflow re-reads
 * the row when its timer fires, so a lost signal delays nothing that matters (an extension) or is
 * caught at the next wake-up.
 */
export class HandoffRetention {
  constructor(private readonly deps: { temporal: TemporalGateway; logger: Logger; daySeconds: number }) {}

  async start(handoffId: string, expiresAt: Date | null, leaverDeadline: Date | null): Promise<void> {
    const client = await this.deps.temporal.client();
    await client.workflow.start(handoffRetentionWorkflow, {
      workflowId: handoffWorkflowId(handoffId),
      taskQueue: this.deps.temporal.taskQueue,
      args: [{ handoffId, expiresAt: expiresAt?.toISOString() ?? null, leaverDeadline: leaverDeadline?.toISOString() ?? null }],
    });
  }

  async lifetime(handoffId: string, expiresAt: Date | null): Promise<void> {
    await this.signal(handoffId, (h) => h.signal(handoffLifetimeSignal, { expiresAt: expiresAt?.toISOString() ?? null }));
  }

  async deleted(handoffId: string): Promise<void> {
    await this.signal(handoffId, (h) => h.signal(handoffDeletedSignal));
  }

  /** An admin's hold (or its release) moves the deadline of every handoff of that member. */
  async ownerChanged(db: Knex, companyId: string, userId: string): Promise<void> {
    const deadline = await leaverDeadlineOf(db, companyId, userId, this.deps.daySeconds);
    const ids = (await db('shield_handoffs').where({ company_id: companyId, user_id: userId }).pluck('id')) as string[];
    for (const id of ids) await this.signal(id, (h) => h.signal(handoffOwnerLeftSignal, { leaverDeadline: deadline?.toISOString() ?? null }));
  }

  private async signal(handoffId: string, send: (h: ReturnType<Awaited<ReturnType<TemporalGateway['client']>>['workflow']['getHandle']>) => Promise<void>) {
    try {
      const client = await this.deps.temporal.client();
      await send(client.workflow.getHandle(handoffWorkflowId(handoffId)));
    } catch (err) {
      this.deps.logger.warn({ err: (err as Error).message, handoffId }, 'handoff retention signal not delivered; the workflow re-reads the row at its deadline');
    }
  }
}
