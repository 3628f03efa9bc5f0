import type { Tracer } from '@opentelemetry/api';
import type { CatalogVersion } from './catalog-version';
import type { AccountSlice } from './features/account';
import type { AddressesService } from './features/addresses';
import type { AiAgentsService, AiService } from './features/ai';
import type { AuditService } from './features/audit';
import type {
  AuthenticatedSession,
  AuthService,
  LinkTokens,
  SessionStore,
  SignInSlice,
} from './features/auth';
import type { CartService } from './features/cart';
import type {
  CatalogAdminService,
  CatalogService,
  CategoriesAdminService,
  ProductPartsService,
} from './features/catalog';
import type { CheckoutService, PaymentStatusService, PlaceOrderService } from './features/checkout';
import type { ContentAdminService, ContentService } from './features/content';
import type { CouponsService } from './features/coupons';
import type { AdminsService, CustomerService, StaffService } from './features/customer';
import type { DashboardService } from './features/dashboard';
import type {
  DeliveryRulesService,
  DeliverySettingsService,
  ServiceabilityService,
} from './features/delivery';
import type { GiftCardsSlice } from './features/gift-cards';
import type { JobsService } from './features/jobs';
import type { LoyaltySlice } from './features/loyalty';
import type { MailService } from './features/mail';
import type { NotificationsSlice } from './features/notifications';
import type { OrderRefunds, OrdersService } from './features/orders';
import type {
  PaymentEvents,
  PaymentLinkReconciler,
  PaymentLinks,
  PaymentReconciler,
  SavedCards,
} from './features/payments';
import type { ReturnsSlice } from './features/returns';
import type { ReviewsService } from './features/reviews';
import type { SearchService } from './features/search';
import type {
  CurrenciesService,
  SettingsService,
  StoreSettingsService,
} from './features/store-settings';
import type { SyncChangesSlice, SyncService } from './features/sync';
import type {
  TaxCategoriesService,
  TaxRatesService,
  TaxRulesService,
  TaxSettingsService,
} from './features/tax';
import type { WishlistService } from './features/wishlist';
import type { IdempotencyClaim, IdempotencyService } from './idempotency';
import type { BusinessMetrics } from './ports';

/** What a procedure knows about the HTTP request, whichever adapter (REST or /trpc) carried it. */
export interface RequestInfo {
  id: string;
  ip: string;
  userAgent: string | undefined;
  /** Raw `Authorization` header. */
  authorization: string | undefined;
  /** Raw `Idempotency-Key` header. */
  idempotencyKey: string | undefined;
  /**
   * REST only: HTTP caching of the public catalogue reads (procedures with `cacheable` meta),
   * which /trpc clients do not use.
   */
  conditional?: {
    /** Raw `If-None-Match` header. */
    ifNoneMatch: string | undefined;
    /** The `Cache-Control` a cacheable 200 or 304 carries. */
    cacheControl: string;
  };
}

/** Lets a procedure choose its success status (201) and extra headers; read by `responseMeta`. */
export interface ResponseControl {
  status: number | undefined;
  headers: Record<string, string>;
}

/** The signed-in side of a request: accounts, sessions, and the app's heartbeat on each. */
export interface AuthServices {
  accounts: AuthService;
  sessions: SessionStore;
  /** Guest sessions, Apple/Google, phone codes, guest merges (auth/sign-in.slice.ts). */
  signIn: SignInSlice;
  /** The tokens of reset and verification links, minted by the mail jobs that send them. */
  linkTokens: LinkTokens;
  /** The session of a customer-facing request; also a sync heartbeat (docs/contract.md §5). */
  customerSession(authorization: string | undefined): Promise<AuthenticatedSession>;
}

/**
 * What procedures can call: one entry per slice, each built by that slice's factory in the
 * composition root (services.ts). A slice with several services groups them under its entry.
 */
export interface AppServices {
  auth: AuthServices;
  customer: {
    profiles: CustomerService;
    admins: AdminsService;
    /** Roles, staff and invitations; what a staff member may do (trpc.ts adminProcedure). */
    staff: StaffService;
    /** Account deletion and the customer's data export (docs/privacy.md). */
    account: AccountSlice;
  };
  addresses: AddressesService;
  catalog: {
    products: CatalogService;
    admin: CatalogAdminService;
    categories: CategoriesAdminService;
    parts: ProductPartsService;
    /** The catalogue's cache token (ETags), bumped after every admin write. */
    version: CatalogVersion;
  };
  search: SearchService;
  content: { banners: ContentService; admin: ContentAdminService };
  storeSettings: {
    admin: StoreSettingsService;
    /** The currencies the app shows prices in. */
    currencies: CurrenciesService;
    features: SettingsService;
  };
  /** Tax's back office: categories, rules (and the India GST preset), settings, country rates. */
  tax: {
    categories: TaxCategoriesService;
    rules: TaxRulesService;
    presetIndiaGst: (input: {
      state?: string | undefined;
    }) => Promise<{ categories_created: number; rules_created: number }>;
    settings: TaxSettingsService;
    rates: TaxRatesService;
  };
  /** Delivery rules (and their CSV import), the delivery and COD settings (docs/delivery.md). */
  delivery: {
    rules: DeliveryRulesService;
    settings: DeliverySettingsService;
    serviceability: ServiceabilityService;
  };
  cart: CartService;
  /** Gift cards: balance, cart apply/remove, the back office's issue/list/get/disable. */
  giftCards: GiftCardsSlice;
  /** Loyalty points: the customer's account, cart points, rates, adjustments, expiry. */
  loyalty: LoyaltySlice;
  coupons: CouponsService;
  checkout: {
    steps: CheckoutService;
    placeOrder: PlaceOrderService;
    idempotency: IdempotencyService;
    /** GET /checkout/payment-status: what became of a gateway order's payment. */
    paymentStatus: PaymentStatusService;
  };
  orders: OrdersService;
  /** Customers' returns: what may come back, quotes, requests; the shop's return policy. */
  returns: ReturnsSlice;
  /** Devices, notification preferences and push notifications (jobs run `deliver`). */
  notifications: NotificationsSlice;
  wishlist: WishlistService;
  reviews: ReviewsService;
  ai: { descriptions: AiService; agents: AiAgentsService };
  sync: {
    /** The app's heartbeat and the connection status. */
    connection: SyncService;
    /** The catalogue change feed (GET /sync/changes) and its compaction. */
    feed: SyncChangesSlice;
  };
  jobs: JobsService;
  /** The admin audit log: rows written by every admin mutation (audit-context.ts), its list. */
  audit: AuditService;
  /** The admin panel's figures. */
  dashboard: DashboardService;
  /** COD orders paid online by Razorpay payment link (issue 40). */
  paymentLinks: PaymentLinks;
  /** Cards saved at Razorpay, and the Razorpay customer they are saved under (issue 40). */
  savedCards: SavedCards;
}

/**
 * What only background work calls (the job workers in apps/api/src/jobs.ts, and the Razorpay
 * webhook's Express route), beside what procedures call.
 */
export interface WorkerServices {
  /** Turns mail jobs into e-mails. */
  mail: MailService;
  payments: {
    /** Razorpay's webhook: stored once, handled by jobs (http/razorpay-webhook.ts, the workers). */
    events: PaymentEvents;
    /** The scheduled look-up of payments no webhook told of (its job in apps/api/src/jobs.ts). */
    reconciler: PaymentReconciler;
    /** Cancelled orders' payment links cancelled at Razorpay (PAYMENT_LINK_CANCEL_QUEUE's job). */
    linkReconciler: PaymentLinkReconciler;
  };
  /** The refund jobs of cancelled paid orders (the orders slice's). */
  refunds: OrderRefunds;
}

/** Everything the composition root builds; procedures see `AppServices` through the context. */
export type Services = AppServices &
  WorkerServices & {
    /** Business events counted for the operators' metrics (ports.ts; counts nothing by default). */
    metrics: BusinessMetrics;
    /** Spans per procedure (trpc.ts) when tracing is on; undefined otherwise. */
    tracer?: Tracer | undefined;
  };

export interface Context {
  services: AppServices;
  /** Spans per procedure (trpc.ts) when tracing is on; undefined otherwise. */
  tracer?: Tracer | undefined;
  request: RequestInfo;
  response: ResponseControl;
  /** Set by the idempotency middleware for procedures with meta `idempotent` (trpc.ts). */
  idempotency?: IdempotencyClaim;
}

export function createResponseControl(): ResponseControl {
  return { status: undefined, headers: {} };
}
