import {
  type CategorySeed,
  insertCategories,
  insertProducts,
  type ProductSeed,
} from '@storefront/db/catalog-writer';
import type { Executor } from '@storefront/db/client';
import {
  categories,
  productCategories,
  productImages,
  products,
  productVariants,
} from '@storefront/db/schema';
import { refreshSearchTerms, syncProductCategoryNames } from '@storefront/db/search-index';
import { qualified, setOrKeep } from '@storefront/db/sql';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { containsPattern } from '../../pagination';
import { translateUniqueViolations } from '../../unique-violations';
import { taxReader } from '../tax';
import { categorySlugTaken, productSlugTaken, skuTaken } from './catalog.errors';
import { variantColumns } from './product-columns.repository';
import { mainImageUrls } from './product-thumbnails.repository';

/**
 * The columns of a product the back office reads; a configurable product's stock is its
 * variants'. The subquery names the outer row as "products"."id": drizzle renders a column of
 * the selected table unqualified, which inside the subquery would mean v.id.
 */
const adminProductColumns = {
  id: products.id,
  sku: products.sku,
  slug: products.slug,
  name: products.name,
  type: products.type,
  shortDescription: products.shortDescription,
  description: products.description,
  priceCents: products.priceCents,
  specialPriceCents: products.specialPriceCents,
  specialFrom: products.specialFrom,
  specialTo: products.specialTo,
  stockQuantity: sql<number>`(case when ${products.type} = 'configurable' then (select coalesce(sum(v.stock_quantity), 0)::int from ${productVariants} v where v.product_id = ${qualified(products, products.id)}) else ${products.stockQuantity} end)`,
  featured: products.featured,
  active: products.active,
  taxCategoryId: products.taxCategoryId,
  shipsInDays: products.shipsInDays,
  returnable: products.returnable,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

export type CategoryChanges = Partial<
  Pick<
    typeof categories.$inferInsert,
    'name' | 'slug' | 'description' | 'image' | 'parentId' | 'position'
  >
>;

export type AdminProductChanges = Partial<
  Pick<
    typeof products.$inferInsert,
    | 'name'
    | 'shortDescription'
    | 'description'
    | 'priceCents'
    | 'specialPriceCents'
    | 'specialFrom'
    | 'specialTo'
    | 'featured'
    | 'active'
    | 'taxCategoryId'
    | 'shipsInDays'
    | 'returnable'
  >
>;

/** Back-office catalogue writes; the storefront's reads stay in catalog.repository.ts. */
export function createCatalogAdminRepository(db: Executor) {
  /** Every product, active or not, newest first, for the back office's list. */
  async function listProducts(
    filter: {
      search?: string | undefined;
      active?: boolean | undefined;
      stock?: 'in' | 'low' | 'out' | undefined;
      lowStockThreshold: number;
      categoryId?: number | undefined;
    },
    page: { offset: number; limit: number },
  ) {
    const pattern = filter.search === undefined ? undefined : containsPattern(filter.search);
    const stock = adminProductColumns.stockQuantity;
    const where = and(
      pattern === undefined
        ? undefined
        : or(ilike(products.name, pattern), ilike(products.sku, pattern)),
      filter.active === undefined ? undefined : eq(products.active, filter.active),
      filter.stock === 'out' ? sql`${stock} = 0` : undefined,
      filter.stock === 'low' ? sql`${stock} between 1 and ${filter.lowStockThreshold}` : undefined,
      filter.stock === 'in' ? sql`${stock} > 0` : undefined,
      filter.categoryId === undefined
        ? undefined
        : sql`exists (select 1 from ${productCategories} pc where pc.product_id = ${qualified(products, products.id)} and pc.category_id = ${filter.categoryId})`,
    );
    const [rows, total] = await Promise.all([
      db
        .select(adminProductColumns)
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), desc(products.id))
        .limit(page.limit)
        .offset(page.offset),
      db.$count(products, where),
    ]);
    return { rows, total };
  }

  /** Active products at or under `threshold` units (a configurable one's: its variants'). */
  function lowStock(threshold: number, limit: number) {
    const stock = adminProductColumns.stockQuantity;
    return db
      .select(adminProductColumns)
      .from(products)
      .where(and(eq(products.active, true), sql`${stock} <= ${threshold}`))
      .orderBy(asc(stock), asc(products.id))
      .limit(limit);
  }

  async function findProduct(id: number) {
    const [row] = await db.select(adminProductColumns).from(products).where(eq(products.id, id));
    return row;
  }

  /** Records a change of the product's parts (stock, images, variants) for the back office. */
  async function touchProduct(id: number): Promise<void> {
    await db.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
  }

  return {
    listProducts,
    lowStock,
    findProduct,
    mainImageUrls: (rows: { id: number }[]) =>
      mainImageUrls(
        db,
        rows.map((row) => row.id),
      ),

    /** The product's images in storefront order (the first is the main image). */
    images(productId: number) {
      return db
        .select({
          id: productImages.id,
          url: productImages.url,
          alt: productImages.alt,
          position: productImages.position,
        })
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position), asc(productImages.id));
    },

    variants(productId: number) {
      return db
        .select({ ...variantColumns, position: productVariants.position })
        .from(productVariants)
        .where(eq(productVariants.productId, productId))
        .orderBy(asc(productVariants.position), asc(productVariants.id));
    },

    touchProduct,

    /** The tax slice's categories, read through this executor (a product names one by id). */
    taxCategories: () => taxReader(db).categories(),

    /** Inserts through the seed writer: search document, category names and lexicon included. */
    async insertProduct(seed: ProductSeed): Promise<number> {
      const [id] = await translateUniqueViolations(() => insertProducts(db, [seed]), {
        products_sku_key: () => skuTaken('sku'),
        product_variants_sku_key: () => skuTaken('variants'),
        products_slug_key: productSlugTaken,
      });
      if (id === undefined) throw new Error('product insert returned no id');
      return id;
    },

    /** Whether a product or a variant (other than `exceptVariantId`) already has the SKU. */
    async skuTaken(sku: string, exceptVariantId?: number): Promise<boolean> {
      const [product] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.sku, sku));
      if (product) return true;
      const [variant] = await db
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(
          exceptVariantId === undefined
            ? eq(productVariants.sku, sku)
            : and(eq(productVariants.sku, sku), ne(productVariants.id, exceptVariantId)),
        );
      return variant !== undefined;
    },

    /** Of the given category ids, those that do not exist. */
    async missingCategories(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const found = await db
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.id, ids));
      const existing = new Set(found.map((row) => row.id));
      return ids.filter((id) => !existing.has(id));
    },

    /** False when there is no such product. Always moves `updated_at` (even with no field). */
    async updateProduct(id: number, changes: AdminProductChanges): Promise<boolean> {
      const rows = await db
        .update(products)
        .set({ updatedAt: new Date(), ...changes })
        .where(eq(products.id, id))
        .returning({ id: products.id });
      return rows.length > 0;
    },

    /**
     * Adds the searchable words of these products (`[]`: none) and of every category name to the
     * search lexicon, after a write that changed them.
     */
    refreshLexicon(productIds: number[]): Promise<void> {
      return refreshSearchTerms(db, productIds);
    },

    async insertCategory(seed: CategorySeed): Promise<number> {
      const [row] = await translateUniqueViolations(() => insertCategories(db, [seed]), {
        categories_slug_key: categorySlugTaken,
      });
      if (!row) throw new Error('category insert returned no row');
      return row.id;
    },

    /** The category's parent, or undefined when the category does not exist. */
    async categoryParent(id: number): Promise<{ parentId: number | null } | undefined> {
      const [row] = await db
        .select({ parentId: categories.parentId })
        .from(categories)
        .where(eq(categories.id, id));
      return row;
    },

    /** False when there is no such category. */
    async updateCategory(id: number, changes: CategoryChanges): Promise<boolean> {
      const rows = await translateUniqueViolations(
        () =>
          db
            .update(categories)
            .set(setOrKeep(changes, { name: categories.name }))
            .where(eq(categories.id, id))
            .returning({ id: categories.id }),
        { categories_slug_key: categorySlugTaken },
      );
      return rows.length > 0;
    },

    async hasChildCategories(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.parentId, id))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Deletes a category; its product links go with it (foreign key cascade). Returns the ids of
     * the products that were linked, or undefined when there is no such category.
     */
    async deleteCategory(id: number): Promise<number[] | undefined> {
      const linked = await db
        .select({ id: productCategories.productId })
        .from(productCategories)
        .where(eq(productCategories.categoryId, id));
      const rows = await db
        .delete(categories)
        .where(eq(categories.id, id))
        .returning({ id: categories.id });
      return rows.length > 0 ? linked.map((row) => row.id) : undefined;
    },

    /** The product's categories, by id. */
    async productCategoryIds(productId: number): Promise<number[]> {
      const rows = await db
        .select({ id: productCategories.categoryId })
        .from(productCategories)
        .where(eq(productCategories.productId, productId))
        .orderBy(asc(productCategories.categoryId));
      return rows.map((row) => row.id);
    },

    /** Replaces the product's categories; its search document takes their names. */
    async setProductCategories(productId: number, categoryIds: number[]): Promise<void> {
      await db.delete(productCategories).where(eq(productCategories.productId, productId));
      if (categoryIds.length > 0) {
        await db
          .insert(productCategories)
          .values(categoryIds.map((categoryId) => ({ productId, categoryId })));
      }
      await syncProductCategoryNames(db, [productId]);
    },

    /** Copies the names of the products' (remaining) categories into their search documents. */
    resyncProducts(productIds: number[]): Promise<void> {
      return syncProductCategoryNames(db, productIds);
    },

    /** Copies the category's (new) name into the search document of its products. */
    async resyncCategoryProducts(categoryId: number): Promise<void> {
      const linked = await db
        .select({ id: productCategories.productId })
        .from(productCategories)
        .where(eq(productCategories.categoryId, categoryId));
      await syncProductCategoryNames(
        db,
        linked.map((row) => row.id),
      );
    },

    async setProductStock(id: number, stock: number): Promise<void> {
      await db.update(products).set({ stockQuantity: stock }).where(eq(products.id, id));
    },

    /** False when the variant does not belong to the product. */
    async setVariantStock(productId: number, variantId: number, stock: number): Promise<boolean> {
      const rows = await db
        .update(productVariants)
        .set({ stockQuantity: stock })
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, productId)))
        .returning({ id: productVariants.id });
      if (rows.length > 0) await touchProduct(productId);
      return rows.length > 0;
    },
  };
}

export type CatalogAdminRepository = ReturnType<typeof createCatalogAdminRepository>;
export type AdminProductRecord = NonNullable<
  Awaited<ReturnType<CatalogAdminRepository['findProduct']>>
>;
