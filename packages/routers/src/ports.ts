import type { Executor } from '@storefront/db/client';

/**
 * What the services need from the outside world. apps/api provides the real adapters
 * (Resend or outbox, UploadThing or local disk, Redis or memory); tests pass fakes.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Delivers one e-mail. The same `idempotencyKey` (the mail job's id) never sends twice: Resend
   * dedupes on it, the outbox names the file after it. `urgent` (someone is waiting for it: a
   * reset, a verification) goes ahead of others waiting to be sent. Throws when delivery failed
   * (the job is retried).
   */
  send(
    message: MailMessage,
    options?: { idempotencyKey?: string; urgent?: boolean },
  ): Promise<void>;
}

export interface SmsMessage {
  /** E.164, e.g. +919876543210. */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Sends one SMS; throws when it failed (the SMS job is retried). */
  send(message: SmsMessage, options?: { idempotencyKey?: string }): Promise<void>;
}

/** How a job is queued: later (`startAfterSeconds`), or ahead of others (higher `priority`). */
export interface JobOptions {
  startAfterSeconds?: number;
  /** Workers take higher priorities first (default 0). */
  priority?: number;
}

/**
 * The durable job queue (pg-boss on the app's own database). `send` writes the job through the
 * given executor: inside a transaction it commits or rolls back with the write that caused it.
 */
export interface JobQueue {
  send(executor: Executor, queue: string, data: object, options?: JobOptions): Promise<void>;
  /** Queues a failed job again, with its retries renewed. */
  retry(queue: string, id: string): Promise<void>;
}

/**
 * Queues a job with the caller's write: the jobs repository of the caller's unit of work (the
 * pool's, or a transaction's). Every slice that queues work takes this port, so a slice that
 * queues jobs need not import the mail slice.
 */
export interface JobEnqueuer {
  enqueue(queue: string, data: object, options?: JobOptions): Promise<void>;
}

/** One push notification to one device (an Expo push token). */
export interface PushMessage {
  to: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/**
 * The push service's answer for one message: accepted (with the id its receipt is read by; the
 * outbox has none), or refused (`error` is Expo's code, e.g. `DeviceNotRegistered`).
 */
export type PushTicket =
  | { status: 'ok'; id?: string | undefined }
  | { status: 'error'; message: string; error?: string | undefined };

/** The delivery result of an accepted push, read later by the ticket's id. */
export type PushReceipt =
  | { status: 'ok' }
  | { status: 'error'; message: string; error?: string | undefined };

/** Expo's push service, or the outbox (apps/api/src/adapters/push.ts). */
export interface PushSender {
  /** The push service's own check of a token's form (Expo.isExpoPushToken). */
  isPushToken(token: string): boolean;
  /**
   * Sends the messages (chunked as the service asks) and answers one ticket per message, in
   * order. Throws when a request failed as a whole (the job is retried). `idempotencyKey` (the
   * job's id) lets the outbox write each message once.
   */
  send(messages: PushMessage[], options: { idempotencyKey: string }): Promise<PushTicket[]>;
  /** Receipts by ticket id; an id missing from the answer is not ready yet. */
  receipts(ids: string[]): Promise<Record<string, PushReceipt>>;
}

export interface StoredFile {
  /** Absolute URL the app can load. */
  url: string;
}

export interface FileStorage {
  /** Stores bytes under a key such as `avatars/12-abc.png` and returns where they can be read. */
  save(file: { key: string; bytes: Uint8Array; contentType: string }): Promise<StoredFile>;
  /** Deletes a file `save` stored, by its URL; a URL it did not hand out is left alone. */
  delete(url: string): Promise<void>;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window frees up again (0 when allowed). */
  retryAfterSeconds: number;
}

/** A fixed-window counter shared by every instance when it is backed by Redis. */
export interface RateLimiter {
  /** Counts one hit for `key` and says whether it was still within the limit. */
  consume(key: string): Promise<RateLimitResult>;
  /** Reads the state for `key` without counting. */
  check(key: string): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  /** register, login and forgot-password requests per IP address. */
  authPerIp: RateLimiter;
  /** failed logins per e-mail (5 per 15 minutes, docs/contract.md §5). */
  loginFailuresPerEmail: RateLimiter;
  /** AI description requests per customer. */
  aiPerCustomer: RateLimiter;
  /** Avatar uploads per customer (each one is decoded and re-encoded). */
  avatarPerCustomer: RateLimiter;
  /** Verification e-mails a customer asks for (POST /auth/email/resend). */
  verificationPerUser: RateLimiter;
  /** Reset e-mails per address (POST /auth/password/forgot), keyed by the address's digest. */
  resetMailsPerAddress: RateLimiter;
  /** Gateway (Razorpay) orders created for a customer: each is a call to Razorpay. */
  gatewayOrdersPerCustomer: RateLimiter;
  /** payment-status's look-ups at the gateway: one per gateway order per 10 s (shared). */
  paymentLookUpsPerGatewayOrder: RateLimiter;
  /** Gift card lookups and applies by code, per customer, hit or miss (20 an hour: guessing). */
  giftCardLookupsPerCustomer: RateLimiter;
  /** One-time codes sent to one phone (3 per 10 minutes), keyed by the number's digest. */
  otpPerPhone: RateLimiter;
  /** Codes sent per country calling code per hour (OTP_LIMIT_PER_COUNTRY_HOUR): SMS pumping. */
  otpPerCountry: RateLimiter;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Business events counted for the operators' metrics (apps/api serves them to Prometheus). The
 * services count through this port without knowing the exporter; the default counts nothing.
 */
export interface BusinessMetrics {
  /** An order was placed, by its payment method's code (`cod`, `card`, …). */
  orderPlaced(paymentMethod: string): void;
  /** A gateway payment was captured, failed, or (partly) refunded. */
  payment(outcome: 'captured' | 'failed' | 'refunded'): void;
  /** An e-mail delivery attempt succeeded or failed (a failed attempt is retried by its job). */
  mail(outcome: 'sent' | 'failed'): void;
  /**
   * A push notification was accepted (`sent`), refused (`failed`, by ticket or receipt), or its
   * device was removed because the push service no longer knows it (`removed`).
   */
  push(outcome: 'sent' | 'failed' | 'removed'): void;
  /** A courier's serviceability answer: given, or unknown after a timeout or a failure. */
  serviceability(outcome: 'answered' | 'timeout' | 'failed'): void;
  /** What the payment reconciler made of one gateway order (payments' RECONCILE_OUTCOMES). */
  paymentReconciled(outcome: string): void;
}

export const noBusinessMetrics: BusinessMetrics = {
  orderPlaced: () => {},
  payment: () => {},
  mail: () => {},
  push: () => {},
  serviceability: () => {},
  paymentReconciled: () => {},
};

/** The mailer, each delivery counted as sent or failed (the failure still goes to the job). */
export function countedMailer(mailer: Mailer, metrics: BusinessMetrics): Mailer {
  return {
    async send(message, options) {
      try {
        await mailer.send(message, options);
      } catch (error) {
        metrics.mail('failed');
        throw error;
      }
      metrics.mail('sent');
    },
  };
}
