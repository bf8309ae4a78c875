import { z } from 'zod';
import { createToolBody, updateToolBody } from '../../services/mcp/custom-tools';
import { errorSchema, idParams } from '../schemas/common';
import { type AuthRule, defineRoute } from './define';

/**
 * Management of a company's custom and chain MCP tools (the spec does not show these endpoints;
 * docs/API.md documents the shapes), and the record of a chain run. A session or a FULL_ACCESS
 * gateway key; every prompt named must be visible to the caller; changing or deleting a tool takes
 * its creator or a company admin. Tool ids or names both work in paths.
 */
const manage: AuthRule = { accept: ['session', 'gateway_key'], keyTypes: ['FULL_ACCESS'] };
const tags = ['MCP tools'];

const toolSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(['custom', 'chain']),
    isActive: z.boolean(),
    steps: z.array(z.object({ position: z.number(), promptId: z.string().nullable(), name: z.string().nullable() })),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('McpTool');
const one = z.object({ success: z.literal(true), tool: toolSchema });
const notFound = { description: 'TOOL_NOT_FOUND, or PROMPT_NOT_FOUND for a prompt named in the body', schema: errorSchema };

export const mcpToolRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/v1/mcp/tools',
    summary: 'Publish a stored prompt as a custom tool, or an ordered list of stored prompts as a chain tool',
    tags,
    auth: manage,
    body: createToolBody,
    responses: {
      201: { description: 'Created', schema: one },
      400: { description: 'Invalid body', schema: errorSchema },
      404: notFound,
      409: { description: 'DUPLICATE_TOOL_NAME', schema: errorSchema },
    },
    async handler(ctx, { principal, body }) {
      ctx.status = 201;
      return { success: true, tool: await ctx.services.mcpTools.create(principal, body) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/mcp/tools',
    summary: "The company's custom and chain tools (tools/list shows a key only those it can run)",
    tags,
    auth: manage,
    responses: { 200: { description: 'Tools', schema: z.object({ success: z.literal(true), tools: z.array(toolSchema) }) } },
    handler: async (ctx, { principal }) => ({ success: true, tools: await ctx.services.mcpTools.list(principal) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/mcp/tools/:id',
    summary: 'One tool (id or name)',
    tags,
    auth: manage,
    params: idParams,
    responses: { 200: { description: 'Tool', schema: one }, 404: notFound },
    handler: async (ctx, { principal, params }) => ({ success: true, tool: await ctx.services.mcpTools.get(principal, params.id) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/mcp/tools/:id',
    summary: 'Change the description, isActive, the prompt (custom) or the steps (chain)',
    tags,
    auth: manage,
    params: idParams,
    body: updateToolBody,
    responses: {
      200: { description: 'Updated', schema: one },
      400: { description: 'Invalid body', schema: errorSchema },
      403: { description: 'TOOL_EDIT_FORBIDDEN', schema: errorSchema },
      404: notFound,
    },
    handler: async (ctx, { principal, params, body }) => ({ success: true, tool: await ctx.services.mcpTools.update(principal, params.id, body) }),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/v1/mcp/tools/:id',
    summary: 'Delete a tool (its chain runs stay)',
    tags,
    auth: manage,
    params: idParams,
    responses: {
      200: { description: 'Deleted', schema: z.object({ success: z.literal(true), id: z.string(), name: z.string(), deleted: z.literal(true) }) },
      403: { description: 'TOOL_EDIT_FORBIDDEN', schema: errorSchema },
      404: notFound,
    },
    handler: async (ctx, { principal, params }) => ({ success: true, ...(await ctx.services.mcpTools.remove(principal, params.id)) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/mcp/chain-runs/:id',
    summary: 'A chain run (workflow chain:<runId>): status, pinned step versions, outputs',
    tags,
    auth: { accept: ['session', 'gateway_key'] },
    params: idParams,
    responses: { 200: { description: 'Chain run' }, 404: { description: 'CHAIN_RUN_NOT_FOUND', schema: errorSchema } },
    handler: async (ctx, { principal, params }) => ({ success: true, run: await ctx.services.mcpChains.get(principal, params.id) }),
  }),
];
