import { allocateLargestRemainder } from './allocation';

/*
 * Refund arithmetic (docs/refunds.md): what cancelled or returned units of an order line give
 * back, how a goodwill amount is spread over what is left, and which way money goes back.
 * Integer minor units throughout; every function is exact to the cent when summed.
 */

/**
 * The part of `amount` that belongs to the first `units` of `quantity` units: the rounded
 * proportional share (a two-part largest-remainder split), so it never decreases as `units`
 * grows and is `amount` exactly at `quantity`.
 */
export function cumulativeShare(amount: number, units: number, quantity: number): number {
  if (units <= 0) return 0;
  if (units >= quantity) return amount;
  return allocateLargestRemainder(amount, [units, quantity - units])[0] ?? 0;
}

/** One amount of an order line (its taxable value, or one tax component), as frozen. */
export interface LineAmount {
  /** The line's frozen amount. */
  amount: number;
  quantity: number;
  /** Units reversed (cancelled, returned) before this reversal. */
  before: number;
  /**
   * Goodwill credited on this amount that earlier unit reversals have not yet set off: the
   * units given back now carry their share of it less, so that reversing every unit (after any
   * goodwill) gives back exactly what is left of the amount. 0 without goodwill.
   */
  allowance?: number;
}

/**
 * What reversing `units` more units gives back of a line's amount: the units' frozen share
 * (`cumulativeShare` of the amount at `before + units` less at `before`), less their share of
 * the allowance, never more than is left of the amount; the last unit gives back all that is
 * left. Reversing 1 + 1 + 1 of 3 units gives back the amount exactly; never negative.
 */
export function unitsBack(line: LineAmount, units: number): number {
  const { amount, quantity, before } = line;
  if (units <= 0 || before >= quantity) return 0;
  const after = Math.min(quantity, before + units);
  const reversedBefore = cumulativeShare(amount, before, quantity);
  const allowance = Math.max(0, line.allowance ?? 0);
  const left = Math.max(0, amount - reversedBefore - allowance);
  if (after >= quantity) return left;
  const frozen = cumulativeShare(amount, after, quantity) - reversedBefore;
  const offset = cumulativeShare(allowance, after - before, quantity - before);
  return Math.min(left, Math.max(0, frozen - offset));
}

/** Goodwill `amount` split over parts by what is left of each (largest remainder). */
export function spreadOverRemaining(amount: number, remaining: readonly number[]): number[] {
  const left = remaining.reduce((sum, value) => sum + Math.max(0, value), 0);
  if (amount > left) {
    throw new RangeError(`Cannot spread ${amount} over what is left (${left}).`);
  }
  return allocateLargestRemainder(
    amount,
    remaining.map((value) => Math.max(0, value)),
  );
}

/** Where refunded money goes, in minor units (points as their money value). */
export interface RefundSplit {
  gatewayCents: number;
  giftCardCents: number;
  loyaltyCents: number;
}

/**
 * Which way `amount` goes back (issue 38, money rules): the gateway first, up to what it took
 * and has not refunded; then the gift cards the order was paid with; then points. `available`
 * is what each can still take back. RangeError when the amount is more than all of them.
 */
export function splitRefund(amount: number, available: RefundSplit): RefundSplit {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`A refund is a non-negative whole amount, got ${amount}.`);
  }
  const total = available.gatewayCents + available.giftCardCents + available.loyaltyCents;
  if (amount > total) throw new RangeError(`Cannot refund ${amount}: only ${total} is refundable.`);
  const gatewayCents = Math.min(amount, Math.max(0, available.gatewayCents));
  const giftCardCents = Math.min(amount - gatewayCents, Math.max(0, available.giftCardCents));
  return { gatewayCents, giftCardCents, loyaltyCents: amount - gatewayCents - giftCardCents };
}

/**
 * The points that go back when the points' money value refunded so far grows from `beforeCents`
 * to `beforeCents + cents`: the order's points in proportion to its points' value, rounded the
 * same way each time, so that refunding the whole value gives back every point exactly.
 */
export function pointsBack(
  spent: { points: number; cents: number },
  beforeCents: number,
  cents: number,
): number {
  if (spent.cents <= 0 || cents <= 0) return 0;
  return (
    cumulativeShare(spent.points, beforeCents + cents, spent.cents) -
    cumulativeShare(spent.points, beforeCents, spent.cents)
  );
}
