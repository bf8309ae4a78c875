import { BaseModel } from './base';

/** A test set of a stored prompt: variable values and the expectations its answer must meet. */
export class PromptTestSet extends BaseModel {
  static override tableName = 'prompt_test_sets';
  static override jsonAttributes = ['values'];

  id!: string;
  companyId!: string;
  promptId!: string;
  name!: string;
  description!: string | null;
  values!: Record<string, string>;
  expectedContains!: string[];
  expectedPattern!: string | null;
  createdByUserId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
