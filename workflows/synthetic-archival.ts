import { executeChild, proxyActivities } from '@temporalio/workflow';
import type { SyntheticArchivalActivities, SyntheticArchiveInput } from '../activities/synthetic/archival';
import { syntheticArchiveWorkflowId } from '../temporal/workflow-ids';

export type { SyntheticArchiveInput };

/**
 * One synthetic archive run (`synthetic-archive:<archiveId>`): export first when asked, then
 * aggregate-and-delete in bounded chunks until the selection is empty. Each chunk is one transaction
 * (activities/synthetic/archival.ts), so a worker lost mid-run resumes without losing or
 * double-counting an entry. The chunk size is an input so tests can make many small chunks.
 */
const acts = proxyActivities<SyntheticArchivalActivities>({
  startToCloseTimeout: '5 minutes',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});
// One chunk (at most 5,000 rows in one transaction) takes seconds. Its own short timeout is what
// notices a worker lost mid-chunk: with the export's 5 minutes the archive sat idle that long.
const chunkActs = proxyActivities<SyntheticArchivalActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

export async function syntheticArchiveWorkflow(input: SyntheticArchiveInput): Promise<{ deletedCount: number; exportFile: string | null; chunks: number }> {
  let exportFile: string | null = null;
  if (input.exportFirst) exportFile = (await acts.exportSyntheticArchive({ archiveId: input.archiveId, selection: input.selection, includeFullResponse: input.includeFullResponse })).exportFile;
  let deletedCount = 0;
  let chunks = 0;
  for (;;) {
    const { deleted } = await chunkActs.archiveSyntheticChunk({ archiveId: input.archiveId, selection: input.selection, chunkSize: input.chunkSize });
    if (!deleted) break;
    deletedCount += deleted;
    chunks++;
  }
  return { deletedCount, exportFile, chunks };
}

/**
 * A company's automatic archival, run by its Temporal Schedule `synthetic-archival:<companyId>`
 * (services/synthetic/archival-settings.ts): the settings are read as they are at run time (so a
 * change applies to the next run without touching the schedule's action), then each run (archive,
 * then enforceLimit when enabled) is a child `synthetic-archive:<archiveId>`, the same workflow as
 * POST /api/v1/synthetic/archival, with its chunked, crash-safe aggregate-and-delete.
 */
export interface SyntheticScheduledArchiveInput {
  companyId: string;
}

export async function syntheticScheduledArchiveWorkflow(input: SyntheticScheduledArchiveInput): Promise<{ archiveIds: string[]; deletedCount: number }> {
  const plan = await acts.planScheduledSyntheticArchive({ companyId: input.companyId });
  if (!plan) return { archiveIds: [], deletedCount: 0 };
  const archiveIds: string[] = [];
  for (const run of plan.runs) {
    await executeChild(syntheticArchiveWorkflow, { workflowId: syntheticArchiveWorkflowId(run.archiveId), args: [run] });
    archiveIds.push(run.archiveId);
  }
  const { deletedCount } = await acts.finishScheduledSyntheticArchive({ companyId: input.companyId, archiveIds });
  return { archiveIds, deletedCount };
}
