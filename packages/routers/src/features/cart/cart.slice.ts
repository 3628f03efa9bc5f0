import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { RepositoryFactory, UnitOfWorkFactory } from '../../transactions';
import type { CartRepositories } from './cart.priced';
import { createCartRepository } from './cart.repository';
import { createCartService } from './cart.service';

export interface CartSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  /** The other slices' data a cart is priced with, as repository factories of theirs. */
  purchasables: (executor: Executor) => CartRepositories['purchasables'];
  coupons: (executor: Executor) => CartRepositories['coupons'];
  reference: RepositoryFactory<CartRepositories['reference']>;
  /** Idempotency-Keys are checkout's store; cart mutations record their answers there too. */
  idempotency: (executor: Executor) => CartRepositories['idempotency'];
  isFeatureEnabled: (flag: 'coupons') => Promise<boolean>;
  clock: Clock;
}

/**
 * The cart slice. `repositories` is what a cart is read and priced with, in or out of a
 * transaction; checkout builds its own unit of work on it, as it works on the same cart.
 */
export function createCartSlice(deps: CartSliceDeps) {
  const repositories: RepositoryFactory<CartRepositories> = (executor, scope) => ({
    cart: createCartRepository(executor),
    purchasables: deps.purchasables(executor),
    coupons: deps.coupons(executor),
    reference: deps.reference(executor, scope),
    idempotency: deps.idempotency(executor),
  });
  const unit = deps.unitOfWork(repositories);
  return {
    repositories,
    reads: unit.repos,
    service: createCartService({
      repos: unit.repos,
      inTransaction: unit.inTransaction,
      isFeatureEnabled: deps.isFeatureEnabled,
      clock: deps.clock,
    }),
  };
}
