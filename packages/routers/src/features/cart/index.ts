// The cart slice's public surface (other slices import only this file).
export type { CartRepositories, PricedCart } from './cart.priced';
export { isShippingMethodOffered, priceCart, toCartDto } from './cart.priced';
