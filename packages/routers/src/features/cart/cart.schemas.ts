import { z } from 'zod';
import { giftCardAmountFields } from '../../credit-fields';
import { envelope } from '../../envelope';
import { lineTaxFields } from '../../tax-lines';
import { zId } from '../../zod-helpers';

export const ZCartItem = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    variant_id: z.number().int().nullable(),
    product_name: z.string(),
    variant_name: z.string().nullable(),
    sku: z.string(),
    product_image: z.string().nullable(),
    price: z
      .number()
      .meta({ description: 'Unit price now (the catalogue price until the order is placed)' }),
    quantity: z.number().int(),
    total: z.number(),
    available: z.boolean().meta({
      description:
        'False when the product was deactivated: the line is kept, flagged and left out of the totals',
    }),
    stock_quantity: z.number().int(),
    ...lineTaxFields,
  })
  .meta({ id: 'CartItem' });

export const ZCart = z
  .object({
    id: z.number().int(),
    items: z.array(ZCartItem),
    subtotal: z.number(),
    discount: z.number(),
    shipping: z.number(),
    tax: z.number(),
    cod_fee: z.number().meta({
      description:
        'The cash-on-delivery fee, charged when the payment method is `cod` (0 otherwise); less the tax it contains when prices include tax, as shipping is',
    }),
    total: z.number().meta({ description: 'subtotal − discount + shipping + tax + cod_fee' }),
    coupon_code: z.string().nullable(),
    item_count: z.number().int().meta({ description: 'Sum of quantities' }),
    currency: z.string(),
    warnings: z.array(z.string()).meta({
      description:
        'Why something in the cart does not count right now (unavailable line, coupon no longer valid)',
    }),
    ...giftCardAmountFields,
  })
  .meta({ id: 'Cart' });
export type CartDto = z.infer<typeof ZCart>;
/** The cart as its own pricing computes it; gift cards and points are added after (their slice). */
export type CartTotalsDto = Omit<CartDto, keyof typeof giftCardAmountFields>;

export const ZCartOutput = envelope(ZCart);
export const ZCartCountOutput = envelope(
  z.object({ count: z.number().int() }).meta({ id: 'CartCount' }),
);

export const ZAddToCartInput = z.object({
  product_id: zId(),
  quantity: z.number().int().min(1).max(999).default(1),
  variant_id: zId().nullable().optional(),
});
export type AddToCartInput = z.infer<typeof ZAddToCartInput>;

export const ZUpdateCartItemInput = z.object({
  id: zId(),
  quantity: z.number().int().min(1).max(999),
});

export const ZCartItemId = z.object({ id: zId() });

export const ZApplyCouponInput = z.object({ coupon_code: z.string().trim().min(1).max(64) });
