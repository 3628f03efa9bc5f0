import { z } from 'zod';

/* The building blocks of env.ts's schema: how a variable's text becomes a value. */

export const optionalString = () =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/**
 * Schemes APP_LINK_SCHEMES may not name: web pages are checked as web links (https in
 * production), and these run script, read files or launch other apps (Android's intent:).
 */
export const NEVER_APP_SCHEMES = new Set([
  'http',
  'https',
  'javascript',
  'vbscript',
  'data',
  'blob',
  'file',
  'about',
  'intent',
  'content',
  'ftp',
  'mailto',
  'tel',
  'sms',
]);

/** A comma-separated list; empty entries dropped. */
export const commaList = () =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );

export const positiveInt = (fallback: number) =>
  z.coerce.number().int().positive().default(fallback);

/** Whether Intl knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Variables whose value may be repeated in the error line. Everything else stays out of it: keys
 * and tokens, but also DATABASE_URL / REDIS_URL / OPENAI_BASE_URL, which carry credentials
 * (`postgres://user:password@host`) and would end up in the deploy logs.
 */
export const ECHOED_VARIABLES = new Set([
  'NODE_ENV',
  'PORT',
  'APP_URL',
  'PASSWORD_RESET_URL',
  'EMAIL_VERIFY_URL',
  'SHOP_NAME',
  'JOBS_ENABLED',
  'JOB_CONCURRENCY',
  'JOB_RETRY_DELAY_SECONDS',
  'JOB_RETRY_LIMIT',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_API_URL',
  'REFUND_SPEED',
  'PAYMENT_WEBHOOK_GRACE_SECONDS',
  'PAYMENT_EVENT_RETENTION_DAYS',
  'PAYMENT_RECONCILE_MINUTES',
  'PAYMENT_RECONCILE_MIN_AGE_SECONDS',
  'REFUND_RETRY_SECONDS',
  'REFUND_MAX_ATTEMPTS',
  'GUEST_RETENTION_DAYS',
  'SYNC_RETENTION_DAYS',
  'AUDIT_RETENTION_DAYS',
  'RESEND_API_URL',
  'APPLE_CLIENT_IDS',
  'GOOGLE_CLIENT_IDS',
  'APPLE_JWKS_URL',
  'GOOGLE_JWKS_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_FROM',
  'TWILIO_API_URL',
  'DEFAULT_PHONE_REGION',
  'OTP_COUNTRIES',
  'OTP_LIMIT_PER_COUNTRY_HOUR',
  'EXPO_BASE_URL',
  'APP_DEEP_LINK_BASE',
  'JOB_POLL_SECONDS',
  'JOB_RETENTION_DAYS',
  'RESET_MAILS_PER_ADDRESS_PER_HOUR',
  'MAIL_SENDS_PER_SECOND',
  'DATA_DIR',
  'ADMIN_PANEL_DIR',
  'AI_MODEL',
  'AI_ENABLED',
  'TOKEN_TTL_SECONDS',
  'REMEMBER_TOKEN_TTL_SECONDS',
  'SEED_DEMO',
  'DEMO_SHOP',
  'AUTH_RATE_LIMIT_PER_IP',
  'LOG_LEVEL',
  'TRUST_PROXY_HOPS',
  'DATABASE_POOL_SIZE',
  'DATABASE_TIMEOUT_MS',
  'DATABASE_PREPARED_STATEMENTS',
  'COUNT_CACHE_TTL_MS',
  'CATALOG_CACHE_MAX_AGE_SECONDS',
  'CATALOG_VERSION_TTL_MS',
  'CATALOG_READ_CACHE_MAX_ENTRIES',
  'CATALOG_READ_CACHE_MAX_MB',
  'CORS_ORIGINS',
  'SYNC_IMPLICIT_HEARTBEAT',
  'REFERENCE_CACHE_TTL_MS',
  'STORE_TIMEZONE',
  'SERVICEABILITY_CACHE_TTL',
  'SERVICEABILITY_PROVIDER',
  'SHIPROCKET_PICKUP_POSTCODE',
  'SHIPROCKET_BASE_URL',
  'APP_LINK_SCHEMES',
  'METRICS_PORT',
  'OTEL_EXPORTER_OTLP_ENDPOINT',
]);
