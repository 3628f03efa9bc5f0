/** The checkout slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { eraseIdempotencyKeys } from './account-data.repository';
export type { CodRefusalFor, DeliveryPromiseFor } from './checkout.delivery';
export { checkoutRouter } from './checkout.router';
export type { CheckoutService, GatewayCustomers } from './checkout.service';
export { createCheckoutSlice } from './checkout.slice';
export type { PaymentStatusService } from './payment-status';
export type { PlaceOrderService } from './place-order.service';
