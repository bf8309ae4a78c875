import { ApplicationFailure } from '@temporalio/common';
import type { Db } from '../db/connection';
import { type ArchitectSessionRow, loadArchitectSession, recordTransition } from '../db/models/architect-session';
import { type ArchitectAnalysis, type ArchitectQuestion, type QualityIssue, decideDialogue, extractJsonObject, fallbackAnalysis, parseAnalysis, parseDialogueVerdict } from '../domain/architect/analysis';
import { type ModelRequest, analysisRequest, dialogueRequest, proposalRequest, repairRequest } from '../domain/architect/messages';
import { type Proposal, proposalIssues, readProposal } from '../domain/architect/proposal';
import type { ArchitectRequirements, ArchitectState } from '../domain/architect/session';
import { ApiError } from '../lib/errors';
import { withKeepAlive } from './batch/heartbeat';

/**
 * Activities of an architect session (`architect:<id>`, workflows/architect.ts). Each writes its
 * transition to the architect_sessions row with the workflow's sequence number (recordTransition),
 * so a retry after a lost worker writes nothing twice; a step whose transition is already in the
 * row returns what the row says without calling the model again.
 *
 * Model calls, the proposal's company-level checks, provisioning and rejection belong to services/
 * (the gateway path, the policy validator, the prompt library): they reach this file through the
 * ArchitectUseCases port, which the worker builds in services/worker-use-cases.ts. A use case's
 * refusal (an ApiError: budget, security, a name already taken) becomes a non-retryable failure
 * carrying its status and code, which the api answers as such.
 */
export interface ArchitectUseCases {
  /** One model call through the gateway path (the company's routing policy), recorded and billed with purpose architect. */
  complete(input: { sessionId: string; companyId: string; userId: string | null; request: ModelRequest }): Promise<{ content: string; executionId: string }>;
  /** The company-level checks of a proposal (the routing policy validator); empty when it passes. */
  companyIssues(input: { companyId: string; userId: string | null; proposal: Proposal }): Promise<QualityIssue[]>;
  /** Accept: provisions the proposal in one transaction with transition `seq` (ACCEPTED); idempotent. */
  provision(input: { sessionId: string; companyId: string; userId: string | null; seq: number }): Promise<Record<string, unknown>>;
  /** Reject: transition `seq` (REJECTED), the reason in the dialogue history and the audit entry, in one transaction. */
  reject(input: { sessionId: string; companyId: string; userId: string | null; seq: number; reason: string | null }): Promise<void>;
}

export interface StepInput {
  sessionId: string;
  seq: number;
  userId: string | null;
}

export interface GenerateOutcome {
  ok: boolean;
  status: ArchitectState;
  issues: QualityIssue[];
}

/** Failure types the workflow and the api read. */
export const ARCHITECT_FAILURES = {
  gone: 'ArchitectSessionGone',
  preflight: 'ArchitectPreflightFailed',
  api: 'ApiError',
} as const;

function useCaseFailure(err: unknown): unknown {
  if (err instanceof ApiError) {
    return ApplicationFailure.create({ message: err.message, type: ARCHITECT_FAILURES.api, nonRetryable: true, details: [{ status: err.status, code: err.code, details: err.details ?? null }] });
  }
  return err;
}

async function rowOf(db: Db, sessionId: string): Promise<ArchitectSessionRow> {
  const row = await loadArchitectSession(db, sessionId);
  if (!row) throw ApplicationFailure.create({ message: `Architect session ${sessionId} no longer exists`, type: ARCHITECT_FAILURES.gone, nonRetryable: true });
  return row;
}

const requirementsOf = (row: ArchitectSessionRow) => row.requirements as ArchitectRequirements;
const questionsOf = (row: ArchitectSessionRow): ArchitectQuestion[] => ((row.analysis as ArchitectAnalysis | null)?.gaps?.questions ?? []) as ArchitectQuestion[];

/** Every answer given so far (later rounds win), from the dialogue history's answer entries. */
function answersOf(row: ArchitectSessionRow): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of row.dialogue_history) if (entry.type === 'answers') Object.assign(out, entry.answers as Record<string, string>);
  return out;
}

export function createArchitectActivities({ db, architect }: { db: Db; architect?: ArchitectUseCases }) {
  const useCases = (): ArchitectUseCases => {
    if (!architect) throw new Error('this worker has no architect use cases');
    return architect;
  };
  const call = async (row: ArchitectSessionRow, userId: string | null, request: ModelRequest) => {
    try {
      return await useCases().complete({ sessionId: row.id, companyId: row.company_id, userId, request });
    } catch (err) {
      throw useCaseFailure(err);
    }
  };

  return {
    /**
     * Provider preflight before analyze, dialogue and generate: at least one active provider of the
     * company that matches requirements.providers (type or name; any when none is named) and whose
     * circuit breaker is not open. Read from the tables, not a cache: the breaker rows are what the
     * breaker workflows wrote last.
     */
    async architectPreflight(input: { sessionId: string }): Promise<{ healthy: number }> {
      const row = await rowOf(db, input.sessionId);
      const wanted = (requirementsOf(row).providers ?? []).map((p) => p.toLowerCase());
      const providers: Array<{ id: string; name: string; type: string }> = await db('providers').where({ company_id: row.company_id, is_active: true }).select('id', 'name', 'type');
      const matching = wanted.length ? providers.filter((p) => wanted.includes(p.type.toLowerCase()) || wanted.includes(p.name.toLowerCase())) : providers;
      const open: string[] = matching.length ? await db('provider_breakers').whereIn('provider_id', matching.map((p) => p.id)).where({ state: 'open' }).pluck('provider_id') : [];
      const healthy = matching.filter((p) => !open.includes(p.id)).length;
      if (!healthy) {
        const why = !providers.length
          ? 'the company has no active provider'
          : !matching.length
            ? `no active provider matches ${wanted.join(', ')}`
            : `every matching provider's circuit breaker is open (${matching.map((p) => p.name).join(', ')})`;
        throw ApplicationFailure.create({ message: `Provider preflight failed: ${why}`, type: ARCHITECT_FAILURES.preflight, nonRetryable: true, details: [{ matching: matching.length, open: open.length }] });
      }
      return { healthy };
    },

    /** Writes a transition that carries no data of its own (ANALYZING, GENERATING, a step given back). */
    async architectMirror(input: { sessionId: string; seq: number; status: ArchitectState }): Promise<void> {
      await recordTransition(db, input.sessionId, input.seq, input.status);
    },

    /** Revise (PATCH): title and/or requirements, back to INPUT with analysis, dialogue, proposal and generated ids cleared. */
    async architectRevise(input: { sessionId: string; seq: number; title?: string; requirements?: Record<string, unknown> }): Promise<void> {
      await recordTransition(db, input.sessionId, input.seq, 'INPUT', {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.requirements !== undefined ? { requirements: input.requirements } : {}),
        analysis: null,
        proposal: null,
        generated_ids: null,
        dialogue_history: [],
      });
    },

    /** Analyze: the model's analysis (or the minimal one when its JSON cannot be read), then DIALOGUE. */
    async architectAnalyze(input: StepInput): Promise<{ status: ArchitectState; fallback: boolean }> {
      return withKeepAlive(async () => {
        const row = await rowOf(db, input.sessionId);
        if (row.version >= input.seq) return { status: row.status, fallback: Boolean(row.analysis?.fallback) };
        const r = requirementsOf(row);
        const out = await call(row, input.userId, analysisRequest(row.title, r));
        // Never an error: an answer that is not the asked JSON becomes the minimal analysis.
        const analysis = parseAnalysis(out.content, r);
        const executionId = out.executionId;
        await recordTransition(db, row.id, input.seq, 'DIALOGUE', {
          analysis,
          appendHistory: [{ type: 'analysis', at: new Date().toISOString(), executionId, fallback: Boolean(analysis.fallback), questions: analysis.gaps.questions.map((q) => q.id) }],
        });
        return { status: 'DIALOGUE', fallback: Boolean(analysis.fallback) };
      });
    },

    /** Dialogue: records the answers, asks the model whether that is enough; DIALOGUE or GENERATING. */
    async architectDialogue(input: StepInput & { answers: Record<string, string> }): Promise<{ status: ArchitectState }> {
      return withKeepAlive(async () => {
        const row = await rowOf(db, input.sessionId);
        if (row.version >= input.seq) return { status: row.status };
        const answers = { ...answersOf(row), ...input.answers };
        const questions = questionsOf(row);
        const out = await call(row, input.userId, dialogueRequest(row.title, requirementsOf(row), questions, answers));
        const decision = decideDialogue(questions, answers, parseDialogueVerdict(out.content));
        const analysis = row.analysis as ArchitectAnalysis | null;
        await recordTransition(db, row.id, input.seq, decision.next, {
          ...(analysis && decision.newQuestions.length ? { analysis: { ...analysis, gaps: { ...analysis.gaps, questions: [...analysis.gaps.questions, ...decision.newQuestions] } } } : {}),
          appendHistory: [{ type: 'answers', at: new Date().toISOString(), userId: input.userId, answers: input.answers, executionId: out.executionId, next: decision.next, newQuestions: decision.newQuestions.map((q) => q.id) }],
        });
        return { status: decision.next };
      });
    },

    /**
     * Generate: the proposal as JSON, re-asked once when the answer is not valid JSON, then the
     * scaffold validation (domain) and the company's policy validator. Passing: PROPOSAL_READY with
     * the proposal. Failing: DIALOGUE with the issues in analysis.conflicts.qualityIssues.
     */
    async architectGenerate(input: StepInput): Promise<GenerateOutcome> {
      return withKeepAlive(async () => {
        const row = await rowOf(db, input.sessionId);
        if (row.version >= input.seq) {
          const issues = ((row.analysis as ArchitectAnalysis | null)?.conflicts?.qualityIssues ?? []) as QualityIssue[];
          return { ok: row.status === 'PROPOSAL_READY', status: row.status, issues: row.status === 'PROPOSAL_READY' ? [] : issues };
        }
        const r = requirementsOf(row);
        const request = proposalRequest(row.title, r, questionsOf(row), answersOf(row));
        const first = await call(row, input.userId, request);
        const executionIds = [first.executionId];
        let json = extractJsonObject(first.content);
        if (json === null) {
          const repaired = await call(row, input.userId, repairRequest(request, first.content, 'The answer was not one valid JSON object.'));
          executionIds.push(repaired.executionId);
          json = extractJsonObject(repaired.content);
        }
        let issues: QualityIssue[];
        let proposal: Proposal | null = null;
        if (json === null) issues = [{ path: [], message: 'The model did not answer one valid JSON object, even when asked again' }];
        else {
          const read = readProposal(json);
          if (!read.ok) issues = read.issues;
          else {
            proposal = read.proposal;
            issues = proposalIssues(proposal, r);
            if (!issues.length) {
              try {
                issues = await useCases().companyIssues({ companyId: row.company_id, userId: input.userId, proposal });
              } catch (err) {
                throw useCaseFailure(err);
              }
            }
          }
        }
        const at = new Date().toISOString();
        const analysis = (row.analysis as ArchitectAnalysis | null) ?? fallbackAnalysis(r, 'no analysis was stored');
        if (issues.length || !proposal) {
          await recordTransition(db, row.id, input.seq, 'DIALOGUE', {
            analysis: { ...analysis, conflicts: { ...analysis.conflicts, qualityIssues: issues } },
            proposal: null,
            appendHistory: [{ type: 'quality', at, executionIds, issues }],
          });
          return { ok: false, status: 'DIALOGUE', issues };
        }
        await recordTransition(db, row.id, input.seq, 'PROPOSAL_READY', {
          analysis: { ...analysis, conflicts: { ...analysis.conflicts, qualityIssues: [] } },
          proposal: proposal as unknown as Record<string, unknown>,
          appendHistory: [{ type: 'proposal', at, executionIds }],
        });
        return { ok: true, status: 'PROPOSAL_READY', issues: [] };
      });
    },

    async architectProvision(input: StepInput & { companyId: string }): Promise<Record<string, unknown>> {
      try {
        return await useCases().provision({ sessionId: input.sessionId, companyId: input.companyId, userId: input.userId, seq: input.seq });
      } catch (err) {
        throw useCaseFailure(err);
      }
    },

    async architectReject(input: StepInput & { companyId: string; reason: string | null }): Promise<void> {
      try {
        await useCases().reject({ sessionId: input.sessionId, companyId: input.companyId, userId: input.userId, seq: input.seq, reason: input.reason });
      } catch (err) {
        throw useCaseFailure(err);
      }
    },
  };
}

export type ArchitectActivities = ReturnType<typeof createArchitectActivities>;
