import { type RetryOverrides, retryPolicy } from '../jobs/retry-policy';
import type { OrderStatus } from '../orders/order-status';

/** The queue every e-mail goes through (retried with backoff, then kept as failed). */
export const MAIL_QUEUE = 'mail';

/**
 * What a mail job carries: ids to load the current data from, and a link's token where the mail
 * must show one (the database stores tokens hashed only; the job is the one place the plain token
 * waits until it is sent).
 */
export type MailJob =
  | { kind: 'welcome'; userId: number; verifyToken: string }
  | { kind: 'verify-email'; userId: number; verifyToken: string }
  | { kind: 'password-reset'; userId: number; resetToken: string }
  | { kind: 'password-changed'; userId: number; how: 'changed' | 'reset' }
  | { kind: 'order-placed'; orderId: number }
  | {
      kind: 'order-status';
      orderId: number;
      status: Extract<OrderStatus, 'processing' | 'shipped' | 'completed'>;
    }
  | { kind: 'order-canceled'; orderId: number }
  | {
      kind: 'payment-refunded';
      userId: number;
      /** Minor units, in `currency`. */
      amountMinor: number;
      currency: string;
      reason: string;
    };

/** Anything that can enqueue inside the caller's transaction (the jobs repository). */
export interface MailJobs {
  enqueue(queue: string, data: object, options?: { startAfterSeconds?: number }): Promise<void>;
}

/** Queues an e-mail with the write it belongs to (same transaction). */
export const enqueueMail = (jobs: MailJobs, job: MailJob) => jobs.enqueue(MAIL_QUEUE, job);

/** E-mails: 5 retries from 2 s, at most 5 min apart (2 → 4 → 8 → 16 → 32 s): about a minute. */
export const mailQueuePolicy = (retry: RetryOverrides) =>
  retryPolicy({
    retryDelaySeconds: retry.retryDelaySeconds,
    retryLimit: retry.retryLimit ?? 5,
    retryDelayMaxSeconds: 300,
  });
