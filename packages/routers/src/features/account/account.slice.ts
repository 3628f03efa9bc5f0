import type { Executor } from '@storefront/db/client';
import type { UnitOfWorkFactory } from '../../transactions';
import type { MailJobs } from '../mail/index';
import { createAccountRepository } from './account.repository';
import { type AccountServiceDeps, createAccountService } from './account.service';

/** Account deletion and data export: the `account` entry of AppServices. */
export function createAccountSlice(
  deps: {
    db: Executor;
    unitOfWork: UnitOfWorkFactory;
    jobs: (executor: Executor) => MailJobs;
  } & Omit<AccountServiceDeps, 'repo' | 'inTransaction'>,
) {
  const { db, unitOfWork, jobs, ...rest } = deps;
  return createAccountService({
    ...rest,
    repo: createAccountRepository(db),
    inTransaction: unitOfWork((executor) => ({
      repo: createAccountRepository(executor),
      jobs: jobs(executor),
    })).inTransaction,
  });
}

export type AccountSlice = ReturnType<typeof createAccountSlice>;
