import { ok } from '../../envelope';
import { customerProcedure, router } from '../../trpc';
import {
  ZBillingAddressInput,
  ZCheckoutOutput,
  ZChoosePaymentMethodInput,
  ZChooseShippingMethodInput,
  ZIdempotencyHeader,
  ZPaymentMethodsOutput,
  ZPlaceOrderInput,
  ZPlaceOrderOutput,
  ZShippingAddressInput,
  ZShippingMethodsOutput,
} from './checkout.schemas';

const tags = ['checkout'];
const STEP_DESCRIPTION =
  'Answers the whole checkout state (cart, saved addresses, chosen steps, missing_steps). Any step change voids a gateway order issued before it. 422 CART_EMPTY on an empty cart.';

export const checkoutRouter = router({
  init: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/init',
        tags,
        summary: 'Start checkout',
        description: STEP_DESCRIPTION,
        errorResponses: [401, 422],
      },
    })
    .output(ZCheckoutOutput)
    .query(async ({ ctx }) => ok(await ctx.services.checkout.init(ctx.session.user.id))),

  shippingAddress: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/shipping-address',
        tags,
        summary: 'Ship to a saved address (address_id) or a new one',
        description: `New addresses need first_name, last_name, phone, address_line_1, city, postcode and country (ISO 3166-1 alpha-2). ${STEP_DESCRIPTION}`,
      },
    })
    .input(ZShippingAddressInput)
    .output(ZCheckoutOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.setShippingAddress(ctx.session.user.id, input),
        'Shipping address saved.',
      ),
    ),

  billingAddress: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/billing-address',
        tags,
        summary: 'Bill to a saved address, a new one, or { "same_as_shipping": true }',
        description: `An unset billing address defaults to the shipping address. ${STEP_DESCRIPTION}`,
      },
    })
    .input(ZBillingAddressInput)
    .output(ZCheckoutOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.setBillingAddress(ctx.session.user.id, input),
        'Billing address saved.',
      ),
    ),

  shippingMethods: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/shipping-methods',
        tags,
        summary:
          'Shipping methods offered for this cart (free shipping appears once its minimum is reached)',
      },
    })
    .output(ZShippingMethodsOutput)
    .query(async ({ ctx }) => ok(await ctx.services.checkout.shippingMethods(ctx.session.user.id))),

  shippingMethod: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/shipping-method',
        tags,
        summary: 'Choose a shipping method',
        description: STEP_DESCRIPTION,
      },
    })
    .input(ZChooseShippingMethodInput)
    .output(ZCheckoutOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.setShippingMethod(ctx.session.user.id, input.shipping_method),
        'Shipping method saved.',
      ),
    ),

  paymentMethods: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/payment-methods',
        tags,
        summary: 'Payment methods (card, wallet, cod)',
      },
    })
    .output(ZPaymentMethodsOutput)
    .query(async ({ ctx }) => ok(await ctx.services.checkout.paymentMethods())),

  paymentMethod: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/payment-method',
        tags,
        summary:
          'Choose a payment method; card and wallet answer data.gateway_order { id, amount, currency }',
        description: `Gateway methods need the shipping address and method first (422 CHECKOUT_INCOMPLETE). The client pays the gateway order, then sends payment_data to place-order; the server checks gateway_signature = hex(HMAC-SHA256(secret, gateway_order_id + "|" + gateway_payment_id)). ${STEP_DESCRIPTION}`,
      },
    })
    .input(ZChoosePaymentMethodInput)
    .output(ZCheckoutOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.setPaymentMethod(ctx.session.user.id, input.payment_method),
        'Payment method saved.',
      ),
    ),

  summary: customerProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/summary',
        tags,
        summary: 'What will be ordered and charged',
        description: STEP_DESCRIPTION,
        errorResponses: [401, 422],
      },
    })
    .output(ZCheckoutOutput)
    .query(async ({ ctx }) => ok(await ctx.services.checkout.summary(ctx.session.user.id))),

  placeOrder: customerProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/place-order',
        tags,
        summary: 'Place the order (one transaction: stock, coupon use, snapshots, empty cart)',
        description:
          'Idempotency-Key: the same key from the same customer within 24 hours answers the first response again and creates nothing; a different body or a request still in flight → 409 IDEMPOTENCY_CONFLICT. A failed attempt frees its key. 422: CART_EMPTY, CHECKOUT_INCOMPLETE (errors name the steps), OUT_OF_STOCK, COUPON_INVALID, PAYMENT_FAILED.',
        requestHeaders: ZIdempotencyHeader,
        errorResponses: [401, 409, 422],
      },
      successStatus: 201,
      // Stock falls.
      changesCatalog: true,
    })
    .input(ZPlaceOrderInput)
    .output(ZPlaceOrderOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.placeOrder(
          ctx.session.user.id,
          input,
          ctx.request.idempotencyKey,
        ),
        'Order placed successfully.',
      ),
    ),
});
