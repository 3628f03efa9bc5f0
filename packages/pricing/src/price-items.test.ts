import { describe, expect, it } from 'vitest';
import { type PricingPurchasable, priceItems } from './pricing';

const now = new Date('2026-11-22T12:00:00Z');
const product = (overrides: Partial<PricingPurchasable> = {}): PricingPurchasable => ({
  productId: 1,
  variantId: null,
  name: 'Mug',
  type: 'simple',
  active: true,
  unitPriceCents: 1250,
  ...overrides,
});

describe('priceItems (the server cart and the SDK offline cart alike)', () => {
  it('prices lines, applies a coupon, shipping and tax on subtotal − discount', () => {
    const priced = priceItems({
      items: [
        { productId: 1, variantId: null, quantity: 3 },
        { productId: 2, variantId: 7, quantity: 1 },
      ],
      purchasables: [
        product(),
        product({ productId: 2, variantId: 7, type: 'configurable', unitPriceCents: 2999 }),
      ],
      currency: 'USD',
      now,
      couponCode: 'SAVE',
      coupon: {
        code: 'SAVE',
        type: 'percentage',
        value: 10,
        minSubtotalCents: null,
        startsAt: null,
        endsAt: null,
        usageLimit: null,
        usageLimitPerCustomer: null,
        timesUsed: 0,
        active: true,
      },
      shippingMethod: { rateCents: 500, minSubtotalCents: null },
      taxRateBasisPoints: 2000,
    });
    expect(priced.lines.map((line) => line.lineTotalCents)).toEqual([3750, 2999]);
    expect(priced.totals).toEqual({
      subtotalCents: 6749,
      discountCents: 675,
      shippingCents: 500,
      taxCents: 1215,
      totalCents: 6749 - 675 + 500 + 1215,
    });
    expect(priced).toMatchObject({ couponValid: true, shippingOffered: true, warnings: [] });
  });

  it('an unavailable line, a vanished coupon and a method below its minimum are warnings', () => {
    const priced = priceItems({
      items: [
        { productId: 1, variantId: null, quantity: 1 },
        { productId: 3, variantId: null, quantity: 1 },
      ],
      purchasables: [product(), product({ productId: 3, name: 'Old mug', active: false })],
      currency: 'USD',
      now,
      couponCode: 'GONE',
      coupon: undefined,
      shippingMethod: { rateCents: 0, minSubtotalCents: 5000 },
      taxRateBasisPoints: 0,
    });
    expect(priced.lines.map((line) => line.available)).toEqual([true, false]);
    expect(priced.totals.totalCents).toBe(1250);
    expect(priced.warnings).toEqual([
      'Old mug is no longer available.',
      'Coupon GONE no longer exists.',
      'The chosen shipping method is no longer available; choose another.',
    ]);
  });
});
