import type { Db } from '../../db/connection';
import { User } from '../../db/models/user';
import type { SecretBox } from '../../lib/crypto';
import { verifyPassword } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { TOTP_PERIOD_SECONDS, checkTotp, newTotpSecret, totpUri } from '../../lib/totp';
import type { AuditService } from '../audit/audit';

const INVALID_TOKEN = 'Invalid MFA token';

/**
 * TOTP multi-factor authentication (spec document 3). The secret is stored encrypted; setup keeps
 * it as "pending" until a code proves the authenticator has it. Every accepted code records its
 * time step, and a code of that step or an earlier one is refused: a code works once.
 */
export class MfaService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
  ) {}

  private async user(userId: string): Promise<User> {
    const user = await User.query(this.db).findById(userId);
    if (!user) throw ApiError.notFound('User not found');
    return user;
  }

  async status(userId: string) {
    const user = await this.user(userId);
    return { mfaEnabled: user.mfaEnabled, mfaVerifiedAt: user.mfaVerifiedAt };
  }

  async setup(userId: string) {
    const user = await this.user(userId);
    if (user.mfaEnabled) throw ApiError.badRequest('MFA is already enabled; disable it first', undefined, 'MFA_ALREADY_ENABLED');
    const secret = newTotpSecret();
    await User.query(this.db)
      .findById(userId)
      .patch({ mfaPendingSecretEncrypted: this.box.encrypt(secret) });
    return { secret, otpauth: totpUri(secret, user.email) };
  }

  async verify(userId: string, token: string, companyId: string) {
    const user = await this.user(userId);
    if (user.mfaEnabled) throw ApiError.badRequest('MFA is already enabled', undefined, 'MFA_ALREADY_ENABLED');
    if (!user.mfaPendingSecretEncrypted) throw ApiError.badRequest('Call POST /api/account/mfa/setup first', undefined, 'MFA_NOT_SET_UP');
    const secret = this.box.decrypt(user.mfaPendingSecretEncrypted);
    const check = await checkTotp({ secret, token });
    if (!check.valid) throw ApiError.badRequest(INVALID_TOKEN, undefined, 'INVALID_MFA_TOKEN');
    await User.query(this.db).findById(userId).patch({
      mfaEnabled: true,
      mfaSecretEncrypted: user.mfaPendingSecretEncrypted,
      mfaPendingSecretEncrypted: null,
      mfaVerifiedAt: new Date(),
      mfaLastTimeStep: check.timeStep ?? null,
    });
    await this.audit.record({ companyId, userId, action: 'mfa.enabled', resourceType: 'user', resourceId: userId });
    return { success: true, mfaEnabled: true };
  }

  async disable(userId: string, password: string, mfaCode: string, companyId: string) {
    const user = await this.user(userId);
    if (!user.mfaEnabled) throw ApiError.badRequest('MFA is not enabled', undefined, 'MFA_NOT_ENABLED');
    if (!(await verifyPassword(password, user.passwordHash))) {
      throw ApiError.badRequest('Current password is incorrect', undefined, 'INVALID_PASSWORD');
    }
    if (!(await this.consumeCode(user, mfaCode))) throw ApiError.badRequest(INVALID_TOKEN, undefined, 'INVALID_MFA_TOKEN');
    await User.query(this.db).findById(userId).patch({
      mfaEnabled: false,
      mfaSecretEncrypted: null,
      mfaPendingSecretEncrypted: null,
      mfaVerifiedAt: null,
      mfaLastTimeStep: null,
    });
    await this.audit.record({ companyId, userId, action: 'mfa.disabled', resourceType: 'user', resourceId: userId });
    return { success: true, mfaEnabled: false };
  }

  /**
   * Checks a code against an enabled secret and records its time step. The conditional update makes
   * two concurrent logins with the same code race safely: only one of them moves the step forward.
   */
  async consumeCode(user: User, token: string): Promise<boolean> {
    if (!user.mfaSecretEncrypted) return false;
    const last = user.mfaLastTimeStep === null ? null : Number(user.mfaLastTimeStep);
    // The last accepted step can be ahead of this instance's clock (another api instance a second
    // ahead accepted a code from a client running ahead). No code can be newer then, and otplib
    // throws on an afterTimeStep beyond its window: answer "invalid", not a 500.
    const newestAcceptable = Math.floor(Date.now() / 1000 / TOTP_PERIOD_SECONDS) + 1;
    if (last !== null && last >= newestAcceptable) return false;
    const check = await checkTotp({ secret: this.box.decrypt(user.mfaSecretEncrypted), token, afterTimeStep: last });
    if (!check.valid || check.timeStep === undefined) return false;
    const updated = await this.db('users')
      .where({ id: user.id })
      .where((q) => q.whereNull('mfa_last_time_step').orWhere('mfa_last_time_step', '<', check.timeStep!))
      .update({ mfa_last_time_step: check.timeStep });
    return updated === 1;
  }
}
