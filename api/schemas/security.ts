import { z } from 'zod';
import { CHECK_TYPES, PROTECTIVE_PROMPT_TYPES } from '../../domain/security';
import { SECURITY_MODES } from '../../domain/security/modes';

/**
 * Security checks and protective prompts (issue 20): the scan endpoint, the company's default
 * security mode, and the SUPER_ADMIN-only protective prompt records and assignments.
 */
export const scanBody = z
  .object({
    prompt: z.string().min(1).max(1_000_000).describe('the text to scan'),
    checkTypes: z.array(z.enum(CHECK_TYPES)).min(1).optional().describe('default: all five'),
    source: z.enum(['prompt', 'document', 'tool']).optional().describe('where the text comes from (default prompt): instructions weigh more in documents and tool results'),
  })
  .openapi('SecurityScanRequest');

const finding = z.object({ rule: z.string(), start: z.number(), end: z.number(), evidence: z.string() });
export const scanResponse = z
  .object({
    success: z.literal(true),
    passed: z.boolean(),
    verdict: z.enum(['pass', 'fail']),
    score: z.number(),
    failed: z.array(z.enum(CHECK_TYPES)),
    checks: z.array(z.object({ type: z.enum(CHECK_TYPES), passed: z.boolean(), score: z.number(), findings: z.array(finding) })),
    version: z.string(),
  })
  .openapi('SecurityScanResult');

export const settingsBody = z.object({ mode: z.enum(SECURITY_MODES) }).openapi('SecuritySettings');
export const settingsResponse = z.object({ success: z.literal(true), settings: settingsBody });

export const protectivePromptSchema = z
  .object({
    id: z.string(),
    type: z.enum(PROTECTIVE_PROMPT_TYPES),
    name: z.string(),
    description: z.string().nullable(),
    content: z.string(),
    version: z.number(),
    isActive: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('ProtectivePrompt');

export const protectivePromptCreateBody = z
  .object({
    type: z.enum(PROTECTIVE_PROMPT_TYPES),
    name: z.string().trim().min(1).max(200).optional().describe('default: the type\'s display name'),
    description: z.string().max(2000).nullable().optional(),
    content: z.string().trim().min(1).max(20_000).optional().describe("default: the built-in text of the type (version 1)"),
    isActive: z.boolean().optional(),
  })
  .openapi('ProtectivePromptCreate');

export const protectivePromptPatchBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).nullable().optional(),
    content: z.string().trim().min(1).max(20_000).optional().describe('a changed text is a new version'),
    isActive: z.boolean().optional(),
  })
  .openapi('ProtectivePromptPatch');

export const assignmentBody = z
  .object({
    targetType: z.enum(['routing_policy', 'api_key']),
    targetId: z.string().min(1),
    protectivePromptId: z.string().min(1).nullable().describe('null removes the assignment'),
  })
  .openapi('ProtectivePromptAssignment');

export const assignmentRecord = z.object({
  id: z.string(),
  protectivePromptId: z.string(),
  targetType: z.enum(['routing_policy', 'api_key']),
  targetId: z.string(),
  createdAt: z.string(),
});
