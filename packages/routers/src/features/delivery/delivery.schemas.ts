import { z } from 'zod';
import { envelope } from '../../envelope';
import { zId } from '../../zod-helpers';

/* GET /serviceability (docs/delivery.md): whether, when and how the shop delivers to a postcode. */

export const ZServiceabilityInput = z.object({
  postcode: z.string().trim().min(1).max(16).meta({ description: 'The delivery postcode' }),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'An ISO 3166-1 alpha-2 code, such as IN.')
    .optional()
    .meta({ description: 'ISO 3166-1 alpha-2; default: the shop’s country' }),
  product_id: zId().optional().meta({ description: 'The product the promise is for' }),
  variant_id: zId().optional().meta({ description: 'Or one variant of it' }),
});
export type ServiceabilityInput = z.infer<typeof ZServiceabilityInput>;

export const ZDeliveryWindow = z
  .object({
    min_date: z.iso.date().meta({ description: 'Earliest arrival, YYYY-MM-DD, shop’s time zone' }),
    max_date: z.iso.date().meta({ description: 'Latest arrival, YYYY-MM-DD' }),
  })
  .meta({ id: 'DeliveryWindow' });

export const ZServiceabilityShippingMethod = z
  .object({
    code: z.string(),
    name: z.string(),
    price: z.number(),
    cod: z.boolean().meta({ description: 'Cash on delivery possible with this method' }),
    estimated_days: z.object({ min: z.number().int(), max: z.number().int() }).nullable().meta({
      description:
        'Calendar days from today to the window’s first and last date; null when unknown',
    }),
  })
  .meta({ id: 'ServiceabilityShippingMethod' });

export const SERVICEABILITY_REASONS = [
  'not_serviceable',
  'unknown',
  'disabled',
  'postcode',
] as const;

export const ZServiceability = z
  .object({
    postcode: z.string(),
    deliverable: z
      .boolean()
      .nullable()
      .meta({ description: 'null: the courier could not say in time (unknown)' }),
    cod_available: z.boolean(),
    estimated_delivery: ZDeliveryWindow.nullable(),
    shipping_methods: z.array(ZServiceabilityShippingMethod),
    reason: z.enum(SERVICEABILITY_REASONS).nullable().meta({
      description:
        'null when deliverable with COD; not_serviceable, unknown, or why COD is off (disabled, postcode)',
    }),
  })
  .meta({ id: 'Serviceability' });
export const ZServiceabilityOutput = envelope(ZServiceability);
export type ServiceabilityDto = z.infer<typeof ZServiceability>;
