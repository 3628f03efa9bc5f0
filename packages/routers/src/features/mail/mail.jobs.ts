import type { JobEnqueuer } from '../../ports';
import { type RetryOverrides, retryPolicy } from '../../retry-policy';
import type { MailedOrderStatus } from './mail.ports';

/** The queue every e-mail goes through (retried with backoff, then kept as failed). */
export const MAIL_QUEUE = 'mail';

/**
 * What a mail job carries: ids to load the current data from, never a secret. A link's token is
 * minted when the job runs and only its hash is stored (auth/link-tokens.ts), so no table, the
 * job table included, ever holds a usable token. A reset job is queued whether or not the
 * address belongs to an account (`userId: null`): the request does the same work either way.
 */
export type MailJob =
  | { kind: 'welcome'; userId: number }
  | { kind: 'verify-email'; userId: number }
  | { kind: 'password-reset'; userId: number | null }
  /** An invitation to the back office (admin.staff.invite): its link sets the password. */
  | { kind: 'staff-invite'; userId: number }
  | { kind: 'password-changed'; userId: number; how: 'changed' | 'reset' }
  | { kind: 'order-placed'; orderId: number }
  | {
      kind: 'order-status';
      orderId: number;
      status: MailedOrderStatus;
    }
  | {
      kind: 'order-canceled';
      orderId: number;
      /**
       * What this cancel gives back to the original payment method, minor units (the cancel
       * row's gateway part): after partial refunds it is less than what was paid. Absent in
       * jobs queued before it: the amount paid.
       */
      refundMinor?: number;
    }
  /** A COD order's payment link, sent from the panel (issue 40); amount in minor units. */
  | {
      kind: 'payment-link';
      orderId: number;
      url: string;
      amountMinor: number;
      currency: string;
      expiresAt: string;
    }
  | {
      /** Part of an order given back (cancel-items, goodwill): the ledger row's amounts. */
      kind: 'order-refunded';
      orderId: number;
      /** Money given back, minor units in `currency`. */
      amountMinor: number;
      /** What cash on delivery no longer collects. */
      uncollectedMinor: number;
      currency: string;
      reason: string;
    }
  | {
      /** A return moved on (approved, rejected, refunded, exchanged); amounts in minor units. */
      kind: 'return-status';
      orderId: number;
      returnNumber: string;
      status: 'approved' | 'rejected' | 'refunded' | 'exchanged';
      note: string | null;
      amountMinor: number;
      currency: string;
    }
  /**
   * Sent after the account is erased, so it carries the address and name itself (kept in the job
   * table for JOB_RETENTION_DAYS at most: docs/privacy.md).
   */
  | { kind: 'account-deleted'; email: string; name: string }
  | {
      /**
       * Store credit issued to the customer of an order (a refunded return, docs/returns.md):
       * a gift card whose code the job carries, like `gift-card`, until it is sent. Written to
       * the order's owner as the order's e-mails are.
       */
      kind: 'store-credit';
      orderId: number;
      giftCardId: number;
      code?: string;
      /** Minor units, in `currency`. */
      amountMinor: number;
      currency: string;
      returnNumber: string;
    }
  | {
      /**
       * A gift card issued to a recipient. The exception to "never a secret": the code exists
       * nowhere else (the shop keeps its hash), so the job carries it until the e-mail is sent,
       * and then the job forgets it (mail.service.ts `deliver`). Absent: already sent.
       */
      kind: 'gift-card';
      giftCardId: number;
      code?: string;
      to: string;
      /** Minor units, in `currency`. */
      amountMinor: number;
      currency: string;
      message: string | null;
      expiresAt: string | null;
    }
  | {
      kind: 'payment-refunded';
      userId: number;
      /** Minor units, in `currency`. */
      amountMinor: number;
      currency: string;
      reason: string;
      /**
       * The e-mail of the checkout's shipping address, where a guest (no account e-mail) is
       * written to; read when the refund is made, as the checkout may be gone by delivery.
       */
      checkoutEmail?: string | null;
      /**
       * The order the payment came for, when it was placed but could no longer be paid for (a
       * payment link paid after a cancel, issue 40): the mail names it instead of "not placed".
       */
      orderNumber?: string;
    };

/**
 * The e-mails someone is waiting for, right now, to go on: a reset link, a verification link, a
 * security notice. Workers take them before any backlog of welcome and order mails.
 */
const URGENT_MAIL_KINDS: ReadonlySet<MailJob['kind']> = new Set([
  'password-reset',
  'verify-email',
  'password-changed',
  'staff-invite',
]);

/** pg-boss priority of an urgent mail (higher first; the rest keep 0). */
export const URGENT_MAIL_PRIORITY = 10;

export const isUrgentMail = (job: MailJob) => URGENT_MAIL_KINDS.has(job.kind);

/** Queues an e-mail with the write it belongs to (same transaction). */
export const enqueueMail = (jobs: JobEnqueuer, job: MailJob) =>
  jobs.enqueue(MAIL_QUEUE, job, isUrgentMail(job) ? { priority: URGENT_MAIL_PRIORITY } : {});

/** E-mails: 5 retries from 2 s, at most 5 min apart (2 → 4 → 8 → 16 → 32 s): about a minute. */
export const mailQueuePolicy = (retry: RetryOverrides) =>
  retryPolicy({
    retryDelaySeconds: retry.retryDelaySeconds,
    retryLimit: retry.retryLimit ?? 5,
    retryDelayMaxSeconds: 300,
  });
