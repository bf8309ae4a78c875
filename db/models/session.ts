import { BaseModel } from './base';

export class Session extends BaseModel {
  static override tableName = 'sessions';

  id!: string;
  tokenHash!: string;
  userId!: string;
  companyId!: string;
  ip!: string | null;
  userAgent!: string | null;
  createdAt!: Date;
  expiresAt!: Date;
  lastSeenAt!: Date | null;
  revokedAt!: Date | null;
}
