import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals, type PricingPurchasable, priceItems } from './pricing';

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
      tax: { rateBasisPoints: 2000 },
    });
    expect(priced.lines.map((line) => line.lineTotalCents)).toEqual([3750, 2999]);
    expect(priced.totals).toEqual({
      subtotalCents: 6749,
      discountCents: 675,
      shippingCents: 500,
      taxCents: 1215,
      codFeeCents: 0,
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
      tax: { rateBasisPoints: 0 },
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

describe('priceItems with tax rules (issue 37)', () => {
  const lineOf = (productId: number, unitPriceCents: number, taxCategory: string | null) =>
    product({ productId, unitPriceCents, taxCategory });
  const rules = [
    {
      country: 'IN',
      region: 'KA',
      taxCategory: '*',
      components: [
        { name: 'CGST', rateBasisPoints: 900 },
        { name: 'SGST', rateBasisPoints: 900 },
      ],
    },
    {
      country: 'IN',
      region: '*',
      taxCategory: '*',
      components: [{ name: 'IGST', rateBasisPoints: 1800 }],
    },
  ];

  it('the same carts cost the same through a `*` rule as through today’s one rate', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.integer({ min: 0, max: 200_000 }),
            qty: fc.integer({ min: 1, max: 9 }),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 5000 }),
        (lines, rateBasisPoints, shippingCents) => {
          const input = {
            items: lines.map((_, i) => ({
              productId: i + 1,
              variantId: null,
              quantity: lines[i]?.qty ?? 1,
            })),
            purchasables: lines.map((line, i) => lineOf(i + 1, line.price, null)),
            currency: 'USD',
            now,
            shippingMethod: { rateCents: shippingCents, minSubtotalCents: null },
          };
          const priced = priceItems({ ...input, tax: { rateBasisPoints } });
          const subtotalCents = lines.reduce((total, line) => total + line.price * line.qty, 0);
          expect(priced.totals).toEqual(
            computeTotals({
              subtotalCents,
              discountCents: 0,
              shippingCents,
              taxRateBasisPoints: rateBasisPoints,
            }),
          );
          const taxed = priceItems({
            ...input,
            tax: {
              rules: [
                {
                  country: '*',
                  region: '*',
                  taxCategory: '*',
                  components: [{ name: 'VAT', rateBasisPoints }],
                },
              ],
              pricesIncludeTax: false,
              shippingTaxable: false,
              address: { country: 'GB', region: null },
            },
          });
          expect(taxed.totals).toEqual(priced.totals);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('CGST + SGST in the shop’s state, IGST elsewhere; no state where rules need one is a problem, not tax', () => {
    const input = {
      items: [
        { productId: 1, variantId: null, quantity: 2 },
        { productId: 2, variantId: null, quantity: 1 },
      ],
      purchasables: [lineOf(1, 50_000, null), lineOf(2, 99_900, null)],
      currency: 'INR',
      now,
      shippingMethod: null,
    };
    const tax = (region: string | null) => ({
      rules,
      pricesIncludeTax: false,
      shippingTaxable: false,
      address: { country: 'IN', region },
    });
    const intra = priceItems({ ...input, tax: tax('KA') });
    expect(intra.taxLinesByName.map((line) => [line.name, line.amountCents])).toEqual([
      ['CGST', 17_991],
      ['SGST', 17_991],
    ]);
    expect(intra.taxedLines.map((line) => line.taxCents)).toEqual([18_000, 17_982]);
    const inter = priceItems({ ...input, tax: tax('MH') });
    expect(inter.taxLinesByName.map((line) => [line.name, line.amountCents])).toEqual([
      ['IGST', 35_982],
    ]);
    const missing = priceItems({ ...input, tax: tax(null) });
    expect(missing.taxProblem?.problem.code).toBe('REGION_REQUIRED');
    expect(missing.totals.taxCents).toBe(0);
    expect(missing.warnings).toEqual([
      'Tax depends on the state or region: add it to the shipping address.',
    ]);
  });

  it('an unavailable line takes no discount and no tax', () => {
    const priced = priceItems({
      items: [
        { productId: 1, variantId: null, quantity: 1 },
        { productId: 2, variantId: null, quantity: 1 },
      ],
      purchasables: [lineOf(1, 1000, null), { ...lineOf(2, 500, null), active: false }],
      currency: 'USD',
      now,
      shippingMethod: null,
      tax: { rateBasisPoints: 1000 },
    });
    expect(priced.taxedLines.map((line) => [line.taxableValueCents, line.taxCents])).toEqual([
      [1000, 100],
      [0, 0],
    ]);
  });
});
