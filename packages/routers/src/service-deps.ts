import type { Tracer } from '@opentelemetry/api';
import type { Database } from '@storefront/db/client';
import type { AiModelProvider } from './features/ai';
import type { PasswordHasher, SignInConfig } from './features/auth';
import type { ServiceabilityCache, ServiceabilityProvider } from './features/delivery';
import type { PaymentConfig } from './features/payments';
import type { FeatureFlags } from './features/store-settings';
import type {
  BusinessMetrics,
  Clock,
  FileStorage,
  JobQueue,
  Mailer,
  PushSender,
  RateLimits,
  SmsSender,
} from './ports';
import type { LinkPolicy } from './zod-helpers';

/** What the composition root (services.ts) is built from: configuration and the adapters. */

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
   * Bounds of the anonymous catalogue reads' answers kept per process (entries, and characters
   * of JSON over all of them); unset or 0 reads the database every time. See catalog-read-cache.ts.
   */
  catalogReadCache?: { maxEntries: number; maxBytes: number };
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
  /** How old a gateway order is before the reconciler asks the gateway about it (default 600 s). */
  paymentReconcileMinAgeSeconds?: number;
  /** Seconds between automatic retries of a refund the gateway failed (default 60). */
  refundRetrySeconds?: number;
  /** Automatic retries of a failed refund after its first attempt (default 3); then the shop's. */
  refundMaxAttempts?: number;
  /** Days the admin audit log keeps its rows (AUDIT_RETENTION_DAYS, default 365). */
  auditRetentionDays?: number;
  /** Days the catalogue change feed keeps its changes (SYNC_RETENTION_DAYS, default 30). */
  syncRetentionDays?: number;
  /** Apple/Google client ids and key sets, phone codes (default: social off, region IN). */
  signIn?: Partial<SignInConfig>;
  /** The app's deep-link base pushes link to (APP_DEEP_LINK_BASE, e.g. `myshop://`). */
  appDeepLinkBase?: string;
  /** Seconds between sending pushes and reading their receipts (default 900). */
  pushReceiptDelaySeconds?: number;
  /** STORE_TIMEZONE: the IANA zone of delivery dates, cut-off and holidays (default UTC). */
  storeTimeZone?: string;
  /** The shop's country (DEFAULT_PHONE_REGION, default IN): postcodes given without one. */
  storeCountry?: string;
  /** SERVICEABILITY_CACHE_TTL in ms (default 6 h) when no cache is given. */
  serviceabilityCacheTtlMs?: number;
  /**
   * STORE_CREDIT_CODE_KEY: the 32-byte AES-256-GCM key store-credit codes are sealed with
   * (docs/returns.md); unset: a development key.
   */
  storeCreditKey?: Buffer;
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
  /** Where serviceability answers are kept (Redis with REDIS_URL); default: memory. */
  serviceabilityCache?: ServiceabilityCache | undefined;
  /** SERVICEABILITY_PROVIDER=shiprocket's adapter; undefined: the shop's own rules (table). */
  serviceabilityProvider?: ServiceabilityProvider | undefined;
}
