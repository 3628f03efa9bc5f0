import type { Executor } from '@storefront/db/client';
import {
  attributes,
  attributeValues,
  categories,
  productAttributeValues,
  productCategories,
  productImages,
  products,
  productVariants,
} from '@storefront/db/schema';
import { qualified } from '@storefront/db/sql';
import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ProductDetailRecord, VariantRecord } from './catalog.repository';
import { type Instant, productSummaryColumns, saleActiveSql } from './product-columns.repository';
import { RECENT_REVIEWS_PER_PRODUCT, type ReviewRecord } from './product-reviews';

/** The reviews slice's part of the detail, passed in by the composition root (product-reviews.ts). */
export interface ProductReviewReads {
  /**
   * A product's newest `limit` reviews, newest first, as a JSON array of ReviewRecord's fields
   * (dates as text): a subquery of the product detail's one statement.
   */
  recentAsJson(productId: SQL, limit: number): SQL;
}

/** A visible product with every part of its detail, in each part's detail order. */
export interface ProductDetailRow extends ProductDetailRecord {
  images: { url: string; alt: string }[];
  categories: { id: number; name: string; slug: string }[];
  variants: VariantRecord[];
  attributeRows: { code: string; name: string; value: string }[];
  reviews: ReviewRecord[];
}

const productId = qualified(products, products.id);

/** A JSON array column (postgres.js and PGlite parse json; a string is parsed here). */
const jsonArray = <T>(rows: SQL, each: (row: never) => T = (row) => row) =>
  sql<T[]>`coalesce((${rows}), '[]'::json)`.mapWith((value: unknown) =>
    (typeof value === 'string' ? (JSON.parse(value) as never[]) : (value as never[])).map(each),
  );

/** JSON turns timestamps into text: a review's dates as the other reads give them. */
const withReviewDates = (
  review: Omit<ReviewRecord, 'createdAt' | 'updatedAt'> & {
    createdAt: string;
    updatedAt: string;
  },
): ReviewRecord => ({
  ...review,
  createdAt: new Date(review.createdAt),
  updatedAt: new Date(review.updatedAt),
});

/**
 * The product detail in one statement (docs/performance.md, "The detail in one query"): the
 * product row with its images, categories, variants, attribute values and recent reviews as
 * JSON arrays aggregated by correlated subqueries, one round trip instead of six. For the
 * products `productIs` matches: one id (prepared with placeholders in catalog.repository.ts) or
 * many (the change feed's pages): written once, so the two answers cannot drift.
 */
export function productDetailQuery(
  db: Executor,
  productIs: (column: Column) => SQL,
  now: Instant,
  reviews: ProductReviewReads,
) {
  return db
    .select({
      ...productSummaryColumns(now),
      description: products.description,
      metaTitle: products.metaTitle,
      metaDescription: products.metaDescription,
      metaKeywords: products.metaKeywords,
      images: jsonArray<ProductDetailRow['images'][number]>(
        sql`select json_agg(json_build_object('url', i.url, 'alt', i.alt) order by i.position, i.id) from ${productImages} i where i.product_id = ${productId}`,
      ),
      categories: jsonArray<ProductDetailRow['categories'][number]>(
        sql`select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug) order by c.position, c.id) from ${productCategories} pc join ${categories} c on c.id = pc.category_id where pc.product_id = ${productId}`,
      ),
      variants: jsonArray<VariantRecord>(
        sql`select json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', v.name, 'priceCents', v.price_cents, 'specialPriceCents', v.special_price_cents, 'saleActive', ${saleActiveSql(sql`v.price_cents`, sql`v.special_price_cents`, now)}, 'stockQuantity', v.stock_quantity, 'options', v.options) order by v.position, v.id) from ${productVariants} v where v.product_id = ${productId}`,
      ),
      attributeRows: jsonArray<ProductDetailRow['attributeRows'][number]>(
        sql`select json_agg(json_build_object('code', a.code, 'name', a.name, 'value', av.value) order by a.position, a.id, av.position, av.id) from ${productAttributeValues} pav join ${attributeValues} av on av.id = pav.attribute_value_id join ${attributes} a on a.id = av.attribute_id where pav.product_id = ${productId}`,
      ),
      reviews: jsonArray(
        reviews.recentAsJson(productId, RECENT_REVIEWS_PER_PRODUCT),
        withReviewDates,
      ),
    })
    .from(products)
    .where(and(productIs(products.id), eq(products.active, true)));
}

/** Many visible products' details in one statement, whatever their number (the change feed). */
export async function visibleProductDetails(
  db: Executor,
  ids: number[],
  now: Date,
  reviews: ProductReviewReads,
): Promise<ProductDetailRow[]> {
  if (ids.length === 0) return [];
  return productDetailQuery(db, (column) => inArray(column, ids), now, reviews);
}
