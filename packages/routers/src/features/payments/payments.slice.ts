import type { Executor } from '@storefront/db/client';
import type { BusinessMetrics, Clock, JobEnqueuer } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createGatewayOrdersRepository } from './gateway-orders.repository';
import { createPaymentEvents, type PaymentEventHandlers } from './payment-events';
import { createPaymentEventsRepository } from './payment-events.repository';
import { createPaymentLinkReconciler } from './payment-link-reconciler';
import { createPaymentLinks, type PaymentLinksDeps } from './payment-links';
import { createPaymentLinksRepository } from './payment-links.repository';
import { createPaymentReconciler } from './payment-reconciler';
import type { PaymentProviders } from './providers';
import {
  parseRazorpayEvent,
  razorpayEventOf,
  razorpayEventProblems,
  razorpayLinkEventOf,
} from './razorpay-events';
import { createSavedCards, type SavedCardsDeps } from './saved-cards';

export interface PaymentsSliceDeps {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  jobs: (executor: Executor) => JobEnqueuer;
  /** What each event does to carts and orders: checkout's reconciler, orders' refund settlement. */
  handlers: Omit<PaymentEventHandlers, 'linkPaid'>;
  graceSeconds: number;
  retentionDays: number;
  clock: Clock;
  /**
   * The card and wallet gateway the reconciler asks about payments no webhook told of; payment
   * links and saved cards (issue 40) go through Razorpay (`providers.links`).
   */
  providers: PaymentProviders;
  /** How old a gateway order is before the reconciler looks it up (PAYMENT_RECONCILE_MIN_AGE_SECONDS). */
  reconcileMinAgeSeconds: number;
  metrics: BusinessMetrics;
  /** The orders a link is for and their becoming prepaid (the orders slice's, composed). */
  orders: Pick<PaymentLinksDeps, 'order' | 'markPaid' | 'paymentRefunded' | 'expiryHours'>;
  /** Queues a link's e-mail (the mail slice's job, composed). */
  sendMail: PaymentLinksDeps['sendMail'];
  /** The account a Razorpay customer is made for (auth's users, composed). */
  account: SavedCardsDeps['account'];
}

/**
 * The payments slice's webhook side: Razorpay's events parsed, stored once and queued, then
 * claimed and handed to their handlers; and payment links and saved cards (issue 40). It imports
 * no other slice: the provider port, the refund execution and the gateway orders are used by
 * checkout and orders through its index, and what links and cards read of orders and accounts is
 * given (`orders`, `account`).
 */
export function createPaymentsSlice(deps: PaymentsSliceDeps) {
  const { db } = deps;
  const linksRepository = createPaymentLinksRepository(db);
  const links = createPaymentLinks({
    ...deps.orders,
    links: linksRepository,
    gateway: deps.providers.links,
    refunds: deps.providers.forType('card'),
    sendMail: deps.sendMail,
    clock: deps.clock,
  });
  const gatewayOrders = createGatewayOrdersRepository(db);
  const events = createPaymentEvents({
    events: createPaymentEventsRepository(db),
    inTransaction: deps.unitOfWork((executor) => ({
      events: createPaymentEventsRepository(executor),
      jobs: deps.jobs(executor),
    })).inTransaction,
    gatewayOrders,
    paymentLinks: linksRepository,
    handlers: { ...deps.handlers, linkPaid: links.linkPaid },
    graceSeconds: deps.graceSeconds,
    retentionDays: deps.retentionDays,
    clock: deps.clock,
    parseEvent: parseRazorpayEvent,
    eventProblems: razorpayEventProblems,
    eventOf: razorpayEventOf,
    linkEventOf: razorpayLinkEventOf,
  });
  const linkReconciler = createPaymentLinkReconciler({
    links: linksRepository,
    gateway: deps.providers.links,
    events,
    minAgeSeconds: deps.reconcileMinAgeSeconds,
    clock: deps.clock,
  });
  return {
    events,
    linkReconciler,
    reconciler: createPaymentReconciler({
      gatewayOrders,
      events,
      links: linkReconciler,
      gateway: deps.providers.forType('card'),
      minAgeSeconds: deps.reconcileMinAgeSeconds,
      clock: deps.clock,
      counted: (outcome) => deps.metrics.paymentReconciled(outcome),
    }),
    links,
    savedCards: createSavedCards({
      customers: linksRepository,
      gateway: deps.providers.links,
      account: deps.account,
    }),
  };
}

export type PaymentsSlice = ReturnType<typeof createPaymentsSlice>;
