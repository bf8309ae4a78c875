import { z } from 'zod';
import { createSessionBody, dialogueBody, listSessionsQuery, patchSessionBody, rejectBody } from '../../services/architect/requests';
import { architectSessionAnswer, architectSessionSchema } from '../schemas/architect';
import { errorSchema, idParams } from '../schemas/common';
import { type AuthRule, defineRoute } from './define';

/**
 * Architect sessions (spec document 3): session authentication, every route scoped to the caller's
 * company (another company's session is 404). The service sends each state change to the session's
 * workflow as an Update (services/architect/sessions.ts); the spec's errors: 400 invalid state or
 * body, 404, 422 proposal failed scaffold validation, 503 provider preflight failed.
 */
const sessions: AuthRule = { accept: ['session'] };
const tags = ['Architect sessions'];
const base = '/api/v1/architect/sessions';
const e400 = { 400: { description: 'Invalid state or body (ARCHITECT_INVALID_STATE, BAD_REQUEST)', schema: errorSchema } };
const e404 = { 404: { description: 'Session not found in the caller\u2019s company', schema: errorSchema } };
const e503 = { 503: { description: 'Provider preflight failed (ARCHITECT_PREFLIGHT_FAILED) or the model call failed after retries', schema: errorSchema } };
const ok = (description: string) => ({ 200: { description, schema: architectSessionAnswer } });

export const architectRoutes = [
  defineRoute({
    method: 'post',
    path: base,
    summary: 'Create a session from a description and/or a file\u2019s text (status INPUT)',
    tags,
    auth: sessions,
    body: createSessionBody,
    responses: { 201: { description: '{success, session}', schema: architectSessionAnswer }, ...e400 },
    async handler(ctx, { principal, body }) {
      const out = await ctx.services.architect.create(principal, body);
      ctx.status = 201;
      return out;
    },
  }),
  defineRoute({
    method: 'get',
    path: base,
    summary: 'List the company\u2019s sessions (newest first)',
    tags,
    auth: sessions,
    query: listSessionsQuery,
    responses: {
      200: {
        description: 'Sessions and pagination',
        schema: z.object({ sessions: z.array(architectSessionSchema), pagination: z.object({ total: z.number(), limit: z.number(), offset: z.number(), hasMore: z.boolean() }) }),
      },
      ...e400,
    },
    handler: (ctx, { principal, query }) => ctx.services.architect.list(principal, query),
  }),
  defineRoute({
    method: 'get',
    path: `${base}/:id`,
    summary: 'The stored workflow record',
    tags,
    auth: sessions,
    params: idParams,
    responses: { 200: { description: 'The session', schema: architectSessionSchema }, ...e404 },
    handler: (ctx, { principal, params }) => ctx.services.architect.get(principal, params.id),
  }),
  defineRoute({
    method: 'patch',
    path: `${base}/:id`,
    summary: 'Change title and/or requirements (INPUT or DIALOGUE); back to INPUT with analysis, dialogue, proposal and generated ids cleared',
    tags,
    auth: sessions,
    params: idParams,
    body: patchSessionBody,
    responses: { ...ok('{success, session}'), ...e400, ...e404 },
    handler: (ctx, { principal, params, body }) => ctx.services.architect.revise(principal, params.id, body),
  }),
  defineRoute({
    method: 'delete',
    path: `${base}/:id`,
    summary: 'Delete the session (hard delete within the company)',
    tags,
    auth: sessions,
    params: idParams,
    responses: { 200: { description: '{success: true}', schema: z.object({ success: z.literal(true) }) }, ...e404 },
    handler: (ctx, { principal, params }) => ctx.services.architect.remove(principal, params.id),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/:id/analyze`,
    summary: 'Analyse the requirements (INPUT → DIALOGUE); a model answer that cannot be read gives a minimal analysis',
    tags,
    auth: sessions,
    params: idParams,
    responses: { ...ok('{success, session} with analysis'), ...e400, ...e404, ...e503 },
    handler: (ctx, { principal, params }) => ctx.services.architect.analyze(principal, params.id),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/:id/dialogue`,
    summary: 'Answer questions (DIALOGUE); the response status is DIALOGUE or GENERATING',
    tags,
    auth: sessions,
    params: idParams,
    body: dialogueBody,
    responses: { ...ok('{success, status, session}'), ...e400, ...e404, ...e503 },
    handler: (ctx, { principal, params, body }) => ctx.services.architect.dialogue(principal, params.id, body.answers),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/:id/generate`,
    summary: 'Generate the proposal (DIALOGUE or GENERATING → PROPOSAL_READY; failing validation → DIALOGUE and 422)',
    tags,
    auth: sessions,
    params: idParams,
    responses: {
      ...ok('{success, session} with the proposal'),
      ...e400,
      ...e404,
      422: { description: 'Proposal failed scaffold validation: details lists the issues (also in analysis.conflicts.qualityIssues); status DIALOGUE', schema: errorSchema },
      ...e503,
    },
    handler: (ctx, { principal, params }) => ctx.services.architect.generate(principal, params.id),
  }),
  defineRoute({
    method: 'get',
    path: `${base}/:id/proposal`,
    summary: 'The proposal, the status, and what was provisioned when ACCEPTED',
    tags,
    auth: sessions,
    params: idParams,
    responses: {
      200: { description: '{success, status, proposal, provisioned}', schema: z.object({ success: z.literal(true), status: z.string(), proposal: z.record(z.string(), z.unknown()) }).passthrough() },
      400: { description: 'No proposal exists (ARCHITECT_NO_PROPOSAL)', schema: errorSchema },
      ...e404,
    },
    handler: (ctx, { principal, params }) => ctx.services.architect.proposal(principal, params.id),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/:id/reject`,
    summary: 'Reject the proposal (PROPOSAL_READY → REJECTED); the reason goes into the dialogue history',
    tags,
    auth: sessions,
    params: idParams,
    body: rejectBody.optional(),
    responses: { ...ok('{success, session}'), ...e400, ...e404 },
    handler: (ctx, { principal, params, body }) => ctx.services.architect.reject(principal, params.id, body?.reason),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/:id/accept`,
    summary: 'Accept the proposal and provision it in one transaction (PROPOSAL_READY → ACCEPTED)',
    tags,
    auth: sessions,
    params: idParams,
    responses: { ...ok('{success, generatedIds, session}'), ...e400, ...e404, 409: { description: 'A provisioned name or prompt content already exists; nothing was created', schema: errorSchema } },
    handler: (ctx, { principal, params }) => ctx.services.architect.accept(principal, params.id),
  }),
  defineRoute({
    method: 'post',
    path: `${base}/:id/transfer`,
    summary: 'The linked project (ACCEPTED; a PROPOSAL_READY session is accepted first)',
    tags,
    auth: sessions,
    params: idParams,
    responses: {
      200: { description: '{success, project, generatedIds, session}', schema: z.object({ success: z.literal(true), project: z.record(z.string(), z.unknown()) }).passthrough() },
      ...e400,
      ...e404,
    },
    handler: (ctx, { principal, params }) => ctx.services.architect.transfer(principal, params.id),
  }),
];
