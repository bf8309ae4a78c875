import type { Db } from '../../db/connection';
import { Company } from '../../db/models/company';
import { Membership } from '../../db/models/membership';
import { User } from '../../db/models/user';
import { FEATURES, PACKAGES } from '../../domain/features';
import { type Role, isRole } from '../../domain/roles';
import { hashPassword } from '../../lib/crypto';
import { ApiError, isUniqueViolation } from '../../lib/errors';
import type { AuditService } from '../audit/audit';

export interface NewUser {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  role: Role;
}

export function publicUser(u: User) {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    homeCompanyId: u.homeCompanyId,
    isActive: u.isActive,
    mfaEnabled: u.mfaEnabled,
    createdAt: u.createdAt,
  };
}

export function publicCompany(c: Company) {
  return {
    id: c.id,
    name: c.name,
    tier: c.tier,
    packageName: c.packageName,
    features: c.features,
    createdAt: c.createdAt,
  };
}

/** Companies, users and memberships: used by the admin CLI, the demo seed and user admin routes. */
export class CompanyService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  async createCompany(input: { name: string; packageName?: string; tier?: string; features?: string[] }) {
    const packageName = input.packageName ?? 'enterprise';
    if (!PACKAGES[packageName]) throw ApiError.badRequest(`Unknown package ${packageName}`);
    const features = [...new Set([...(PACKAGES[packageName] ?? []), ...(input.features ?? [])])];
    const unknown = features.filter((f) => !(FEATURES as readonly string[]).includes(f));
    if (unknown.length) throw ApiError.badRequest(`Unknown features: ${unknown.join(', ')}`);
    const company = await Company.query(this.db).insertAndFetch({
      name: input.name,
      packageName,
      tier: input.tier ?? packageName,
      features,
    });
    await this.audit.record({ companyId: company.id, action: 'company.created', resourceType: 'company', resourceId: company.id });
    return company;
  }

  async getCompany(id: string): Promise<Company | undefined> {
    return Company.query(this.db).findById(id);
  }

  async findUserByEmail(email: string): Promise<User | undefined> {
    return User.query(this.db).whereRaw('lower(email) = lower(?)', [email]).first();
  }

  /**
   * Creates the user and makes them a member with the role. With reuseExisting (the admin CLI and the
   * seed), an existing user with that email becomes a member too. The HTTP route passes false: a
   * company administrator must not enrol another company's user (without their consent, ignoring the
   * password given) nor learn their details (name, home company, MFA state) from the response.
   */
  async addUser(companyId: string, input: NewUser, actor?: { userId: string | null }, opts: { reuseExisting?: boolean } = {}) {
    const reuseExisting = opts.reuseExisting ?? true;
    if (!isRole(input.role)) throw ApiError.badRequest(`Unknown role ${input.role}`);
    if (input.password.length < 8) throw ApiError.badRequest('Password must be at least 8 characters');
    return this.db.transaction(async (trx) => {
      let user = await User.query(trx).whereRaw('lower(email) = lower(?)', [input.email]).first();
      if (user && !reuseExisting) {
        const member = await Membership.query(trx).findOne({ user_id: user.id, company_id: companyId });
        throw ApiError.conflict(
          member ? `${input.email} is already a member of this company` : `A user with the email ${input.email} already exists`,
        );
      }
      if (!user) {
        user = await User.query(trx).insertAndFetch({
          email: input.email,
          passwordHash: await hashPassword(input.password),
          firstName: input.firstName ?? null,
          lastName: input.lastName ?? null,
          homeCompanyId: companyId,
        });
      }
      const existing = await Membership.query(trx).findOne({ user_id: user.id, company_id: companyId });
      if (existing) throw ApiError.conflict(`${input.email} is already a member of this company`);
      await Membership.query(trx).insert({ userId: user.id, companyId, role: input.role });
      await this.audit.record(
        {
          companyId,
          userId: actor?.userId ?? null,
          action: 'user.added',
          resourceType: 'user',
          resourceId: user.id,
          details: { email: user.email, role: input.role },
        },
        trx,
      );
      return { user, role: input.role };
    }).catch((err) => {
      // Two concurrent adds of one email: the unique index refuses the second.
      throw isUniqueViolation(err) ? ApiError.conflict(`A user with the email ${input.email} already exists`) : err;
    });
  }

  async listMembers(companyId: string) {
    const rows = await this.db('memberships as m')
      .join('users as u', 'u.id', 'm.user_id')
      .where('m.company_id', companyId)
      .orderBy('u.email')
      .select('u.id', 'u.email', 'u.first_name', 'u.last_name', 'u.mfa_enabled', 'u.is_active', 'm.role', 'm.created_at');
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.role,
      mfaEnabled: r.mfa_enabled,
      isActive: r.is_active,
      memberSince: r.created_at,
    }));
  }
}
