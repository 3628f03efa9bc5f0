import type { Executor } from '@storefront/db/client';
import type { BusinessMetrics, Clock, RateLimiter } from '../../ports';
import type { RepositoryFactory, UnitOfWorkFactory } from '../../transactions';
import type { CartCredits, CartRepositories } from '../cart';
import { createStockRepository } from '../catalog';
import { createCouponRedemptionsRepository } from '../coupons';
import { createGiftCardsRepository } from '../gift-cards';
import { createLoyaltyRepository } from '../loyalty';
import type { MailJobs } from '../mail';
import { createOrdersRepository } from '../orders';
import { createGatewayOrdersRepository, type PaymentProviders } from '../payments';
import {
  type CheckoutRepositories,
  type CheckoutServiceDeps,
  createCheckoutService,
} from './checkout.service';
import { createIdempotencyService } from './idempotency';
import { createIdempotencyRepository } from './idempotency.repository';
import { createPlaceOrderService } from './place-order.service';
import { createPaymentReconciler } from './reconcile-payment';

export interface CheckoutSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  /** The cart slice's repositories: checkout works on the same cart. */
  cartRepositories: RepositoryFactory<CartRepositories>;
  jobs: (executor: Executor) => MailJobs;
  addresses: CheckoutServiceDeps['addresses'];
  payments: PaymentProviders;
  gatewayOrderLimiter: RateLimiter;
  isFeatureEnabled: (flag: 'coupons' | 'gift_cards' | 'loyalty_points') => Promise<boolean>;
  metrics: BusinessMetrics;
  /** What gift cards and points pay of the cart (shown with it). */
  credits?: CartCredits;
}

/**
 * The checkout slice: the steps, place-order, the Idempotency-Keys it honours, and the
 * reconciliation of the payments the gateway reports.
 */
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
    giftCards: createGiftCardsRepository(executor),
    loyalty: createLoyaltyRepository(executor),
  }));
  const placeOrder = createPlaceOrderService({
    metrics: deps.metrics,
    repos: unit.repos,
    inTransaction: unit.inTransaction,
    payments,
    isFeatureEnabled,
    clock,
  });
  return {
    steps: createCheckoutService({
      repos: unit.repos,
      addresses: deps.addresses,
      payments,
      gatewayOrderLimiter: deps.gatewayOrderLimiter,
      isFeatureEnabled,
      clock,
      ...(deps.credits ? { credits: deps.credits } : {}),
    }),
    placeOrder,
    /** The webhook's captured and failed payments, as payments hands them over. */
    reconcilePayment: createPaymentReconciler({
      carts: unit.repos.cart,
      gatewayOrders: unit.repos.gatewayOrders,
      orders: unit.repos.orders,
      placeOrder,
      payments,
      jobs: unit.repos.jobs,
      metrics: deps.metrics,
    }),
    idempotency: createIdempotencyService({ repo: unit.repos.idempotency, clock }),
  };
}
