import type { Executor } from '@storefront/db/client';
import type { BusinessMetrics, Clock } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import type { MailJobs } from '../mail';
import { createPaymentEvents, type PaymentEventsDeps } from './payment-events';
import { createPaymentEventsRepository } from './payment-events.repository';
import type { PaymentProviders } from './providers';
import { parseRazorpayEvent, razorpayEventProblems } from './razorpay-events';
import { createRefundsService, type RefundsServiceDeps } from './refunds';

export interface PaymentsSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  jobs: (executor: Executor) => MailJobs;
  providers: PaymentProviders;
  /** The checkout's and orders' data a payment event acts on. */
  carts: PaymentEventsDeps['carts'];
  gatewayOrders: PaymentEventsDeps['gatewayOrders'];
  orders: PaymentEventsDeps['orders'] & RefundsServiceDeps['orders'];
  reference: RefundsServiceDeps['reference'];
  placeOrder: PaymentEventsDeps['placeOrder'];
  graceSeconds: number;
  retentionDays: number;
  clock: Clock;
  metrics: BusinessMetrics;
}

/** The payments slice: Razorpay's webhook events and the refunds of cancelled paid orders. */
export function createPaymentsSlice(deps: PaymentsSliceDeps) {
  const { db, metrics, providers: payments, orders } = deps;
  return {
    refunds: createRefundsService({ orders, reference: deps.reference, payments, metrics }),
    events: createPaymentEvents({
      metrics,
      events: createPaymentEventsRepository(db),
      inTransaction: deps.unitOfWork((executor) => ({
        events: createPaymentEventsRepository(executor),
        jobs: deps.jobs(executor),
      })).inTransaction,
      carts: deps.carts,
      gatewayOrders: deps.gatewayOrders,
      orders,
      placeOrder: deps.placeOrder,
      payments,
      jobs: deps.jobs(db),
      graceSeconds: deps.graceSeconds,
      retentionDays: deps.retentionDays,
      clock: deps.clock,
      parseEvent: parseRazorpayEvent,
      eventProblems: razorpayEventProblems,
    }),
  };
}
