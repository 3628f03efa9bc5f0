import { describe, expect, it } from 'vitest';
import { linesToCredit } from './credit-notes.steps';
import {
  type DocumentLine,
  documentTotals,
  impliedRate,
  invoiceLinesOf,
  reverseLine,
  summariseTax,
} from './document-lines';
import type { OrderItemRecord } from './orders.repository';

/*
 * The lines invoices print and credit notes reverse, without a database: frozen lines copied,
 * old orders' lines derived from their totals, and partial reversals that never exceed a line.
 */

const item = (values: Partial<OrderItemRecord> & { id: number }): OrderItemRecord => ({
  orderId: 1,
  productId: null,
  variantId: null,
  productName: `Product ${values.id}`,
  variantName: null,
  sku: `SKU-${values.id}`,
  priceCents: 1000,
  quantity: 1,
  totalCents: 1000,
  discountCents: null,
  taxableValueCents: null,
  taxLines: null,
  taxCents: null,
  taxCategory: null,
  hsnCode: null,
  canceledQuantity: 0,
  returnedQuantity: 0,
  ...values,
});

type Money = Parameters<typeof invoiceLinesOf>[0];
const money = (values: Partial<Money>): Money => ({
  subtotalCents: 0,
  discountCents: 0,
  shippingCents: 0,
  taxCents: 0,
  shippingTax: null,
  codFeeCents: 0,
  codFeeTax: null,
  pricesIncludeTax: false,
  taxLines: [],
  ...values,
});

const gst = (cgst: number, sgst: number) => [
  { name: 'CGST', rateBasisPoints: 900, amountCents: cgst },
  { name: 'SGST', rateBasisPoints: 900, amountCents: sgst },
];

/** An intra-state Indian order: two frozen lines and taxed shipping. */
const frozenOrder = {
  order: money({
    subtotalCents: 3 * 33_333 + 50_000,
    discountCents: 10_000,
    shippingCents: 5_000,
    taxCents: 25_200 + 900,
    shippingTax: {
      taxableValueCents: 5_000,
      taxLines: gst(450, 450),
      taxCents: 900,
    },
  }),
  items: [
    item({
      id: 11,
      priceCents: 33_333,
      quantity: 3,
      totalCents: 99_999,
      discountCents: 6_667,
      taxableValueCents: 93_332,
      taxLines: gst(8_400, 8_400),
      taxCents: 16_800,
      hsnCode: '6109',
      variantName: 'Large',
    }),
    item({
      id: 12,
      priceCents: 50_000,
      totalCents: 50_000,
      discountCents: 3_333,
      taxableValueCents: 46_667,
      taxLines: gst(4_200, 4_200),
      taxCents: 8_400,
      hsnCode: '4202',
    }),
  ],
};
const orderTotal = (order: Money) =>
  order.subtotalCents - order.discountCents + order.shippingCents + order.taxCents;

describe('invoiceLinesOf', () => {
  it('copies frozen lines; with shipping they add up to the order total', () => {
    const { lines, shipping, frozen } = invoiceLinesOf(frozenOrder.order, frozenOrder.items);
    expect(frozen).toBe(true);
    expect(lines[0]).toMatchObject({
      orderItemId: 11,
      description: 'Product 11 (Large)',
      hsnCode: '6109',
      quantity: 3,
      unitPriceCents: 33_333,
      discountCents: 6_667,
      taxableValueCents: 93_332,
      taxCents: 16_800,
      totalCents: 110_132,
    });
    expect(shipping).toMatchObject({ orderItemId: null, taxableValueCents: 5_000, taxCents: 900 });
    const all = [...lines, ...(shipping ? [shipping] : [])];
    expect(documentTotals(all).totalCents).toBe(orderTotal(frozenOrder.order));
    expect(summariseTax(all)).toEqual([
      { name: 'CGST', rateBasisPoints: 900, amountCents: 13_050, taxableValueCents: 144_999 },
      { name: 'SGST', rateBasisPoints: 900, amountCents: 13_050, taxableValueCents: 144_999 },
    ]);
  });

  it('derives an old order’s lines from its totals: discount and tax spread to the cent', () => {
    const order = money({
      taxLines: null,
      subtotalCents: 3_000,
      discountCents: 301,
      shippingCents: 499,
      taxCents: 540,
    });
    const items = [
      item({ id: 1, priceCents: 1000, quantity: 2, totalCents: 2000 }),
      item({ id: 2, priceCents: 1000, totalCents: 1000 }),
    ];
    const { lines, shipping, frozen } = invoiceLinesOf(order, items);
    expect(frozen).toBe(false);
    expect(lines.map((line) => line.discountCents)).toEqual([201, 100]);
    expect(lines.map((line) => line.taxCents)).toEqual([360, 180]);
    expect(lines[0]?.taxLines).toEqual([{ name: 'Tax', rateBasisPoints: 2000, amountCents: 360 }]);
    expect(shipping).toMatchObject({ taxableValueCents: 499, taxCents: 0, taxLines: [] });
    expect(documentTotals([...lines, ...(shipping ? [shipping] : [])]).totalCents).toBe(
      orderTotal(order),
    );
  });

  it('reads an old order’s rate as the roundest that gives its tax', () => {
    expect(impliedRate(540, 2_699)).toBe(2000);
    expect(impliedRate(1_800, 10_000)).toBe(1800);
    expect(impliedRate(1_025, 10_000)).toBe(1025);
    expect(impliedRate(0, 10_000)).toBe(0);
    expect(impliedRate(5, 0)).toBe(0);
  });

  it('has no shipping line when nothing was charged for shipping', () => {
    expect(invoiceLinesOf(money({}), [item({ id: 1 })]).shipping).toBeNull();
  });
});

describe('reverseLine', () => {
  const line = (quantity: number, amounts: number[]): DocumentLine => ({
    orderItemId: 1,
    description: 'x',
    hsnCode: null,
    quantity,
    unitPriceCents: 100,
    discountCents: amounts[0] ?? 0,
    taxableValueCents: amounts[1] ?? 0,
    taxLines: [
      { name: 'CGST', rateBasisPoints: 250, amountCents: amounts[2] ?? 0 },
      { name: 'SGST', rateBasisPoints: 250, amountCents: amounts[3] ?? 0 },
    ],
    taxCents: (amounts[2] ?? 0) + (amounts[3] ?? 0),
    totalCents: (amounts[1] ?? 0) + (amounts[2] ?? 0) + (amounts[3] ?? 0),
  });
  /** Every way to cut `n` units into ordered notes (compositions), up to n = 7. */
  const compositions = (n: number): number[][] =>
    n === 0
      ? [[]]
      : Array.from({ length: n }, (_, i) => i + 1).flatMap((first) =>
          compositions(n - first).map((rest) => [first, ...rest]),
        );
  const amountOf = (note: DocumentLine) => [
    note.discountCents,
    note.taxableValueCents,
    ...note.taxLines.map((tax) => tax.amountCents),
  ];

  it('successive partial notes never exceed the line and add up to it exactly', () => {
    const amounts = [
      [1, 2, 1, 1],
      [7, 100, 13, 13],
      [0, 9_999, 5, 4],
      [333, 1_000_001, 2, 0],
    ];
    for (let quantity = 1; quantity <= 7; quantity++) {
      for (const values of amounts) {
        const whole = line(quantity, values);
        for (const parts of compositions(quantity)) {
          const totals = [0, 0, 0, 0];
          let before = 0;
          for (const units of parts) {
            const note = reverseLine(whole, before, units);
            before += units;
            amountOf(note).forEach((value, index) => {
              expect(value).toBeGreaterThanOrEqual(0);
              totals[index] = (totals[index] ?? 0) + value;
              expect(totals[index]).toBeLessThanOrEqual(values[index] ?? 0);
            });
            expect(note.totalCents).toBe(note.taxableValueCents + note.taxCents);
            expect(note.quantity).toBe(units);
          }
          expect(totals).toEqual(values);
        }
      }
    }
  });

  it('a share is the rounded proportion: 1 of 3 units of 100 cents is 33, 2 of 3 is 67', () => {
    const whole = line(3, [0, 100, 0, 0]);
    expect(reverseLine(whole, 0, 1).taxableValueCents).toBe(33);
    expect(reverseLine(whole, 0, 2).taxableValueCents).toBe(67);
    expect(reverseLine(whole, 1, 2).taxableValueCents).toBe(67);
  });
});

describe('linesToCredit', () => {
  const invoice = invoiceLinesOf(frozenOrder.order, frozenOrder.items);

  it("'all' reverses every unit left and the shipping charge once", () => {
    const first = linesToCredit(invoice, [], {
      items: [{ orderItemId: 11, quantity: 1 }],
      includeShipping: false,
    });
    expect(first).toHaveLength(1);
    const rest = linesToCredit(invoice, [first], { items: 'all', includeShipping: true });
    expect(rest.map((line) => [line.orderItemId, line.quantity])).toEqual([
      [11, 2],
      [12, 1],
      [null, 1],
    ]);
    expect(documentTotals([...first, ...rest]).totalCents).toBe(orderTotal(frozenOrder.order));
    expect(linesToCredit(invoice, [first, rest], { items: 'all', includeShipping: true })).toEqual(
      [],
    );
  });

  it('422 naming the item for a line not on the order, too many units, or nothing named', () => {
    const refused = (
      request: Parameters<typeof linesToCredit>[2],
      earlier: DocumentLine[][] = [],
    ) => {
      try {
        linesToCredit(invoice, earlier, request);
      } catch (error) {
        return (error as { fieldErrors?: Record<string, string[]> }).fieldErrors;
      }
      throw new Error('not refused');
    };
    expect(refused({ items: [{ orderItemId: 99, quantity: 1 }], includeShipping: false })).toEqual({
      'items.0.order_item_id': ['Not a line of this order.'],
    });
    expect(refused({ items: [{ orderItemId: 11, quantity: 4 }], includeShipping: false })).toEqual({
      'items.0.quantity': ['Between 1 and 3: the units not yet credited.'],
    });
    expect(
      refused({
        items: [
          { orderItemId: 12, quantity: 1 },
          { orderItemId: 12, quantity: 1 },
        ],
        includeShipping: false,
      }),
    ).toEqual({ 'items.1.order_item_id': ['Each order line may be named once.'] });
    expect(refused({ items: [], includeShipping: false })).toEqual({
      items: ['Name at least one line or the shipping charge.'],
    });
    const shipped = linesToCredit(invoice, [], { items: [], includeShipping: true });
    expect(refused({ items: [], includeShipping: true }, [shipped])).toEqual({
      include_shipping: ['The shipping charge is not on the order or already credited.'],
    });
  });
});
