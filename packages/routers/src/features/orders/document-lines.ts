import type { CreditNoteLineRow, TaxLineRow, TaxSummaryRow } from '@storefront/db/schema';
import { allocateLargestRemainder } from '@storefront/pricing';
import type { OrderItemRecord, OrderRecord } from './orders.repository';

/*
 * The lines an invoice prints and a credit note reverses (pure; docs/tax.md, "Invoices and
 * credit notes"). A line has the shape of a credit note's line: what it charged, in cents.
 */
export type DocumentLine = CreditNoteLineRow;

export interface InvoiceLines {
  lines: DocumentLine[];
  /** The shipping charge as a line, when one was charged; taxed only where the shop taxes it. */
  shipping: DocumentLine | null;
  /** The cash-on-delivery fee as a line, when one was charged; taxed as shipping is. */
  codFee: DocumentLine | null;
  /** False for orders placed before per-line tax (migration 0022): their lines are derived. */
  frozen: boolean;
}

type Money = Pick<
  OrderRecord,
  | 'subtotalCents'
  | 'discountCents'
  | 'shippingCents'
  | 'taxCents'
  | 'shippingTax'
  | 'codFeeCents'
  | 'codFeeTax'
  | 'pricesIncludeTax'
  | 'taxLines'
>;

/**
 * Which of the order's lines a document line is (an order item's id, the shipping charge or the
 * COD fee): what refunds and credit notes count earlier reversals by.
 */
export const lineKey = (line: Pick<DocumentLine, 'orderItemId' | 'charge'>): string =>
  line.orderItemId !== null ? String(line.orderItemId) : (line.charge ?? 'shipping');

/** The order's charges as lines (shipping, then the COD fee), those it has. */
export const chargeLines = (invoice: InvoiceLines): DocumentLine[] =>
  [invoice.shipping, invoice.codFee].filter((line): line is DocumentLine => line !== null);

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

const describe = (item: Pick<OrderItemRecord, 'productName' | 'variantName'>) =>
  item.variantName ? `${item.productName} (${item.variantName})` : item.productName;

/** The name under which tax derived from an old order's total is shown (one rate then). */
export const LEGACY_TAX_NAME = 'Tax';

/**
 * The order's lines with their money. Frozen lines are copied; an order placed before 0022 (any
 * line without its taxable value) gets its discount and tax spread over the lines by value
 * (largest remainder), under one component whose rate is the one the order's tax implies —
 * exactly what the single per-country rate of the time charged, up to a cent's rounding.
 */
export function invoiceLinesOf(order: Money, items: readonly OrderItemRecord[]): InvoiceLines {
  // An order without lines has only its totals to go by: recorded since 0022 or not.
  const frozen =
    items.length > 0
      ? items.every((item) => item.taxableValueCents !== null)
      : order.taxLines !== null;
  let lines: DocumentLine[];
  if (frozen) {
    lines = items.map((item) => {
      const taxLines = item.taxLines ?? [];
      const taxCents = item.taxCents ?? sum(taxLines.map((line) => line.amountCents));
      const taxable = item.taxableValueCents ?? 0;
      return {
        orderItemId: item.id,
        description: describe(item),
        hsnCode: item.hsnCode,
        quantity: item.quantity,
        unitPriceCents: item.priceCents,
        discountCents: item.discountCents ?? 0,
        taxableValueCents: taxable,
        taxLines: taxLines.map((line) => ({ ...line })),
        taxCents,
        totalCents: taxable + taxCents,
      };
    });
  } else {
    const discounts = allocateLargestRemainder(
      order.discountCents,
      items.map((item) => item.totalCents),
    );
    const taxables = items.map((item, index) => item.totalCents - (discounts[index] ?? 0));
    const taxes = allocateLargestRemainder(order.taxCents, taxables);
    const rateBasisPoints = impliedRate(order.taxCents, sum(taxables));
    lines = items.map((item, index) => {
      const taxCents = taxes[index] ?? 0;
      const taxable = taxables[index] ?? 0;
      return {
        orderItemId: item.id,
        description: describe(item),
        hsnCode: item.hsnCode,
        quantity: item.quantity,
        unitPriceCents: item.priceCents,
        discountCents: discounts[index] ?? 0,
        taxableValueCents: taxable,
        taxLines:
          taxCents > 0 ? [{ name: LEGACY_TAX_NAME, rateBasisPoints, amountCents: taxCents }] : [],
        taxCents,
        totalCents: taxable + taxCents,
      };
    });
  }
  return {
    lines,
    shipping: chargeLine(
      order.shippingTax,
      order.shippingCents,
      order.pricesIncludeTax,
      'Shipping',
    ),
    codFee: chargeLine(
      order.codFeeTax,
      order.codFeeCents,
      order.pricesIncludeTax,
      'Cash on delivery fee',
    ),
    frozen,
  };
}

/**
 * The rate (basis points) an old order's tax was charged at: its tax was round-half-up(base ×
 * rate ÷ 10000), so every rate in [tax − ½, tax + ½) × 10000 ÷ base fits; the roundest of them
 * (a whole percent before a half, a quarter …) is the one a shop would have set.
 */
export function impliedRate(taxCents: number, baseCents: number): number {
  if (baseCents <= 0 || taxCents <= 0) return 0;
  const low = Math.ceil(((taxCents - 0.5) * 10_000) / baseCents);
  const high = ((taxCents + 0.5) * 10_000) / baseCents;
  for (const step of [100, 50, 25, 10, 5, 1]) {
    const candidate = Math.ceil(low / step) * step;
    if (candidate < high) return candidate;
  }
  return Math.round((taxCents * 10_000) / baseCents);
}

/** A charge (shipping, the COD fee) as a line; null when nothing was charged. */
function chargeLine(
  taxed: Money['shippingTax'],
  cents: number,
  pricesIncludeTax: boolean | null,
  description: 'Shipping' | 'Cash on delivery fee',
): DocumentLine | null {
  const taxable = taxed?.taxableValueCents ?? cents;
  const taxCents = taxed?.taxCents ?? 0;
  if (taxable + taxCents === 0) return null;
  return {
    orderItemId: null,
    ...(description === 'Shipping' ? {} : { charge: 'cod_fee' as const }),
    description,
    hsnCode: null,
    quantity: 1,
    // As listed: with prices including tax the charge shown to the buyer contained its tax.
    unitPriceCents: pricesIncludeTax ? taxable + taxCents : taxable,
    discountCents: 0,
    taxableValueCents: taxable,
    taxLines: (taxed?.taxLines ?? []).map((line) => ({ ...line })),
    taxCents,
    totalCents: taxable + taxCents,
  };
}

/**
 * The part of `amount` that belongs to the first `units` of `quantity` units: round-half-up of
 * the proportional share (a two-part largest-remainder split), so it grows with `units` and
 * reaches `amount` at `quantity`.
 */
function cumulativeShare(amount: number, units: number, quantity: number): number {
  if (units <= 0) return 0;
  if (units >= quantity) return amount;
  return allocateLargestRemainder(amount, [units, quantity - units])[0] ?? 0;
}

/**
 * What reversing `units` more of a line gives back, after `before` units were reversed by
 * earlier notes: the difference of the cumulative shares, per amount. Successive partial notes
 * therefore add up to the line exactly when all its units are reversed, and never exceed it.
 */
export function reverseLine(line: DocumentLine, before: number, units: number): DocumentLine {
  const share = (amount: number) =>
    cumulativeShare(amount, before + units, line.quantity) -
    cumulativeShare(amount, before, line.quantity);
  const taxLines: TaxLineRow[] = line.taxLines.map((tax) => ({
    name: tax.name,
    rateBasisPoints: tax.rateBasisPoints,
    amountCents: share(tax.amountCents),
  }));
  const taxCents = sum(taxLines.map((tax) => tax.amountCents));
  const taxable = share(line.taxableValueCents);
  return {
    ...line,
    quantity: units,
    discountCents: share(line.discountCents),
    taxableValueCents: taxable,
    taxLines,
    taxCents,
    totalCents: taxable + taxCents,
  };
}

/** A document's tax per component name and rate, with the value each was charged on. */
export function summariseTax(lines: readonly DocumentLine[]): TaxSummaryRow[] {
  const groups = new Map<string, TaxSummaryRow>();
  for (const line of lines) {
    for (const tax of line.taxLines) {
      const key = `${tax.name}\u0000${tax.rateBasisPoints}`;
      const group = groups.get(key) ?? {
        name: tax.name,
        rateBasisPoints: tax.rateBasisPoints,
        amountCents: 0,
        taxableValueCents: 0,
      };
      group.amountCents += tax.amountCents;
      group.taxableValueCents += line.taxableValueCents;
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/** A document's totals: the sums of its lines. */
export function documentTotals(lines: readonly DocumentLine[]) {
  return {
    taxableValueCents: sum(lines.map((line) => line.taxableValueCents)),
    taxCents: sum(lines.map((line) => line.taxCents)),
    totalCents: sum(lines.map((line) => line.totalCents)),
  };
}
