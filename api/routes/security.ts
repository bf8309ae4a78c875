import { z } from 'zod';
import { errorSchema, idParams } from '../schemas/common';
import {
  assignmentBody,
  assignmentRecord,
  protectivePromptCreateBody,
  protectivePromptPatchBody,
  protectivePromptSchema,
  scanBody,
  scanResponse,
  settingsBody,
  settingsResponse,
} from '../schemas/security';
import { type AuthRule, defineRoute } from './define';

/**
 * Security checks over HTTP (issue 20): POST /api/v1/security/scan (the check_security service),
 * the company's default security mode, and the protective prompts, which only a SUPER_ADMIN may
 * see or assign (services/security/protective-prompts.ts answers 403 to anyone else; the selector
 * answers an empty list instead, as the spec's "empty selectors").
 */
const keyOrSession = (permission?: AuthRule['permission']): AuthRule => ({ accept: ['session', 'gateway_key'], permission });
const superAdmin: AuthRule = { accept: ['session'] };
const one = z.object({ success: z.literal(true), protectivePrompt: protectivePromptSchema });
const forbidden = { description: 'Not a SUPER_ADMIN', schema: errorSchema };
const notFound = { description: 'Not found (or another company’s)', schema: errorSchema };

export const securityRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/security/scan',
    summary: 'Scan text for prompt injection, jailbreak, data extraction, suspicious words and size anomalies',
    description: 'The check_security service over HTTP. Every call is audited as security.check (rule names and offsets, never the text).',
    tags: ['Security'],
    auth: keyOrSession('gateway.execute'),
    bodyLimit: '2mb',
    body: scanBody,
    responses: { 200: { description: 'Scan result', schema: scanResponse }, 400: { description: 'Invalid arguments', schema: errorSchema }, 401: { description: 'Unauthorized', schema: errorSchema } },
    handler: async (ctx, { principal, body }) => ({ success: true, ...(await ctx.services.securityChecks.checkSecurity(principal, body, 'http')) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/security/settings',
    summary: "The company's default security mode (used when the routing policy sets none)",
    tags: ['Security'],
    auth: keyOrSession('routing.policies.view'),
    responses: { 200: { description: 'Settings', schema: settingsResponse } },
    handler: async (ctx, { principal }) => ({ success: true, settings: await ctx.services.securitySettings.get(principal.companyId) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/security/settings',
    summary: "Set the company's default security mode: off, monitor or block",
    tags: ['Security'],
    auth: keyOrSession('routing.policies.edit'),
    body: settingsBody,
    responses: { 200: { description: 'Settings', schema: settingsResponse }, 400: { description: 'Invalid mode', schema: errorSchema }, 403: { description: 'Missing permission', schema: errorSchema } },
    handler: async (ctx, { principal, body }) => ({ success: true, settings: await ctx.services.securitySettings.update(principal, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/security/protective-prompts/selector',
    summary: 'Protective prompts for selectors (policy, API key, schedule forms): empty for anyone but a SUPER_ADMIN',
    tags: ['Security'],
    auth: keyOrSession(),
    responses: {
      200: {
        description: 'Options',
        schema: z.object({ success: z.literal(true), options: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), version: z.number() })) }),
      },
    },
    handler: async (ctx, { principal }) => ({ success: true, options: await ctx.services.protectivePrompts.selector(principal) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/security/protective-prompts/assignments',
    summary: 'Which routing policies and API keys have a protective prompt (SUPER_ADMIN only)',
    tags: ['Security'],
    auth: superAdmin,
    responses: { 200: { description: 'Assignments', schema: z.object({ success: z.literal(true), assignments: z.array(assignmentRecord) }) }, 403: forbidden },
    handler: async (ctx, { principal }) => ({ success: true, assignments: await ctx.services.protectivePrompts.assignments(principal) }),
  }),
  defineRoute({
    method: 'put',
    path: '/api/v1/security/protective-prompts/assignments',
    summary: 'Assign a protective prompt to a routing policy or an API key, or remove it with protectivePromptId null (SUPER_ADMIN only)',
    tags: ['Security'],
    auth: superAdmin,
    body: assignmentBody,
    responses: {
      200: { description: 'Assigned', schema: z.object({ success: z.literal(true), assignment: assignmentBody }) },
      403: forbidden,
      404: notFound,
    },
    handler: async (ctx, { principal, body }) => ({ success: true, assignment: await ctx.services.protectivePrompts.assign(principal, body) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/security/protective-prompts',
    summary: "The company's protective prompts (SUPER_ADMIN only)",
    tags: ['Security'],
    auth: superAdmin,
    responses: { 200: { description: 'Protective prompts', schema: z.object({ success: z.literal(true), protectivePrompts: z.array(protectivePromptSchema) }) }, 403: forbidden },
    handler: async (ctx, { principal }) => ({ success: true, protectivePrompts: await ctx.services.protectivePrompts.list(principal) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/security/protective-prompts',
    summary: 'Create a protective prompt of one of the three types; version 1 (SUPER_ADMIN only)',
    tags: ['Security'],
    auth: superAdmin,
    body: protectivePromptCreateBody,
    responses: { 201: { description: 'Created', schema: one }, 400: { description: 'Invalid body', schema: errorSchema }, 403: forbidden, 409: { description: 'Name taken', schema: errorSchema } },
    async handler(ctx, { principal, body }) {
      const protectivePrompt = await ctx.services.protectivePrompts.create(principal, body);
      ctx.status = 201;
      return { success: true, protectivePrompt };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/security/protective-prompts/:id',
    summary: 'One protective prompt with its version list (SUPER_ADMIN only)',
    tags: ['Security'],
    auth: superAdmin,
    params: idParams,
    responses: { 200: { description: 'Protective prompt', schema: one }, 403: forbidden, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, protectivePrompt: await ctx.services.protectivePrompts.get(principal, params.id) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/security/protective-prompts/:id',
    summary: 'Change a protective prompt; a changed content is a new version (SUPER_ADMIN only)',
    tags: ['Security'],
    auth: superAdmin,
    params: idParams,
    body: protectivePromptPatchBody,
    responses: { 200: { description: 'Updated', schema: one }, 403: forbidden, 404: notFound, 409: { description: 'Name taken', schema: errorSchema } },
    handler: async (ctx, { principal, params, body }) => ({ success: true, protectivePrompt: await ctx.services.protectivePrompts.update(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/security/protective-prompts/:id',
    summary: 'Delete a protective prompt and its assignments (SUPER_ADMIN only)',
    tags: ['Security'],
    auth: superAdmin,
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) }, 403: forbidden, 404: notFound },
    async handler(ctx, { principal, params }) {
      await ctx.services.protectivePrompts.remove(principal, params.id);
      return { success: true };
    },
  }),
];
