import { z } from 'zod';
import { providerTypeSchema } from '../../domain/providers';

/**
 * The input of an execution (POST /api/gateway/execute, and later the MCP and OpenAI-compatible
 * edges, which map their own wire formats onto it). It lives with the use case, not the HTTP edge:
 * the gateway service reads it, and api/schemas/gateway.ts names it for the OpenAPI document.
 */
/** Exactly as spec document 1 defines it. */
const messageSchema = z.object({
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string(),
});

const attachmentSchema = z.object({
  type: z.enum(['text', 'url', 'file', 'document', 'image']),
  content: z.string().optional(),
  url: z.string().optional(),
  fileId: z.string().optional(),
  fileName: z.string().optional(),
  mimeType: z.string().optional(),
  fileSize: z.number().nonnegative().optional(),
  data: z.string().optional().describe('base64'),
});

const taskCodesSchema = z.union([z.array(z.string().max(64)).max(20), z.string().max(20 * 65)]);

export const executeRequestSchema = z
  .object({
    prompt: z.string().default('').describe('required unless metadata.promptId names a stored prompt (whose content is then used)'),
    systemPrompt: z.string().optional(),
    messages: z.array(messageSchema).optional(),
    variables: z.record(z.string(), z.unknown()).optional(),
    providerType: providerTypeSchema.optional(),
    model: z.string().min(1).optional(),
    maxTokens: z.number().int().positive().optional(),
    temperature: z.number().min(0).max(2).optional(),
    metadata: z
      .object({
        projectId: z.string().optional(),
        promptId: z.string().optional().describe('a stored prompt (public promptId or database id): its production version runs'),
        promptVersionId: z.union([z.string(), z.number().int().positive()]).optional().describe('with promptId: run this version (id or number) instead of production'),
        chainId: z.string().optional(),
        chainExecutionId: z.string().optional(),
        agent: z.union([z.string(), z.boolean(), z.record(z.string(), z.unknown())]).optional(),
        telemetryMode: z.enum(['off', 'sampled', 'full']).optional(),
        taskCodes: taskCodesSchema.optional(),
      })
      .catchall(z.unknown())
      .optional(),
    policyId: z.string().optional(),
    policy: z.record(z.string(), z.unknown()).optional(),
    providerGroupId: z.string().optional(),
    rotation: z.enum(['ROUND_ROBIN', 'SEQUENTIAL', 'RANDOM']).optional(),
    customGatewayId: z.string().optional(),
    useClientCredentials: z.boolean().optional(),
    clientProvider: z
      .object({
        type: providerTypeSchema,
        apiKey: z.string().min(1),
        model: z.string().optional(),
        endpoint: z.string().url().optional(),
      })
      .optional(),
    attachments: z.array(attachmentSchema).max(20).optional(),
    resolveReferences: z.boolean().optional(),
    session_id: z.string().max(200).optional(),
    session_ttl: z.number().int().min(1).max(86_400).optional().describe('seconds; default 1800'),
    force_rotate: z.boolean().optional(),
    telemetry: z
      .object({
        mode: z.enum(['off', 'sampled', 'full']).optional(),
        sampleRate: z.number().min(0).max(1).optional(),
        force: z.boolean().optional(),
        enabled: z.boolean().optional(),
      })
      .optional(),
    sanitization: z
      .object({
        enabled: z.boolean().optional(),
        trigger: z.enum(['prompt', 'api', 'user_action']).optional(),
        profiles: z.array(z.string()).optional(),
        columnRules: z.unknown().optional(),
      })
      .optional(),
    executionMode: z
      .enum(['AUTONOMOUS', 'DRY_RUN', 'SUPERVISED'], {
        error: 'executionMode must be one of AUTONOMOUS, DRY_RUN, SUPERVISED',
      })
      .default('AUTONOMOUS'),
    specializations: z.array(z.string().max(64)).max(20).optional(),
    acknowledgeUnprotectedDocument: z.boolean().default(false),
    protectivePromptId: z
      .string()
      .max(100)
      .optional()
      .describe('a protective prompt to apply: ROLE_BOUNDARY_ENFORCER, DATA_EXFILTRATION_BLOCKER, STANDARD_INJECTION_GUARD (built-in) or a stored one\'s id'),
  })
  .refine((b) => b.prompt.length > 0 || b.metadata?.promptId !== undefined, { message: 'prompt is required', path: ['prompt'] })
  .refine((b) => !b.useClientCredentials || b.clientProvider, {
    message: 'clientProvider is required when useClientCredentials is true',
    path: ['clientProvider'],
  });

export type ExecuteRequest = z.output<typeof executeRequestSchema>;
