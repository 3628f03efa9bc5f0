/** The tax slice's public surface: what other slices and the app may use (docs/architecture.md). */
export {
  taxCategoriesAdminRouter,
  taxRulesAdminRouter,
  taxSettingsAdminRouter,
} from './tax.admin.router';
export type { ProductsPerTaxCategory } from './tax.repositories';
export { createTaxSlice, type TaxSlice, type TaxSliceDeps } from './tax.slice';
export type { TaxCategoriesService } from './tax-categories.service';
export { taxRatesAdminRouter } from './tax-rates.admin.router';
export type { TaxRatesService } from './tax-rates.service';
export {
  DEFAULT_TAX_SETTINGS,
  type TaxCategoryRecord,
  type TaxReader,
  type TaxSettingsRecord,
  taxReader,
} from './tax-reads.repository';
export type { TaxRulesService } from './tax-rules.service';
export type { TaxSettingsService } from './tax-settings.service';
