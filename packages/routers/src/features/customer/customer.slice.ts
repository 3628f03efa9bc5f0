import type { Executor } from '@storefront/db/client';
import type { Clock, FileStorage, RateLimiter } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createUsersRepository, type PasswordHasher, type UsersRepository } from '../auth';
import { createAdminsService } from './admins.service';
import { createCustomerService } from './customer.service';

export interface CustomerSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  users: UsersRepository;
  hasher: PasswordHasher;
  avatarStorage: FileStorage;
  avatarLimiter: RateLimiter;
  revokeAllSessions: (userId: number) => Promise<void>;
  clock: Clock;
  reportBackgroundError?: ((error: unknown) => void) | undefined;
}

/** The customer slice: profiles and avatars, the back office's customers and its own admins. */
export function createCustomerSlice(deps: CustomerSliceDeps) {
  const { users, clock, revokeAllSessions } = deps;
  const { inTransaction } = deps.unitOfWork((executor: Executor) =>
    createUsersRepository(executor),
  );
  return {
    profiles: createCustomerService({
      users,
      inTransaction,
      avatarStorage: deps.avatarStorage,
      avatarLimiter: deps.avatarLimiter,
      ...(deps.reportBackgroundError ? { reportBackgroundError: deps.reportBackgroundError } : {}),
      revokeAllSessions,
      clock,
    }),
    admins: createAdminsService({
      users,
      inTransaction,
      hasher: deps.hasher,
      revokeAllSessions,
      clock,
    }),
  };
}
