import type { Executor } from '@storefront/db/client';
import { products, productVariants } from '@storefront/db/schema';
import { inArray } from 'drizzle-orm';

/*
 * Reads other slices compose for catalogue rows they do not own (docs/architecture.md, "Tables
 * have owners"): records, never SQL fragments.
 */

/** The names of these products by id; a product that no longer exists is absent. */
export async function productNames(
  db: Executor,
  productIds: readonly number[],
): Promise<Map<number, string>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The stock of each line: its variant's when it names one that exists, else its product's.
 * A line whose product no longer exists is absent (keyed `productId:variantId`).
 */
export async function stockOfLines(
  db: Executor,
  lines: readonly { productId: number; variantId: number | null }[],
): Promise<Map<string, number>> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const variantIds = [
    ...new Set(lines.flatMap((line) => (line.variantId === null ? [] : [line.variantId]))),
  ];
  const productStock = new Map(
    productIds.length === 0
      ? []
      : (
          await db
            .select({ id: products.id, stock: products.stockQuantity })
            .from(products)
            .where(inArray(products.id, productIds))
        ).map((row) => [row.id, row.stock] as const),
  );
  const variantStock = new Map(
    variantIds.length === 0
      ? []
      : (
          await db
            .select({ id: productVariants.id, stock: productVariants.stockQuantity })
            .from(productVariants)
            .where(inArray(productVariants.id, variantIds))
        ).map((row) => [row.id, row.stock] as const),
  );
  const stock = new Map<string, number>();
  for (const line of lines) {
    const ofProduct = productStock.get(line.productId);
    if (ofProduct === undefined) continue;
    const ofVariant = line.variantId === null ? undefined : variantStock.get(line.variantId);
    stock.set(stockKey(line), ofVariant ?? ofProduct);
  }
  return stock;
}

export const stockKey = (line: { productId: number; variantId: number | null }) =>
  `${line.productId}:${line.variantId ?? ''}`;
