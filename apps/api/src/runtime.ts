import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import type { Tracer } from '@opentelemetry/api';
import { type DatabaseHandle, DataDirLockedError, openDatabase } from '@storefront/db/client';
import { createJobBoss, jobQueueOf, type PgBoss } from '@storefront/db/jobs';
import { runMigrations } from '@storefront/db/migrate';
import { seedDemo } from '@storefront/db/seed/demo';
import { createArgon2Hasher, FEATURE_FLAGS, type FeatureFlags } from '@storefront/routers';
import { systemClock } from '@storefront/routers/ports';
import { createServices, type Services } from '@storefront/routers/services';
import type { Redis } from 'ioredis';
import { type DestinationStream, type Logger, pino } from 'pino';
import { createOpenAiModelProvider } from './adapters/ai';
import { createOutboxMailer, createResendMailer } from './adapters/mail';
import { createPushSender } from './adapters/push';
import { createRateLimits } from './adapters/rate-limits';
import { redisServiceabilityCache } from './adapters/serviceability-cache';
import { createShiprocketProvider } from './adapters/shiprocket';
import { createOutboxSms, createTwilioSms } from './adapters/sms';
import { createLocalStorage, createUploadThingStorage } from './adapters/storage';
import type { AppDeps } from './app';
import { type Env, redactUrl, StartupError } from './env';
import { createQueues, startJobWorkers } from './jobs';
import { serializeError } from './log-redaction';
import type { AppMetrics } from './observability/metrics';
import { APP_VERSION } from './version';

/**
 * The demo shop's admin, created with the demo data (never in production: SEED_DEMO is off
 * there), so a fresh `pnpm start` opens the panel at once (README "Admin panel").
 */
export const DEMO_ADMIN = {
  name: 'Demo Admin',
  email: 'admin@demo.storefront.local',
  password: 'storefront-demo',
} as const;

export { APP_VERSION } from './version';

/** Spec 2.14 defaults; `ai_descriptions` follows AI_ENABLED. */
export function featureDefaults(env: Pick<Env, 'AI_ENABLED'>): FeatureFlags {
  const defaults = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, false])) as FeatureFlags;
  return {
    ...defaults,
    wishlist: true,
    reviews: true,
    coupons: true,
    ai_descriptions: env.AI_ENABLED,
  };
}

/** `destination`: where lines go (stdout by default; tests capture them). */
export function createLogger(env: Pick<Env, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: env.LOG_LEVEL,
      redact: {
        paths: ['req.headers.authorization', '*.password', '*.token'],
        censor: '[redacted]',
      },
      // Database errors carry the query's values (e-mail, password hash, token digests).
      serializers: { err: serializeError },
    },
    destination,
  );
}

/** One line naming the setting and what failed, e.g. `…DATABASE_URL=postgres://…: ECONNREFUSED`. */
function databaseStartupError(env: Env, dataDir: string, error: unknown): Error {
  // Already one line naming what to do (another process holds the embedded database).
  if (error instanceof StartupError || error instanceof DataDirLockedError) return error;
  const reason = describeFailure(error);
  return new StartupError(
    env.DATABASE_URL
      ? `Cannot use the database at DATABASE_URL=${redactUrl(env.DATABASE_URL)}: ${reason}`
      : `Cannot open the embedded database in DATA_DIR=${dataDir}: ${reason}`,
  );
}

function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // postgres.js and node put the useful part (ECONNREFUSED, a server message) in different places.
  const code = (error as { code?: string }).code;
  const message = error.message || (error as { cause?: Error }).cause?.message || error.name;
  return code && !message.includes(code) ? `${code} ${message}` : message;
}

export interface Runtime {
  database: DatabaseHandle;
  services: Services;
  /** The job queue (pg-boss); its workers run when JOBS_ENABLED. */
  jobs: PgBoss;
  appDeps: AppDeps;
  redis: Redis | undefined;
  /** Prometheus metrics, when served (METRICS_PORT or METRICS_TOKEN). */
  metrics: AppMetrics | undefined;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Where the drizzle migrations are; default: `packages/db/drizzle` (running from source). */
  migrationsFolder?: string | undefined;
  /** Tracing is on (entry.ts started it): spans per procedure and per query. */
  tracer?: Tracer | undefined;
  /**
   * `api` (default): seeds the demo data when SEED_DEMO, runs the job workers when JOBS_ENABLED.
   * `workers` (work.ts): never seeds (the API does), always runs the workers.
   */
  role?: 'api' | 'workers';
}

/** The composition root: real adapters chosen by configuration, in one place. */
export async function createRuntime(
  env: Env,
  logger: Logger,
  options: RuntimeOptions = {},
): Promise<Runtime> {
  const dataDir = resolve(env.DATA_DIR);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    maxConnections: env.DATABASE_POOL_SIZE,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    timeoutMs: env.DATABASE_TIMEOUT_MS,
    tracer: options.tracer,
  }).catch((error: unknown) => {
    throw databaseStartupError(env, dataDir, error);
  });
  // The first round trip: an unreachable server or a wrong password shows up here.
  await runMigrations(database, options.migrationsFolder).catch(async (error: unknown) => {
    await database.close().catch(() => {});
    throw databaseStartupError(env, dataDir, error);
  });
  const role = options.role ?? 'api';
  const demoSeeded =
    role === 'api' && env.SEED_DEMO && (await seedDemo(database.db, { shop: env.DEMO_SHOP }));
  if (demoSeeded) {
    logger.info({ shop: env.DEMO_SHOP }, 'demo catalogue seeded into the empty database');
  }

  // Loaded only when configured (like UploadThing and PGlite): ~20 MB of RSS otherwise.
  const redis = env.REDIS_URL
    ? new (await import('ioredis')).Redis(env.REDIS_URL, {
        maxRetriesPerRequest: 2,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : undefined;
  redis?.on('error', (error) => logger.warn({ err: error }, 'redis error'));

  // The job queue lives in the same database (its own schema), so a job commits with its order.
  const jobs = createJobBoss(database);
  jobs.on('error', (error) => logger.warn({ err: error }, 'job queue error'));
  try {
    await jobs.start();
    await createQueues(jobs, {
      retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS,
      retryLimit: env.JOB_RETRY_LIMIT,
      retentionDays: env.JOB_RETENTION_DAYS,
      reconcileMinutes: env.PAYMENT_RECONCILE_MINUTES,
    });
  } catch (error) {
    redis?.disconnect();
    await database.close().catch(() => {});
    throw databaseStartupError(env, dataDir, error);
  }

  // Counted only when someone can read them: both unset, /metrics is not served at all.
  const metrics =
    env.METRICS_PORT || env.METRICS_TOKEN
      ? // Loaded only when configured, like Redis: prom-client stays out of a process without it.
        (await import('./observability/metrics')).createDatabaseMetrics(database, (error) =>
          logger.warn({ err: error }, 'a metrics source failed'),
        )
      : undefined;

  const uploadsDir = join(dataDir, 'uploads');
  const services = createServices({
    db: database.db,
    clock: systemClock,
    config: {
      passwordResetUrl: env.PASSWORD_RESET_URL,
      emailVerifyUrl: env.EMAIL_VERIFY_URL,
      paymentWebhookGraceSeconds: env.PAYMENT_WEBHOOK_GRACE_SECONDS,
      paymentEventRetentionDays: env.PAYMENT_EVENT_RETENTION_DAYS,
      paymentReconcileMinAgeSeconds: env.PAYMENT_RECONCILE_MIN_AGE_SECONDS,
      refundRetrySeconds: env.REFUND_RETRY_SECONDS,
      refundMaxAttempts: env.REFUND_MAX_ATTEMPTS,
      syncRetentionDays: env.SYNC_RETENTION_DAYS,
      auditRetentionDays: env.AUDIT_RETENTION_DAYS,
      shop: { name: env.SHOP_NAME, url: env.APP_URL },
      tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
      rememberTokenTtlSeconds: env.REMEMBER_TOKEN_TTL_SECONDS,
      passwordResetTtlMinutes: 60,
      featureDefaults: featureDefaults(env),
      aiTimeoutMs: env.AI_TIMEOUT_SECONDS * 1000,
      countCacheTtlMs: env.COUNT_CACHE_TTL_MS,
      catalogVersionTtlMs: env.CATALOG_VERSION_TTL_MS,
      catalogReadCache: {
        maxEntries: env.CATALOG_READ_CACHE_MAX_ENTRIES,
        maxBytes: env.CATALOG_READ_CACHE_MAX_MB * 1024 * 1024,
      },
      implicitHeartbeat: env.SYNC_IMPLICIT_HEARTBEAT,
      referenceCacheTtlMs: env.REFERENCE_CACHE_TTL_MS,
      storeTimeZone: env.STORE_TIMEZONE,
      storeCountry: env.DEFAULT_PHONE_REGION,
      storeCreditKey: env.STORE_CREDIT_CODE_KEY
        ? createHash('sha256').update(env.STORE_CREDIT_CODE_KEY).digest()
        : undefined,
      serviceabilityCacheTtlMs: env.SERVICEABILITY_CACHE_TTL * 1000,
      links: env.LINK_POLICY,
      signIn: {
        social: {
          apple: { jwksUrl: env.APPLE_JWKS_URL, clientIds: env.APPLE_CLIENT_IDS },
          google: { jwksUrl: env.GOOGLE_JWKS_URL, clientIds: env.GOOGLE_CLIENT_IDS },
        },
        otp: {
          defaultRegion: env.DEFAULT_PHONE_REGION,
          countries: env.OTP_COUNTRIES,
          shopName: env.SHOP_NAME,
        },
        guestRetentionDays: env.GUEST_RETENTION_DAYS,
      },
      appDeepLinkBase: env.APP_DEEP_LINK_BASE,
    },
    aiProvider: env.OPENAI_API_KEY
      ? await createOpenAiModelProvider({
          apiKey: env.OPENAI_API_KEY,
          baseURL: env.OPENAI_BASE_URL,
          defaultModel: env.AI_MODEL,
        })
      : undefined,
    hasher: createArgon2Hasher(),
    jobQueue: jobQueueOf(jobs),
    mailer: env.RESEND_API_KEY
      ? createResendMailer({
          apiKey: env.RESEND_API_KEY,
          from: env.MAIL_FROM,
          sendsPerSecond: env.MAIL_SENDS_PER_SECOND,
          ...(env.RESEND_API_URL ? { baseUrl: env.RESEND_API_URL } : {}),
        })
      : createOutboxMailer(join(dataDir, 'outbox')),
    sms:
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
        ? createTwilioSms({
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            from: env.TWILIO_FROM,
            ...(env.TWILIO_API_URL ? { apiUrl: env.TWILIO_API_URL } : {}),
          })
        : createOutboxSms(join(dataDir, 'sms-outbox')),
    pushSender: await createPushSender({
      expo:
        env.EXPO_ACCESS_TOKEN || env.EXPO_BASE_URL
          ? { accessToken: env.EXPO_ACCESS_TOKEN }
          : undefined,
      outboxDir: join(dataDir, 'push-outbox'),
    }),
    avatarStorage: env.UPLOADTHING_TOKEN
      ? createUploadThingStorage({ token: env.UPLOADTHING_TOKEN })
      : createLocalStorage({ dir: uploadsDir, publicBaseUrl: env.APP_URL }),
    payments: {
      developmentSecret: env.PAYMENT_GATEWAY_SECRET,
      razorpay:
        env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
          ? {
              keyId: env.RAZORPAY_KEY_ID,
              keySecret: env.RAZORPAY_KEY_SECRET,
              apiUrl: env.RAZORPAY_API_URL,
              refundSpeed: env.REFUND_SPEED,
            }
          : undefined,
    },
    reportBackgroundError: (error) => logger.warn({ err: error }, 'background write failed'),
    serviceabilityProvider:
      env.SERVICEABILITY_PROVIDER === 'shiprocket'
        ? createShiprocketProvider({
            baseUrl: env.SHIPROCKET_BASE_URL,
            email: env.SHIPROCKET_EMAIL ?? '',
            password: env.SHIPROCKET_PASSWORD ?? '',
            pickupPostcode: env.SHIPROCKET_PICKUP_POSTCODE ?? '',
            metrics: metrics?.business ?? { serviceability: () => {} },
            warn: (details, message) => logger.warn(details, message),
          })
        : undefined,
    serviceabilityCache: redis
      ? redisServiceabilityCache({ redis, ttlSeconds: env.SERVICEABILITY_CACHE_TTL })
      : undefined,
    metrics: metrics?.business,
    tracer: options.tracer,
    rateLimits: createRateLimits({
      ...(redis ? { redis } : {}),
      authPerIpPerMinute: env.AUTH_RATE_LIMIT_PER_IP,
      aiPerCustomerPerMinute: env.AI_RATE_LIMIT_PER_MINUTE,
      resetMailsPerAddressPerHour: env.RESET_MAILS_PER_ADDRESS_PER_HOUR,
      otpPerCountryPerHour: env.OTP_LIMIT_PER_COUNTRY_HOUR,
    }),
  });

  if (demoSeeded) {
    await services.customer.admins.invite(DEMO_ADMIN);
    logger.info(
      { email: DEMO_ADMIN.email, panel: `${env.APP_URL}/admin` },
      'demo admin created (its password is in the README, "Admin panel")',
    );
  }

  if (role === 'workers' || env.JOBS_ENABLED) {
    await startJobWorkers(jobs, services, logger, {
      concurrency: env.JOB_CONCURRENCY,
      pollSeconds: env.JOB_POLL_SECONDS,
    });
  } else if (!env.DATABASE_URL) {
    // Only a process that opens this DATA_DIR can run its jobs (docs/deploying.md).
    logger.warn(
      'JOBS_ENABLED=false on the embedded database: its jobs wait for a process with workers',
    );
  }

  return {
    database,
    services,
    redis,
    jobs,
    metrics,
    appDeps: {
      services,
      pingDatabase: () => database.ping(),
      logger,
      metrics,
      config: {
        appUrl: env.APP_URL,
        version: APP_VERSION,
        ...(env.UPLOADTHING_TOKEN ? {} : { uploadsDir }),
        trustProxyHops: env.TRUST_PROXY_HOPS,
        catalogCacheMaxAgeSeconds: env.CATALOG_CACHE_MAX_AGE_SECONDS,
        corsOrigins: env.CORS_ORIGINS,
        shopName: env.SHOP_NAME,
        razorpayWebhookSecret: env.RAZORPAY_KEY_ID ? env.RAZORPAY_WEBHOOK_SECRET : undefined,
        adminPanelDir: env.ADMIN_PANEL_DIR,
        // With METRICS_PORT, /metrics is served there only.
        metricsToken: env.METRICS_PORT ? undefined : env.METRICS_TOKEN,
        tracing: options.tracer !== undefined,
      },
    },
    async close() {
      // Jobs in hand finish (or go back to the queue at the timeout) before the database closes.
      await jobs.stop({ graceful: true, timeout: 10_000 });
      redis?.disconnect();
      await database.close();
    },
  };
}
