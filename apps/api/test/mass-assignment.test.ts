import { addresses, cartItems, orders, reviews, users } from '@storefront/db/schema';
import { createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { prepareShop } from './support/owned-resources';
import { NEW_ADDRESS, prepareCheckout } from './support/shop';

/**
 * Mass assignment (OWASP API3): fields a client must not set are not in the input schemas,
 * and zod strips unknown keys, so they are silently ignored (the contract rejects only invalid
 * values of known fields). These tests send them anyway and read the database.
 */
let t: TestApp;
let victim: Awaited<ReturnType<typeof registerCustomer>>;
beforeAll(async () => {
  t = await createTestApp();
  await prepareShop(t);
  victim = await registerCustomer(t);
});
afterAll(async () => {
  await t?.close();
});

/** Privileged or server-owned user fields, with hostile values. */
const PRIVILEGED_USER_FIELDS = {
  role: 'admin',
  email_verified_at: '2020-01-01T00:00:00Z',
  emailVerifiedAt: '2020-01-01T00:00:00Z',
  is_blocked: false,
  blocked_at: null,
  id: 1,
  user_id: 1,
  password_hash: 'x',
  created_at: '2000-01-01T00:00:00Z',
};

const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];

describe('mass assignment is ignored', () => {
  it('register: role, verification, id and block state stay the server’s', async () => {
    const registered = await registerCustomer(t, { ...PRIVILEGED_USER_FIELDS, id: victim.user.id });
    const row = await userRow(registered.user.id);
    expect(registered.user.id).not.toBe(victim.user.id);
    expect(row).toMatchObject({ role: 'customer', emailVerifiedAt: null, blockedAt: null });
    expect(row?.passwordHash).not.toBe('x');
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(2020);
  });

  it.each(['/auth/profile', '/customer/profile'])(
    'PUT %s: only profile fields change',
    async (path) => {
      const customer = await registerCustomer(t);
      const before = await userRow(customer.user.id);
      const res = await t.request('PUT', path, {
        token: customer.token,
        body: { ...PRIVILEGED_USER_FIELDS, user_id: victim.user.id, name: 'Renamed' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data).not.toHaveProperty('role');
      const after = await userRow(customer.user.id);
      expect(after).toMatchObject({
        id: customer.user.id,
        name: 'Renamed',
        role: 'customer',
        emailVerifiedAt: null,
        blockedAt: null,
        passwordHash: before?.passwordHash,
      });
      // The user named by `user_id` is untouched.
      expect((await userRow(victim.user.id))?.name).toBe(victim.user.name);
    },
  );

  it('cart add and update: price, unit_price and totals come from the catalogue', async () => {
    const customer = await registerCustomer(t);
    const product = await createProduct(t.db, { priceCents: 2500, stockQuantity: 10 });
    const forged = { price: 0.01, unit_price: 0.01, total: 0.01, subtotal: 0, discount: 100 };
    const added = await t.request('POST', '/cart/add', {
      token: customer.token,
      body: { product_id: product.id, quantity: 2, ...forged },
    });
    expect(added.status).toBe(200);
    expect(added.body.data.items[0]).toMatchObject({ price: 25, total: 50 });
    const itemId = added.body.data.items[0].id;
    const updated = await t.request('PUT', `/cart/items/${itemId}`, {
      token: customer.token,
      body: { quantity: 3, ...forged, cart_id: 1, product_id: 1 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.items[0]).toMatchObject({
      product_id: product.id,
      price: 25,
      total: 75,
    });
    expect(updated.body.data.subtotal).toBe(75);
    const [line] = await t.db.select().from(cartItems).where(eq(cartItems.id, itemId));
    expect(line).toMatchObject({ productId: product.id, quantity: 3 });
  });

  it('review: author, verified purchase and helpful count are the server’s', async () => {
    const customer = await registerCustomer(t);
    const product = await createProduct(t.db);
    const res = await t.request('POST', '/reviews', {
      token: customer.token,
      body: {
        product_id: product.id,
        rating: 5,
        title: 'Great',
        comment: 'Really great.',
        user_id: victim.user.id,
        verified_purchase: true,
        helpful_count: 1000,
        customer_name: victim.user.name,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ verified_purchase: false, helpful_count: 0 });
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, res.body.data.id));
    expect(row).toMatchObject({
      userId: customer.user.id,
      verifiedPurchase: false,
      helpfulCount: 0,
    });
    const update = await t.request('PUT', `/reviews/${res.body.data.id}`, {
      token: customer.token,
      body: { helpful_count: 99, verified_purchase: true, user_id: victim.user.id, product_id: 1 },
    });
    expect(update.status).toBe(200);
    const [after] = await t.db.select().from(reviews).where(eq(reviews.id, res.body.data.id));
    expect(after).toMatchObject({
      userId: customer.user.id,
      productId: product.id,
      verifiedPurchase: false,
      helpfulCount: 0,
    });
  });

  it('address: user_id cannot plant an address on another customer', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('POST', '/customer/addresses', {
      token: customer.token,
      body: { ...NEW_ADDRESS, user_id: victim.user.id, id: 1 },
    });
    expect(res.status).toBe(201);
    const [row] = await t.db.select().from(addresses).where(eq(addresses.id, res.body.data.id));
    expect(row?.userId).toBe(customer.user.id);
    expect(await t.db.select().from(addresses).where(eq(addresses.userId, victim.user.id))).toEqual(
      [],
    );
  });

  it('place-order: total, status and payment status are computed, not taken', async () => {
    const customer = await registerCustomer(t);
    const product = await createProduct(t.db, { priceCents: 4000, stockQuantity: 5 });
    await t.request('POST', '/cart/add', {
      token: customer.token,
      body: { product_id: product.id, quantity: 1 },
    });
    const { cart } = await prepareCheckout(t, customer.token);
    const res = await t.request('POST', '/checkout/place-order', {
      token: customer.token,
      body: {
        total: 0.01,
        subtotal: 0,
        status: 'completed',
        payment_status: 'paid',
        user_id: victim.user.id,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ total: cart.total, status: 'pending' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.body.data.order_id));
    expect(row).toMatchObject({ userId: customer.user.id, status: 'pending' });
    expect(row?.totalCents).toBe(Math.round(cart.total * 100));
    expect(row?.paymentStatus).not.toBe('paid');
  });
});
