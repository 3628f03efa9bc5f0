/** The store-settings slice's public surface: what other slices and the app may use (docs/architecture.md). */
export type { CurrenciesService } from './currencies.service';
export { settingsAdminRouter } from './feature-flags.admin.router';
export { featuresRouter } from './feature-flags.router';
export {
  FEATURE_FLAGS,
  type FeatureFlag,
  type FeatureFlags,
  ZFeatures,
} from './feature-flags.schemas';
export type { SettingsService } from './feature-flags.service';
export {
  createReferenceDataRepository,
  type PaymentMethodRecord,
  type ReferenceDataRepository,
  type ShippingMethodRecord,
} from './reference-data.repository';
export { activeShippingMethodRows } from './shipping-reads.repository';
export {
  currenciesAdminRouter,
  shippingMethodsAdminRouter,
} from './store-settings.admin.router';
export { currencyRouter } from './store-settings.router';
export type { CurrencyDto } from './store-settings.schemas';
export { ZCurrency } from './store-settings.schemas';
export type { StoreSettingsService } from './store-settings.service';
export { createStoreSettingsSlice } from './store-settings.slice';
