import { BaseModel } from './base';

/** A prompt repository: a public repositoryId (repo_<suffix>), optionally inside a project. */
export class Repository extends BaseModel {
  static override tableName = 'repositories';

  id!: string;
  companyId!: string;
  repositoryId!: string;
  projectId!: string | null;
  name!: string;
  description!: string | null;
  defaultBranch!: string;
  createdByUserId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}
