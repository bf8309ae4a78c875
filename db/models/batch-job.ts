import type { BatchStatus, QualityTier, SplitStrategy } from '../../domain/batch/types';
import { BaseModel } from './base';

export class BatchJob extends BaseModel {
  static override tableName = 'batch_jobs';
  static override jsonAttributes = ['metadata'];

  id!: string;
  companyId!: string;
  createdByUserId!: string | null;
  apiKeyId!: string | null;
  name!: string | null;
  status!: BatchStatus;
  totalItems!: number;
  completedItems!: number;
  failedItems!: number;
  skippedItems!: number;
  routingPolicyId!: string | null;
  providerHint!: string | null;
  requestedModel!: string | null;
  qualityTier!: QualityTier | null;
  splitStrategy!: SplitStrategy;
  sanitizationEnabled!: boolean;
  callbackUrl!: string | null;
  callbackSecretEncrypted!: string | null;
  metadata!: Record<string, unknown>;
  providerName!: string | null;
  providerModel!: string | null;
  estimatedCostUsd!: string | number | null;
  actualCostUsd!: string | number;
  inputTokensTotal!: string | number;
  outputTokensTotal!: string | number;
  errorMessage!: string | null;
  workflowId!: string;
  resultsTtlMs!: string | number;
  createdAt!: Date;
  updatedAt!: Date;
  startedAt!: Date | null;
  completedAt!: Date | null;
  expiresAt!: Date | null;
}

export class BatchSplit extends BaseModel {
  static override tableName = 'batch_splits';

  id!: string;
  batchId!: string;
  companyId!: string;
  position!: number;
  providerId!: string | null;
  providerType!: string;
  providerName!: string;
  providerModel!: string;
  facility!: 'NATIVE_OPENAI' | 'NATIVE_ANTHROPIC' | 'CONCURRENT';
  seqFrom!: number;
  seqTo!: number;
  itemCount!: number;
  status!: string;
  costUsd!: string | number;
  inputTokens!: string | number;
  outputTokens!: string | number;
  inputPricePerMillion!: string | number;
  outputPricePerMillion!: string | number;
  createdAt!: Date;
  updatedAt!: Date;
}

const iso = (d: Date | string | null) => (d === null || d === undefined ? null : new Date(d).toISOString());
const num = (v: string | number | null) => (v === null || v === undefined ? null : Number(v));

export function toBatchListEntry(j: BatchJob) {
  return {
    id: j.id,
    name: j.name,
    status: j.status,
    totalItems: j.totalItems,
    completedItems: j.completedItems,
    failedItems: j.failedItems,
    providerName: j.providerName,
    estimatedCostUSD: num(j.estimatedCostUsd),
    actualCostUSD: Number(j.actualCostUsd),
    createdAt: iso(j.createdAt)!,
    startedAt: iso(j.startedAt),
    completedAt: iso(j.completedAt),
  };
}

export function toSplitDto(s: BatchSplit) {
  return {
    id: s.id,
    providerName: s.providerName,
    providerModel: s.providerModel,
    itemCount: s.itemCount,
    status: s.status,
    costUSD: Number(s.costUsd),
  };
}

export function toBatchDetail(j: BatchJob, splits: BatchSplit[], progress: number) {
  return {
    batchId: j.id,
    name: j.name,
    status: j.status,
    totalItems: j.totalItems,
    completedItems: j.completedItems,
    failedItems: j.failedItems,
    progress,
    providerName: j.providerName,
    providerModel: j.providerModel,
    splitStrategy: j.splitStrategy,
    qualityTier: j.qualityTier,
    sanitizationEnabled: j.sanitizationEnabled,
    estimatedCostUSD: num(j.estimatedCostUsd),
    actualCostUSD: Number(j.actualCostUsd),
    inputTokensTotal: Number(j.inputTokensTotal),
    outputTokensTotal: Number(j.outputTokensTotal),
    createdAt: iso(j.createdAt)!,
    startedAt: iso(j.startedAt),
    completedAt: iso(j.completedAt),
    expiresAt: iso(j.expiresAt),
    errorMessage: j.errorMessage,
    splits: splits.map(toSplitDto),
    metadata: j.metadata,
  };
}

/** One row of batch_items as read for results (raw knex rows, snake_case). */
export interface BatchItemRow {
  external_id: string;
  sequence_index: number;
  status: string;
  response: string | null;
  input_tokens: number;
  output_tokens: number;
  cost_usd: string;
  error_code: string | null;
  error_message: string | null;
}

export const RESULT_COLUMNS = [
  'external_id',
  'sequence_index',
  'status',
  'response',
  'input_tokens',
  'output_tokens',
  'cost_usd',
  'error_code',
  'error_message',
] as const;

/** Spec: externalId, sequenceIndex, status, response, inputTokens, outputTokens, costUSD; errorCode and errorMessage on error. */
export function toResultItem(r: BatchItemRow) {
  const base = {
    externalId: r.external_id,
    sequenceIndex: r.sequence_index,
    status: r.status,
    response: r.response,
    inputTokens: r.input_tokens,
    outputTokens: r.output_tokens,
    costUSD: Number(r.cost_usd),
  };
  return r.status === 'ERROR' || r.error_code ? { ...base, errorCode: r.error_code, errorMessage: r.error_message } : base;
}
