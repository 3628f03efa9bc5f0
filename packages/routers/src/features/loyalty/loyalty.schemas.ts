import { LOYALTY_REASONS } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, ZPageMeta } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zDateTime, zId } from '../../zod-helpers';

/**
 * The most points one adjustment may move and a balance may reach by adjustments and earnings
 * (docs/contract.md): well inside the ledger's int column, and far above any real balance.
 */
export const MAX_LOYALTY_POINTS = 1_000_000_000;

export const ZLoyaltyHistoryInput = z.object({ ...pageQuery });
export type LoyaltyHistoryInput = z.infer<typeof ZLoyaltyHistoryInput>;

export const ZLoyaltyEntry = z
  .object({
    points: z.number().int(),
    reason: z.enum(LOYALTY_REASONS),
    order_id: z.number().int().nullable(),
    created_at: zDateTime(),
    expires_at: zDateTime().nullable(),
  })
  .meta({ id: 'LoyaltyEntry' });

export const ZLoyalty = z
  .object({
    balance: z.number().int(),
    value: z.number().meta({ description: 'What the balance is worth' }),
    currency: z.string(),
    point_value: z.number(),
    min_redeem: z.number().int(),
    history: z.array(ZLoyaltyEntry),
  })
  .meta({ id: 'Loyalty' });

/** The account with its history page, paginated like orders (`meta`). */
export const ZLoyaltyOutput = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: ZLoyalty,
  meta: ZPageMeta,
});

export const ZApplyLoyaltyInput = z.object({
  points: z.number().int().min(1).max(MAX_LOYALTY_POINTS),
});

export const ZLoyaltySettings = z
  .object({
    points_per_unit: z.number().int().min(0).max(1_000_000),
    point_value: z.number().min(0).max(1_000).multipleOf(0.000001),
    min_redeem: z.number().int().min(1).max(1_000_000_000),
    max_redeem_share: z.number().min(0).max(1),
    points_expire_days: z.number().int().min(1).max(36_500),
  })
  .meta({ id: 'LoyaltySettings' });
export type LoyaltySettingsDto = z.infer<typeof ZLoyaltySettings>;
export const ZLoyaltySettingsOutput = envelope(ZLoyaltySettings);

export const ZLoyaltyAdjustInput = z.object({
  customer_id: zId(),
  points: z
    .number()
    .int()
    .min(-MAX_LOYALTY_POINTS)
    .max(MAX_LOYALTY_POINTS)
    .refine((v) => v !== 0, { message: 'Must not be 0.' }),
  reason: z.string().trim().min(1).max(500),
});
export type LoyaltyAdjustInput = z.infer<typeof ZLoyaltyAdjustInput>;
export const ZLoyaltyCustomerInput = z.object({ customer_id: zId(), ...pageQuery });
