import { z } from 'zod';
import { zAmount, zId } from '../../zod-helpers';
import { zWebUrl } from './admin-store.schemas';

/* Back-office DTOs of a product's images and variants (admin.products.images / .variants). */

/** Stock as every admin write takes it (products, variants, setStock). */
export const zStock = () => z.number().int().min(0).max(1_000_000_000);
const zPosition = () => z.number().int().min(0).max(1_000_000);

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
