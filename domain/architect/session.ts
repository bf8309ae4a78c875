/**
 * The architect session's state machine (spec document 3, "Architect session"): its states, which
 * operation each state allows, and the requirements it starts from. Pure: the workflow
 * (workflows/architect.ts) uses it in its Update validators, the service (services/architect) to
 * answer a session whose workflow has ended, so both refuse a wrong-state call with the same words.
 */
export const ARCHITECT_STATES = ['INPUT', 'ANALYZING', 'DIALOGUE', 'GENERATING', 'PROPOSAL_READY', 'ACCEPTED', 'REJECTED'] as const;
export type ArchitectState = (typeof ARCHITECT_STATES)[number];

export const SECURITY_LEVELS = ['basic', 'standard', 'high', 'critical'] as const;
export type SecurityLevel = (typeof SECURITY_LEVELS)[number];

/** The requirements object of the spec; description or fileContent is present. */
export interface ArchitectRequirements {
  description?: string;
  fileContent?: string;
  industry?: string;
  useCase?: string;
  securityLevel?: SecurityLevel;
  providers?: string[];
  targetFramework?: string;
  frameworkDetails?: string;
}

/** Every operation that moves a session, with the states it is allowed in (the spec's transition table). */
export const ARCHITECT_OPERATIONS = {
  revise: ['INPUT', 'DIALOGUE'],
  analyze: ['INPUT'],
  dialogue: ['DIALOGUE'],
  generate: ['DIALOGUE', 'GENERATING'],
  reject: ['PROPOSAL_READY'],
  accept: ['PROPOSAL_READY'],
  transfer: ['PROPOSAL_READY', 'ACCEPTED'],
} as const satisfies Record<string, readonly ArchitectState[]>;
export type ArchitectOperation = keyof typeof ARCHITECT_OPERATIONS;

/** States after which the workflow ends: nothing moves the session any more (transfer only reads). */
export const FINAL_STATES: ReadonlySet<ArchitectState> = new Set(['ACCEPTED', 'REJECTED']);

/** Why `operation` is refused in `state`, or null when it is allowed. */
export function refusal(operation: ArchitectOperation, state: ArchitectState): string | null {
  const allowed: readonly ArchitectState[] = ARCHITECT_OPERATIONS[operation];
  if (allowed.includes(state)) return null;
  return `Invalid state: ${operation} requires ${allowed.join(' or ')}, the session is ${state}`;
}

/**
 * Target frameworks that run agents with tools, for which the proposal must carry an MCP
 * architecture with tool metadata. The spec does not list framework values; these are the common
 * agent frameworks and protocols (docs/API.md says so).
 */
const AGENTIC = /(agent|mcp|langgraph|langchain|crew|autogen|semantic[\s_-]?kernel|llama[\s_-]?index|claude[\s_-]?code|cursor|swarm|tool)/i;

export function isAgenticFramework(targetFramework: string | undefined | null): boolean {
  return Boolean(targetFramework && AGENTIC.test(targetFramework));
}

/** Public session ids: `arch_<16 base-36 characters>` (randomness passed in: this module does no I/O). */
export function newArchitectSessionId(randomBytes: Uint8Array): string {
  const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
  if (randomBytes.length < 16) throw new Error('newArchitectSessionId needs 16 random bytes');
  let suffix = '';
  for (let i = 0; i < 16; i++) suffix += alphabet[randomBytes[i]! % alphabet.length];
  return `arch_${suffix}`;
}
