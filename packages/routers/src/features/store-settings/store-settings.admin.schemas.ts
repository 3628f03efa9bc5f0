import { z } from 'zod';
import { envelope } from '../../envelope';
import { zAmount, zDateTime, zPosition } from '../../zod-helpers';
import { ZCurrency } from './store-settings.schemas';

/*
 * Back-office DTOs of what the store sells in and charges: currencies and shipping methods. Updates take the fields of create, all optional.
 */

// Currencies

export const ZAdminCurrency = ZCurrency.extend({ position: z.number().int() }).meta({
  id: 'AdminCurrency',
});
export const ZAdminCurrencyOutput = envelope(ZAdminCurrency);
export const ZAdminCurrencyListOutput = envelope(z.array(ZAdminCurrency));

const zCurrencyCode = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'Three upper-case letters (ISO 4217).');
const currencyFields = {
  name: z.string().trim().min(1).max(100),
  symbol: z.string().trim().min(1).max(10),
  exchange_rate: z
    .number()
    .positive()
    .max(1_000_000_000)
    .meta({ description: 'Units of this currency per unit of the default currency' }),
  decimal_places: z.number().int().min(0).max(4),
  position: zPosition(),
};
export const ZCurrencyInput = z.object({
  code: zCurrencyCode(),
  name: currencyFields.name,
  symbol: currencyFields.symbol,
  exchange_rate: currencyFields.exchange_rate,
  decimal_places: currencyFields.decimal_places.default(2),
  position: currencyFields.position.optional(),
});
export type CurrencyInput = z.infer<typeof ZCurrencyInput>;
export const ZCurrencyUpdateInput = z
  .object(currencyFields)
  .partial()
  .extend({ code: zCurrencyCode() });
export type CurrencyUpdateInput = Omit<z.infer<typeof ZCurrencyUpdateInput>, 'code'>;
export const ZCurrencyCodeInput = z.object({ code: zCurrencyCode() });

// Shipping methods

export const ZAdminShippingMethod = z
  .object({
    code: z.string(),
    name: z.string(),
    description: z.string(),
    rate: z.number(),
    min_subtotal: z
      .number()
      .nullable()
      .meta({ description: 'Offered only from this subtotal (after discount)' }),
    active: z.boolean(),
    position: z.number().int(),
    updated_at: zDateTime(),
  })
  .meta({ id: 'AdminShippingMethod' });
export const ZAdminShippingMethodOutput = envelope(ZAdminShippingMethod);
export const ZAdminShippingMethodListOutput = envelope(z.array(ZAdminShippingMethod));

const zShippingCode = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9_-]+$/, 'Lower-case letters, digits, "-" and "_" only.');
const shippingFields = {
  name: z.string().trim().min(1).max(120),
  description: z.string().trim().max(500),
  rate: zAmount(),
  min_subtotal: zAmount().nullable(),
  active: z.boolean(),
  position: zPosition(),
};
export const ZShippingMethodInput = z.object({
  code: zShippingCode(),
  name: shippingFields.name,
  rate: shippingFields.rate,
  description: shippingFields.description.optional(),
  min_subtotal: shippingFields.min_subtotal.optional(),
  active: shippingFields.active.optional(),
  position: shippingFields.position.optional(),
});
export type ShippingMethodInput = z.infer<typeof ZShippingMethodInput>;
export const ZShippingMethodUpdateInput = z
  .object(shippingFields)
  .partial()
  .extend({ code: zShippingCode() });
export const ZShippingCodeInput = z.object({ code: zShippingCode() });
