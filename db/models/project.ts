import { BaseModel } from './base';

/** A project: a company's container for repositories and project-scoped document types. */
export class Project extends BaseModel {
  static override tableName = 'projects';

  id!: string;
  companyId!: string;
  name!: string;
  description!: string | null;
  createdByUserId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}

export const PROJECT_MEMBER_ROLES = ['EDITOR', 'VIEWER'] as const;
export type ProjectMemberRole = (typeof PROJECT_MEMBER_ROLES)[number];

export class ProjectMember extends BaseModel {
  static override tableName = 'project_members';
  static override idColumn = ['project_id', 'user_id'];

  projectId!: string;
  userId!: string;
  role!: ProjectMemberRole;
  addedAt!: Date;
}
