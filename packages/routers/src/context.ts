import type { Tracer } from '@opentelemetry/api';
import type { CatalogVersion } from './catalog-version';
import type { AddressesService } from './features/addresses/addresses.service';
import type { AiService } from './features/ai/ai.service';
import type { AiAgentsService } from './features/ai/ai-agents.service';
import type { AuthService } from './features/auth/auth.service';
import type { AuthenticatedSession, SessionStore } from './features/auth/sessions';
import type { CartService } from './features/cart/cart.service';
import type { CatalogService } from './features/catalog/catalog.service';
import type { CatalogAdminService } from './features/catalog/catalog-admin.service';
import type { CategoriesAdminService } from './features/catalog/categories-admin.service';
import type { ProductPartsService } from './features/catalog/product-parts.service';
import type { CheckoutService } from './features/checkout/checkout.service';
import type { IdempotencyClaim, IdempotencyService } from './features/checkout/idempotency';
import type { PlaceOrderService } from './features/checkout/place-order.service';
import type { ContentService } from './features/content/content.service';
import type { ContentAdminService } from './features/content/content-admin.service';
import type { CouponsService } from './features/coupons/coupons.service';
import type { AdminsService } from './features/customer/admins.service';
import type { CustomerService } from './features/customer/customer.service';
import type { DashboardService } from './features/dashboard/dashboard.service';
import type { GiftCardsSlice } from './features/gift-cards/index';
import type { JobsService } from './features/jobs/jobs.service';
import type { LoyaltySlice } from './features/loyalty/index';
import type { MailService } from './features/mail/mail.service';
import type { OrdersService } from './features/orders/orders.service';
import type { PaymentEvents } from './features/payments/payment-events';
import type { RefundsService } from './features/payments/refunds';
import type { ReviewsService } from './features/reviews/reviews.service';
import type { SearchService } from './features/search/search.service';
import type { SettingsService } from './features/settings/settings.service';
import type { CurrenciesService } from './features/store-settings/currencies.service';
import type { StoreSettingsService } from './features/store-settings/store-settings.service';
import type { SyncService } from './features/sync/sync.service';
import type { WishlistService } from './features/wishlist/wishlist.service';
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

/**
 * What procedures can call: one service per concern, each built by its slice's factory in the
 * composition root (services.ts), which must produce exactly this.
 */
export interface AppServices {
  /** Business events counted for the operators' metrics (ports.ts; counts nothing by default). */
  metrics: BusinessMetrics;
  /** Spans per procedure (trpc.ts) when tracing is on; undefined otherwise. */
  tracer?: Tracer | undefined;
  /** The session of a bearer token; every failure is the same 401. Not a heartbeat. */
  authenticate(authorization: string | undefined): Promise<AuthenticatedSession>;
  /** The session of a customer-facing request; also a sync heartbeat (docs/contract.md §5). */
  customerSession(authorization: string | undefined): Promise<AuthenticatedSession>;
  sessions: SessionStore;
  settings: SettingsService;
  catalogVersion: CatalogVersion;
  auth: AuthService;
  customer: CustomerService;
  addresses: AddressesService;
  sync: SyncService;
  ai: AiService;
  aiAgents: AiAgentsService;
  catalog: CatalogService;
  catalogAdmin: CatalogAdminService;
  categoriesAdmin: CategoriesAdminService;
  productParts: ProductPartsService;
  search: SearchService;
  content: ContentService;
  /** The currencies the app shows prices in (store settings, read by the storefront). */
  currencies: CurrenciesService;
  contentAdmin: ContentAdminService;
  cart: CartService;
  /** Gift cards: balance, cart apply/remove, the back office's issue/list/get/disable. */
  giftCards: GiftCardsSlice;
  /** Loyalty points: the customer's account, cart points, rates, adjustments, expiry. */
  loyalty: LoyaltySlice;
  storeSettings: StoreSettingsService;
  coupons: CouponsService;
  checkout: CheckoutService;
  placeOrder: PlaceOrderService;
  idempotency: IdempotencyService;
  orders: OrdersService;
  wishlist: WishlistService;
  reviews: ReviewsService;
  jobs: JobsService;
  /** The admin panel's figures. */
  dashboard: DashboardService;
  /** The back office's own accounts. */
  admins: AdminsService;
  /** Turns mail jobs into e-mails; the job workers call it (apps/api/src/jobs.ts). */
  mail: MailService;
  /** Carries out refund jobs (cancelled paid orders); the job workers call it. */
  refunds: RefundsService;
  /** Razorpay's webhook: stored once, handled by jobs (http/razorpay-webhook.ts, the workers). */
  paymentEvents: PaymentEvents;
}

export interface Context {
  services: AppServices;
  request: RequestInfo;
  response: ResponseControl;
  /** Set by the idempotency middleware for procedures with meta `idempotent` (trpc.ts). */
  idempotency?: IdempotencyClaim;
}

export function createResponseControl(): ResponseControl {
  return { status: undefined, headers: {} };
}
