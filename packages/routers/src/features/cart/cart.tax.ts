import type { AddressSnapshot } from '@storefront/db/schema';
import {
  ANY,
  indianStateFrom,
  normaliseRegion,
  type PricingTax,
  selectTaxRule,
  type TaxRule,
  type TaxRuleProblem,
} from '@storefront/pricing';
import { type AppError, validationError } from '../../errors';

/**
 * What the cart needs of the shop's tax setup (the tax slice's reader satisfies it): the rules,
 * the two settings that change the arithmetic, and each category's code and HSN by id. The cart
 * names the port, not the slice, as with credits (docs/architecture.md).
 */
export interface CartTaxReader {
  settings(): Promise<{ pricesIncludeTax: boolean; shippingTaxable: boolean }>;
  rules(): Promise<TaxRule[]>;
  categories(): Promise<{ id: number; code: string; hsnCode: string | null }[]>;
}

/** Where the goods go, as the tax rules see it. */
export interface TaxAddress {
  country: string;
  /** The ISO 3166-2 subdivision (`KA`), or null when the address has none we recognise. */
  region: string | null;
  /** For India: the state's name and GST code, as the invoice prints them. */
  stateName: string | null;
  gstStateCode: string | null;
}

/**
 * An address's region for the rules: an Indian `state` is read by ISO code (`KA`, `IN-KA`) or by
 * name (docs/tax.md, "India: GST"); elsewhere the state is taken as the subdivision code. A state
 * that names no Indian state gives no region, which rules that need one answer REGION_REQUIRED.
 */
export function taxAddressOf(
  address: Pick<AddressSnapshot, 'country' | 'state'> | null | undefined,
): TaxAddress | null {
  if (!address) return null;
  const country = address.country.trim().toUpperCase();
  const state = address.state?.trim() || null;
  if (country === 'IN') {
    const indian = state ? indianStateFrom(state) : null;
    return {
      country,
      region: indian?.region ?? null,
      stateName: indian?.name ?? null,
      gstStateCode: indian?.gstCode ?? null,
    };
  }
  return {
    country,
    region: state ? normaliseRegion(country, state) : null,
    stateName: state,
    gstStateCode: null,
  };
}

/** The tax input for a cart priced now: rules, settings and the category code of each product. */
export async function loadCartTax(
  reader: CartTaxReader,
  shippingAddress: Pick<AddressSnapshot, 'country' | 'state'> | null | undefined,
) {
  const [settings, rules, categories] = await Promise.all([
    reader.settings(),
    reader.rules(),
    reader.categories(),
  ]);
  const address = taxAddressOf(shippingAddress);
  const tax: PricingTax = {
    rules,
    pricesIncludeTax: settings.pricesIncludeTax,
    shippingTaxable: settings.shippingTaxable,
    address: address && { country: address.country, region: address.region },
  };
  return { tax, address, categories: new Map(categories.map((c) => [c.id, c])) };
}

/**
 * A shipping address the rules cannot tax, as checkout answers it: 422 naming `state` when the
 * rules for the address's country depend on the state and it is missing or not one we know;
 * 422 naming `country` when no rule applies at all (docs/tax.md, "Bad input").
 */
export function taxProblemError(
  problem: TaxRuleProblem,
  address: Pick<AddressSnapshot, 'country' | 'state'>,
): AppError {
  if (problem.code === 'REGION_REQUIRED') {
    const state = address.state?.trim();
    const message =
      problem.country === 'IN'
        ? state
          ? `${state} is not an Indian state or union territory; enter its name or code (KA, IN-KA).`
          : 'Enter the state: tax in India depends on it.'
        : 'Enter the state or region: tax depends on it.';
    return validationError({ state: [message] });
  }
  return validationError({
    country: [`The shop cannot sell to ${problem.country}: it has no tax rule for it.`],
  });
}

/** The address-step check: does a region-dependent country get a region it can use? */
export async function requireTaxableAddress(
  reader: CartTaxReader,
  address: Pick<AddressSnapshot, 'country' | 'state'>,
): Promise<void> {
  const rules = await reader.rules();
  const taxAddress = taxAddressOf(address);
  if (!taxAddress) return;
  const selection = selectTaxRule(rules, {
    country: taxAddress.country,
    region: taxAddress.region,
    taxCategory: ANY,
  });
  if (!selection.ok && selection.code === 'REGION_REQUIRED') {
    throw taxProblemError(selection, address);
  }
}
