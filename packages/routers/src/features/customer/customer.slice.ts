import type { Executor } from '@storefront/db/client';
import type { Clock, FileStorage, JobEnqueuer, RateLimiter } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import {
  createStaffRepository,
  createUsersRepository,
  type PasswordHasher,
  type UsersRepository,
} from '../auth';
import { createAdminsService } from './admins.service';
import { createCustomerService } from './customer.service';
import { createStaffService } from './staff.service';

export interface CustomerSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  users: UsersRepository;
  hasher: PasswordHasher;
  avatarStorage: FileStorage;
  avatarLimiter: RateLimiter;
  revokeAllSessions: (userId: number) => Promise<void>;
  clock: Clock;
  jobs: (executor: Executor) => JobEnqueuer;
  reportBackgroundError?: ((error: unknown) => void) | undefined;
}

/** The customer slice: profiles and avatars, the back office's customers and its own admins. */
export function createCustomerSlice(deps: CustomerSliceDeps) {
  const { users, clock, revokeAllSessions } = deps;
  const { inTransaction } = deps.unitOfWork((executor: Executor) =>
    createUsersRepository(executor),
  );
  const staffUnit = deps.unitOfWork((executor: Executor) => ({
    users: createUsersRepository(executor),
    staff: createStaffRepository(executor),
    jobs: deps.jobs(executor),
  }));
  return {
    staff: createStaffService({
      repos: staffUnit.repos,
      inTransaction: staffUnit.inTransaction,
      hasher: deps.hasher,
      revokeAllSessions,
      clock,
    }),
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
