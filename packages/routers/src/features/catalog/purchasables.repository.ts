import type { Executor } from '@storefront/db/client';
import { type ProductType, products, productVariants } from '@storefront/db/schema';
import { eq, inArray, sql } from 'drizzle-orm';
import { productFinalPrice, productSummaryColumns, saleActiveSql } from './catalog.repository';

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
      const ids = [...new Set(productIds)];
      const thumbnail = productSummaryColumns(now).thumbnail;
      const [productRows, variantRows] = await Promise.all([
        db
          .select({
            productId: products.id,
            name: products.name,
            sku: products.sku,
            type: products.type,
            active: products.active,
            unitPriceCents: productFinalPrice(now),
            stockQuantity: products.stockQuantity,
            thumbnail,
          })
          .from(products)
          .where(inArray(products.id, ids)),
        db
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
          .where(inArray(productVariants.productId, ids)),
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
