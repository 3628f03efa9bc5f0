import type { ReturnStatus } from '@storefront/db/schema';
import { AppError, validationError } from '../../errors';
import type { PageRequest } from '../../pagination';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import { releaseStock } from '../catalog';
import { issueStoreCredit, type StoreCreditCodes } from '../gift-cards';
import { reverseEarnedPoints } from '../loyalty';
import { enqueueMail } from '../mail';
import { enqueueReturnPush } from '../notifications';
import {
  amountDueCents,
  type OrderRecord,
  type RefundRecord,
  type RefundRequester,
  recordRefund,
} from '../orders';
import { refundedItems, sendExchange } from './exchange.steps';
import type { AdminReturnFilter, ReturnWithParts } from './returns.repository';
import { returnLines } from './returns.rules';
import { orderState, type ReturnRepositories } from './returns.service';

/*
 * The shop's side of returns (admin.returns.*, docs/returns.md): approve or reject a request,
 * receive the parcel (resellable units back to stock, units counted returned), refund what was
 * received through the ledger (kind `return`). Every write locks the order's row first, then
 * moves the return with a guarded update, so two admins clicking at once change it once.
 */

export interface ReturnsAdminDeps {
  inTransaction: InTransaction<ReturnRepositories>;
  clock: Clock;
  /** Seals the code of store credit issued by a refund (gift cards' store-credit-code.ts). */
  storeCreditCodes: StoreCreditCodes;
}

type Told = 'approved' | 'rejected' | 'refunded' | 'exchanged';

const notFound = () => new AppError('NOT_FOUND', 'Return not found.');
const wrongStatus = (found: ReturnWithParts, doing: string) =>
  new AppError('RETURN_NOT_ALLOWED', `A return that is ${found.status} cannot be ${doing}.`);

export function createReturnsAdminService({
  inTransaction,
  clock,
  storeCreditCodes,
}: ReturnsAdminDeps) {
  /** The return and its order, the order's row locked (every return write's first step). */
  async function locked(tx: ReturnRepositories, id: number) {
    const first = await tx.returns.find(id);
    if (!first) throw notFound();
    const order = await tx.orders.find(first.orderId, undefined, { lock: true });
    const found = await tx.returns.find(id);
    if (!order || !found) throw notFound();
    return { order, found };
  }

  /** The event, the durable e-mail and the push of a status the customer is told of. */
  async function tell(
    tx: ReturnRepositories,
    found: ReturnWithParts,
    order: { id: number; currency: string },
    status: Told,
    note: string | null,
    amountCents = 0,
  ) {
    await tx.returns.addEvent(found.id, status, note);
    await enqueueMail(tx.jobs, {
      kind: 'return-status',
      orderId: order.id,
      returnNumber: found.number,
      status,
      note,
      amountMinor: amountCents,
      currency: order.currency,
    });
    await enqueueReturnPush(tx.jobs, {
      type: `return_${status}`,
      orderId: order.id,
      returnId: found.id,
      returnNumber: found.number,
    });
  }

  async function move(
    id: number,
    from: readonly ReturnStatus[],
    to: 'approved' | 'rejected',
    note: string | null,
  ) {
    return inTransaction(async (tx) => {
      const { order, found } = await locked(tx, id);
      if (!(await tx.returns.changeStatus(id, from, { status: to }))) {
        throw wrongStatus(found, to);
      }
      await tell(tx, found, order, to, note);
      return (await tx.returns.find(id)) ?? found;
    });
  }

  /**
   * After the ledger gave a return's money back: its store credit (the card issued with the row,
   * docs/returns.md), the points earned on the returned part taken back, the return refunded.
   */
  async function finishRefund(
    tx: ReturnRepositories,
    order: OrderRecord,
    found: ReturnWithParts,
    refund: RefundRecord | undefined,
    totalCents: number,
  ) {
    if (refund && refund.storeCreditCents > 0) {
      await issueStoreCredit(tx, storeCreditCodes, {
        ownerUserId: order.userId,
        orderId: order.id,
        refundId: refund.id,
        amountCents: refund.storeCreditCents,
        currency: order.currency,
        returnNumber: found.number,
      });
    }
    // Points were earned on what the gateway or cash kept: those of the returned part go back.
    const rows = await tx.refunds.forOrder(order.id);
    const gateway = (kind: 'return' | 'other') =>
      rows
        .filter((row) => (row.kind === 'return') === (kind === 'return'))
        .reduce((total, row) => total + row.gatewayCents, 0);
    await reverseEarnedPoints(
      tx,
      order,
      gateway('return'),
      amountDueCents(order) - gateway('other'),
    );
    await tx.returns.changeStatus(found.id, ['received'], {
      status: 'refunded',
      refundId: refund?.id ?? null,
    });
    await tx.orders.addEvent(order.id, order.status, `Return ${found.number} refunded`);
    await tell(tx, found, order, 'refunded', null, totalCents);
  }

  return {
    list: (filter: AdminReturnFilter, request: PageRequest) =>
      inTransaction((tx) => tx.returns.list(filter, request)),

    async get(id: number) {
      const found = await inTransaction((tx) => tx.returns.find(id));
      if (!found) throw notFound();
      return found;
    },

    /** Only a requested return is approved; a second click answers 422 RETURN_NOT_ALLOWED. */
    approve: (id: number, note?: string) => move(id, ['requested'], 'approved', note ?? null),

    reject: (id: number, reason: string) => move(id, ['requested', 'approved'], 'rejected', reason),

    /**
     * The parcel arrived: per line, how many units and in what state. Resellable units go back
     * to stock (the variant's, when the line has one) when the shop restocks on receipt;
     * resellable and damaged ones count as returned; missing ones are neither.
     */
    async receive(
      id: number,
      items: readonly {
        orderItemId: number;
        quantity: number;
        condition: 'resellable' | 'damaged' | 'missing';
      }[],
    ) {
      return inTransaction(async (tx) => {
        const { order, found } = await locked(tx, id);
        if (found.status !== 'approved') throw wrongStatus(found, 'received');
        const errors: Record<string, string[]> = {};
        items.forEach((got, index) => {
          const line = found.items.find((item) => item.orderItemId === got.orderItemId);
          if (!line) errors[`items.${index}.order_item_id`] = ['Not a line of this return.'];
          else if (got.quantity > line.quantity) {
            errors[`items.${index}.quantity`] = [`At most ${line.quantity}: the units asked for.`];
          }
        });
        if (Object.keys(errors).length > 0) throw validationError(errors);
        const settings = await tx.returns.settings();
        const orderItems = await tx.orders.items(found.orderId);
        const back: { productId: number; variantId: number | null; quantity: number }[] = [];
        for (const got of items) {
          const line = found.items.find((item) => item.orderItemId === got.orderItemId);
          if (!line) continue;
          const counted = got.condition === 'missing' ? 0 : got.quantity;
          await tx.returns.setReceived(line.id, counted, got.condition);
          if (counted > 0 && !(await tx.refunds.returnUnits(got.orderItemId, counted))) {
            throw validationError({ items: ['More units than are left on the order line.'] });
          }
          const ordered = orderItems.find((item) => item.id === got.orderItemId);
          if (got.condition === 'resellable' && settings.restockOnReceive && ordered?.productId) {
            back.push({
              productId: ordered.productId,
              variantId: ordered.variantId,
              quantity: counted,
            });
          }
        }
        await releaseStock(tx.stock, back);
        await tx.returns.changeStatus(id, ['approved'], { status: 'received' });
        await tx.returns.addEvent(id, 'received');
        // Exchanged units received: the replacement goes out in this transaction.
        const received = await tx.returns.find(id);
        if (received) await sendExchange(tx, received, order, clock.now(), tell);
        return (await tx.returns.find(id)) ?? found;
      });
    },

    /**
     * Sends the replacement of an exchange that was sold out at receipt, once the shop has
     * restocked (exchange.steps.ts): 422 OUT_OF_STOCK while it still is, nothing written; 422
     * RETURN_NOT_ALLOWED unless the return is `received` with an exchange not yet sent.
     */
    async sendReplacement(id: number) {
      return inTransaction(async (tx) => {
        const { order, found } = await locked(tx, id);
        const waiting = found.items.some(
          (item) => item.exchangeVariantId !== null && item.receivedQuantity > 0,
        );
        if (found.status !== 'received' || found.replacementOrderId !== null || !waiting) {
          throw wrongStatus(found, 'sent a replacement');
        }
        if (!(await sendExchange(tx, found, order, clock.now(), tell))) {
          throw new AppError('OUT_OF_STOCK', 'The variant asked for is still out of stock.');
        }
        return (await tx.returns.find(id)) ?? found;
      });
    },

    /**
     * Refunds what was received, recomputed from the received units' frozen shares (shipping
     * only when the whole order came back for a shop-fault reason, the fee once), through the
     * ledger with kind `return`. Run twice, or by two admins at once, it refunds once: the second
     * waits on the order's lock and finds the return refunded (answered as it is).
     */
    async refund(id: number, requestedBy?: RefundRequester) {
      return inTransaction(async (tx) => {
        const { order, found } = await locked(tx, id);
        // Refunded, or its refund awaiting approval (or declined): answered as it is.
        if (found.status === 'refunded' || found.refundId !== null) return found;
        if (found.status !== 'received') throw wrongStatus(found, 'refunded');
        const state = await orderState(tx, order.id, undefined, false);
        const asked = refundedItems(found).map((item) => ({
          orderItemId: item.orderItemId,
          quantity: item.receivedQuantity,
          reason: item.reason,
        }));
        // The fee is the policy the customer was quoted when asking, not today's.
        const lines = returnLines(
          { ...state, settings: { ...state.settings, returnFeeCents: found.quote.feeCents } },
          asked,
        );
        const recorded = await recordRefund(tx, order, {
          kind: 'return',
          reason: `Return ${found.number}`,
          lines: lines.lines,
          feeCents: lines.feeCents,
          toStoreCredit: found.refundTo === 'store_credit',
          now: clock.now(),
          requestedBy,
        });
        if (recorded.refund?.status === 'awaiting_approval') {
          // The money waits for an Owner: the return stays received, pointing at its refund,
          // and is finished by the approval (refundApproved; docs/returns.md).
          await tx.returns.changeStatus(id, ['received'], { refundId: recorded.refund.id });
          await tx.orders.addEvent(
            order.id,
            recorded.order.status,
            `Return ${found.number}: refund awaiting approval`,
          );
        } else {
          await finishRefund(tx, order, found, recorded.refund, lines.totalCents);
        }
        return (await tx.returns.find(id)) ?? found;
      });
    },

    /**
     * The refund approvals' hook for a return's refund approved (refund-approvals.service.ts):
     * what refund() does after the ledger when no approval is needed.
     */
    async refundApproved(tx: ReturnRepositories, order: OrderRecord, refund: RefundRecord) {
      const found = refund.kind === 'return' ? await tx.returns.findByRefund(refund.id) : undefined;
      if (found?.status !== 'received') return;
      const total = refund.lines.reduce((sum, line) => sum + line.totalCents, 0);
      await finishRefund(tx, order, found, refund, total);
    },
  };
}

export type ReturnsAdminService = ReturnType<typeof createReturnsAdminService>;
