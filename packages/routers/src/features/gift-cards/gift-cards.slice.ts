import type { Executor } from '@storefront/db/client';
import type { Clock, RateLimiter } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import type { MailJobs } from '../mail';
import { createGiftCardsRepository } from './gift-cards.repository';
import { type CartAccess, createGiftCardsService } from './gift-cards.service';

export interface GiftCardsSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  isEnabled: () => Promise<boolean>;
  lookupLimiter: RateLimiter;
  defaultCurrency: () => Promise<string>;
  /** The cart slice's repository, bound to the same executor (apply/remove lock the cart). */
  cart: (executor: Executor) => CartAccess;
  /** The jobs repository on the same executor (the recipient's e-mail). */
  jobs: (executor: Executor) => MailJobs;
}

/** The gift cards slice: one service for the app's, the cart's and the back office's calls. */
export function createGiftCardsSlice(deps: GiftCardsSliceDeps) {
  const unit = deps.unitOfWork((executor) => ({
    giftCards: createGiftCardsRepository(executor),
    cart: deps.cart(executor),
    jobs: deps.jobs(executor),
  }));
  const serviceOn = (repo: typeof unit.repos.giftCards, isEnabled: () => Promise<boolean>) =>
    createGiftCardsService({
      repo,
      inTransaction: unit.inTransaction,
      clock: deps.clock,
      isEnabled,
      lookupLimiter: deps.lookupLimiter,
      defaultCurrency: deps.defaultCurrency,
    });
  return {
    ...serviceOn(unit.repos.giftCards, deps.isEnabled),
    /** The cart's credits read through a transaction's executor and its flag reader. */
    cartCreditsWithin: (executor: Executor, isEnabled: () => Promise<boolean>) =>
      serviceOn(createGiftCardsRepository(executor), isEnabled).cartCredits,
  };
}

export type GiftCardsSlice = ReturnType<typeof createGiftCardsSlice>;
