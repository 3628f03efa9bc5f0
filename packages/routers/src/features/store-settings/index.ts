// The store-settings slice's public surface (other slices import only this file).
export type { CurrencyDto } from './store-settings.schemas';
export { ZCurrency } from './store-settings.schemas';
