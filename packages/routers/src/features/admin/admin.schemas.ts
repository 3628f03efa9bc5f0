import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zAmount, zDateTime, zId } from '../../zod-helpers';
import { ZUser } from '../auth/auth.schemas';
import { ZReview } from '../catalog/catalog.schemas';
import { FEATURE_FLAGS, ZFeatures } from '../settings/settings.schemas';
import { ZAdminProductImage, ZAdminVariant, ZVariantInput, zStock } from './admin-catalog.schemas';

export const ZAdminCustomer = ZUser.extend({
  role: z.enum(['customer', 'admin']),
  blocked_at: zDateTime().nullable(),
}).meta({ id: 'AdminCustomer' });

export const ZAdminCustomerListInput = z.object({
  ...pageQuery,
  search: z.string().trim().min(1).max(100).optional(),
});
export const ZAdminCustomerListOutput = paginatedEnvelope(ZAdminCustomer);
export const ZAdminCustomerOutput = envelope(ZAdminCustomer);
export const ZIdInput = z.object({ id: zId() });
export const ZBlockInput = z.object({ id: zId(), blocked: z.boolean() });

export const ZSetFeatureInput = z.object({ flag: z.enum(FEATURE_FLAGS), enabled: z.boolean() });
export const ZFeaturesOutput = envelope(ZFeatures);

const agentFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(500).nullable().optional(),
  system_prompt: z.string().trim().min(1).max(10_000),
  model: z.string().trim().min(1).max(120).nullable().optional(),
  temperature: z.number().min(0).max(2).nullable().optional(),
  active: z.boolean().optional(),
};
export const ZAgentInput = z.object(agentFields);
export const ZAgentUpdateInput = z.object(agentFields).partial().extend({ id: zId() });
export type AgentInput = z.infer<typeof ZAgentInput>;

export const ZAgent = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    system_prompt: z.string(),
    model: z.string().nullable(),
    temperature: z.number().nullable(),
    active: z.boolean(),
    created_at: zDateTime(),
    updated_at: zDateTime(),
  })
  .meta({ id: 'AiAgent' });
export const ZAgentOutput = envelope(ZAgent);
export const ZAgentListOutput = envelope(z.array(ZAgent));

export const ZAdminShipInput = z.object({
  id: zId(),
  carrier: z.string().trim().min(1).max(100),
  tracking_number: z.string().trim().min(1).max(100),
  tracking_url: z.string().trim().url().max(500).nullable().optional(),
});

export const ZAdminProduct = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    slug: z.string(),
    name: z.string(),
    type: z.enum(['simple', 'configurable']),
    short_description: z.string(),
    description: z.string(),
    price: z.number(),
    special_price: z.number().nullable(),
    special_from: zDateTime().nullable(),
    special_to: zDateTime().nullable(),
    stock_quantity: z.number().int(),
    featured: z.boolean(),
    active: z.boolean(),
    images: z
      .array(ZAdminProductImage)
      .meta({ description: 'In order; the first is the main image' }),
    variants: z
      .array(ZAdminVariant)
      .meta({ description: 'A configurable product’s; [] otherwise' }),
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

export const ZAdminReviewListInput = z.object({ ...pageQuery, product_id: zId().optional() });
export const ZAdminReviewListOutput = paginatedEnvelope(ZReview);

export const ZCoupon = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string().nullable(),
    type: z.enum(['percentage', 'fixed']),
    value: z.number().meta({ description: 'Whole percentage (1–100) or an amount off' }),
    min_subtotal: z.number().nullable(),
    starts_at: zDateTime().nullable(),
    ends_at: zDateTime().nullable(),
    usage_limit: z.number().int().nullable(),
    usage_limit_per_customer: z.number().int().nullable(),
    times_used: z.number().int(),
    active: z.boolean(),
    created_at: zDateTime(),
    updated_at: zDateTime(),
  })
  .meta({ id: 'AdminCoupon' });
export const ZCouponOutput = envelope(ZCoupon);
export const ZCouponListOutput = paginatedEnvelope(ZCoupon);
export const ZCouponListInput = z.object({ ...pageQuery });

const couponFields = {
  code: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, "-" and "_" only.'),
  description: z.string().trim().max(500).nullable().optional(),
  type: z.enum(['percentage', 'fixed']),
  /** Percentage: whole number 1–100 (checked by the service); fixed: an amount, 2 decimals. */
  value: zAmount().refine((v) => v > 0, { message: 'Must be greater than 0.' }),
  min_subtotal: zAmount().nullable().optional(),
  starts_at: zDateTime().nullable().optional(),
  ends_at: zDateTime().nullable().optional(),
  usage_limit: z.number().int().min(1).max(1_000_000_000).nullable().optional(),
  usage_limit_per_customer: z.number().int().min(1).max(1_000_000_000).nullable().optional(),
  active: z.boolean().optional(),
};
export const ZCouponInput = z.object(couponFields);
export type CouponInput = z.infer<typeof ZCouponInput>;
export const ZCouponUpdateInput = z.object(couponFields).partial().extend({ id: zId() });
export type CouponUpdateInput = z.infer<typeof ZCouponUpdateInput>;

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
export const ZAdminProductUpdateInput = z.object(productFields).partial().extend({ id: zId() });
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
  image: z.string().trim().url().max(500).nullable(),
  parent_id: zId().nullable(),
  position: z.number().int().min(0).max(1_000_000),
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
