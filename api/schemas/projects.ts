import { z } from 'zod';
import { PROJECT_MEMBER_ROLES } from '../../db/models/project';

/** HTTP shapes of projects, repositories and teams (chosen; the spec shows no routes: docs/API.md). */
const name = z.string({ error: 'name must be a string' }).trim().min(1, 'name is 1-100 characters').max(100, 'name is 1-100 characters');
const description = z.string().max(2000).nullable();
const memberRole = z.enum(PROJECT_MEMBER_ROLES, { error: 'role must be EDITOR or VIEWER' });

export const projectBody = z
  .object({ name, description: description.optional(), members: z.array(z.object({ userId: z.string().uuid(), role: memberRole.optional() })).max(500).optional() })
  .strict()
  .openapi('ProjectCreateRequest');
export const projectPatch = z.object({ name: name.optional(), description: description.optional() }).strict().openapi('ProjectUpdateRequest');
export const projectMemberBody = z.object({ userId: z.string().uuid('userId must be an id'), role: memberRole.optional() }).strict();

export const projectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    members: z.array(z.object({ userId: z.string(), role: memberRole, addedAt: z.string() })),
    createdByUserId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Project');

const branch = z.string().trim().min(1).max(100);
export const repositoryBody = z
  .object({ name, description: description.optional(), projectId: z.string().uuid().nullable().optional(), defaultBranch: branch.optional() })
  .strict()
  .openapi('RepositoryCreateRequest');
export const repositoryPatch = repositoryBody.partial().openapi('RepositoryUpdateRequest');
export const repositoryQuery = z.object({ projectId: z.string().optional() });

export const repositorySchema = z
  .object({
    id: z.string(),
    repositoryId: z.string().describe('repo_<suffix>: what prompts name in repositoryId'),
    name: z.string(),
    description: z.string().nullable(),
    projectId: z.string().nullable(),
    defaultBranch: z.string(),
    promptCount: z.number().optional(),
    createdByUserId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Repository');

export const teamBody = z
  .object({ name, description: description.optional(), memberUserIds: z.array(z.string().uuid()).max(1000).optional() })
  .strict()
  .openapi('TeamCreateRequest');
export const teamPatch = z.object({ name: name.optional(), description: description.optional() }).strict().openapi('TeamUpdateRequest');
export const teamMemberBody = z.object({ userId: z.string().uuid('userId must be an id'), isActive: z.boolean().optional() }).strict();

export const teamSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    members: z.array(z.object({ userId: z.string(), isActive: z.boolean(), addedAt: z.string() })),
    createdByUserId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Team');

export const memberParams = z.object({ id: z.string().min(1), userId: z.string().min(1) });
