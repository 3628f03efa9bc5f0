import type { Tracer } from '@opentelemetry/api';
import type { Database, Executor } from '@storefront/db/client';
import { createCatalogVersion } from './catalog-version';
import type { AppServices } from './context';
import { createCountCache, createTtlCache } from './count-cache';
import { createAddressesRepository } from './features/addresses/addresses.repository';
import { createAddressesService } from './features/addresses/addresses.service';
import { productContextFrom } from './features/ai/ai.prompt';
import type { AiModelProvider } from './features/ai/ai.service';
import { createAiSlice } from './features/ai/ai.slice';
import { createAuthService } from './features/auth/auth.service';
import { createLinkTokens } from './features/auth/link-tokens';
import type { PasswordHasher } from './features/auth/passwords';
import type { AuthenticatedSession } from './features/auth/sessions';
import { createSessionStore } from './features/auth/sessions';
import { createSessionsRepository } from './features/auth/sessions.repository';
import { createUsersRepository } from './features/auth/users.repository';
import { type CartRepositories, priceCart } from './features/cart/cart.pricing';
import { createCartRepository } from './features/cart/cart.repository';
import { createCartService } from './features/cart/cart.service';
import type { CartCredits } from './features/cart/index';
import { createCatalogSlice } from './features/catalog/catalog.slice';
import { createPurchasablesRepository } from './features/catalog/purchasables.repository';
import { createStockRepository } from './features/catalog/stock.repository';
import { createCheckoutSlice } from './features/checkout/checkout.slice';
import { createContentSlice } from './features/content/content.slice';
import { createCouponRedemptionsRepository } from './features/coupons/coupon-redemptions.repository';
import { createCouponsRepository } from './features/coupons/coupons.repository';
import { createCouponsService } from './features/coupons/coupons.service';
import { createAdminsService } from './features/customer/admins.service';
import { createCustomerService } from './features/customer/customer.service';
import { createDashboardRepository } from './features/dashboard/dashboard.repository';
import { createDashboardService } from './features/dashboard/dashboard.service';
import {
  createGiftCardsRepository,
  createGiftCardsSlice,
  creditFields,
} from './features/gift-cards/index';
import { createJobsRepository } from './features/jobs/jobs.repository';
import { createJobsService } from './features/jobs/jobs.service';
import { createLoyaltyRepository, createLoyaltySlice } from './features/loyalty/index';
import { createMailService } from './features/mail/mail.service';
import { createOrdersRepository } from './features/orders/orders.repository';
import { createOrdersService } from './features/orders/orders.service';
import { createPaymentEvents } from './features/payments/payment-events';
import { createPaymentEventsRepository } from './features/payments/payment-events.repository';
import { createPaymentProviders, type PaymentConfig } from './features/payments/providers';
import { parseRazorpayEvent } from './features/payments/razorpay-events';
import { createRefundsService } from './features/payments/refunds';
import { createReviewsRepository } from './features/reviews/reviews.repository';
import { createReviewsService } from './features/reviews/reviews.service';
import { createSearchRepository } from './features/search/search.repository';
import { createSearchService } from './features/search/search.service';
import { createSettingsRepository } from './features/settings/settings.repository';
import type { FeatureFlags } from './features/settings/settings.schemas';
import { createSettingsService } from './features/settings/settings.service';
import { createCurrenciesService } from './features/store-settings/currencies.service';
import { createReferenceDataRepository } from './features/store-settings/reference-data.repository';
import { createStoreSettingsRepository } from './features/store-settings/store-settings.repository';
import { createStoreSettingsService } from './features/store-settings/store-settings.service';
import { createSyncRepository } from './features/sync/sync.repository';
import { createSyncService } from './features/sync/sync.service';
import { createWishlistRepository } from './features/wishlist/wishlist.repository';
import { createWishlistService } from './features/wishlist/wishlist.service';
import {
  type BusinessMetrics,
  type Clock,
  countedMailer,
  type FileStorage,
  type JobQueue,
  type Mailer,
  noBusinessMetrics,
  type RateLimits,
} from './ports';
import { createReferenceCache } from './reference-cache';
import { createUnitOfWork, type RepositoryFactory } from './transactions';
import { type LinkPolicy, setLinkPolicy } from './zod-helpers';

export interface ServiceConfig {
  /** The page or app deep link the reset e-mail links to (PASSWORD_RESET_URL). */
  passwordResetUrl: string;
  /** The page or app deep link the verification e-mail links to (EMAIL_VERIFY_URL). */
  emailVerifyUrl: string;
  /** The shop as e-mails name and link it (SHOP_NAME, APP_URL). */
  shop: { name: string; url: string };
  tokenTtlSeconds: number;
  rememberTokenTtlSeconds: number;
  passwordResetTtlMinutes: number;
  featureDefaults: FeatureFlags;
  /** How long an AI description may take before it fails with "Timeout". */
  aiTimeoutMs: number;
  /**
   * How long a list's total (`meta.total`) may be reused, in ms; 0 or unset counts on every
   * request. See count-cache.ts.
   */
  countCacheTtlMs?: number;
  /**
   * How long an instance trusts its copy of the catalogue's cache token (ETags), in ms: how late
   * it sees another instance's change. See catalog-version.ts.
   */
  catalogVersionTtlMs?: number;
  /**
   * How long feature flags, the default currency, tax rates and shipping/payment methods may be
   * reused, in ms; 0 or unset reads them on every call. See reference-cache.ts.
   */
  referenceCacheTtlMs?: number;
  /** Whether customers' authenticated requests count as sync heartbeats; default true. */
  implicitHeartbeat?: boolean;
  /** How long a webhook-reported payment waits for the app's own place-order (default 120 s). */
  paymentWebhookGraceSeconds?: number;
  /**
   * Which links inputs accept (http outside production; the app's deep-link schemes for
   * banners). Unset: https only, no app links (zod-helpers.ts LinkPolicy).
   */
  links?: LinkPolicy;
  /** Days Razorpay webhook payloads are kept (default 30). */
  paymentEventRetentionDays?: number;
}

export interface ServiceDeps {
  db: Database;
  clock: Clock;
  config: ServiceConfig;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** The durable job queue e-mails (and later payments) go through. */
  jobQueue: JobQueue;
  avatarStorage: FileStorage;
  rateLimits: RateLimits;
  /** Razorpay when configured, else the development gateway's secret. */
  payments: PaymentConfig;
  /** The configured AI provider; undefined when AI is not configured. */
  aiProvider?: AiModelProvider | undefined;
  /** Failures of background work that must not fail a request (heartbeats, reset e-mails). */
  reportBackgroundError?: (error: unknown) => void;
  /** Business events for the operators' metrics; default: counted nowhere. */
  metrics?: BusinessMetrics | undefined;
  /** A span per procedure when tracing is on; undefined: no tracing, no cost. */
  tracer?: Tracer | undefined;
}

/** Wires every feature's service once per process; procedures reach them through the context. */
export function createServices(deps: ServiceDeps): AppServices {
  const { db, clock, config } = deps;
  const metrics = deps.metrics ?? noBusinessMetrics;
  setLinkPolicy(config.links ?? { allowHttp: false, appSchemes: [] });
  const unitOfWork = createUnitOfWork(db);
  const jobs = (executor: Executor) => createJobsRepository(executor, deps.jobQueue);
  const reference = createReferenceCache({ clock, ttlMs: config.referenceCacheTtlMs ?? 0 });
  const users = createUsersRepository(db);
  const sessionsUnit = unitOfWork(createSessionsRepository);
  const sessions = createSessionStore({
    repo: sessionsUnit.repos,
    inTransaction: sessionsUnit.inTransaction,
    config,
    clock,
  });
  const settingsRepo = createSettingsRepository(db);
  const settings = createSettingsService({
    repo: reference.settings(settingsRepo),
    featureDefaults: config.featureDefaults,
  });
  const auth = createAuthService({
    users,
    inTransaction: unitOfWork((executor) => ({
      users: createUsersRepository(executor),
      jobs: jobs(executor),
    })).inTransaction,
    jobs: jobs(db),
    sessions,
    hasher: deps.hasher,
    rateLimits: deps.rateLimits,
    clock,
  });
  const customer = createCustomerService({
    users,
    inTransaction: unitOfWork(createUsersRepository).inTransaction,
    avatarStorage: deps.avatarStorage,
    avatarLimiter: deps.rateLimits.avatarPerCustomer,
    ...(deps.reportBackgroundError ? { reportBackgroundError: deps.reportBackgroundError } : {}),
    revokeAllSessions: (userId) => sessions.revokeAllForUser(userId),
    clock,
  });
  const addresses = createAddressesService({
    repo: createAddressesRepository(db),
    inTransaction: unitOfWork(createAddressesRepository).inTransaction,
    users,
  });
  const sync = createSyncService({
    repo: createSyncRepository(db),
    clock,
    ...(deps.reportBackgroundError ? { onBackgroundError: deps.reportBackgroundError } : {}),
  });

  const counts = createCountCache({ clock, ttlMs: config.countCacheTtlMs ?? 0 });
  // Built search queries follow the lexicon, which changes with the catalogue: same bound.
  const searchQueries = createTtlCache<string>({ clock, ttlMs: config.countCacheTtlMs ?? 0 });
  const catalogVersion = createCatalogVersion({
    store: {
      read: settingsRepo.readCatalogVersion,
      initialise: settingsRepo.initialiseCatalogVersion,
      write: settingsRepo.writeCatalogVersion,
    },
    clock,
    ttlMs: config.catalogVersionTtlMs ?? 1_000,
    caches: [counts, reference, searchQueries],
    ...(deps.reportBackgroundError ? { reportError: deps.reportBackgroundError } : {}),
  });
  const catalogSlice = createCatalogSlice({ db, unitOfWork, clock, counts });
  const { catalog, reads: catalogRepo } = catalogSlice;
  const search = createSearchService({
    repo: createSearchRepository(db, catalogRepo),
    catalog,
    clock,
    counts,
    queries: searchQueries,
  });
  const cartRepositories: RepositoryFactory<CartRepositories> = (executor, scope) => ({
    cart: createCartRepository(executor),
    purchasables: createPurchasablesRepository(executor),
    coupons: createCouponRedemptionsRepository(executor),
    reference: reference.referenceData(
      createReferenceDataRepository(executor),
      scope.inTransaction,
    ),
  });
  const cartUnit = unitOfWork(cartRepositories);
  const giftCards = createGiftCardsSlice({
    unitOfWork,
    clock,
    isEnabled: () => settings.isFeatureEnabled('gift_cards'),
    guessLimiter: deps.rateLimits.giftCardGuessesPerCustomer,
    jobs,
    defaultCurrency: async () => (await cartUnit.repos.reference.defaultCurrency()) ?? 'USD',
    cart: createCartRepository,
  });
  const loyalty = createLoyaltySlice({
    unitOfWork,
    clock,
    isEnabled: () => settings.isFeatureEnabled('loyalty_points'),
    defaultCurrency: async () => (await cartUnit.repos.reference.defaultCurrency()) ?? 'USD',
    cartTotalCents: async (userId) => {
      const open = await cartUnit.repos.cart.openCart(userId);
      const couponsEnabled = await settings.isFeatureEnabled('coupons');
      return (await priceCart(cartUnit.repos, open, { now: clock.now(), couponsEnabled })).totals
        .totalCents;
    },
    userExists: async (userId) => (await users.findById(userId)) !== undefined,
    cart: createCartRepository,
  });
  // What cards and points pay, after the cart's own totals (points first, then the cards).
  const credits: CartCredits = async (priced) =>
    creditFields(
      await giftCards.cartCredits(
        priced.cart.id,
        priced.totals.totalCents,
        await loyalty.cartLoyalty(priced.cart.id),
      ),
    );
  const cart = createCartService({
    repos: cartUnit.repos,
    inTransaction: cartUnit.inTransaction,
    isFeatureEnabled: (flag) => settings.isFeatureEnabled(flag),
    clock,
    credits,
  });
  const payments = createPaymentProviders(deps.payments);
  const checkoutSlice = createCheckoutSlice({
    metrics,
    unitOfWork,
    clock,
    cartRepositories,
    jobs,
    addresses,
    payments,
    gatewayOrderLimiter: deps.rateLimits.gatewayOrdersPerCustomer,
    isFeatureEnabled: (flag) => settings.isFeatureEnabled(flag),
    credits,
  });
  const checkoutRepos = checkoutSlice.repos;
  const orders = createOrdersService({
    repo: checkoutRepos.orders,
    inTransaction: unitOfWork((executor) => ({
      orders: createOrdersRepository(executor),
      stock: createStockRepository(executor),
      coupons: createCouponRedemptionsRepository(executor),
      jobs: jobs(executor),
      giftCards: createGiftCardsRepository(executor),
      loyalty: createLoyaltyRepository(executor),
    })).inTransaction,
    loyaltyEnabled: () => settings.isFeatureEnabled('loyalty_points'),
    clock,
  });
  const wishlist = createWishlistService({
    repo: createWishlistRepository(db),
    catalog: catalogRepo,
    addToCart: (userId, input) => cart.add(userId, input),
    clock,
  });
  const reviews = createReviewsService({
    repo: createReviewsRepository(db),
    catalog: catalogRepo,
    inTransaction: unitOfWork(createReviewsRepository).inTransaction,
  });
  const { ai, aiAgents } = createAiSlice({
    db,
    provider: deps.aiProvider,
    isEnabled: () => settings.isFeatureEnabled('ai_descriptions'),
    findProduct: async (id) => {
      const product = await catalog.findProduct(id);
      return product && productContextFrom(product);
    },
    rateLimiter: deps.rateLimits.aiPerCustomer,
    timeoutMs: config.aiTimeoutMs,
  });
  const { content, contentAdmin } = createContentSlice({ db, clock });

  return {
    metrics,
    tracer: deps.tracer,
    /** The session of a bearer token; every failure is the same 401. Not a heartbeat. */
    authenticate: (authorization: string | undefined) => sessions.authenticate(authorization),
    /**
     * The session of a customer-facing request (procedures and the two Express routes alike):
     * mobile-app traffic is also a sync heartbeat; admin tools' requests are not app
     * connectivity (docs/contract.md §5).
     */
    async customerSession(authorization: string | undefined): Promise<AuthenticatedSession> {
      const session = await sessions.authenticate(authorization);
      if (config.implicitHeartbeat !== false && session.user.role === 'customer') sync.touch();
      return session;
    },
    sessions,
    settings,
    catalogVersion,
    auth,
    customer,
    addresses,
    sync,
    ai,
    aiAgents,
    catalog,
    catalogAdmin: catalogSlice.catalogAdmin,
    categoriesAdmin: catalogSlice.categoriesAdmin,
    productParts: catalogSlice.productParts,
    search,
    content,
    currencies: createCurrenciesService({ reference: createReferenceDataRepository(db) }),
    contentAdmin,
    cart,
    giftCards,
    loyalty,
    storeSettings: createStoreSettingsService({ repo: createStoreSettingsRepository(db) }),
    coupons: createCouponsService({ repo: createCouponsRepository(db) }),
    checkout: checkoutSlice.checkout,
    placeOrder: checkoutSlice.placeOrder,
    idempotency: checkoutSlice.idempotency,
    orders,
    wishlist,
    reviews,
    jobs: createJobsService({ repo: jobs(db), queue: deps.jobQueue }),
    dashboard: createDashboardService({
      repo: createDashboardRepository(db),
      catalogAdmin: catalogSlice.catalogAdmin,
      defaultCurrency: () => cartUnit.repos.reference.defaultCurrency(),
      sync,
      clock,
    }),
    admins: createAdminsService({
      users,
      inTransaction: unitOfWork(createUsersRepository).inTransaction,
      hasher: deps.hasher,
      revokeAllSessions: (userId) => sessions.revokeAllForUser(userId),
      clock,
    }),
    refunds: createRefundsService({
      orders: checkoutRepos.orders,
      reference: checkoutRepos.reference,
      payments,
      metrics,
    }),
    paymentEvents: createPaymentEvents({
      metrics,
      events: createPaymentEventsRepository(db),
      inTransaction: unitOfWork((executor) => ({
        events: createPaymentEventsRepository(executor),
        jobs: jobs(executor),
      })).inTransaction,
      carts: checkoutRepos.cart,
      gatewayOrders: checkoutRepos.gatewayOrders,
      orders: checkoutRepos.orders,
      placeOrder: checkoutSlice.placeOrder,
      payments,
      jobs: jobs(db),
      graceSeconds: config.paymentWebhookGraceSeconds ?? 120,
      retentionDays: config.paymentEventRetentionDays ?? 30,
      clock,
      parseEvent: parseRazorpayEvent,
    }),
    mail: createMailService({
      users,
      orders: checkoutRepos.orders,
      linkTokens: createLinkTokens({
        users,
        clock,
        config: { passwordResetTtlMinutes: config.passwordResetTtlMinutes },
      }),
      mailer: countedMailer(deps.mailer, metrics),
      config: {
        shop: config.shop,
        emailVerifyUrl: config.emailVerifyUrl,
        passwordResetUrl: config.passwordResetUrl,
        passwordResetTtlMinutes: config.passwordResetTtlMinutes,
      },
    }),
  };
}

export type Services = AppServices;
