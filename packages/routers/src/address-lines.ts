import type { AddressSnapshot } from '@storefront/db/schema';

/**
 * An address as the lines of an envelope: name, street, postcode and city, country, phone. The
 * invoice PDF and the order e-mails print addresses this way.
 */
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
