import { BaseModel } from './base';

export class User extends BaseModel {
  static override tableName = 'users';

  id!: string;
  email!: string;
  passwordHash!: string;
  firstName!: string | null;
  lastName!: string | null;
  homeCompanyId!: string | null;
  isActive!: boolean;
  mfaEnabled!: boolean;
  mfaSecretEncrypted!: string | null;
  mfaPendingSecretEncrypted!: string | null;
  mfaVerifiedAt!: Date | null;
  mfaLastTimeStep!: string | number | null;
  createdAt!: Date;
  updatedAt!: Date;
}
