import type { Executor } from '@storefront/db/client';
import { orderItems, orderRefunds, orders } from '@storefront/db/schema';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  sql,
  sum,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

/** The back office's order figures (the dashboard composes them), in aggregate queries. */

/** Orders placed since `since` (cancelled ones left out) and their total, in minor units. */
export async function ordersSince(
  db: Executor,
  since: Date,
): Promise<{ orders: number; revenueMinor: number }> {
  const [row] = await db
    .select({ orders: count(), revenue: sum(orders.totalCents) })
    .from(orders)
    .where(and(gte(orders.createdAt, since), ne(orders.status, 'canceled')));
  return { orders: row?.orders ?? 0, revenueMinor: Number(row?.revenue ?? 0) };
}

/** Orders placed or being prepared: what the shop still has to ship. */
export function ordersWaitingToShip(db: Executor): Promise<number> {
  return db.$count(orders, inArray(orders.status, ['pending', 'processing']));
}

/**
 * Orders and revenue per shop-local calendar day (`YYYY-MM-DD` in `timeZone`) of the orders
 * placed since `since`, cancelled ones left out; days without orders are absent (the caller
 * fills them).
 */
export async function ordersPerShopDay(
  db: Executor,
  since: Date,
  timeZone: string,
): Promise<{ day: string; orders: number; revenueMinor: number }[]> {
  const day = sql<string>`to_char(${orders.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, orders: count(), revenue: sum(orders.totalCents) })
    .from(orders)
    .where(and(gte(orders.createdAt, since), ne(orders.status, 'canceled')))
    // By position: the zone is a bound parameter, so a repeated expression would not match.
    .groupBy(sql`1`);
  return rows.map((row) => ({
    day: row.day,
    orders: row.orders,
    revenueMinor: Number(row.revenue ?? 0),
  }));
}

/** Best sellers by units kept (ordered less cancelled and returned) since `since`. */
export async function topProductsSince(db: Executor, since: Date, limit: number) {
  const units = sql<number>`sum(${orderItems.quantity} - ${orderItems.canceledQuantity} - ${orderItems.returnedQuantity})::int`;
  const revenue = sum(orderItems.totalCents);
  return db
    .select({
      productId: orderItems.productId,
      name: sql<string>`max(${orderItems.productName})`,
      units,
      revenue,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        gte(orders.createdAt, since),
        ne(orders.status, 'canceled'),
        isNotNull(orderItems.productId),
      ),
    )
    .groupBy(orderItems.productId)
    .orderBy(desc(units), asc(orderItems.productId))
    .limit(limit)
    .then((rows) =>
      rows
        .filter((row) => row.productId !== null && row.units > 0)
        .map((row) => ({
          productId: row.productId as number,
          name: row.name,
          units: row.units,
          revenueMinor: Number(row.revenue ?? 0),
        })),
    );
}

/**
 * Refunds whose gateway part failed and that nobody has asked for again yet (docs/refunds.md):
 * money the shop still owes, newest first.
 */
export async function failedRefundsAwaiting(db: Executor, limit: number) {
  const retry = alias(orderRefunds, 'retry');
  const where = and(eq(orderRefunds.status, 'failed'), isNull(retry.id));
  const base = () =>
    db
      .select({
        id: orderRefunds.id,
        orderId: orderRefunds.orderId,
        orderNumber: orders.orderNumber,
        gatewayMinor: orderRefunds.gatewayCents,
        createdAt: orderRefunds.createdAt,
      })
      .from(orderRefunds)
      .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
      .leftJoin(retry, eq(retry.retryOfId, orderRefunds.id));
  const [rows, [total]] = await Promise.all([
    base().where(where).orderBy(desc(orderRefunds.id)).limit(limit),
    db
      .select({ n: count() })
      .from(orderRefunds)
      .leftJoin(retry, eq(retry.retryOfId, orderRefunds.id))
      .where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}
