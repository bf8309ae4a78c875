import { proxyActivities } from '@temporalio/workflow';
import type { ArchiveSelection, SyntheticArchivalActivities } from '../activities/synthetic/archival';

/**
 * One synthetic archive run (`synthetic-archive:<archiveId>`): export first when asked, then
 * aggregate-and-delete in bounded chunks until the selection is empty. Each chunk is one transaction
 * (activities/synthetic/archival.ts), so a worker lost mid-run resumes without losing or
 * double-counting an entry. The chunk size is an input so tests can make many small chunks.
 */
export interface SyntheticArchiveInput {
  archiveId: string;
  selection: ArchiveSelection;
  exportFirst: boolean;
  includeFullResponse: boolean;
  chunkSize: number;
}

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
