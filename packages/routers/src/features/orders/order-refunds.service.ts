import { AppError, validationError } from '../../errors';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import { releaseStock } from '../catalog';
import { enqueueMail } from '../mail';
import { invoiceLinesOf } from './document-lines';
import { earlierLines } from './order-cancel.steps';
import { isCancellable } from './order-status';
import type { OrderRecord } from './orders.repository';
import { changeStatus, type OrderRepositories } from './orders.service';
import {
  exceedsPaid,
  givesMoney,
  paymentTaken,
  type RefundRequester,
  recordRefund,
  refundableCents,
  writeOrderSums,
} from './refund-ledger.steps';
import { cancelledLines, goodwillLines, unitsLeft } from './refund-lines';
import { retryGatewayPart } from './refunds';
import type { RefundRecord } from './refunds.repository';

/*
 * Giving back part or all of an order (docs/refunds.md): cancel-items and the full cancel (the
 * order's units back to stock and their frozen share back through the ledger), goodwill, and the
 * shop's retry of a refund the gateway failed. Each runs in one transaction that locks the order
 * row first, like every status change, so a cancel racing a shipment, or two refunds racing each
 * other, queue up on that lock and the second sees what the first did.
 */

export interface OrderRefundsServiceDeps {
  inTransaction: InTransaction<OrderRepositories>;
  clock: Clock;
}

const notFound = () => new AppError('NOT_FOUND', 'Order not found.');

/** What the customer's mail says was given back: money, or what COD no longer collects. */
export const refundMail = (order: OrderRecord, refund: RefundRecord | undefined, reason: string) =>
  refund && givesMoney(refund)
    ? {
        kind: 'order-refunded' as const,
        orderId: order.id,
        amountMinor: refund.amountCents - refund.uncollectedCents,
        uncollectedMinor: refund.uncollectedCents,
        currency: order.currency,
        reason,
      }
    : undefined;

export function createOrderRefundsService(deps: OrderRefundsServiceDeps) {
  const { inTransaction, clock } = deps;

  return {
    /**
     * Cancels units of a pending or processing order (`userId` scopes it to the customer's own):
     * stock back, their frozen share given back at once. Every remaining unit is the full cancel
     * (status `canceled`, the whole remaining value back, shipping included). 422
     * ORDER_NOT_CANCELLABLE once shipped; 422 naming `items` for more units than are left.
     */
    async cancelItems(input: {
      userId?: number | undefined;
      orderId: number;
      items: readonly { orderItemId: number; quantity: number }[];
      reason: string;
      /** A staff member's cancel: above their refund limit the money waits. */
      requestedBy?: RefundRequester;
    }): Promise<OrderRecord> {
      return inTransaction(async (tx) => {
        const order = await tx.orders.find(input.orderId, input.userId, { lock: true });
        if (!order) throw notFound();
        if (!isCancellable(order.status)) {
          throw new AppError(
            'ORDER_NOT_CANCELLABLE',
            `An order that is ${order.status} can no longer be cancelled.`,
          );
        }
        const items = await tx.orders.items(order.id);
        const invoice = invoiceLinesOf(order, items);
        const earlier = await earlierLines(tx, order.id);
        const lines = cancelledLines(invoice, earlier, input.items);
        const left = invoice.lines.reduce((units, line) => units + unitsLeft(line, earlier), 0);
        const asked = input.items.reduce((units, item) => units + item.quantity, 0);
        if (asked === left) {
          return changeStatus(tx, order, 'canceled', {
            reason: input.reason,
            ...(input.requestedBy ? { requestedBy: input.requestedBy } : {}),
            earnsPoints: false,
            now: clock.now(),
          });
        }
        for (const [index, item] of input.items.entries()) {
          if (!(await tx.refunds.cancelUnits(item.orderItemId, item.quantity))) {
            throw validationError({ [`items.${index}.quantity`]: ['More than are left.'] });
          }
        }
        await releaseStock(
          tx.stock,
          input.items.flatMap((asked) => {
            const item = items.find((candidate) => candidate.id === asked.orderItemId);
            return item?.productId == null
              ? []
              : [
                  {
                    productId: item.productId,
                    variantId: item.variantId,
                    quantity: asked.quantity,
                  },
                ];
          }),
        );
        const recorded = await recordRefund(tx, order, {
          kind: 'cancel_items',
          reason: input.reason,
          lines,
          now: clock.now(),
          requestedBy: input.requestedBy,
        });
        const named = lines.map((line) => `${line.quantity} × ${line.description}`).join(', ');
        await tx.orders.addEvent(order.id, order.status, `Cancelled ${named}: ${input.reason}`);
        const mail = refundMail(recorded.order, recorded.refund, `${named} cancelled`);
        if (mail) await enqueueMail(tx.jobs, mail);
        return recorded.order;
      });
    },

    /**
     * admin.orders.refund: a goodwill refund of up to what is still refundable (422
     * REFUND_EXCEEDS_PAID beyond, nothing written); an invoiced order gets its credit note, the
     * amount spread over the lines by what is left of each.
     */
    async goodwill(input: {
      orderId: number;
      amountCents: number;
      reason: string;
      requestedBy?: RefundRequester;
    }) {
      return inTransaction(async (tx) => {
        const order = await tx.orders.find(input.orderId, undefined, { lock: true });
        if (!order) throw notFound();
        // Goodwill gives back money taken: cash on delivery before delivery has none.
        const refundable = paymentTaken(order.paymentStatus) ? refundableCents(order) : 0;
        if (input.amountCents > refundable) throw exceedsPaid(refundable);
        const invoice = invoiceLinesOf(order, await tx.orders.items(order.id));
        const earlier = await earlierLines(tx, order.id);
        let lines: ReturnType<typeof goodwillLines>;
        try {
          lines = goodwillLines(invoice, earlier, input.amountCents);
        } catch {
          throw exceedsPaid(refundable);
        }
        const recorded = await recordRefund(tx, order, {
          kind: 'goodwill',
          reason: input.reason,
          lines,
          now: clock.now(),
          requestedBy: input.requestedBy,
        });
        const amount = (input.amountCents / 100).toFixed(2);
        const waits = recorded.refund && !givesMoney(recorded.refund);
        await tx.orders.addEvent(
          order.id,
          order.status,
          `${waits ? 'Refund awaiting approval' : 'Refunded'} ${amount}: ${input.reason}`,
        );
        const mail = refundMail(recorded.order, recorded.refund, input.reason);
        if (mail) await enqueueMail(tx.jobs, mail);
        return recorded;
      });
    },

    /**
     * admin.refunds.failed: the refunds the gateway failed that no retry asks for any more
     * (REFUND_MAX_ATTEMPTS spent), newest first: what the shop must look at.
     */
    async failed(limit = 200): Promise<RefundRecord[]> {
      return inTransaction((tx) => tx.refunds.failedUnretried(limit));
    },

    /**
     * admin.orders.retryRefund and admin.refunds.retry: asks the gateway again for a failed row's
     * money, once per failed row.
     */
    async retry(refundId: number): Promise<RefundRecord> {
      return inTransaction(async (tx) => {
        const found = await tx.refunds.find(refundId);
        const order = found && (await tx.orders.find(found.orderId, undefined, { lock: true }));
        const row = order && (await tx.refunds.find(refundId));
        if (!order || !row) throw new AppError('NOT_FOUND', 'Refund not found.');
        const again = row.status === 'failed' ? await tx.refunds.retryOf(row.id) : undefined;
        if (row.status !== 'failed' || again) {
          throw validationError({
            refund_id: [
              again
                ? `Asked for again already (refund ${again.id}).`
                : `Only a failed refund can be retried; this one is ${row.status}.`,
            ],
          });
        }
        const retry = await retryGatewayPart(tx, order, row, 'Retried by the shop.');
        await writeOrderSums(tx, order);
        return retry;
      });
    },

    /** admin.orders.refunds: the order's ledger, oldest first, and its credit notes. */
    async list(orderId: number) {
      return inTransaction(async (tx) => {
        const order = await tx.orders.find(orderId);
        if (!order) throw notFound();
        const refunds = await tx.refunds.forOrder(order.id);
        return { order, refunds, creditNotes: await tx.creditNotes.forOrder(order.id) };
      });
    },
  };
}

export type OrderRefundsService = ReturnType<typeof createOrderRefundsService>;
