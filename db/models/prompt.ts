import type { PromptVisibility } from '../../domain/prompts/visibility';
import { BaseModel } from './base';

/** A stored prompt. Its content lives in prompt_versions; latest and production name two of them. */
export class Prompt extends BaseModel {
  static override tableName = 'prompts';

  id!: string;
  companyId!: string;
  promptId!: string;
  name!: string;
  description!: string | null;
  category!: string | null;
  tags!: string[];
  visibility!: PromptVisibility;
  sharedWithUserIds!: string[];
  sharedWithTeamIds!: string[];
  repositoryId!: string | null;
  branch!: string;
  taskCodes!: string[];
  isActive!: boolean;
  contentHash!: string;
  latestVersionId!: string | null;
  productionVersionId!: string | null;
  versionCount!: number;
  /** bigint: PostgreSQL returns it as a string. */
  totalExecutions!: string | number;
  lastExecutedAt!: Date | null;
  createdByUserId!: string | null;
  createdByApiKeyId!: string | null;
  clonedFromId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
