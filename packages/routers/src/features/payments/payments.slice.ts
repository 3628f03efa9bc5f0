import type { Executor } from '@storefront/db/client';
import type { Clock, JobEnqueuer } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createGatewayOrdersRepository } from './gateway-orders.repository';
import { createPaymentEvents, type PaymentEventHandlers } from './payment-events';
import { createPaymentEventsRepository } from './payment-events.repository';
import { parseRazorpayEvent, razorpayEventProblems } from './razorpay-events';

export interface PaymentsSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  jobs: (executor: Executor) => JobEnqueuer;
  /** What each event does to carts and orders: checkout's reconciler, orders' refund settlement. */
  handlers: PaymentEventHandlers;
  graceSeconds: number;
  retentionDays: number;
  clock: Clock;
}

/**
 * The payments slice's webhook side: Razorpay's events parsed, stored once and queued, then
 * claimed and handed to their handlers. It imports no other slice: the provider port, the refund
 * execution and the gateway orders are used by checkout and orders through its index.
 */
export function createPaymentsSlice(deps: PaymentsSliceDeps) {
  const { db } = deps;
  return {
    events: createPaymentEvents({
      events: createPaymentEventsRepository(db),
      inTransaction: deps.unitOfWork((executor) => ({
        events: createPaymentEventsRepository(executor),
        jobs: deps.jobs(executor),
      })).inTransaction,
      gatewayOrders: createGatewayOrdersRepository(db),
      handlers: deps.handlers,
      graceSeconds: deps.graceSeconds,
      retentionDays: deps.retentionDays,
      clock: deps.clock,
      parseEvent: parseRazorpayEvent,
      eventProblems: razorpayEventProblems,
    }),
  };
}
