/*
 * Postcode shapes per country (docs/delivery.md), pure. A malformed postcode answers 422 naming
 * `postcode` before any rule or provider is asked.
 */

const FORMATS: Record<string, { pattern: RegExp; hint: string }> = {
  IN: {
    pattern: /^[1-9]\d{5}$/,
    hint: 'An Indian PIN code has 6 digits and does not start with 0.',
  },
  US: { pattern: /^\d{5}(-\d{4})?$/, hint: 'A ZIP code has 5 digits (or 5+4).' },
  GB: {
    pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
    hint: 'A UK postcode looks like SW1A 1AA.',
  },
  DE: { pattern: /^\d{5}$/, hint: 'A German postcode has 5 digits.' },
};
const ANY = {
  pattern: /^[A-Z0-9][A-Z0-9 -]{1,9}$/,
  hint: '2 to 10 letters, digits, spaces or "-".',
};

/** Why `postcode` is not a postcode of `country` (ISO 3166-1 alpha-2), or undefined if it is. */
export function postcodeProblem(country: string, postcode: string): string | undefined {
  const format = FORMATS[country.toUpperCase()] ?? ANY;
  return format.pattern.test(postcode.trim().toUpperCase()) ? undefined : format.hint;
}
