/**
 * A cart's lines through the tax model (docs/tax.md): what `priceItems` calls once it knows the
 * lines, the discount and the shipping charge. Kept apart so pricing.ts stays about the cart.
 */
import type { PricedLine, PricingTax, Totals } from './pricing';
import { priceLinesWithTax, type TaxedLine, type TaxedShipping, type TaxSummaryLine } from './tax';
import { ANY, type TaxRuleProblem } from './tax-rules';

export interface CartTaxProblem {
  problem: TaxRuleProblem;
  /** The cart line's index in `lines`; null for the shipping charge. */
  lineIndex: number | null;
  /** What the cart's warnings say. */
  message: string;
}

export interface CartTax {
  totals: Totals;
  taxedLines: TaxedLine[];
  shippingTax: TaxedShipping | null;
  codFeeTax: TaxedShipping | null;
  taxLinesByName: TaxSummaryLine[];
  taxProblem: CartTaxProblem | null;
}

/** Today's one rate for every line: a single `*` rule, prices excluding tax, shipping untaxed. */
export function singleRateTax(rateBasisPoints: number): PricingTax {
  return {
    rules: [
      {
        country: ANY,
        region: ANY,
        taxCategory: ANY,
        components: [{ name: 'Tax', rateBasisPoints }],
      },
    ],
    pricesIncludeTax: false,
    shippingTaxable: false,
    address: null,
  };
}

const zeroLine = (key: string): TaxedLine => ({
  key,
  grossCents: 0,
  discountCents: 0,
  taxableValueCents: 0,
  taxLines: [],
  taxCents: 0,
  totalCents: 0,
});

const problemMessage = (problem: TaxRuleProblem) =>
  problem.code === 'REGION_REQUIRED'
    ? 'Tax depends on the state or region: add it to the shipping address.'
    : 'Tax for this cart cannot be worked out for the shipping address; the shop has no tax rule for it.';

/**
 * The lines' discount and tax and the totals. Unavailable lines take no part (a zero line). When
 * no rule applies, the cart is priced tax-free with `taxProblem` set: GET /cart still answers,
 * and checkout refuses the address or the order with 422 (docs/tax.md).
 */
export function taxCart(input: {
  lines: readonly PricedLine[];
  discountCents: number;
  shippingCents: number;
  codFeeCents?: number | undefined;
  tax: PricingTax;
}): CartTax {
  const sellable = input.lines.flatMap((line, index) => (line.available ? [{ line, index }] : []));
  const run = (tax: PricingTax) =>
    priceLinesWithTax({
      lines: sellable.map(({ line, index }) => ({
        key: String(index),
        grossCents: line.lineTotalCents,
        taxCategory: line.purchasable?.taxCategory ?? ANY,
      })),
      discountCents: input.discountCents,
      shippingCents: input.shippingCents,
      codFeeCents: input.codFeeCents ?? 0,
      shippingTaxable: tax.shippingTaxable,
      address: tax.address ?? { country: ANY, region: null },
      rules: tax.rules,
      pricesIncludeTax: tax.pricesIncludeTax,
    });
  let result = run(input.tax);
  let taxProblem: CartTaxProblem | null = null;
  if (!result.ok) {
    const lineIndex = result.lineKey === null ? null : Number(result.lineKey);
    taxProblem = { problem: result.problem, lineIndex, message: problemMessage(result.problem) };
    const exempt = { country: ANY, region: ANY, taxCategory: ANY, components: [] };
    result = run({ ...input.tax, rules: [exempt], shippingTaxable: false });
    if (!result.ok) throw new Error('A single `*` rule always applies.');
  }
  const byIndex = new Map(result.priced.lines.map((line) => [Number(line.key), line]));
  return {
    totals: result.priced.totals,
    taxedLines: input.lines.map((_, index) => byIndex.get(index) ?? zeroLine(String(index))),
    shippingTax: result.priced.shipping,
    codFeeTax: result.priced.codFee,
    taxLinesByName: result.priced.taxLinesByName,
    taxProblem,
  };
}
