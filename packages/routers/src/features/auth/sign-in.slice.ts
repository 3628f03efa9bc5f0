import type { Executor } from '@storefront/db/client';
import type { SocialProvider } from '@storefront/db/schema';
import { AppError, validationError } from '../../errors';
import type { Clock, JobOptions, RateLimits, SmsSender } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import type { UnitOfWorkFactory } from '../../transactions';
import { toIsoOrNull } from '../../zod-helpers';
import { createGuestRepository } from './guest.repository';
import { createGuestService } from './guest.service';
import { createOtpRepository } from './otp.repository';
import { createOtpService, type OtpCheck, type OtpConfig, type SmsJob } from './otp.service';
import type { SessionStore } from './sessions';
import { createSessionsRepository } from './sessions.repository';
import { createSocialRepository } from './social.repository';
import { createSocialService, type SocialConfig } from './social.service';
import { toLoginUserDto } from './user.dto';
import type { UsersRepository } from './users.repository';

/*
 * Every way in besides e-mail and password (issue 28): guest sessions, Sign in with Apple and
 * Google, phone one-time codes, and the merge of a guest into the account it signs in to.
 */

export interface SignInConfig {
  social: SocialConfig;
  otp: OtpConfig;
  /** Days an abandoned guest is kept after its last session ended (default 30). */
  guestRetentionDays?: number | undefined;
}

export interface SignInSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  jobs: (executor: Executor) => {
    enqueue(queue: string, data: object, options?: JobOptions): Promise<void>;
  };
  users: UsersRepository;
  sessions: SessionStore;
  rateLimits: RateLimits;
  sms: SmsSender;
  clock: Clock;
  config: SignInConfig;
}

export interface SignInOptions {
  device_name?: string | undefined;
  remember_me?: boolean | undefined;
  guest_token?: string | undefined;
}

const INVALID_OTP_MESSAGES: Record<Exclude<OtpCheck, { ok: true }>['reason'], string> = {
  none: 'The code is wrong, used or expired.',
  wrong: 'The code is wrong, used or expired.',
  expired: 'The code is wrong, used or expired.',
  exhausted: 'Too many wrong codes: request a new one.',
};

export function createSignInSlice(deps: SignInSliceDeps) {
  const { users, sessions, clock, rateLimits } = deps;
  const guestUnit = deps.unitOfWork(createGuestRepository);
  const guest = createGuestService({
    repo: guestUnit.repos,
    signInTransaction: deps.unitOfWork((executor) => ({
      guest: createGuestRepository(executor),
      sessions: createSessionsRepository(executor),
    })).inTransaction,
    sessions,
    perIp: rateLimits.authPerIp,
    clock,
    retentionDays: deps.config.guestRetentionDays ?? 30,
  });
  const socialUnit = deps.unitOfWork(createSocialRepository);
  const social = createSocialService({
    clock,
    config: deps.config.social,
    repo: socialUnit.repos,
    inTransaction: socialUnit.inTransaction,
  });
  const otpUnit = deps.unitOfWork((executor) => ({
    otp: createOtpRepository(executor),
    jobs: deps.jobs(executor),
  }));
  const otp = createOtpService({
    config: deps.config.otp,
    repo: otpUnit.repos.otp,
    inTransaction: otpUnit.inTransaction,
    sms: deps.sms,
    limits: {
      perIp: rateLimits.authPerIp,
      perPhone: rateLimits.otpPerPhone,
      perCountry: rateLimits.otpPerCountry,
    },
    clock,
  });

  /**
   * The login answer for a user: deleted → 401, blocked → 403; the guest (if any) merged with
   * the session.
   */
  async function signInUser(userId: number, options: SignInOptions) {
    const user = await users.findById(userId);
    if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED');
    if (user.blockedAt) throw new AppError('FORBIDDEN', 'This account has been blocked.');
    const token = await guest.signIn(user.id, options.guest_token, {
      rememberMe: options.remember_me ?? false,
      deviceName: options.device_name ?? null,
    });
    return { user: toLoginUserDto(user), ...token };
  }

  return {
    guest,

    /** POST /auth/social: `created` when this sign-in made the account (201). */
    async social(
      input: SignInOptions & { provider: SocialProvider; id_token: string; name?: string },
      origin: { ip: string },
    ) {
      await consumeOrRefuse(rateLimits.authPerIp, origin.ip);
      const identity = await social.verify(input.provider, input.id_token);
      await guest.assertMergeable(input.guest_token);
      const { userId, created } = await social.resolveUser(identity, input.name);
      return { ...(await signInUser(userId, input)), created };
    },

    /** POST /auth/otp/request (sign-in) — the same answer whatever the phone. */
    requestOtp(phone: string, origin: { ip: string }) {
      return otp.request(phone, origin, { purpose: 'sign-in', userId: null });
    },

    /**
     * POST /auth/otp/verify: signs in the account whose verified phone it is, or creates one
     * (`name` required then: 422 before the code is used up).
     */
    async verifyOtp(
      input: SignInOptions & { phone: string; code: string; name?: string },
      origin: { ip: string },
    ) {
      const phone = otp.parsePhone(input.phone).e164;
      await consumeOrRefuse(rateLimits.authPerIp, origin.ip);
      await guest.assertMergeable(input.guest_token);
      const result = await otpUnit.inTransaction(async (tx) => {
        const existing = await tx.otp.userByVerifiedPhone(phone);
        if (!existing && !input.name?.trim()) return { kind: 'needs-name' as const };
        const check = await otp.check(tx.otp, phone, input.code, {
          purpose: 'sign-in',
          userId: null,
        });
        if (!check.ok) return { kind: 'invalid' as const, reason: check.reason };
        const userId =
          existing?.id ??
          (await tx.otp.insertPhoneUser({
            name: input.name?.trim() ?? '',
            phone,
            now: clock.now(),
          }));
        return { kind: 'ok' as const, userId, created: !existing };
      });
      if (result.kind === 'needs-name') {
        throw validationError({ name: ['A name is required to create an account.'] });
      }
      if (result.kind === 'invalid') {
        // The failed attempt is committed above; only then the 422.
        throw new AppError('INVALID_OTP', INVALID_OTP_MESSAGES[result.reason]);
      }
      return { ...(await signInUser(result.userId, input)), created: result.created };
    },

    /** POST /customer/phone/request-code. */
    requestPhoneCode(userId: number, phone: string, origin: { ip: string }) {
      return otp.request(phone, origin, { purpose: 'verify-phone', userId });
    },

    /** POST /customer/phone/verify: the customer's phone, now proven, allows phone sign-in. */
    verifyPhone(userId: number, input: { phone: string; code: string }, origin: { ip: string }) {
      return otp.verifyCustomerPhone(userId, input, origin);
    },

    /** How this user signs in (GET /auth/me: `linked_providers`, `phone_verified_at`, `has_password`). */
    async signInMethods(userId: number) {
      const [providers, facts] = await Promise.all([
        socialUnit.repos.providersOf(userId),
        socialUnit.repos.signInFacts(userId),
      ]);
      return {
        linked_providers: providers,
        phone_verified_at: toIsoOrNull(facts?.phoneVerifiedAt ?? null),
        has_password: facts?.hasPassword ?? false,
      };
    },

    /** The SMS job's worker (apps/api/src/jobs.ts). */
    deliverSms(job: { id: string; data: SmsJob }) {
      return otp.deliver(job);
    },
  };
}

export type SignInSlice = ReturnType<typeof createSignInSlice>;
