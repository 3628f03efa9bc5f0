import type { Tracer } from '@opentelemetry/api';
import type { Database, Executor } from '@storefront/db/client';
import { createCatalogVersion } from './catalog-version';
import type { Services } from './context';
import { createCountCache, createTtlCache } from './count-cache';
import { createAccountSlice } from './features/account';
import { createAddressesSlice } from './features/addresses';
import { type AiModelProvider, createAiSlice, productContextFrom } from './features/ai';
import {
  createAuthSlice,
  createPasswordAttempts,
  type PasswordHasher,
  type SignInConfig,
} from './features/auth';
import {
  type CartCredits,
  createCartRepository,
  createCartSlice,
  noCredits,
  onlyWhereCreditsApplied,
  priceCart,
} from './features/cart';
import {
  createCatalogSlice,
  createPurchasablesRepository,
  createStockRepository,
} from './features/catalog';
import { createCheckoutSlice, createIdempotencyRepository } from './features/checkout';
import { createContentSlice } from './features/content';
import { createCouponRedemptionsRepository, createCouponsSlice } from './features/coupons';
import { createCustomerSlice } from './features/customer';
import { createDashboardSlice } from './features/dashboard';
import {
  createGiftCardsRepository,
  createGiftCardsSlice,
  creditFields,
} from './features/gift-cards';
import { createJobsRepository, createJobsSlice } from './features/jobs';
import { createLoyaltyRepository, createLoyaltySlice } from './features/loyalty';
import { createMailService } from './features/mail';
import { createNotificationsSlice } from './features/notifications';
import { createOrdersSlice } from './features/orders';
import {
  createPaymentProviders,
  createPaymentsSlice,
  type PaymentConfig,
} from './features/payments';
import { createReviewsSlice, recentReviews, recentReviewsOfProducts } from './features/reviews';
import { createSearchSlice } from './features/search';
import { createStoreSettingsSlice, type FeatureFlags } from './features/store-settings';
import { createSyncSlice } from './features/sync';
import { createWishlistSlice } from './features/wishlist';
import { guestOwnership } from './guest-ownership';
import { notificationReads } from './notification-reads';
import {
  type BusinessMetrics,
  type Clock,
  countedMailer,
  type FileStorage,
  type JobQueue,
  type Mailer,
  noBusinessMetrics,
  type PushSender,
  type RateLimits,
  type SmsSender,
} from './ports';
import { createUnitOfWork } from './transactions';
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
   * reused, in ms; 0 or unset reads them on every call. See store-settings/reference-cache.ts.
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
  /** Days the catalogue change feed keeps its changes (SYNC_RETENTION_DAYS, default 30). */
  syncRetentionDays?: number;
  /** Apple/Google client ids and key sets, phone codes (default: social off, region IN). */
  signIn?: Partial<SignInConfig>;
  /** The app's deep-link base pushes link to (APP_DEEP_LINK_BASE, e.g. `myshop://`). */
  appDeepLinkBase?: string;
  /** Seconds between sending pushes and reading their receipts (default 900). */
  pushReceiptDelaySeconds?: number;
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
  /** Expo's push service, or the push outbox. */
  pushSender: PushSender;
  rateLimits: RateLimits;
  /** Razorpay when configured, else the development gateway's secret. */
  payments: PaymentConfig;
  /** The configured AI provider; undefined when AI is not configured. */
  aiProvider?: AiModelProvider | undefined;
  /** Failures of background work that must not fail a request (heartbeats, reset e-mails). */
  reportBackgroundError?: (error: unknown) => void;
  /** Sends the one-time codes' SMS (Twilio, or the outbox). */
  sms: SmsSender;
  /** Business events for the operators' metrics; default: counted nowhere. */
  metrics?: BusinessMetrics | undefined;
  /** A span per procedure when tracing is on; undefined: no tracing, no cost. */
  tracer?: Tracer | undefined;
}

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
  const isFeatureEnabled = (flag: keyof FeatureFlags) =>
    storeSettings.features.isFeatureEnabled(flag);
  const catalog = createCatalogSlice({
    db,
    unitOfWork,
    clock,
    counts,
    reviews: { recent: recentReviews, recentOfProducts: recentReviewsOfProducts },
  });
  const content = createContentSlice({ db, clock });
  const sync = createSyncSlice({
    db,
    clock,
    reportBackgroundError,
    readers: {
      featureFlags: storeSettings.uncachedFeatureFlags,
      currencies: () => storeSettings.currencies.list(),
      categories: () => catalog.products.categories(),
      banners: () => content.banners.banners(),
      products: (ids) => catalog.products.findProducts(ids),
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
    reportBackgroundError,
  });
  const addresses = createAddressesSlice({ db, unitOfWork, users: auth.users });
  const version = createCatalogVersion({
    store: storeSettings.catalogVersionStore,
    clock,
    ttlMs: config.catalogVersionTtlMs ?? 1_000,
    caches: [counts, searchQueries],
    referenceCaches: [storeSettings.cache],
    ...(reportBackgroundError ? { reportError: reportBackgroundError } : {}),
  });
  // Gift cards and points: what they pay of a cart is computed after its totals (their slices).
  let credits: CartCredits | undefined;
  let creditsWithin: ((executor: Executor) => CartCredits) | undefined;
  const cart = createCartSlice({
    unitOfWork,
    purchasables: createPurchasablesRepository,
    coupons: createCouponRedemptionsRepository,
    reference: storeSettings.referenceData,
    idempotency: createIdempotencyRepository,
    isFeatureEnabled,
    clock,
    credits: async (priced) => (credits ? credits(priced) : noCredits(priced)),
    creditsWithin: (executor) => async (priced) =>
      creditsWithin ? creditsWithin(executor)(priced) : noCredits(priced),
  });
  const defaultCurrency = async () => (await cart.reads.reference.defaultCurrency()) ?? 'USD';
  const giftCards = createGiftCardsSlice({
    unitOfWork,
    clock,
    isEnabled: () => isFeatureEnabled('gift_cards'),
    lookupLimiter: deps.rateLimits.giftCardLookupsPerCustomer,
    defaultCurrency,
    cart: createCartRepository,
    jobs,
  });
  const loyalty = createLoyaltySlice({
    unitOfWork,
    clock,
    isEnabled: () => isFeatureEnabled('loyalty_points'),
    defaultCurrency,
    cartTotalCents: async (userId) => {
      const open = await cart.reads.cart.openCart(userId);
      const couponsEnabled = await isFeatureEnabled('coupons');
      return (await priceCart(cart.reads, open, { now: clock.now(), couponsEnabled })).totals
        .totalCents;
    },
    userExists: async (userId) => (await auth.users.findById(userId)) !== undefined,
    cart: createCartRepository,
  });
  // Points first, then the cards (gift-cards/amount-due.ts); each answer remembers what they paid
  // in it, which place-order holds the order to.
  const creditsFrom = (
    cards: typeof giftCards.cartCredits,
    points: Pick<typeof loyalty, 'cartLoyalty' | 'showPoints'>,
  ): CartCredits =>
    onlyWhereCreditsApplied(async (priced) => {
      const applied = await points.cartLoyalty(priced.cart);
      const paid = await cards(priced.cart.id, priced.totals.totalCents, applied);
      await points.showPoints(priced.cart.id, applied, paid.loyaltyPoints);
      return creditFields(paid);
    });
  credits = creditsFrom(giftCards.cartCredits, loyalty);
  creditsWithin = (executor) => {
    const flags = storeSettings.featuresWithin(executor);
    return creditsFrom(
      giftCards.cartCreditsWithin(executor, () => flags.isFeatureEnabled('gift_cards')),
      loyalty.cartLoyaltyWithin(executor, () => flags.isFeatureEnabled('loyalty_points')),
    );
  };
  const providers = createPaymentProviders(deps.payments);
  const checkout = createCheckoutSlice({
    metrics,
    unitOfWork,
    clock,
    cartRepositories: cart.repositories,
    jobs,
    addresses,
    payments: providers,
    gatewayOrderLimiter: deps.rateLimits.gatewayOrdersPerCustomer,
    isFeatureEnabled,
    credits,
  });
  const orders = createOrdersSlice({
    db,
    unitOfWork,
    stock: createStockRepository,
    coupons: createCouponRedemptionsRepository,
    jobs,
    giftCards: createGiftCardsRepository,
    loyalty: createLoyaltyRepository,
    loyaltyEnabled: () => isFeatureEnabled('loyalty_points'),
    clock,
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
    }),
    content,
    storeSettings,
    cart: cart.service,
    giftCards,
    loyalty,
    coupons: createCouponsSlice({ db }),
    checkout,
    orders,
    wishlist: createWishlistSlice({
      db,
      catalog: catalog.reads,
      addToCart: (userId, input) => cart.service.add(userId, input),
      clock,
    }),
    reviews: createReviewsSlice({ db, unitOfWork, catalog: catalog.reads }),
    ai,
    sync,
    jobs: createJobsSlice({ db, queue: deps.jobQueue }),
    dashboard: createDashboardSlice({
      db,
      catalogAdmin: catalog.admin,
      defaultCurrency: () => cart.reads.reference.defaultCurrency(),
      sync: sync.connection,
      clock,
    }),
    payments: createPaymentsSlice({
      db,
      unitOfWork,
      jobs,
      providers,
      carts: checkout.repos.cart,
      gatewayOrders: checkout.repos.gatewayOrders,
      orders: checkout.repos.orders,
      reference: checkout.repos.reference,
      placeOrder: checkout.placeOrder,
      graceSeconds: config.paymentWebhookGraceSeconds ?? 120,
      retentionDays: config.paymentEventRetentionDays ?? 30,
      clock,
      metrics,
    }),
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

export type { Services };
