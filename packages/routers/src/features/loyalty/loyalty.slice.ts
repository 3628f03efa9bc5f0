import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createLoyaltyRepository } from './loyalty.repository';
import { createLoyaltyService, type LoyaltyCartAccess } from './loyalty.service';

export interface LoyaltySliceDeps {
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  isEnabled: () => Promise<boolean>;
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
  const serviceOn = (repo: typeof unit.repos.loyalty, isEnabled: () => Promise<boolean>) =>
    createLoyaltyService({
      repo,
      inTransaction: unit.inTransaction,
      clock: deps.clock,
      isEnabled,
      defaultCurrency: deps.defaultCurrency,
      cartTotalCents: deps.cartTotalCents,
      userExists: deps.userExists,
    });
  return {
    ...serviceOn(unit.repos.loyalty, deps.isEnabled),
    /** The cart's points read (and shown) through a transaction's executor and its flag reader. */
    cartLoyaltyWithin: (executor: Executor, isEnabled: () => Promise<boolean>) => {
      const within = serviceOn(createLoyaltyRepository(executor), isEnabled);
      return { cartLoyalty: within.cartLoyalty, showPoints: within.showPoints };
    },
  };
}

export type LoyaltySlice = ReturnType<typeof createLoyaltySlice>;
