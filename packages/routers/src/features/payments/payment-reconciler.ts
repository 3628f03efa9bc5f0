import type { Clock } from '../../ports';
import type { PaymentProvider } from './gateway';
import type { GatewayOrdersRepository } from './gateway-orders.repository';
import type { AdoptedAs, PaymentEvents } from './payment-events';

/** The scheduled job that looks for payments no webhook told of (PAYMENT_RECONCILE_MINUTES). */
export const PAYMENT_RECONCILE_QUEUE = 'payment-reconcile';

/** What one gateway order came to in a run (`payments_reconciled_total{outcome}`). */
export type ReconcileOutcome = AdoptedAs | 'no_payment' | 'failed';

export const RECONCILE_OUTCOMES: readonly ReconcileOutcome[] = [
  'placed',
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
     * nothing settled, each counted by its outcome. Throws after the whole list when any of them
     * failed (the job is retried, and the failing run alerts: docs/observability.md).
     */
    async run(): Promise<Record<ReconcileOutcome, number>> {
      const now = deps.clock.now().getTime();
      const due = await deps.gatewayOrders.unsettled({
        createdAfter: new Date(now - LOOK_BACK_MS),
        createdBefore: new Date(now - deps.minAgeSeconds * 1000),
        limit: RUN_LIMIT,
      });
      const counts = Object.fromEntries(
        RECONCILE_OUTCOMES.map((outcome) => [outcome, 0]),
      ) as Record<ReconcileOutcome, number>;
      let firstError: unknown;
      for (const { id } of due) {
        let outcome: ReconcileOutcome;
        try {
          outcome = await reconcileGatewayOrder(id);
        } catch (error) {
          firstError ??= error;
          outcome = 'failed';
        }
        counts[outcome] += 1;
        deps.counted(outcome);
      }
      if (counts.failed > 0) {
        throw new Error(
          `${counts.failed} of ${due.length} gateway orders could not be reconciled`,
          {
            cause: firstError,
          },
        );
      }
      return counts;
    },
  };
}

export type PaymentReconciler = ReturnType<typeof createPaymentReconciler>;
