import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  commaList,
  ECHOED_VARIABLES,
  isTimeZone,
  NEVER_APP_SCHEMES,
  optionalString,
  positiveInt,
} from './env-fields';
import { ConfigError } from './startup-errors';

export { ConfigError, redactUrl, StartupError } from './startup-errors';

/** The development HMAC secret; refused when NODE_ENV=production. */
const DEV_GATEWAY_SECRET = 'dev-gateway-secret-change-me';

/** apps/admin/dist, from src/env.ts and from the bundled dist/main.js alike. */
const DEFAULT_ADMIN_PANEL_DIR = fileURLToPath(new URL('../../admin/dist', import.meta.url));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8000),
    APP_URL: optionalString().pipe(z.url().optional()),
    /**
     * Where the reset e-mail links to, with `token` and `email` added: the app's deep link
     * (`myshop://reset-password`) or the shop's page. Default: APP_URL/reset-password.
     */
    PASSWORD_RESET_URL: optionalString().pipe(z.url().optional()),
    /**
     * Where the verification e-mail links to, with `token` and `email` added: the app's deep
     * link or the shop's page. Default: APP_URL/verify-email.
     */
    EMAIL_VERIFY_URL: optionalString().pipe(z.url().optional()),
    /** The shop's name in e-mails and on invoices. */
    SHOP_NAME: z.string().trim().min(1).max(100).default('Storefront'),
    /** Run job workers (e-mails) in this process; false for an API-only process. */
    JOBS_ENABLED: z.stringbool().default(true),
    /** Jobs one process works on at once. */
    JOB_CONCURRENCY: positiveInt(4),
    /** The first retry's delay of a failed job; later ones double (backoff). */
    JOB_RETRY_DELAY_SECONDS: positiveInt(2),
    /** Retries of a failed job before it is kept as failed; unset: each queue's own (5 / 30). */
    JOB_RETRY_LIMIT: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce.number().int().min(0).max(50).optional(),
    ),
    /** How often an idle worker looks for new jobs (≥ 0.5). */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
    /** How long finished (completed or failed) jobs stay in the job table, in days. */
    JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(90).default(3),
    /** Reset e-mails one address may be sent per hour, whoever asks for them. */
    RESET_MAILS_PER_ADDRESS_PER_HOUR: positiveInt(3),
    DATABASE_URL: optionalString().pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().trim().min(1).default('./.data'),
    /** The built admin panel served at /admin; default: apps/admin/dist in this repository. */
    ADMIN_PANEL_DIR: z.string().trim().min(1).default(DEFAULT_ADMIN_PANEL_DIR),
    REDIS_URL: optionalString().pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// URL')
        .optional(),
    ),
    /**
     * The secret store-credit codes are sealed with (AES-256-GCM, its key the SHA-256 of this;
     * docs/returns.md): a random value of 32 bytes or more, e.g. `openssl rand -base64 32`.
     * Required in production; changing it hides the codes already issued from GET
     * /customer/store-credit (the cards still pay by the code e-mailed).
     */
    STORE_CREDIT_CODE_KEY: optionalString().pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    /** The development gateway's HMAC secret (no Razorpay account): no money moves. */
    PAYMENT_GATEWAY_SECRET: optionalString(),
    /** Razorpay: all three, or none (the development gateway). Required in production. */
    RAZORPAY_KEY_ID: optionalString(),
    RAZORPAY_KEY_SECRET: optionalString(),
    RAZORPAY_WEBHOOK_SECRET: optionalString(),
    /** Razorpay's API address; only changed to point at a stand-in (tests). */
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    /** Razorpay's refund speed: `optimum` (instant where the bank allows) or `normal`. */
    REFUND_SPEED: z.enum(['optimum', 'normal']).default('optimum'),
    /** How long a webhook-reported payment waits for the app's own place-order. */
    PAYMENT_WEBHOOK_GRACE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
    /** Minutes between runs of the payment reconciler (payments no webhook told of). */
    PAYMENT_RECONCILE_MINUTES: z.coerce.number().int().min(1).max(59).default(5),
    /** How old a gateway order is before the reconciler asks Razorpay about it. */
    PAYMENT_RECONCILE_MIN_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
    /** Seconds between automatic retries of a refund Razorpay failed. */
    REFUND_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    /** Automatic retries of a failed refund after its first attempt; then the panel's failed list. */
    REFUND_MAX_ATTEMPTS: z.coerce.number().int().min(0).max(20).default(3),
    /** Days Razorpay webhook payloads (customers' e-mail, phone) are kept; a daily job drops them. */
    PAYMENT_EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Days a guest that never ordered is kept after its last session ended; a daily job deletes it. */
    GUEST_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Days the catalogue change feed keeps changes; a daily job compacts older ones (410 after). */
    SYNC_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Days the admin audit log keeps its rows; a daily job deletes older ones (issue 41). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    RESEND_API_KEY: optionalString(),
    /** Resend's API address; only changed to point at a stand-in (tests). */
    RESEND_API_URL: optionalString().pipe(z.url().optional()),
    MAIL_FROM: z.string().trim().min(3).default('Storefront <no-reply@storefront.local>'),
    /** Resend sends a second from one process, urgent ones first (Resend's own limit is per team). */
    MAIL_SENDS_PER_SECOND: z.coerce.number().positive().max(1000).default(2),
    /** Sign in with Apple: the app's client ids (bundle / services ids); empty: Apple off (422). */
    APPLE_CLIENT_IDS: commaList(),
    GOOGLE_CLIENT_IDS: commaList(),
    /** The providers' key sets (ID tokens' signatures); only changed to point at a stand-in. */
    APPLE_JWKS_URL: z.url().default('https://appleid.apple.com/auth/keys'),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    /** Twilio (phone sign-in codes): all three, or none (each SMS goes to $DATA_DIR/sms-outbox). */
    TWILIO_ACCOUNT_SID: optionalString(),
    TWILIO_AUTH_TOKEN: optionalString(),
    TWILIO_FROM: optionalString(),
    /** Twilio's API address; only changed to point at a stand-in (tests). */
    TWILIO_API_URL: optionalString().pipe(z.url().optional()),
    /** The region of phone numbers typed without +country code (ISO 3166-1 alpha-2). */
    DEFAULT_PHONE_REGION: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be an ISO country code such as IN')
      .default('IN'),
    /** Countries (ISO codes, comma-separated) sign-in codes may be sent to; empty: all. */
    OTP_COUNTRIES: commaList().pipe(
      z.array(
        z
          .string()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'must list ISO country codes such as IN,US'),
      ),
    ),
    /** SMS codes sent per country calling code per hour, whoever asks (SMS pumping). */
    OTP_LIMIT_PER_COUNTRY_HOUR: positiveInt(500),
    /** Expo's push service: an access token (when the Expo project requires one). */
    EXPO_ACCESS_TOKEN: optionalString(),
    /** Expo's push service address; only changed to point at a stand-in (tests). The SDK reads it. */
    EXPO_BASE_URL: optionalString().pipe(z.url().optional()),
    /** The app's deep-link base pushes link to: `${APP_DEEP_LINK_BASE}orders/42`. */
    APP_DEEP_LINK_BASE: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9+.-]*:\/\/(\S*\/)?$/i, 'must be a URL base ending in /, e.g. myshop://')
      .default('myshop://'),
    UPLOADTHING_TOKEN: optionalString(),
    OPENAI_API_KEY: optionalString(),
    OPENAI_BASE_URL: optionalString().pipe(z.url().optional()),
    AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
    AI_ENABLED: z.stringbool().default(false),
    AI_TIMEOUT_SECONDS: positiveInt(30),
    AI_RATE_LIMIT_PER_MINUTE: positiveInt(10),
    TOKEN_TTL_SECONDS: positiveInt(86_400),
    REMEMBER_TOKEN_TTL_SECONDS: positiveInt(2_592_000),
    SEED_DEMO: z.stringbool().optional(),
    /** Which demo shop SEED_DEMO seeds: `india` sells in rupees with GST (docs/gst-invoice.md). */
    DEMO_SHOP: z.enum(['default', 'india']).default('default'),
    AUTH_RATE_LIMIT_PER_IP: positiveInt(30),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Trust X-Forwarded-For from this many proxies (0 behind nothing). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    DATABASE_POOL_SIZE: positiveInt(10),
    /** Bound (ms) on connecting to PostgreSQL and on each query; past it the request gets 503. */
    DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
    /** Named prepared statements; off behind a transaction-mode pooler (PgBouncer). */
    DATABASE_PREPARED_STATEMENTS: z.stringbool().default(true),
    /** How long a list's total may be reused (ms); 0 counts on every request. */
    COUNT_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    /** Catalogue reads: how long clients may reuse a copy without revalidating (0: always ask). */
    CATALOG_CACHE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(0),
    /** How late (ms) an instance may see another instance's catalogue change (ETags). */
    CATALOG_VERSION_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    /** Anonymous catalogue answers kept per process (docs/performance.md); 0 turns the cache off. */
    CATALOG_READ_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
    /** …and at most this many MB of their JSON (the heap holds about 2–3× that). */
    CATALOG_READ_CACHE_MAX_MB: z.coerce.number().int().min(0).max(4_096).default(16),
    /** Comma-separated exact browser origins allowed by CORS; empty: no CORS headers. */
    CORS_ORIGINS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter((origin) => origin !== ''),
      )
      .refine((origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)), {
        message: 'must list origins like https://shop.example.com (scheme and host, no path)',
      }),
    /**
     * The shop's IANA time zone for delivery promises: the order's day, the cut-off hour,
     * holidays and every estimated date (docs/delivery.md). The tax settings' `time_zone` dates
     * invoices; a shop sets both to its own zone.
     */
    STORE_TIMEZONE: z
      .string()
      .default('UTC')
      .refine(isTimeZone, { message: 'must be an IANA time zone such as Asia/Kolkata or UTC' }),
    /** Where serviceability answers come from (docs/delivery.md): the shop's rules or Shiprocket. */
    SERVICEABILITY_PROVIDER: z.enum(['table', 'shiprocket']).default('table'),
    SHIPROCKET_EMAIL: optionalString(),
    SHIPROCKET_PASSWORD: optionalString(),
    /** The warehouse's postcode, Shiprocket's `pickup_postcode`. */
    SHIPROCKET_PICKUP_POSTCODE: optionalString(),
    /** Shiprocket's API root (before `/v1/external`); only changed to point at a stand-in. */
    SHIPROCKET_BASE_URL: z.url().default('https://apiv2.shiprocket.in'),
    /** Seconds a serviceability answer is reused (docs/delivery.md; default 6 h). */
    SERVICEABILITY_CACHE_TTL: z.coerce.number().int().min(1).max(604_800).default(21_600),
    /** How long feature flags, tax rates, currency and shipping/payment methods are reused (ms). */
    REFERENCE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /**
     * Whether every authenticated customer request also counts as a sync heartbeat (docs/contract.md §5).
     * Off only to measure what the implicit heartbeat costs (`pnpm bench`).
     */
    SYNC_IMPLICIT_HEARTBEAT: z.stringbool().default(true),
    /**
     * Comma-separated deep-link schemes of the shop's own apps (`myshop`): the only non-web links
     * a banner may carry. Empty: banners link to https pages only.
     */
    APP_LINK_SCHEMES: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((scheme) => scheme.trim().toLowerCase())
          .filter((scheme) => scheme !== ''),
      )
      .refine(
        (schemes) =>
          schemes.every(
            (scheme) => /^[a-z][a-z0-9+.-]*$/.test(scheme) && !NEVER_APP_SCHEMES.has(scheme),
          ),
        { message: "must list the app's own URL schemes, like myshop (not web or script schemes)" },
      ),
    /**
     * Observability (docs/observability.md). GET /metrics (Prometheus) on this port of its own,
     * without a token: keep it private (not published past the host or cluster network).
     */
    METRICS_PORT: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    /** Without METRICS_PORT: GET /metrics on the API's port for `Authorization: Bearer <this>`. */
    METRICS_TOKEN: optionalString().pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    /** OTLP/HTTP collector (e.g. http://otel-collector:4318): traces exported there; unset: off. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalString().pipe(z.url().optional()),
  })
  .transform((env, ctx) => {
    const razorpay = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;
    const missing = razorpay.filter((name) => !env[name]);
    if (missing.length > 0 && missing.length < razorpay.length) {
      ctx.addIssue({
        code: 'custom',
        path: [missing[0] as string],
        message: 'must be set with the other RAZORPAY_ variables (all three, or none)',
      });
    } else if (env.NODE_ENV === 'production' && missing.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAY_KEY_ID'],
        message:
          'must be set when NODE_ENV=production (the development payment gateway moves no money)',
      });
    }
    if (env.NODE_ENV === 'production' && !env.STORE_CREDIT_CODE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['STORE_CREDIT_CODE_KEY'],
        message: 'must be set when NODE_ENV=production (it seals the store-credit codes)',
      });
    }
    const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
    const twilioMissing = twilio.filter((name) => !env[name]);
    if (twilioMissing.length > 0 && twilioMissing.length < twilio.length) {
      ctx.addIssue({
        code: 'custom',
        path: [twilioMissing[0] as string],
        message: 'must be set with the other TWILIO_ variables (all three, or none)',
      });
    }
    if (env.SERVICEABILITY_PROVIDER === 'shiprocket') {
      const shiprocket = ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_PICKUP_POSTCODE'];
      const absent = shiprocket.filter((name) => !env[name as keyof typeof env]);
      if (absent.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: [absent[0] as string],
          message: 'must be set when SERVICEABILITY_PROVIDER=shiprocket',
        });
      }
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT (unset it to serve /metrics on PORT with METRICS_TOKEN)',
      });
    }
    const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
    return {
      ...env,
      APP_URL: appUrl,
      PASSWORD_RESET_URL: env.PASSWORD_RESET_URL ?? `${appUrl}/reset-password`,
      EMAIL_VERIFY_URL: env.EMAIL_VERIFY_URL ?? `${appUrl}/verify-email`,
      PAYMENT_GATEWAY_SECRET: env.PAYMENT_GATEWAY_SECRET ?? DEV_GATEWAY_SECRET,
      SEED_DEMO: env.SEED_DEMO ?? env.NODE_ENV !== 'production',
      /** The links inputs accept: http web links only outside production. */
      LINK_POLICY: { allowHttp: env.NODE_ENV !== 'production', appSchemes: env.APP_LINK_SCHEMES },
    };
  });

export type Env = z.infer<typeof EnvSchema>;

/**
 * The only reader of process.env. A bad value stops start-up with one line naming the
 * variable, e.g. `Invalid configuration: PORT must be at most 65535 (got "70000")`.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue?.path.join('.') || 'environment';
  const raw = source[name];
  const shown = raw === undefined || !ECHOED_VARIABLES.has(name) ? '' : ` (got "${raw}")`;
  throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
}

/** The environment for a child process this one starts (scripts): ours plus `overrides`. */
export function childProcessEnv(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}
