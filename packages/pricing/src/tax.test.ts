import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeTotals } from './pricing';
import { type LinesWithTax, type LinesWithTaxInput, priceLinesWithTax } from './tax';
import type { TaxRule } from './tax-rules';

const rule = (
  country: string,
  region: string,
  taxCategory: string,
  ...components: [string, number][]
): TaxRule => ({
  country,
  region,
  taxCategory,
  components: components.map(([name, rateBasisPoints]) => ({ name, rateBasisPoints })),
});
const indiaRules = [
  rule('IN', 'KA', '*', ['CGST', 900], ['SGST', 900]),
  rule('IN', '*', '*', ['IGST', 1800]),
  rule('IN', 'KA', 'books', ['CGST', 250], ['SGST', 250]),
  rule('IN', '*', 'books', ['IGST', 500]),
  rule('IN', '*', 'exempt'),
  rule('*', '*', '*', ['VAT', 2000]),
];

const base = (overrides: Partial<LinesWithTaxInput>): LinesWithTaxInput => ({
  lines: [],
  discountCents: 0,
  shippingCents: 0,
  shippingTaxable: false,
  address: { country: 'IN', region: 'KA' },
  rules: indiaRules,
  pricesIncludeTax: false,
  ...overrides,
});
const priced = (input: LinesWithTaxInput): LinesWithTax => {
  const result = priceLinesWithTax(input);
  if (!result.ok) throw new Error(`unexpected ${JSON.stringify(result)}`);
  return result.priced;
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('priceLinesWithTax: worked examples', () => {
  it('spreads the coupon by gross and the once-rounded tax by taxable value (today’s cart)', () => {
    const order = priced(
      base({
        lines: [
          { key: 'mug', grossCents: 3750, taxCategory: '*' },
          { key: 'tee', grossCents: 2999, taxCategory: '*' },
        ],
        discountCents: 675,
        shippingCents: 500,
        address: { country: 'US', region: null },
        rules: [rule('*', '*', '*', ['Sales tax', 2000])],
      }),
    );
    expect(order.lines.map((l) => [l.discountCents, l.taxableValueCents, l.taxCents])).toEqual([
      [375, 3375, 675],
      [300, 2699, 540],
    ]);
    expect(order.totals).toEqual({
      subtotalCents: 6749,
      discountCents: 675,
      shippingCents: 500,
      taxCents: 1215,
      codFeeCents: 0,
      totalCents: 7789,
    });
    expect(order.shipping).toBeNull();
  });

  it('India, prices excluding tax: CGST + SGST within Karnataka, IGST across states', () => {
    const lines = [
      { key: 'pen', grossCents: 10_000, taxCategory: 'stationery' },
      { key: 'book', grossCents: 20_000, taxCategory: 'books' },
    ];
    const intra = priced(base({ lines }));
    expect(intra.lines.map((l) => l.taxLines)).toEqual([
      [
        { name: 'CGST', rateBasisPoints: 900, amountCents: 900 },
        { name: 'SGST', rateBasisPoints: 900, amountCents: 900 },
      ],
      [
        { name: 'CGST', rateBasisPoints: 250, amountCents: 500 },
        { name: 'SGST', rateBasisPoints: 250, amountCents: 500 },
      ],
    ]);
    const inter = priced(base({ lines, address: { country: 'IN', region: 'IN-MH' } }));
    expect(inter.taxLinesByName).toEqual([
      { name: 'IGST', rateBasisPoints: 1800, amountCents: 1800, taxableValueCents: 10_000 },
      { name: 'IGST', rateBasisPoints: 500, amountCents: 1000, taxableValueCents: 20_000 },
    ]);
    expect(inter.totals.totalCents).toBe(32_800);
  });

  it('India, MRP including tax: the tax is carved out and the total is what the shelf said', () => {
    const lines = [
      { key: 'a', grossCents: 999, taxCategory: '*' },
      { key: 'b', grossCents: 1001, taxCategory: '*' },
    ];
    const intra = priced(base({ lines, pricesIncludeTax: true }));
    // 2000 × 1800 / 11800 = 305.08 → 305, split 153 CGST + 152 SGST for the order.
    expect(intra.lines.map((l) => l.taxLines.map((t) => t.amountCents))).toEqual([
      [76, 76],
      [77, 76],
    ]);
    expect(intra.lines.map((l) => [l.taxableValueCents, l.totalCents])).toEqual([
      [847, 999],
      [848, 1001],
    ]);
    expect(intra.taxLinesByName.map((t) => [t.name, t.amountCents])).toEqual([
      ['CGST', 153],
      ['SGST', 152],
    ]);
    expect(intra.totals).toEqual({
      subtotalCents: 1695,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 305,
      codFeeCents: 0,
      totalCents: 2000,
    });
    // Three lines of odd tax (153, 153, 152): split line by line CGST would get 230 and SGST 228;
    // the order's 458 splits 229 + 229 and the lines' cells are fitted to both.
    const three = priced(
      base({
        lines: ['x', 'y', 'z'].map((key) => ({ key, grossCents: 1001, taxCategory: '*' })),
        pricesIncludeTax: true,
      }),
    );
    expect(three.taxLinesByName.map((t) => t.amountCents)).toEqual([229, 229]);
    expect(three.lines.map((l) => l.taxCents)).toEqual([153, 153, 152]);
    const abroad = priced(
      base({ lines, pricesIncludeTax: true, address: { country: 'FR', region: null } }),
    );
    expect(abroad.totals.totalCents).toBe(2000);
    expect(abroad.totals.taxCents).toBe(333); // 2000 × 2000 / 12000
  });

  it('taxes shipping with the lines, rounding once for the order', () => {
    const order = priced(
      base({
        lines: [{ key: 'a', grossCents: 1003, taxCategory: '*' }],
        shippingCents: 503,
        shippingTaxable: true,
        address: { country: 'DE', region: 'BE' },
      }),
    );
    // (1003 + 503) × 20 % = 301.2 → 301; alone they would round to 201 + 101 = 302.
    // Allocated: 200.46 and 100.53, the cent to the larger remainder.
    expect(order.totals.taxCents).toBe(301);
    expect(order.shipping).toEqual({
      chargedCents: 503,
      taxableValueCents: 503,
      taxLines: [{ name: 'VAT', rateBasisPoints: 2000, amountCents: 101 }],
      taxCents: 101,
      totalCents: 604,
    });
  });

  it('an exempt category gets no tax lines', () => {
    const milk = { key: 'milk', grossCents: 500, taxCategory: 'exempt' };
    const order = priced(base({ lines: [milk], address: { country: 'IN', region: 'MH' } }));
    expect(order.lines[0]).toMatchObject({ taxLines: [], taxCents: 0, totalCents: 500 });
    // Region outranks category: within Karnataka (IN, KA, *) applies unless (IN, KA, exempt) exists.
    expect(priced(base({ lines: [milk] })).lines[0]?.taxCents).toBe(90);
  });

  it('names the line with no rule, asks for the state when India’s rules need it', () => {
    const lines = [{ key: 'pen', grossCents: 100, taxCategory: '*' }];
    expect(priceLinesWithTax(base({ lines, address: { country: 'IN', region: null } }))).toEqual({
      ok: false,
      problem: { code: 'REGION_REQUIRED', country: 'IN' },
      lineKey: 'pen',
    });
    const noDefault = indiaRules.slice(0, 5);
    expect(
      priceLinesWithTax(
        base({ lines, rules: noDefault, address: { country: 'FR', region: null } }),
      ),
    ).toEqual({
      ok: false,
      problem: { code: 'NO_TAX_RULE', country: 'FR', region: null, taxCategory: '*' },
      lineKey: 'pen',
    });
    expect(
      priceLinesWithTax(
        base({
          lines: [],
          shippingCents: 100,
          shippingTaxable: true,
          rules: noDefault,
          address: { country: 'FR', region: null },
        }),
      ),
    ).toMatchObject({ ok: false, lineKey: null });
  });

  it('refuses amounts that are not non-negative integers, and a discount above the gross', () => {
    const line = { key: 'a', grossCents: 100, taxCategory: '*' };
    expect(() => priceLinesWithTax(base({ lines: [line], discountCents: 101 }))).toThrow(
      RangeError,
    );
    expect(() => priceLinesWithTax(base({ lines: [{ ...line, grossCents: -1 }] }))).toThrow(
      RangeError,
    );
    expect(() => priceLinesWithTax(base({ lines: [line], shippingCents: 1.5 }))).toThrow(
      RangeError,
    );
  });
});

const cart = fc
  .array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 8 })
  .chain((grosses) =>
    fc.record({
      grosses: fc.constant(grosses),
      discountCents: fc.integer({ min: 0, max: sum(grosses) }),
      shippingCents: fc.integer({ min: 0, max: 5_000 }),
    }),
  );

describe('priceLinesWithTax: properties over random carts', () => {
  it('with one `*` rule and prices excluding tax, the totals are exactly computeTotals', () => {
    fc.assert(
      fc.property(cart, fc.integer({ min: 0, max: 3000 }), (c, rate) => {
        const order = priced(
          base({
            lines: c.grosses.map((grossCents, i) => ({
              key: `l${i}`,
              grossCents,
              taxCategory: '*',
            })),
            discountCents: c.discountCents,
            shippingCents: c.shippingCents,
            address: { country: 'US', region: 'NY' },
            rules: [rule('*', '*', '*', ['Tax', rate])],
          }),
        );
        expect(order.totals).toEqual(
          computeTotals({
            subtotalCents: sum(c.grosses),
            discountCents: c.discountCents,
            shippingCents: c.shippingCents,
            taxRateBasisPoints: rate,
          }),
        );
      }),
      { numRuns: 3000 },
    );
  }, 60_000);

  it('in both modes: totals add up, equal the sums of the lines, nothing negative', () => {
    const categories = ['*', 'books', 'exempt', 'toys'];
    const addresses = [
      { country: 'IN', region: 'KA' },
      { country: 'IN', region: 'TN' },
      { country: 'GB', region: null },
    ];
    fc.assert(
      fc.property(
        cart,
        fc.array(fc.constantFrom(...categories), { minLength: 8, maxLength: 8 }),
        fc.constantFrom(...addresses),
        fc.boolean(),
        fc.boolean(),
        (c, lineCategories, address, pricesIncludeTax, shippingTaxable) => {
          const input = base({
            lines: c.grosses.map((grossCents, i) => ({
              key: `l${i}`,
              grossCents,
              taxCategory: lineCategories[i] ?? '*',
            })),
            discountCents: c.discountCents,
            shippingCents: c.shippingCents,
            shippingTaxable,
            shippingTaxCategory: 'toys',
            address,
            pricesIncludeTax,
          });
          const order = priced(input);
          const { totals, lines, shipping } = order;
          expect(
            totals.subtotalCents - totals.discountCents + totals.shippingCents + totals.taxCents,
          ).toBe(totals.totalCents);
          const parts = shipping ? [...lines, shipping] : lines;
          expect(sum(parts.map((p) => p.totalCents)) + (shipping ? 0 : c.shippingCents)).toBe(
            totals.totalCents,
          );
          expect(sum(parts.map((p) => p.taxCents))).toBe(totals.taxCents);
          expect(sum(order.taxLinesByName.map((t) => t.amountCents))).toBe(totals.taxCents);
          expect(sum(lines.map((l) => l.discountCents))).toBe(c.discountCents);
          expect(sum(lines.map((l) => l.taxableValueCents))).toBe(
            totals.subtotalCents - totals.discountCents,
          );
          for (const part of parts) {
            expect(part.taxableValueCents + part.taxCents).toBe(part.totalCents);
            expect(sum(part.taxLines.map((t) => t.amountCents))).toBe(part.taxCents);
            for (const amount of [
              part.taxableValueCents,
              part.taxCents,
              ...part.taxLines.map((t) => t.amountCents),
            ]) {
              expect(amount).toBeGreaterThanOrEqual(0);
            }
          }
          for (const line of lines) {
            expect(line.discountCents).toBeLessThanOrEqual(line.grossCents);
            if (pricesIncludeTax)
              expect(line.totalCents).toBe(line.grossCents - line.discountCents);
          }
          for (const value of Object.values(totals)) expect(value).toBeGreaterThanOrEqual(0);
          if (pricesIncludeTax) {
            // What the shelf said, whichever rule applies.
            expect(totals.totalCents).toBe(sum(c.grosses) - c.discountCents + c.shippingCents);
          }
        },
      ),
      { numRuns: 3000 },
    );
  }, 60_000);
});

describe('priceLinesWithTax: the cash-on-delivery fee (docs/delivery.md)', () => {
  const withFee = (overrides: Partial<LinesWithTaxInput>) =>
    priced(
      base({
        lines: [{ key: 'a', grossCents: 10_000, taxCategory: '*' }],
        shippingCents: 500,
        codFeeCents: 4900,
        rules: [rule('IN', 'KA', '*', ['CGST', 250], ['SGST', 250])],
        ...overrides,
      }),
    );
  it('is its own item, taxed as shipping is: in the totals identity and the tax summary', () => {
    const order = withFee({ shippingTaxable: true });
    expect(order.codFee).toMatchObject({ chargedCents: 4900, taxableValueCents: 4900 });
    // 5 % of 49.00, its share of the order's once-rounded components.
    expect(Math.abs((order.codFee?.taxCents ?? 0) - 245)).toBeLessThanOrEqual(2);
    const { totals } = order;
    expect(totals.codFeeCents).toBe(4900);
    expect(
      totals.subtotalCents -
        totals.discountCents +
        totals.shippingCents +
        totals.taxCents +
        totals.codFeeCents,
    ).toBe(totals.totalCents);
    expect(order.taxLinesByName.reduce((sum, line) => sum + line.amountCents, 0)).toBe(
      totals.taxCents,
    );
  });
  it('untaxed when shipping is untaxed; with prices including tax, the fee less its tax', () => {
    const untaxed = withFee({});
    expect(untaxed.codFee).toBeNull();
    expect(untaxed.totals).toMatchObject({
      codFeeCents: 4900,
      totalCents: 10_000 + 500 + 4900 + 500,
    });
    const mrp = withFee({ shippingTaxable: true, pricesIncludeTax: true });
    expect(mrp.totals.totalCents).toBe(10_000 + 500 + 4900);
    expect(mrp.totals.codFeeCents + (mrp.codFee?.taxCents ?? 0)).toBe(4900);
  });
});
