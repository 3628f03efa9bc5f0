import type { Clock } from '../../ports';
import type { PaymentProvider } from './gateway';
import type { GatewayOrdersRepository } from './gateway-orders.repository';
import type { AdoptedAs, PaymentEvents } from './payment-events';
import type { PaymentLinkReconciler } from './payment-link-reconciler';

/** The scheduled job that looks for payments no webhook told of (PAYMENT_RECONCILE_MINUTES). */
export const PAYMENT_RECONCILE_QUEUE = 'payment-reconcile';

/** What one gateway order or payment link came to in a run (`payments_reconciled_total{outcome}`). */
export type ReconcileOutcome = AdoptedAs | 'no_payment' | 'failed';

export const RECONCILE_OUTCOMES: readonly ReconcileOutcome[] = [
  'placed',
  'paid_by_link',
  'refunded',
  'already_handled',
  'in_progress',
  'no_payment',
  'failed',
];

/** How far back the reconciler looks: Razorpay refunds an uncaptured payment after 3 days. */
const LOOK_BACK_MS = 3 * 24 * 60 * 60 * 1000;

/** Gateway orders one run looks at (oldest first); the rest wait for the next run. */
const RUN_LIMIT = 500;

export interface PaymentReconcilerDeps {
  gatewayOrders: Pick<GatewayOrdersRepository, 'unsettled' | 'markPaid'>;
  events: Pick<PaymentEvents, 'adopt'>;
  /** The card and wallet gateway (Razorpay, or the development gateway that has nothing). */
  gateway: Pick<PaymentProvider, 'paymentsOf'>;
  /** The open payment links, looked up at Razorpay in the same run (payment-link-reconciler.ts). */
  links: Pick<PaymentLinkReconciler, 'due' | 'reconcileLink'>;
  /** How old a gateway order must be before it is looked up (PAYMENT_RECONCILE_MIN_AGE_SECONDS). */
  minAgeSeconds: number;
  clock: Clock;
  counted: (outcome: ReconcileOutcome) => void;
}

/**
 * No money without an order (docs/payments.md, "Reconciler"): a payment whose app never came back
 * and whose webhook was lost is found by asking the gateway about the shop's recent gateway
 * orders that nothing settled, and is then handled as its webhook would have been
 * (payment-events.ts `adopt`): one order, or one refund, whichever of them came first.
 */
export function createPaymentReconciler(deps: PaymentReconcilerDeps) {
  /** Asks the gateway about one gateway order; throws when it cannot be reached. */
  async function reconcileGatewayOrder(gatewayOrderId: string): Promise<ReconcileOutcome> {
    const payments = await deps.gateway.paymentsOf(gatewayOrderId);
    const payment =
      payments.find((found) => found.status === 'captured') ??
      payments.find((found) => found.status === 'authorized');
    if (!payment) return 'no_payment';
    const adopted = await deps.events.adopt(payment);
    // Placed, refunded or handled before: nothing is left to look for on this gateway order.
    if (adopted !== 'in_progress') await deps.gatewayOrders.markPaid(gatewayOrderId);
    return adopted;
  }

  return {
    reconcileGatewayOrder,

    /**
     * One run: every gateway order created PAYMENT_RECONCILE_MIN_AGE_SECONDS to 3 days ago that
     * nothing settled, then every open payment link (payment-link-reconciler.ts), each counted by
     * its outcome. Throws after both lists when any of them failed (the job is retried, and the
     * failing run alerts: docs/observability.md).
     */
    async run(): Promise<Record<ReconcileOutcome, number>> {
      const now = deps.clock.now().getTime();
      const due = await deps.gatewayOrders.unsettled({
        createdAfter: new Date(now - LOOK_BACK_MS),
        createdBefore: new Date(now - deps.minAgeSeconds * 1000),
        limit: RUN_LIMIT,
      });
      const links = await deps.links.due();
      const counts = Object.fromEntries(
        RECONCILE_OUTCOMES.map((outcome) => [outcome, 0]),
      ) as Record<ReconcileOutcome, number>;
      let firstError: unknown;
      const lookUps = [
        ...due.map(
          ({ id }) =>
            () =>
              reconcileGatewayOrder(id),
        ),
        ...links.map((link) => () => deps.links.reconcileLink(link)),
      ];
      for (const lookUp of lookUps) {
        let outcome: ReconcileOutcome;
        try {
          outcome = await lookUp();
        } catch (error) {
          firstError ??= error;
          outcome = 'failed';
        }
        counts[outcome] += 1;
        deps.counted(outcome);
      }
      if (counts.failed > 0) {
        throw new Error(
          `${counts.failed} of ${lookUps.length} gateway orders and payment links could not be reconciled`,
          { cause: firstError },
        );
      }
      return counts;
    },
  };
}

export type PaymentReconciler = ReturnType<typeof createPaymentReconciler>;
