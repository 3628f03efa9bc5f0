import { PRODUCT_TYPES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { zDateTime, zId } from '../../zod-helpers';

const money = () => z.number().meta({ description: 'Amount in the store currency, ≤ 2 decimals' });

export const ZProductSummary = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    slug: z.string(),
    type: z.enum(PRODUCT_TYPES),
    short_description: z.string(),
    price: money(),
    special_price: money().nullable().meta({ description: 'Sale price while a sale is active' }),
    final_price: money().meta({ description: 'special_price while on sale, else price' }),
    on_sale: z.boolean(),
    currency: z.string().meta({ description: 'ISO 4217 code of the default currency' }),
    in_stock: z.boolean(),
    stock_quantity: z.number().int(),
    thumbnail: z.string().nullable(),
    rating: z.number().min(0).max(5).meta({ description: 'Average rating, one decimal' }),
    reviews_count: z.number().int(),
    created_at: zDateTime(),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummaryDto = z.infer<typeof ZProductSummary>;

export const ZProductImage = z
  .object({ url: z.string(), alt: z.string() })
  .meta({ id: 'ProductImage' });

export const ZCategoryRef = z
  .object({ id: z.number().int(), name: z.string(), slug: z.string() })
  .meta({ id: 'CategoryRef' });

export const ZProductVariant = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    price: money(),
    special_price: money().nullable(),
    final_price: money(),
    in_stock: z.boolean(),
    stock_quantity: z.number().int(),
    options: z
      .record(z.string(), z.string())
      .meta({ description: 'Attribute code → value, e.g. {"size": "M", "color": "Blue"}' }),
  })
  .meta({ id: 'ProductVariant' });

export const ZProductAttribute = z
  .object({ code: z.string(), name: z.string(), values: z.array(z.string()) })
  .meta({ id: 'ProductAttribute' });

export const ZReview = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    customer_name: z.string(),
    rating: z.number().int().min(1).max(5),
    title: z.string(),
    comment: z.string(),
    helpful_count: z.number().int(),
    verified_purchase: z.boolean(),
    created_at: zDateTime(),
    updated_at: zDateTime(),
  })
  .meta({ id: 'Review' });
export type ReviewDto = z.infer<typeof ZReview>;

export const ZProductMeta = z
  .object({ title: z.string(), description: z.string(), keywords: z.string() })
  .meta({ id: 'ProductMeta' });

export const ZProductDetail = ZProductSummary.extend({
  description: z.string(),
  images: z.array(ZProductImage),
  categories: z.array(ZCategoryRef),
  variants: z.array(ZProductVariant).meta({ description: 'Empty for simple products' }),
  attributes: z.array(ZProductAttribute),
  recent_reviews: z.array(ZReview).meta({ description: 'The last 5 reviews, newest first' }),
  meta: ZProductMeta,
}).meta({ id: 'ProductDetail' });
export type ProductDetailDto = z.infer<typeof ZProductDetail>;

export const ZCategory = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    parent_id: z.number().int().nullable(),
    position: z.number().int(),
    product_count: z
      .number()
      .int()
      .meta({ description: 'Visible products in this category and its subcategories' }),
  })
  .meta({ id: 'Category' });
export type CategoryDto = z.infer<typeof ZCategory>;

export interface CategoryTreeNodeDto {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  children: CategoryTreeNodeDto[];
}

export const ZCategoryTreeNode: z.ZodType<CategoryTreeNodeDto> = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    image: z.string().nullable(),
    get children() {
      return z.array(ZCategoryTreeNode);
    },
  })
  .meta({ id: 'CategoryTreeNode' });

// ---- inputs (query strings are coerced to numbers by the REST adapter) ----

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'name_asc', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const zPage = () => z.number().int().min(1).max(1_000_000).default(1);
export const zPerPage = () => z.number().int().min(1).max(100).default(15);
const zLimit = () => z.number().int().min(1).max(50).default(10);
export const zSort = () =>
  z
    .enum(PRODUCT_SORTS)
    .meta({ description: 'newest (default) | price_asc | price_desc | name_asc | rating' });

export const ZProductListInput = z.object({
  page: zPage(),
  per_page: zPerPage(),
  category_id: zId().optional(),
  sort: zSort().default('newest'),
});
export type ProductListInput = z.infer<typeof ZProductListInput>;

export const ZPageInput = ZProductListInput.omit({ category_id: true });
export type PageInput = z.infer<typeof ZPageInput>;

export const ZLimitInput = z.object({ limit: zLimit() });

export const ZIdInput = z.object({ id: zId() });

export const ZCategoryProductsInput = ZPageInput.extend({ id: zId() });

// ---- outputs ----

export const ZProductPageOutput = paginatedEnvelope(ZProductSummary);
export const ZProductListOutput = envelope(z.array(ZProductSummary));
export const ZProductDetailOutput = envelope(ZProductDetail);
export const ZCategoryOutput = envelope(ZCategory);
export const ZCategoryListOutput = envelope(z.array(ZCategory));
export const ZCategoryTreeOutput = envelope(z.array(ZCategoryTreeNode));
