import type { Executor } from '@storefront/db/client';
import type { BusinessMetrics, Clock, JobEnqueuer } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import type { StockRepository } from '../catalog';
import type { CouponRedemptionsRepository } from '../coupons';
import type { GiftCardsRepository } from '../gift-cards';
import type { LoyaltyRepository } from '../loyalty';
import { createRefundExecution, type PaymentProviders } from '../payments';
import type { ReferenceDataRepository } from '../store-settings';
import { createOrdersRepository } from './orders.repository';
import { createOrdersService } from './orders.service';
import { createOrderRefunds } from './refunds';

export interface OrdersSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  /** Cancel gives back what place-order took: the other slices' repositories it undoes with. */
  stock: (executor: Executor) => Pick<StockRepository, 'release'>;
  coupons: (executor: Executor) => Pick<CouponRedemptionsRepository, 'release'>;
  jobs: (executor: Executor) => JobEnqueuer;
  /** Cancel gives back gift cards and points; completion earns points (their slices). */
  giftCards: (executor: Executor) => GiftCardsRepository;
  loyalty: (executor: Executor) => LoyaltyRepository;
  loyaltyEnabled: () => Promise<boolean>;
  clock: Clock;
  /** Refunds of cancelled paid orders go back the way the order paid, through its provider. */
  payments: PaymentProviders;
  reference: Pick<ReferenceDataRepository, 'paymentMethodType'>;
  metrics: BusinessMetrics;
}

/**
 * The orders slice: customers' orders, tracking, invoices, the back office's order desk, and
 * `refunds`: the refund job and the gateway's news about refunds (run by workers, not procedures).
 */
export function createOrdersSlice(deps: OrdersSliceDeps) {
  const service = createOrdersService({
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
  const refunds = createOrderRefunds({
    orders: createOrdersRepository(deps.db),
    reference: deps.reference,
    refunds: createRefundExecution(deps.payments),
    jobs: deps.jobs(deps.db),
    metrics: deps.metrics,
  });
  return { ...service, refunds };
}
