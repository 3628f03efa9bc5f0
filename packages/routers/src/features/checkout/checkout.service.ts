import { createHash } from 'node:crypto';
import { isUniqueViolation } from '@storefront/db/errors';
import type { AddressSnapshot } from '@storefront/db/schema';
import { AppError, validationError } from '../../errors';
import { centsToAmount } from '../../money';
import type { Clock } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { AddressRecord } from '../addresses/addresses.repository';
import type { AddressDto } from '../addresses/addresses.schemas';
import { toAddressDto } from '../addresses/addresses.service';
import { countryName } from '../addresses/countries';
import {
  type CartRepositories,
  isShippingMethodOffered,
  type PricedCart,
  priceCart,
  toCartDto,
} from '../cart/cart.pricing';
import type { CartRecord, ShippingMethodRecord } from '../cart/cart.repository';
import { outOfStock } from '../cart/cart.service';
import { STATUS_EVENT_TEXT } from '../orders/order-status';
import type { OrdersRepository } from '../orders/orders.repository';
import type { PaymentProviders } from '../payments/providers';
import type { CheckoutRepository, PaymentMethodRecord } from './checkout.repository';
import {
  type AddressStepInput,
  type CHECKOUT_STEPS,
  type CheckoutDto,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from './checkout.schemas';

export interface CheckoutRepositories extends CartRepositories {
  checkout: CheckoutRepository;
  orders: OrdersRepository;
}

export interface CheckoutServiceDeps {
  repos: CheckoutRepositories;
  inTransaction: InTransaction<CheckoutRepositories>;
  addresses: {
    list(userId: number): Promise<AddressDto[]>;
    requireOwned(userId: number, id: number): Promise<AddressRecord>;
  };
  payments: PaymentProviders;
  isFeatureEnabled: (flag: 'coupons') => Promise<boolean>;
  clock: Clock;
}

type Step = (typeof CHECKOUT_STEPS)[number];

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** An in-flight key older than this belongs to a request that died; it may be taken over. */
const IDEMPOTENCY_STALE_MS = 60 * 1000;

const STEP_MESSAGES: Record<Step, string> = {
  shipping_address: 'Choose a shipping address.',
  shipping_method: 'Choose a shipping method.',
  payment_method: 'Choose a payment method.',
};

const toShippingMethodDto = (method: ShippingMethodRecord) => ({
  code: method.code,
  name: method.name,
  description: method.description,
  rate: centsToAmount(method.rateCents),
});

const toPaymentMethodDto = (method: PaymentMethodRecord) => ({
  code: method.code,
  name: method.name,
  description: method.description,
  type: method.type,
});

function snapshotOf(
  address: Omit<
    AddressDto,
    'id' | 'type' | 'is_default_billing' | 'is_default_shipping' | 'country_name'
  >,
): AddressSnapshot {
  return {
    first_name: address.first_name,
    last_name: address.last_name,
    email: address.email ?? null,
    phone: address.phone,
    address_line_1: address.address_line_1,
    address_line_2: address.address_line_2 || null,
    city: address.city,
    state: address.state || null,
    postcode: address.postcode,
    country: address.country,
    country_name: countryName(address.country),
  };
}

/** Whether the gateway order on the cart still matches it: same contents, amount and currency. */
function gatewayOrderValid(priced: PricedCart): boolean {
  const { cart } = priced;
  return (
    cart.gatewayOrderId !== null &&
    cart.gatewayCartVersion === cart.version &&
    cart.gatewayAmountCents === priced.totals.totalCents &&
    cart.gatewayCurrency === priced.currency
  );
}

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { repos, inTransaction, payments, clock } = deps;

  async function price(cart: CartRecord, txRepos: CartRepositories = repos): Promise<PricedCart> {
    return priceCart(txRepos, cart, {
      now: clock.now(),
      couponsEnabled: await deps.isFeatureEnabled('coupons'),
    });
  }

  function missingSteps(
    priced: PricedCart,
    paymentMethod: PaymentMethodRecord | undefined,
  ): Step[] {
    const missing: Step[] = [];
    if (!priced.cart.shippingAddress) missing.push('shipping_address');
    if (!priced.shippingMethod) missing.push('shipping_method');
    const needsGatewayOrder =
      paymentMethod && payments.forType(paymentMethod.type).kind === 'gateway';
    if (!paymentMethod || (needsGatewayOrder && !gatewayOrderValid(priced)))
      missing.push('payment_method');
    return missing;
  }

  const requireItems = (priced: PricedCart) => {
    if (priced.lines.length === 0)
      throw new AppError('CART_EMPTY', 'Your cart is empty. Add something before checking out.');
  };

  async function state(
    userId: number,
    options: { requireItems?: boolean } = {},
  ): Promise<CheckoutDto> {
    const cart = await repos.cart.openCart(userId);
    const priced = await price(cart);
    if (options.requireItems !== false) requireItems(priced);
    const paymentMethod = cart.paymentMethod
      ? await repos.checkout.paymentMethod(cart.paymentMethod)
      : undefined;
    const missing = missingSteps(priced, paymentMethod);
    return {
      cart: toCartDto(priced),
      saved_addresses: await deps.addresses.list(userId),
      shipping_address: cart.shippingAddress,
      billing_address: cart.billingSameAsShipping
        ? cart.shippingAddress
        : (cart.billingAddress ?? cart.shippingAddress),
      shipping_method: priced.shippingMethod ? toShippingMethodDto(priced.shippingMethod) : null,
      payment_method: paymentMethod ? toPaymentMethodDto(paymentMethod) : null,
      gateway_order:
        cart.gatewayOrderId && gatewayOrderValid(priced)
          ? {
              id: cart.gatewayOrderId,
              amount: centsToAmount(priced.totals.totalCents),
              currency: priced.currency,
            }
          : null,
      missing_steps: missing,
      ready_to_place: missing.length === 0,
    };
  }

  /** Changes a step on a non-empty cart; any change voids a gateway order issued before it. */
  async function changeStep(
    userId: number,
    change: (
      cart: CartRecord,
      priced: PricedCart,
    ) => Promise<Parameters<CheckoutRepositories['cart']['update']>[1]>,
  ) {
    const cart = await repos.cart.openCart(userId);
    const priced = await price(cart);
    requireItems(priced);
    const changes = await change(cart, priced);
    await repos.cart.update(cart.id, {
      gatewayOrderId: null,
      gatewayAmountCents: null,
      gatewayCurrency: null,
      gatewayCartVersion: null,
      ...changes,
    });
    return state(userId);
  }

  async function resolveAddress(userId: number, input: AddressStepInput): Promise<AddressSnapshot> {
    if (input.address_id !== undefined) {
      const saved = await deps.addresses
        .requireOwned(userId, input.address_id)
        .catch((error: unknown) => {
          if (error instanceof AppError && error.errorCode === 'NOT_FOUND') {
            throw validationError({ address_id: ['This address is not in your address book.'] });
          }
          throw error;
        });
      return snapshotOf(toAddressDto(saved));
    }
    return snapshotOf(input as Parameters<typeof snapshotOf>[0]);
  }

  async function shippingMethodsFor(priced: PricedCart) {
    const methods = await repos.cart.activeShippingMethods();
    const afterDiscount = priced.totals.subtotalCents - priced.totals.discountCents;
    return methods.filter((method) => isShippingMethodOffered(method, afterDiscount));
  }

  /** The checks and writes of place-order, in one transaction holding the cart's lock. */
  async function placeOrderNow(
    userId: number,
    input: PlaceOrderInput,
    idempotencyKey: string | undefined,
  ): Promise<PlaceOrderResult> {
    const couponsEnabled = await deps.isFeatureEnabled('coupons');
    const now = clock.now();
    return inTransaction(async (tx) => {
      const cart = await tx.cart.openCart(userId, { lock: true });
      const priced = await priceCart(tx, cart, { now, couponsEnabled });
      requireItems(priced);
      const unavailable = priced.lines.find((line) => !line.available);
      if (unavailable) {
        throw new AppError(
          'OUT_OF_STOCK',
          `${unavailable.purchasable?.name ?? 'A product'} is no longer available; remove it from your cart.`,
        );
      }
      const paymentMethod = cart.paymentMethod
        ? await tx.checkout.paymentMethod(cart.paymentMethod)
        : undefined;
      const missing = missingSteps(priced, paymentMethod);
      if (missing.length > 0 || !paymentMethod || !priced.shippingMethod || !cart.shippingAddress) {
        throw new AppError(
          'CHECKOUT_INCOMPLETE',
          `Complete these steps first: ${missing.join(', ')}.`,
          {
            fieldErrors: Object.fromEntries(missing.map((step) => [step, [STEP_MESSAGES[step]]])),
          },
        );
      }
      if (cart.couponCode && couponsEnabled && !priced.couponValid) {
        throw new AppError(
          'COUPON_INVALID',
          priced.warnings.find((w) => w.includes(cart.couponCode ?? '')) ??
            'The coupon can no longer be used.',
        );
      }

      const provider = payments.forType(paymentMethod.type);
      let gatewayPaymentId: string | null = null;
      if (provider.kind === 'gateway') {
        const proof = input.payment_data;
        if (!proof) {
          throw new AppError(
            'PAYMENT_FAILED',
            'Send payment_data from the gateway to pay by card or wallet.',
            {
              fieldErrors: {
                payment_data: ['This field is required for card and wallet payments.'],
              },
            },
          );
        }
        const verified =
          proof.gateway_order_id === cart.gatewayOrderId &&
          gatewayOrderValid(priced) &&
          provider.verifyPayment({
            gatewayOrderId: proof.gateway_order_id,
            gatewayPaymentId: proof.gateway_payment_id,
            signature: proof.gateway_signature,
          });
        if (!verified)
          throw new AppError('PAYMENT_FAILED', 'The payment could not be verified for this order.');
        if (await tx.orders.paymentIdUsed(proof.gateway_payment_id)) {
          throw new AppError(
            'PAYMENT_FAILED',
            'This payment has already been used for another order.',
          );
        }
        gatewayPaymentId = proof.gateway_payment_id;
      }

      for (const line of priced.lines) {
        const taken = await tx.orders.takeStock({
          productId: line.item.productId,
          variantId: line.item.variantId,
          quantity: line.item.quantity,
        });
        if (!taken && line.purchasable) throw outOfStock(line.purchasable);
      }

      const { totals } = priced;
      const order = await tx.orders.insertOrder(
        {
          userId,
          status: 'pending',
          paymentStatus: gatewayPaymentId ? 'paid' : 'pending',
          paymentMethod: paymentMethod.code,
          shippingMethod: priced.shippingMethod.code,
          subtotalCents: totals.subtotalCents,
          discountCents: totals.discountCents,
          shippingCents: totals.shippingCents,
          taxCents: totals.taxCents,
          totalCents: totals.totalCents,
          currency: priced.currency,
          couponCode: priced.couponValid ? (priced.coupon?.code ?? null) : null,
          shippingAddress: cart.shippingAddress,
          billingAddress: cart.billingSameAsShipping
            ? cart.shippingAddress
            : (cart.billingAddress ?? cart.shippingAddress),
          notes: input.notes ?? null,
          gatewayOrderId: gatewayPaymentId ? cart.gatewayOrderId : null,
          gatewayPaymentId,
        },
        priced.lines.map((line) => ({
          productId: line.item.productId,
          variantId: line.item.variantId,
          productName: line.purchasable?.name ?? '',
          variantName: line.purchasable?.variantName ?? null,
          sku: line.purchasable?.sku ?? '',
          priceCents: line.unitPriceCents,
          quantity: line.item.quantity,
          totalCents: line.lineTotalCents,
        })),
      );
      if (
        priced.couponValid &&
        priced.coupon &&
        !(await tx.orders.redeemCoupon(priced.coupon.id, userId, order.id))
      ) {
        throw new AppError(
          'COUPON_INVALID',
          `Coupon ${priced.coupon.code} has been fully redeemed.`,
        );
      }
      await tx.orders.addEvent(order.id, 'pending', STATUS_EVENT_TEXT.pending);
      // The cart becomes the order's; the customer's next request gets a new, empty cart.
      await tx.cart.update(cart.id, { status: 'ordered' });
      const result: PlaceOrderResult = {
        order_id: order.id,
        order_number: order.orderNumber,
        total: centsToAmount(order.totalCents),
        status: order.status,
        payment_status: order.paymentStatus,
      };
      if (idempotencyKey)
        await tx.checkout.completeIdempotencyKey(userId, idempotencyKey, 201, result);
      return result;
    }).catch((error: unknown) => {
      // Two orders racing with one payment id: the unique index refuses the second.
      if (isUniqueViolation(error, 'orders_gateway_payment_key')) {
        throw new AppError(
          'PAYMENT_FAILED',
          'This payment has already been used for another order.',
        );
      }
      throw error;
    });
  }

  return {
    init: (userId: number) => state(userId),
    summary: (userId: number) => state(userId),

    setShippingAddress(userId: number, input: AddressStepInput) {
      return changeStep(userId, async () => ({
        shippingAddress: await resolveAddress(userId, input),
      }));
    },

    setBillingAddress(userId: number, input: AddressStepInput) {
      return changeStep(userId, async () => {
        if (input.same_as_shipping) return { billingSameAsShipping: true, billingAddress: null };
        return {
          billingSameAsShipping: false,
          billingAddress: await resolveAddress(userId, input),
        };
      });
    },

    async shippingMethods(userId: number) {
      const priced = await price(await repos.cart.openCart(userId));
      return (await shippingMethodsFor(priced)).map(toShippingMethodDto);
    },

    setShippingMethod(userId: number, code: string) {
      return changeStep(userId, async (_cart, priced) => {
        const offered = await shippingMethodsFor(priced);
        if (!offered.some((method) => method.code === code)) {
          throw validationError({
            shipping_method: [`Choose one of: ${offered.map((m) => m.code).join(', ')}.`],
          });
        }
        return { shippingMethod: code };
      });
    },

    async paymentMethods() {
      return (await repos.checkout.activePaymentMethods()).map(toPaymentMethodDto);
    },

    /** A gateway method issues a gateway order for the current total; COD needs nothing more. */
    setPaymentMethod(userId: number, code: string) {
      return changeStep(userId, async (cart, priced) => {
        const method = await repos.checkout.paymentMethod(code);
        if (!method) {
          const codes = (await repos.checkout.activePaymentMethods()).map((m) => m.code);
          throw validationError({ payment_method: [`Choose one of: ${codes.join(', ')}.`] });
        }
        const provider = payments.forType(method.type);
        if (provider.kind !== 'gateway') return { paymentMethod: method.code };
        const before = missingSteps(priced, undefined).filter((step) => step !== 'payment_method');
        if (before.length > 0) {
          throw new AppError(
            'CHECKOUT_INCOMPLETE',
            'Choose the address and shipping method before paying by card or wallet.',
            {
              fieldErrors: Object.fromEntries(before.map((step) => [step, [STEP_MESSAGES[step]]])),
            },
          );
        }
        const gatewayOrder = await provider.createOrder({
          amountMinor: priced.totals.totalCents,
          currency: priced.currency,
        });
        return {
          paymentMethod: method.code,
          gatewayOrderId: gatewayOrder.id,
          gatewayAmountCents: priced.totals.totalCents,
          gatewayCurrency: priced.currency,
          gatewayCartVersion: cart.version,
        };
      });
    },

    /**
     * Places the order. With an Idempotency-Key, the same key from the same customer within 24 h
     * answers the first response again; a key in flight or sent with a different body is a 409.
     */
    async placeOrder(
      userId: number,
      input: PlaceOrderInput,
      idempotencyKey?: string,
    ): Promise<PlaceOrderResult> {
      if (!idempotencyKey) return placeOrderNow(userId, input, undefined);
      if (idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw validationError({
          'Idempotency-Key': [`Must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`],
        });
      }
      const requestHash = createHash('sha256').update(JSON.stringify(input)).digest('hex');
      const now = clock.now().getTime();
      const claim = await repos.checkout.claimIdempotencyKey({
        userId,
        key: idempotencyKey,
        requestHash,
        expiredBefore: new Date(now - IDEMPOTENCY_TTL_MS),
        staleBefore: new Date(now - IDEMPOTENCY_STALE_MS),
      });
      if (!claim.claimed) {
        const { existing } = claim;
        if (existing.requestHash !== requestHash) {
          throw new AppError(
            'IDEMPOTENCY_CONFLICT',
            'This Idempotency-Key was already used with a different request.',
          );
        }
        if (existing.state !== 'done') {
          throw new AppError(
            'IDEMPOTENCY_CONFLICT',
            'A request with this Idempotency-Key is still being processed.',
          );
        }
        return existing.response as PlaceOrderResult;
      }
      try {
        return await placeOrderNow(userId, input, idempotencyKey);
      } catch (error) {
        await repos.checkout.releaseIdempotencyKey(userId, idempotencyKey);
        throw error;
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
