import {
  categories,
  productCategories,
  productImages,
  products,
  productVariants,
} from '@storefront/db/schema';
import { qualified } from '@storefront/db/sql';
import { and, asc, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { ProductFilter } from './catalog.repository';
import type { ProductSort } from './catalog.schemas';

/*
 * The SQL every product read is built from (the storefront's lists and detail, search, the
 * wishlist, purchasables and the back office): the sale rule, the final price, the list
 * columns, the filters and the orders. One place, so every reader applies the same rules.
 */

/** A point in time: a value, or the `now` placeholder of a prepared list query. */
export type Instant = Date | Placeholder;

const productId = qualified(products, products.id);

/** A variant's own columns, as the storefront and the back office both read them. */
export const variantColumns = {
  id: productVariants.id,
  sku: productVariants.sku,
  name: productVariants.name,
  priceCents: productVariants.priceCents,
  specialPriceCents: productVariants.specialPriceCents,
  stockQuantity: productVariants.stockQuantity,
  options: productVariants.options,
};

const at = (now: Instant) =>
  now instanceof Date ? sql`${now.toISOString()}::timestamptz` : sql`${now}::timestamptz`;

/**
 * The sale rule, in one place: a special price below the price, within [from, to). Variants use
 * their own prices with their product's window.
 */
export function saleActiveSql(
  price: SQL | unknown,
  special: SQL | unknown,
  now: Instant,
): SQL<boolean> {
  return sql<boolean>`(${special} is not null and ${special} < ${price} and (${products.specialFrom} is null or ${products.specialFrom} <= ${at(now)}) and (${products.specialTo} is null or ${products.specialTo} > ${at(now)}))`;
}

export const productSaleActive = (now: Instant) =>
  saleActiveSql(products.priceCents, products.specialPriceCents, now);

/** The price a customer pays now, in cents (sorting by price uses it). */
export const productFinalPrice = (now: Instant) =>
  sql<number>`(case when ${productSaleActive(now)} then ${products.specialPriceCents} else ${products.priceCents} end)`;

/** Ids of a category and all its descendants. */
export function categorySubtree(root: SQL | number): SQL {
  return sql`(with recursive subtree(id) as (select ${root}::int union all select c.id from ${categories} c join subtree s on c.parent_id = s.id) select id from subtree)`;
}

/** The columns of a product list entry; thumbnail and stock come from one row each per product. */
export function productSummaryColumns(now: Instant) {
  return {
    id: products.id,
    sku: products.sku,
    name: products.name,
    slug: products.slug,
    type: products.type,
    shortDescription: products.shortDescription,
    priceCents: products.priceCents,
    specialPriceCents: products.specialPriceCents,
    saleActive: productSaleActive(now),
    stockQuantity: sql<number>`(case when ${products.type} = 'configurable' then (select coalesce(sum(v.stock_quantity), 0)::int from ${productVariants} v where v.product_id = ${productId}) else ${products.stockQuantity} end)`,
    thumbnail: sql<
      string | null
    >`(select i.url from ${productImages} i where i.product_id = ${productId} order by i.position, i.id limit 1)`,
    rating: products.rating,
    reviewsCount: products.reviewsCount,
    createdAt: products.createdAt,
  };
}

export function productOrder(sort: ProductSort, now: Instant): SQL[] {
  switch (sort) {
    case 'price_asc':
      return [asc(productFinalPrice(now)), asc(products.id)];
    case 'price_desc':
      return [desc(productFinalPrice(now)), desc(products.id)];
    case 'name_asc':
      return [asc(products.name), asc(products.id)];
    case 'rating':
      return [desc(products.rating), desc(products.id)];
    default:
      return [desc(products.createdAt), desc(products.id)];
  }
}

/** Visible products matching the filter (the one place `active` is applied to lists). */
export function productWhere(filter: ProductFilter, now: Instant): SQL | undefined {
  const conditions: SQL[] = [sql`${products.active}`];
  if (filter.categoryIds !== undefined) conditions.push(inCategories(filter.categoryIds));
  if (filter.featured) conditions.push(sql`${products.featured}`);
  if (filter.onSale) conditions.push(productSaleActive(now));
  if (filter.relatedTo !== undefined) {
    conditions.push(
      sql`${products.id} <> ${filter.relatedTo}`,
      sql`exists (select 1 from ${productCategories} pc join ${productCategories} mine on mine.category_id = pc.category_id where pc.product_id = ${productId} and mine.product_id = ${filter.relatedTo})`,
    );
  }
  return and(...conditions);
}

/**
 * Linked to one of the categories. The ids are literal so the planner sees how few there are and
 * walks the category index instead of hashing every link.
 */
export function inCategories(categoryIds: number[]): SQL {
  if (categoryIds.length === 0) return sql`false`;
  const ids = sql.join(
    categoryIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`exists (select 1 from ${productCategories} pc where pc.product_id = ${productId} and pc.category_id in (${ids}))`;
}
