import { isUniqueViolation } from '@storefront/db/errors';
import type { UserRole } from '@storefront/db/schema';
import { AppError, validationError } from '../../errors';
import type { Clock, JobEnqueuer, RateLimits } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import { emailKey, generateToken, hashToken } from '../../tokens';
import type { InTransaction } from '../../transactions';
import { enqueueMail } from '../mail';
import type {
  ChangePasswordInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
} from './auth.schemas';
import type { GuestRepository } from './guest.repository';
import { createPasswordAttempts, type PasswordHasher } from './passwords';
import type { AuthenticatedSession, IssuedToken, SessionOptions, SessionStore } from './sessions';
import { toLoginUserDto, toUserDto } from './user.dto';
import type { UsersRepository } from './users.repository';

/** A write of an account and the e-mail it causes, in one transaction. */
export interface AuthRepositories {
  users: UsersRepository;
  jobs: JobEnqueuer;
  /** A guest merged by register commits with the account (sign-in.slice.ts). */
  guest: GuestRepository;
}

export interface AuthServiceDeps {
  users: UsersRepository;
  inTransaction: InTransaction<AuthRepositories>;
  /** Queues e-mails that belong to no other write (the reset e-mail). */
  jobs: JobEnqueuer;
  sessions: SessionStore;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  clock: Clock;
  /** Merges a guest (`guest_token`) into the account signing in (sign-in.slice.ts). */
  guest?: {
    assertMergeable(guestToken: string | undefined): Promise<void>;
    signIn(
      account: { id: number; role: UserRole },
      guestToken: string | undefined,
      options: SessionOptions,
      passwordHash?: string,
    ): Promise<IssuedToken>;
    mergeIn(tx: GuestRepository, guestToken: string | undefined, accountId: number): Promise<void>;
  };
}

export interface RequestOrigin {
  ip: string;
}

const EMAIL_TAKEN = 'This e-mail address is already registered.';
const FORGOT_MESSAGE = 'If an account exists for this e-mail, we have sent a password reset link.';

export function createAuthService(deps: AuthServiceDeps) {
  const { users, sessions, hasher, rateLimits, clock } = deps;
  const passwordAttempts = createPasswordAttempts(rateLimits.loginFailuresPerEmail);
  // Verifying against a real hash when the e-mail is unknown keeps both answers equally slow.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => {
    decoyHash ??= hasher.hash(generateToken());
    return decoyHash;
  };

  return {
    async register(input: RegisterInput, origin: RequestOrigin) {
      await consumeOrRefuse(rateLimits.authPerIp, origin.ip);
      if (await users.findByEmail(input.email)) throw validationError({ email: [EMAIL_TAKEN] });
      await deps.guest?.assertMergeable(input.guest_token);
      const passwordHash = await hasher.hash(input.password);
      let user: Awaited<ReturnType<UsersRepository['insert']>>;
      try {
        // The account and its welcome e-mail commit together; the e-mail's job mints the
        // verification token when it runs (auth/link-tokens.ts).
        user = await deps.inTransaction(async (tx) => {
          const created = await tx.users.insert({
            name: input.name,
            email: input.email,
            phone: input.phone,
            passwordHash,
          });
          await enqueueMail(tx.jobs, { kind: 'welcome', userId: created.id });
          // A guest token lost to a racing merge rolls the account back: 401, nothing created.
          await deps.guest?.mergeIn(tx.guest, input.guest_token, created.id);
          return created;
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
      await consumeOrRefuse(rateLimits.authPerIp, origin.ip);
      // Counted before the password is checked, in one atomic step: of a burst of attempts at
      // most the limit are checked, and past it even the right password answers 429.
      await passwordAttempts.count(input.email);
      const user = await users.findByEmail(input.email);
      const valid = await hasher.verify(user?.passwordHash ?? (await decoy()), input.password);
      // An account without a password (guest, Apple/Google, phone) never signs in with one.
      if (!user?.passwordHash || !valid) throw new AppError('INVALID_CREDENTIALS');
      if (user.blockedAt) throw new AppError('FORBIDDEN', 'This account has been blocked.');
      await passwordAttempts.succeeded(input.email);
      const options = {
        rememberMe: input.remember_me ?? false,
        deviceName: input.device_name ?? null,
      };
      // The guest merge (if any) and the session commit together: a failed merge issues none.
      const token = deps.guest
        ? await deps.guest.signIn(user, input.guest_token, options, user.passwordHash)
        : await sessions.issue(user.id, options, user.passwordHash);
      return { user: toLoginUserDto(user), ...token };
    },

    async logout(session: AuthenticatedSession): Promise<null> {
      await sessions.revoke(session.sessionId);
      return null;
    },

    /** The presented token is revoked and a new one with the same lifetime class is issued. */
    refresh(session: AuthenticatedSession) {
      return sessions.rotate(session);
    },

    async changePassword(session: AuthenticatedSession, input: ChangePasswordInput): Promise<null> {
      const user = await users.findById(session.user.id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (user.email) await passwordAttempts.count(user.email);
      const current = user.passwordHash ?? (await decoy());
      if (!(await hasher.verify(current, input.current_password)) || !user.passwordHash) {
        throw validationError({ current_password: ['The current password is incorrect.'] });
      }
      if (user.email) await passwordAttempts.succeeded(user.email);
      const passwordHash = await hasher.hash(input.password);
      await deps.inTransaction(async (tx) => {
        await tx.users.setPasswordHash(user.id, passwordHash);
        await tx.users.deleteSessions(user.id, session.sessionId);
        await enqueueMail(tx.jobs, { kind: 'password-changed', userId: user.id, how: 'changed' });
      });
      return null;
    },

    /**
     * Always the same answer after the same work, whether or not the e-mail is registered: one
     * count against the address's limit, one lookup, one queued job (`userId: null` for an
     * unknown address, which sends nothing). Nothing else happens after the answer: the job mints
     * the token and sends the e-mail when a worker takes it. Past the address's limit (3 an
     * hour, whoever asks) nothing is queued and the answer is still the same.
     */
    async forgotPassword(email: string, origin: RequestOrigin): Promise<string> {
      await consumeOrRefuse(rateLimits.authPerIp, origin.ip);
      const { allowed } = await rateLimits.resetMailsPerAddress.consume(emailKey(email));
      if (allowed) {
        const user = await users.findByEmail(email);
        await enqueueMail(deps.jobs, { kind: 'password-reset', userId: user?.id ?? null });
      }
      return FORGOT_MESSAGE;
    },

    async resetPassword(input: ResetPasswordInput, origin: RequestOrigin): Promise<null> {
      await consumeOrRefuse(rateLimits.authPerIp, origin.ip);
      const tokenHash = hashToken(input.token);
      // One query whatever the e-mail: an unknown e-mail costs what a wrong token costs.
      const userId = await users.findResetTokenOwner(input.email, tokenHash, clock.now());
      if (userId === undefined) throw new AppError('INVALID_RESET_TOKEN');
      const passwordHash = await hasher.hash(input.password);
      const reset = await deps.inTransaction(async (tx) => {
        // The guarded UPDATE keeps the token single-use when two resets race.
        if (!(await tx.users.consumeResetToken(userId, tokenHash, clock.now()))) return false;
        // Updating the user row waits for in-flight refreshes (sessions.ts): none survives.
        await tx.users.setPasswordHash(userId, passwordHash);
        await tx.users.deleteSessions(userId);
        await enqueueMail(tx.jobs, { kind: 'password-changed', userId, how: 'reset' });
        return true;
      });
      if (!reset) throw new AppError('INVALID_RESET_TOKEN');
      return null;
    },

    /** Marks the e-mail verified with a token from a verification e-mail (single use, 24 h). */
    async verifyEmail(
      input: { email: string; token: string },
      origin: RequestOrigin,
    ): Promise<null> {
      await consumeOrRefuse(rateLimits.authPerIp, origin.ip);
      const verified = await deps.inTransaction((tx) =>
        tx.users.consumeVerificationToken(input.email, hashToken(input.token), clock.now()),
      );
      if (verified === undefined) throw new AppError('INVALID_VERIFICATION_TOKEN');
      return null;
    },

    /**
     * A new verification e-mail for the signed-in customer; nothing is sent (and the answer is
     * the same 200) when the address is already verified.
     */
    async resendVerification(session: AuthenticatedSession): Promise<string> {
      await consumeOrRefuse(rateLimits.verificationPerUser, String(session.user.id));
      const user = await users.findById(session.user.id);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (user.emailVerifiedAt) return 'Your e-mail address is already verified.';
      await enqueueMail(deps.jobs, { kind: 'verify-email', userId: user.id });
      return 'We have sent you a new verification e-mail.';
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
