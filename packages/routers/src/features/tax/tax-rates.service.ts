import { AppError, validationError } from '../../errors';
import { amountToCents, centsToAmount } from '../../money';
import { toIso } from '../../zod-helpers';
import { isCountryCode } from '../addresses';
import type { TaxRateInput } from './tax-rates.admin.schemas';
import {
  ANY_COUNTRY,
  type CountryRateRecord,
  type TaxRatesRepository,
} from './tax-rates.repository';

export function toAdminTaxRateDto(rate: CountryRateRecord) {
  return {
    country: rate.country,
    name: rate.name,
    // Basis points → percent with at most 2 decimals, the same conversion as money.
    rate: centsToAmount(rate.rateBasisPoints),
    updated_at: toIso(rate.updatedAt),
  };
}

/**
 * admin.taxRates, kept for the panel's rates page: a country's single rate is its rule for every
 * region and category. `changed` clears the cached tax reads after each write.
 */
export function createTaxRatesService({
  repo,
  changed,
}: {
  repo: TaxRatesRepository;
  changed: () => void;
}) {
  return {
    async list() {
      return (await repo.list()).map(toAdminTaxRateDto);
    },

    /** Creates or replaces the rate of a country ("*": the default rate). */
    async set(input: TaxRateInput) {
      if (input.country !== ANY_COUNTRY && !isCountryCode(input.country)) {
        throw validationError({ country: ['Unknown country code.'] });
      }
      const saved = await repo.set({
        country: input.country,
        name: input.name,
        rateBasisPoints: amountToCents(input.rate),
      });
      changed();
      return toAdminTaxRateDto(saved);
    },

    /**
     * The country falls back to the default rate. The default itself stays (set it to 0 for no
     * tax): every cart needs a rate to fall back to.
     */
    async delete(country: string): Promise<null> {
      if (country === ANY_COUNTRY) {
        throw validationError(
          { country: ['The default rate cannot be removed; set it to 0 instead.'] },
          'The default tax rate cannot be removed.',
        );
      }
      if (!(await repo.delete(country))) {
        throw new AppError('NOT_FOUND', 'This country has no tax rate of its own.');
      }
      changed();
      return null;
    },
  };
}

export type TaxRatesService = ReturnType<typeof createTaxRatesService>;
