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
}

/**
 * The two queries of `find`, built by drizzle once with the ids (an int[] parameter) and `now` as
 * placeholders, and run on the pool or the caller's transaction (prepared.ts): the cart and
 * checkout call it in every change.
 */
const purchasableQueries = preparedQueries((db) => {
  const now = sql.placeholder('now');
  const ids = sql.placeholder('ids');
  return {
    products: db
      .select({
        productId: products.id,
        name: products.name,
        sku: products.sku,
        type: products.type,
        active: products.active,
        unitPriceCents: productFinalPrice(now),
        stockQuantity: products.stockQuantity,
        thumbnail: productSummaryColumns(now).thumbnail,
      })
      .from(products)
      .where(sql`${products.id} = any(${ids}::int[])`)
      .prepare('purchasable_products'),
    variants: db
      .select({
        productId: productVariants.productId,
        variantId: productVariants.id,
        variantName: productVariants.name,
        sku: productVariants.sku,
        unitPriceCents: sql<number>`(case when ${saleActiveSql(productVariants.priceCents, productVariants.specialPriceCents, now)} then ${productVariants.specialPriceCents} else ${productVariants.priceCents} end)`,
        stockQuantity: productVariants.stockQuantity,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(sql`${productVariants.productId} = any(${ids}::int[])`)
      .prepare('purchasable_variants'),
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
     * a customer pays now. One query for products and one for variants, whatever the count.
     */
    async find(productIds: number[], now: Date): Promise<PurchasableRecord[]> {
      if (productIds.length === 0) return [];
      const values = { ids: [...new Set(productIds)], now: now.toISOString() };
      const queries = purchasableQueries.on(db);
      const [productRows, variantRows] = await Promise.all([
        queries.products.execute(values),
        queries.variants.execute(values),
      ]);
      const byProduct = new Map(productRows.map((row) => [row.productId, row]));
      const purchasables: PurchasableRecord[] = productRows.map((row) => ({
        ...row,
        variantId: null,
        variantName: null,
      }));
      for (const variant of variantRows) {
        const product = byProduct.get(variant.productId);
        if (!product) continue;
        purchasables.push({ ...product, ...variant });
      }
      return purchasables;
    },
  };
}

export type PurchasablesRepository = ReturnType<typeof createPurchasablesRepository>;
