import { PRODUCT_TYPES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../image-upload';
import { pageQuery } from '../../pagination';
import { zAmount, zDateTime, zId, zPosition, zWebUrl } from '../../zod-helpers';

/* Back-office DTOs of the catalogue: products with their images and variants, and categories. */

/** Stock as every admin write takes it (products, variants, setStock). */
export const zStock = () => z.number().int().min(0).max(1_000_000_000);

export const ZAdminProductImage = z
  .object({ id: z.number().int(), url: z.string(), alt: z.string(), position: z.number().int() })
  .meta({ id: 'AdminProductImage' });

export const ZAdminVariant = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    price: z.number(),
    special_price: z.number().nullable(),
    stock_quantity: z.number().int(),
    options: z.record(z.string(), z.string()),
    position: z.number().int(),
  })
  .meta({ id: 'AdminProductVariant' });

const imageFields = {
  url: zWebUrl(),
  alt: z.string().trim().max(300),
  position: zPosition(),
};
export const ZImageAddInput = z.object({
  product_id: zId(),
  url: imageFields.url,
  alt: imageFields.alt.optional().meta({ description: 'The product name when left out' }),
  position: imageFields.position
    .optional()
    .meta({ description: 'After the last image when left out' }),
});
export type ImageAddInput = z.infer<typeof ZImageAddInput>;
export const ZImageUpdateInput = z
  .object(imageFields)
  .partial()
  .extend({ product_id: zId(), image_id: zId() });
export type ImageUpdateInput = Omit<z.infer<typeof ZImageUpdateInput>, 'product_id' | 'image_id'>;
/** 2 MB of bytes as base64 (4 characters per 3 bytes), with room for padding. */
const IMAGE_BASE64_MAX_LENGTH = Math.ceil((IMAGE_UPLOAD_MAX_BYTES + 3) / 3) * 4;
export const ZImageUploadInput = z.object({
  product_id: zId(),
  image_base64: z
    .string()
    .max(IMAGE_BASE64_MAX_LENGTH, 'The image must be at most 2 MB.')
    .pipe(z.base64('Send the image’s bytes as base64.'))
    .meta({
      description:
        'The file’s bytes, base64: JPEG, PNG, WebP or GIF of at most 2 MB (as avatars); stored re-encoded as WebP of at most 1600 px a side',
    }),
  alt: imageFields.alt.optional().meta({ description: 'The product name when left out' }),
});
export type ImageUploadInput = z.infer<typeof ZImageUploadInput>;
export const ZImageRefInput = z.object({ product_id: zId(), image_id: zId() });
export const ZImageReorderInput = z.object({
  product_id: zId(),
  image_ids: z.array(zId()).min(1).max(100).meta({
    description: 'Every image of the product, in the new order; the first is the main image',
  }),
});

const zSku = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Letters, digits, ".", "-" and "_" only.');
/** Attribute code → value, e.g. { "size": "M", "color": "Red" }. */
const zOptions = () =>
  z
    .record(
      z
        .string()
        .regex(/^[a-z][a-z0-9_]{0,49}$/, 'Attribute codes are lower-case words joined by "_".'),
      z.string().trim().min(1).max(100),
    )
    .refine((options) => Object.keys(options).length >= 1 && Object.keys(options).length <= 10, {
      message: 'Give 1 to 10 options.',
    });

const variantFields = {
  sku: zSku(),
  name: z.string().trim().min(1).max(200),
  price: zAmount(),
  special_price: zAmount().nullable(),
  stock: zStock(),
  options: zOptions(),
  position: zPosition(),
};
export const ZVariantInput = z.object({
  sku: variantFields.sku,
  name: variantFields.name
    .optional()
    .meta({ description: 'The option values joined by " / " when left out' }),
  price: variantFields.price,
  special_price: variantFields.special_price.optional(),
  stock: variantFields.stock.default(0),
  options: variantFields.options,
});
export type VariantInput = z.infer<typeof ZVariantInput>;
export const ZVariantAddInput = ZVariantInput.extend({
  product_id: zId(),
  position: variantFields.position.optional().meta({ description: 'Last when left out' }),
});
export type VariantAddInput = Omit<z.infer<typeof ZVariantAddInput>, 'product_id'>;
export const ZVariantUpdateInput = z
  .object(variantFields)
  .partial()
  .extend({ product_id: zId(), variant_id: zId() });
export type VariantUpdateInput = Omit<
  z.infer<typeof ZVariantUpdateInput>,
  'product_id' | 'variant_id'
>;
export const ZVariantRefInput = z.object({ product_id: zId(), variant_id: zId() });

export const ZAdminProduct = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    slug: z.string(),
    name: z.string(),
    type: z.enum(PRODUCT_TYPES),
    short_description: z.string(),
    description: z.string(),
    price: z.number(),
    special_price: z.number().nullable(),
    special_from: zDateTime().nullable(),
    special_to: zDateTime().nullable(),
    stock_quantity: z.number().int(),
    featured: z.boolean(),
    active: z.boolean(),
    tax_category: z
      .string()
      .nullable()
      .meta({ description: 'Its tax category’s code; null: only "*"-category rules apply' }),
    hsn_code: z.string().nullable().meta({ description: 'Its tax category’s HSN/SAC code' }),
    ships_in_days: z.number().int().nullable(),
    returnable: z.boolean(),
    images: z
      .array(ZAdminProductImage)
      .meta({ description: 'In order; the first is the main image' }),
    variants: z
      .array(ZAdminVariant)
      .meta({ description: 'A configurable product’s; [] otherwise' }),
    category_ids: z.array(z.number().int()).meta({ description: 'Its categories, by id' }),
    created_at: zDateTime(),
    updated_at: zDateTime(),
  })
  .meta({ id: 'AdminProduct' });
export const ZAdminProductOutput = envelope(ZAdminProduct);

/** The fields of the AI description output, as an admin approved them. */
export const ZApplyDescriptionInput = z.object({
  id: zId(),
  short_description: z.string().trim().min(1).max(1000),
  description: z.string().trim().min(1).max(10_000),
});

const productFields = {
  name: z.string().trim().min(1).max(200),
  short_description: z.string().trim().max(1000),
  description: z.string().trim().max(10_000),
  price: zAmount(),
  special_price: zAmount().nullable(),
  special_from: zDateTime().nullable(),
  special_to: zDateTime().nullable(),
  featured: z.boolean(),
  active: z.boolean(),
  tax_category: z
    .string()
    .trim()
    .toUpperCase()
    .min(1)
    .max(32)
    .nullable()
    .meta({ description: 'A tax category’s code; null clears it' }),
};
export const ZAdminProductCreateInput = z.object({
  ...productFields,
  sku: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.-]+$/, 'Letters, digits, ".", "-" and "_" only.'),
  slug: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case words joined by "-".')
    .optional()
    .meta({ description: 'Derived from the name when left out' }),
  short_description: productFields.short_description.optional(),
  description: productFields.description.optional(),
  special_price: productFields.special_price.optional(),
  special_from: productFields.special_from.optional(),
  special_to: productFields.special_to.optional(),
  featured: productFields.featured.optional(),
  active: productFields.active.optional(),
  tax_category: productFields.tax_category.optional(),
  stock: zStock().default(0),
  category_ids: z.array(zId()).max(50).optional(),
  variants: z
    .array(ZVariantInput)
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'Makes a configurable product; its stock is then its variants’' }),
});
export type AdminProductCreateInput = z.infer<typeof ZAdminProductCreateInput>;
export const ZAdminProductUpdateInput = z
  .object(productFields)
  .partial()
  .extend({
    id: zId(),
    ships_in_days: z.number().int().min(0).max(365).nullable().meta({
      description: 'Working days a made-to-order product adds before dispatch; null: none',
    }),
    returnable: z.boolean(),
  })
  .partial({ ships_in_days: true, returnable: true })
  .extend({
    category_ids: z
      .array(zId())
      .max(50)
      .optional()
      .meta({ description: 'Replaces its categories ([] takes it out of all)' }),
  });
export type AdminProductUpdateInput = z.infer<typeof ZAdminProductUpdateInput>;
export const ZSetStockInput = z.object({
  id: zId(),
  variant_id: zId().optional().meta({ description: 'Required for a configurable product' }),
  stock: zStock(),
});

const categoryFields = {
  name: z.string().trim().min(1).max(120),
  slug: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case words joined by "-".'),
  description: z.string().trim().max(2000),
  image: zWebUrl().nullable(),
  parent_id: zId().nullable(),
  position: zPosition(),
};
export const ZCategoryInput = z.object({
  name: categoryFields.name,
  slug: categoryFields.slug.optional().meta({ description: 'Derived from the name when left out' }),
  description: categoryFields.description.optional(),
  image: categoryFields.image.optional(),
  parent_id: categoryFields.parent_id.optional(),
  position: categoryFields.position.optional(),
});
export type CategoryInput = z.infer<typeof ZCategoryInput>;
export const ZCategoryUpdateInput = z.object(categoryFields).partial().extend({ id: zId() });
export const ZCategoryDeleteOutput = envelope(
  z.object({
    id: z.number().int(),
    unlinked_product_ids: z
      .array(z.number().int())
      .meta({ description: 'Products that were in the category; they keep existing' }),
  }),
);

export const ZAdminProductListInput = z.object({
  ...pageQuery,
  search: z.string().trim().min(1).max(100).optional().meta({ description: 'Name or SKU' }),
  active: z.boolean().optional(),
  stock: z
    .enum(['in', 'low', 'out'])
    .optional()
    .meta({ description: 'low: 1–5 units; out: none; in: any' }),
  category_id: zId().optional(),
});
export type AdminProductListInput = z.infer<typeof ZAdminProductListInput>;
export const ZAdminProductListEntry = ZAdminProduct.omit({
  images: true,
  variants: true,
  category_ids: true,
  description: true,
  short_description: true,
})
  .extend({
    image_url: z.string().nullable().meta({ description: 'The main image, for thumbnails' }),
  })
  .meta({ id: 'AdminProductListEntry' });
export const ZAdminProductListOutput = paginatedEnvelope(ZAdminProductListEntry);
