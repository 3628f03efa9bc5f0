import type { GatewayEvent, ReportedPayment } from './gateway';

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
    refund?: { entity?: { id: string; payment_id: string } };
  };
}

/** `payment.captured` and `order.paid` are the same news about a payment. */
const CAPTURED = new Set(['payment.captured', 'order.paid']);

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
  if (payment) {
    const subject = `${CAPTURED.has(event) ? 'payment.captured' : event}:${payment.paymentId}`;
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
  return { kind: 'other', subject };
}
