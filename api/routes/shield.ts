import type { Context } from 'koa';
import { z } from 'zod';
import { errorSchema, idParams } from '../schemas/common';
import {
  handoffCreateBody,
  handoffCreateResponse,
  handoffRecord,
  handoffRestoreBody,
  handoffRestoreResponse,
  handoffSettings,
  handoffSettingsBody,
  leaverHold,
  leaverHoldBody,
  retentionBody,
  rotateBody,
  rotateResponse,
  scopeList,
  sensitivity,
  sensitivityBody,
} from '../schemas/shield';
import { type AuthRule, defineRoute } from './define';

/**
 * Protected handoff under /api/shield (spec document 2). Users: a session or a Shield API key with
 * shield.use, in a company whose plan includes Shield (403 FEATURE_NOT_IN_PACKAGE otherwise).
 * Stand-in keys, settings and leaver holds: company admins (shield.keys.manage) in a session.
 * Every answer is Cache-Control: no-store (files, restored text and originals must not be cached).
 */
const users: AuthRule = { accept: ['session', 'shield_key'], permission: 'shield.use' };
const admins: AuthRule = { accept: ['session'], permission: 'shield.keys.manage' };

const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');
const tags = ['Protected handoff'];
const common = {
  401: { description: 'Not signed in, or a credential this route does not take', schema: errorSchema },
  403: { description: 'FEATURE_NOT_IN_PACKAGE (no Shield in the plan), or a missing permission', schema: errorSchema },
};
const notFound = { 404: { description: 'NOT_FOUND: no such handoff of yours (another user’s, admins included, is not found either)', schema: errorSchema } };

export const shieldRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/shield/handoff',
    summary: 'Create a protected handoff: the prompt and files with stand-ins, ready for a vendor chat',
    description:
      'Files are renamed attachment-N.<ext>; docx and xlsx are rebuilt with stand-ins in place (or sent as attachment-N.md with keptAsText); a PDF becomes Markdown. Every personal value becomes a realistic stand-in with a short code. Counts toward the monthly Shield quota.',
    tags,
    auth: users,
    bodyLimit: '24mb',
    body: handoffCreateBody,
    responses: {
      201: { description: 'Created', schema: handoffCreateResponse },
      400: { description: 'EMPTY_PROMPT, TOO_MANY_FILES, BAD_FILE (fileIndex), BAD_RETENTION', schema: errorSchema },
      ...common,
      409: { description: 'SCOPE_ROTATED, STAND_IN_COLLISION (retry; nothing created), SURROGATE_KEY_CHANGED', schema: errorSchema },
      413: { description: 'TOO_LARGE (prompt over 200,000 characters or files over 13 MB), TOO_MANY_STAND_INS', schema: errorSchema },
      422: { description: 'UNREADABLE_FILE (fileIndex)', schema: errorSchema },
      429: { description: 'QUOTA_EXCEEDED {error, used, limit}', schema: errorSchema },
      502: { description: 'SANITIZER_FAILED', schema: errorSchema },
      503: { description: 'SURROGATE_KEY_UNAVAILABLE (the protection service is unreachable)', schema: errorSchema },
    },
    handler: async (ctx, { principal, body }) => {
      noStore(ctx);
      const created = await ctx.services.handoffs.create(principal, body);
      ctx.status = 201;
      return created;
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/shield/handoff/restore',
    summary: 'Restore an assistant answer: every stand-in found in the text becomes its original again',
    description: 'No handoff id is needed. Extends the life of each handoff whose stand-ins the text used. Counts toward the monthly Shield quota.',
    tags,
    auth: users,
    bodyLimit: '10mb',
    body: handoffRestoreBody,
    responses: {
      200: { description: 'Restored', schema: handoffRestoreResponse },
      400: { description: 'text missing', schema: errorSchema },
      ...common,
      413: { description: 'TOO_LARGE: more than 2,000,000 characters', schema: errorSchema },
      429: { description: 'QUOTA_EXCEEDED {error, used, limit}', schema: errorSchema },
      502: { description: 'SANITIZER_FAILED', schema: errorSchema },
      503: { description: 'SURROGATE_KEY_UNAVAILABLE', schema: errorSchema },
    },
    handler: (ctx, { principal, body }) => {
      noStore(ctx);
      return ctx.services.handoffs.restore(principal, body);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/shield/handoff',
    summary: "The caller's live handoffs, newest first (at most 100); no content or file names are stored",
    tags,
    auth: users,
    responses: { 200: { description: 'Handoffs', schema: z.object({ handoffs: z.array(handoffRecord) }) }, ...common },
    handler: (ctx, { principal }) => {
      noStore(ctx);
      return ctx.services.handoffs.list(principal);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/shield/handoff/settings',
    summary: "The company's handoff retention settings",
    tags,
    auth: users,
    responses: { 200: { description: 'Settings', schema: handoffSettings }, ...common },
    handler: async (ctx, { principal }) => {
      noStore(ctx);
      const s = await ctx.services.shieldSettings.get(principal.companyId);
      return { defaultDays: s.defaultDays, keepMaxDays: s.keepMaxDays, noLimitAllowed: s.noLimitAllowed };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/shield/handoff/settings',
    summary: 'Change the retention settings (company admins): defaultDays 1-30, keepMaxDays, noLimitAllowed',
    description: 'Applies to handoffs created, restored or changed from now on; existing deadlines stay until then.',
    tags,
    auth: admins,
    body: handoffSettingsBody,
    responses: { 200: { description: 'Settings', schema: handoffSettings }, 400: { description: 'Invalid body', schema: errorSchema }, ...common },
    handler: async (ctx, { principal, body }) => {
      noStore(ctx);
      const s = await ctx.services.shieldSettings.update(principal, body);
      return { defaultDays: s.defaultDays, keepMaxDays: s.keepMaxDays, noLimitAllowed: s.noLimitAllowed };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/shield/handoff/scopes',
    summary: "The company's stand-in scopes, their generations and keys (company admins, session only)",
    tags,
    auth: admins,
    responses: { 200: { description: 'Scopes', schema: scopeList }, ...common },
    handler: (ctx, { principal }) => {
      noStore(ctx);
      return ctx.services.shieldScopes.list(principal);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/shield/handoff/scopes/rotate',
    summary: 'Start a new stand-in generation: exactly one of {scopeId} or {keyId} (company admins, session only)',
    description:
      '{scopeId} rotates that scope; {keyId} rotates every company scope whose current stand-ins use that key (a scope renewed concurrently is skipped). Stand-ins already handed out keep working until their handoff expires. Audit-logged.',
    tags,
    auth: admins,
    body: rotateBody,
    responses: {
      200: { description: 'Rotated', schema: rotateResponse },
      400: { description: 'BAD_ROTATION_REQUEST', schema: errorSchema },
      ...common,
      404: { description: 'SCOPE_NOT_FOUND', schema: errorSchema },
      409: { description: 'SALT_ROTATION_CONFLICT, KEY_STILL_ACTIVE', schema: errorSchema },
      503: { description: 'SURROGATE_KEY_UNAVAILABLE', schema: errorSchema },
    },
    handler: (ctx, { principal, body }) => {
      noStore(ctx);
      return ctx.services.shieldScopes.rotate(principal, body);
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/shield/handoff/leavers/:userId',
    summary: 'Hold (or release) the handoffs of a member who left, so they are not deleted 30 days after leaving (company admins)',
    tags,
    auth: admins,
    params: z.object({ userId: z.string().min(1) }),
    body: leaverHoldBody,
    responses: { 200: { description: 'The hold', schema: leaverHold }, 400: { description: 'Invalid body', schema: errorSchema }, ...common, ...notFound },
    handler: (ctx, { principal, params, body }) => {
      noStore(ctx);
      return ctx.services.handoffs.holdLeaver(principal, params.userId, body.held);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/shield/handoff/:id',
    summary: 'One of your live handoffs',
    tags,
    auth: users,
    params: idParams,
    responses: { 200: { description: 'The handoff', schema: handoffRecord }, ...common, ...notFound },
    handler: (ctx, { principal, params }) => {
      noStore(ctx);
      return ctx.services.handoffs.get(principal, params.id);
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/shield/handoff/:id',
    summary: 'Change how long a handoff lives: KEEP, DEFAULT or NO_LIMIT',
    tags,
    auth: users,
    params: idParams,
    body: retentionBody,
    responses: {
      200: { description: 'The handoff', schema: handoffRecord },
      400: { description: 'BAD_RETENTION', schema: errorSchema },
      ...common,
      ...notFound,
      409: { description: "KEEP_LIMIT_REACHED: older than the company's keep maximum", schema: errorSchema },
    },
    handler: (ctx, { principal, params, body }) => {
      noStore(ctx);
      return ctx.services.handoffs.setRetention(principal, params.id, body);
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/api/shield/handoff/:id',
    summary: 'Delete a handoff: its original values are destroyed at once',
    tags,
    auth: users,
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ deleted: z.literal(true) }) }, ...common, ...notFound },
    handler: (ctx, { principal, params }) => {
      noStore(ctx);
      return ctx.services.handoffs.delete(principal, params.id);
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/shield/sensitivity',
    summary: "The company's detection profiles, sensitivity and handoff image policy",
    tags,
    auth: users,
    responses: { 200: { description: 'Sensitivity', schema: sensitivity }, ...common },
    handler: async (ctx, { principal }) => {
      const s = await ctx.services.shieldSettings.get(principal.companyId);
      return { handoffImagePolicy: s.handoffImagePolicy, profiles: s.profiles, sensitivity: s.sensitivity };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/api/shield/sensitivity',
    summary: 'Set the detection profiles, sensitivity (LOW, MEDIUM, HIGH) and handoffImagePolicy (THUMBNAIL or STRIP) (company admins)',
    tags,
    auth: admins,
    body: sensitivityBody,
    responses: { 200: { description: 'Sensitivity', schema: sensitivity }, 400: { description: 'Invalid body or unknown profile', schema: errorSchema }, ...common },
    handler: async (ctx, { principal, body }) => {
      const s = await ctx.services.shieldSettings.update(principal, body);
      return { handoffImagePolicy: s.handoffImagePolicy, profiles: s.profiles, sensitivity: s.sensitivity };
    },
  }),
];
