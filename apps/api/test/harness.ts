import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tracer } from '@opentelemetry/api';
import type { Executor } from '@storefront/db/client';
import { createJobBoss, jobQueueOf } from '@storefront/db/jobs';
import { type StaffRolePreset, staffRoles, users } from '@storefront/db/schema';
import { openTestDatabase, type TestDatabase } from '@storefront/db/testing';
import type { ServiceabilityProvider } from '@storefront/routers';
import {
  type AiModelProvider,
  createArgon2Hasher,
  type PasswordHasher,
  type RazorpayConfig,
} from '@storefront/routers';
import { buildOpenApiDocument } from '@storefront/routers/openapi';
import type {
  Clock,
  FileStorage,
  JobQueue,
  Mailer,
  MailMessage,
  RateLimits,
  SmsSender,
} from '@storefront/routers/ports';
import { type BusinessMetrics, noBusinessMetrics } from '@storefront/routers/ports';
import type { AppRouter } from '@storefront/routers/root';
import { createServices, type ServiceConfig, type Services } from '@storefront/routers/services';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import { type Logger, pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createOutboxMailer } from '../src/adapters/mail';
import { createPushSender } from '../src/adapters/push';
import { createRateLimits } from '../src/adapters/rate-limits';
import { createOutboxSms } from '../src/adapters/sms';
import { createLocalStorage } from '../src/adapters/storage';
import { createApp } from '../src/app';
import { answerClientErrors } from '../src/http/errors';
import { createQueues, startJobWorkers } from '../src/jobs';
import { createDatabaseMetrics } from '../src/observability/metrics';
import { featureDefaults } from '../src/runtime';
import { createOpenApiValidator } from './openapi-validator';
import type { Requester } from './support/api-client';

export const APP_URL = 'http://shop.test';

/** The `token` of the first link in an e-mail's text that carries one (reset, verification). */
export function linkToken(mail: MailMessage): string {
  const link = /\S+[?&]token=\S+/.exec(mail.text)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no link with a token in the e-mail "${mail.subject}"`);
  return token;
}

const matches = (value: string, pattern: string | RegExp) =>
  typeof pattern === 'string' ? value === pattern : pattern.test(value);

/** For apps over a database the test supplied: nothing can be queued there. */
const NO_QUEUE: JobQueue = {
  send: async () => {
    throw new Error('this test app has no job queue');
  },
  retry: async () => {},
};
export const TEST_GATEWAY_SECRET = 'test-gateway-secret';

export interface TestAppOptions {
  config?: Partial<ServiceConfig>;
  rateLimits?: RateLimits;
  mailer?: Mailer;
  /** Default: the SMS outbox (`smsTo`). */
  sms?: SmsSender;
  avatarStorage?: FileStorage;
  clock?: Clock;
  aiProvider?: AiModelProvider;
  /** Run over this database instead of a fresh migrated one (e.g. an unreachable server). */
  database?: TestDatabase;
  /** Browser origins allowed by CORS (CORS_ORIGINS); none by default, as in production. */
  corsOrigins?: string[];
  /** Where the app logs (silent by default). */
  logger?: Logger;
  /** Password hashing; default: argon2id with cheap test parameters. */
  hasher?: PasswordHasher;
  /**
   * Job workers (e-mails) in this app, as in production (default true; polling every 0.5 s,
   * retries 1 s apart). false: jobs are queued and wait (tests that inspect the queue).
   */
  jobWorkers?: boolean;
  /** Retries of a failed job before it is kept as failed (default: each queue's own). */
  jobRetryLimit?: number;
  /** Card and wallet through Razorpay (a stand-in's URL) instead of the development gateway. */
  razorpay?: RazorpayConfig;
  /** Serves Razorpay's webhook with this secret. */
  razorpayWebhookSecret?: string;
  /** Serves the built admin panel from this folder at /admin. */
  adminPanelDir?: string;
  /** Trust X-Forwarded-For from this many proxies (TRUST_PROXY_HOPS): requests "from" many IPs. */
  trustProxyHops?: number;
  /** Prometheus metrics on (as with METRICS_PORT / METRICS_TOKEN): the app's `metrics`. */
  metrics?: boolean;
  /** GET /metrics on the app for this bearer token (METRICS_TOKEN); needs `metrics`. */
  metricsToken?: string;
  /** Tracing on: spans per procedure (the test started the SDK; see tracing.test.ts). */
  tracer?: Tracer;
  /**
   * Pushes through Expo's SDK (the test set EXPO_BASE_URL to a stand-in before the first app
   * of its file) instead of the push outbox.
   */
  expoPush?: boolean;
  /** A courier serviceability provider (the Shiprocket adapter on a stand-in); default: rules. */
  serviceabilityProvider?: (metrics: BusinessMetrics) => ServiceabilityProvider;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * A whole app on a database of its own: real services, real adapters writing to a temporary
 * folder, cheap argon2 parameters. `request` validates every JSON response against the served
 * OpenAPI document, so each test also proves the document.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database: TestDatabase = options.database ?? (await openTestDatabase());
  const dir = mkdtempSync(join(tmpdir(), 'sf-app-'));
  const outboxDir = join(dir, 'outbox');
  const smsOutboxDir = join(dir, 'sms-outbox');
  const pushOutboxDir = join(dir, 'push-outbox');
  const uploadsDir = join(dir, 'uploads');
  const logger = options.logger ?? pino({ level: 'silent' });
  // The real queue on the test database; a database given by the test (an unreachable server,
  // fault tests) gets none: its writes fail before they would queue anything.
  const jobs = options.database ? undefined : createJobBoss(database);
  if (jobs) {
    jobs.on('error', () => {});
    await jobs.start();
    await createQueues(jobs, {
      retryDelaySeconds: 1,
      retryLimit: options.jobRetryLimit,
      retentionDays: 3,
    });
  }
  const metrics = options.metrics ? createDatabaseMetrics(database) : undefined;
  const services: Services = createServices({
    db: database.db,
    clock: options.clock ?? { now: () => new Date() },
    config: {
      passwordResetUrl: `${APP_URL}/reset-password`,
      tokenTtlSeconds: 86_400,
      rememberTokenTtlSeconds: 2_592_000,
      passwordResetTtlMinutes: 60,
      featureDefaults: featureDefaults({ AI_ENABLED: false }),
      aiTimeoutMs: 5_000,
      emailVerifyUrl: `${APP_URL}/verify-email`,
      shop: { name: 'Test Shop', url: APP_URL },
      pushReceiptDelaySeconds: 1,
      ...options.config,
    },
    jobQueue: jobs ? jobQueueOf(jobs) : NO_QUEUE,
    serviceabilityProvider: options.serviceabilityProvider?.(
      metrics?.business ?? noBusinessMetrics,
    ),
    hasher: options.hasher ?? createArgon2Hasher({ memoryCost: 256, timeCost: 1 }),
    mailer: options.mailer ?? createOutboxMailer(outboxDir),
    sms: options.sms ?? createOutboxSms(smsOutboxDir),
    pushSender: await createPushSender({
      expo: options.expoPush ? {} : undefined,
      outboxDir: pushOutboxDir,
    }),
    avatarStorage:
      options.avatarStorage ?? createLocalStorage({ dir: uploadsDir, publicBaseUrl: APP_URL }),
    rateLimits:
      options.rateLimits ??
      createRateLimits({
        authPerIpPerMinute: 10_000,
        aiPerCustomerPerMinute: 10_000,
        avatarPerCustomerPerHour: 10_000,
      }),
    aiProvider: options.aiProvider,
    payments: { developmentSecret: TEST_GATEWAY_SECRET, razorpay: options.razorpay },
    metrics: metrics?.business,
    tracer: options.tracer,
  });
  if (jobs && options.jobWorkers !== false) {
    await startJobWorkers(jobs, services, logger, { concurrency: 2, pollSeconds: 0.5 });
  }
  const app: Express = createApp({
    services,
    pingDatabase: () => database.ping(),
    logger,
    metrics,
    config: {
      appUrl: APP_URL,
      version: 'test',
      uploadsDir,
      corsOrigins: options.corsOrigins,
      razorpayWebhookSecret: options.razorpayWebhookSecret,
      adminPanelDir: options.adminPanelDir,
      trustProxyHops: options.trustProxyHops,
      metricsToken: options.metricsToken,
      tracing: options.tracer !== undefined,
    },
  });
  const validate = createOpenApiValidator(
    buildOpenApiDocument({ baseUrl: `${APP_URL}/api/v1`, version: 'test' }),
  );

  /** E-mails written to the outbox, oldest first (by write time: job ids name the files). */
  function readOutbox(): MailMessage[] {
    let names: string[] = [];
    try {
      names = readdirSync(outboxDir);
    } catch {
      return [];
    }
    return names
      .map((name) => ({ name, at: statSync(join(outboxDir, name)).mtimeMs }))
      .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name))
      .map(({ name }) => JSON.parse(readFileSync(join(outboxDir, name), 'utf8')));
  }

  /** SMS written to the SMS outbox, oldest first. */
  function readSmsOutbox(): { to: string; body: string }[] {
    let names: string[] = [];
    try {
      names = readdirSync(smsOutboxDir);
    } catch {
      return [];
    }
    return names
      .map((name) => ({ name, at: statSync(join(smsOutboxDir, name)).mtimeMs }))
      .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name))
      .map(({ name }) => JSON.parse(readFileSync(join(smsOutboxDir, name), 'utf8')));
  }

  async function request(method: string, path: string, opts: RequestOptions = {}) {
    const url = `/api/v1${path}`;
    let call = supertest(app)[method.toLowerCase() as 'get'](url);
    if (opts.token) call = call.set('Authorization', `Bearer ${opts.token}`);
    for (const [name, value] of Object.entries(opts.headers ?? {})) call = call.set(name, value);
    const res = opts.body === undefined ? await call : await call.send(opts.body as object);
    if (res.headers['content-type']?.includes('application/json')) {
      validate(method, url, res.status, res.body, res.headers);
    }
    return res;
  }

  return {
    app,
    database,
    db: database.db,
    services,
    metrics,
    outboxDir,
    uploadsDir,
    request,
    validate,
    /** Starts a real HTTP server on a free port (for tRPC clients and SDKs). */
    async listen(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
      const server = app.listen(0, '127.0.0.1');
      answerClientErrors(server);
      await new Promise<void>((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      return {
        baseUrl: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
    },
    /** E-mails written to the outbox, oldest first. */
    outbox: readOutbox,
    pushOutboxDir,
    /** Pushes written to the push outbox (no Expo configured), oldest first. */
    pushOutbox(): Array<{
      to: string;
      title: string;
      body: string;
      data: Record<string, unknown>;
    }> {
      let names: string[] = [];
      try {
        names = readdirSync(pushOutboxDir);
      } catch {
        return [];
      }
      return names
        .map((name) => ({ name, at: statSync(join(pushOutboxDir, name)).mtimeMs }))
        .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name))
        .map(({ name }) => JSON.parse(readFileSync(join(pushOutboxDir, name), 'utf8')));
    },
    jobs,
    /** SMS written to the outbox (oldest first). */
    smsOutbox: readSmsOutbox,
    /** The code of the `nth` SMS (1-based) to `to`, waiting for its job to run. */
    smsCode(to: string, nth = 1): Promise<string> {
      return vi.waitFor(
        () => {
          const sms = readSmsOutbox().filter((m) => m.to === to)[nth - 1];
          const code = sms && /\b(\d{6})\b/.exec(sms.body)?.[1];
          if (!code) throw new Error(`no SMS number ${nth} to ${to} yet`);
          return code;
        },
        { timeout: 10_000, interval: 50 },
      );
    },
    /** The newest e-mail to `to` (with `subject` when given), waiting for its job to run. */
    mailTo(to: string, subject?: string | RegExp): Promise<MailMessage> {
      return vi.waitFor(
        () => {
          const mail = readOutbox()
            .filter((m) => m.to === to && (subject === undefined || matches(m.subject, subject)))
            .at(-1);
          if (!mail) throw new Error(`no e-mail to ${to}${subject ? ` (${subject})` : ''} yet`);
          return mail;
        },
        { timeout: 10_000, interval: 50 },
      );
    },
    async close() {
      await jobs?.stop({ graceful: true, timeout: 2_000 });
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let counter = 0;
/** Registers a customer through the API and returns its token and user. */
export async function registerCustomer(t: Requester, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const body = {
    name: `Customer ${counter}`,
    email: `customer${counter}-${Date.now()}@example.com`,
    password: 'correct horse 1',
    password_confirmation: 'correct horse 1',
    phone: '+44 20 7946 0000',
    terms_accepted: true,
    ...overrides,
  };
  const res = await t.request('POST', '/auth/register', { body });
  if (res.status !== 201)
    throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    token: res.body.data.token as string,
    user: res.body.data.user,
    password: body.password as string,
    email: body.email as string,
  };
}

/**
 * A customer promoted to admin in the database (how `pnpm admin:create` does it), with a preset
 * role: an Owner unless told (docs/admin-panel.md "Roles").
 */
export async function registerAdmin(
  t: Requester & { db: Executor },
  preset: StaffRolePreset = 'owner',
) {
  const admin = await registerCustomer(t);
  const [role] = await t.db
    .select({ id: staffRoles.id })
    .from(staffRoles)
    .where(eq(staffRoles.preset, preset));
  await t.db
    .update(users)
    .set({ role: 'admin', staffRoleId: role?.id ?? null })
    .where(eq(users.id, admin.user.id));
  return admin;
}

/** A typed tRPC client over HTTP, as an internal admin tool would use it. */
export function adminClient(baseUrl: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${baseUrl}/trpc`,
        headers: () => (token ? { Authorization: `Bearer ${token}` } : {}),
      }),
    ],
  });
}

/** The TRPCClientError a tRPC call rejects with (fails the test if it resolves). */
export async function trpcFailure(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter>;
}

/** A tRPC call that fails with 422 VALIDATION_ERROR naming `field` in the envelope's errors. */
export async function expectFieldError(call: Promise<unknown>, field: string) {
  const error = await trpcFailure(call);
  expect(error.data?.httpStatus).toBe(422);
  expect(error.data?.error_code).toBe('VALIDATION_ERROR');
  expect(error.data?.errors?.[field]).toBeDefined();
  return error;
}

/** An app listening on a free port with an admin signed in through the typed tRPC client. */
async function startAdminApp(options: TestAppOptions = {}) {
  const t = await createTestApp(options);
  const server = await t.listen();
  const admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
  return { t, server, admin };
}

/**
 * The admin test files' shared setup: an app listening before the file's tests (then `prepare`,
 * e.g. seeds), an admin's and a customer's typed tRPC clients, everything closed after them.
 */
export function useAdminApp(
  options: TestAppOptions & { prepare?: (t: TestApp) => Promise<void> } = {},
) {
  const app = {} as Awaited<ReturnType<typeof startAdminApp>> & {
    customer: ReturnType<typeof adminClient>;
  };
  beforeAll(async () => {
    const { prepare, ...appOptions } = options;
    Object.assign(app, await startAdminApp(appOptions));
    app.customer = adminClient(app.server.baseUrl, (await registerCustomer(app.t)).token);
    await prepare?.(app.t);
  });
  afterAll(async () => {
    await app.server?.close();
    await app.t?.close();
  });
  return app;
}
