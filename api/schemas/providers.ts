import { z } from 'zod';
import { providerTypeSchema } from '../../domain/providers';

export const REGIONS = ['US', 'EU', 'UK', 'APAC', 'LATAM', 'ME', 'AF'] as const;
export const COUNTRIES = ['US', 'CA', 'UK', 'DE', 'FR', 'NL', 'IE', 'JP', 'AU', 'SG', 'IN', 'BR'] as const;
export const COMPLIANCE = ['GDPR', 'SOC2', 'HIPAA', 'ISO27001', 'PCI_DSS'] as const;

const modelSchema = z.object({
  name: z.string().trim().min(1),
  inputPricePerMillion: z.number().nonnegative().default(0).describe('USD per million input tokens'),
  outputPricePerMillion: z.number().nonnegative().default(0).describe('USD per million output tokens'),
  contextWindow: z.number().int().positive().nullable().default(null),
  supportsVision: z.boolean().default(false),
  specializations: z.array(z.string()).default([]),
});

const baseUrl = z
  .string()
  .url('baseUrl must be a URL')
  .refine((u) => /^https?:\/\//.test(u), 'baseUrl must be http or https');

const providerFields = {
  type: providerTypeSchema,
  name: z.string().trim().min(1).max(200),
  baseUrl: baseUrl.nullable().optional(),
  apiKey: z.string().min(1).describe('Stored encrypted (AES-256-GCM); never returned'),
  defaultModel: z.string().trim().min(1).optional(),
  models: z.array(modelSchema).optional(),
  specializations: z.array(z.string()).optional(),
  locationCountry: z.enum(COUNTRIES).nullable().optional(),
  locationNetwork: z.enum(REGIONS).nullable().optional().describe('Region'),
  compliance: z.array(z.enum(COMPLIANCE)).optional(),
  isActive: z.boolean().optional(),
  isDefault: z.boolean().optional(),
};

export const createProviderBody = z.object(providerFields).openapi('CreateProviderRequest');
export const updateProviderBody = z
  .object(providerFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update')
  .openapi('UpdateProviderRequest');

export const providerSchema = z
  .object({
    id: z.string(),
    type: providerTypeSchema,
    name: z.string(),
    baseUrl: z.string().nullable(),
    defaultModel: z.string(),
    models: z.array(modelSchema),
    specializations: z.array(z.string()),
    locationCountry: z.string().nullable(),
    locationNetwork: z.string().nullable(),
    compliance: z.array(z.string()),
    isActive: z.boolean(),
    isDefault: z.boolean(),
    credentialsSet: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Provider');

const groupFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullable().optional(),
  rotation: z.enum(['ROUND_ROBIN', 'SEQUENTIAL', 'RANDOM']).optional(),
  providerIds: z.array(z.string()).max(50),
  isActive: z.boolean().optional(),
};

export const createProviderGroupBody = z.object(groupFields).openapi('CreateProviderGroupRequest');
export const updateProviderGroupBody = z
  .object(groupFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update')
  .openapi('UpdateProviderGroupRequest');

export const providerGroupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    rotation: z.enum(['ROUND_ROBIN', 'SEQUENTIAL', 'RANDOM']),
    isActive: z.boolean(),
    providerIds: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('ProviderGroup');
