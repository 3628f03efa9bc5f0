import { createHash } from 'node:crypto';
import type { Executor } from '@storefront/db/client';
import { createCatalogReadCache, noCatalogReadCache } from './catalog-read-cache';
import { createCatalogVersion } from './catalog-version';
import { createCommerceServices } from './commerce.services';
import type { Services } from './context';
import { createCountCache, createTtlCache } from './count-cache';
import { createAccountSlice } from './features/account';
import { createAddressesSlice } from './features/addresses';
import { createAiSlice, productContextFrom } from './features/ai';
import { createAuditSlice } from './features/audit';
import { createAuthSlice, createPasswordAttempts } from './features/auth';
import { createCartRepository } from './features/cart';
import {
  createCatalogSlice,
  latestShipsInDays,
  productsPerTaxCategory,
  productThumbnails,
  shipsInDaysOf,
} from './features/catalog';
import { createContentSlice } from './features/content';
import { createCouponsSlice } from './features/coupons';
import { createCustomerSlice } from './features/customer';
import { createDashboardSlice } from './features/dashboard';
import {
  createDeliverySlice,
  memoryServiceabilityCache,
  paymentLinkExpiryHours,
} from './features/delivery';
import { storeCreditCodes } from './features/gift-cards';
import { createJobsRepository, createJobsSlice } from './features/jobs';
import { createMailService, enqueueMail } from './features/mail';
import { createNotificationsSlice } from './features/notifications';
import { openCodOrders } from './features/orders';
import { createPaymentProviders, createPaymentsSlice } from './features/payments';
import { createReturnsSlice } from './features/returns';
import { createReviewsSlice, recentReviewsAsJson } from './features/reviews';
import { createSearchSlice } from './features/search';
import { createStoreSettingsSlice, type FeatureFlags } from './features/store-settings';
import { createSyncSlice } from './features/sync';
import { createTaxSlice } from './features/tax';
import { createWishlistSlice } from './features/wishlist';
import { guestOwnership } from './guest-ownership';
import { notificationReads } from './notification-reads';
import { countedMailer, noBusinessMetrics } from './ports';
import type { ServiceDeps } from './service-deps';
import { createUnitOfWork } from './transactions';
import { setLinkPolicy } from './zod-helpers';

/** Tests' and development's key when none is configured (env.ts refuses this in production). */
const DEVELOPMENT_STORE_CREDIT_KEY = createHash('sha256')
  .update('storefront development store credit key')
  .digest();

/**
 * The composition root: builds each slice once per process with its factory, in dependency
 * order; each slice builds its own repositories (docs/architecture.md, "Composition").
 */
export function createServices(deps: ServiceDeps): Services {
  const { db, clock, config } = deps;
  const metrics = deps.metrics ?? noBusinessMetrics;
  const reportBackgroundError = deps.reportBackgroundError;
  setLinkPolicy(config.links ?? { allowHttp: false, appSchemes: [] });
  const unitOfWork = createUnitOfWork(db);
  const jobs = (executor: Executor) => createJobsRepository(executor, deps.jobQueue);
  const counts = createCountCache({ clock, ttlMs: config.countCacheTtlMs ?? 0 });
  // Built search queries follow the lexicon, which changes with the catalogue: same bound.
  const searchQueries = createTtlCache<string>({ clock, ttlMs: config.countCacheTtlMs ?? 0 });

  const storeSettings = createStoreSettingsSlice({
    db,
    clock,
    featureDefaults: config.featureDefaults,
    referenceCacheTtlMs: config.referenceCacheTtlMs ?? 0,
  });
  const tax = createTaxSlice({
    db,
    unitOfWork,
    clock,
    referenceCacheTtlMs: config.referenceCacheTtlMs ?? 0,
    productsPerCategory: productsPerTaxCategory,
  });
  const isFeatureEnabled = (flag: keyof FeatureFlags) =>
    storeSettings.features.isFeatureEnabled(flag);
  const delivery = createDeliverySlice({
    unitOfWork,
    clock,
    timeZone: config.storeTimeZone ?? 'UTC',
    country: config.storeCountry ?? 'IN',
    cache:
      deps.serviceabilityCache ??
      memoryServiceabilityCache({ clock, ttlMs: config.serviceabilityCacheTtlMs ?? 21_600_000 }),
    provider: deps.serviceabilityProvider,
    shippingMethods: () =>
      storeSettings.referenceData(db, { inTransaction: false }).activeShippingMethods(),
    shipsInDays: (item) => shipsInDaysOf(db, item),
    cartProductIds: async (userId) => {
      const carts = createCartRepository(db);
      return (await carts.items((await carts.openCart(userId)).id)).map((item) => item.productId);
    },
    latestShipsInDays: (productIds) => latestShipsInDays(db, productIds),
    reportBackgroundError,
    referenceCacheTtlMs: config.referenceCacheTtlMs ?? 0,
  });
  // The read cache is keyed by the version, and the version forgets it on every change.
  let readCache = noCatalogReadCache;
  const version = createCatalogVersion({
    store: storeSettings.catalogVersionStore,
    clock,
    ttlMs: config.catalogVersionTtlMs ?? 1_000,
    caches: [counts, searchQueries, { clear: () => readCache.clear() }],
    referenceCaches: [storeSettings.cache, tax.cache, delivery.cache],
    ...(reportBackgroundError ? { reportError: reportBackgroundError } : {}),
  });
  readCache = createCatalogReadCache({
    version,
    currency: storeSettings.defaultCurrency,
    maxEntries: config.catalogReadCache?.maxEntries ?? 0,
    maxBytes: config.catalogReadCache?.maxBytes ?? 0,
  });
  const catalog = createCatalogSlice({
    db,
    unitOfWork,
    clock,
    counts,
    reviews: { recentAsJson: recentReviewsAsJson },
    defaultCurrency: storeSettings.defaultCurrency,
    imageStorage: deps.avatarStorage,
    readCache,
    reportBackgroundError,
  });
  const content = createContentSlice({ db, clock });
  const sync = createSyncSlice({
    db,
    clock,
    reportBackgroundError,
    readers: {
      featureFlags: storeSettings.uncachedFeatureFlags,
      currencies: () => storeSettings.currencies.list(),
      categories: () => catalog.uncached.categories(),
      banners: () => content.banners.banners(),
      products: (ids) => catalog.uncached.findProducts(ids),
    },
    retentionDays: config.syncRetentionDays ?? 30,
  });
  const auth = createAuthSlice({
    db,
    unitOfWork,
    jobs,
    hasher: deps.hasher,
    rateLimits: deps.rateLimits,
    sms: deps.sms,
    clock,
    config,
    guests: guestOwnership(db),
    onCustomerRequest: () => {
      if (config.implicitHeartbeat !== false) sync.connection.touch();
    },
  });
  const revokeAllSessions = (userId: number) => auth.sessions.revokeAllForUser(userId);
  const customer = createCustomerSlice({
    unitOfWork,
    users: auth.users,
    hasher: deps.hasher,
    avatarStorage: deps.avatarStorage,
    avatarLimiter: deps.rateLimits.avatarPerCustomer,
    revokeAllSessions,
    clock,
    jobs,
    reportBackgroundError,
  });
  const addresses = createAddressesSlice({ db, unitOfWork, users: auth.users });
  const providers = createPaymentProviders(deps.payments);
  // payment-status (checkout) asks the payments reconciler, built after checkout hands it its
  // handlers: bound late, called only once requests are served.
  let payments: ReturnType<typeof createPaymentsSlice> | undefined;
  const builtPayments = () => {
    if (!payments) throw new Error('The payments slice is used before it is built');
    return payments;
  };
  const codes = storeCreditCodes(config.storeCreditKey ?? DEVELOPMENT_STORE_CREDIT_KEY);
  const { cart, giftCards, loyalty, checkout, orders } = createCommerceServices({
    db,
    storeCreditCodes: codes,
    unitOfWork,
    clock,
    metrics,
    rateLimits: deps.rateLimits,
    storeSettings,
    tax,
    userExists: async (userId) => (await auth.users.findById(userId)) !== undefined,
    addresses,
    providers,
    jobs,
    deliveryPromise: async (postcode, productIds) => {
      const answer = await delivery.serviceability.forCart(
        postcode,
        await latestShipsInDays(db, productIds),
      );
      return {
        deliverable: answer.deliverable,
        postcodeCod: answer.postcodeCod,
        estimatedDelivery: answer.estimated_delivery,
      };
    },
    refundRetry: {
      seconds: config.refundRetrySeconds ?? 60,
      maxAttempts: config.refundMaxAttempts ?? 3,
    },
    lookUpGatewayPayment: async (gatewayOrderId) =>
      payments?.reconciler.reconcileGatewayOrder(gatewayOrderId),
    // Saved cards' Razorpay customer: the payments slice is built after checkout, so late-bound.
    gatewayCustomers: {
      ensure: (userId) => builtPayments().savedCards.gatewayCustomerId(userId),
      known: (userId) => builtPayments().savedCards.knownCustomerId(userId),
    },
    // The customer's side of the COD rules: a verified phone, the COD orders still open.
    codFee: delivery.codFee,
    codRefusal: async (userId, facts) => {
      const [user, open] = await Promise.all([
        auth.users.findById(userId),
        openCodOrders(db, userId),
      ]);
      return delivery.codRefusal({
        ...facts,
        phoneVerified: Boolean(user?.phoneVerifiedAt),
        openCodOrders: open,
      });
    },
  });
  const ai = createAiSlice({
    db,
    provider: deps.aiProvider,
    isEnabled: () => isFeatureEnabled('ai_descriptions'),
    findProduct: async (id) => {
      const product = await catalog.products.findProduct(id);
      return product && productContextFrom(product);
    },
    rateLimiter: deps.rateLimits.aiPerCustomer,
    timeoutMs: config.aiTimeoutMs,
  });

  // Payments parses and stores the webhook's events; checkout reconciles, orders settles refunds;
  // payment links make COD orders prepaid through orders' step (issue 40).
  const paymentsSlice = createPaymentsSlice({
    db,
    unitOfWork,
    jobs,
    handlers: { ...checkout.reconcilePayment, refund: orders.refunds.onGatewayRefund },
    graceSeconds: config.paymentWebhookGraceSeconds ?? 120,
    retentionDays: config.paymentEventRetentionDays ?? 30,
    clock,
    providers,
    reconcileMinAgeSeconds: config.paymentReconcileMinAgeSeconds ?? 600,
    metrics,
    orders: {
      order: orders.paidOnline.orderForLink,
      markPaid: orders.paidOnline.markPaidByLink,
      paymentRefunded: orders.paidOnline.linkPaymentRefunded,
      expiryHours: () => paymentLinkExpiryHours(db),
    },
    sendMail: (job) => enqueueMail(jobs(db), job),
    account: async (userId) => {
      const user = await auth.users.findById(userId);
      return user && { ...user, guest: user.role === 'guest' };
    },
  });
  payments = paymentsSlice;

  return {
    metrics,
    tracer: deps.tracer,
    auth,
    customer: {
      ...customer,
      account: createAccountSlice({
        db,
        unitOfWork,
        jobs,
        hasher: deps.hasher,
        passwordAttempts: createPasswordAttempts(deps.rateLimits.loginFailuresPerEmail),
        proveWithoutPassword: auth.signIn.proveWithoutPassword,
        avatarStorage: deps.avatarStorage,
        cancelOrder: (userId, orderId, reason) => orders.cancel(userId, orderId, reason),
        clock,
        reportBackgroundError,
      }),
    },
    addresses,
    notifications: createNotificationsSlice({
      db,
      unitOfWork,
      jobs,
      sender: deps.pushSender,
      metrics,
      clock,
      config: {
        deepLinkBase: config.appDeepLinkBase ?? 'myshop://',
        receiptDelaySeconds: config.pushReceiptDelaySeconds ?? 900,
      },
      reads: notificationReads,
    }),
    catalog: { ...catalog, version },
    search: createSearchSlice({
      db,
      catalog,
      clock,
      counts,
      queries: searchQueries,
      defaultCurrency: storeSettings.defaultCurrency,
      readCache,
    }),
    content,
    storeSettings,
    tax,
    delivery: {
      rules: delivery.rules,
      settings: delivery.settings,
      serviceability: delivery.serviceability,
    },
    cart: cart.service,
    giftCards,
    loyalty,
    coupons: createCouponsSlice({ db }),
    checkout,
    orders,
    returns: createReturnsSlice({
      unitOfWork,
      orderRepositories: orders.repositories,
      clock,
      storeCreditCodes: codes,
    }),
    wishlist: createWishlistSlice({
      db,
      catalog: catalog.reads,
      addToCart: (userId, input) => cart.service.add(userId, input),
      clock,
      defaultCurrency: storeSettings.defaultCurrency,
    }),
    reviews: createReviewsSlice({ db, unitOfWork, catalog: catalog.reads }),
    ai,
    sync,
    jobs: createJobsSlice({ db, queue: deps.jobQueue }),
    audit: createAuditSlice({
      db,
      clock,
      retentionDays: config.auditRetentionDays ?? 365,
      // The pages with a History section: their admin views give the `before` of a change.
      snapshots: {
        order: async (id) => orders.get(Number(id)),
        product: async (id) => catalog.admin.get(Number(id)),
        customer: async (id) => customer.profiles.adminGet(Number(id)),
      },
    }),
    dashboard: createDashboardSlice({
      db,
      catalogAdmin: catalog.admin,
      defaultCurrency: () =>
        storeSettings.referenceData(db, { inTransaction: false }).defaultCurrency(),
      sync: sync.connection,
      clock,
      timeZone: async () => (await tax.reader.settings()).timeZone,
      thumbnails: (productIds) => productThumbnails(db, productIds),
    }),
    payments: paymentsSlice,
    paymentLinks: paymentsSlice.links,
    savedCards: paymentsSlice.savedCards,
    refunds: orders.refunds,
    mail: createMailService({
      users: auth.users,
      orders,
      linkTokens: auth.linkTokens,
      mailer: countedMailer(deps.mailer, metrics),
      forgetJobField: (jobId, field) => jobs(db).forgetField(jobId, field),
      config: {
        shop: config.shop,
        emailVerifyUrl: config.emailVerifyUrl,
        passwordResetUrl: config.passwordResetUrl,
        passwordResetTtlMinutes: config.passwordResetTtlMinutes,
      },
    }),
  };
}

export type { ServiceConfig, ServiceDeps } from './service-deps';
export type { Services };
