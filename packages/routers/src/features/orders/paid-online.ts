import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import { enqueueOrderPush } from '../notifications';
import type { ReferenceDataRepository } from '../store-settings';
import { invoiceOrder } from './invoicing.steps';
import { amountDueCents } from './order.dto';
import type { OrdersRepository } from './orders.repository';
import type { OrderRepositories } from './orders.service';
import { creditRefundsBeforeInvoice } from './refund-ledger.steps';

/*
 * COD to prepaid (issue 40): what the payments slice's payment links read of an order, and the
 * step that makes a cash-on-delivery order paid online (docs/contract.md, "Payment links").
 */

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
        // Hook for the COD fee (delivery issue): orders carry none yet, so nothing is taken off.
        codFeeCents: 0,
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
  };
}
