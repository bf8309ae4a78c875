import { BaseModel } from './base';

export class AuditLog extends BaseModel {
  static override tableName = 'audit_logs';
  static override jsonAttributes = ['details'];

  id!: string;
  companyId!: string | null;
  userId!: string | null;
  apiKeyId!: string | null;
  action!: string;
  resourceType!: string | null;
  resourceId!: string | null;
  details!: Record<string, unknown>;
  ip!: string | null;
  createdAt!: Date;
}
