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
  VariantInput,
} from './catalog.admin.schemas';
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

type AdminImageRecord = Awaited<ReturnType<CatalogAdminRepository['images']>>[number];
type AdminVariantRecord = Awaited<ReturnType<CatalogAdminRepository['variants']>>[number];

export function toAdminVariantDto(variant: AdminVariantRecord) {
  return {
    id: variant.id,
    sku: variant.sku,
    name: variant.name,
    price: centsToAmount(variant.priceCents),
    special_price: centsToAmountOrNull(variant.specialPriceCents),
    stock_quantity: variant.stockQuantity,
    options: variant.options,
    position: variant.position,
  };
}

export function toAdminProductDto(
  product: AdminProductRecord,
  images: AdminImageRecord[],
  variants: AdminVariantRecord[],
) {
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
    images,
    variants: variants.map(toAdminVariantDto),
    created_at: toIso(product.createdAt),
    updated_at: toIso(product.updatedAt),
  };
}

export const productNotFound = () => new AppError('NOT_FOUND', 'Product not found.');
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

/**
 * A sale price below the price, and a window that ends after it starts. `field` prefixes the
 * field names (a variant of a create request: "variants.0.").
 */
export function assertPricing(
  product: {
    priceCents: number;
    specialPriceCents?: number | null | undefined;
    specialFrom?: Date | null | undefined;
    specialTo?: Date | null | undefined;
  },
  field = '',
) {
  if (
    product.specialPriceCents !== null &&
    product.specialPriceCents !== undefined &&
    product.specialPriceCents >= product.priceCents
  ) {
    throw validationError({ [`${field}special_price`]: ['Must be lower than the price.'] });
  }
  if (product.specialFrom && product.specialTo && product.specialTo <= product.specialFrom) {
    throw validationError({ special_to: ['Must be after special_from.'] });
  }
}

/** A variant as stored; the name defaults to its option values ("M / Red"). */
export function toVariantSeed(input: VariantInput) {
  return {
    sku: input.sku,
    name: input.name ?? Object.values(input.options).join(' / '),
    priceCents: amountToCents(input.price),
    specialPriceCents:
      input.special_price === undefined || input.special_price === null
        ? null
        : amountToCents(input.special_price),
    stockQuantity: input.stock,
    options: input.options,
  };
}

/** Options as a comparable key, whatever the order of their codes. */
export const optionsKey = (options: Record<string, string>) =>
  JSON.stringify(Object.entries(options).sort(([a], [b]) => a.localeCompare(b)));

export const SKU_TAKEN = 'A product or variant with this SKU already exists.';

/** The SKU is neither a product's nor another variant's (SKUs name one sellable thing). */
export async function assertSkuFree(
  repo: CatalogAdminRepository,
  sku: string,
  field: string,
  exceptVariantId?: number,
) {
  if (await repo.skuTaken(sku, exceptVariantId)) {
    throw validationError({ [field]: [SKU_TAKEN] });
  }
}

/** The variants of a new configurable product: prices, distinct SKUs and option sets. */
async function assertNewVariants(tx: CatalogAdminRepository, input: AdminProductCreateInput) {
  const variants = input.variants ?? [];
  if (variants.length > 0 && input.stock > 0) {
    throw validationError({ stock: ['A configurable product’s stock is per variant.'] });
  }
  const skus = new Set([input.sku]);
  const optionSets = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    const field = `variants.${index}.`;
    const seed = toVariantSeed(variant);
    assertPricing(seed, field);
    if (skus.has(variant.sku)) {
      throw validationError({ [`${field}sku`]: ['Each variant needs its own SKU.'] });
    }
    skus.add(variant.sku);
    await assertSkuFree(tx, variant.sku, `${field}sku`);
    const key = optionsKey(variant.options);
    if (optionSets.has(key)) {
      throw validationError({ [`${field}options`]: ['Another variant has the same options.'] });
    }
    optionSets.add(key);
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
    const [product, images, variants] = await Promise.all([
      repo.findProduct(id),
      repo.images(id),
      repo.variants(id),
    ]);
    if (!product) throw productNotFound();
    return toAdminProductDto(product, images, variants);
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

    /**
     * A simple product, or a configurable one when `variants` are given; written by the seed
     * writer so its search data, images, variants and options are complete.
     */
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
          await assertSkuFree(tx, input.sku, 'sku');
          await assertNewVariants(tx, input);
          const variants = (input.variants ?? []).map(toVariantSeed);
          return tx.insertProduct({
            sku: input.sku,
            slug,
            name: input.name,
            type: variants.length > 0 ? 'configurable' : 'simple',
            variants,
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
          throw validationError({ sku: [SKU_TAKEN] });
        }
        if (isUniqueViolation(error, 'product_variants_sku_key')) {
          throw validationError({ variants: [SKU_TAKEN] });
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

    /**
     * Deletes a category without subcategories (422 otherwise: move or delete them first, so no
     * branch of the tree disappears by accident). Its products keep existing; their links to it
     * go, and their search documents no longer carry its name.
     */
    async deleteCategory(id: number) {
      const unlinked = await inTransaction(async (tx) => {
        if (await tx.hasChildCategories(id)) {
          throw validationError(
            { id: ['This category has subcategories: move or delete them first.'] },
            'A category with subcategories cannot be deleted.',
          );
        }
        const productIds = await tx.deleteCategory(id);
        if (!productIds) throw categoryNotFound();
        await tx.resyncProducts(productIds);
        return productIds;
      });
      counts.clear();
      return { id, unlinked_product_ids: unlinked };
    },

    /** Hidden from the storefront; orders and reviews keep it. */
    deactivate(id: number) {
      return change(id, { active: false });
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
