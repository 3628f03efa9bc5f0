import type { Executor } from '@storefront/db/client';
import type { SocialProvider } from '@storefront/db/schema';
import { AppError, validationError } from '../../errors';
import type { Clock, JobOptions, RateLimits, SmsSender } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import type { UnitOfWorkFactory } from '../../transactions';
import { toIsoOrNull } from '../../zod-helpers';
import { createGuestRepository, type MergeGuestStep } from './guest.repository';
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
  guests: GuestOwnership;
}

/**
 * What a guest owns lives in other slices: their merge steps, run in this order after the
 * guest's row is locked (cart first: the lock order place-order uses), and the orders read that
 * keeps a guest with orders from the retention job. The composition root passes them.
 */
export interface GuestOwnership {
  mergeSteps: readonly MergeGuestStep[];
  usersWithOrders(userIds: readonly number[]): Promise<Set<number>>;
}

export interface SignInOptions {
  device_name?: string | undefined;
  remember_me?: boolean | undefined;
  guest_token?: string | undefined;
}

/** How old an ID token may be to prove an account again at deletion. */
export const FRESH_ID_TOKEN_MINUTES = 10;

const INVALID_OTP_MESSAGES: Record<Exclude<OtpCheck, { ok: true }>['reason'], string> = {
  none: 'The code is wrong, used or expired.',
  wrong: 'The code is wrong, used or expired.',
  expired: 'The code is wrong, used or expired.',
  exhausted: 'Too many wrong codes: request a new one.',
};

export function createSignInSlice(deps: SignInSliceDeps) {
  const { users, sessions, clock, rateLimits } = deps;
  const guestRepository = (executor: Executor) =>
    createGuestRepository(executor, deps.guests.mergeSteps);
  const guestUnit = deps.unitOfWork(guestRepository);
  const guest = createGuestService({
    repo: guestUnit.repos,
    signInTransaction: deps.unitOfWork((executor) => ({
      guest: guestRepository(executor),
      sessions: createSessionsRepository(executor),
    })).inTransaction,
    sessions,
    perIp: rateLimits.authPerIp,
    clock,
    retentionDays: deps.config.guestRetentionDays ?? 30,
    usersWithOrders: deps.guests.usersWithOrders,
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
    const token = await guest.signIn(user, options.guest_token, {
      rememberMe: options.remember_me ?? false,
      deviceName: options.device_name ?? null,
    });
    return { user: toLoginUserDto(user), ...token };
  }

  return {
    guest,
    /** The guest repository with the merge steps (register merges in its own transaction). */
    guestRepository,

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
     * (`name` required then: 422 after the code is checked, which it leaves unused).
     */
    async verifyOtp(
      input: SignInOptions & { phone: string; code: string; name?: string },
      origin: { ip: string },
    ) {
      const phone = otp.parsePhone(input.phone).e164;
      await consumeOrRefuse(rateLimits.authPerIp, origin.ip);
      await guest.assertMergeable(input.guest_token);
      const result = await otpUnit.inTransaction(async (tx) => {
        // The code first: a wrong one answers alike whether or not the number has an account.
        const check = await otp.check(tx.otp, phone, input.code, {
          purpose: 'sign-in',
          userId: null,
        });
        if (!check.ok) return { kind: 'invalid' as const, reason: check.reason };
        const existing = await tx.otp.userByVerifiedPhone(phone);
        if (!existing && !input.name?.trim()) {
          // Thrown, not returned: the rollback keeps the right code for the retry with a name.
          throw validationError({ name: ['A name is required to create an account.'] });
        }
        const userId =
          existing?.id ??
          (await tx.otp.insertPhoneUser({
            name: input.name?.trim() ?? '',
            phone,
            now: clock.now(),
          }));
        return { kind: 'ok' as const, userId, created: !existing };
      });
      if (result.kind === 'invalid') {
        // The failed attempt is committed above; only then the 422.
        throw new AppError('INVALID_OTP', INVALID_OTP_MESSAGES[result.reason]);
      }
      return { ...(await signInUser(result.userId, input)), created: result.created };
    },

    /**
     * DELETE /auth/account of an account without a password (made by phone code, Apple or
     * Google): `code`, a code POST /auth/otp/request sent to its verified phone (used up), or
     * `id_token` with `provider`, an unused ID token of its linked identity issued within
     * FRESH_ID_TOKEN_MINUTES. Else 422 naming the field (the proofs the account has when none
     * was sent).
     */
    async proveWithoutPassword(
      userId: number,
      proof: {
        code?: string | undefined;
        id_token?: string | undefined;
        provider?: SocialProvider | undefined;
      },
    ): Promise<void> {
      const user = await users.findById(userId);
      if (!user) throw new AppError('UNAUTHENTICATED');
      if (proof.code !== undefined) {
        if (!user.phoneVerifiedAt) {
          throw validationError({
            code: ['This account has no verified phone to send a code to.'],
          });
        }
        const code = proof.code;
        // The wrong attempt is committed (it counts towards ending the code), then the 422.
        const check = await otpUnit.inTransaction((tx) =>
          otp.check(tx.otp, user.phone, code, { purpose: 'sign-in', userId: null }),
        );
        if (!check.ok) throw validationError({ code: [INVALID_OTP_MESSAGES[check.reason]] });
        return;
      }
      if (proof.id_token !== undefined) {
        if (proof.provider === undefined) {
          throw validationError({ provider: ['Say whose ID token id_token is: apple or google.'] });
        }
        const wrongToken = (message: string) => validationError({ id_token: [message] });
        let identity: Awaited<ReturnType<typeof social.verify>>;
        try {
          identity = await social.verify(proof.provider, proof.id_token);
        } catch (error) {
          if (error instanceof AppError && error.errorCode === 'INVALID_SOCIAL_TOKEN') {
            throw wrongToken('The ID token is not valid.');
          }
          throw error;
        }
        const freshSince = clock.now().getTime() - FRESH_ID_TOKEN_MINUTES * 60_000;
        if (identity.issuedAt.getTime() < freshSince) {
          throw wrongToken(
            `Sign in again: the ID token must be at most ${FRESH_ID_TOKEN_MINUTES} minutes old.`,
          );
        }
        const linked = await socialUnit.repos.userOfIdentity(identity.provider, identity.subject);
        if (linked !== userId) {
          throw wrongToken('The ID token is of an account not linked to this one.');
        }
        const unused = await socialUnit.inTransaction((tx) =>
          tx.useToken(identity.tokenHash, identity.expiresAt, clock.now()),
        );
        if (!unused) throw wrongToken('This ID token was already used.');
        return;
      }
      const required = 'Prove the account again to delete it.';
      throw validationError({
        ...(user.phoneVerifiedAt
          ? { code: [`${required} Send the code sent to your phone.`] }
          : {}),
        ...(user.socialProviders.length > 0 || !user.phoneVerifiedAt
          ? { id_token: [`${required} Send a fresh ID token of your linked account.`] }
          : {}),
      });
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
