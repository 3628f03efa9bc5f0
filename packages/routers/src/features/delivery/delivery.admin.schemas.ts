import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zAmount, zDateTime, zId } from '../../zod-helpers';

/* Back-office DTOs of delivery (docs/delivery.md): rules, their CSV import, the settings. */

/** 5 MB of UTF-16 is at most 5 M characters; the /trpc body limit is raised to match (app.ts). */
export const MAX_RULES_CSV_CHARS = 5_000_000;

export const ZDeliveryRule = z
  .object({
    id: z.number().int(),
    postcode: z.string().meta({ description: 'A code, or a prefix ending in `*`' }),
    zone: z.string(),
    deliverable: z.boolean(),
    cod: z.boolean(),
    min_days: z.number().int(),
    max_days: z.number().int(),
    updated_at: zDateTime(),
  })
  .meta({ id: 'AdminDeliveryRule' });
export const ZDeliveryRuleListOutput = paginatedEnvelope(ZDeliveryRule);
export const ZDeliveryRuleListInput = z.object({
  q: z.string().trim().max(64).optional(),
  page: pageQuery.page,
  per_page: pageQuery.per_page,
});
export type DeliveryRuleListInput = z.infer<typeof ZDeliveryRuleListInput>;

export const ZImportRulesInput = z.object({
  csv: z.string().min(1).max(MAX_RULES_CSV_CHARS),
});
export const ZImportRulesOutput = envelope(
  z
    .object({
      imported: z.number().int(),
      rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    })
    .meta({ id: 'AdminDeliveryRulesImport' }),
);

export const ZDeleteRulesInput = z.object({ ids: z.array(zId()).min(1).max(1_000) });
export const ZDeleteRulesOutput = envelope(z.object({ deleted: z.number().int() }));

// Settings

const zCalendarDate = () =>
  z.iso.date().meta({ description: 'A calendar date, YYYY-MM-DD, in the shop’s time zone' });
const zDays = (max: number) => z.number().int().min(0).max(max);

export const ZDeliverySettings = z
  .object({
    dispatch_days: z.number().int(),
    cutoff_hour: z.number().int(),
    holidays: z.array(z.string()),
    default_deliverable: z.boolean(),
    default_cod: z.boolean(),
    default_min_days: z.number().int(),
    default_max_days: z.number().int(),
    cod_enabled: z.boolean(),
    cod_min_order: z.number().nullable(),
    cod_max_order: z.number().nullable(),
    cod_fee: z.number(),
    cod_requires_verified_phone: z.boolean(),
    cod_max_open_orders: z.number().int(),
    payment_link_expiry_hours: z.number().int().meta({
      description: 'How long a COD order’s payment link stays payable (pay-online)',
    }),
    time_zone: z.string().meta({ description: 'STORE_TIMEZONE: the calendar of every date' }),
  })
  .meta({ id: 'AdminDeliverySettings' });
export const ZDeliverySettingsOutput = envelope(ZDeliverySettings);

export const ZDeliverySettingsUpdateInput = z.object({
  dispatch_days: zDays(60).optional(),
  cutoff_hour: z.number().int().min(0).max(24).optional(),
  holidays: z.array(zCalendarDate()).max(366).optional(),
  default_deliverable: z.boolean().optional(),
  default_cod: z.boolean().optional(),
  default_min_days: zDays(90).optional(),
  default_max_days: zDays(90).optional(),
  cod_enabled: z.boolean().optional(),
  cod_min_order: zAmount().nullable().optional(),
  cod_max_order: zAmount().nullable().optional(),
  cod_fee: zAmount().optional(),
  cod_requires_verified_phone: z.boolean().optional(),
  cod_max_open_orders: zDays(1_000).optional(),
  payment_link_expiry_hours: z.number().int().min(1).max(720).optional(),
});
export type DeliverySettingsUpdateInput = z.infer<typeof ZDeliverySettingsUpdateInput>;
