import { z } from 'zod';
import { envelope } from '../../envelope';
import { zAmount, zDateTime } from '../../zod-helpers';

/*
 * admin.taxRates: one rate per country, the shape of the store before tax rules (issue 37). Each
 * is a country's rule for every region and category with one component (tax-rates.repository.ts).
 */

export const ZAdminTaxRate = z
  .object({
    country: z.string().meta({ description: 'ISO 3166-1 alpha-2, or "*" for the default rate' }),
    name: z.string(),
    rate: z.number().meta({ description: 'Percent, e.g. 20 or 8.25' }),
    updated_at: zDateTime(),
  })
  .meta({ id: 'AdminTaxRate' });
export const ZAdminTaxRateOutput = envelope(ZAdminTaxRate);
export const ZAdminTaxRateListOutput = envelope(z.array(ZAdminTaxRate));

/** "*" or an upper-case alpha-2 code (the service checks it is a real country). */
const zTaxCountry = () =>
  z
    .string()
    .trim()
    .regex(/^(\*|[A-Z]{2})$/, 'An ISO 3166-1 alpha-2 code, or "*" for the default rate.');
export const ZTaxRateInput = z.object({
  country: zTaxCountry(),
  name: z.string().trim().min(1).max(120),
  rate: zAmount().refine((value) => value <= 100, { message: 'At most 100 (percent).' }),
});
export type TaxRateInput = z.infer<typeof ZTaxRateInput>;
export const ZTaxCountryInput = z.object({ country: zTaxCountry() });
