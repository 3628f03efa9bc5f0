import { basisPointsToPercent } from '@storefront/pricing';
import { z } from 'zod';
import { centsToAmount } from './money';

/*
 * Tax lines as the API shows them on cart items, order items, orders and credit notes
 * (docs/contract.md, "Tax per line"): one shape, one conversion — rates as percentages, amounts
 * in currency units.
 */

export const ZTaxLine = z
  .object({
    name: z.string().meta({ description: 'The component: VAT, CGST, SGST, IGST…' }),
    rate: z.number().meta({ description: 'A percentage: 9 means 9 %' }),
    amount: z.number(),
  })
  .meta({ id: 'TaxLine' });

export const ZTaxSummaryLine = ZTaxLine.extend({
  taxable_value: z.number().meta({ description: 'What this component was charged on' }),
}).meta({ id: 'TaxSummaryLine' });

interface TaxLineCents {
  name: string;
  rateBasisPoints: number;
  amountCents: number;
}

export const toTaxLineDtos = (lines: readonly TaxLineCents[]) =>
  lines.map((line) => ({
    name: line.name,
    rate: basisPointsToPercent(line.rateBasisPoints),
    amount: centsToAmount(line.amountCents),
  }));

export const toTaxSummaryDtos = (
  lines: readonly (TaxLineCents & { taxableValueCents: number })[],
) =>
  lines.map((line) => ({
    name: line.name,
    rate: basisPointsToPercent(line.rateBasisPoints),
    amount: centsToAmount(line.amountCents),
    taxable_value: centsToAmount(line.taxableValueCents),
  }));

/**
 * A line's own money, added to the spec's cart and order items (issue 37). On a cart it is
 * computed now; on an order, frozen at placement (null on lines placed before it was recorded).
 */
export const lineTaxFields = {
  discount: z.number().meta({ description: "This line's share of the coupon discount" }),
  taxable_value: z.number().meta({
    description:
      'What the tax is charged on: the line less its discount (and less the tax it contains when prices include tax)',
  }),
  tax: z.number().meta({ description: "Sum of this line's tax lines" }),
  tax_lines: z.array(ZTaxLine),
  hsn_code: z
    .string()
    .nullable()
    .meta({ description: "The HSN/SAC code of the product's tax category, when it has one" }),
};

const LEGACY = 'Null on orders placed before lines recorded their own tax (docs/contract.md)';

/** The same fields frozen on an order's items; null on lines placed before they were recorded. */
export const frozenLineTaxFields = {
  discount: lineTaxFields.discount.nullable().meta({ description: `${LEGACY}.` }),
  taxable_value: lineTaxFields.taxable_value.nullable(),
  tax: lineTaxFields.tax.nullable(),
  tax_lines: lineTaxFields.tax_lines.nullable(),
  hsn_code: lineTaxFields.hsn_code,
};

export const ZPlaceOfSupply = z
  .object({
    country: z.string(),
    region: z
      .string()
      .nullable()
      .meta({ description: 'ISO 3166-2 subdivision without the country (KA)' }),
    name: z.string().nullable().meta({ description: 'The state as the tax office spells it' }),
    gst_state_code: z.string().nullable().meta({ description: "India's GST state code (29)" }),
  })
  .meta({ id: 'PlaceOfSupply' });
