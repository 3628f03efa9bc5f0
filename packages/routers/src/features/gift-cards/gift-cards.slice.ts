import type { Executor } from '@storefront/db/client';
import type { Clock, JobEnqueuer, RateLimiter } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createGiftCardsRepository } from './gift-cards.repository';
import { type CartAccess, createGiftCardsService } from './gift-cards.service';
import type { StoreCreditCodes } from './store-credit-code';

export interface GiftCardsSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  lookupLimiter: RateLimiter;
  defaultCurrency: () => Promise<string>;
  /** The cart slice's repository, bound to the same executor (apply/remove lock the cart). */
  cart: (executor: Executor) => CartAccess;
  /** The jobs repository on the same executor (the recipient's e-mail). */
  jobs: (executor: Executor) => JobEnqueuer;
  /** Seals and opens store-credit codes (STORE_CREDIT_CODE_KEY). */
  storeCreditCodes: StoreCreditCodes;
}

/** The gift cards slice: one service for the app's, the cart's and the back office's calls. */
export function createGiftCardsSlice(deps: GiftCardsSliceDeps) {
  const unit = deps.unitOfWork((executor) => ({
    giftCards: createGiftCardsRepository(executor),
    cart: deps.cart(executor),
    jobs: deps.jobs(executor),
  }));
  return createGiftCardsService({
    repo: unit.repos.giftCards,
    inTransaction: unit.inTransaction,
    clock: deps.clock,
    lookupLimiter: deps.lookupLimiter,
    defaultCurrency: deps.defaultCurrency,
    storeCreditCodes: deps.storeCreditCodes,
  });
}

export type GiftCardsSlice = ReturnType<typeof createGiftCardsSlice>;
