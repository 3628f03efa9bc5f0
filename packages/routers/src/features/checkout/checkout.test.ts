import {
  couponRedemptions,
  coupons,
  idempotencyKeys,
  orders,
  products,
  productVariants,
} from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import {
  createConfigurableProduct,
  createCoupon,
  createPlacedOrder,
  createProduct,
} from '@storefront/db/testing/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSlice, type SliceHarness } from '../../../test/slice-caller';
import type { AppError } from '../../errors';
import { createIdempotencyRepository } from '../../idempotency.repository';
import { createCartRepository, priceCart } from '../cart';
import { createPurchasablesRepository, createStockRepository } from '../catalog';
import { createCouponRedemptionsRepository } from '../coupons';
import { createGiftCardsRepository } from '../gift-cards';
import { createLoyaltyRepository } from '../loyalty';
import { createOrdersRepository } from '../orders';
import { createGatewayOrdersRepository } from '../payments';
import { createReferenceDataRepository } from '../store-settings';
import { taxReader } from '../tax';
import { reserveStock } from './place-order.steps';

let slice: SliceHarness;
beforeAll(async () => {
  slice = await openSlice();
  await seedStoreSetup(slice.db.db);
});
afterAll(() => slice.close());

const ADDRESS = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+44 20 7946 0018',
  address_line_1: '12 St James Square',
  city: 'London',
  postcode: 'SW1Y 4JH',
  country: 'GB',
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as AppError,
  );

/** A customer with `quantity` units of a new product in the cart. */
async function shopper(options: { stock?: number; quantity?: number } = {}) {
  const customer = await slice.customer();
  const product = await createProduct(slice.db.db, {
    priceCents: 1000,
    stockQuantity: options.stock ?? 10,
  });
  await slice
    .caller(customer.token)
    .cart.add({ product_id: product.id, quantity: options.quantity ?? 1 });
  return { ...customer, product };
}

async function completeSteps(token: string) {
  const checkout = slice.caller(token).checkout;
  await checkout.shippingAddress(ADDRESS);
  await checkout.shippingMethod({ shipping_method: 'flatrate' });
  await checkout.paymentMethod({ payment_method: 'cod' });
}

describe('place-order rules, called as procedures', () => {
  it('names the missing steps, and places nothing', async () => {
    const { token, userId } = await shopper();
    await slice.caller(token).checkout.shippingAddress(ADDRESS);
    const error = await failure(slice.caller(token).checkout.placeOrder({}));
    expect(error.errorCode).toBe('CHECKOUT_INCOMPLETE');
    expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual([
      'payment_method',
      'shipping_method',
    ]);
    expect(await slice.db.db.$count(orders, eq(orders.userId, userId))).toBe(0);
  });

  it('an empty cart is CART_EMPTY', async () => {
    const customer = await slice.customer();
    const error = await failure(slice.caller(customer.token).checkout.placeOrder({}));
    expect(error.errorCode).toBe('CART_EMPTY');
  });

  it('places the order: stock taken, cart handed over, answer recorded for its key', async () => {
    const { token, userId, product } = await shopper({ stock: 5, quantity: 2 });
    await completeSteps(token);
    const key = 'slice-order-1';
    const placed = await slice.caller(token, { idempotencyKey: key }).checkout.placeOrder({});
    expect(placed.data).toMatchObject({ status: 'pending', payment_status: 'pending' });
    expect(placed.data.total).toBeGreaterThan(20);
    const [stock] = await slice.db.db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock?.stock).toBe(3);
    const [stored] = await slice.db.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    expect(stored).toMatchObject({ state: 'done', statusCode: 201, response: placed.data });

    // The same key and body replays the first answer; a different body is a conflict.
    const replay = await slice.caller(token, { idempotencyKey: key }).checkout.placeOrder({});
    expect(replay.data).toEqual(placed.data);
    const conflict = await failure(
      slice.caller(token, { idempotencyKey: key }).checkout.placeOrder({ notes: 'other' }),
    );
    expect(conflict.errorCode).toBe('IDEMPOTENCY_CONFLICT');
    expect(await slice.db.db.$count(orders, eq(orders.userId, userId))).toBe(1);
  });

  it('a refused attempt frees its key for the retry', async () => {
    const { token, userId } = await shopper();
    const key = 'slice-retry';
    const refused = await failure(
      slice.caller(token, { idempotencyKey: key }).checkout.placeOrder({}),
    );
    expect(refused.errorCode).toBe('CHECKOUT_INCOMPLETE');
    expect(
      await slice.db.db.$count(
        idempotencyKeys,
        and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)),
      ),
    ).toBe(0);
    await completeSteps(token);
    const placed = await slice.caller(token, { idempotencyKey: key }).checkout.placeOrder({});
    expect(placed.data.status).toBe('pending');
  });
});

describe('the reserve-stock step alone', () => {
  it('takes every line or refuses with OUT_OF_STOCK; the transaction gives back what it took', async () => {
    const { userId, product } = await shopper({ stock: 1, quantity: 1 });
    const refused = await slice.db.db
      .transaction(async (tx) => {
        const repos = {
          cart: createCartRepository(tx),
          purchasables: createPurchasablesRepository(tx),
          coupons: createCouponRedemptionsRepository(tx),
          stock: createStockRepository(tx),
          orders: createOrdersRepository(tx),
          reference: createReferenceDataRepository(tx),
          tax: taxReader(tx),
          idempotency: createIdempotencyRepository(tx),
          gatewayOrders: createGatewayOrdersRepository(tx),
          jobs: { enqueue: async () => {} },
          giftCards: createGiftCardsRepository(tx),
          loyalty: createLoyaltyRepository(tx),
        };
        const cart = await repos.cart.openCart(userId);
        const priced = await priceCart(repos, cart, { now: new Date(), couponsEnabled: true });
        await reserveStock(repos, priced);
        // A second reservation of the same line finds no stock left.
        await reserveStock(repos, priced);
      })
      .catch((e: AppError) => e);
    expect(refused?.errorCode).toBe('OUT_OF_STOCK');
    const [stock] = await slice.db.db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock?.stock).toBe(1);
  });
});

describe('the guarded writes place-order relies on', () => {
  const stock = () => createStockRepository(slice.db.db);
  const redemptions = () => createCouponRedemptionsRepository(slice.db.db);
  const variantStock = async (id: number) =>
    (
      await slice.db.db
        .select({ stock: productVariants.stockQuantity })
        .from(productVariants)
        .where(eq(productVariants.id, id))
    )[0]?.stock;
  const productStock = async (id: number) =>
    (
      await slice.db.db
        .select({ stock: products.stockQuantity })
        .from(products)
        .where(eq(products.id, id))
    )[0]?.stock;

  it('taking more units of a product or a variant than it holds is "not taken", stock unchanged', async () => {
    const simple = await createProduct(slice.db.db, { stockQuantity: 2 });
    expect(await stock().take({ productId: simple.id, variantId: null, quantity: 3 })).toBe(false);
    expect(await productStock(simple.id)).toBe(2);

    const configurable = await createConfigurableProduct(slice.db.db, {
      sizes: ['S'],
      colours: ['Red'],
    });
    const [variant] = await slice.db.db
      .select({ id: productVariants.id, stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.productId, configurable.id));
    if (!variant) throw new Error('the configurable product has no variant');
    const line = { productId: configurable.id, variantId: variant.id };
    expect(await stock().take({ ...line, quantity: variant.stock + 1 })).toBe(false);
    expect(await variantStock(variant.id)).toBe(variant.stock);
    // Exactly what it holds can be taken, and then nothing more.
    expect(await stock().take({ ...line, quantity: variant.stock })).toBe(true);
    expect(await stock().take({ ...line, quantity: 1 })).toBe(false);
    expect(await variantStock(variant.id)).toBe(0);
  });

  it('redeeming a coupon at its usage limit is refused, and counts nothing', async () => {
    const customer = await slice.customer();
    const coupon = await createCoupon(slice.db.db, { usageLimit: 2, timesUsed: 1 });
    const first = await createPlacedOrder(slice.db.db, { userId: customer.userId, productIds: [] });
    const second = await createPlacedOrder(slice.db.db, {
      userId: customer.userId,
      productIds: [],
    });
    expect(await redemptions().redeem(coupon.id, customer.userId, first.id)).toBe(true);
    expect(await redemptions().redeem(coupon.id, customer.userId, second.id)).toBe(false);
    const [stored] = await slice.db.db
      .select({ timesUsed: coupons.timesUsed })
      .from(coupons)
      .where(eq(coupons.id, coupon.id));
    expect(stored?.timesUsed).toBe(2);
    expect(
      await slice.db.db.$count(couponRedemptions, eq(couponRedemptions.couponId, coupon.id)),
    ).toBe(1);
  });
});
