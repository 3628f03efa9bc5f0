/** Amounts in the order's or shop's currency, with its symbol where the browser knows it. */
export function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** A catalogue price, in the shop's default currency (the catalogue's own). */
export function amount(value: number): string {
  return value.toFixed(2);
}

/** An ISO instant in the admin's local time. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The sync status's instants are UTC without an offset (the spec's format). */
export function utcNaive(value: string | null): string {
  return value ? dateTime(`${value}Z`) : '—';
}

/** "refund_pending" → "Refund pending". */
export function label(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
