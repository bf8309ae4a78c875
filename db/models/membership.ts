import type { Role } from '../../domain/roles';
import { BaseModel } from './base';

export class Membership extends BaseModel {
  static override tableName = 'memberships';

  id!: string;
  userId!: string;
  companyId!: string;
  role!: Role;
  createdAt!: Date;
}
