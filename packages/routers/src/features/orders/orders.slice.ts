import type { Executor } from '@storefront/db/client';
import type { JobPort } from '../../jobs-port';
import type { Clock } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import type { StockRepository } from '../catalog';
import type { CouponRedemptionsRepository } from '../coupons';
import type { GiftCardsRepository } from '../gift-cards';
import type { LoyaltyRepository } from '../loyalty';
import { createOrdersRepository } from './orders.repository';
import { createOrdersService } from './orders.service';

export interface OrdersSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  /** Cancel gives back what place-order took: the other slices' repositories it undoes with. */
  stock: (executor: Executor) => Pick<StockRepository, 'release'>;
  coupons: (executor: Executor) => Pick<CouponRedemptionsRepository, 'release'>;
  jobs: (executor: Executor) => JobPort;
  /** Cancel gives back gift cards and points; completion earns points (their slices). */
  giftCards: (executor: Executor) => GiftCardsRepository;
  loyalty: (executor: Executor) => LoyaltyRepository;
  loyaltyEnabled: () => Promise<boolean>;
  clock: Clock;
}

/** The orders slice: customers' orders, tracking, invoices, and the back office's order desk. */
export function createOrdersSlice(deps: OrdersSliceDeps) {
  return createOrdersService({
    repo: createOrdersRepository(deps.db),
    inTransaction: deps.unitOfWork((executor) => ({
      orders: createOrdersRepository(executor),
      stock: deps.stock(executor),
      coupons: deps.coupons(executor),
      jobs: deps.jobs(executor),
      giftCards: deps.giftCards(executor),
      loyalty: deps.loyalty(executor),
    })).inTransaction,
    loyaltyEnabled: deps.loyaltyEnabled,
    clock: deps.clock,
  });
}
