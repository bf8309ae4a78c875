import { type Role, roleHas } from '../roles';

/**
 * Who may see a stored prompt (spec document 2, "Visibility rules for listing"), as one pure
 * predicate over the prompt, the viewer and the viewer's team memberships. The same predicate
 * decides get, execution (gateway metadata.promptId), test sets and test runs; the list's SQL
 * twin (services/prompts) must agree with it, which the integration tests check on one matrix.
 *
 * 1. A signed-in user sees their own prompts, PUBLIC prompts, SHARED prompts with no share list,
 *    and SHARED prompts shared with them or one of their (active) teams. Account owners and
 *    admins of the owning company see all its prompts.
 * 2. A gateway key sees exactly what its owner would see in a session.
 * 3. An external key with read:prompts sees all company prompts; with read:own-prompts only the
 *    prompts that key created.
 * 4. Only the role held in the owning company counts, and a membership the user was deactivated
 *    in grants nothing (not even their own prompts).
 *
 * Another company's prompt is never visible, whatever the role: callers answer it as 404.
 */
export const PROMPT_VISIBILITIES = ['PRIVATE', 'SHARED', 'PUBLIC'] as const;
export type PromptVisibility = (typeof PROMPT_VISIBILITIES)[number];

export interface PromptAccessFacts {
  companyId: string;
  visibility: PromptVisibility;
  createdByUserId: string | null;
  createdByApiKeyId: string | null;
  sharedWithUserIds: readonly string[];
  sharedWithTeamIds: readonly string[];
}

/** A user in one company: a session, or a gateway key acting for its owner. */
export interface UserViewer {
  kind: 'user';
  companyId: string;
  userId: string;
  /** The role held in companyId (never another company's). Null: not a member. */
  role: Role | null;
  /** False when the membership in companyId was deactivated. */
  membershipActive: boolean;
  /** Teams of companyId the user is an active member of. */
  teamIds: readonly string[];
}

export interface ExternalKeyViewer {
  kind: 'external_key';
  companyId: string;
  apiKeyId: string;
  scopes: readonly string[];
}

export type PromptViewer = UserViewer | ExternalKeyViewer;

/** Sees every prompt of its company (rule 1's owners and admins; a permission, not role names). */
export function isPromptAdmin(viewer: PromptViewer): boolean {
  return viewer.kind === 'user' && viewer.membershipActive && viewer.role !== null && roleHas(viewer.role, 'prompts.admin');
}

export function canSeePrompt(prompt: PromptAccessFacts, viewer: PromptViewer): boolean {
  if (prompt.companyId !== viewer.companyId) return false;
  if (viewer.kind === 'external_key') {
    if (viewer.scopes.includes('read:prompts')) return true;
    return viewer.scopes.includes('read:own-prompts') && prompt.createdByApiKeyId === viewer.apiKeyId;
  }
  if (!viewer.membershipActive || viewer.role === null) return false;
  if (roleHas(viewer.role, 'prompts.admin')) return true;
  if (prompt.createdByUserId !== null && prompt.createdByUserId === viewer.userId) return true;
  if (prompt.visibility === 'PUBLIC') return true;
  if (prompt.visibility !== 'SHARED') return false;
  if (!prompt.sharedWithUserIds.length && !prompt.sharedWithTeamIds.length) return true;
  if (prompt.sharedWithUserIds.includes(viewer.userId)) return true;
  return prompt.sharedWithTeamIds.some((t) => viewer.teamIds.includes(t));
}

/**
 * May change the prompt (update, deactivate, delete, move the production label): its creator or a
 * prompt admin of the owning company, with an active membership. Test sets are open to anyone who
 * can see the prompt (spec: "answer only people who can open the prompt").
 */
export function canEditPrompt(prompt: PromptAccessFacts, viewer: PromptViewer): boolean {
  if (viewer.kind !== 'user' || !canSeePrompt(prompt, viewer)) return false;
  return isPromptAdmin(viewer) || (prompt.createdByUserId !== null && prompt.createdByUserId === viewer.userId);
}
