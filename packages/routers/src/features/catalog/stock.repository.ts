import type { Executor } from '@storefront/db/client';
import { preparedQueries } from '@storefront/db/prepared';
import { products, productVariants } from '@storefront/db/schema';
import { and, eq, gte, sql } from 'drizzle-orm';

/** A product or variant line whose stock moves. */
export interface StockLine {
  productId: number;
  variantId: number | null;
  quantity: number;
}

/**
 * The guarded decrements run once per order line: built by drizzle once and run on the order's
 * transaction (see prepared.ts).
 */
const stockQueries = preparedQueries((db) => {
  const quantity = sql.placeholder('quantity');
  return {
    takeProductStock: db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}` })
      .where(and(eq(products.id, sql.placeholder('id')), gte(products.stockQuantity, quantity)))
      .returning({ id: products.id })
      .prepare('order_take_product_stock'),
    takeVariantStock: db
      .update(productVariants)
      .set({ stockQuantity: sql`${productVariants.stockQuantity} - ${quantity}` })
      .where(
        and(
          eq(productVariants.id, sql.placeholder('id')),
          gte(productVariants.stockQuantity, quantity),
        ),
      )
      .returning({ id: productVariants.id })
      .prepare('order_take_variant_stock'),
  };
});

/** The catalogue's stock: what orders take and cancellations give back. */
export function createStockRepository(db: Executor) {
  return {
    /**
     * Takes stock only if enough is left: a guarded UPDATE, never read-then-write, so racing
     * buyers can never push stock below zero. Returns false when the stock was not there.
     */
    async take(line: StockLine): Promise<boolean> {
      const queries = stockQueries.on(db);
      const rows =
        line.variantId === null
          ? await queries.takeProductStock.execute({ id: line.productId, quantity: line.quantity })
          : await queries.takeVariantStock.execute({ id: line.variantId, quantity: line.quantity });
      return rows.length === 1;
    },

    /** Puts stock back; a product or variant that is gone is skipped. */
    async release(line: StockLine): Promise<void> {
      if (line.variantId === null) {
        await db
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}` })
          .where(eq(products.id, line.productId));
      } else {
        await db
          .update(productVariants)
          .set({ stockQuantity: sql`${productVariants.stockQuantity} + ${line.quantity}` })
          .where(eq(productVariants.id, line.variantId));
      }
    },
  };
}

export type StockRepository = ReturnType<typeof createStockRepository>;
