import type { Executor } from '@storefront/db/client';
import type { UnitOfWorkFactory } from '../../transactions';
import type { UsersRepository } from '../auth';
import { createAddressesRepository } from './addresses.repository';
import { createAddressesService } from './addresses.service';

/** The addresses slice: each customer's address book. */
export function createAddressesSlice(deps: {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  users: Pick<UsersRepository, 'findById'>;
}) {
  return createAddressesService({
    repo: createAddressesRepository(deps.db),
    inTransaction: deps.unitOfWork(createAddressesRepository).inTransaction,
    users: deps.users,
  });
}
