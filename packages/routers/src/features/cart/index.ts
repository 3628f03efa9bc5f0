// The cart slice's public surface (other slices import only this file).

export type { PricedCart } from './cart.pricing';
export type { CartRecord } from './cart.repository';
export { ZCartOutput } from './cart.schemas';
export { type CartCreditFields, type CartCredits, noCredits } from './cart.service';
