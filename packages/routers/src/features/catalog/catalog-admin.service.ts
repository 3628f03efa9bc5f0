import type { CountCache } from '../../count-cache';
import { validationError } from '../../errors';
import { amountToCents, centsToAmount, centsToAmountOrNull } from '../../money';
import { metaFor, pageOffset } from '../../pagination';
import type { InTransaction } from '../../transactions';
import { toIso, toIsoOrNull } from '../../zod-helpers';
import type { TaxCategoryRecord } from '../tax';
import type {
  AdminProductCreateInput,
  AdminProductListInput,
  AdminProductUpdateInput,
  VariantInput,
} from './catalog.admin.schemas';
import { productNotFound, skuTaken } from './catalog.errors';
import type {
  AdminProductChanges,
  AdminProductRecord,
  CatalogAdminRepository,
} from './catalog-admin.repository';
import { taxCategoryIdFor, taxFieldsOf } from './product-tax';

export interface CatalogAdminServiceDeps {
  repo: CatalogAdminRepository;
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

/** A product at or under this many units counts as low on stock (list filter, dashboard). */
export const LOW_STOCK_THRESHOLD = 5;

/** A row of the back office's product list: the product without its texts and variants. */
export function toAdminProductListEntryDto(
  product: AdminProductRecord,
  taxCategories: readonly TaxCategoryRecord[],
  mainImageUrl?: string,
) {
  const {
    description: _d,
    short_description: _s,
    images: _i,
    variants: _v,
    ...entry
  } = toAdminProductDto(product, [], [], taxCategories);
  return { ...entry, image_url: mainImageUrl ?? null };
}

export function toAdminProductDto(
  product: AdminProductRecord,
  images: AdminImageRecord[],
  variants: AdminVariantRecord[],
  taxCategories: readonly TaxCategoryRecord[],
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
    ...taxFieldsOf(product.taxCategoryId, taxCategories),
    ships_in_days: product.shipsInDays,
    returnable: product.returnable,
    images,
    variants: variants.map(toAdminVariantDto),
    created_at: toIso(product.createdAt),
    updated_at: toIso(product.updatedAt),
  };
}

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

/** The SKU is neither a product's nor another variant's (SKUs name one sellable thing). */
export async function assertSkuFree(
  repo: CatalogAdminRepository,
  sku: string,
  field: string,
  exceptVariantId?: number,
) {
  if (await repo.skuTaken(sku, exceptVariantId)) {
    throw skuTaken(field);
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
  if (input.ships_in_days !== undefined) changes.shipsInDays = input.ships_in_days;
  if (input.returnable !== undefined) changes.returnable = input.returnable;
  return changes;
}

/**
 * Back-office product management. Every write clears the count cache, so list totals of this
 * process show it at once (other instances within the cache's TTL).
 */
export function createCatalogAdminService({
  repo,
  inTransaction,
  counts,
}: CatalogAdminServiceDeps) {
  async function reread(id: number) {
    const [product, images, variants, categoryIds, taxCategories] = await Promise.all([
      repo.findProduct(id),
      repo.images(id),
      repo.variants(id),
      repo.productCategoryIds(id),
      repo.taxCategories(),
    ]);
    if (!product) throw productNotFound();
    return {
      ...toAdminProductDto(product, images, variants, taxCategories),
      category_ids: categoryIds,
    };
  }

  /** 422 naming the unknown ones, so nothing is linked to a category that is not there. */
  async function assertCategoriesExist(tx: CatalogAdminRepository, ids: number[]) {
    const missing = await tx.missingCategories(ids);
    if (missing.length > 0) {
      throw validationError({ category_ids: [`Unknown categories: ${missing.join(', ')}.`] });
    }
  }

  /** New words in a product's searchable text join the lexicon (prefixes and typos find them). */
  async function refreshLexiconAfter(id: number, changes: AdminProductChanges) {
    const { name, shortDescription, description } = changes;
    if (name !== undefined || shortDescription !== undefined || description !== undefined)
      await repo.refreshLexicon([id]);
  }

  async function change(id: number, changes: AdminProductChanges) {
    if (!(await repo.updateProduct(id, changes))) throw productNotFound();
    counts.clear();
    await refreshLexiconAfter(id, changes);
    return reread(id);
  }

  return {
    /** Every product, active or not, newest first, with the back office's filters. */
    async list(input: AdminProductListInput) {
      const taxCategories = repo.taxCategories();
      const { rows, total } = await repo.listProducts(
        {
          search: input.search,
          active: input.active,
          stock: input.stock,
          lowStockThreshold: LOW_STOCK_THRESHOLD,
          categoryId: input.category_id,
        },
        pageOffset(input),
      );
      const [categories, images] = await Promise.all([taxCategories, repo.mainImageUrls(rows)]);
      return {
        items: rows.map((row) => toAdminProductListEntryDto(row, categories, images.get(row.id))),
        meta: metaFor(input, total),
      };
    },

    /** Active products with `LOW_STOCK_THRESHOLD` units or fewer, fewest first. */
    async lowStock(limit: number) {
      const [rows, categories] = await Promise.all([
        repo.lowStock(LOW_STOCK_THRESHOLD, limit),
        repo.taxCategories(),
      ]);
      return rows.map((row) => toAdminProductListEntryDto(row, categories));
    },

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
      const id = await inTransaction(async (tx) => {
        await assertCategoriesExist(tx, categoryIds);
        await assertSkuFree(tx, input.sku, 'sku');
        await assertNewVariants(tx, input);
        const variants = (input.variants ?? []).map(toVariantSeed);
        const taxCategoryId = await taxCategoryIdFor(tx.taxCategories, input.tax_category ?? null);
        const created = await tx.insertProduct({
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
        // The seed writer knows no tax; the category joins in the same transaction.
        if (taxCategoryId !== null) await tx.updateProduct(created, { taxCategoryId });
        return created;
      });
      counts.clear();
      return reread(id);
    },

    /**
     * Changes only the fields given; pricing is checked against the stored product.
     * `category_ids` replaces the product's categories (the search document follows).
     */
    async update(id: number, input: Omit<AdminProductUpdateInput, 'id'>) {
      const { category_ids: categoryIds, tax_category: taxCategory, ...fields } = input;
      const current = await repo.findProduct(id);
      if (!current) throw productNotFound();
      const changes = toChanges(fields);
      assertPricing({ ...current, ...changes });
      // Categories and fields are written together or not at all; read back after the commit.
      await inTransaction(async (tx) => {
        if (categoryIds !== undefined) {
          const ids = [...new Set(categoryIds)];
          await assertCategoriesExist(tx, ids);
          await tx.setProductCategories(id, ids);
        }
        if (taxCategory !== undefined) {
          changes.taxCategoryId = await taxCategoryIdFor(tx.taxCategories, taxCategory);
        }
        if (!(await tx.updateProduct(id, changes))) throw productNotFound();
      });
      counts.clear();
      const updated = await reread(id);
      await refreshLexiconAfter(id, changes);
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

    /** Hidden from the storefront; orders and reviews keep it. */
    deactivate(id: number) {
      return change(id, { active: false });
    },
  };
}

export type CatalogAdminService = ReturnType<typeof createCatalogAdminService>;
