import type { Executor } from '@storefront/db/client';
import { categories, type ProductType, productCategories, products } from '@storefront/db/schema';
import { qualified } from '@storefront/db/sql';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { ProductSort } from './catalog.schemas';
import {
  categorySubtree,
  productOrder,
  productSummaryColumns,
  productWhere,
} from './product-columns.repository';
import {
  type ProductDetailRow,
  type ProductReviewReads,
  productDetailQuery,
  visibleProductDetails,
} from './product-details.repository';

export interface ProductSummaryRecord {
  id: number;
  sku: string;
  name: string;
  slug: string;
  type: ProductType;
  shortDescription: string;
  priceCents: number;
  specialPriceCents: number | null;
  /** The sale price applies now (window open and below the price). */
  saleActive: boolean;
  stockQuantity: number;
  thumbnail: string | null;
  rating: number;
  reviewsCount: number;
  createdAt: Date;
}

export interface ProductDetailRecord extends ProductSummaryRecord {
  description: string;
  metaTitle: string | null;
  metaDescription: string | null;
  metaKeywords: string | null;
}

export interface VariantRecord {
  id: number;
  sku: string;
  name: string;
  priceCents: number;
  specialPriceCents: number | null;
  saleActive: boolean;
  stockQuantity: number;
  options: Record<string, string>;
}

export interface CategoryRecord {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  description: string;
  image: string | null;
  position: number;
  productCount: number;
}

/** Which visible products a list shows. */
export interface ProductFilter {
  /** A category and its descendants (from `categorySubtreeIds`). */
  categoryIds?: number[];
  featured?: boolean;
  onSale?: boolean;
  /** Products sharing a category with this one, itself excluded. */
  relatedTo?: number;
}

export interface SummaryQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset?: number;
  now: Date;
}

/** A page of a product list: visible products matching the filter in the given order. */
export interface ListQuery {
  filter: ProductFilter;
  sort: ProductSort;
  limit: number;
  offset?: number;
  now: Date;
}

/** Prepared list queries kept per repository: one per filter and sort seen (bounded). */
const MAX_PREPARED_LISTS = 200;

export function createCatalogRepository(db: Executor, reviews: ProductReviewReads) {
  async function summaries(query: SummaryQuery): Promise<ProductSummaryRecord[]> {
    return db
      .select(productSummaryColumns(query.now))
      .from(products)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit)
      .offset(query.offset ?? 0);
  }

  /**
   * Product lists are built by drizzle once per filter and sort, with `now`, `limit` and
   * `offset` as placeholders: building the query (select of correlated subqueries, sale rule)
   * took ~10% of the CPU of a list request. Filters naming a product (`relatedTo`) are built
   * each time, as there would be one statement per product.
   */
  const preparedLists = new Map<string, ReturnType<typeof prepareList>>();
  function prepareList(filter: ProductFilter, sort: ProductSort) {
    const now = sql.placeholder('now');
    return db
      .select(productSummaryColumns(now))
      .from(products)
      .where(productWhere(filter, now))
      .orderBy(...productOrder(sort, now))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('product_list');
  }

  async function list(query: ListQuery): Promise<ProductSummaryRecord[]> {
    const { filter, sort, now } = query;
    if (filter.relatedTo !== undefined) {
      return summaries({
        where: productWhere(filter, now),
        orderBy: productOrder(sort, now),
        limit: query.limit,
        offset: query.offset ?? 0,
        now,
      });
    }
    const key = `${sort}:${JSON.stringify(filter)}`;
    let prepared = preparedLists.get(key);
    if (!prepared) {
      prepared = prepareList(filter, sort);
      preparedLists.set(key, prepared);
      if (preparedLists.size > MAX_PREPARED_LISTS) {
        const oldest = preparedLists.keys().next().value;
        if (oldest !== undefined) preparedLists.delete(oldest);
      }
    }
    return prepared.execute({
      now: now.toISOString(),
      limit: query.limit,
      offset: query.offset ?? 0,
    });
  }

  /**
   * The product detail's one statement, built by drizzle once per repository (on first use) with
   * the product id and `now` as placeholders, like the lists: building it on every request was
   * ~19 % of a detail request's CPU in a profile of dist/main.js under load.
   */
  let detailQuery: ReturnType<typeof prepareDetail> | undefined;
  function prepareDetail() {
    const id = sql.placeholder('id');
    return productDetailQuery(
      db,
      (column) => eq(column, id),
      sql.placeholder('now'),
      reviews,
    ).prepare('product_detail');
  }

  async function countProducts(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ total: count() }).from(products).where(where);
    return Number(row?.total ?? 0);
  }

  return {
    summaries,
    list,
    countProducts,

    /** The visible product with every part of its detail, in one statement. */
    async findVisibleProduct(id: number, now: Date): Promise<ProductDetailRow | undefined> {
      detailQuery ??= prepareDetail();
      const [row] = await detailQuery.execute({ id, now: now.toISOString() });
      return row;
    },

    visibleProductDetails: (ids: number[], now: Date) =>
      visibleProductDetails(db, ids, now, reviews),

    async productExists(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), eq(products.active, true)));
      return row !== undefined;
    },

    /** Categories with their visible product counts (subcategories included). */
    async categories(id?: number): Promise<CategoryRecord[]> {
      return db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          name: categories.name,
          slug: categories.slug,
          description: categories.description,
          image: categories.image,
          position: categories.position,
          productCount: sql<number>`(select count(distinct pc.product_id)::int from ${productCategories} pc join ${products} p on p.id = pc.product_id and p.active where pc.category_id in ${categorySubtree(qualified(categories, categories.id))})`,
        })
        .from(categories)
        .where(id === undefined ? undefined : eq(categories.id, id))
        .orderBy(asc(categories.position), asc(categories.id));
    },

    /** The tree's rows without counts, siblings in position order. */
    async categoryNodes() {
      return db
        .select({
          id: categories.id,
          parentId: categories.parentId,
          name: categories.name,
          slug: categories.slug,
          image: categories.image,
        })
        .from(categories)
        .orderBy(asc(categories.position), asc(categories.id));
    },

    /** The category and all its descendants; empty when the category does not exist. */
    async categorySubtreeIds(id: number): Promise<number[]> {
      const rows = await db
        .select({ id: categories.id })
        .from(categories)
        .where(sql`${categories.id} in ${categorySubtree(id)}`);
      return rows.map((row) => row.id);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
