import { attributesOf, linkProductAttributes } from '@storefront/db/catalog-writer';
import type { Executor } from '@storefront/db/client';
import {
  attributes,
  attributeValues,
  productAttributeValues,
  productImages,
  productVariants,
} from '@storefront/db/schema';
import { setOrKeep } from '@storefront/db/sql';
import { and, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { translateUniqueViolations } from '../../unique-violations';
import { skuTaken } from './catalog.errors';

const SKU_UNIQUE = { product_variants_sku_key: () => skuTaken('sku') };

export type ImageValues = Pick<typeof productImages.$inferInsert, 'url' | 'alt' | 'position'>;
export type VariantValues = Omit<typeof productVariants.$inferInsert, 'id' | 'productId'>;

/** Back-office writes of a product's images and variants (the product row is catalog-admin's). */
export function createProductPartsRepository(db: Executor) {
  const ofProduct = (productId: number, imageId: number) =>
    and(eq(productImages.id, imageId), eq(productImages.productId, productId));
  const variantOf = (productId: number, variantId: number) =>
    and(eq(productVariants.id, variantId), eq(productVariants.productId, productId));

  return {
    /** The position after the product's last image (0 for the first). */
    async nextImagePosition(productId: number): Promise<number> {
      const [row] = await db
        .select({ last: max(productImages.position) })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    },

    async insertImage(productId: number, values: ImageValues): Promise<void> {
      await db.insert(productImages).values({ ...values, productId });
    },

    /** False when the image does not belong to the product. */
    async updateImage(
      productId: number,
      imageId: number,
      changes: Partial<ImageValues>,
    ): Promise<boolean> {
      const rows = await db
        .update(productImages)
        .set(setOrKeep(changes, { position: productImages.position }))
        .where(ofProduct(productId, imageId))
        .returning({ id: productImages.id });
      return rows.length > 0;
    },

    /** False when the image does not belong to the product. */
    async deleteImage(productId: number, imageId: number): Promise<boolean> {
      const rows = await db
        .delete(productImages)
        .where(ofProduct(productId, imageId))
        .returning({ id: productImages.id });
      return rows.length > 0;
    },

    /** Positions 0, 1, 2… in the order given (ids of the product's images). */
    async setImageOrder(productId: number, imageIds: number[]): Promise<void> {
      await db
        .update(productImages)
        .set({
          position: sql`array_position(${sql.param(imageIds)}::int[], ${productImages.id}) - 1`,
        })
        .where(and(eq(productImages.productId, productId), inArray(productImages.id, imageIds)));
    },

    async variant(productId: number, variantId: number) {
      const [row] = await db
        .select({ options: productVariants.options })
        .from(productVariants)
        .where(variantOf(productId, variantId));
      return row;
    },

    /** Whether another variant of the product has exactly these options. */
    async optionsTaken(
      productId: number,
      options: Record<string, string>,
      exceptVariantId?: number,
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: productVariants.id })
        .from(productVariants)
        .where(
          and(
            eq(productVariants.productId, productId),
            sql`${productVariants.options} = ${JSON.stringify(options)}::jsonb`,
            exceptVariantId === undefined ? undefined : ne(productVariants.id, exceptVariantId),
          ),
        );
      return row !== undefined;
    },

    async nextVariantPosition(productId: number): Promise<number> {
      const [row] = await db
        .select({ last: max(productVariants.position) })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
    },

    /** A variant write that lost a race for its SKU answers as the SKU check before it does. */
    async insertVariant(productId: number, values: VariantValues): Promise<void> {
      await translateUniqueViolations(
        () => db.insert(productVariants).values({ ...values, productId }),
        SKU_UNIQUE,
      );
    },

    /** False when the variant does not belong to the product. */
    async updateVariant(
      productId: number,
      variantId: number,
      changes: Partial<VariantValues>,
    ): Promise<boolean> {
      const rows = await translateUniqueViolations(
        () =>
          db
            .update(productVariants)
            .set(setOrKeep(changes, { position: productVariants.position }))
            .where(variantOf(productId, variantId))
            .returning({ id: productVariants.id }),
        SKU_UNIQUE,
      );
      return rows.length > 0;
    },

    /** Cart lines of the variant go with it; order lines keep their copy (variant_id → null). */
    async deleteVariant(productId: number, variantId: number): Promise<boolean> {
      const rows = await db
        .delete(productVariants)
        .where(variantOf(productId, variantId))
        .returning({ id: productVariants.id });
      return rows.length > 0;
    },

    /**
     * Makes the product's values of the attributes `codes` exactly those its variants use now
     * (the storefront lists them as the product's options); other attributes stay.
     */
    async syncVariantAttributes(productId: number, codes: string[]): Promise<void> {
      if (codes.length === 0) return;
      const stale = db
        .select({ id: attributeValues.id })
        .from(attributeValues)
        .innerJoin(attributes, eq(attributes.id, attributeValues.attributeId))
        .where(inArray(attributes.code, codes));
      await db
        .delete(productAttributeValues)
        .where(
          and(
            eq(productAttributeValues.productId, productId),
            inArray(productAttributeValues.attributeValueId, stale),
          ),
        );
      const variants = await db
        .select({ options: productVariants.options })
        .from(productVariants)
        .where(eq(productVariants.productId, productId));
      const wanted = attributesOf({ variants }).filter((attribute) =>
        codes.includes(attribute.code),
      );
      await linkProductAttributes(db, productId, wanted);
    },
  };
}

export type ProductPartsRepository = ReturnType<typeof createProductPartsRepository>;
