import type { TaxLineRow } from '@storefront/db/schema';
import { cumulativeShare, spreadOverRemaining, unitsBack } from '@storefront/pricing';
import { type FieldErrors, validationError } from '../../errors';
import { chargeLines, type DocumentLine, type InvoiceLines, lineKey } from './document-lines';

/*
 * What a refund gives back of each order line, as the lines of its credit note (pure; docs/
 * refunds.md "Lines"). Units give back their frozen share of the line's taxable value and of each
 * tax component (@storefront/pricing unitsBack), so cancelling 1 + 1 + 1 of 3 units gives back
 * the line exactly; goodwill gives back value only (`quantity` 0), spread over what is left of
 * the lines, and the units given back after it carry their share of it less. `earlier` is every
 * line of the order's earlier refunds: the ledger is the account of what is left.
 */

const taxKey = (tax: Pick<TaxLineRow, 'name' | 'rateBasisPoints'>) =>
  `${tax.name}\u0000${tax.rateBasisPoints}`;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** One line's amounts: the taxable value first, then each tax component in the line's order. */
const amountsOf = (line: DocumentLine, taxes: readonly TaxLineRow[] = line.taxLines) => [
  line.taxableValueCents,
  ...taxes.map((tax) => line.taxLines.find((own) => taxKey(own) === taxKey(tax))?.amountCents ?? 0),
];

/** What earlier refunds gave back of `line`: units and their amounts, goodwill amounts. */
function givenBack(line: DocumentLine, earlier: readonly DocumentLine[]) {
  const mine = earlier.filter((given) => lineKey(given) === lineKey(line));
  const width = line.taxLines.length + 1;
  const units = mine.filter((given) => given.quantity > 0);
  const goodwill = mine.filter((given) => given.quantity === 0);
  const total = (rows: DocumentLine[]) =>
    Array.from({ length: width }, (_, index) =>
      sum(rows.map((row) => amountsOf(row, line.taxLines)[index] ?? 0)),
    );
  return {
    units: sum(units.map((given) => given.quantity)),
    unitAmounts: total(units),
    goodwillAmounts: total(goodwill),
    value: sum(mine.map((given) => given.totalCents)),
  };
}

/** A line carrying `amounts` (taxable value, then each tax of `line` in order) for `quantity`. */
function lineWith(
  line: DocumentLine,
  quantity: number,
  amounts: number[],
  discountCents: number,
): DocumentLine {
  const [taxable = 0, ...taxes] = amounts;
  const taxLines = line.taxLines.map((tax, index) => ({ ...tax, amountCents: taxes[index] ?? 0 }));
  const taxCents = sum(taxLines.map((tax) => tax.amountCents));
  return {
    ...line,
    quantity,
    discountCents,
    taxableValueCents: taxable,
    taxLines,
    taxCents,
    totalCents: taxable + taxCents,
  };
}

/** `units` more units of `line`, after what `earlier` gave back of it. */
export function unitsLine(
  line: DocumentLine,
  earlier: readonly DocumentLine[],
  units: number,
): DocumentLine {
  const given = givenBack(line, earlier);
  const amounts = amountsOf(line).map((amount, index) =>
    unitsBack(
      {
        amount,
        quantity: line.quantity,
        before: given.units,
        allowance:
          (given.goodwillAmounts[index] ?? 0) -
          (cumulativeShare(amount, given.units, line.quantity) - (given.unitAmounts[index] ?? 0)),
      },
      units,
    ),
  );
  const discount =
    cumulativeShare(line.discountCents, given.units + units, line.quantity) -
    cumulativeShare(line.discountCents, given.units, line.quantity);
  return lineWith(line, units, amounts, discount);
}

/** Units still on a line: ordered less those given back. */
export const unitsLeft = (line: DocumentLine, earlier: readonly DocumentLine[]) =>
  line.quantity - givenBack(line, earlier).units;

/**
 * The lines cancel-items gives back: `items` of the invoice's lines. 422 naming `items.N…` for
 * a line not on the order, a line named twice, or more units than are left.
 */
export function cancelledLines(
  invoice: InvoiceLines,
  earlier: readonly DocumentLine[],
  items: readonly { orderItemId: number; quantity: number }[],
): DocumentLine[] {
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  const lines: DocumentLine[] = [];
  items.forEach((item, index) => {
    const line = invoice.lines.find((candidate) => candidate.orderItemId === item.orderItemId);
    if (!line || seen.has(item.orderItemId)) {
      errors[`items.${index}.order_item_id`] = [
        line ? 'Each order line may be named once.' : 'Not a line of this order.',
      ];
    } else {
      const left = unitsLeft(line, earlier);
      if (item.quantity > left) {
        errors[`items.${index}.quantity`] = [
          left === 0
            ? 'No units of this line are left to cancel.'
            : `At most ${left}: the units not yet cancelled or returned.`,
        ];
      } else lines.push(unitsLine(line, earlier, item.quantity));
    }
    seen.add(item.orderItemId);
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return lines;
}

/**
 * Every line and unit not yet given back, the charges included (a full cancel): the shipping
 * charge and the COD fee, which the customer no longer owes for an order never delivered.
 */
export function remainingLines(
  invoice: InvoiceLines,
  earlier: readonly DocumentLine[],
): DocumentLine[] {
  const all = [...invoice.lines, ...chargeLines(invoice)];
  return all.flatMap((line) => {
    const left = unitsLeft(line, earlier);
    return left > 0 ? [unitsLine(line, earlier, left)] : [];
  });
}

/** What is left of the order's value: its lines' (and charges') less what was given back. */
export function valueLeft(invoice: InvoiceLines, earlier: readonly DocumentLine[]): number {
  const all = [...invoice.lines, ...chargeLines(invoice)];
  return sum(all.map((line) => line.totalCents - givenBack(line, earlier).value));
}

/**
 * A goodwill amount as value-only lines (`quantity` 0): spread over the lines and the charges
 * (shipping, COD fee) by what is left of each, then within a line over its taxable value and each tax
 * component by what is left of them (largest remainder, to the cent). RangeError when the
 * amount is more than is left.
 */
export function goodwillLines(
  invoice: InvoiceLines,
  earlier: readonly DocumentLine[],
  amountCents: number,
): DocumentLine[] {
  const all = [...invoice.lines, ...chargeLines(invoice)];
  const left = all.map((line) => {
    const given = givenBack(line, earlier);
    return amountsOf(line).map(
      (amount, index) =>
        amount - (given.unitAmounts[index] ?? 0) - (given.goodwillAmounts[index] ?? 0),
    );
  });
  const shares = spreadOverRemaining(
    amountCents,
    left.map((amounts) => sum(amounts)),
  );
  return all.flatMap((line, index) => {
    const share = shares[index] ?? 0;
    if (share <= 0) return [];
    return [lineWith(line, 0, spreadOverRemaining(share, left[index] ?? []), 0)];
  });
}
