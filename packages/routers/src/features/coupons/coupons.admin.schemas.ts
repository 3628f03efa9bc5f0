import { COUPON_TYPES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zAmount, zDateTime, zId } from '../../zod-helpers';

export const ZCoupon = z
  .object({
    id: z.number().int(),
    code: z.string(),
    description: z.string().nullable(),
    type: z.enum(COUPON_TYPES),
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
  type: z.enum(COUPON_TYPES),
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
