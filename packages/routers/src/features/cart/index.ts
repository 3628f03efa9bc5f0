/** The cart slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { eraseCarts, mergeGuestCart, mergeGuestOrderedCarts } from './account-data.repository';
export {
  type CartCreditFields,
  type CartCreditsReader,
  type CreditFlag,
  type CreditsUse,
  cartCreditFields,
  creditFields,
  noCredits,
} from './cart.credits';
export type { CartRepositories, PricedCart, PricingRepositories } from './cart.priced';
export { COD_PAYMENT_METHOD, isShippingMethodOffered, priceCart, toCartDto } from './cart.priced';
export { type CartRecord, type CartRepository, createCartRepository } from './cart.repository';
export { cartRouter } from './cart.router';
export { type AddToCartInput, type CartDto, ZCart, ZCartOutput } from './cart.schemas';
export { type CartService, outOfStock } from './cart.service';
export { createCartSlice } from './cart.slice';
export {
  type CartTaxReader,
  requireTaxableAddress,
  type TaxAddress,
  taxAddressOf,
  taxProblemError,
} from './cart.tax';
export { handOverCart } from './cart-handover.steps';
export { gatewayOrderOwner } from './cart-reads.repository';
