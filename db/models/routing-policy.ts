import type { PolicyJson, PolicyScope } from '../../domain/routing/policy';
import { BaseModel } from './base';

export class RoutingPolicyRecord extends BaseModel {
  static override tableName = 'routing_policies';
  static override jsonAttributes = ['policyJson'];

  id!: string;
  companyId!: string;
  name!: string;
  description!: string | null;
  scope!: PolicyScope;
  isDefault!: boolean;
  policyJson!: PolicyJson;
  createdByUserId!: string | null;
  createdByApiKeyId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
