import {
  ANY,
  basisPointsToPercent,
  indianStateFrom,
  normaliseRegion,
  percentToBasisPoints,
} from '@storefront/pricing';
import { AppError, validationError } from '../../errors';
import { isCountryCode } from '../addresses';
import type { TaxRuleInput, TaxRuleUpdateInput } from './tax.admin.schemas';
import type { TaxRepositories } from './tax.repositories';
import type { TaxRuleRecord, TaxRuleValues } from './tax-rules.repository';

export function toAdminTaxRuleDto(rule: TaxRuleRecord) {
  return {
    id: rule.id,
    country: rule.country,
    region: rule.region,
    tax_category: rule.taxCategoryCode ?? ANY,
    components: rule.components.map((c) => ({
      name: c.name,
      rate: basisPointsToPercent(c.rateBasisPoints),
    })),
  };
}

const ruleNotFound = () => new AppError('NOT_FOUND', 'Tax rule not found.');

/**
 * The region as rules store it (docs/tax.md): `*`, or the subdivision without the country. In
 * India a state's ISO code or name is checked against the GST state table, so an Indian rule
 * can only name a state addresses can be matched to.
 */
export function ruleRegion(country: string, region: string): string {
  if (region.trim() === ANY) return ANY;
  if (country === ANY) {
    throw validationError({ region: ['A rule for every country covers every region: use "*".'] });
  }
  if (country === 'IN') {
    const state = indianStateFrom(region)?.region;
    if (!state) {
      throw validationError({
        region: ['Not an Indian state or union territory: give its code (KA, IN-KA) or name.'],
      });
    }
    return state;
  }
  const code = normaliseRegion(country, region);
  if (!/^[A-Z0-9]{1,3}$/.test(code)) {
    throw validationError({
      region: ['A subdivision code (ISO 3166-2) such as CA or US-CA, or "*".'],
    });
  }
  return code;
}

/** A rule's fields as the API gives them, checked against the store's data and normalised. */
async function toRuleValues(
  repos: Pick<TaxRepositories, 'categories'>,
  input: TaxRuleInput,
): Promise<TaxRuleValues> {
  if (input.country !== ANY && !isCountryCode(input.country)) {
    throw validationError({ country: ['Unknown country code.'] });
  }
  const region = ruleRegion(input.country, input.region);
  let taxCategoryId: number | null = null;
  if (input.tax_category !== ANY) {
    const category = await repos.categories.findByCode(input.tax_category);
    if (!category) throw validationError({ tax_category: ['Unknown tax category.'] });
    taxCategoryId = category.id;
  }
  return {
    country: input.country,
    region,
    taxCategoryId,
    components: input.components.map((c) => ({
      name: c.name,
      rateBasisPoints: percentToBasisPoints(c.rate),
    })),
  };
}

/**
 * admin.taxRules: (country, region, category) → components, the most specific rule winning at
 * checkout (docs/tax.md). Two rules with one key are refused (409). `changed` clears the cached
 * tax reads after each write.
 */
export function createTaxRulesService(deps: { repos: TaxRepositories; changed: () => void }) {
  const { repos, changed } = deps;
  return {
    async list() {
      return (await repos.rules.list()).map(toAdminTaxRuleDto);
    },

    async create(input: TaxRuleInput) {
      const created = await repos.rules.insert(await toRuleValues(repos, input));
      changed();
      return toAdminTaxRuleDto(created);
    },

    /** The fields given replace the rule's; the rest are checked again with them. */
    async update(id: number, input: TaxRuleUpdateInput) {
      const current = await repos.rules.find(id);
      if (!current) throw ruleNotFound();
      const values = await toRuleValues(repos, {
        country: input.country ?? current.country,
        region: input.region ?? current.region,
        tax_category: input.tax_category ?? current.taxCategoryCode ?? ANY,
        components:
          input.components ??
          current.components.map((c) => ({
            name: c.name,
            rate: basisPointsToPercent(c.rateBasisPoints),
          })),
      });
      const updated = await repos.rules.update(id, values);
      if (!updated) throw ruleNotFound();
      changed();
      return toAdminTaxRuleDto(updated);
    },

    async delete(id: number): Promise<null> {
      if (!(await repos.rules.delete(id))) throw ruleNotFound();
      changed();
      return null;
    },
  };
}

export type TaxRulesService = ReturnType<typeof createTaxRulesService>;
