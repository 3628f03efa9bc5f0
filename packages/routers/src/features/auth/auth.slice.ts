import type { Database, Executor } from '@storefront/db/client';
import type { Clock, RateLimits } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import type { MailJobs } from '../mail';
import { createAuthService } from './auth.service';
import { createLinkTokens } from './link-tokens';
import type { PasswordHasher } from './passwords';
import { type AuthenticatedSession, createSessionStore, type SessionConfig } from './sessions';
import { createSessionsRepository } from './sessions.repository';
import { createUsersRepository } from './users.repository';

export interface AuthSliceDeps {
  db: Database;
  unitOfWork: UnitOfWorkFactory;
  jobs: (executor: Executor) => MailJobs;
  hasher: PasswordHasher;
  rateLimits: RateLimits;
  clock: Clock;
  config: SessionConfig & { passwordResetTtlMinutes: number };
  /** Called for each customer's authenticated request (the sync heartbeat, docs/contract.md §5). */
  onCustomerRequest: () => void;
}

/**
 * The auth slice: accounts (register, login, passwords, verification), sessions, and the link
 * tokens its e-mails carry. `users` is the account repository other slices read profiles with.
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
  const accounts = createAuthService({
    users,
    inTransaction: deps.unitOfWork((executor) => ({
      users: createUsersRepository(executor),
      jobs: deps.jobs(executor),
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
    /**
     * The session of a customer-facing request (procedures and the two Express routes alike):
     * mobile-app traffic is also a sync heartbeat; admin tools' requests are not app
     * connectivity (docs/contract.md §5).
     */
    async customerSession(authorization: string | undefined): Promise<AuthenticatedSession> {
      const session = await sessions.authenticate(authorization);
      if (session.user.role === 'customer') deps.onCustomerRequest();
      return session;
    },
    linkTokens: createLinkTokens({
      users,
      clock,
      config: { passwordResetTtlMinutes: deps.config.passwordResetTtlMinutes },
    }),
  };
}
