import type { Database, Executor } from '@storefront/db/client';
import type { Clock, JobEnqueuer, RateLimits, SmsSender } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createAuthService } from './auth.service';
import { createLinkTokens } from './link-tokens';
import type { PasswordHasher } from './passwords';
import { type AuthenticatedSession, createSessionStore, type SessionConfig } from './sessions';
import { createSessionsRepository } from './sessions.repository';
import { createSignInSlice, type GuestOwnership, type SignInConfig } from './sign-in.slice';
import { DEFAULT_JWKS_URLS } from './social.service';
import { createStaffRepository } from './staff.repository';
import { createUsersRepository } from './users.repository';

export interface AuthSliceDeps {
  db: Database;
  unitOfWork: UnitOfWorkFactory;
  jobs: (executor: Executor) => JobEnqueuer;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  /** Where sign-in codes go (Twilio, or the SMS outbox). */
  sms: SmsSender;
  clock: Clock;
  config: SessionConfig & {
    passwordResetTtlMinutes: number;
    shop: { name: string };
    /** Apple/Google client ids and key sets, phone codes (default: social off, region IN). */
    signIn?: Partial<SignInConfig> | undefined;
  };
  /** The slices' steps for a guest's merge, and the orders read of its retention. */
  guests: GuestOwnership;
  /** Called for each customer's authenticated request (the sync heartbeat, docs/contract.md §5). */
  onCustomerRequest: () => void;
}

/**
 * The auth slice: accounts (register, login, passwords, verification), sessions, every other way
 * in (sign-in.slice.ts: guests, Apple/Google, phone codes), and the link tokens its e-mails carry. `users` is the account repository other slices read profiles with.
 */
export function createAuthSlice(deps: AuthSliceDeps) {
  const { db, clock } = deps;
  const users = createUsersRepository(db);
  const sessionsUnit = deps.unitOfWork(createSessionsRepository);
  const sessions = createSessionStore({
    repo: sessionsUnit.repos,
    inTransaction: sessionsUnit.inTransaction,
    config: deps.config,
    clock,
  });
  const signIn = createSignInSlice({
    unitOfWork: deps.unitOfWork,
    jobs: deps.jobs,
    users,
    sessions,
    rateLimits: deps.rateLimits,
    sms: deps.sms,
    clock,
    config: {
      social: deps.config.signIn?.social ?? {
        apple: { jwksUrl: DEFAULT_JWKS_URLS.apple, clientIds: [] },
        google: { jwksUrl: DEFAULT_JWKS_URLS.google, clientIds: [] },
      },
      otp: deps.config.signIn?.otp ?? {
        defaultRegion: 'IN',
        countries: [],
        shopName: deps.config.shop.name,
      },
      guestRetentionDays: deps.config.signIn?.guestRetentionDays,
    },
    guests: deps.guests,
  });
  const accounts = createAuthService({
    guest: signIn.guest,
    users,
    inTransaction: deps.unitOfWork((executor) => ({
      users: createUsersRepository(executor),
      jobs: deps.jobs(executor),
      guest: signIn.guestRepository(executor),
    })).inTransaction,
    jobs: deps.jobs(db),
    sessions,
    hasher: deps.hasher,
    rateLimits: deps.rateLimits,
    clock,
  });
  return {
    users,
    accounts,
    sessions,
    signIn,
    /**
     * The session of a customer-facing request (procedures and the two Express routes alike):
     * mobile-app traffic (customers and guests) is also a sync heartbeat; admin tools' requests
     * are not app connectivity (docs/contract.md §5).
     */
    async customerSession(authorization: string | undefined): Promise<AuthenticatedSession> {
      const session = await sessions.authenticate(authorization);
      if (session.user.role !== 'admin') deps.onCustomerRequest();
      return session;
    },
    linkTokens: createLinkTokens({
      users,
      staff: createStaffRepository(deps.db),
      clock,
      config: { passwordResetTtlMinutes: deps.config.passwordResetTtlMinutes },
    }),
  };
}
