import { centsToAmount, formatMoney } from '../../money';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import { enqueueMail } from '../mail';
import { enqueueOrderPush } from '../notifications';
import type { ReferenceDataRepository } from '../store-settings';
import { invoiceOrder } from './invoicing.steps';
import { amountDueCents } from './order.dto';
import type { OrderRecord, OrdersRepository } from './orders.repository';
import type { OrderRepositories } from './orders.service';
import { creditRefundsBeforeInvoice } from './refund-ledger.steps';

/*
 * COD to prepaid (issue 40): what the payments slice's payment links read of an order, and the
 * step that makes a cash-on-delivery order paid online (docs/contract.md, "Payment links").
 */

/** The COD fee as the customer pays it: the fee (less its tax when prices include it) plus its tax. */
const codFeeWithTaxCents = (order: Pick<OrderRecord, 'codFeeCents' | 'codFeeTax'>) =>
  order.codFeeCents + (order.codFeeTax?.taxCents ?? 0);

/**
 * A COD order turned prepaid drops its COD fee (docs/payments.md, "The COD fee of a link-paid
 * order"): the fee and its tax leave `cod_fee`, `tax`, the tax lines and `total`, so the totals
 * identity holds, `amount_due` is what the link took, and the invoice, issued right after, and
 * later refunds never bill or give back a fee that was not paid.
 */
function withoutCodFee(order: OrderRecord) {
  const feeTax = order.codFeeTax;
  if (order.codFeeCents === 0 && !feeTax) return {};
  const taxLines =
    order.taxLines && feeTax
      ? order.taxLines
          .map((row) => {
            const fee = feeTax.taxLines.find(
              (line) => line.name === row.name && line.rateBasisPoints === row.rateBasisPoints,
            );
            return fee
              ? {
                  ...row,
                  amountCents: row.amountCents - fee.amountCents,
                  taxableValueCents: row.taxableValueCents - feeTax.taxableValueCents,
                }
              : row;
          })
          .filter((row) => row.amountCents !== 0 || row.taxableValueCents !== 0)
      : order.taxLines;
  return {
    codFeeCents: 0,
    codFeeTax: null,
    taxCents: order.taxCents - (feeTax?.taxCents ?? 0),
    taxLines,
    totalCents: order.totalCents - codFeeWithTaxCents(order),
  };
}

/** The payment method an order paid by link shows (`payment_method`). */
export const PAID_BY_LINK = 'payment_link';

export function createPaidOnline(deps: {
  orders: OrdersRepository;
  inTransaction: InTransaction<OrderRepositories>;
  reference: Pick<ReferenceDataRepository, 'paymentMethodType'>;
  clock: Clock;
}) {
  return {
    /** The order a link is asked for (scoped to its customer when `userId` is given). */
    async orderForLink(orderId: number, userId?: number) {
      const order = await deps.orders.find(orderId, userId);
      if (!order) return undefined;
      const address = order.shippingAddress;
      return {
        id: order.id,
        orderNumber: order.orderNumber,
        status: order.status,
        paymentStatus: order.paymentStatus,
        cashOnDelivery: (await deps.reference.paymentMethodType(order.paymentMethod)) === 'offline',
        amountDueCents: amountDueCents(order),
        // Paid online, the COD fee is not asked (issue 40): the fee with its tax.
        codFeeCents: codFeeWithTaxCents(order),
        currency: order.currency,
        customer: {
          name: `${address.first_name} ${address.last_name}`.trim(),
          email: address.email,
          contact: address.phone || null,
        },
      };
    },

    /**
     * The link's payment makes the order prepaid, once: under the order's lock, a second delivery
     * finds the payment recorded ('already paid'); an order cancelled or paid otherwise meanwhile
     * is 'not payable' (the caller refunds). Paid, the order is invoiced as a gateway order paid at
     * placement is (docs/tax.md), with an event and a push.
     */
    async markPaidByLink(
      orderId: number,
      payment: { paymentId: string; gatewayOrderId: string | null; amountCents: number },
    ): Promise<'paid' | 'already paid' | 'not payable'> {
      const now = deps.clock.now();
      return deps.inTransaction(async (tx) => {
        const order = await tx.orders.find(orderId, undefined, { lock: true });
        if (!order) return 'not payable';
        if (order.gatewayPaymentId === payment.paymentId) return 'already paid';
        if (order.status === 'canceled' || order.paymentStatus !== 'pending') return 'not payable';
        await tx.orders.update(order.id, {
          ...withoutCodFee(order),
          paymentMethod: PAID_BY_LINK,
          paymentStatus: 'paid',
          gatewayPaymentId: payment.paymentId,
          gatewayOrderId: payment.gatewayOrderId,
        });
        await tx.orders.addEvent(order.id, order.status, 'Paid online by payment link.');
        await enqueueOrderPush(tx.jobs, order.id, 'order_paid');
        // Last: the invoice counter row is shared by every invoicing (invoicing.steps.ts).
        await invoiceOrder(tx, order.id, now);
        await creditRefundsBeforeInvoice(tx, order.id, now);
        return 'paid';
      });
    },

    /**
     * After a link payment that came for an order no longer payable was refunded in full (the
     * payments slice's `linkPaid`): the order's timeline says so and its customer is written to,
     * in one transaction (docs/payments.md, "Payment links at the reconciler").
     */
    async linkPaymentRefunded(
      orderId: number,
      payment: { paymentId: string; amountCents: number; currency: string },
    ): Promise<void> {
      await deps.inTransaction(async (tx) => {
        const order = await tx.orders.find(orderId);
        if (!order) return;
        const amount = formatMoney(centsToAmount(payment.amountCents), payment.currency);
        const why =
          order.status === 'canceled'
            ? 'it had been cancelled before the payment came'
            : 'it had already been paid';
        await tx.orders.addEvent(
          order.id,
          order.status,
          `A payment of ${amount} by payment link (${payment.paymentId}) was refunded in full: ${why}.`,
        );
        await enqueueMail(tx.jobs, {
          kind: 'payment-refunded',
          userId: order.userId,
          amountMinor: payment.amountCents,
          currency: payment.currency,
          reason: `${why}.`,
          checkoutEmail: order.shippingAddress.email || null,
          orderNumber: order.orderNumber,
        });
      });
    },
  };
}
