import { isUniqueViolation } from '@storefront/db/errors';
import type { CountCache } from '../../count-cache';
import { AppError, validationError } from '../../errors';
import { amountToCents, centsToAmount, centsToAmountOrNull } from '../../money';
import type { InTransaction } from '../../transactions';
import { toIso, toIsoOrNull } from '../../zod-helpers';
import type {
  AdminProductCreateInput,
  AdminProductUpdateInput,
  CategoryInput,
} from '../admin/admin.schemas';
import type { CategoryDto } from './catalog.schemas';
import type {
  AdminProductChanges,
  AdminProductRecord,
  CatalogAdminRepository,
  CategoryChanges,
} from './catalog-admin.repository';

export interface CatalogAdminServiceDeps {
  repo: CatalogAdminRepository;
  /** The storefront's view of a category (with its product count), after a write. */
  readCategory: (id: number) => Promise<CategoryDto>;
  inTransaction: InTransaction<CatalogAdminRepository>;
  /** The catalogue's list totals: forgotten after every write so lists show it at once. */
  counts: CountCache;
}

export function toAdminProductDto(product: AdminProductRecord) {
  return {
    id: product.id,
    sku: product.sku,
    slug: product.slug,
    name: product.name,
    type: product.type,
    short_description: product.shortDescription,
    description: product.description,
    price: centsToAmount(product.priceCents),
    special_price: centsToAmountOrNull(product.specialPriceCents),
    special_from: toIsoOrNull(product.specialFrom),
    special_to: toIsoOrNull(product.specialTo),
    stock_quantity: product.stockQuantity,
    featured: product.featured,
    active: product.active,
    created_at: toIso(product.createdAt),
    updated_at: toIso(product.updatedAt),
  };
}

const productNotFound = () => new AppError('NOT_FOUND', 'Product not found.');
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/** "Blue Mug (2)" → "blue-mug-2". */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200);
}

/** A sale price below the price, and a window that ends after it starts. */
function assertPricing(product: {
  priceCents: number;
  specialPriceCents?: number | null | undefined;
  specialFrom?: Date | null | undefined;
  specialTo?: Date | null | undefined;
}) {
  if (
    product.specialPriceCents !== null &&
    product.specialPriceCents !== undefined &&
    product.specialPriceCents >= product.priceCents
  ) {
    throw validationError({ special_price: ['Must be lower than the price.'] });
  }
  if (product.specialFrom && product.specialTo && product.specialTo <= product.specialFrom) {
    throw validationError({ special_to: ['Must be after special_from.'] });
  }
}

/** API fields of an update → stored columns; only the fields given. */
function toChanges(input: Omit<AdminProductUpdateInput, 'id'>): AdminProductChanges {
  const changes: AdminProductChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.short_description !== undefined) changes.shortDescription = input.short_description;
  if (input.description !== undefined) changes.description = input.description;
  if (input.price !== undefined) changes.priceCents = amountToCents(input.price);
  if (input.special_price !== undefined) {
    changes.specialPriceCents =
      input.special_price === null ? null : amountToCents(input.special_price);
  }
  if (input.special_from !== undefined) changes.specialFrom = dateOrNull(input.special_from);
  if (input.special_to !== undefined) changes.specialTo = dateOrNull(input.special_to);
  if (input.featured !== undefined) changes.featured = input.featured;
  if (input.active !== undefined) changes.active = input.active;
  return changes;
}

/**
 * Back-office catalogue management. Every write clears the count cache, so list totals of this
 * process show it at once (other instances within the cache's TTL).
 */
const categoryNotFound = () => new AppError('NOT_FOUND', 'Category not found.');

function slugTaken(error: unknown): never {
  if (isUniqueViolation(error, 'categories_slug_key')) {
    throw validationError({ slug: ['A category with this slug already exists.'] });
  }
  throw error;
}

/** The parent must exist and, for an existing category, not be itself or one of its descendants. */
async function assertParent(tx: CatalogAdminRepository, parentId: number, id?: number) {
  let current: number | null = parentId;
  for (let depth = 0; current !== null && depth < 100; depth++) {
    if (current === id) {
      throw validationError({ parent_id: ['A category cannot be placed under itself.'] });
    }
    const row = await tx.categoryParent(current);
    if (!row) throw validationError({ parent_id: ['The selected category does not exist.'] });
    current = row.parentId;
  }
}

export function createCatalogAdminService({
  repo,
  readCategory,
  inTransaction,
  counts,
}: CatalogAdminServiceDeps) {
  async function reread(id: number) {
    const product = await repo.findProduct(id);
    if (!product) throw productNotFound();
    return toAdminProductDto(product);
  }

  async function change(id: number, changes: AdminProductChanges) {
    if (!(await repo.updateProduct(id, changes))) throw productNotFound();
    counts.clear();
    return reread(id);
  }

  return {
    async get(id: number) {
      return reread(id);
    },

    /** A simple product, written by the seed writer so its search data is complete. */
    async create(input: AdminProductCreateInput) {
      const priceCents = amountToCents(input.price);
      const specialPriceCents =
        input.special_price === undefined || input.special_price === null
          ? null
          : amountToCents(input.special_price);
      const specialFrom = input.special_from ? new Date(input.special_from) : null;
      const specialTo = input.special_to ? new Date(input.special_to) : null;
      assertPricing({ priceCents, specialPriceCents, specialFrom, specialTo });
      const slug = input.slug ?? slugify(input.name);
      if (slug === '') throw validationError({ slug: ['Give a slug: the name has no letters.'] });
      const categoryIds = [...new Set(input.category_ids ?? [])];
      try {
        const id = await inTransaction(async (tx) => {
          const missing = await tx.missingCategories(categoryIds);
          if (missing.length > 0) {
            throw validationError({ category_ids: [`Unknown categories: ${missing.join(', ')}.`] });
          }
          return tx.insertProduct({
            sku: input.sku,
            slug,
            name: input.name,
            type: 'simple',
            shortDescription: input.short_description ?? '',
            description: input.description ?? '',
            priceCents,
            specialPriceCents,
            specialFrom,
            specialTo,
            stockQuantity: input.stock,
            featured: input.featured ?? false,
            active: input.active ?? true,
            categoryIds,
          });
        });
        counts.clear();
        return reread(id);
      } catch (error) {
        if (isUniqueViolation(error, 'products_sku_key')) {
          throw validationError({ sku: ['A product with this SKU already exists.'] });
        }
        if (isUniqueViolation(error, 'products_slug_key')) {
          throw validationError({ slug: ['A product with this slug already exists.'] });
        }
        throw error;
      }
    },

    /** Changes only the fields given; pricing is checked against the stored product. */
    async update(id: number, input: Omit<AdminProductUpdateInput, 'id'>) {
      const current = await repo.findProduct(id);
      if (!current) throw productNotFound();
      const changes = toChanges(input);
      assertPricing({ ...current, ...changes });
      const updated = await change(id, changes);
      if (changes.name !== undefined && changes.name !== current.name) await repo.refreshLexicon();
      return updated;
    },

    /**
     * Saves copy (typically an AI-generated description an admin reviewed) to the product. The
     * search document is a generated column over these fields, so search follows at once.
     */
    applyDescription(id: number, copy: { shortDescription: string; description: string }) {
      return change(id, copy);
    },

    /** A simple product's stock, or one variant's (`variantId`) of a configurable product. */
    async setStock(id: number, stock: number, variantId?: number) {
      const product = await repo.findProduct(id);
      if (!product) throw productNotFound();
      if (product.type === 'configurable') {
        if (variantId === undefined) {
          throw validationError({ variant_id: ['A configurable product’s stock is per variant.'] });
        }
        if (!(await repo.setVariantStock(id, variantId, stock))) {
          throw validationError({ variant_id: ['This variant does not belong to the product.'] });
        }
      } else {
        if (variantId !== undefined) {
          throw validationError({ variant_id: ['A simple product has no variants.'] });
        }
        await repo.setProductStock(id, stock);
      }
      counts.clear();
      return reread(id);
    },

    async createCategory(input: CategoryInput) {
      const slug = input.slug ?? slugify(input.name);
      if (slug === '') throw validationError({ slug: ['Give a slug: the name has no letters.'] });
      const id = await inTransaction(async (tx) => {
        if (input.parent_id != null) await assertParent(tx, input.parent_id);
        const created = await tx.insertCategory({
          name: input.name,
          slug,
          parentId: input.parent_id ?? null,
          description: input.description ?? '',
          image: input.image ?? null,
          position: input.position ?? 0,
        });
        await tx.refreshLexicon();
        return created;
      }).catch(slugTaken);
      counts.clear();
      return readCategory(id);
    },

    /** Changes only the fields given; a rename reaches its products' search documents. */
    async updateCategory(id: number, input: Partial<CategoryInput>) {
      const changes: CategoryChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.slug !== undefined) changes.slug = input.slug;
      if (input.description !== undefined) changes.description = input.description;
      if (input.image !== undefined) changes.image = input.image;
      if (input.position !== undefined) changes.position = input.position;
      if (input.parent_id !== undefined) changes.parentId = input.parent_id;
      await inTransaction(async (tx) => {
        if (input.parent_id != null) await assertParent(tx, input.parent_id, id);
        if (!(await tx.updateCategory(id, changes))) throw categoryNotFound();
        if (changes.name !== undefined) {
          await tx.resyncCategoryProducts(id);
          await tx.refreshLexicon();
        }
      }).catch(slugTaken);
      counts.clear();
      return readCategory(id);
    },

    /** Hidden from the storefront; orders and reviews keep it. */
    deactivate(id: number) {
      return change(id, { active: false });
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
