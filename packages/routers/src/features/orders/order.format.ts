import type { AddressSnapshot } from '@storefront/db/schema';

/* How an order reads to a person: the invoice PDF and the order e-mails share these. */

/** `12.50 USD`. */
export const formatMoney = (amount: number, currency: string) => `${amount.toFixed(2)} ${currency}`;

/** An address as the lines of an envelope: name, street, postcode and city, country, phone. */
export function addressLines(address: AddressSnapshot): string[] {
  return [
    `${address.first_name} ${address.last_name}`,
    address.address_line_1,
    address.address_line_2,
    [address.postcode, address.city].join(' '),
    address.state,
    address.country_name,
    address.phone,
  ].filter((line): line is string => Boolean(line));
}
