import type { Executor } from '@storefront/db/client';
import { createIdempotencyService } from '../../idempotency';
import { createIdempotencyRepository } from '../../idempotency.repository';
import type { BusinessMetrics, Clock, JobEnqueuer, RateLimiter } from '../../ports';
import type { RepositoryFactory, UnitOfWorkFactory } from '../../transactions';
import type { CartRepositories } from '../cart';
import { createStockRepository } from '../catalog';
import { createCouponRedemptionsRepository } from '../coupons';
import { createGiftCardsRepository } from '../gift-cards';
import { createLoyaltyRepository } from '../loyalty';
import { createDocumentCountersRepository, createOrdersRepository } from '../orders';
import { createGatewayOrdersRepository, type PaymentProviders } from '../payments';
import type { TaxReader } from '../tax';
import {
  type CodRefusalFor,
  type DeliveryPromiseFor,
  noCodRules,
  noDeliveryPromise,
} from './checkout.delivery';
import {
  type CheckoutRepositories,
  type CheckoutServiceDeps,
  createCheckoutService,
  type GatewayCustomers,
} from './checkout.service';
import { createPaymentStatus } from './payment-status';
import { createPlaceOrderService } from './place-order.service';
import { createPaymentReconciler } from './reconcile-payment';

export interface CheckoutSliceDeps {
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  /** The cart slice's repositories: checkout works on the same cart. */
  cartRepositories: RepositoryFactory<CartRepositories>;
  jobs: (executor: Executor) => JobEnqueuer;
  addresses: CheckoutServiceDeps['addresses'];
  payments: PaymentProviders;
  gatewayOrderLimiter: RateLimiter;
  isFeatureEnabled: (flag: 'coupons') => Promise<boolean>;
  metrics: BusinessMetrics;
  /** The shop's tax settings: whether and how place-order numbers the invoice. */
  tax: RepositoryFactory<TaxReader>;
  /** Whether and when the shop delivers to an address (delivery's serviceability). */
  deliveryPromise?: DeliveryPromiseFor | undefined;
  /** Why cash on delivery is refused (delivery's COD rules); absent: never. */
  codRefusal?: CodRefusalFor | undefined;
  /** The Razorpay customer of saved cards (payments, composed late: built after checkout). */
  gatewayCustomers?: GatewayCustomers | undefined;
  /** payment-status's look-ups at the gateway: one per gateway order per 10 s. */
  paymentLookUpLimiter: RateLimiter;
  /** The payments reconciler's look-up of one gateway order (late-bound: payments comes later). */
  lookUpGatewayPayment: (gatewayOrderId: string) => Promise<unknown>;
}

/**
 * The checkout slice: the steps, place-order, the Idempotency-Keys it honours, and the
 * reconciliation of the payments the gateway reports.
 */
export function createCheckoutSlice(deps: CheckoutSliceDeps) {
  const { clock, payments, isFeatureEnabled } = deps;
  const deliveryPromise = deps.deliveryPromise ?? noDeliveryPromise;
  const codRefusal = deps.codRefusal ?? noCodRules;
  const unit = deps.unitOfWork<CheckoutRepositories>((executor, scope) => ({
    ...deps.cartRepositories(executor, scope),
    giftCards: createGiftCardsRepository(executor),
    loyalty: createLoyaltyRepository(executor),
    coupons: createCouponRedemptionsRepository(executor),
    stock: createStockRepository(executor),
    orders: createOrdersRepository(executor),
    idempotency: createIdempotencyRepository(executor),
    gatewayOrders: createGatewayOrdersRepository(executor),
    jobs: deps.jobs(executor),
    counters: createDocumentCountersRepository(executor),
    tax: deps.tax(executor, scope),
  }));
  const placeOrder = createPlaceOrderService({
    metrics: deps.metrics,
    repos: unit.repos,
    inTransaction: unit.inTransaction,
    payments,
    clock,
    deliveryPromise,
    codRefusal,
  });
  return {
    steps: createCheckoutService({
      repos: unit.repos,
      addresses: deps.addresses,
      payments,
      gatewayOrderLimiter: deps.gatewayOrderLimiter,
      isFeatureEnabled,
      clock,
      deliveryPromise,
      codRefusal,
      gatewayCustomers: deps.gatewayCustomers,
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
    paymentStatus: createPaymentStatus({
      repos: unit.repos,
      lookUpLimiter: deps.paymentLookUpLimiter,
      lookUp: deps.lookUpGatewayPayment,
    }),
  };
}
