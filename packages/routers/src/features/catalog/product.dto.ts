import { centsToAmount } from '../../money';
import { toIso } from '../../zod-helpers';
import type { CategoryRecord, ProductSummaryRecord, VariantRecord } from './catalog.repository';
import type {
  CategoryDto,
  CategoryTreeNodeDto,
  ProductSummaryDto,
  ReviewDto,
} from './catalog.schemas';
import type { ReviewRecord } from './product-reviews';

/** Used when no default currency is configured yet (an empty database). */
export const FALLBACK_CURRENCY = 'USD';

/**
 * The shop's default currency, from store-settings' cached reference data (the currencies table
 * is theirs, docs/architecture.md "Tables have owners"); FALLBACK_CURRENCY when none is set.
 */
export type DefaultCurrency = () => Promise<string>;

/** Price fields of a product or variant: the special price shows only while the sale is active. */
function prices(record: {
  priceCents: number;
  specialPriceCents: number | null;
  saleActive: boolean;
}) {
  const onSale = record.saleActive && record.specialPriceCents !== null;
  const finalCents = onSale ? (record.specialPriceCents as number) : record.priceCents;
  return {
    price: centsToAmount(record.priceCents),
    special_price: onSale ? centsToAmount(finalCents) : null,
    final_price: centsToAmount(finalCents),
    on_sale: onSale,
  };
}

/** A list entry; `currency` is the shop's default (prices are stored in it). */
export function toProductSummaryDto(
  record: ProductSummaryRecord,
  currency: string,
): ProductSummaryDto {
  return {
    id: record.id,
    sku: record.sku,
    name: record.name,
    slug: record.slug,
    type: record.type,
    short_description: record.shortDescription,
    ...prices(record),
    currency,
    in_stock: record.stockQuantity > 0,
    stock_quantity: record.stockQuantity,
    thumbnail: record.thumbnail,
    rating: Math.round(Number(record.rating) * 10) / 10,
    reviews_count: record.reviewsCount,
    created_at: toIso(record.createdAt),
  };
}

export function toVariantDto(record: VariantRecord) {
  const { on_sale: _onSale, ...money } = prices(record);
  return {
    id: record.id,
    sku: record.sku,
    name: record.name,
    ...money,
    in_stock: record.stockQuantity > 0,
    stock_quantity: record.stockQuantity,
    options: record.options,
  };
}

export function toReviewDto(record: ReviewRecord): ReviewDto {
  return {
    id: record.id,
    product_id: record.productId,
    customer_name: record.customerName,
    rating: record.rating,
    title: record.title,
    comment: record.comment,
    helpful_count: record.helpfulCount,
    verified_purchase: record.verifiedPurchase,
    created_at: toIso(record.createdAt),
    updated_at: toIso(record.updatedAt),
  };
}

export function toCategoryDto(record: CategoryRecord): CategoryDto {
  return {
    id: record.id,
    name: record.name,
    slug: record.slug,
    description: record.description,
    image: record.image,
    parent_id: record.parentId,
    position: record.position,
    product_count: record.productCount,
  };
}

/** Nests rows (already in sibling order) under their parents; orphans are dropped. */
export function toCategoryTree(
  rows: { id: number; parentId: number | null; name: string; slug: string; image: string | null }[],
): CategoryTreeNodeDto[] {
  const nodes = new Map<number, CategoryTreeNodeDto>();
  for (const row of rows) {
    nodes.set(row.id, {
      id: row.id,
      name: row.name,
      slug: row.slug,
      image: row.image,
      children: [],
    });
  }
  const roots: CategoryTreeNodeDto[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id) as CategoryTreeNodeDto;
    if (row.parentId === null) roots.push(node);
    else nodes.get(row.parentId)?.children.push(node);
  }
  return roots;
}
