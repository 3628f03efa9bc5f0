import { type FieldErrors, validationError } from '../../errors';
import type { Clock, JobEnqueuer } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { GatewayEvent, GatewayPayment, ReportedPayment } from './gateway';
import type { GatewayOrdersRepository } from './gateway-orders.repository';
import type { PaymentEventRecord, PaymentEventsRepository } from './payment-events.repository';
import { LINK_PAID_OUTCOME } from './payment-links';
import type { PaymentLinksRepository } from './payment-links.repository';

/** The queue webhook events are handled on (one job per stored event). */
export const PAYMENT_EVENTS_QUEUE = 'payment-events';

/** The daily job that drops expired webhook payloads (PAYMENT_EVENT_RETENTION_DAYS). */
export const PAYMENT_EVENT_RETENTION_QUEUE = 'payment-event-retention';

export interface PaymentEventJob {
  eventId: string;
}

/** The outcome of a payment event about a gateway order this shop did not create. */
export const NOT_THE_SHOPS = 'ignored: the payment is not on a gateway order of this shop';

/** What `receive` did with a delivery. */
export type ReceivedAs = 'queued' | 'redelivered' | 'not the shop’s';

export interface PaymentEventsDeps {
  events: PaymentEventsRepository;
  /** Storing an event and queuing its job, together. */
  inTransaction: InTransaction<{ events: PaymentEventsRepository; jobs: JobEnqueuer }>;
  /** The gateway orders the shop created: only their payments are the shop's to act on. */
  gatewayOrders: Pick<GatewayOrdersRepository, 'find'>;
  /** The payment links the shop created: only their payments are the shop's too. */
  paymentLinks: Pick<PaymentLinksRepository, 'find'>;
  handlers: PaymentEventHandlers;
  /** How long a captured payment waits for the app's own place-order (PAYMENT_WEBHOOK_GRACE_SECONDS). */
  graceSeconds: number;
  /** How long events' payloads are kept (PAYMENT_EVENT_RETENTION_DAYS). */
  retentionDays: number;
  clock: Clock;
  /** The provider's reading of its own event format (razorpay-events.ts). */
  parseEvent: (event: string, body: unknown) => GatewayEvent;
  /** What an incoming event lacks for the shop to read it (razorpay-events.ts); 422 then. */
  eventProblems: (event: string, body: unknown) => FieldErrors | undefined;
  /** The provider's event telling of a payment found at the gateway (razorpay-events.ts). */
  eventOf: (payment: GatewayPayment) => { event: string; payload: unknown };
  /** The provider's event telling of a payment link found paid at the gateway. */
  linkEventOf: (linkId: string, payment: ReportedPayment) => { event: string; payload: unknown };
}

/** What handling a payment found at the gateway came to (payments_reconciled_total's outcome). */
export type AdoptedAs = 'placed' | 'paid_by_link' | 'refunded' | 'already_handled' | 'in_progress';

/** A handler's outcome (stored with its event) as what adopting the event came to. */
function adoptedAs(outcome: string): AdoptedAs {
  if (outcome.startsWith('refunded')) return 'refunded';
  if (outcome === LINK_PAID_OUTCOME) return 'paid_by_link';
  return / placed$/.test(outcome) ? 'placed' : 'already_handled';
}

/** Another worker holds the event's claim: its job is retried later. */
class EventBusyError extends Error {
  constructor(eventId: string) {
    super(`payment event ${eventId} is being handled by another worker`);
  }
}

/** How long a worker's claim on an event holds before another delivery may take it over. */
const CLAIM_STALE_MS = 5 * 60 * 1000;

/**
 * What the shop does about each kind of event, given by the slices whose data it changes (the
 * composition root wires them): checkout reconciles payments with carts
 * (checkout/reconcile-payment.ts), orders settles refunds (orders/refunds.ts). Each returns the
 * outcome recorded with the event.
 */
export interface PaymentEventHandlers {
  captured(payment: ReportedPayment): Promise<string>;
  /** Authorized only: the handler captures it, then handles it as captured. */
  authorized(payment: ReportedPayment): Promise<string>;
  failed(payment: ReportedPayment, reason: string): Promise<string>;
  /** `event`: the gateway's own name for it (e.g. `refund.processed`), for the outcome. */
  refund(
    kind: 'refund processed' | 'refund failed' | 'refund speed changed',
    refundId: string,
    event: string,
    /** `refund speed changed`: the speed the gateway now processes it at. */
    speed?: string,
  ): Promise<string>;
  /** `payment_link.paid`: the link's order becomes prepaid (payment-links.ts). */
  linkPaid(linkId: string, payment: ReportedPayment): Promise<string>;
}

/**
 * Razorpay's webhook, made durable (docs/decisions.md "Payments"): `receive` stores each event
 * once and queues its handling; `process` claims a stored event, hands it to its handler and
 * marks it processed. Razorpay sends the whole account's events: a payment not on a gateway order
 * the shop created is stored and left alone (never refunded), and the same news under a new event
 * id is a redelivery. This slice only parses and stores; what an event means for a cart or an
 * order is decided by the handlers (PaymentEventHandlers).
 */
export function createPaymentEvents(deps: PaymentEventsDeps) {
  /** The shop's gateway order the payment is on; undefined when the shop did not create it. */
  const shopsGatewayOrder = (payment: ReportedPayment) =>
    payment.gatewayOrderId
      ? deps.gatewayOrders.find(payment.gatewayOrderId)
      : Promise.resolve(undefined);
  /** A link's payment is on an order Razorpay made for the link: the link is what is the shop's. */
  const shopsPayment = (event: GatewayEvent, payment: ReportedPayment) =>
    event.kind === 'link paid' ? deps.paymentLinks.find(event.linkId) : shopsGatewayOrder(payment);

  /** What one stored event does; the event is claimed by this worker. */
  async function handle(stored: PaymentEventRecord | undefined): Promise<void> {
    if (!stored || stored.processedAt) return;
    const event = deps.parseEvent(stored.event, stored.payload);
    let outcome = 'ignored';
    if (event.kind === 'captured') {
      outcome = await deps.handlers.captured(event.payment);
    } else if (event.kind === 'authorized') {
      outcome = await deps.handlers.authorized(event.payment);
    } else if (event.kind === 'refund speed changed') {
      outcome = await deps.handlers.refund(event.kind, event.refundId, stored.event, event.speed);
    } else if (event.kind === 'failed') {
      outcome = await deps.handlers.failed(event.payment, event.reason);
    } else if (event.kind === 'refund processed' || event.kind === 'refund failed') {
      outcome = await deps.handlers.refund(event.kind, event.refundId, stored.event);
    } else if (event.kind === 'link paid') {
      outcome = await deps.handlers.linkPaid(event.linkId, event.payment);
    }
    await deps.events.markProcessed(stored.eventId, outcome);
  }

  /** Handles one stored event once (see `process` below). */
  async function process(eventId: string): Promise<void> {
    const staleBefore = new Date(deps.clock.now().getTime() - CLAIM_STALE_MS);
    const claimed = await deps.events.claim(eventId, staleBefore);
    if (!claimed) {
      const stored = await deps.events.find(eventId);
      if (!stored || stored.processedAt) return;
      throw new EventBusyError(eventId);
    }
    try {
      await handle(claimed);
    } finally {
      await deps.events.release(eventId);
    }
  }

  /**
   * News found at the gateway, handled as if its webhook had arrived: stored under the webhook's
   * subject (so the webhook, before or after, is the same news, handled once) with its job
   * queued at once, then handled here without waiting for the job. Throws (the job retries) when
   * the gateway is unreachable.
   */
  async function adoptEvent(
    eventId: string,
    found: { event: string; payload: unknown },
  ): Promise<AdoptedAs> {
    const { event, payload } = found;
    const { subject } = deps.parseEvent(event, payload);
    await deps.inTransaction(async (tx) => {
      if (!(await tx.events.insert({ eventId, event, subject, payload }))) return;
      await tx.jobs.enqueue(PAYMENT_EVENTS_QUEUE, { eventId } satisfies PaymentEventJob);
    });
    // Ours, or the webhook's delivery of the same news.
    const stored = subject ? await deps.events.findBySubject(subject) : undefined;
    if (!stored) return 'in_progress';
    if (stored.processedAt) return 'already_handled';
    try {
      await process(stored.eventId);
    } catch (error) {
      if (error instanceof EventBusyError) return 'in_progress';
      throw error;
    }
    return adoptedAs((await deps.events.find(stored.eventId))?.outcome ?? '');
  }

  return {
    /**
     * Stores a verified webhook delivery once (by event id and by subject) and queues its
     * handling. A payment not on a gateway order of this shop is stored as handled, queued never.
     * An event without what the shop reads of it is refused (422) before anything is stored:
     * stored, it would be read as "other" and its news silently lost.
     */
    async receive(event: {
      eventId: string;
      event: string;
      payload: unknown;
    }): Promise<ReceivedAs> {
      const problems = deps.eventProblems(event.event, event.payload);
      if (problems) {
        throw validationError(
          problems,
          `The ${event.event} event lacks what the shop reads of it; nothing was stored.`,
        );
      }
      const parsed = deps.parseEvent(event.event, event.payload);
      const stored = { ...event, subject: parsed.subject };
      const payment = 'payment' in parsed ? parsed.payment : undefined;
      if (payment && !(await shopsPayment(parsed, payment))) {
        const inserted = await deps.events.insert({ ...stored, outcome: NOT_THE_SHOPS });
        return inserted ? 'not the shop’s' : 'redelivered';
      }
      return deps.inTransaction(async (tx) => {
        if (!(await tx.events.insert(stored))) return 'redelivered';
        await tx.jobs.enqueue(
          PAYMENT_EVENTS_QUEUE,
          { eventId: event.eventId } satisfies PaymentEventJob,
          parsed.kind === 'captured' || parsed.kind === 'authorized'
            ? { startAfterSeconds: deps.graceSeconds }
            : {},
        );
        return 'queued';
      });
    },

    /**
     * Handles one stored event, once: a second delivery of its job while the first is still at
     * it (calling Razorpay) is retried later, one after it finds the event handled. Throws
     * (→ retry) when the gateway is unreachable.
     */
    process,

    /**
     * A payment the gateway shows on one of the shop's gateway orders (the reconciler,
     * payment-status), handled as if its webhook had arrived (`adoptEvent`).
     */
    adopt: (payment: GatewayPayment) =>
      adoptEvent(`reconciled:${payment.paymentId}`, deps.eventOf(payment)),

    /**
     * A payment link the gateway shows paid (the reconciler, a cancelled order's link), handled
     * as its `payment_link.paid` would have been: the same handler (payment-links.ts
     * `linkPaid`), once, whichever of the two comes first.
     */
    adoptLinkPaid: (linkId: string, payment: ReportedPayment) =>
      adoptEvent(`reconciled:${linkId}`, deps.linkEventOf(linkId, payment)),

    /**
     * Drops the payloads (customers' e-mail and phone) of events older than the retention; the
     * rest of each row stays, so a late replay of the same news is still recognised.
     */
    dropExpiredPayloads(): Promise<number> {
      const day = 24 * 60 * 60 * 1000;
      return deps.events.dropPayloads(
        new Date(deps.clock.now().getTime() - deps.retentionDays * day),
      );
    },
  };
}

export type PaymentEvents = ReturnType<typeof createPaymentEvents>;
