import { ok } from '../../envelope';
import { router, shopperProcedure } from '../../trpc';
import {
  ZBillingAddressInput,
  ZCheckoutOutput,
  ZCheckoutPaymentStatusOutput,
  ZChoosePaymentMethodInput,
  ZChooseShippingMethodInput,
  ZIdempotencyHeader,
  ZPaymentMethodsOutput,
  ZPaymentStatusInput,
  ZPlaceOrderInput,
  ZPlaceOrderOutput,
  ZShippingAddressInput,
  ZShippingMethodsOutput,
} from './checkout.schemas';

const tags = ['checkout'];
const STEP_DESCRIPTION =
  'Answers the whole checkout state: cart, saved addresses, chosen steps and `missing_steps`. Any step change voids a gateway order issued before it. An empty cart answers 422 CART_EMPTY.';

export const checkoutRouter = router({
  init: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/init',
        tags,
        summary: 'Start checkout',
        description: `Starts (or resumes) checkout on the open cart. ${STEP_DESCRIPTION}`,
      },
      errors: ['CART_EMPTY'],
    })
    .output(ZCheckoutOutput)
    .query(async ({ ctx }) => ok(await ctx.services.checkout.steps.init(ctx.session.user.id))),

  shippingAddress: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/shipping-address',
        tags,
        summary: 'Set shipping address',
        description: `Ships to a saved address (\`address_id\`) or a new one; a new address needs first_name, last_name, phone, address_line_1, city, postcode and country (ISO 3166-1 alpha-2). Taxes follow the shipping country. A postcode the shop does not deliver to answers 422 ADDRESS_NOT_SERVICEABLE (docs/delivery.md). ${STEP_DESCRIPTION}`,
      },
      errors: ['CART_EMPTY', 'ADDRESS_NOT_SERVICEABLE'],
    })
    .input(ZShippingAddressInput)
    .output(ZCheckoutOutput)
    .mutation(async ({ ctx, input }) => {
      ctx.services.auth.signIn.guest.requireCheckoutEmail(ctx.session, input);
      return ok(
        await ctx.services.checkout.steps.setShippingAddress(ctx.session.user.id, input),
        'Shipping address saved.',
      );
    }),

  billingAddress: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/billing-address',
        tags,
        summary: 'Set billing address',
        description: `Bills to a saved address (\`address_id\`), a new one, or the shipping address (\`{"same_as_shipping": true}\`). An unset billing address defaults to the shipping address. ${STEP_DESCRIPTION}`,
      },
      errors: ['CART_EMPTY'],
    })
    .input(ZBillingAddressInput)
    .output(ZCheckoutOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.steps.setBillingAddress(ctx.session.user.id, input),
        'Billing address saved.',
      ),
    ),

  shippingMethods: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/shipping-methods',
        tags,
        summary: 'List shipping methods',
        description:
          'The shipping methods offered for this cart with their prices; free shipping appears once its minimum is reached. Once a shipping address is set, only if the shop delivers there (none otherwise), each with its `estimated_delivery` dates.',
      },
    })
    .output(ZShippingMethodsOutput)
    .query(async ({ ctx }) =>
      ok(await ctx.services.checkout.steps.shippingMethods(ctx.session.user.id)),
    ),

  shippingMethod: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/shipping-method',
        tags,
        summary: 'Set shipping method',
        description: `Chooses one of the offered shipping methods (422 errors.shipping_method otherwise). ${STEP_DESCRIPTION}`,
      },
      errors: ['CART_EMPTY'],
    })
    .input(ZChooseShippingMethodInput)
    .output(ZCheckoutOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.steps.setShippingMethod(
          ctx.session.user.id,
          input.shipping_method,
        ),
        'Shipping method saved.',
      ),
    ),

  paymentMethods: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/payment-methods',
        tags,
        summary: 'List payment methods',
        description:
          'The payment methods offered: card and wallet through the payment gateway, cash on delivery. Each has `available`; cash on delivery is available only when every COD rule allows it (docs/delivery.md), otherwise `reason` says which refuses: `postcode`, `order_value`, `phone_not_verified`, `too_many_open_orders` or `disabled`.',
      },
    })
    .output(ZPaymentMethodsOutput)
    .query(async ({ ctx }) =>
      ok(await ctx.services.checkout.steps.paymentMethods(ctx.session.user.id)),
    ),

  paymentMethod: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/payment-method',
        tags,
        summary: 'Set payment method',
        description: `Chooses a payment method. Card and wallet need the shipping address and method first (422 CHECKOUT_INCOMPLETE) and answer \`data.gateway_order\` { id, amount, currency, key_id }: \`amount\` is the cart's \`amount_due\` in major units of \`currency\`, like every amount of the API (Razorpay's own order holds it in minor units), and \`key_id\` the Razorpay key the app opens its checkout with (null on the development gateway). The app pays that gateway order, then sends the gateway's payment_data to place-order. Choosing again while the cart, its total and currency are unchanged answers the same gateway order; a customer may have at most 10 new gateway orders created an hour (429 RATE_LIMITED with \`Retry-After\`). ${STEP_DESCRIPTION}`,
      },
      errors: [
        'CART_EMPTY',
        'COD_NOT_AVAILABLE',
        'CHECKOUT_INCOMPLETE',
        'PAYMENT_FAILED',
        'RATE_LIMITED',
      ],
    })
    .input(ZChoosePaymentMethodInput)
    .output(ZCheckoutOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.steps.setPaymentMethod(
          ctx.session.user.id,
          input.payment_method,
        ),
        'Payment method saved.',
      ),
    ),

  summary: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/summary',
        tags,
        summary: 'Checkout summary',
        description: `What will be ordered and charged. ${STEP_DESCRIPTION}`,
      },
      errors: ['CART_EMPTY'],
    })
    .output(ZCheckoutOutput)
    .query(async ({ ctx }) => ok(await ctx.services.checkout.steps.summary(ctx.session.user.id))),

  paymentStatus: shopperProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/checkout/payment-status',
        tags,
        summary: 'Payment status',
        description:
          "What became of the payment on one of the caller's gateway orders, for an app that came back from a UPI app (or lost Razorpay's callback) and polls instead of calling place-order: `placed` with the order's id and number, `refunded` (the payment could not become an order: stock gone or the checkout changed; the money went back in full and the customer was e-mailed), `failed` (Razorpay reported the last attempt failed; paying again is possible) or `awaiting_payment`. Answered from the shop's database; Razorpay is asked at most once per 10 seconds per gateway order (whatever the polling rate), and a payment it shows authorized or captured is placed then, as the webhook would. Another customer's gateway order, or an unknown one, answers 404 NOT_FOUND. Poll every few seconds; never more than the app needs (docs/payments.md).",
      },
      errors: ['NOT_FOUND'],
    })
    .input(ZPaymentStatusInput)
    .output(ZCheckoutPaymentStatusOutput)
    .query(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.paymentStatus.status(
          ctx.session.user.id,
          input.gateway_order_id,
        ),
      ),
    ),

  placeOrder: shopperProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/checkout/place-order',
        tags,
        requestHeaders: ZIdempotencyHeader,
        summary: 'Place order',
        description:
          "Places the order in one transaction: stock is taken, the coupon use counted, addresses and prices copied onto the order, and the cart emptied. Card and wallet orders need the gateway's `payment_data`, which is verified at the gateway before the transaction opens (422 PAYMENT_FAILED otherwise); when the webhook already placed the order for that very payment, its owner sending the valid `payment_data` again gets that order back. Missing steps answer 422 CHECKOUT_INCOMPLETE with `errors` naming them; too little stock 422 OUT_OF_STOCK. With an `Idempotency-Key` header, the same key from the same customer within 24 hours answers the first response again and creates nothing; a different body, or a request still in flight, answers 409 IDEMPOTENCY_CONFLICT. A failed attempt frees its key. Gift cards on the cart are spent in the same transaction (first applied, first spent); a card whose balance fell meanwhile refuses the order with 422 GIFT_CARD_BALANCE_CHANGED and nothing is written. When gift cards pay the whole total no payment method is needed: the order's `payment_method` is `gift_card`, paid. Loyalty points on the cart are spent the same way (422 LOYALTY_BALANCE_CHANGED when the balance no longer holds them; `payment_method` `loyalty_points` when they pay everything). The delivery promise is checked again: 422 ADDRESS_NOT_SERVICEABLE when the shop no longer delivers to the address; the order keeps it as `estimated_delivery`.",
      },
      errors: [
        'CART_EMPTY',
        'CHECKOUT_INCOMPLETE',
        'OUT_OF_STOCK',
        'COUPON_INVALID',
        'PAYMENT_FAILED',
        'IDEMPOTENCY_CONFLICT',
        'GIFT_CARD_BALANCE_CHANGED',
        'LOYALTY_BALANCE_CHANGED',
        'ADDRESS_NOT_SERVICEABLE',
        'COD_NOT_AVAILABLE',
      ],
      successStatus: 201,
      // Stock falls.
      changesCatalog: true,
      idempotent: true,
    })
    .input(ZPlaceOrderInput)
    .output(ZPlaceOrderOutput)
    .mutation(async ({ ctx, input }) =>
      ok(
        await ctx.services.checkout.placeOrder.placeOrder(
          ctx.session.user.id,
          input,
          ctx.idempotency,
        ),
        'Order placed successfully.',
      ),
    ),
});
