/**
 * Money leaves the services as a JSON number with at most 2 decimals, computed from integer
 * minor units (docs/contract.md §1). This is the one conversion; nothing sums rounded floats.
 */
export function centsToAmount(cents: number): number {
  return Math.round(cents) / 100;
}

export function centsToAmountOrNull(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : centsToAmount(cents);
}

/** An amount the API received (at most 2 decimals, checked by `zAmount`) in integer minor units. */
export function amountToCents(amount: number): number {
  return Math.round(amount * 100);
}

/** How an amount reads to a person on invoices and in e-mails: `12.50 USD`. */
export const formatMoney = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;
