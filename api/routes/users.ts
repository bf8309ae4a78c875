import { z } from 'zod';
import { ROLES } from '../../domain/roles';
import { ApiError } from '../../lib/errors';
import { publicUser } from '../../services/tenancy/companies';
import { errorSchema } from '../schemas/common';
import { type AuthRule, defineRoute } from './define';

const admins: AuthRule = { accept: ['session'], permission: 'users.manage' };

export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/v1/users',
    summary: 'Members of the company and their roles',
    tags: ['Users'],
    auth: admins,
    responses: { 200: { description: 'Members' } },
    handler: async (ctx, { principal }) => ({ users: await ctx.services.companies.listMembers(principal.companyId) }),
  }),
  defineRoute({
    method: 'post',
    path: '/api/v1/users',
    summary: 'Add a user to the company with a role',
    tags: ['Users'],
    auth: admins,
    body: z.object({
      email: z.string().trim().email(),
      password: z.string().min(8, 'password must be at least 8 characters'),
      firstName: z.string().max(200).optional(),
      lastName: z.string().max(200).optional(),
      role: z.enum(ROLES).default('MEMBER'),
    }),
    responses: {
      201: { description: 'Added' },
      400: { description: 'Invalid user', schema: errorSchema },
      409: { description: 'Already a member', schema: errorSchema },
    },
    async handler(ctx, { principal, body }) {
      // Platform roles are granted by platform operators only.
      if ((body.role === 'SUPER_ADMIN' || body.role === 'SAAS_ADMIN') && principal.role !== 'SUPER_ADMIN') {
        throw ApiError.forbidden('Only a SUPER_ADMIN can grant platform roles');
      }
      const { user, role } = await ctx.services.companies.addUser(
        principal.companyId,
        body,
        { userId: principal.userId },
        { reuseExisting: false },
      );
      ctx.status = 201;
      return { user: publicUser(user), role };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/api/v1/users/:userId',
    summary: "Deactivate or reactivate a member's membership in this company",
    description:
      'A deactivated membership grants nothing in this company (spec document 2, rule 4): sessions and API keys of the user here are refused and the prompt library shows them nothing. Other companies are unaffected.',
    tags: ['Users'],
    auth: admins,
    params: z.object({ userId: z.string().min(1) }),
    body: z.object({ isActive: z.boolean({ error: 'isActive must be a boolean' }) }).strict(),
    responses: {
      200: { description: 'The membership', schema: z.object({ success: z.literal(true), membership: z.object({ userId: z.string(), role: z.string(), isActive: z.boolean(), deactivatedAt: z.string().nullable() }) }) },
      400: { description: 'Invalid body, or your own membership', schema: errorSchema },
      404: { description: 'Not a member of this company', schema: errorSchema },
    },
    handler: async (ctx, { principal, params, body }) => ({ success: true, membership: await ctx.services.memberships.setActive(principal, params.userId, body.isActive) }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/v1/audit-logs',
    summary: "The company's audit log, newest first",
    tags: ['Audit'],
    auth: { accept: ['session'], permission: 'audit.view' },
    query: z.object({
      action: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      offset: z.coerce.number().int().min(0).default(0),
    }),
    responses: { 200: { description: 'Entries and total' } },
    handler: (ctx, { principal, query }) => ctx.services.audit.list(principal.companyId, query),
  }),
];
