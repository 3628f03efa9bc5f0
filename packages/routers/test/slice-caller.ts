import { createHash } from 'node:crypto';
import { createJobBoss, jobQueueOf } from '@storefront/db/jobs';
import { openTestDatabase, type TestDatabase } from '@storefront/db/testing';
import type { Context } from '../src/context';
import { MAIL_QUEUE, type MailJob, mailQueuePolicy } from '../src/features/mail';
import {
  CAMPAIGN_QUEUE,
  PUSH_QUEUE,
  PUSH_RECEIPTS_QUEUE,
  pushQueuePolicy,
  WISHLIST_ALERTS_QUEUE,
} from '../src/features/notifications';
import type { Mailer, MailMessage, RateLimiter } from '../src/ports';
import { appRouter } from '../src/root';
import { createServices, type Services } from '../src/services';
import { createCallerFactory } from '../src/trpc';

/*
 * Slice-level tests call procedures directly (createCallerFactory): the same procedures,
 * middlewares and services as over HTTP, without the adapters, on a database of their own.
 * The outside world is faked here: no HTTP, no argon2, no files.
 */

const unlimited: RateLimiter = {
  consume: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  check: async () => ({ allowed: true, retryAfterSeconds: 0 }),
  reset: async () => {},
};

/** sha256 instead of argon2: these tests are about rules, not password hashing. */
const fastHasher = {
  hash: async (password: string) => createHash('sha256').update(password).digest('hex'),
  verify: async (hash: string, password: string) =>
    createHash('sha256').update(password).digest('hex') === hash,
};

export const GATEWAY_SECRET = 'slice-test-gateway-secret';

export interface SliceHarness {
  db: TestDatabase;
  services: Services;
  mail: MailMessage[];
  /** A caller as the holder of `token` (none: anonymous), with optional request headers. */
  caller(token?: string, request?: { idempotencyKey?: string }): ReturnType<typeof createCaller>;
  /** A new customer and their bearer token. */
  customer(): Promise<{ token: string; userId: number; email: string }>;
  /** The mail jobs waiting to be sent, oldest first. */
  queued(): Promise<MailJob[]>;
  close(): Promise<void>;
}

const createCaller = createCallerFactory(appRouter);
let customers = 0;

export async function openSlice(): Promise<SliceHarness> {
  const db = await openTestDatabase();
  // The real queue on the test database: jobs are written with the transactions that cause them
  // (no worker runs here; `jobs` lists what was queued).
  const boss = createJobBoss(db);
  await boss.start();
  await boss.createQueue(MAIL_QUEUE, mailQueuePolicy({ retryDelaySeconds: 1 }));
  // Orders queue their pushes too (nothing sends them here).
  for (const queue of [PUSH_QUEUE, PUSH_RECEIPTS_QUEUE, WISHLIST_ALERTS_QUEUE, CAMPAIGN_QUEUE]) {
    await boss.createQueue(queue, pushQueuePolicy({ retryDelaySeconds: 1 }));
  }
  const mail: MailMessage[] = [];
  const mailer: Mailer = { send: async (message) => void mail.push(message) };
  const services = createServices({
    db: db.db,
    clock: { now: () => new Date() },
    config: {
      passwordResetUrl: 'https://shop.test/reset-password',
      tokenTtlSeconds: 86_400,
      rememberTokenTtlSeconds: 2_592_000,
      passwordResetTtlMinutes: 60,
      featureDefaults: {
        wishlist: true,
        reviews: true,
        coupons: true,
        gift_cards: false,
        loyalty_points: false,
        ai_descriptions: false,
      },
      aiTimeoutMs: 5_000,
      emailVerifyUrl: 'https://shop.test/verify-email',
      shop: { name: 'Slice Shop', url: 'https://shop.test' },
    },
    hasher: fastHasher,
    mailer,
    avatarStorage: {
      save: async ({ key }) => ({ url: `https://files.test/${key}` }),
      delete: async () => {},
    },
    rateLimits: {
      authPerIp: unlimited,
      loginFailuresPerEmail: unlimited,
      aiPerCustomer: unlimited,
      avatarPerCustomer: unlimited,
      verificationPerUser: unlimited,
      resetMailsPerAddress: unlimited,
      gatewayOrdersPerCustomer: unlimited,
      paymentLookUpsPerGatewayOrder: unlimited,
      giftCardLookupsPerCustomer: unlimited,
      otpPerPhone: unlimited,
      otpPerCountry: unlimited,
    },
    jobQueue: jobQueueOf(boss),
    sms: { send: async () => {} },
    pushSender: {
      isPushToken: (token) => token.startsWith('ExponentPushToken['),
      send: async (messages) => messages.map(() => ({ status: 'ok' as const })),
      receipts: async () => ({}),
    },
    payments: { developmentSecret: GATEWAY_SECRET },
  });

  const caller = (token?: string, request: { idempotencyKey?: string } = {}) => {
    const ctx: Context = {
      services,
      request: {
        id: 'slice-test',
        ip: '127.0.0.1',
        userAgent: undefined,
        authorization: token ? `Bearer ${token}` : undefined,
        idempotencyKey: request.idempotencyKey,
      },
      response: { status: undefined, headers: {} },
    };
    return createCaller(ctx);
  };

  return {
    db,
    services,
    mail,
    caller,
    async customer() {
      customers += 1;
      const email = `slice-${customers}-${Date.now()}@example.com`;
      const registered = await caller().auth.register({
        name: 'Slice Tester',
        email,
        password: 'Correct-horse-9',
        password_confirmation: 'Correct-horse-9',
        phone: '+44 20 7946 0000',
        terms_accepted: true,
      });
      return { token: registered.data.token, userId: registered.data.user.id, email };
    },
    async queued() {
      const jobs = await boss.findJobs<MailJob>(MAIL_QUEUE, { queued: true });
      return jobs.map((job) => job.data);
    },
    async close() {
      await boss.stop({ graceful: false });
      await db.close();
    },
  };
}
