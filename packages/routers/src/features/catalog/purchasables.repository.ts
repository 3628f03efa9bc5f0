import type { Executor } from '@storefront/db/client';
import { preparedQueries } from '@storefront/db/prepared';
import { type ProductType, products, productVariants } from '@storefront/db/schema';
import { eq, sql } from 'drizzle-orm';
import {
  productFinalPrice,
  productSummaryColumns,
  saleActiveSql,
} from './product-columns.repository';

/** What the cart and checkout need to sell a product or one of its variants. */
export interface PurchasableRecord {
  productId: number;
  variantId: number | null;
  name: string;
  variantName: string | null;
  sku: string;
  type: ProductType;
  active: boolean;
  /** The price a customer pays now (sale applied), in cents. */
  unitPriceCents: number;
  stockQuantity: number;
  thumbnail: string | null;
  /** The product's tax category (variants inherit it); null: only `*`-category rules apply. */
  taxCategoryId: number | null;
}

/**
 * `find`'s one query, built by drizzle once with the ids (an int[] parameter) and `now` as
 * placeholders, and run on the pool or the caller's transaction (prepared.ts): the cart and
 * checkout call it in every change. A product comes back once per variant (once when it has none).
 */
const purchasableQueries = preparedQueries((db) => {
  const now = sql.placeholder('now');
  const ids = sql.placeholder('ids');
  return {
    find: db
      .select({
        productId: products.id,
        name: products.name,
        sku: products.sku,
        type: products.type,
        active: products.active,
        unitPriceCents: productFinalPrice(now),
        stockQuantity: products.stockQuantity,
        thumbnail: productSummaryColumns(now).thumbnail,
        taxCategoryId: products.taxCategoryId,
        variantId: productVariants.id,
        variantName: productVariants.name,
        variantSku: productVariants.sku,
        variantUnitPriceCents: sql<
          number | null
        >`(case when ${saleActiveSql(productVariants.priceCents, productVariants.specialPriceCents, now)} then ${productVariants.specialPriceCents} else ${productVariants.priceCents} end)`,
        variantStockQuantity: productVariants.stockQuantity,
      })
      .from(products)
      .leftJoin(productVariants, eq(productVariants.productId, products.id))
      .where(sql`${products.id} = any(${ids}::int[])`)
      .orderBy(products.id, productVariants.id)
      .prepare('purchasables'),
  };
});

/**
 * The catalogue as the cart and checkout buy from it: what can be sold, at which price, with how
 * much stock. The storefront's list and detail reads are catalog.repository.ts.
 */
export function createPurchasablesRepository(db: Executor) {
  return {
    /**
     * Products (and, for configurable ones, every variant) by id, active or not, with the price
     * a customer pays now: one query, whatever the count.
     */
    async find(productIds: number[], now: Date): Promise<PurchasableRecord[]> {
      if (productIds.length === 0) return [];
      const rows = await purchasableQueries
        .on(db)
        .find.execute({ ids: [...new Set(productIds)], now: now.toISOString() });
      const purchasables: PurchasableRecord[] = [];
      const variants: PurchasableRecord[] = [];
      let previous: number | undefined;
      for (const row of rows) {
        const product = {
          productId: row.productId,
          name: row.name,
          sku: row.sku,
          type: row.type,
          active: row.active,
          unitPriceCents: row.unitPriceCents,
          stockQuantity: row.stockQuantity,
          thumbnail: row.thumbnail,
          taxCategoryId: row.taxCategoryId,
        };
        if (row.productId !== previous) {
          purchasables.push({ ...product, variantId: null, variantName: null });
          previous = row.productId;
        }
        if (row.variantId === null) continue;
        variants.push({
          ...product,
          variantId: row.variantId,
          variantName: row.variantName,
          sku: row.variantSku ?? row.sku,
          unitPriceCents: row.variantUnitPriceCents ?? row.unitPriceCents,
          stockQuantity: row.variantStockQuantity ?? 0,
        });
      }
      // Products first, then variants, as callers have always received them.
      return [...purchasables, ...variants];
    },
  };
}

export type PurchasablesRepository = ReturnType<typeof createPurchasablesRepository>;
