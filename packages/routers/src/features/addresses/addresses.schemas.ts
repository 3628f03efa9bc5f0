import { ADDRESS_TYPES } from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, ZNullEnvelope } from '../../envelope';
import { bodyBoolean, zId } from '../../zod-helpers';
import { isCountryCode } from './countries';

const text = (max: number) => z.string().trim().min(1).max(max);

export const ZCountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { message: 'Must be an ISO 3166-1 alpha-2 country code, like GB or US.' })
  .meta({ description: 'ISO 3166-1 alpha-2 country code', example: 'GB' });

/** The address fields shared by saved addresses and checkout's new-address steps. */
export const addressFields = {
  first_name: text(100),
  last_name: text(100),
  email: z.email().trim().max(255).optional(),
  phone: z
    .string()
    .trim()
    .min(3)
    .max(32)
    .regex(/^\+?[0-9 ()-]+$/, { message: 'Must be a phone number.' }),
  address_line_1: text(255),
  address_line_2: z.string().trim().max(255).nullable().optional(),
  city: text(100),
  state: z.string().trim().max(100).nullable().optional(),
  postcode: text(20),
  country: ZCountryCode,
};

export const ZNewAddress = z.object(addressFields);
export type NewAddressInput = z.infer<typeof ZNewAddress>;

const defaultFlags = {
  type: z.enum(ADDRESS_TYPES).optional(),
  is_default_shipping: bodyBoolean().optional(),
  is_default_billing: bodyBoolean().optional(),
};

export const ZCreateAddressInput = z.object({ ...addressFields, ...defaultFlags });
export type CreateAddressInput = z.infer<typeof ZCreateAddressInput>;

export const ZUpdateAddressInput = ZCreateAddressInput.partial().extend({ id: zId() });
export type UpdateAddressInput = z.infer<typeof ZUpdateAddressInput>;

export const ZAddressId = z.object({ id: zId() });

export const ZAddress = z
  .object({
    id: z.number().int(),
    type: z.enum(ADDRESS_TYPES),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string().nullable(),
    phone: z.string(),
    address_line_1: z.string(),
    address_line_2: z.string().nullable(),
    city: z.string(),
    state: z.string().nullable(),
    postcode: z.string(),
    country: z.string(),
    country_name: z.string(),
    is_default_shipping: z.boolean(),
    is_default_billing: z.boolean(),
  })
  .meta({ id: 'Address' });
export type AddressDto = z.infer<typeof ZAddress>;

/** An address as an order keeps it: a copy, so later edits of the book do not change orders. */
export const ZAddressSnapshot = ZAddress.omit({
  id: true,
  type: true,
  is_default_billing: true,
  is_default_shipping: true,
})
  .extend({
    gstin: z.string().optional().meta({
      description:
        'The buyer’s GSTIN (Indian GST registration), upper case; billing addresses only, and absent when none was given',
      example: '27AAPFU0939F1ZV',
    }),
  })
  .meta({
    id: 'OrderAddress',
  });

export const ZAddressOutput = envelope(ZAddress);
export const ZAddressListOutput = envelope(z.array(ZAddress));
export { ZNullEnvelope };
