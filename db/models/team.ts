import { BaseModel } from './base';

/** A team: SHARED prompts can be shared with it (visibility rule 1). */
export class Team extends BaseModel {
  static override tableName = 'teams';

  id!: string;
  companyId!: string;
  name!: string;
  description!: string | null;
  createdByUserId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
}

export class TeamMember extends BaseModel {
  static override tableName = 'team_members';
  static override idColumn = ['team_id', 'user_id'];

  teamId!: string;
  userId!: string;
  isActive!: boolean;
  addedAt!: Date;
}
