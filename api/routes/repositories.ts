import { z } from 'zod';
import { errorSchema, idParams } from '../schemas/common';
import { repositoryBody, repositoryPatch, repositoryQuery, repositorySchema } from '../schemas/projects';
import { type AuthRule, defineRoute } from './define';

/** Prompt repositories (chosen paths: docs/API.md). :id is the public repositoryId or the database id. */
const read: AuthRule = { accept: ['session', 'gateway_key'] };
const write: AuthRule = { accept: ['session'] };
const one = z.object({ success: z.literal(true), repository: repositorySchema });
const notFound = { description: 'REPOSITORY_NOT_FOUND', schema: errorSchema };
const tags = ['Projects'];

export const repositoryRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/repositories',
    summary: "The company's prompt repositories (optionally of one project)",
    tags,
    auth: read,
    query: repositoryQuery,
    responses: { 200: { description: 'Repositories', schema: z.object({ success: z.literal(true), repositories: z.array(repositorySchema) }) } },
    handler: async (ctx, { principal, query }) => ({ success: true, repositories: await ctx.services.repositories.list(principal, query) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/repositories',
    summary: 'Create a repository (public repositoryId repo_<suffix>)',
    tags,
    auth: write,
    body: repositoryBody,
    responses: { 201: { description: 'Created', schema: one }, 400: { description: 'Invalid body or UNKNOWN_PROJECT', schema: errorSchema }, 409: { description: 'Name taken', schema: errorSchema } },
    async handler(ctx, { principal, body }) {
      const repository = await ctx.services.repositories.create(principal, body);
      ctx.status = 201;
      return { success: true, repository };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/repositories/:id',
    summary: 'One repository',
    tags,
    auth: read,
    params: idParams,
    responses: { 200: { description: 'Repository', schema: one }, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, repository: await ctx.services.repositories.get(principal, params.id) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/repositories/:id',
    summary: 'Change a repository (its creator or a company admin)',
    tags,
    auth: write,
    params: idParams,
    body: repositoryPatch,
    responses: { 200: { description: 'Updated', schema: one }, 403: { description: 'Not the creator', schema: errorSchema }, 404: notFound, 409: { description: 'Name taken', schema: errorSchema } },
    handler: async (ctx, { principal, params, body }) => ({ success: true, repository: await ctx.services.repositories.update(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/repositories/:id',
    summary: 'Delete a repository that holds no prompts',
    tags,
    auth: write,
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: z.object({ success: z.literal(true) }) }, 404: notFound, 409: { description: 'REPOSITORY_NOT_EMPTY', schema: errorSchema } },
    async handler(ctx, { principal, params }) {
      await ctx.services.repositories.remove(principal, params.id);
      return { success: true };
    },
  }),
];
