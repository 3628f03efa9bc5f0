import type { Executor } from '@storefront/db/client';
import { orders } from '@storefront/db/schema';
import { and, count, gte, inArray, ne, sum } from 'drizzle-orm';

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
