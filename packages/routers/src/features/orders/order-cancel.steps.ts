import { releaseStock } from '../catalog';
import { releaseCoupon } from '../coupons';
import { invoiceLinesOf } from './document-lines';
import type { OrderRecord } from './orders.repository';
import type { OrderRepositories } from './orders.service';
import { type RefundRequester, recordRefund, writeOrderSums } from './refund-ledger.steps';
import { remainingLines, unitsLeft } from './refund-lines';

/*
 * The full cancel's step (place-order undone): what the order still holds goes back — stock,
 * the coupon's use, and its remaining value through the refund ledger (docs/refunds.md).
 */

/** The lines the order's earlier refunds gave back (the ledger's account of what is left). */
export async function earlierLines(tx: OrderRepositories, orderId: number) {
  return (await tx.refunds.forOrder(orderId)).flatMap((refund) => refund.lines);
}

/**
 * Cancels every unit not given back yet, in the caller's transaction with `order` locked:
 * stock back, the coupon's use back, the remaining value (shipping and its tax included) through
 * the ledger. The caller sets the status.
 */
export async function cancelRemaining(
  tx: OrderRepositories,
  order: OrderRecord,
  {
    reason,
    now,
    requestedBy,
  }: { reason: string; now: Date; requestedBy?: RefundRequester | undefined },
): Promise<OrderRecord> {
  const items = await tx.orders.items(order.id);
  const earlier = await earlierLines(tx, order.id);
  const invoice = invoiceLinesOf(order, items);
  const back = items.flatMap((item) => {
    const line = invoice.lines.find((candidate) => candidate.orderItemId === item.id);
    const left = line ? unitsLeft(line, earlier) : 0;
    return left > 0 ? [{ item, left }] : [];
  });
  for (const { item, left } of back) await tx.refunds.cancelUnits(item.id, left);
  await releaseStock(
    tx.stock,
    back.flatMap(({ item, left }) =>
      item.productId === null
        ? []
        : [{ productId: item.productId, variantId: item.variantId, quantity: left }],
    ),
  );
  await releaseCoupon(tx.coupons, order.id);
  const recorded = await recordRefund(tx, order, {
    kind: 'cancel',
    reason,
    lines: remainingLines(invoice, earlier),
    now,
    requestedBy,
  });
  // Nothing left to give back (all of it given back before): the counters as the ledger says.
  return recorded.refund ? recorded.order : writeOrderSums(tx, order);
}
