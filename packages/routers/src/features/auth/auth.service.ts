import { isUniqueViolation } from '@storefront/db/errors';
import { AppError, validationError } from '../../errors';
import type { Clock, Mailer, RateLimiter, RateLimits } from '../../ports';
import type { InTransaction } from '../../transactions';
import type {
  ChangePasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from './auth.schemas';
import type { PasswordHasher } from './passwords';
import { passwordResetEmail } from './reset-email';
import type { AuthenticatedSession, SessionStore } from './sessions';
import { generateToken, hashToken } from './tokens';
import { toLoginUserDto, toUserDto } from './user.dto';
import type { UsersRepository } from './users.repository';

export interface AuthServiceDeps {
  users: UsersRepository;
  inTransaction: InTransaction<UsersRepository>;
  sessions: SessionStore;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  mailer: Mailer;
  clock: Clock;
  config: { appUrl: string; passwordResetTtlMinutes: number };
}

export interface RequestOrigin {
  ip: string;
}

const EMAIL_TAKEN = 'This e-mail address is already registered.';
const FORGOT_MESSAGE = 'If an account exists for this e-mail, we have sent a password reset link.';

async function enforce(limiter: RateLimiter, key: string, consume: boolean): Promise<void> {
  const result = consume ? await limiter.consume(key) : await limiter.check(key);
  if (!result.allowed) {
    throw new AppError('RATE_LIMITED', 'Too many attempts. Please try again later.', {
      retryAfterSeconds: result.retryAfterSeconds,
    });
  }
}

export function createAuthService(deps: AuthServiceDeps) {
  const { users, sessions, hasher, rateLimits, clock } = deps;
  // Verifying against a real hash when the e-mail is unknown keeps both answers equally slow.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => {
    decoyHash ??= hasher.hash(generateToken());
    return decoyHash;
  };

  return {
    async register(input: RegisterInput, origin: RequestOrigin) {
      await enforce(rateLimits.authPerIp, origin.ip, true);
      if (await users.findByEmail(input.email)) throw validationError({ email: [EMAIL_TAKEN] });
      const passwordHash = await hasher.hash(input.password);
      let user: Awaited<ReturnType<UsersRepository['insert']>>;
      try {
        user = await users.insert({
          name: input.name,
          email: input.email,
          phone: input.phone,
          passwordHash,
        });
      } catch (error) {
        // Two registrations racing for one e-mail: the unique index decides.
        if (isUniqueViolation(error)) throw validationError({ email: [EMAIL_TAKEN] });
        throw error;
      }
      const token = await sessions.issue(user.id);
      return { user: toUserDto(user), ...token };
    },

    async login(input: LoginInput, origin: RequestOrigin) {
      await enforce(rateLimits.authPerIp, origin.ip, true);
      const emailKey = input.email.toLowerCase();
      await enforce(rateLimits.loginFailuresPerEmail, emailKey, false);
      const user = await users.findByEmail(input.email);
      const valid = await hasher.verify(user?.passwordHash ?? (await decoy()), input.password);
      if (!user || !valid) {
        await rateLimits.loginFailuresPerEmail.consume(emailKey);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (user.blockedAt) throw new AppError('FORBIDDEN', 'This account has been blocked.');
      await rateLimits.loginFailuresPerEmail.reset(emailKey);
      const token = await sessions.issue(user.id, {
        rememberMe: input.remember_me ?? false,
        deviceName: input.device_name ?? null,
      });
      return { user: toLoginUserDto(user), ...token };
    },

    async logout(session: AuthenticatedSession): Promise<null> {
      await sessions.revoke(session.sessionId);
      return null;
    },

    /** The presented token is revoked and a new one with the same lifetime class is issued. */
    async refresh(session: AuthenticatedSession) {
      await sessions.revoke(session.sessionId);
      return sessions.issue(session.user.id, {
        rememberMe: session.rememberMe,
        deviceName: session.deviceName,
      });
    },

    async changePassword(session: AuthenticatedSession, input: ChangePasswordInput): Promise<null> {
      const user = await users.findById(session.user.id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (!(await hasher.verify(user.passwordHash, input.current_password))) {
        throw validationError({ current_password: ['The current password is incorrect.'] });
      }
      const passwordHash = await hasher.hash(input.password);
      await deps.inTransaction(async (tx) => {
        await tx.setPasswordHash(user.id, passwordHash);
        await tx.deleteSessionsExcept(user.id, session.sessionId);
      });
      return null;
    },

    /** Always the same answer, whether or not the e-mail is registered. */
    async forgotPassword(email: string, origin: RequestOrigin): Promise<string> {
      await enforce(rateLimits.authPerIp, origin.ip, true);
      const user = await users.findByEmail(email);
      if (user && !user.blockedAt) {
        const token = generateToken();
        const expiresAt = new Date(
          clock.now().getTime() + deps.config.passwordResetTtlMinutes * 60_000,
        );
        await users.insertResetToken(user.id, hashToken(token), expiresAt);
        await deps.mailer.send(
          passwordResetEmail({
            to: user.email,
            name: user.name,
            token,
            appUrl: deps.config.appUrl,
            validMinutes: deps.config.passwordResetTtlMinutes,
          }),
        );
      }
      return FORGOT_MESSAGE;
    },

    async resetPassword(input: ResetPasswordInput): Promise<null> {
      const user = await users.findByEmail(input.email);
      if (!user) throw new AppError('INVALID_RESET_TOKEN');
      const passwordHash = await hasher.hash(input.password);
      const reset = await deps.inTransaction(async (tx) => {
        if (!(await tx.consumeResetToken(user.id, hashToken(input.token), clock.now()))) {
          return false;
        }
        await tx.setPasswordHash(user.id, passwordHash);
        return true;
      });
      if (!reset) throw new AppError('INVALID_RESET_TOKEN');
      await sessions.revokeAllForUser(user.id);
      return null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
