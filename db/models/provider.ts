import type { ProviderType } from '../../domain/providers';
import { BaseModel } from './base';

export interface ProviderModelConfig {
  name: string;
  inputPricePerMillion: number;
  outputPricePerMillion: number;
  contextWindow: number | null;
  supportsVision: boolean;
  specializations: string[];
}

export class Provider extends BaseModel {
  static override tableName = 'providers';
  static override jsonAttributes = ['models'];

  id!: string;
  companyId!: string;
  type!: ProviderType;
  name!: string;
  baseUrl!: string | null;
  credentialsEncrypted!: string;
  defaultModel!: string;
  models!: ProviderModelConfig[];
  specializations!: string[];
  locationCountry!: string | null;
  locationNetwork!: string | null;
  compliance!: string[];
  isActive!: boolean;
  isDefault!: boolean;
  createdAt!: Date;
  updatedAt!: Date;
}
