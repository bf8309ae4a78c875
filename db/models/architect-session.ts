import type { Db } from '../connection';
import type { ArchitectState } from '../../domain/architect/session';

/**
 * The architect_sessions row (db/migrations/20261128010001_architect_sessions.ts) and its one write
 * path for transitions, shared by the workflow's activities and the provisioning use case: a
 * transition is written only when its sequence number is newer than the row's, so an activity
 * retried after a lost worker changes nothing the first attempt already wrote.
 */
export interface ArchitectSessionRow {
  id: string;
  company_id: string;
  session_id: string;
  title: string;
  status: ArchitectState;
  requirements: Record<string, unknown>;
  analysis: Record<string, unknown> | null;
  dialogue_history: Array<Record<string, unknown>>;
  proposal: Record<string, unknown> | null;
  generated_ids: Record<string, unknown> | null;
  user_metadata: Record<string, unknown>;
  version: number;
  transitions: Array<{ seq: number; status: ArchitectState; at: string }>;
  created_by_user_id: string | null;
  created_at: Date;
  updated_at: Date;
  accepted_at: Date | null;
  rejected_at: Date | null;
}

export const ARCHITECT_TABLE = 'architect_sessions';

/** The stored workflow record as the API returns it. */
export function toArchitectSessionDto(r: ArchitectSessionRow) {
  return {
    id: r.id,
    sessionId: r.session_id,
    title: r.title,
    status: r.status,
    requirements: r.requirements,
    analysis: r.analysis,
    dialogueHistory: r.dialogue_history,
    proposal: r.proposal,
    generatedIds: r.generated_ids,
    userMetadata: r.user_metadata,
    transitions: r.transitions,
    createdByUserId: r.created_by_user_id,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    acceptedAt: r.accepted_at,
    rejectedAt: r.rejected_at,
  };
}
export type ArchitectSessionDto = ReturnType<typeof toArchitectSessionDto>;

export interface TransitionPatch {
  title?: string;
  requirements?: Record<string, unknown>;
  analysis?: Record<string, unknown> | null;
  proposal?: Record<string, unknown> | null;
  generated_ids?: Record<string, unknown> | null;
  /** Replaces the history; `appendHistory` adds to it. */
  dialogue_history?: Array<Record<string, unknown>>;
  appendHistory?: Array<Record<string, unknown>>;
  accepted_at?: Date;
  rejected_at?: Date;
}

/**
 * Writes transition `seq` (status and patch) unless the row already has it. True when written;
 * false when an earlier attempt wrote it or the session was deleted.
 */
export async function recordTransition(db: Db, id: string, seq: number, status: ArchitectState, patch: TransitionPatch = {}): Promise<boolean> {
  const { appendHistory, ...columns } = patch;
  const row: Record<string, unknown> = { status, version: seq, updated_at: db.fn.now() };
  for (const [k, v] of Object.entries(columns)) {
    // jsonb values go as JSON text: pg would send a JS array as a PostgreSQL array.
    row[k] = v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
  }
  const entry = JSON.stringify([{ seq, status, at: new Date().toISOString() }]);
  row.transitions = db.raw('transitions || ?::jsonb', [entry]);
  if (appendHistory?.length) row.dialogue_history = db.raw('dialogue_history || ?::jsonb', [JSON.stringify(appendHistory)]);
  const n = await db(ARCHITECT_TABLE).where({ id }).where('version', '<', seq).update(row);
  return n > 0;
}

export function loadArchitectSession(db: Db, id: string): Promise<ArchitectSessionRow | undefined> {
  return db<ArchitectSessionRow>(ARCHITECT_TABLE).where({ id }).first();
}
