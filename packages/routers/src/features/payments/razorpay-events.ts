import type { FieldErrors } from '../../errors';
import type { GatewayEvent, GatewayPayment, ReportedPayment } from './gateway';

/*
 * Razorpay's webhook format, read here and nowhere else: its events become the provider-neutral
 * GatewayEvent the payments slice handles (payment-events.ts).
 */

/** The payment entity of an event, as Razorpay sends it (only what the shop reads). */
interface RazorpayPaymentEntity {
  id: string;
  order_id: string | null;
  amount: number;
  currency: string;
  error_description?: string | null;
}

interface RazorpayEventBody {
  payload?: {
    payment?: { entity?: RazorpayPaymentEntity };
    refund?: { entity?: { id: string; payment_id: string; speed_processed?: string } };
    payment_link?: { entity?: { id: string } };
  };
}

/**
 * `payment.captured`, `order.paid` and `payment.authorized` are the same news about a payment:
 * money in hand for the gateway order. One subject for all three, so whichever comes first is
 * handled and the others are "already received" (the shop captures an authorized one).
 */
const CAPTURED = new Set(['payment.captured', 'order.paid', 'payment.authorized']);

function paymentOf(body: unknown): ReportedPayment | undefined {
  const payment = (body as RazorpayEventBody | null)?.payload?.payment?.entity;
  if (typeof payment?.id !== 'string') return undefined;
  return {
    paymentId: payment.id,
    gatewayOrderId: payment.order_id ?? null,
    amountMinor: payment.amount,
    currency: payment.currency,
  };
}

/** One of Razorpay's webhook events (its `event` name and parsed body) in the shop's terms. */
export function parseRazorpayEvent(event: string, body: unknown): GatewayEvent {
  const payment = paymentOf(body);
  const linkId = (body as RazorpayEventBody | null)?.payload?.payment_link?.entity?.id;
  if (event === 'payment_link.paid' && payment && typeof linkId === 'string') {
    return { kind: 'link paid', subject: `${event}:${linkId}`, linkId, payment };
  }
  if (payment) {
    const subject = `${CAPTURED.has(event) ? 'payment.captured' : event}:${payment.paymentId}`;
    if (event === 'payment.authorized') return { kind: 'authorized', subject, payment };
    if (CAPTURED.has(event)) return { kind: 'captured', subject, payment };
    if (event === 'payment.failed') {
      const entity = (body as RazorpayEventBody).payload?.payment?.entity;
      return {
        kind: 'failed',
        subject,
        payment,
        reason: entity?.error_description ?? 'no reason given',
      };
    }
    return { kind: 'other', subject, payment };
  }
  const refund = (body as RazorpayEventBody | null)?.payload?.refund?.entity;
  if (typeof refund?.id !== 'string') return { kind: 'other', subject: null };
  const subject = `${event}:${refund.id}`;
  if (event === 'refund.processed')
    return { kind: 'refund processed', subject, refundId: refund.id };
  if (event === 'refund.failed') return { kind: 'refund failed', subject, refundId: refund.id };
  if (event === 'refund.speed_changed') {
    const speed = refund.speed_processed ?? 'unknown';
    return {
      kind: 'refund speed changed',
      subject: `${subject}:${speed}`,
      refundId: refund.id,
      speed,
    };
  }
  return { kind: 'other', subject };
}

/**
 * A payment the reconciler found at Razorpay (orders.fetchPayments) as the webhook event that
 * would have told of it, so it is stored and handled exactly as that event (docs/payments.md).
 */
export function razorpayEventOf(payment: GatewayPayment): { event: string; payload: unknown } {
  const event = payment.status === 'authorized' ? 'payment.authorized' : 'payment.captured';
  return { event, payload: eventBody(event, { payment: paymentEntity(payment, payment.status) }) };
}

/**
 * A paid link the reconciler found at Razorpay (paymentLink.fetch) as the `payment_link.paid`
 * that would have told of it: the same subject, so the webhook before or after is the same news.
 */
export function razorpayLinkEventOf(
  linkId: string,
  payment: ReportedPayment,
): { event: string; payload: unknown } {
  const event = 'payment_link.paid';
  return {
    event,
    payload: eventBody(event, {
      payment_link: { entity: { id: linkId, entity: 'payment_link', status: 'paid' } },
      payment: paymentEntity(payment, 'captured'),
    }),
  };
}

const paymentEntity = (payment: ReportedPayment, status: string) => ({
  entity: {
    id: payment.paymentId,
    entity: 'payment',
    order_id: payment.gatewayOrderId,
    amount: payment.amountMinor,
    currency: payment.currency,
    status,
  },
});

const eventBody = (event: string, payload: Record<string, unknown>) => ({
  entity: 'event',
  event,
  payload,
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown) => typeof value === 'string' && value.length > 0;

/** What the shop reads of each entity, by the events it acts on (the rest it stores only). */
const ENTITY_OF: Record<string, 'payment' | 'refund' | 'payment_link'> = {
  'payment.captured': 'payment',
  'order.paid': 'payment',
  'payment.authorized': 'payment',
  'payment.failed': 'payment',
  'refund.processed': 'refund',
  'refund.failed': 'refund',
  'payment_link.paid': 'payment_link',
  'refund.speed_changed': 'refund',
};

/**
 * What is missing from an event for the shop to read it, keyed by field (422 `errors`), or
 * undefined when nothing is. Every event must carry its `payload` object; the events the shop
 * acts on (ENTITY_OF) must carry the entity it reads, with the fields it reads. Any other event
 * is stored as it came and ignored, so its payload's content is not checked.
 */
export function razorpayEventProblems(event: string, body: unknown): FieldErrors | undefined {
  const payload = isObject(body) ? body.payload : undefined;
  if (!isObject(payload)) return { payload: ['Every Razorpay event carries a payload object.'] };
  const kind = ENTITY_OF[event];
  if (!kind) return undefined;
  const wrapper = payload[kind];
  const entity = isObject(wrapper) ? wrapper.entity : undefined;
  const at = `payload.${kind}.entity`;
  if (!isObject(entity)) return { [at]: [`${event} carries the ${kind} it is about.`] };
  const problems: FieldErrors = {};
  if (!nonEmptyString(entity.id)) problems[`${at}.id`] = ['Must be the non-empty id.'];
  // A link's payment is read too: what paid it, how much (payment_link.paid).
  if (kind === 'payment_link') {
    const paid = razorpayEventProblems('payment.captured', body);
    if (paid) Object.assign(problems, paid);
  }
  if (kind === 'payment') {
    if (!Number.isSafeInteger(entity.amount) || (entity.amount as number) < 0) {
      problems[`${at}.amount`] = ['Must be a whole number of minor units.'];
    }
    if (!nonEmptyString(entity.currency)) problems[`${at}.currency`] = ['Must be the currency.'];
    if (
      entity.order_id !== undefined &&
      entity.order_id !== null &&
      !nonEmptyString(entity.order_id)
    ) {
      problems[`${at}.order_id`] = ['Must be the order id, or null.'];
    }
  }
  return Object.keys(problems).length > 0 ? problems : undefined;
}
