import { giftCardLedger, giftCards, orderItems, returns } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { registerCustomer, type TestApp } from '../harness';
import { gatewayPayment, NEW_ADDRESS, prepareCheckout } from './shop';

/** Throws with the body when a setup request does not answer `status`. */
async function expectStatus<T extends { status: number; body: unknown }>(
  call: Promise<T>,
  status: number,
): Promise<T> {
  const res = await call;
  if (res.status !== status)
    throw new Error(`setup request failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/** Shop data every abuse test needs once per app: a currency and the shipping/payment setup. */
export async function prepareShop(t: TestApp): Promise<void> {
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
}

/**
 * One unit of the product bought by card through the REST API: paid at once, so its invoice is
 * available. Returns the order's id.
 */
export async function placePaidOrder(t: TestApp, token: string, productId: number) {
  await expectStatus(
    t.request('POST', '/cart/add', { token, body: { product_id: productId, quantity: 1 } }),
    200,
  );
  const paid = await prepareCheckout(t, token, { paymentMethod: 'card' });
  const order = await expectStatus(
    t.request('POST', '/checkout/place-order', {
      token,
      body: { payment_data: gatewayPayment(paid.gateway_order?.id ?? '') },
    }),
    201,
  );
  return order.body.data.order_id as number;
}

/**
 * A customer owning one of every private resource, all made through the REST API: an address,
 * a cart line, a paid order (so its invoice exists), a review, a wishlist item and an open
 * checkout with a gateway order. The abuse tests aim other customers (and garbage) at these ids.
 */
export async function createOwner(t: TestApp) {
  const owner = await registerCustomer(t);
  const { token } = owner;
  const product = await createProduct(t.db, { priceCents: 1500, stockQuantity: 50 });
  const other = await createProduct(t.db, { priceCents: 900, stockQuantity: 50 });

  const address = await expectStatus(
    t.request('POST', '/customer/addresses', { token, body: NEW_ADDRESS }),
    201,
  );

  const orderId = await placePaidOrder(t, token, product.id);

  const review = await expectStatus(
    t.request('POST', '/reviews', {
      token,
      body: { product_id: product.id, rating: 4, title: 'Good', comment: 'Does the job.' },
    }),
    201,
  );
  const wishlist = await t.request('POST', '/customer/wishlist/add', {
    token,
    body: { product_id: other.id },
  });
  if (wishlist.status !== 201) throw new Error(JSON.stringify(wishlist.body));

  // A second cart, walked up to a card payment that has not been made yet.
  const cart = await expectStatus(
    t.request('POST', '/cart/add', { token, body: { product_id: other.id, quantity: 2 } }),
    200,
  );
  const open = await prepareCheckout(t, token, { paymentMethod: 'card' });

  // A return of the order and store credit, written directly: a return needs a delivered order
  // (the returns tests walk that loop through the API); here only their owner matters.
  const [item] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const [ownReturn] = await t.db
    .insert(returns)
    .values({
      number: `OWNER-${orderId}-RMA1`,
      orderId,
      userId: owner.user.id,
      method: 'drop_off',
      refundTo: 'store_credit',
      quote: {
        items: [{ orderItemId: item?.id ?? 0, quantity: 1, amountCents: 1500 }],
        itemsCents: 1500,
        shippingCents: 0,
        feeCents: 0,
        totalCents: 1500,
        split: { gatewayCents: 0, giftCardCents: 0, loyaltyCents: 0, storeCreditCents: 1500 },
      },
    })
    .returning({ id: returns.id });
  const [credit] = await t.db
    .insert(giftCards)
    .values({
      codeHash: `owner-${orderId}`,
      last4: 'OWNR',
      currency: 'USD',
      ownerUserId: owner.user.id,
    })
    .returning({ id: giftCards.id });
  await t.db
    .insert(giftCardLedger)
    .values({ giftCardId: credit?.id ?? 0, amountCents: 1500, reason: 'issued', orderId });

  return {
    ...owner,
    product,
    other,
    ids: {
      address: address.body.data.id as number,
      cartItem: cart.body.data.items[0].id as number,
      order: orderId,
      review: review.body.data.id as number,
      wishlistItem: wishlist.body.data.id as number,
      gatewayOrder: open.gateway_order?.id ?? '',
      return: ownReturn?.id ?? 0,
    },
  };
}

export type Owner = Awaited<ReturnType<typeof createOwner>>;
