import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createLoyaltyRepository } from './loyalty.repository';
import { createLoyaltyService, type LoyaltyCartAccess } from './loyalty.service';

export interface LoyaltySliceDeps {
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  defaultCurrency: () => Promise<string>;
  cartTotalCents: (userId: number) => Promise<number>;
  userExists: (userId: number) => Promise<boolean>;
  /** The cart slice's repository, bound to the same executor (apply/remove lock the cart). */
  cart: (executor: Executor) => LoyaltyCartAccess;
}

/** The loyalty slice: the customer's account, cart points, the rates, adjustments and expiry. */
export function createLoyaltySlice(deps: LoyaltySliceDeps) {
  const unit = deps.unitOfWork((executor) => ({
    loyalty: createLoyaltyRepository(executor),
    cart: deps.cart(executor),
  }));
  return createLoyaltyService({
    repo: unit.repos.loyalty,
    inTransaction: unit.inTransaction,
    clock: deps.clock,
    defaultCurrency: deps.defaultCurrency,
    cartTotalCents: deps.cartTotalCents,
    userExists: deps.userExists,
  });
}

export type LoyaltySlice = ReturnType<typeof createLoyaltySlice>;
