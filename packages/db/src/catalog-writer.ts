import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from './client';
import {
  attributes,
  attributeValues,
  categories,
  type ProductType,
  productAttributeValues,
  productCategories,
  productImages,
  products,
  productVariants,
} from './schema/index';
import { refreshSearchTerms, syncProductCategoryNames } from './search-index';

/**
 * The one way whole products and categories are written: the back office's repositories, test
 * factories, the demo and bulk seeds all go through these functions, so every product gets the
 * same derived data (category names in its search document, lexicon words, attribute values).
 */

export interface AttributeSeed {
  code: string;
  name?: string;
  values: string[];
}

export interface VariantSeed {
  sku: string;
  name: string;
  priceCents: number;
  specialPriceCents?: number | null;
  stockQuantity: number;
  options: Record<string, string>;
}

export interface ProductSeed {
  sku: string;
  slug: string;
  name: string;
  type?: ProductType;
  shortDescription?: string;
  description?: string;
  priceCents: number;
  specialPriceCents?: number | null;
  specialFrom?: Date | null;
  specialTo?: Date | null;
  stockQuantity?: number;
  featured?: boolean;
  active?: boolean;
  metaTitle?: string | null;
  metaDescription?: string | null;
  metaKeywords?: string | null;
  rating?: number;
  reviewsCount?: number;
  createdAt?: Date;
  categoryIds?: number[];
  /** Its tax category (docs/tax.md); variants inherit it. */
  taxCategoryId?: number | null;
  images?: { url: string; alt?: string }[];
  /** Configurable products only. */
  variants?: VariantSeed[];
  /** Attribute values of the product; a configurable product also gets its variants' options. */
  attributes?: AttributeSeed[];
}

export interface CategorySeed {
  name: string;
  slug: string;
  parentId?: number | null;
  description?: string;
  image?: string | null;
  position?: number;
}

const ROWS_PER_STATEMENT = 1000;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const titleCase = (code: string) => code.charAt(0).toUpperCase() + code.slice(1).replace(/_/g, ' ');

export async function insertCategories(
  db: Executor,
  seeds: CategorySeed[],
): Promise<{ id: number; name: string; slug: string }[]> {
  if (seeds.length === 0) return [];
  return db
    .insert(categories)
    .values(
      seeds.map((seed) => ({
        name: seed.name,
        slug: seed.slug,
        parentId: seed.parentId ?? null,
        description: seed.description ?? '',
        image: seed.image ?? null,
        position: seed.position ?? 0,
      })),
    )
    .returning({ id: categories.id, name: categories.name, slug: categories.slug });
}

/** Attribute and value rows for the given codes/values (created when missing); value ids by code. */
async function ensureAttributeValues(
  db: Executor,
  wanted: AttributeSeed[],
): Promise<Map<string, Map<string, number>>> {
  const byCode = new Map<string, Map<string, number>>();
  if (wanted.length === 0) return byCode;
  const merged = new Map<string, AttributeSeed>();
  for (const attribute of wanted) {
    const entry = merged.get(attribute.code) ?? { ...attribute, values: [] };
    for (const value of attribute.values)
      if (!entry.values.includes(value)) entry.values.push(value);
    merged.set(attribute.code, entry);
  }
  await db
    .insert(attributes)
    .values(
      [...merged.values()].map((attribute) => ({
        code: attribute.code,
        name: attribute.name ?? titleCase(attribute.code),
      })),
    )
    .onConflictDoNothing();
  const attributeRows = await db
    .select({ id: attributes.id, code: attributes.code })
    .from(attributes)
    .where(inArray(attributes.code, [...merged.keys()]));
  for (const row of attributeRows) {
    const values = merged.get(row.code)?.values ?? [];
    await db
      .insert(attributeValues)
      .values(values.map((value, position) => ({ attributeId: row.id, value, position })))
      .onConflictDoNothing();
    const valueRows = await db
      .select({ id: attributeValues.id, value: attributeValues.value })
      .from(attributeValues)
      .where(and(eq(attributeValues.attributeId, row.id), inArray(attributeValues.value, values)));
    byCode.set(row.code, new Map(valueRows.map((value) => [value.value, value.id])));
  }
  return byCode;
}

/** Attribute values: the given ones plus the options the variants use. */
export function attributesOf(seed: {
  attributes?: AttributeSeed[];
  variants?: Pick<VariantSeed, 'options'>[];
}): AttributeSeed[] {
  const result = new Map<string, AttributeSeed>();
  for (const attribute of seed.attributes ?? []) {
    result.set(attribute.code, { ...attribute, values: [...attribute.values] });
  }
  for (const variant of seed.variants ?? []) {
    for (const [code, value] of Object.entries(variant.options)) {
      const entry = result.get(code) ?? { code, values: [] };
      if (!entry.values.includes(value)) entry.values.push(value);
      result.set(code, entry);
    }
  }
  return [...result.values()];
}

/** Links one product to attribute values (attributes and values are created when missing). */
export async function linkProductAttributes(
  db: Executor,
  productId: number,
  wanted: AttributeSeed[],
): Promise<void> {
  const valueIds = await ensureAttributeValues(db, wanted);
  const rows = wanted.flatMap((attribute) =>
    attribute.values.map((value) => ({
      productId,
      attributeValueId: valueIds.get(attribute.code)?.get(value) as number,
    })),
  );
  if (rows.length > 0) {
    await db.insert(productAttributeValues).values(rows).onConflictDoNothing();
  }
}

export interface InsertProductsOptions {
  /**
   * Category names by id, to fill the search document while inserting (the bulk seed passes it
   * so 100k products need no second pass). Without it the names are copied after the insert.
   */
  categoryNamesById?: Map<number, string>;
  /** Refresh the search lexicon afterwards (default true; the bulk seed does it once at the end). */
  refreshLexicon?: boolean;
}

/** Inserts products with their images, variants, category links and attribute values. */
export async function insertProducts(
  db: Executor,
  seeds: ProductSeed[],
  options: InsertProductsOptions = {},
): Promise<number[]> {
  const ids: number[] = [];
  const names = options.categoryNamesById;
  const allAttributes = seeds.flatMap(attributesOf);
  const valueIds = await ensureAttributeValues(db, allAttributes);

  for (const batch of chunks(seeds, ROWS_PER_STATEMENT)) {
    const inserted = await db
      .insert(products)
      .values(
        batch.map((seed) => ({
          sku: seed.sku,
          slug: seed.slug,
          name: seed.name,
          type: seed.type ?? (seed.variants?.length ? 'configurable' : 'simple'),
          shortDescription: seed.shortDescription ?? '',
          description: seed.description ?? '',
          priceCents: seed.priceCents,
          specialPriceCents: seed.specialPriceCents ?? null,
          specialFrom: seed.specialFrom ?? null,
          specialTo: seed.specialTo ?? null,
          stockQuantity: seed.stockQuantity ?? 0,
          featured: seed.featured ?? false,
          active: seed.active ?? true,
          metaTitle: seed.metaTitle ?? null,
          metaDescription: seed.metaDescription ?? null,
          metaKeywords: seed.metaKeywords ?? null,
          rating: seed.rating ?? 0,
          reviewsCount: seed.reviewsCount ?? 0,
          taxCategoryId: seed.taxCategoryId ?? null,
          categoryNames: names
            ? (seed.categoryIds ?? []).map((id) => names.get(id) ?? '').join(' ')
            : '',
          ...(seed.createdAt ? { createdAt: seed.createdAt } : {}),
        })),
      )
      .returning({ id: products.id });
    const batchIds = inserted.map((row) => row.id);
    ids.push(...batchIds);

    const images = batch.flatMap((seed, i) =>
      (seed.images ?? []).map((image, position) => ({
        productId: batchIds[i] as number,
        url: image.url,
        alt: image.alt ?? seed.name,
        position,
      })),
    );
    const variants = batch.flatMap((seed, i) =>
      (seed.variants ?? []).map((variant, position) => ({
        productId: batchIds[i] as number,
        sku: variant.sku,
        name: variant.name,
        priceCents: variant.priceCents,
        specialPriceCents: variant.specialPriceCents ?? null,
        stockQuantity: variant.stockQuantity,
        options: variant.options,
        position,
      })),
    );
    const links = batch.flatMap((seed, i) =>
      (seed.categoryIds ?? []).map((categoryId) => ({
        productId: batchIds[i] as number,
        categoryId,
      })),
    );
    const attributeLinks = batch.flatMap((seed, i) =>
      attributesOf(seed).flatMap((attribute) =>
        attribute.values.map((value) => ({
          productId: batchIds[i] as number,
          attributeValueId: valueIds.get(attribute.code)?.get(value) as number,
        })),
      ),
    );
    for (const rows of chunks(images, ROWS_PER_STATEMENT)) {
      await db.insert(productImages).values(rows);
    }
    for (const rows of chunks(variants, ROWS_PER_STATEMENT)) {
      await db.insert(productVariants).values(rows);
    }
    for (const rows of chunks(links, ROWS_PER_STATEMENT)) {
      await db.insert(productCategories).values(rows);
    }
    for (const rows of chunks(attributeLinks, ROWS_PER_STATEMENT)) {
      await db.insert(productAttributeValues).values(rows).onConflictDoNothing();
    }
  }

  if (!names) {
    const linked = seeds.flatMap((seed, i) => (seed.categoryIds?.length ? [ids[i] as number] : []));
    await syncProductCategoryNames(db, linked);
  }
  if (options.refreshLexicon ?? true) await refreshSearchTerms(db, ids);
  return ids;
}
