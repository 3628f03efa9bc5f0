/**
 * An order's discount and tax per line, frozen when the order is placed and printed on its tax
 * invoice (issue 37; docs/tax.md). All amounts are integer minor units.
 *
 * Tax is rounded once per tax group for the whole order and then allocated to the lines, so with
 * one `*` rule of one component and prices excluding tax the order's tax is exactly what
 * `computeTotals` charges today.
 */
import { allocateLargestRemainder, allocateTable, mulDivRoundHalfUp } from './allocation';
import type { Totals } from './pricing';
import { ANY, selectTaxRule, type TaxRule, type TaxRuleProblem } from './tax-rules';

export interface TaxableLineInput {
  /** The caller's id for the line (cart line id, product:variant); echoed back. */
  key: string;
  /** Unit price × quantity, as listed (including tax when `pricesIncludeTax`). */
  grossCents: number;
  /** `*` for a line with no category: then only `*` rules apply to it. */
  taxCategory: string;
}

export interface LinesWithTaxInput {
  lines: TaxableLineInput[];
  /** The order-level coupon discount, at most the sum of the lines' gross. */
  discountCents: number;
  /** The shipping charge, as listed (including tax when taxable and `pricesIncludeTax`). */
  shippingCents: number;
  shippingTaxable: boolean;
  /** The category whose rule taxes shipping; `*` (only `*` rules) when absent. */
  shippingTaxCategory?: string | undefined;
  /**
   * The cash-on-delivery fee, as listed (docs/delivery.md): a service charge taxed exactly as the
   * shipping charge is (`shippingTaxable`, `shippingTaxCategory`), as its own item. Absent: 0.
   */
  codFeeCents?: number | undefined;
  /** The shipping address; `region` is its ISO 3166-2 subdivision (`KA` or `IN-KA`). */
  address: { country: string; region: string | null };
  rules: readonly TaxRule[];
  /** Listed prices include tax (India's MRP): the tax is carved out of them, not added. */
  pricesIncludeTax: boolean;
}

export interface TaxLine {
  name: string;
  rateBasisPoints: number;
  amountCents: number;
}

export interface TaxedLine {
  key: string;
  grossCents: number;
  /** This line's share of the order discount, never above its gross. */
  discountCents: number;
  /** What the tax is charged on: gross − discount, less the tax it contains when prices include tax. */
  taxableValueCents: number;
  /** One per component of the line's rule, in the rule's order. */
  taxLines: TaxLine[];
  taxCents: number;
  /** taxable value + tax; with prices including tax, also gross − discount. */
  totalCents: number;
}

export interface TaxedShipping {
  /** The shipping charge as listed. */
  chargedCents: number;
  taxableValueCents: number;
  taxLines: TaxLine[];
  taxCents: number;
  totalCents: number;
}

/** The order's tax per component and rate, for the invoice's tax summary. */
export interface TaxSummaryLine extends TaxLine {
  taxableValueCents: number;
}

export interface LinesWithTax {
  lines: TaxedLine[];
  /** Present when shipping is taxable and charged. */
  shipping: TaxedShipping | null;
  /** The cash-on-delivery fee's tax: present when shipping is taxable and a fee is charged. */
  codFee: TaxedShipping | null;
  /**
   * subtotal − discount + shipping + tax = total, in both modes. With prices including tax,
   * `subtotalCents` and `shippingCents` are the listed amounts less the tax they contain.
   */
  totals: Totals;
  /** Summed by component name and rate, in order of first appearance. */
  taxLinesByName: TaxSummaryLine[];
}

export type LinesWithTaxResult =
  | { ok: true; priced: LinesWithTax }
  /** `lineKey` null: the shipping charge (or the COD fee) found no rule. Checkout answers 422. */
  | { ok: false; problem: TaxRuleProblem; lineKey: string | null };

/** A line or the shipping charge: an amount owing tax under one rule. */
interface TaxItem {
  baseCents: number;
  rule: TaxRule;
  taxLines: TaxLine[];
}

const assertAmount = (value: number, what: string) => {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a non-negative integer amount, got ${value}.`);
  }
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * Prices exclude tax: per (component, rate) the tax is round-half-up(Σ taxable × rate) once for
 * the order, then allocated to its items by their taxable values.
 */
function addTaxOnTop(items: TaxItem[]) {
  const groups = new Map<string, { rate: number; entries: { item: TaxItem; index: number }[] }>();
  for (const item of items) {
    item.rule.components.forEach((component, index) => {
      const key = `${component.name}\u0000${component.rateBasisPoints}`;
      const group = groups.get(key) ?? { rate: component.rateBasisPoints, entries: [] };
      group.entries.push({ item, index });
      groups.set(key, group);
    });
  }
  for (const { rate, entries } of groups.values()) {
    const bases = entries.map(({ item }) => item.baseCents);
    const groupTax = mulDivRoundHalfUp(sum(bases), rate, 10_000);
    allocateLargestRemainder(groupTax, bases).forEach((amountCents, i) => {
      const entry = entries[i];
      const line = entry?.item.taxLines[entry.index];
      if (line) line.amountCents = amountCents;
    });
  }
}

/**
 * Prices include tax: per rule (the same components at the same rates) the tax contained in
 * Σ base is round-half-up(Σ base × R ÷ (10000 + R)), R the sum of the rates, once for the order;
 * it is split among the components by their rates and among the items by their bases, so that
 * both every item's components and the order's component totals add up.
 */
function carveTaxOut(items: TaxItem[]) {
  const groups = new Map<string, TaxItem[]>();
  for (const item of items) {
    const key = item.rule.components
      .map((c) => `${c.name}\u0000${c.rateBasisPoints}`)
      .join('\u0001');
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  for (const group of groups.values()) {
    const rates = group[0]?.rule.components.map((c) => c.rateBasisPoints) ?? [];
    if (rates.length === 0) continue;
    const bases = group.map((item) => item.baseCents);
    const rateSum = sum(rates);
    const groupTax = mulDivRoundHalfUp(sum(bases), rateSum, 10_000 + rateSum);
    const itemTaxes = allocateLargestRemainder(groupTax, bases);
    const componentTaxes = allocateLargestRemainder(groupTax, rates);
    allocateTable(itemTaxes, rates, componentTaxes).forEach((row, i) => {
      row.forEach((amountCents, c) => {
        const line = group[i]?.taxLines[c];
        if (line) line.amountCents = amountCents;
      });
    });
  }
}

const finish = (item: TaxItem, pricesIncludeTax: boolean) => {
  const taxCents = sum(item.taxLines.map((line) => line.amountCents));
  const taxableValueCents = pricesIncludeTax ? item.baseCents - taxCents : item.baseCents;
  return {
    taxableValueCents,
    taxLines: item.taxLines,
    taxCents,
    totalCents: taxableValueCents + taxCents,
  };
};

/**
 * Each line's discount, taxable value and tax lines, the shipping charge's, and the order totals
 * they add up to. Amounts must be non-negative integers and the discount at most the lines'
 * gross (RangeError otherwise: the caller's bug, not the buyer's). A line or taxable shipping
 * charge with no applicable rule, or an address missing the region its country's rules need,
 * is `{ ok: false }`, which checkout answers with 422.
 */
export function priceLinesWithTax(input: LinesWithTaxInput): LinesWithTaxResult {
  for (const line of input.lines) assertAmount(line.grossCents, `Line ${line.key}'s gross`);
  assertAmount(input.discountCents, 'The discount');
  assertAmount(input.shippingCents, 'The shipping charge');
  const codFeeCents = input.codFeeCents ?? 0;
  assertAmount(codFeeCents, 'The cash-on-delivery fee');
  const grosses = input.lines.map((line) => line.grossCents);
  const grossSum = sum(grosses);
  if (input.discountCents > grossSum) {
    throw new RangeError(
      `The discount ${input.discountCents} exceeds the lines' gross ${grossSum}.`,
    );
  }

  const ruleFor = (taxCategory: string) => {
    const selection = selectTaxRule(input.rules, { ...input.address, taxCategory });
    if (!selection.ok) return selection;
    for (const component of selection.rule.components) {
      assertAmount(component.rateBasisPoints, `Tax ${component.name}'s rate`);
    }
    return selection;
  };
  const newItem = (baseCents: number, rule: TaxRule): TaxItem => ({
    baseCents,
    rule,
    taxLines: rule.components.map(({ name, rateBasisPoints }) => ({
      name,
      rateBasisPoints,
      amountCents: 0,
    })),
  });

  const discounts = allocateLargestRemainder(input.discountCents, grosses);
  const lineItems: TaxItem[] = [];
  for (const [i, line] of input.lines.entries()) {
    const selection = ruleFor(line.taxCategory);
    if (!selection.ok) {
      const { ok: _, ...problem } = selection;
      return { ok: false, problem, lineKey: line.key };
    }
    lineItems.push(newItem(line.grossCents - (discounts[i] ?? 0), selection.rule));
  }
  // The shipping charge and the COD fee: each its own item under the rule that taxes shipping.
  const chargeItem = (cents: number) => {
    if (!input.shippingTaxable || cents <= 0) return { ok: true as const, item: null };
    const selection = ruleFor(input.shippingTaxCategory ?? ANY);
    if (!selection.ok) return selection;
    return { ok: true as const, item: newItem(cents, selection.rule) };
  };
  const shippingCharge = chargeItem(input.shippingCents);
  const feeCharge = chargeItem(codFeeCents);
  for (const charge of [shippingCharge, feeCharge]) {
    if (!charge.ok) {
      const { ok: _, ...problem } = charge;
      return { ok: false, problem, lineKey: null };
    }
  }
  const shippingItem = shippingCharge.ok ? shippingCharge.item : null;
  const feeItem = feeCharge.ok ? feeCharge.item : null;

  const items = [
    ...lineItems,
    ...(shippingItem ? [shippingItem] : []),
    ...(feeItem ? [feeItem] : []),
  ];
  if (input.pricesIncludeTax) carveTaxOut(items);
  else addTaxOnTop(items);

  const lines: TaxedLine[] = input.lines.map((line, i) => ({
    key: line.key,
    grossCents: line.grossCents,
    discountCents: discounts[i] ?? 0,
    ...finish(lineItems[i] as TaxItem, input.pricesIncludeTax),
  }));
  const shipping: TaxedShipping | null = shippingItem
    ? { chargedCents: input.shippingCents, ...finish(shippingItem, input.pricesIncludeTax) }
    : null;
  const codFee: TaxedShipping | null = feeItem
    ? { chargedCents: codFeeCents, ...finish(feeItem, input.pricesIncludeTax) }
    : null;

  const summary = new Map<string, TaxSummaryLine>();
  for (const taxed of [...lines, ...(shipping ? [shipping] : []), ...(codFee ? [codFee] : [])]) {
    for (const line of taxed.taxLines) {
      const key = `${line.name}\u0000${line.rateBasisPoints}`;
      const entry = summary.get(key) ?? { ...line, amountCents: 0, taxableValueCents: 0 };
      entry.amountCents += line.amountCents;
      // Every component of a line is charged on the line's whole taxable value.
      entry.taxableValueCents += taxed.taxableValueCents;
      summary.set(key, entry);
    }
  }

  const itemsTaxable = sum(lines.map((line) => line.taxableValueCents));
  const taxCents =
    sum(lines.map((line) => line.taxCents)) + (shipping?.taxCents ?? 0) + (codFee?.taxCents ?? 0);
  const shippingCents = shipping ? shipping.taxableValueCents : input.shippingCents;
  const feeCents = codFee ? codFee.taxableValueCents : codFeeCents;
  const totals: Totals = {
    subtotalCents: itemsTaxable + input.discountCents,
    discountCents: input.discountCents,
    shippingCents,
    taxCents,
    codFeeCents: feeCents,
    totalCents: itemsTaxable + shippingCents + feeCents + taxCents,
  };
  return {
    ok: true,
    priced: { lines, shipping, codFee, totals, taxLinesByName: [...summary.values()] },
  };
}
