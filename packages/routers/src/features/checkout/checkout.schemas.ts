import { PAYMENT_METHOD_TYPES } from '@storefront/db/schema';
import { validateGstin } from '@storefront/pricing';
import { z } from 'zod';
import { envelope } from '../../envelope';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../idempotency';
import { bodyBoolean, zId } from '../../zod-helpers';
import { addressFields, ZAddress, ZAddressSnapshot, ZNewAddress } from '../addresses';
import { ZCart } from '../cart';
import { COD_REASONS } from '../delivery';
import { ZOrderStatus, ZPaymentStatus } from '../orders';

/** Field names a new address must have (the non-optional fields of ZNewAddress). */
const REQUIRED_ADDRESS_FIELDS = Object.entries(addressFields)
  .filter(([, schema]) => !schema.safeParse(undefined).success)
  .map(([key]) => key);

/**
 * An address step: `address_id` of a saved address, or a new address. Billing may instead say
 * `same_as_shipping: true`. At run time one object with a refinement, so every missing field is
 * reported by name; the document shows the same rule as `oneOf`, so a generated client rejects
 * `{}` before sending it (docs/api-reference.md).
 */
/**
 * The buyer's GSTIN: validated by `validateGstin` (length, state code, PAN shape, mod-36 check
 * character). Checkout takes only state codes 01–38: 97 (Other Territory) is refused here, as
 * issue 37 asks, though `validateGstin` accepts it.
 */
export const ZBuyerGstin = z
  .string()
  .max(64)
  .superRefine((value, ctx) => {
    const verdict = validateGstin(value);
    if (!verdict.ok) ctx.addIssue({ code: 'custom', message: verdict.reason });
    else if (Number(verdict.state.gstCode) > 38) {
      ctx.addIssue({
        code: 'custom',
        message: 'A buyer’s GSTIN starts with a GST state code from 01 to 38.',
      });
    }
  })
  .meta({
    description:
      'The buyer’s GSTIN, for a B2B invoice: 15 characters, state code 01–38, PAN, check character. Spaces around it and lower case are forgiven; kept upper case on `billing_address.gstin`',
    example: '27AAPFU0939F1ZV',
  });

/** The GSTIN as it is kept: trimmed and upper case (the input passed ZBuyerGstin). */
export function canonicalGstin(value: string): string {
  const verdict = validateGstin(value);
  if (!verdict.ok) throw new Error('canonicalGstin: an unvalidated GSTIN');
  return verdict.gstin;
}

function addressStep(options: { allowSameAsShipping: boolean }) {
  const partialFields = Object.fromEntries(
    Object.entries(addressFields).map(([key, schema]) => [key, schema.optional()]),
  ) as { [K in keyof typeof addressFields]: z.ZodOptional<(typeof addressFields)[K]> };
  return z
    .object({
      address_id: zId().optional(),
      ...(options.allowSameAsShipping
        ? { same_as_shipping: bodyBoolean().optional(), gstin: ZBuyerGstin.optional() }
        : {}),
      ...partialFields,
    })
    .superRefine((value, ctx) => {
      const sameAsShipping = 'same_as_shipping' in value && value.same_as_shipping === true;
      if (value.address_id !== undefined || sameAsShipping) return;
      // A new address: every required field must be there.
      const parsed = ZNewAddress.safeParse(value);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ ...issue, code: 'custom', path: issue.path });
    })
    .meta({
      override: ({ jsonSchema }) => {
        type Properties = NonNullable<typeof jsonSchema.properties>;
        const { address_id, same_as_shipping, gstin, ...fields }: Properties =
          jsonSchema.properties ?? {};
        // A GSTIN may go with each way of giving the billing address.
        const variant = (properties: Properties, required: string[]) => ({
          type: 'object' as const,
          properties: gstin ? { ...properties, gstin } : properties,
          required,
          additionalProperties: false,
        });
        jsonSchema.oneOf = [
          ...(address_id ? [variant({ address_id }, ['address_id'])] : []),
          variant(fields, REQUIRED_ADDRESS_FIELDS),
          ...(same_as_shipping
            ? [
                variant({ same_as_shipping: { type: 'boolean', const: true } }, [
                  'same_as_shipping',
                ]),
              ]
            : []),
        ];
        delete jsonSchema.type;
        delete jsonSchema.properties;
        delete jsonSchema.required;
        delete jsonSchema.additionalProperties;
      },
    });
}

export const ZShippingAddressInput = addressStep({ allowSameAsShipping: false });
export const ZBillingAddressInput = addressStep({ allowSameAsShipping: true });
export type AddressStepInput = z.infer<typeof ZBillingAddressInput>;

export const ZShippingMethod = z
  .object({ code: z.string(), name: z.string(), description: z.string(), rate: z.number() })
  .meta({ id: 'ShippingMethod' });
export const ZPaymentMethod = z
  .object({
    code: z.string(),
    name: z.string(),
    description: z.string(),
    type: z.enum(PAYMENT_METHOD_TYPES),
  })
  .meta({ id: 'PaymentMethod' });

export const ZGatewayOrder = z
  .object({
    id: z.string(),
    amount: z.number().meta({
      description:
        'The cart’s `amount_due`, in major units of `currency` like every amount of the API (45.50 is 45.50 INR); the Razorpay order holds it in minor units (4550 paise)',
    }),
    currency: z.string(),
    key_id: z.string().nullable().meta({
      description: 'The Razorpay key id to open the checkout with; null on the development gateway',
    }),
    customer_id: z.string().nullable().meta({
      description:
        'The Razorpay customer to open the checkout with, so it offers the customer’s saved cards; null for guests and on the development gateway',
    }),
  })
  .meta({
    id: 'GatewayOrder',
    description: 'Pay this with the gateway, then send payment_data to place-order',
  });

export const CHECKOUT_STEPS = ['shipping_address', 'shipping_method', 'payment_method'] as const;

export const ZCheckout = z
  .object({
    cart: ZCart,
    saved_addresses: z.array(ZAddress),
    shipping_address: ZAddressSnapshot.nullable(),
    billing_address: ZAddressSnapshot.nullable().meta({
      description: 'Defaults to the shipping address when unset',
    }),
    shipping_method: ZShippingMethod.nullable(),
    payment_method: ZPaymentMethod.nullable(),
    gateway_order: ZGatewayOrder.nullable().meta({
      description:
        'Issued when a gateway method (card, wallet) is chosen; void once the cart changes',
    }),
    missing_steps: z.array(z.enum(CHECKOUT_STEPS)),
    ready_to_place: z.boolean(),
  })
  .meta({ id: 'Checkout' });
export type CheckoutDto = z.infer<typeof ZCheckout>;

export const ZCheckoutOutput = envelope(ZCheckout);
export const ZOfferedShippingMethod = ZShippingMethod.extend({
  estimated_delivery: z.object({ min_date: z.iso.date(), max_date: z.iso.date() }).nullable().meta({
    description:
      'When the parcel arrives (YYYY-MM-DD, shop’s time zone) at the shipping address; null before one is set',
  }),
}).meta({ id: 'OfferedShippingMethod' });
export const ZShippingMethodsOutput = envelope(z.array(ZOfferedShippingMethod));
export const ZOfferedPaymentMethod = ZPaymentMethod.extend({
  available: z.boolean().meta({ description: 'false: choosing it answers 422 COD_NOT_AVAILABLE' }),
  reason: z
    .enum(COD_REASONS)
    .nullable()
    .meta({ description: 'Why cash on delivery is not available; null when it is' }),
}).meta({ id: 'OfferedPaymentMethod' });
export const ZPaymentMethodsOutput = envelope(z.array(ZOfferedPaymentMethod));

export const ZChooseShippingMethodInput = z.object({
  shipping_method: z.string().trim().min(1).max(64),
});
export const ZChoosePaymentMethodInput = z.object({
  payment_method: z.string().trim().min(1).max(64),
});

export const ZPlaceOrderInput = z.object({
  notes: z.string().trim().max(1000).optional(),
  payment_data: z
    .object({
      gateway_payment_id: z.string().trim().min(1).max(255),
      gateway_order_id: z.string().trim().min(1).max(255),
      gateway_signature: z.string().trim().min(1).max(255),
    })
    .optional()
    .meta({ description: 'Required for gateway methods (card, wallet)' }),
});
export type PlaceOrderInput = z.infer<typeof ZPlaceOrderInput>;

export const ZPlaceOrderResult = z
  .object({
    order_id: z.number().int(),
    order_number: z.string(),
    total: z.number(),
    status: ZOrderStatus,
    payment_status: ZPaymentStatus,
  })
  .meta({ id: 'PlaceOrderResult' });
export type PlaceOrderResult = z.infer<typeof ZPlaceOrderResult>;
export const ZPlaceOrderOutput = envelope(ZPlaceOrderResult);

/** Keys are client-chosen (usually a UUID); longer ones are refused (422), not stored. */

export const ZIdempotencyHeader = z.object({
  'Idempotency-Key': z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH).optional().meta({
    description:
      'Any client string up to 255 characters: the same key within 24 hours answers the first response again',
  }),
});

/** GET /checkout/payment-status (docs/payments.md): what became of a gateway order's payment. */
export const ZPaymentStatusInput = z.object({
  gateway_order_id: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, 'A gateway order id, as POST /checkout/payment-method gave it.')
    .meta({ description: 'The `gateway_order.id` the checkout was paid against' }),
});

export const ZCheckoutPaymentStatus = z
  .object({
    status: z.enum(['awaiting_payment', 'placed', 'failed', 'refunded']).meta({
      description:
        '`awaiting_payment`: no payment known yet (keep polling); `placed`: the order exists; `failed`: the last payment attempt failed (the customer may pay again); `refunded`: the payment could not become an order and was refunded in full',
    }),
    order_id: z.number().int().nullable(),
    order_number: z.string().nullable(),
  })
  .meta({ id: 'CheckoutPaymentStatus' });
export const ZCheckoutPaymentStatusOutput = envelope(ZCheckoutPaymentStatus);
