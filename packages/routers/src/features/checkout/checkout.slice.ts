import type { Executor } from '@storefront/db/client';
import { createIdempotencyService } from '../../idempotency';
import { createIdempotencyRepository } from '../../idempotency.repository';
import type { JobPort } from '../../jobs-port';
import type { BusinessMetrics, Clock, RateLimiter } from '../../ports';
import type { RepositoryFactory, UnitOfWorkFactory } from '../../transactions';
import type { CartRepositories } from '../cart';
import { createStockRepository } from '../catalog';
import { createCouponRedemptionsRepository } from '../coupons';
import { createOrdersRepository } from '../orders';
import { createGatewayOrdersRepository, type PaymentProviders } from '../payments';
import {
  type CheckoutRepositories,
  type CheckoutServiceDeps,
  createCheckoutService,
} from './checkout.service';
import { createPlaceOrderService } from './place-order.service';

export interface CheckoutSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  /** The cart slice's repositories: checkout works on the same cart. */
  cartRepositories: RepositoryFactory<CartRepositories>;
  jobs: (executor: Executor) => JobPort;
  addresses: CheckoutServiceDeps['addresses'];
  payments: PaymentProviders;
  gatewayOrderLimiter: RateLimiter;
  isFeatureEnabled: (flag: 'coupons') => Promise<boolean>;
  metrics: BusinessMetrics;
}

/** The checkout slice: the steps, place-order, and the Idempotency-Keys it honours. */
export function createCheckoutSlice(deps: CheckoutSliceDeps) {
  const { clock, payments, isFeatureEnabled } = deps;
  const unit = deps.unitOfWork<CheckoutRepositories>((executor, scope) => ({
    ...deps.cartRepositories(executor, scope),
    coupons: createCouponRedemptionsRepository(executor),
    stock: createStockRepository(executor),
    orders: createOrdersRepository(executor),
    idempotency: createIdempotencyRepository(executor),
    gatewayOrders: createGatewayOrdersRepository(executor),
    jobs: deps.jobs(executor),
  }));
  return {
    repos: unit.repos,
    steps: createCheckoutService({
      repos: unit.repos,
      addresses: deps.addresses,
      payments,
      gatewayOrderLimiter: deps.gatewayOrderLimiter,
      isFeatureEnabled,
      clock,
    }),
    placeOrder: createPlaceOrderService({
      metrics: deps.metrics,
      repos: unit.repos,
      inTransaction: unit.inTransaction,
      payments,
      clock,
    }),
    idempotency: createIdempotencyService({ repo: unit.repos.idempotency, clock }),
  };
}
