import { BaseModel } from './base';

export type HoldStatus = 'PENDING_REVIEW' | 'APPROVED' | 'REJECTED' | 'EXPIRED';

export class ExecutionHold extends BaseModel {
  static override tableName = 'execution_holds';
  static override jsonAttributes = ['requestPayload', 'routingDecision', 'responsePayload', 'resolver'];

  id!: string;
  companyId!: string;
  executionId!: string;
  requestedByUserId!: string | null;
  requestedByApiKeyId!: string | null;
  executionMode!: 'SUPERVISED';
  status!: HoldStatus;
  requestPayload!: { prompt: string; systemPrompt: string | null; model: string; provider: string };
  routingDecision!: { provider: string; model: string; policyId: string | null };
  responsePayload!: {
    content: string;
    usage: { promptTokens: number; completionTokens: number; totalTokens: number };
    model: string;
  };
  costEstimate!: string | number;
  expiresAt!: Date;
  resolvedBy!: string | null;
  resolvedAt!: Date | null;
  resolution!: string | null;
  resolver!: { id: string; email: string; name: string | null } | null;
  workflowId!: string;
  createdAt!: Date;
  updatedAt!: Date;
}

/** The hold as the API returns it (spec document 1, Execution hold). */
export interface HoldDto {
  id: string;
  companyId: string;
  executionId: string;
  executionMode: 'SUPERVISED';
  status: HoldStatus;
  requestPayload: ExecutionHold['requestPayload'];
  routingDecision: ExecutionHold['routingDecision'];
  responsePayload: ExecutionHold['responsePayload'];
  costEstimate: number;
  expiresAt: string;
  resolvedBy: string | null;
  resolvedAt: string | null;
  resolution: string | null;
  resolver: ExecutionHold['resolver'];
  createdAt: string;
  updatedAt: string;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toHoldDto(h: ExecutionHold): HoldDto {
  return {
    id: h.id,
    companyId: h.companyId,
    executionId: h.executionId,
    executionMode: h.executionMode,
    status: h.status,
    requestPayload: h.requestPayload,
    routingDecision: h.routingDecision,
    responsePayload: h.responsePayload,
    costEstimate: Number(h.costEstimate),
    expiresAt: iso(h.expiresAt)!,
    resolvedBy: h.resolvedBy,
    resolvedAt: iso(h.resolvedAt),
    resolution: h.resolution,
    resolver: h.resolver,
    createdAt: iso(h.createdAt)!,
    updatedAt: iso(h.updatedAt)!,
  };
}
