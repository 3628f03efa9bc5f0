import { AppError } from '../../errors';
import { centsToAmount, formatMoney } from '../../money';
import type { Clock } from '../../ports';
import { toIso } from '../../zod-helpers';
import type { PaymentProvider, ReportedPayment } from './gateway';
import type { PaymentLinkRecord, PaymentLinksRepository } from './payment-links.repository';
import type { LinksGateway } from './razorpay-links';

/*
 * COD to prepaid (issue 40; docs/contract.md, "Payment links"): a pending cash-on-delivery order
 * gets a Razorpay payment link for what cash would collect; `payment_link.paid` makes the order
 * prepaid (the orders slice's step, given as `markPaid`). The gateway is never called inside a
 * transaction: the link is created first, then recorded.
 */

/** What the links read of an order (the orders slice's read, composed in services.ts). */
export interface OrderForLink {
  id: number;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  /** Paid by a method of type `offline` (cash on delivery). */
  cashOnDelivery: boolean;
  /** What cash would collect on delivery (amount_due), in minor units. */
  amountDueCents: number;
  /**
   * The COD fee inside amount_due, which a customer paying online does not owe. Hook for the
   * delivery issue's fee: 0 until orders carry one (docs/contract.md, "Payment links").
   */
  codFeeCents: number;
  currency: string;
  customer: { name: string; email: string | null; contact: string | null };
}

/** The e-mail carrying a link to its customer (the mail slice's `payment-link` job). */
export interface PaymentLinkMail {
  kind: 'payment-link';
  orderId: number;
  url: string;
  /** Minor units of `currency`. */
  amountMinor: number;
  currency: string;
  expiresAt: string;
}

/** What `payment_link.paid` did to the order (the outcome recorded with the event). */
export type LinkPaidOutcome = 'paid' | 'already paid' | 'not payable';

export interface PaymentLinksDeps {
  links: PaymentLinksRepository;
  gateway: LinksGateway | undefined;
  /** Refunds a link payment that came for an order no longer payable (the card provider). */
  refunds: Pick<PaymentProvider, 'refund'>;
  /** The order, scoped to its customer when `userId` is given. */
  order(orderId: number, userId?: number): Promise<OrderForLink | undefined>;
  /** The delivery settings' payment_link_expiry_hours. */
  expiryHours(): Promise<number>;
  /** Makes the order prepaid, once (the orders slice's transaction). */
  markPaid(
    orderId: number,
    payment: { paymentId: string; gatewayOrderId: string | null; amountCents: number },
  ): Promise<LinkPaidOutcome>;
  /**
   * After a payment for an order no longer payable was refunded: the order's event and the
   * customer's e-mail (the orders slice's transaction, composed in services.ts).
   */
  paymentRefunded(
    orderId: number,
    payment: { paymentId: string; amountCents: number; currency: string },
  ): Promise<void>;
  /** Queues the customer's e-mail (the mail slice's durable job, composed in services.ts). */
  sendMail(job: PaymentLinkMail): Promise<void>;
  clock: Clock;
}

/** `linkPaid`'s outcome when the link's payment made its order prepaid. */
export const LINK_PAID_OUTCOME = 'order paid by payment link';

/** Razorpay's smallest link amount (1.00 INR). */
const MIN_LINK_MINOR = 100;

const notAvailable = (why: string) =>
  new AppError('PAYMENT_LINK_NOT_AVAILABLE', `This order cannot be paid online: ${why}.`);

export const toPaymentLinkDto = (link: PaymentLinkRecord) => ({
  short_url: link.shortUrl,
  expires_at: toIso(link.expiresAt),
  amount: centsToAmount(link.amountCents),
  currency: link.currency,
});
export type PaymentLinkDto = ReturnType<typeof toPaymentLinkDto>;

export function createPaymentLinks(deps: PaymentLinksDeps) {
  /** The order's link: the current one, or a new one at Razorpay (then recorded). */
  async function linkFor(orderId: number, userId?: number): Promise<PaymentLinkRecord> {
    const order = await deps.order(orderId, userId);
    if (!order) throw new AppError('NOT_FOUND', 'Order not found.');
    const gateway = deps.gateway;
    if (!gateway) throw notAvailable('the shop takes no online payments');
    if (!order.cashOnDelivery) throw notAvailable('it is not a cash-on-delivery order');
    if (order.status !== 'pending' || order.paymentStatus !== 'pending') {
      throw notAvailable(`it is ${order.status} and its payment ${order.paymentStatus}`);
    }
    const amount = {
      amountCents: order.amountDueCents - order.codFeeCents,
      currency: order.currency,
    };
    if (amount.amountCents < MIN_LINK_MINOR) throw notAvailable('there is nothing left to pay');
    const now = deps.clock.now();
    const current = await deps.links.current(order.id, amount, now);
    if (current) return current;
    // Razorpay takes each reference once: a later link (expired, or the amount changed) is /2…
    const earlier = await deps.links.countFor(order.id);
    const referenceId = earlier === 0 ? order.orderNumber : `${order.orderNumber}/${earlier + 1}`;
    const expiresAt = new Date(now.getTime() + (await deps.expiryHours()) * 3_600_000);
    const created = await gateway.createPaymentLink({
      amountMinor: amount.amountCents,
      currency: amount.currency,
      referenceId,
      description: `Order ${order.orderNumber}`,
      expiresAt,
      customer: order.customer,
      notes: { order_number: order.orderNumber },
    });
    const record = {
      id: created.id,
      orderId: order.id,
      ...amount,
      shortUrl: created.shortUrl,
      expiresAt: created.expiresAt,
      paidAt: null,
      paymentId: null,
      closedAt: null,
      closedAs: null,
      createdAt: now,
    };
    await deps.links.record(record);
    return record;
  }

  return {
    /** POST /customer/orders/{id}/pay-online (`userId`), and the panel's send (no `userId`). */
    async payOnline(orderId: number, userId?: number): Promise<PaymentLinkDto> {
      return toPaymentLinkDto(await linkFor(orderId, userId));
    },

    /** admin.orders.sendPaymentLink: the same link, e-mailed to the customer (a mail job). */
    async sendByMail(orderId: number): Promise<PaymentLinkDto> {
      const link = await linkFor(orderId);
      await deps.sendMail({
        kind: 'payment-link',
        orderId: link.orderId,
        url: link.shortUrl,
        amountMinor: link.amountCents,
        currency: link.currency,
        expiresAt: toIso(link.expiresAt),
      });
      return toPaymentLinkDto(link);
    },

    /**
     * `payment_link.paid` (the webhook's job): the order becomes prepaid once; a payment for an
     * order no longer payable (cancelled meanwhile) is refunded in full under the link's receipt.
     */
    async linkPaid(linkId: string, payment: ReportedPayment): Promise<string> {
      const link = await deps.links.find(linkId);
      if (!link) return 'ignored: not a payment link of this shop';
      if (payment.amountMinor !== link.amountCents || payment.currency !== link.currency) {
        return `ignored: paid ${formatMoney(centsToAmount(payment.amountMinor), payment.currency)}, not the link's amount`;
      }
      const outcome = await deps.markPaid(link.orderId, {
        paymentId: payment.paymentId,
        gatewayOrderId: payment.gatewayOrderId,
        amountCents: payment.amountMinor,
      });
      if (outcome === 'not payable') {
        await deps.refunds.refund({
          paymentId: payment.paymentId,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          receipt: `link-${link.id}`.slice(0, 40),
          notes: { payment_link: link.id },
        });
        // Told once: a retried job finds the link marked paid by this payment (refund above is
        // idempotent by its receipt; the order's event and the mail are not).
        if (link.paymentId !== payment.paymentId) {
          await deps.paymentRefunded(link.orderId, {
            paymentId: payment.paymentId,
            amountCents: payment.amountMinor,
            currency: payment.currency,
          });
        }
        await deps.links.markPaid(link.id, payment.paymentId, deps.clock.now());
        return 'refunded: the order can no longer be paid';
      }
      await deps.links.markPaid(link.id, payment.paymentId, deps.clock.now());
      return outcome === 'paid' ? LINK_PAID_OUTCOME : 'already handled';
    },
  };
}

export type PaymentLinks = ReturnType<typeof createPaymentLinks>;
