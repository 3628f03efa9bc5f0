import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(english);

/** ISO 3166-1 alpha-2 codes, upper case. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

/** English short name, e.g. "GB" → "United Kingdom". */
export function countryName(code: string): string {
  return countries.getName(code, 'en') ?? code;
}
