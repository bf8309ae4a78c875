import type { ApiKeyKind, GatewayKeyType } from '../../domain/api-keys';
import { BaseModel } from './base';

export class ApiKey extends BaseModel {
  static override tableName = 'api_keys';

  id!: string;
  companyId!: string;
  createdByUserId!: string | null;
  name!: string;
  kind!: ApiKeyKind;
  type!: GatewayKeyType | null;
  scopes!: string[];
  keyHash!: string;
  keyPrefix!: string;
  maxRequestsPerMonth!: number | null;
  maxTokensPerMonth!: string | number | null;
  usageMonth!: string | null;
  requestsThisMonth!: number;
  tokensThisMonth!: string | number;
  lastUsedAt!: Date | null;
  expiresAt!: Date | null;
  revokedAt!: Date | null;
  createdAt!: Date;
}
