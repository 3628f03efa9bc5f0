import type { Executor } from '@storefront/db/client';
import { categories, products, productVariants } from '@storefront/db/schema';
import { and, asc, count, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { ProductSummaryRecord } from './catalog.repository';
import { productSummaryColumns } from './product-columns.repository';

/*
 * Reads other slices compose for catalogue rows they do not own (docs/architecture.md, "Tables
 * have owners"): records, never SQL fragments.
 */

/** How many products name each tax category (the tax slice's list and its delete check). */
export async function productsPerTaxCategory(db: Executor): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: products.taxCategoryId, count: count() })
    .from(products)
    .where(isNotNull(products.taxCategoryId))
    .groupBy(products.taxCategoryId);
  return new Map(rows.flatMap((row) => (row.id === null ? [] : [[row.id, row.count]])));
}

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

/** Which of these products are marked non-returnable (issue 38); absent products are not. */
export async function nonReturnableProducts(
  db: Executor,
  productIds: readonly number[],
): Promise<Set<number>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.returnable, false)));
  return new Set(rows.map((row) => row.id));
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

/** What a push about a product says: its name, and whether it is still on sale. */
export async function productForPush(db: Executor, productId: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name, active: products.active })
    .from(products)
    .where(eq(products.id, productId));
  return row;
}

export async function productExists(db: Executor, id: number): Promise<boolean> {
  return (await db.$count(products, eq(products.id, id))) > 0;
}

export async function categoryExists(db: Executor, id: number): Promise<boolean> {
  return (await db.$count(categories, eq(categories.id, id))) > 0;
}

/** The list entries of these products that are visible (active) now, by id. */
export async function visibleProductSummaries(
  db: Executor,
  productIds: readonly number[],
  now: Date,
): Promise<Map<number, ProductSummaryRecord>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(productSummaryColumns(now))
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.active, true)));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Locks the product row until the transaction ends (review writes of one product queue up on
 * it); undefined when the product does not exist.
 */
export async function lockProduct(
  db: Executor,
  productId: number,
): Promise<{ active: boolean } | undefined> {
  const [row] = await db
    .select({ active: products.active })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return row;
}

/** Active products' ids after `afterId`, ascending (the offline catalogue's first pages). */
export async function activeProductIdsAfter(
  db: Executor,
  afterId: number,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.active, true), gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The working days a product (or a variant's product) adds before dispatch, for the delivery
 * promise; undefined when no active product is found.
 */
export async function shipsInDaysOf(
  db: Executor,
  item: { productId?: number | undefined; variantId?: number | undefined },
): Promise<{ productId: number; shipsInDays: number } | undefined> {
  const productId =
    item.productId ??
    (item.variantId === undefined
      ? undefined
      : (
          await db
            .select({ productId: productVariants.productId })
            .from(productVariants)
            .where(eq(productVariants.id, item.variantId))
        )[0]?.productId);
  if (productId === undefined) return undefined;
  const [row] = await db
    .select({ id: products.id, shipsInDays: products.shipsInDays })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.active, true)));
  return row && { productId: row.id, shipsInDays: row.shipsInDays ?? 0 };
}

/** The largest `ships_in_days` among these products (a cart takes its latest line); 0 if none. */
export async function latestShipsInDays(db: Executor, productIds: readonly number[]) {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ shipsInDays: products.shipsInDays })
    .from(products)
    .where(inArray(products.id, ids));
  return Math.max(0, ...rows.map((row) => row.shipsInDays ?? 0));
}
