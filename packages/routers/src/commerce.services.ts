import type { Database, Executor } from '@storefront/db/client';
import type { AddressesService } from './features/addresses';
import { createCartRepository, createCartSlice } from './features/cart';
import {
  createPurchasablesRepository,
  createStockRepository,
  productThumbnails,
} from './features/catalog';
import {
  type CodRefusalFor,
  createCheckoutSlice,
  type DeliveryPromiseFor,
  type GatewayCustomers,
} from './features/checkout';
import { createCouponRedemptionsRepository } from './features/coupons';
import {
  cartCreditsReader,
  createGiftCardsRepository,
  createGiftCardsSlice,
  type StoreCreditCodes,
} from './features/gift-cards';
import { createLoyaltyRepository, createLoyaltySlice } from './features/loyalty';
import { createOrdersSlice } from './features/orders';
import type { PaymentProviders } from './features/payments';
import type { createStoreSettingsSlice } from './features/store-settings';
import type { TaxSlice } from './features/tax';
import { createIdempotencyRepository } from './idempotency.repository';
import type { BusinessMetrics, Clock, JobEnqueuer, RateLimits } from './ports';
import type { RepositoryFactory, UnitOfWorkFactory } from './transactions';

export interface CommerceDeps {
  db: Database;
  unitOfWork: UnitOfWorkFactory;
  clock: Clock;
  metrics: BusinessMetrics;
  rateLimits: RateLimits;
  storeSettings: ReturnType<typeof createStoreSettingsSlice>;
  /**
   * Tax settings, rules and categories: `tax.readers` gives a reader per executor (cached outside
   * a transaction, read through it inside one), as `storeSettings.referenceData` does.
   */
  tax: TaxSlice;
  userExists: (userId: number) => Promise<boolean>;
  addresses: AddressesService;
  providers: PaymentProviders;
  jobs: (executor: Executor) => JobEnqueuer;
  /** Whether and when the shop delivers to an address (the delivery slice's promise). */
  deliveryPromise: DeliveryPromiseFor;
  /** Why cash on delivery is refused (the delivery slice's COD rules). */
  codRefusal: CodRefusalFor;
  /** Saved cards' Razorpay customer (the payments slice's, built after these). */
  gatewayCustomers?: GatewayCustomers;
  /** Automatic retries of a refund the gateway failed (REFUND_RETRY_SECONDS, REFUND_MAX_ATTEMPTS). */
  refundRetry?: { seconds: number; maxAttempts: number } | undefined;
  /** The payments reconciler's look-up of one gateway order (payment-status). */
  lookUpGatewayPayment: (gatewayOrderId: string) => Promise<unknown>;
  /** Seals and opens store-credit codes (STORE_CREDIT_CODE_KEY). */
  storeCreditCodes: StoreCreditCodes;
  /** The COD fee in cents (the delivery slice's settings), charged on carts paying by COD. */
  codFee?: RepositoryFactory<() => Promise<number>> | undefined;
}

/**
 * The buying slices, in dependency order: the cart (with what gift cards and points pay of it,
 * read from their repositories: cart.credits.ts), gift cards, loyalty, checkout and orders. Each
 * receives finished ports; the rules are in the slices.
 */
export function createCommerceServices(deps: CommerceDeps) {
  const { db, unitOfWork, clock, storeSettings } = deps;
  const isFeatureEnabled = storeSettings.features.isFeatureEnabled;
  const cart = createCartSlice({
    unitOfWork,
    purchasables: createPurchasablesRepository,
    coupons: createCouponRedemptionsRepository,
    reference: storeSettings.referenceData,
    idempotency: createIdempotencyRepository,
    flags: storeSettings.featuresOn,
    credits: cartCreditsReader,
    tax: deps.tax.readers,
    codFee: deps.codFee,
    isFeatureEnabled,
    clock,
  });
  const giftCards = createGiftCardsSlice({
    unitOfWork,
    clock,
    lookupLimiter: deps.rateLimits.giftCardLookupsPerCustomer,
    defaultCurrency: storeSettings.defaultCurrency,
    cart: createCartRepository,
    jobs: deps.jobs,
    storeCreditCodes: deps.storeCreditCodes,
  });
  const loyalty = createLoyaltySlice({
    unitOfWork,
    clock,
    defaultCurrency: storeSettings.defaultCurrency,
    cartTotalCents: cart.service.totalCents,
    userExists: deps.userExists,
    cart: createCartRepository,
  });
  const checkout = createCheckoutSlice({
    metrics: deps.metrics,
    unitOfWork,
    clock,
    cartRepositories: cart.repositories,
    jobs: deps.jobs,
    addresses: deps.addresses,
    payments: deps.providers,
    gatewayOrderLimiter: deps.rateLimits.gatewayOrdersPerCustomer,
    isFeatureEnabled,
    tax: deps.tax.readers,
    deliveryPromise: deps.deliveryPromise,
    codRefusal: deps.codRefusal,
    gatewayCustomers: deps.gatewayCustomers,
    paymentLookUpLimiter: deps.rateLimits.paymentLookUpsPerGatewayOrder,
    lookUpGatewayPayment: deps.lookUpGatewayPayment,
  });
  const orders = createOrdersSlice({
    db,
    unitOfWork,
    stock: createStockRepository,
    coupons: createCouponRedemptionsRepository,
    jobs: deps.jobs,
    giftCards: createGiftCardsRepository,
    loyalty: createLoyaltyRepository,
    loyaltyEnabled: () => isFeatureEnabled('loyalty_points'),
    clock,
    payments: deps.providers,
    reference: cart.reads.reference,
    metrics: deps.metrics,
    tax: deps.tax.readers,
    thumbnails: (productIds) => productThumbnails(db, productIds),
    refundRetry: deps.refundRetry,
  });
  return { cart, giftCards, loyalty, checkout, orders };
}
