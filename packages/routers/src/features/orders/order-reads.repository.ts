import type { Executor } from '@storefront/db/client';
import { orderItems, orders } from '@storefront/db/schema';
import { and, count, eq, inArray, ne } from 'drizzle-orm';

/** Reads of orders other slices compose (docs/architecture.md, "Tables have owners"). */

/** What an order push says. */
export async function orderForPush(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      orderNumber: orders.orderNumber,
      paymentStatus: orders.paymentStatus,
      carrier: orders.carrier,
      trackingNumber: orders.trackingNumber,
      totalCents: orders.totalCents,
      currency: orders.currency,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The customer has an order with this product that was not canceled. */
export async function hasPurchased(
  db: Executor,
  userId: number,
  productId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.productId, productId),
        ne(orders.status, 'canceled'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The customer's cash-on-delivery orders not yet completed or canceled (delivery's COD rules). */
export async function openCodOrders(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ open: count() })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, 'cod'),
        inArray(orders.status, ['pending', 'processing', 'shipped']),
      ),
    );
  return Number(row?.open ?? 0);
}
