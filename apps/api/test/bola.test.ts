import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { createOwner, type Owner, prepareShop } from './support/owned-resources';
import { ownerSnapshot } from './support/owner-snapshot';
import { gatewayPayment, NEW_ADDRESS, prepareCheckout } from './support/shop';

/**
 * Broken object level authorisation (OWASP API1): customer B aims every route that takes an
 * id at customer A's resources. Each answers as for an unknown id (404), or 403 where the
 * contract says so (someone else's review), and A's rows are byte-for-byte unchanged.
 */
let t: TestApp;
let owner: Owner;
let intruder: { token: string; user: { id: number } };
let before: Awaited<ReturnType<typeof ownerSnapshot>>;

beforeAll(async () => {
  t = await createTestApp();
  await prepareShop(t);
  owner = await createOwner(t);
  intruder = await registerCustomer(t);
  // B has a cart of its own, so checkout steps get past CART_EMPTY to the ownership check.
  await t.request('POST', '/cart/add', {
    token: intruder.token,
    body: { product_id: owner.other.id, quantity: 1 },
  });
  before = await ownerSnapshot(t, owner.user.id);
});
afterAll(async () => {
  await t?.close();
});

type Ids = Owner['ids'];
interface Attempt {
  route: string;
  method: 'GET' | 'PUT' | 'DELETE' | 'POST';
  path: (ids: Ids) => string;
  body?: object;
  status: number;
  errorCode: string;
}

const RETURN_BODY = {
  items: [{ order_item_id: 1, quantity: 1, reason: 'damaged' }],
  method: 'drop_off',
  refund_to: 'store_credit',
};

const ATTEMPTS: Attempt[] = [
  {
    route: 'address update',
    method: 'PUT',
    path: (i) => `/customer/addresses/${i.address}`,
    body: { city: 'Elsewhere' },
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'address make default',
    method: 'PUT',
    path: (i) => `/customer/addresses/${i.address}`,
    body: { is_default_shipping: true, is_default_billing: true },
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'address delete',
    method: 'DELETE',
    path: (i) => `/customer/addresses/${i.address}`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'cart item update',
    method: 'PUT',
    path: (i) => `/cart/items/${i.cartItem}`,
    body: { quantity: 1 },
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'cart item remove',
    method: 'DELETE',
    path: (i) => `/cart/items/${i.cartItem}`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'order detail',
    method: 'GET',
    path: (i) => `/customer/orders/${i.order}`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'order cancel',
    method: 'POST',
    path: (i) => `/customer/orders/${i.order}/cancel`,
    body: { reason: 'mine now' },
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'order cancel-items',
    method: 'POST',
    path: (i) => `/customer/orders/${i.order}/cancel-items`,
    body: { items: [{ order_item_id: 1, quantity: 1 }], reason: 'mine now' },
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'order track',
    method: 'GET',
    path: (i) => `/customer/orders/${i.order}/track`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'order invoice',
    method: 'GET',
    path: (i) => `/customer/orders/${i.order}/invoice`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'order credit notes',
    method: 'GET',
    path: (i) => `/customer/orders/${i.order}/credit-notes`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'order credit note PDF',
    method: 'GET',
    path: (i) => `/customer/orders/${i.order}/credit-notes/CN%2F2627%2F000001`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'order returnable',
    method: 'GET',
    path: (i) => `/customer/orders/${i.order}/returnable`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'return quote',
    method: 'POST',
    path: (i) => `/customer/orders/${i.order}/returns/quote`,
    body: RETURN_BODY,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'return request',
    method: 'POST',
    path: (i) => `/customer/orders/${i.order}/returns`,
    body: RETURN_BODY,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'return detail',
    method: 'GET',
    path: (i) => `/customer/returns/${i.return}`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'return cancel',
    method: 'POST',
    path: (i) => `/customer/returns/${i.return}/cancel`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'review update',
    method: 'PUT',
    path: (i) => `/reviews/${i.review}`,
    body: { rating: 1, title: 'Bad' },
    status: 403,
    errorCode: 'FORBIDDEN',
  },
  {
    route: 'review delete',
    method: 'DELETE',
    path: (i) => `/reviews/${i.review}`,
    status: 403,
    errorCode: 'FORBIDDEN',
  },
  {
    route: 'wishlist remove',
    method: 'DELETE',
    path: (i) => `/customer/wishlist/${i.wishlistItem}`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
  {
    route: 'wishlist move to cart',
    method: 'POST',
    path: (i) => `/customer/wishlist/${i.wishlistItem}/move-to-cart`,
    status: 404,
    errorCode: 'NOT_FOUND',
  },
];

describe("customer B on customer A's resources", () => {
  it.each(ATTEMPTS)('$route ($method) → $status $errorCode', async (attempt) => {
    const res = await t.request(attempt.method, attempt.path(owner.ids), {
      token: intruder.token,
      ...(attempt.body ? { body: attempt.body } : {}),
    });
    expect(res.status).toBe(attempt.status);
    expect(res.body).toMatchObject({ success: false, error_code: attempt.errorCode });
  });

  it('answers exactly as for an unknown id (no one learns the resource exists)', async () => {
    const unknown: Ids = {
      address: 2_000_000_000,
      cartItem: 2_000_000_000,
      order: 2_000_000_000,
      review: 2_000_000_000,
      wishlistItem: 2_000_000_000,
      gatewayOrder: 'gw_unknown',
      return: 2_000_000_000,
    };
    for (const attempt of ATTEMPTS.filter((a) => a.status === 404)) {
      const opts = { token: intruder.token, ...(attempt.body ? { body: attempt.body } : {}) };
      const foreign = await t.request(attempt.method, attempt.path(owner.ids), opts);
      const missing = await t.request(attempt.method, attempt.path(unknown), opts);
      expect([attempt.route, foreign.status, foreign.body]).toEqual([
        attempt.route,
        missing.status,
        missing.body,
      ]);
    }
  });

  it("shows B none of A's returns nor store credit in B's own lists", async () => {
    const returns = await t.request('GET', '/customer/returns', { token: intruder.token });
    expect(returns.status).toBe(200);
    expect(returns.body.data).toEqual([]);
    const credit = await t.request('GET', '/customer/store-credit', { token: intruder.token });
    expect(credit.status).toBe(200);
    expect(credit.body.data).toMatchObject({ balance: 0, cards: [] });
  });

  it("refuses A's saved address as B's checkout address (422 naming address_id)", async () => {
    for (const step of ['/checkout/shipping-address', '/checkout/billing-address']) {
      const res = await t.request('POST', step, {
        token: intruder.token,
        body: { address_id: owner.ids.address },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.address_id).toBeDefined();
    }
  });

  it("refuses A's paid gateway order as payment for B's checkout", async () => {
    const own = await prepareCheckout(t, intruder.token, { paymentMethod: 'card' });
    expect(own.gateway_order?.id).not.toBe(owner.ids.gatewayOrder);
    const res = await t.request('POST', '/checkout/place-order', {
      token: intruder.token,
      body: { payment_data: gatewayPayment(owner.ids.gatewayOrder) },
    });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('PAYMENT_FAILED');
  });

  it("leaves every one of A's rows unchanged, and A can still use them all", async () => {
    expect(await ownerSnapshot(t, owner.user.id)).toEqual(before);
    const token = owner.token;
    expect((await t.request('GET', `/customer/orders/${owner.ids.order}`, { token })).status).toBe(
      200,
    );
    expect(
      (await t.request('GET', `/customer/returns/${owner.ids.return}`, { token })).status,
    ).toBe(200);
    const addressUpdate = await t.request('PUT', `/customer/addresses/${owner.ids.address}`, {
      token,
      body: { ...NEW_ADDRESS, city: 'Bath' },
    });
    expect(addressUpdate.status).toBe(200);
    const placed = await t.request('POST', '/checkout/place-order', {
      token,
      body: { payment_data: gatewayPayment(owner.ids.gatewayOrder) },
    });
    expect(placed.status).toBe(201);
  });
});
