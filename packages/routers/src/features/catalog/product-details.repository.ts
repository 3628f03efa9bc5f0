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
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ProductDetailRecord, VariantRecord } from './catalog.repository';
import { productSummaryColumns, saleActiveSql, variantColumns } from './product-columns.repository';
import { type ProductReviewReads, RECENT_REVIEWS_PER_PRODUCT } from './product-reviews';

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
  const [productRows, images, categoryRows, variants, attributeRows, reviewRows] =
    await Promise.all([
      db
        .select({
          ...productSummaryColumns(now),
          description: products.description,
          metaTitle: products.metaTitle,
          metaDescription: products.metaDescription,
          metaKeywords: products.metaKeywords,
        })
        .from(products)
        .where(and(inArray(products.id, ids), eq(products.active, true))),
      db
        .select({
          productId: productImages.productId,
          url: productImages.url,
          alt: productImages.alt,
        })
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.position), asc(productImages.id)),
      db
        .select({
          productId: productCategories.productId,
          id: categories.id,
          name: categories.name,
          slug: categories.slug,
        })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, ids))
        .orderBy(asc(categories.position), asc(categories.id)),
      db
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
        .where(inArray(productVariants.productId, ids))
        .orderBy(asc(productVariants.position), asc(productVariants.id)),
      db
        .select({
          productId: productAttributeValues.productId,
          code: attributes.code,
          name: attributes.name,
          value: attributeValues.value,
        })
        .from(productAttributeValues)
        .innerJoin(attributeValues, eq(attributeValues.id, productAttributeValues.attributeValueId))
        .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
        .where(inArray(productAttributeValues.productId, ids))
        .orderBy(
          asc(attributes.position),
          asc(attributes.id),
          asc(attributeValues.position),
          asc(attributeValues.id),
        ),
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
