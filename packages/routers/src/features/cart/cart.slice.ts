import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { RepositoryFactory, UnitOfWorkFactory } from '../../transactions';
import type { CartCreditsReader } from './cart.credits';
import type { CartRepositories } from './cart.priced';
import { createCartRepository } from './cart.repository';
import { createCartService } from './cart.service';

export interface CartSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  /** The other slices' data a cart is priced with, as repository factories of theirs. */
  purchasables: (executor: Executor) => CartRepositories['purchasables'];
  coupons: (executor: Executor) => CartRepositories['coupons'];
  reference: RepositoryFactory<CartRepositories['reference']>;
  /** Idempotency-Keys: cart mutations record their answers (the offline cart's replays). */
  idempotency: (executor: Executor) => CartRepositories['idempotency'];
  /** Feature flags: cached outside a transaction, through its executor inside one. */
  flags: RepositoryFactory<CartRepositories['flags']>;
  /**
   * What gift cards and points pay of a cart, computed after its totals, bound to an executor
   * (gift cards' `cartCreditsReader`; cart.credits.ts).
   */
  credits: (executor: Executor) => CartCreditsReader;
  /** The shop's tax rules and settings (the tax slice's reader; cart.tax.ts). */
  tax: RepositoryFactory<CartRepositories['tax']>;
  /** The cash-on-delivery fee in cents (delivery's settings), charged on COD carts. */
  codFee?: RepositoryFactory<() => Promise<number>> | undefined;
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
    credits: deps.credits(executor),
    tax: deps.tax(executor, scope),
    flags: deps.flags(executor, scope),
    codFee: deps.codFee?.(executor, scope),
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
