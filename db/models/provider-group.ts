import { BaseModel } from './base';

export type Rotation = 'ROUND_ROBIN' | 'SEQUENTIAL' | 'RANDOM';

export class ProviderGroup extends BaseModel {
  static override tableName = 'provider_groups';

  id!: string;
  companyId!: string;
  name!: string;
  description!: string | null;
  rotation!: Rotation;
  isActive!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
  /** Provider ids in position order, loaded by the repository. */
  providerIds?: string[];
}

export class ProviderGroupMember extends BaseModel {
  static override tableName = 'provider_group_members';
  static override idColumn = ['group_id', 'provider_id'];

  groupId!: string;
  providerId!: string;
  position!: number;
}
