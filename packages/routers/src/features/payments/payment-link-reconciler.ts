import { AppError } from '../../errors';
import type { Clock } from '../../ports';
import type { PaymentEvents } from './payment-events';
import type { PaymentLinkRecord, PaymentLinksRepository } from './payment-links.repository';
import type { ReconcileOutcome } from './payment-reconciler';
import type { LinksGateway } from './razorpay-links';

/** The job cancelling a cancelled order's open links at Razorpay, after the cancel's commit. */
export const PAYMENT_LINK_CANCEL_QUEUE = 'payment-link-cancel';

export interface PaymentLinkCancelJob {
  orderId: number;
}

/** How long after its expiry a link is still looked up: it may have been paid just before. */
const LOOK_BACK_MS = 3 * 24 * 60 * 60 * 1000;

/** Links one run looks at (oldest first); the rest wait for the next run. */
const RUN_LIMIT = 500;

export interface PaymentLinkReconcilerDeps {
  links: Pick<PaymentLinksRepository, 'open' | 'openOf' | 'markClosed'>;
  /** Razorpay's payment links; undefined on a shop without Razorpay (no link is ever open). */
  gateway: Pick<LinksGateway, 'fetchPaymentLink' | 'cancelPaymentLink'> | undefined;
  events: Pick<PaymentEvents, 'adoptLinkPaid'>;
  /** How old a link must be before it is looked up (PAYMENT_RECONCILE_MIN_AGE_SECONDS). */
  minAgeSeconds: number;
  clock: Clock;
}

/**
 * Payment links whose news did not arrive (docs/payments.md, "Payment links at the
 * reconciler"): a link paid at Razorpay whose `payment_link.paid` was lost is handled as that
 * webhook (payment-events.ts `adoptLinkPaid`, the same handler, once); a link Razorpay shows
 * expired or cancelled is closed here. A cancelled order's open links are cancelled at Razorpay;
 * one paid meanwhile goes the same way, and its payment is refunded (payment-links.ts
 * `linkPaid`: the order is no longer payable).
 */
export function createPaymentLinkReconciler(deps: PaymentLinkReconcilerDeps) {
  /** Asks Razorpay about one open link; throws when it cannot be reached. */
  async function reconcileLink(link: PaymentLinkRecord): Promise<ReconcileOutcome> {
    if (!deps.gateway) return 'no_payment';
    const found = await deps.gateway.fetchPaymentLink(link.id);
    if (found.status === 'paid' && found.payment) {
      return deps.events.adoptLinkPaid(link.id, found.payment);
    }
    if (found.status === 'expired' || found.status === 'cancelled') {
      await deps.links.markClosed(link.id, found.status, deps.clock.now());
    }
    return 'no_payment';
  }

  return {
    reconcileLink,

    /** The open links due a look-up: PAYMENT_RECONCILE_MIN_AGE_SECONDS old, expiring ≤ 3 days ago. */
    due(): Promise<PaymentLinkRecord[]> {
      if (!deps.gateway) return Promise.resolve([]);
      const now = deps.clock.now().getTime();
      return deps.links.open({
        createdBefore: new Date(now - deps.minAgeSeconds * 1000),
        expiresAfter: new Date(now - LOOK_BACK_MS),
        limit: RUN_LIMIT,
      });
    },

    /**
     * The cancelled order's open links, cancelled at Razorpay (the PAYMENT_LINK_CANCEL_QUEUE job).
     * Razorpay refuses to cancel a link no longer open: it is then looked up, and one paid
     * meanwhile is handled as its webhook (refunded, the order being cancelled). Throws (the job
     * retries) when Razorpay cannot be reached or another worker is handling the payment.
     */
    async cancelOpenLinks(orderId: number): Promise<void> {
      for (const link of await deps.links.openOf(orderId)) {
        if (!deps.gateway) {
          await deps.links.markClosed(link.id, 'cancelled', deps.clock.now());
          continue;
        }
        try {
          await deps.gateway.cancelPaymentLink(link.id);
          await deps.links.markClosed(link.id, 'cancelled', deps.clock.now());
        } catch (error) {
          if (!(error instanceof AppError && error.errorCode === 'PAYMENT_FAILED')) throw error;
          const outcome = await reconcileLink(link);
          if (outcome === 'in_progress') {
            throw new Error(`payment link ${link.id}'s payment is being handled by another worker`);
          }
        }
      }
    },
  };
}

export type PaymentLinkReconciler = ReturnType<typeof createPaymentLinkReconciler>;
