import type { AddressSnapshot } from '@storefront/db/schema';
import { AppError, validationError } from '../../errors';
import type { IdempotencyRepository } from '../../idempotency.repository';
import { amountToCents, centsToAmount } from '../../money';
import type { Clock, JobEnqueuer, RateLimiter } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import { type AddressDto, type AddressRecord, countryName, toAddressDto } from '../addresses';
import {
  type CartRecord,
  type CartRepositories,
  cartCreditFields,
  isShippingMethodOffered,
  type PricedCart,
  priceCart,
  requireTaxableAddress,
  toCartDto,
} from '../cart';
import type { StockRepository } from '../catalog';
import type { CouponRedemptionsRepository } from '../coupons';
import type { GiftCardsRepository } from '../gift-cards';
import type { LoyaltyRepository } from '../loyalty';
import type { DocumentCountersRepository, OrdersRepository } from '../orders';
import type { GatewayOrdersRepository, PaymentProvider, PaymentProviders } from '../payments';
import type { TaxReader } from '../tax';
import {
  COD_METHOD,
  type CodRefusalFor,
  codNotAvailable,
  type DeliveryPromiseFor,
  requireServiceable,
} from './checkout.delivery';
import { type AddressStepInput, type CheckoutDto, canonicalGstin } from './checkout.schemas';
import {
  type AmountDue,
  billingAddressOf,
  checkoutIncomplete,
  gatewayOrderValid,
  missingSteps,
  requireItems,
  toPaymentMethodDto,
  toShippingMethodDto,
} from './checkout.state';

export interface CheckoutRepositories extends CartRepositories {
  /** The order spends what the cart's credits showed (gift-card-spend.steps.ts, loyalty's). */
  giftCards: GiftCardsRepository;
  loyalty: LoyaltyRepository;
  coupons: CouponRedemptionsRepository;
  stock: StockRepository;
  orders: OrdersRepository;
  idempotency: IdempotencyRepository;
  gatewayOrders: GatewayOrdersRepository;
  jobs: JobEnqueuer;
  /** Invoice numbers taken at placement (orders' invoicing step) and the settings they follow. */
  counters: DocumentCountersRepository;
  tax: TaxReader;
}

export interface CheckoutServiceDeps {
  repos: CheckoutRepositories;
  addresses: {
    list(userId: number): Promise<AddressDto[]>;
    requireOwned(userId: number, id: number): Promise<AddressRecord>;
  };
  payments: PaymentProviders;
  /** Gateway orders a customer may have created per hour (each is a call to the gateway). */
  gatewayOrderLimiter: RateLimiter;
  isFeatureEnabled: (flag: 'coupons') => Promise<boolean>;
  clock: Clock;
  /** Whether and when the shop delivers to an address (delivery's serviceability). */
  deliveryPromise: DeliveryPromiseFor;
  /** Why cash on delivery is refused for a customer's order (delivery's COD rules). */
  codRefusal: CodRefusalFor;
  /**
   * The customer's Razorpay customer (payments' saved cards): `ensure` creates it at Razorpay
   * when a gateway order is made, `known` reads it. Absent: none (the gateway order's
   * `customer_id` is null).
   */
  gatewayCustomers?: GatewayCustomers | undefined;
}

/** The Razorpay customer saved cards are kept under (issue 40), by shop customer. */
export interface GatewayCustomers {
  ensure(userId: number): Promise<string | null>;
  known(userId: number): Promise<string | null>;
}

const productIdsOf = (priced: PricedCart) => priced.lines.map((line) => line.item.productId);

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

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { repos, payments, clock } = deps;

  async function price(cart: CartRecord, txRepos: CartRepositories = repos): Promise<PricedCart> {
    return priceCart(txRepos, cart, {
      now: clock.now(),
      couponsEnabled: await deps.isFeatureEnabled('coupons'),
    });
  }

  /** What the gateway charges for the cart: its total less what gift cards and points pay. */
  async function amountDue(priced: PricedCart) {
    const fields = await cartCreditFields(repos.credits, priced, {
      now: clock.now(),
      isEnabled: (flag) => repos.flags.isFeatureEnabled(flag),
    });
    const due: AmountDue = {
      cents: amountToCents(fields.amount_due),
      covered: fields.amount_due === 0 && fields.gift_card_amount + fields.loyalty_amount > 0,
    };
    return { fields, due };
  }

  async function state(
    userId: number,
    options: { requireItems?: boolean } = {},
  ): Promise<CheckoutDto> {
    const cart = await repos.cart.openCart(userId);
    const priced = await price(cart);
    if (options.requireItems !== false) requireItems(priced);
    const paymentMethod = cart.paymentMethod
      ? await repos.reference.paymentMethod(cart.paymentMethod)
      : undefined;
    const { fields, due } = await amountDue(priced);
    const missing = missingSteps(payments, priced, paymentMethod, due);
    return {
      cart: { ...toCartDto(priced), ...fields },
      saved_addresses: await deps.addresses.list(userId),
      shipping_address: cart.shippingAddress,
      billing_address: billingAddressOf(cart),
      shipping_method: priced.shippingMethod ? toShippingMethodDto(priced.shippingMethod) : null,
      payment_method: paymentMethod ? toPaymentMethodDto(paymentMethod) : null,
      gateway_order:
        cart.gatewayOrderId && gatewayOrderValid(priced, due)
          ? {
              id: cart.gatewayOrderId,
              amount: centsToAmount(due.cents),
              currency: priced.currency,
              key_id: paymentMethod ? payments.forType(paymentMethod.type).keyId : null,
              customer_id: (await deps.gatewayCustomers?.known(userId)) ?? null,
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
      gatewayPaymentError: null,
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

  /**
   * The gateway order for the cart as it is: the one created for this very cart, contents,
   * amount and currency, when there is one (choosing again costs nothing); otherwise a new one,
   * within the customer's hourly allowance, recorded as the shop's (payment-events.ts).
   */
  async function gatewayOrderFor(
    provider: PaymentProvider,
    userId: number,
    cart: CartRecord,
    priced: PricedCart,
    due: AmountDue,
  ): Promise<string> {
    const issued = {
      cartId: cart.id,
      cartVersion: cart.version,
      amountCents: due.cents,
      currency: priced.currency,
    };
    const existing = await repos.gatewayOrders.findFor(issued);
    if (existing) return existing.id;
    await consumeOrRefuse(
      deps.gatewayOrderLimiter,
      String(userId),
      'Too many payment attempts. Please try again later or choose cash on delivery.',
    );
    // A refusal or an unreachable gateway throws before anything about the cart changes.
    const created = await provider.createOrder({
      amountMinor: issued.amountCents,
      currency: issued.currency,
      receipt: `cart-${cart.id}-v${cart.version}`,
      notes: { customer_id: String(userId), cart_id: String(cart.id) },
    });
    await repos.gatewayOrders.record({ id: created.id, userId, ...issued });
    return created.id;
  }

  /** Why COD is refused for this cart now (its address's rule, its total, the customer). */
  async function codRefusalFor(userId: number, cart: CartRecord, priced: PricedCart) {
    const promise = cart.shippingAddress
      ? await deps.deliveryPromise(cart.shippingAddress.postcode, productIdsOf(priced))
      : null;
    return deps.codRefusal(userId, {
      postcodeCod: promise && promise.deliverable !== false && promise.postcodeCod,
      // The order's value without the COD fee, so choosing COD does not move it over a bound.
      orderValueCents: priced.totals.totalCents - priced.totals.codFeeCents,
    });
  }

  async function shippingMethodsFor(priced: PricedCart) {
    const methods = await repos.reference.activeShippingMethods();
    // The shelf amounts, as the method's minimum means them (with prices including tax the
    // totals' subtotal is net of tax).
    const listed = priced.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const afterDiscount = listed - priced.totals.discountCents;
    return methods.filter((method) => isShippingMethodOffered(method, afterDiscount));
  }

  return {
    init: (userId: number) => state(userId),
    summary: (userId: number) => state(userId),

    setShippingAddress(userId: number, input: AddressStepInput) {
      return changeStep(userId, async (_cart, priced) => {
        const shippingAddress = await resolveAddress(userId, input);
        await requireTaxableAddress(repos.tax, shippingAddress);
        const promise = await deps.deliveryPromise(shippingAddress.postcode, productIdsOf(priced));
        requireServiceable(promise, shippingAddress.postcode);
        return { shippingAddress };
      });
    },

    setBillingAddress(userId: number, input: AddressStepInput) {
      // The GSTIN is kept only when given: a billing address without one stays as it always was.
      const gstin = typeof input.gstin === 'string' ? canonicalGstin(input.gstin) : undefined;
      return changeStep(userId, async () => {
        if (input.same_as_shipping) {
          return { billingSameAsShipping: true, billingAddress: gstin ? { gstin } : null };
        }
        const address = await resolveAddress(userId, input);
        return {
          billingSameAsShipping: false,
          billingAddress: gstin ? { ...address, gstin } : address,
        };
      });
    },

    /** Only when the shop delivers to the cart's address, each with its dates once one is set. */
    async shippingMethods(userId: number) {
      const cart = await repos.cart.openCart(userId);
      const priced = await price(cart);
      const promise = cart.shippingAddress
        ? await deps.deliveryPromise(cart.shippingAddress.postcode, productIdsOf(priced))
        : null;
      if (promise?.deliverable === false) return [];
      return (await shippingMethodsFor(priced)).map((method) => ({
        ...toShippingMethodDto(method),
        estimated_delivery: promise?.estimatedDelivery ?? null,
      }));
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

    /** Every method with `available`; COD's follows the COD rules, with the refusing `reason`. */
    async paymentMethods(userId: number) {
      const cart = await repos.cart.openCart(userId);
      const methods = await repos.reference.activePaymentMethods();
      const codReason = methods.some((method) => method.code === COD_METHOD)
        ? await codRefusalFor(userId, cart, await price(cart))
        : null;
      return methods.map((method) => {
        const reason = method.code === COD_METHOD ? codReason : null;
        return { ...toPaymentMethodDto(method), available: reason === null, reason };
      });
    },

    /**
     * A gateway method needs a gateway order for the current total (gatewayOrderFor); COD needs
     * nothing more.
     */
    setPaymentMethod(userId: number, code: string) {
      return changeStep(userId, async (cart, pricedBefore) => {
        const method = await repos.reference.paymentMethod(code);
        if (!method) {
          const codes = (await repos.reference.activePaymentMethods()).map((m) => m.code);
          throw validationError({ payment_method: [`Choose one of: ${codes.join(', ')}.`] });
        }
        if (method.code === COD_METHOD) {
          const reason = await codRefusalFor(userId, cart, pricedBefore);
          if (reason) throw codNotAvailable(reason);
        }
        const provider = payments.forType(method.type);
        if (provider.kind !== 'gateway') return { paymentMethod: method.code };
        // Priced as paid by this method: leaving COD drops its fee from what the gateway charges.
        const priced =
          cart.paymentMethod === method.code
            ? pricedBefore
            : await price({ ...cart, paymentMethod: method.code });
        const before = missingSteps(payments, priced, undefined).filter(
          (step) => step !== 'payment_method',
        );
        if (before.length > 0) {
          throw checkoutIncomplete(
            'Choose the address and shipping method before paying by card or wallet.',
            before,
          );
        }
        const { due } = await amountDue(priced);
        // Saved cards are a convenience: a Razorpay customer that cannot be made now is not a
        // reason to refuse the card payment (customer_id stays null).
        await deps.gatewayCustomers?.ensure(userId).catch(() => null);
        return {
          paymentMethod: method.code,
          gatewayOrderId: await gatewayOrderFor(provider, userId, cart, priced, due),
          gatewayAmountCents: due.cents,
          gatewayCurrency: priced.currency,
          gatewayCartVersion: cart.version,
        };
      });
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
