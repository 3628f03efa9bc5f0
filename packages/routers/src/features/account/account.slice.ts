import type { Executor } from '@storefront/db/client';
import type { JobEnqueuer } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { type AccountServiceDeps, createAccountService } from './account.service';
import { createAccountData } from './account-data';

/** Account deletion and data export: the `account` entry of AppServices. */
export function createAccountSlice(
  deps: {
    db: Executor;
    unitOfWork: UnitOfWorkFactory;
    jobs: (executor: Executor) => JobEnqueuer;
  } & Omit<AccountServiceDeps, 'repo' | 'inTransaction'>,
) {
  const { db, unitOfWork, jobs, ...rest } = deps;
  return createAccountService({
    ...rest,
    repo: createAccountData(db),
    inTransaction: unitOfWork((executor) => ({
      repo: createAccountData(executor),
      jobs: jobs(executor),
    })).inTransaction,
  });
}

export type AccountSlice = ReturnType<typeof createAccountSlice>;
