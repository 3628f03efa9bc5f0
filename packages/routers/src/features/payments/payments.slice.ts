import type { Executor } from '@storefront/db/client';
import type { BusinessMetrics, Clock, JobEnqueuer } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createGatewayOrdersRepository } from './gateway-orders.repository';
import { createPaymentEvents, type PaymentEventHandlers } from './payment-events';
import { createPaymentEventsRepository } from './payment-events.repository';
import { createPaymentReconciler } from './payment-reconciler';
import type { PaymentProviders } from './providers';
import { parseRazorpayEvent, razorpayEventOf, razorpayEventProblems } from './razorpay-events';

export interface PaymentsSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  jobs: (executor: Executor) => JobEnqueuer;
  /** What each event does to carts and orders: checkout's reconciler, orders' refund settlement. */
  handlers: PaymentEventHandlers;
  graceSeconds: number;
  retentionDays: number;
  clock: Clock;
  /** The card and wallet gateway the reconciler asks about payments no webhook told of. */
  providers: PaymentProviders;
  /** How old a gateway order is before the reconciler looks it up (PAYMENT_RECONCILE_MIN_AGE_SECONDS). */
  reconcileMinAgeSeconds: number;
  metrics: BusinessMetrics;
}

/**
 * The payments slice's webhook side: Razorpay's events parsed, stored once and queued, then
 * claimed and handed to their handlers. It imports no other slice: the provider port, the refund
 * execution and the gateway orders are used by checkout and orders through its index.
 */
export function createPaymentsSlice(deps: PaymentsSliceDeps) {
  const { db } = deps;
  const gatewayOrders = createGatewayOrdersRepository(db);
  const events = createPaymentEvents({
    events: createPaymentEventsRepository(db),
    inTransaction: deps.unitOfWork((executor) => ({
      events: createPaymentEventsRepository(executor),
      jobs: deps.jobs(executor),
    })).inTransaction,
    gatewayOrders,
    handlers: deps.handlers,
    graceSeconds: deps.graceSeconds,
    retentionDays: deps.retentionDays,
    clock: deps.clock,
    parseEvent: parseRazorpayEvent,
    eventProblems: razorpayEventProblems,
    eventOf: razorpayEventOf,
  });
  return {
    events,
    reconciler: createPaymentReconciler({
      gatewayOrders,
      events,
      gateway: deps.providers.forType('card'),
      minAgeSeconds: deps.reconcileMinAgeSeconds,
      clock: deps.clock,
      counted: (outcome) => deps.metrics.paymentReconciled(outcome),
    }),
  };
}
