import { BaseModel } from './base';

/** One immutable version of a stored prompt (a database trigger refuses updates). */
export class PromptVersion extends BaseModel {
  static override tableName = 'prompt_versions';

  id!: string;
  promptId!: string;
  companyId!: string;
  versionNumber!: number;
  userPrompt!: string;
  systemPrompt!: string | null;
  temperature!: number;
  maxTokens!: number;
  variables!: string[];
  contentHash!: string;
  note!: string | null;
  createdByUserId!: string | null;
  createdByApiKeyId!: string | null;
  createdAt!: Date;
}
