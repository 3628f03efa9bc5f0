import { cartItems, carts, couponRedemptions, type coupons, products } from '@storefront/db/schema';
import {
  createConfigurableProduct,
  createCoupon,
  createCurrency,
  createProduct,
  setTaxRate,
} from '@storefront/db/testing/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createCurrency(t.db, { code: 'USD', isDefault: true });
});
afterAll(async () => {
  await t.close();
});

const cents = (amount: number) => Math.round(amount * 100);
type CartBody = {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  total: number;
};
const expectIdentity = (cart: CartBody) =>
  expect(cents(cart.subtotal) - cents(cart.discount) + cents(cart.shipping) + cents(cart.tax)).toBe(
    cents(cart.total),
  );

async function customerWithCart() {
  const customer = await registerCustomer(t);
  const add = (body: object) => t.request('POST', '/cart/add', { token: customer.token, body });
  return { ...customer, add };
}

describe('GET /cart', () => {
  it('creates an empty open cart on first use and always answers 200', async () => {
    const { token } = await customerWithCart();
    const first = await t.request('GET', '/cart', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      items: [],
      subtotal: 0,
      total: 0,
      item_count: 0,
      coupon_code: null,
      currency: 'USD',
    });
    const second = await t.request('GET', '/cart', { token });
    expect(second.body.data.id).toBe(first.body.data.id);
    expect((await t.request('GET', '/cart/count', { token })).body.data).toEqual({ count: 0 });
    expect((await t.request('GET', '/cart')).status).toBe(401);
  });
});

describe('POST /cart/add', () => {
  it('adds, merges quantities on re-add, and answers the whole cart', async () => {
    const product = await createProduct(t.db, { priceCents: 1250, stockQuantity: 10 });
    const customer = await customerWithCart();
    const first = await customer.add({ product_id: product.id, quantity: 2 });
    expect(first.status).toBe(200);
    const again = await customer.add({ product_id: product.id, quantity: 3, price: 0.01 });
    expect(again.body.data.items).toHaveLength(1);
    expect(again.body.data.items[0]).toMatchObject({
      product_id: product.id,
      quantity: 5,
      price: 12.5,
      total: 62.5,
      available: true,
    });
    expect(again.body.data).toMatchObject({ subtotal: 62.5, item_count: 5 });
    expectIdentity(again.body.data);
    expect((await t.request('GET', '/cart/count', { token: customer.token })).body.data.count).toBe(
      5,
    );
  });

  it('refuses more than the stock with 422 OUT_OF_STOCK, counting what is already in the cart', async () => {
    const product = await createProduct(t.db, { name: 'Blue Mug', stockQuantity: 3 });
    const customer = await customerWithCart();
    await customer.add({ product_id: product.id, quantity: 2 });
    const res = await customer.add({ product_id: product.id, quantity: 2 });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      error_code: 'OUT_OF_STOCK',
      message: 'Only 3 left of Blue Mug.',
    });
    const cart = await t.request('GET', '/cart', { token: customer.token });
    expect(cart.body.data.items[0].quantity).toBe(2);
  });

  it('needs a variant of that product for configurable products, and none for simple ones', async () => {
    const shirt = await createConfigurableProduct(t.db);
    const other = await createConfigurableProduct(t.db);
    const simple = await createProduct(t.db);
    const customer = await customerWithCart();
    const [variant] = await t.services.catalog.products.product(shirt.id).then((p) => p.variants);
    const [foreign] = await t.services.catalog.products.product(other.id).then((p) => p.variants);
    const missing = await customer.add({ product_id: shirt.id, quantity: 1 });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.variant_id).toBeDefined();
    const wrong = await customer.add({
      product_id: shirt.id,
      quantity: 1,
      variant_id: foreign?.id,
    });
    expect(wrong.body.errors.variant_id).toBeDefined();
    const onSimple = await customer.add({
      product_id: simple.id,
      quantity: 1,
      variant_id: variant?.id,
    });
    expect(onSimple.body.errors.variant_id).toBeDefined();
    const ok = await customer.add({ product_id: shirt.id, quantity: 1, variant_id: variant?.id });
    expect(ok.status).toBe(200);
    expect(ok.body.data.items[0]).toMatchObject({
      variant_id: variant?.id,
      variant_name: variant?.name,
    });
  });

  it('refuses unknown and inactive products with 422 errors.product_id, and bad quantities', async () => {
    const inactive = await createProduct(t.db, { active: false });
    const customer = await customerWithCart();
    for (const productId of [inactive.id, 99_999_999]) {
      const res = await customer.add({ product_id: productId, quantity: 1 });
      expect(res.status).toBe(422);
      expect(res.body.errors.product_id).toBeDefined();
    }
    const product = await createProduct(t.db);
    for (const quantity of [0, -1, 1.5, 'two']) {
      const res = await customer.add({ product_id: product.id, quantity });
      expect(res.status).toBe(422);
      expect(res.body.errors.quantity).toBeDefined();
    }
  });

  it('five concurrent adds of one product end with quantity 5', async () => {
    const product = await createProduct(t.db, { stockQuantity: 50 });
    const customer = await customerWithCart();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => customer.add({ product_id: product.id, quantity: 1 })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const cart = await t.request('GET', '/cart', { token: customer.token });
    expect(cart.body.data.items).toHaveLength(1);
    expect(cart.body.data.items[0].quantity).toBe(5);
    const openCarts = await t.db
      .select()
      .from(carts)
      .where(and(eq(carts.userId, customer.user.id), eq(carts.status, 'open')));
    expect(openCarts).toHaveLength(1);
  });
});

describe('cart lines', () => {
  it('updates quantity within stock, removes a line, and clears the cart', async () => {
    const a = await createProduct(t.db, { priceCents: 1000, stockQuantity: 4 });
    const b = await createProduct(t.db, { priceCents: 500 });
    const customer = await customerWithCart();
    await customer.add({ product_id: a.id, quantity: 1 });
    const withB = await customer.add({ product_id: b.id, quantity: 1 });
    const lineA = withB.body.data.items.find((i: { product_id: number }) => i.product_id === a.id);
    const updated = await t.request('PUT', `/cart/items/${lineA.id}`, {
      token: customer.token,
      body: { quantity: 4 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.subtotal).toBe(45);
    const tooMany = await t.request('PUT', `/cart/items/${lineA.id}`, {
      token: customer.token,
      body: { quantity: 5 },
    });
    expect(tooMany.body.error_code).toBe('OUT_OF_STOCK');
    const zero = await t.request('PUT', `/cart/items/${lineA.id}`, {
      token: customer.token,
      body: { quantity: 0 },
    });
    expect(zero.status).toBe(422);
    const removed = await t.request('DELETE', `/cart/items/${lineA.id}`, { token: customer.token });
    expect(removed.body.data.items.map((i: { product_id: number }) => i.product_id)).toEqual([
      b.id,
    ]);
    const cleared = await t.request('DELETE', '/cart/clear', { token: customer.token });
    expect(cleared.body.data).toMatchObject({ items: [], subtotal: 0, total: 0, item_count: 0 });
  });

  it("another customer's cart item answers 404 and is left alone", async () => {
    const product = await createProduct(t.db);
    const owner = await customerWithCart();
    const other = await customerWithCart();
    const cart = await owner.add({ product_id: product.id, quantity: 1 });
    const itemId = cart.body.data.items[0].id;
    const put = await t.request('PUT', `/cart/items/${itemId}`, {
      token: other.token,
      body: { quantity: 2 },
    });
    const del = await t.request('DELETE', `/cart/items/${itemId}`, { token: other.token });
    expect(put.status).toBe(404);
    expect(del.status).toBe(404);
    const [row] = await t.db.select().from(cartItems).where(eq(cartItems.id, itemId));
    expect(row?.quantity).toBe(1);
  });

  it('follows catalogue prices and flags lines of deactivated products instead of dropping them', async () => {
    const product = await createProduct(t.db, { priceCents: 1000 });
    const gone = await createProduct(t.db, { name: 'Retired Lamp', priceCents: 3000 });
    const customer = await customerWithCart();
    await customer.add({ product_id: product.id, quantity: 1 });
    await customer.add({ product_id: gone.id, quantity: 1 });
    await t.db.update(products).set({ priceCents: 1500 }).where(eq(products.id, product.id));
    await t.db.update(products).set({ active: false }).where(eq(products.id, gone.id));
    const cart = await t.request('GET', '/cart', { token: customer.token });
    expect(cart.body.data.items).toHaveLength(2);
    const retired = cart.body.data.items.find(
      (i: { product_id: number }) => i.product_id === gone.id,
    );
    expect(retired.available).toBe(false);
    expect(cart.body.data.subtotal).toBe(15);
    expect(cart.body.data.warnings).toContain('Retired Lamp is no longer available.');
  });
});

describe('coupons and totals', () => {
  it('applies percentage and fixed coupons; totals keep the identity with tax', async () => {
    await setTaxRate(t.db, '*', 1000); // 10 % default rate
    try {
      const product = await createProduct(t.db, { priceCents: 3333, stockQuantity: 10 });
      const percentage = await createCoupon(t.db, { type: 'percentage', value: 15 });
      const customer = await customerWithCart();
      await customer.add({ product_id: product.id, quantity: 3 });
      const applied = await t.request('POST', '/cart/apply-coupon', {
        token: customer.token,
        body: { coupon_code: percentage.code.toLowerCase() },
      });
      expect(applied.status).toBe(200);
      const cart = applied.body.data;
      expect(cart).toMatchObject({ subtotal: 99.99, discount: 15, coupon_code: percentage.code });
      expect(cart.tax).toBe(8.5); // 10 % of 84.99, half up
      expectIdentity(cart);
      const fixed = await createCoupon(t.db, { type: 'fixed', value: 50_000 });
      const capped = await t.request('POST', '/cart/apply-coupon', {
        token: customer.token,
        body: { coupon_code: fixed.code },
      });
      expect(capped.body.data).toMatchObject({ discount: 99.99, tax: 0, total: 0 });
      expectIdentity(capped.body.data);
      const removed = await t.request('DELETE', '/cart/remove-coupon', { token: customer.token });
      expect(removed.body.data).toMatchObject({ discount: 0, coupon_code: null });
      expectIdentity(removed.body.data);
    } finally {
      await setTaxRate(t.db, '*', 0);
    }
  });

  it('refuses unknown, expired, not started, below minimum and exhausted coupons with the reason', async () => {
    const product = await createProduct(t.db, { priceCents: 1000 });
    const customer = await customerWithCart();
    await customer.add({ product_id: product.id, quantity: 1 });
    const day = 86_400_000;
    const cases: [Partial<typeof coupons.$inferInsert> | null, RegExp][] = [
      [null, /does not exist/],
      [{ endsAt: new Date(Date.now() - day) }, /expired on/],
      [{ startsAt: new Date(Date.now() + day) }, /valid from/],
      [{ minSubtotalCents: 5000 }, /needs a subtotal of at least 50.00 USD/],
      [{ usageLimit: 2, timesUsed: 2 }, /fully redeemed/],
    ];
    for (const [overrides, reason] of cases) {
      const code = overrides ? (await createCoupon(t.db, overrides)).code : 'NOPE-NOT-A-CODE';
      const res = await t.request('POST', '/cart/apply-coupon', {
        token: customer.token,
        body: { coupon_code: code },
      });
      expect(res.status).toBe(422);
      expect(res.body.error_code).toBe('COUPON_INVALID');
      expect(res.body.message).toMatch(reason);
    }
    const cart = await t.request('GET', '/cart', { token: customer.token });
    expect(cart.body.data.coupon_code).toBeNull();
  });

  it('enforces the per-customer limit from placed orders', async () => {
    const product = await createProduct(t.db);
    const coupon = await createCoupon(t.db, { usageLimitPerCustomer: 1 });
    const customer = await customerWithCart();
    await customer.add({ product_id: product.id, quantity: 1 });
    await t.db.insert(couponRedemptions).values({ couponId: coupon.id, userId: customer.user.id });
    const res = await t.request('POST', '/cart/apply-coupon', {
      token: customer.token,
      body: { coupon_code: coupon.code },
    });
    expect(res.body).toMatchObject({
      error_code: 'COUPON_INVALID',
      message: `You have already used coupon ${coupon.code}.`,
    });
    const someoneElse = await customerWithCart();
    await someoneElse.add({ product_id: product.id, quantity: 1 });
    const fine = await t.request('POST', '/cart/apply-coupon', {
      token: someoneElse.token,
      body: { coupon_code: coupon.code },
    });
    expect(fine.status).toBe(200);
  });

  it('a coupon that stops qualifying gives no discount and says why', async () => {
    const product = await createProduct(t.db, { priceCents: 3000 });
    const coupon = await createCoupon(t.db, { minSubtotalCents: 5000 });
    const customer = await customerWithCart();
    const cart = await customer.add({ product_id: product.id, quantity: 2 });
    await t.request('POST', '/cart/apply-coupon', {
      token: customer.token,
      body: { coupon_code: coupon.code },
    });
    const line = cart.body.data.items[0];
    const smaller = await t.request('PUT', `/cart/items/${line.id}`, {
      token: customer.token,
      body: { quantity: 1 },
    });
    expect(smaller.body.data.discount).toBe(0);
    expect(smaller.body.data.warnings.join(' ')).toMatch(/needs a subtotal/);
    expectIdentity(smaller.body.data);
  });

  it('coupon endpoints answer 403 FEATURE_DISABLED when coupons are switched off', async () => {
    const customer = await customerWithCart();
    await t.services.storeSettings.features.setFeature('coupons', false);
    try {
      const apply = await t.request('POST', '/cart/apply-coupon', {
        token: customer.token,
        body: { coupon_code: 'X' },
      });
      const remove = await t.request('DELETE', '/cart/remove-coupon', { token: customer.token });
      for (const res of [apply, remove]) {
        expect(res.status).toBe(403);
        expect(res.body.error_code).toBe('FEATURE_DISABLED');
      }
    } finally {
      await t.services.storeSettings.features.setFeature('coupons', true);
    }
  });
});

describe('Idempotency-Key on cart mutations (the SDK offline cart replays with them)', () => {
  it('a replayed add answers the first cart and adds once; another body answers 409', async () => {
    const product = await createProduct(t.db, { priceCents: 1000, stockQuantity: 50 });
    const { token, add } = await customerWithCart();
    const headers = { 'Idempotency-Key': 'offline-op-1' };
    const body = { product_id: product.id, quantity: 2 };
    const first = await t.request('POST', '/cart/add', { token, body, headers });
    expect(first.status).toBe(200);
    const replays = await Promise.all(
      [1, 2, 3].map(() => t.request('POST', '/cart/add', { token, body, headers })),
    );
    for (const replay of replays) {
      expect(replay.status).toBe(200);
      expect(replay.body.data).toEqual(first.body.data);
    }
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.productId, product.id));
    expect(line?.quantity).toBe(2);

    const other = await t.request('POST', '/cart/add', {
      token,
      body: { product_id: product.id, quantity: 3 },
      headers,
    });
    expect(other.status).toBe(409);
    expect(other.body.error_code).toBe('IDEMPOTENCY_CONFLICT');
    // The same key on another operation is a conflict too, not the add's answer.
    const clear = await t.request('DELETE', '/cart/clear', { token, headers });
    expect(clear.status).toBe(409);

    // Without a key nothing changes: each add adds.
    await add({ product_id: product.id, quantity: 1 });
    const cart = await t.request('GET', '/cart', { token });
    expect(cart.body.data.items[0].quantity).toBe(3);
  });

  it('quantity changes and removals replay too; a failed attempt frees its key', async () => {
    const product = await createProduct(t.db, { priceCents: 500, stockQuantity: 5 });
    const { token, add } = await customerWithCart();
    const cart = (await add({ product_id: product.id, quantity: 1 })).body.data;
    const itemId = cart.items[0].id;
    const headers = { 'Idempotency-Key': 'qty-1' };
    const tooMany = await t.request('PUT', `/cart/items/${itemId}`, {
      token,
      body: { quantity: 9 },
      headers,
    });
    expect(tooMany.status).toBe(422);
    const retry = await t.request('PUT', `/cart/items/${itemId}`, {
      token,
      body: { quantity: 9 },
      headers,
    });
    expect(retry.status).toBe(422);
    await t.db.update(products).set({ stockQuantity: 20 }).where(eq(products.id, product.id));
    const ok = await t.request('PUT', `/cart/items/${itemId}`, {
      token,
      body: { quantity: 9 },
      headers,
    });
    expect(ok.status).toBe(200);
    const removeHeaders = { 'Idempotency-Key': 'remove-1' };
    const removed = await t.request('DELETE', `/cart/items/${itemId}`, {
      token,
      headers: removeHeaders,
    });
    expect(removed.status).toBe(200);
    const again = await t.request('DELETE', `/cart/items/${itemId}`, {
      token,
      headers: removeHeaders,
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(removed.body.data);
  });
});
