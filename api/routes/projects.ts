import { z } from 'zod';
import { errorSchema, idParams } from '../schemas/common';
import { memberParams, projectBody, projectMemberBody, projectPatch, projectSchema } from '../schemas/projects';
import { type AuthRule, defineRoute } from './define';

/** Projects (chosen paths and bodies: docs/API.md, "Prompt library"). Session; keys may read. */
const read: AuthRule = { accept: ['session', 'gateway_key'] };
const write: AuthRule = { accept: ['session'] };
const one = z.object({ success: z.literal(true), project: projectSchema });
const notFound = { description: 'PROJECT_NOT_FOUND', schema: errorSchema };
const tags = ['Projects'];

export const projectRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/projects',
    summary: "The company's projects and their members",
    tags,
    auth: read,
    responses: { 200: { description: 'Projects', schema: z.object({ success: z.literal(true), projects: z.array(projectSchema) }) } },
    handler: async (ctx, { principal }) => ({ success: true, projects: await ctx.services.projects.list(principal) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/projects',
    summary: 'Create a project (the creator becomes an EDITOR)',
    tags,
    auth: write,
    body: projectBody,
    responses: { 201: { description: 'Created', schema: one }, 400: { description: 'Invalid body or unknown member', schema: errorSchema }, 409: { description: 'Name taken', schema: errorSchema } },
    async handler(ctx, { principal, body }) {
      const project = await ctx.services.projects.create(principal, body);
      ctx.status = 201;
      return { success: true, project };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/projects/:id',
    summary: 'One project',
    tags,
    auth: read,
    params: idParams,
    responses: { 200: { description: 'Project', schema: one }, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, project: await ctx.services.projects.get(principal, params.id) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/projects/:id',
    summary: 'Rename or describe a project (project EDITORs and company admins)',
    tags,
    auth: write,
    params: idParams,
    body: projectPatch,
    responses: { 200: { description: 'Updated', schema: one }, 403: { description: 'Not an editor', schema: errorSchema }, 404: notFound, 409: { description: 'Name taken', schema: errorSchema } },
    handler: async (ctx, { principal, params, body }) => ({ success: true, project: await ctx.services.projects.update(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/projects/:id',
    summary: 'Delete a project without repositories',
    tags,
    auth: write,
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) }, 404: notFound, 409: { description: 'PROJECT_NOT_EMPTY', schema: errorSchema } },
    async handler(ctx, { principal, params }) {
      await ctx.services.projects.remove(principal, params.id);
      return { success: true };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/projects/:id/members',
    summary: 'Add a member or change their role (EDITOR, VIEWER)',
    tags,
    auth: write,
    params: idParams,
    body: projectMemberBody,
    responses: { 200: { description: 'The project', schema: one }, 404: notFound },
    handler: async (ctx, { principal, params, body }) => ({ success: true, project: await ctx.services.projects.putMember(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/projects/:id/members/:userId',
    summary: 'Remove a member',
    tags,
    auth: write,
    params: memberParams,
    responses: { 200: { description: 'The project', schema: one }, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, project: await ctx.services.projects.removeMember(principal, params.id, params.userId) }),
  }),
];
