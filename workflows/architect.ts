import { ApplicationFailure, allHandlersFinished, condition, defineQuery, defineUpdate, proxyActivities, setHandler } from '@temporalio/workflow';
import type { ArchitectActivities, GenerateOutcome } from '../activities/architect';
import { type ArchitectOperation, type ArchitectState, FINAL_STATES, refusal } from '../domain/architect/session';

/**
 * One architect session, `architect:<sessionDbId>`: the state machine of spec document 3
 * (INPUT → ANALYZING → DIALOGUE ⇄ DIALOGUE → GENERATING → PROPOSAL_READY → ACCEPTED | REJECTED).
 * Every route that moves a session is an Update of this workflow; its validator refuses an
 * operation in the wrong state, or while another one is running, before anything happens (the api
 * answers 400). The handler marks the workflow busy before its first await, so of two racing
 * calls exactly one runs. Each transition is written to the architect_sessions row by an activity
 * with the next sequence number. A worker lost mid-step resumes from the history: a model call in
 * flight is retried after its heartbeat timeout, and the row is written once.
 *
 * The workflow ends when the session is ACCEPTED or REJECTED, or after `idleMs` without a call
 * (the service starts it again from the row on the next call). Durations are inputs so tests run
 * in seconds.
 */
export interface ArchitectWorkflowInput {
  sessionId: string;
  companyId: string;
  /** The row's status and version when the workflow starts. */
  status: ArchitectState;
  seq: number;
  /** Longest model step (one or two model calls and the row write). */
  modelStepTimeoutMs: number;
  /** Heartbeat timeout of a model step: how soon a lost worker's step runs again elsewhere. */
  heartbeatMs: number;
  /** Attempts of a model step that fails (provider errors after the gateway's own fallbacks). */
  modelAttempts: number;
  /** Attempts of the provisioning transaction (a refusal is never retried). */
  provisionAttempts: number;
  /** The workflow ends after this long without a call. */
  idleMs: number;
}

export interface ActorArgs {
  userId: string | null;
}
export interface ReviseArgs extends ActorArgs {
  title?: string;
  requirements?: Record<string, unknown>;
}
export interface DialogueArgs extends ActorArgs {
  answers: Record<string, string>;
}
export interface RejectArgs extends ActorArgs {
  reason: string | null;
}
export interface ArchitectUpdateResult {
  status: ArchitectState;
  generatedIds?: Record<string, unknown>;
}

export const reviseSession = defineUpdate<ArchitectUpdateResult, [ReviseArgs]>('revise');
export const analyzeSession = defineUpdate<ArchitectUpdateResult, [ActorArgs]>('analyze');
export const answerSession = defineUpdate<ArchitectUpdateResult, [DialogueArgs]>('dialogue');
export const generateProposal = defineUpdate<ArchitectUpdateResult, [ActorArgs]>('generate');
export const rejectProposal = defineUpdate<ArchitectUpdateResult, [RejectArgs]>('reject');
export const acceptProposal = defineUpdate<ArchitectUpdateResult, [ActorArgs]>('accept');
export const transferSession = defineUpdate<ArchitectUpdateResult, [ActorArgs]>('transfer');
export const architectStatus = defineQuery<ArchitectState>('status');

/** Failure types of a refused or failed Update, read by services/architect. */
export const ARCHITECT_UPDATE_FAILURES = { invalidState: 'ArchitectInvalidState', proposalInvalid: 'ArchitectProposalInvalid' } as const;

export async function architectSessionWorkflow(input: ArchitectWorkflowInput): Promise<ArchitectState> {
  const rows = proxyActivities<ArchitectActivities>({
    startToCloseTimeout: '30 seconds',
    // A database outage must not lose a transition: keep retrying, backing off to once a minute.
    retry: { initialInterval: '1 second', maximumInterval: '1 minute', backoffCoefficient: 2 },
  });
  const model = proxyActivities<ArchitectActivities>({
    startToCloseTimeout: input.modelStepTimeoutMs,
    heartbeatTimeout: input.heartbeatMs,
    retry: { initialInterval: '1 second', maximumInterval: '30 seconds', backoffCoefficient: 2, maximumAttempts: input.modelAttempts },
  });
  const provisioning = proxyActivities<ArchitectActivities>({
    startToCloseTimeout: '2 minutes',
    retry: { initialInterval: '1 second', maximumInterval: '30 seconds', backoffCoefficient: 2, maximumAttempts: input.provisionAttempts },
  });

  let status: ArchitectState = input.status;
  let seq = input.seq;
  let busy = false;
  let calls = 0;
  const { sessionId, companyId } = input;
  const next = () => ++seq;

  const allowed =
    <A>(operation: ArchitectOperation) =>
    (_args?: A): void => {
    const why = busy ? `Invalid state: another operation is running on this session (${status})` : refusal(operation, status);
    if (why) throw ApplicationFailure.create({ message: why, type: ARCHITECT_UPDATE_FAILURES.invalidState, nonRetryable: true });
  };
  /** Marks the workflow busy before the first await (a racing call's validator sees it). */
  const exclusive = <T>(body: () => Promise<T>): Promise<T> => {
    busy = true;
    calls++;
    return body().finally(() => {
      busy = false;
    });
  };
  /** Moves to `state` and writes it. */
  const move = async (state: ArchitectState) => {
    status = state;
    await rows.architectMirror({ sessionId, seq: next(), status: state });
  };
  /** Runs a model step after `during`; on failure the session goes back to `before` and the failure goes to the caller. */
  const modelStep = async <T>(before: ArchitectState, during: ArchitectState | null, step: () => Promise<T>): Promise<T> => {
    await rows.architectPreflight({ sessionId });
    if (during) await move(during);
    try {
      return await step();
    } catch (err) {
      if (during) await move(before);
      throw err;
    }
  };

  setHandler(architectStatus, () => status);

  setHandler(
    reviseSession,
    ({ title, requirements }) =>
      exclusive(async () => {
        status = 'INPUT';
        await rows.architectRevise({ sessionId, seq: next(), title, requirements });
        return { status };
      }),
    { validator: allowed<ReviseArgs>('revise') },
  );

  setHandler(
    analyzeSession,
    ({ userId }) =>
      exclusive(async () => {
        const out = await modelStep('INPUT', 'ANALYZING', () => model.architectAnalyze({ sessionId, seq: next(), userId }));
        status = out.status;
        return { status };
      }),
    { validator: allowed<ActorArgs>('analyze') },
  );

  setHandler(
    answerSession,
    ({ userId, answers }) =>
      exclusive(async () => {
        const out = await modelStep('DIALOGUE', null, () => model.architectDialogue({ sessionId, seq: next(), userId, answers }));
        status = out.status;
        return { status };
      }),
    {
      validator: (args) => {
        allowed<DialogueArgs>('dialogue')(args);
        if (!args?.answers || !Object.keys(args.answers).length) {
          throw ApplicationFailure.create({ message: 'Invalid body: at least one answer is required', type: ARCHITECT_UPDATE_FAILURES.invalidState, nonRetryable: true });
        }
      },
    },
  );

  setHandler(
    generateProposal,
    ({ userId }) =>
      exclusive(async () => {
        const out: GenerateOutcome = await modelStep(status, 'GENERATING', () => model.architectGenerate({ sessionId, seq: next(), userId }));
        status = out.status;
        if (!out.ok) {
          throw ApplicationFailure.create({
            message: `Proposal failed scaffold validation: ${out.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')}`,
            type: ARCHITECT_UPDATE_FAILURES.proposalInvalid,
            nonRetryable: true,
            details: [out.issues],
          });
        }
        return { status };
      }),
    { validator: allowed<ActorArgs>('generate') },
  );

  setHandler(
    rejectProposal,
    ({ userId, reason }) =>
      exclusive(async () => {
        await provisioning.architectReject({ sessionId, companyId, seq: next(), userId, reason });
        status = 'REJECTED';
        return { status };
      }),
    { validator: allowed<RejectArgs>('reject') },
  );

  const accept = ({ userId }: ActorArgs) =>
    exclusive(async () => {
      const generatedIds = await provisioning.architectProvision({ sessionId, companyId, seq: next(), userId });
      status = 'ACCEPTED';
      return { status, generatedIds };
    });
  setHandler(acceptProposal, accept, { validator: allowed<ActorArgs>('accept') });
  // Transfer accepts a PROPOSAL_READY session first; an ACCEPTED session's workflow is ending (or
  // has ended: the service then answers its transfer from the row).
  setHandler(transferSession, (args) => (status === 'ACCEPTED' ? Promise.resolve({ status }) : accept(args)), { validator: allowed<ActorArgs>('transfer') });

  for (;;) {
    const seen = calls;
    const called = await condition(() => calls !== seen || FINAL_STATES.has(status), input.idleMs);
    if (FINAL_STATES.has(status)) break;
    if (!called && !busy) break;
  }
  await condition(allHandlersFinished);
  return status;
}
