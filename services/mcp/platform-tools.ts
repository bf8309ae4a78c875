import { z } from 'zod';
import { CHECK_TYPES } from '../../domain/security';
import type { Permission } from '../../domain/roles';
import { USAGE_PERIOD } from './usage';

/**
 * The five platform tools of spec document 1: their argument schemas (zod, published as JSON
 * Schema in tools/list), descriptions, and the permission a key needs to run each (tools/list
 * omits the others). The runs are in dispatch.ts / tool-runs.ts.
 */
const str = (d: string) => z.string().min(1).describe(d);

export const PLATFORM_TOOLS = {
  execute_prompt: {
    description: "Run a prompt through the Gatehouse gateway (the company's routing policy, PII protection, records). policyId falls back to the company default.",
    permission: 'gateway.execute' as Permission,
    args: z.object({
      prompt: str('The prompt text'),
      systemPrompt: z.string().optional().describe('System prompt'),
      model: z.string().min(1).optional().describe('A model the company can route to'),
      policyId: z.string().min(1).optional().describe('Routing policy; default: the company default'),
      projectId: z.string().min(1).optional().describe('Project the execution is recorded under'),
    }),
  },
  execute_stored_prompt: {
    description: 'Run a stored prompt (its production version, or versionId) with variables substituted into its {{variable}} placeholders.',
    permission: 'gateway.execute' as Permission,
    args: z.object({
      promptId: str('Public promptId or database id of the stored prompt'),
      variables: z.record(z.string(), z.unknown()).optional().describe('Values for the {{variable}} placeholders'),
      versionId: z.union([z.string().min(1), z.number().int().positive()]).optional().describe('Version id or number; default: the production version'),
      policyId: z.string().min(1).optional().describe("Overrides the stored prompt's routing policy"),
    }),
  },
  get_routing_advisory: {
    description: 'Where a prompt would be routed (provider, model, fallbacks, policy) without calling any provider (a DRY_RUN).',
    permission: 'gateway.execute' as Permission,
    args: z.object({
      prompt: str('The prompt to route'),
      policyId: z.string().min(1).optional().describe('Routing policy; default: the company default'),
    }),
  },
  check_security: {
    description: 'Scan a text for prompt injection, jailbreaks, data extraction, suspicious words and size anomalies.',
    permission: null,
    args: z.object({
      prompt: str('The text to scan'),
      checkTypes: z.array(z.enum(CHECK_TYPES)).min(1).optional().describe('Default: all of them'),
    }),
  },
  query_usage: {
    description: "The company's executions, tokens and cost over a period, optionally for one project.",
    permission: 'usage.view' as Permission,
    args: z.object({
      period: z.string().regex(USAGE_PERIOD, 'today, week, month, quarter or YYYY-MM-DD/YYYY-MM-DD').default('month').describe('today, week, month, quarter or YYYY-MM-DD/YYYY-MM-DD; default month'),
      projectId: z.string().min(1).optional().describe('Default: company-wide'),
    }),
  },
} as const;

export type PlatformToolName = keyof typeof PLATFORM_TOOLS;

export function isPlatformTool(name: string): name is PlatformToolName {
  return Object.hasOwn(PLATFORM_TOOLS, name);
}

/** The JSON Schema of a zod object, as MCP's inputSchema (an object schema without $schema). */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'input' }) as Record<string, unknown>;
  return rest;
}

let cached: Array<{ name: PlatformToolName; description: string; inputSchema: Record<string, unknown>; permission: Permission | null }> | null = null;

/** The platform tools with their JSON Schemas, built once. */
export function platformToolList() {
  cached ??= (Object.keys(PLATFORM_TOOLS) as PlatformToolName[]).map((name) => ({
    name,
    description: PLATFORM_TOOLS[name].description,
    inputSchema: jsonSchemaOf(PLATFORM_TOOLS[name].args),
    permission: PLATFORM_TOOLS[name].permission,
  }));
  return cached;
}
