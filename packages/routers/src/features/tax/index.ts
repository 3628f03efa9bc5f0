/** The tax slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { createTaxSlice, type TaxSlice, type TaxSliceDeps } from './tax.slice';
export { taxRatesAdminRouter } from './tax-rates.admin.router';
export type { TaxRatesService } from './tax-rates.service';
export {
  countryRateBasisPoints,
  DEFAULT_TAX_SETTINGS,
  type TaxCategoryRecord,
  type TaxReader,
  type TaxSettingsRecord,
  taxReader,
} from './tax-reads.repository';
