import { BaseModel } from './base';

export class Company extends BaseModel {
  static override tableName = 'companies';
  static override jsonAttributes = ['settings'];

  id!: string;
  name!: string;
  tier!: string;
  packageName!: string;
  features!: string[];
  settings!: Record<string, unknown>;
  createdAt!: Date;
  updatedAt!: Date;
}
