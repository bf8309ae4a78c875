import { z } from 'zod';
import { errorSchema, idParams } from '../schemas/common';
import { memberParams, teamBody, teamMemberBody, teamPatch, teamSchema } from '../schemas/projects';
import { type AuthRule, defineRoute } from './define';

/**
 * Teams (chosen paths: docs/API.md). Team membership decides what SHARED prompts a user sees, so
 * changes take a company admin (users.manage); every member may list them.
 */
const read: AuthRule = { accept: ['session', 'gateway_key'] };
const admin: AuthRule = { accept: ['session'], permission: 'users.manage' };
const one = z.object({ success: z.literal(true), team: teamSchema });
const notFound = { description: 'TEAM_NOT_FOUND', schema: errorSchema };
const tags = ['Projects'];

export const teamRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/teams',
    summary: "The company's teams and their members",
    tags,
    auth: read,
    responses: { 200: { description: 'Teams', schema: z.object({ success: z.literal(true), teams: z.array(teamSchema) }) } },
    handler: async (ctx, { principal }) => ({ success: true, teams: await ctx.services.teams.list(principal) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/teams',
    summary: 'Create a team (company admins)',
    tags,
    auth: admin,
    body: teamBody,
    responses: { 201: { description: 'Created', schema: one }, 400: { description: 'Invalid body or unknown member', schema: errorSchema }, 409: { description: 'Name taken', schema: errorSchema } },
    async handler(ctx, { principal, body }) {
      const team = await ctx.services.teams.create(principal, body);
      ctx.status = 201;
      return { success: true, team };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/teams/:id',
    summary: 'One team',
    tags,
    auth: read,
    params: idParams,
    responses: { 200: { description: 'Team', schema: one }, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, team: await ctx.services.teams.get(principal, params.id) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/teams/:id',
    summary: 'Rename or describe a team',
    tags,
    auth: admin,
    params: idParams,
    body: teamPatch,
    responses: { 200: { description: 'Updated', schema: one }, 404: notFound, 409: { description: 'Name taken', schema: errorSchema } },
    handler: async (ctx, { principal, params, body }) => ({ success: true, team: await ctx.services.teams.update(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/teams/:id',
    summary: 'Delete a team (prompts shared with it no longer are)',
    tags,
    auth: admin,
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) }, 404: notFound },
    async handler(ctx, { principal, params }) {
      await ctx.services.teams.remove(principal, params.id);
      return { success: true };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/teams/:id/members',
    summary: 'Add a member, or set isActive of a member (a deactivated team membership shares nothing)',
    tags,
    auth: admin,
    params: idParams,
    body: teamMemberBody,
    responses: { 200: { description: 'The team', schema: one }, 400: { description: 'Not a company member', schema: errorSchema }, 404: notFound },
    handler: async (ctx, { principal, params, body }) => ({ success: true, team: await ctx.services.teams.putMember(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/teams/:id/members/:userId',
    summary: 'Remove a member',
    tags,
    auth: admin,
    params: memberParams,
    responses: { 200: { description: 'The team', schema: one }, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, team: await ctx.services.teams.removeMember(principal, params.id, params.userId) }),
  }),
];
