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
import { and, asc, type Column, eq, inArray, type SQL } from 'drizzle-orm';
import type { ProductDetailRecord, VariantRecord } from './catalog.repository';
import {
  type Instant,
  productSummaryColumns,
  saleActiveSql,
  variantColumns,
} from './product-columns.repository';
import { type ProductReviewReads, RECENT_REVIEWS_PER_PRODUCT } from './product-reviews';

/**
 * The detail's parts but its reviews, for the products `productIs` matches: one id (the product
 * detail, prepared with placeholders in catalog.repository.ts) or many (the change feed's pages,
 * below). Written once, so the two answers cannot drift; rows carry their product id.
 */
export function detailPartQueries(db: Executor, productIs: (column: Column) => SQL, now: Instant) {
  return {
    product: db
      .select({
        ...productSummaryColumns(now),
        description: products.description,
        metaTitle: products.metaTitle,
        metaDescription: products.metaDescription,
        metaKeywords: products.metaKeywords,
      })
      .from(products)
      .where(and(productIs(products.id), eq(products.active, true))),
    images: db
      .select({
        productId: productImages.productId,
        url: productImages.url,
        alt: productImages.alt,
      })
      .from(productImages)
      .where(productIs(productImages.productId))
      .orderBy(asc(productImages.position), asc(productImages.id)),
    categories: db
      .select({
        productId: productCategories.productId,
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
      })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(productIs(productCategories.productId))
      .orderBy(asc(categories.position), asc(categories.id)),
    variants: db
      .select({
        productId: productVariants.productId,
        ...variantColumns,
        saleActive: saleActiveSql(
          productVariants.priceCents,
          productVariants.specialPriceCents,
          now,
        ),
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(productIs(productVariants.productId))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    attributeValues: db
      .select({
        productId: productAttributeValues.productId,
        code: attributes.code,
        name: attributes.name,
        value: attributeValues.value,
      })
      .from(productAttributeValues)
      .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.attributeValueId))
      .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
      .where(productIs(productAttributeValues.productId))
      .orderBy(
        asc(attributes.position),
        asc(attributes.id),
        asc(attributeValues.position),
        asc(attributeValues.id),
      ),
  };
}

/**
 * The detail parts of many visible products in six queries, whatever their number (the change
 * feed's pages, issue 29); rows carry their product id, in each part's detail order.
 */
export async function visibleProductDetails(
  db: Executor,
  ids: number[],
  now: Date,
  reviews: ProductReviewReads,
) {
  if (ids.length === 0) {
    return {
      products: [],
      images: [],
      categories: [],
      variants: [],
      attributes: [],
      reviews: [],
    };
  }
  const parts = detailPartQueries(db, (column) => inArray(column, ids), now);
  const [productRows, images, categoryRows, variants, attributeRows, reviewRows] =
    await Promise.all([
      parts.product,
      parts.images,
      parts.categories,
      parts.variants,
      parts.attributeValues,
      reviews.recentOfProducts(db, ids, RECENT_REVIEWS_PER_PRODUCT),
    ]);
  return {
    products: productRows as ProductDetailRecord[],
    images,
    categories: categoryRows,
    variants: variants as (VariantRecord & { productId: number })[],
    attributes: attributeRows,
    reviews: reviewRows,
  };
}
