import type { Executor } from '@storefront/db/client';
import { currencies, orders, products } from '@storefront/db/schema';
import { and, asc, count, eq, gte, inArray, lte, ne, sum } from 'drizzle-orm';

export interface LowStockRecord {
  id: number;
  sku: string;
  name: string;
  stockQuantity: number;
}

/** The back office's figures, read in a few aggregate queries. */
export function createDashboardRepository(db: Executor) {
  return {
    /** Orders placed since `since` (cancelled ones left out) and their total, in minor units. */
    async ordersSince(since: Date): Promise<{ orders: number; revenueMinor: number }> {
      const [row] = await db
        .select({ orders: count(), revenue: sum(orders.totalCents) })
        .from(orders)
        .where(and(gte(orders.createdAt, since), ne(orders.status, 'canceled')));
      return { orders: row?.orders ?? 0, revenueMinor: Number(row?.revenue ?? 0) };
    },

    /** Orders placed or being prepared: what the shop still has to ship. */
    async waitingToShip(): Promise<number> {
      return db.$count(orders, inArray(orders.status, ['pending', 'processing']));
    },

    /** Active products at or under `threshold` units, fewest first. */
    lowStock(threshold: number, limit: number): Promise<LowStockRecord[]> {
      return db
        .select({
          id: products.id,
          sku: products.sku,
          name: products.name,
          stockQuantity: products.stockQuantity,
        })
        .from(products)
        .where(and(eq(products.active, true), lte(products.stockQuantity, threshold)))
        .orderBy(asc(products.stockQuantity), asc(products.id))
        .limit(limit);
    },

    async defaultCurrency(): Promise<string | undefined> {
      const [row] = await db
        .select({ code: currencies.code })
        .from(currencies)
        .where(eq(currencies.isDefault, true));
      return row?.code;
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
