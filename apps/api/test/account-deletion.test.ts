import { orders, users } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerCustomer, useAdminApp } from './harness';
import { gatewayPayment, prepareCheckout } from './support/shop';

/*
 * Account deletion against orders: the open-order check must hold while an order is being
 * placed (both lock the user row first, so they queue up instead of deadlocking), and a paid
 * order still pending is open.
 */

const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

const deleteAccount = (token: string, body: unknown) =>
  app.t.request('DELETE', '/auth/account', { token, body });

/** A customer whose cart is one click from an order (`paymentMethod`, COD by default). */
async function readyToOrder(paymentMethod: 'cod' | 'card' = 'cod') {
  const customer = await registerCustomer(app.t);
  const product = await createProduct(app.t.db, { priceCents: 1500, stockQuantity: 50 });
  const add = await app.t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity: 1 },
  });
  expect(add.status).toBe(200);
  const checkout = await prepareCheckout(app.t, customer.token, { paymentMethod });
  return { ...customer, checkout };
}

const unfinishedOrdersOf = async (userId: number) =>
  (await app.t.db.select().from(orders).where(eq(orders.userId, userId))).filter((order) =>
    ['pending', 'processing', 'shipped'].includes(order.status),
  );

describe('deleting an account while it places an order', () => {
  it('8 rounds: never a 500, never a deleted account with an open order', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const customer = await readyToOrder();
      const [placed, deleted] = await Promise.all([
        app.t.request('POST', '/checkout/place-order', { token: customer.token, body: {} }),
        deleteAccount(customer.token, { password: customer.password }),
      ]);
      const context = JSON.stringify({ round, placed: placed.body, deleted: deleted.body });
      // Place-order loses with 401 (its session or its account deleted a moment before).
      expect([201, 401], context).toContain(placed.status);
      expect([200, 422], context).toContain(deleted.status);
      if (placed.status === 401) expect(placed.body.error_code).toBe('UNAUTHENTICATED');
      if (deleted.status === 422) expect(deleted.body.error_code).toBe('ACCOUNT_HAS_OPEN_ORDERS');
      const [row] = await app.t.db.select().from(users).where(eq(users.id, customer.user.id));
      const open = await unfinishedOrdersOf(customer.user.id);
      if (deleted.status === 200) {
        expect(row?.deletedAt, context).not.toBeNull();
        expect(open, context).toEqual([]);
      } else {
        expect(row?.deletedAt, context).toBeNull();
        expect(placed.status, context).toBe(201);
        expect(
          open.map((order) => order.id),
          context,
        ).toEqual([placed.body.data.order_id]);
        expect(deleted.body.errors.orders).toEqual([placed.body.data.order_number]);
      }
      outcomes.push(`${placed.status}/${deleted.status}`);
    }
    // Which side wins each round is up to the scheduler; both answers were checked above.
    expect(outcomes).toHaveLength(8);
  });
});

describe('a paid order still pending', () => {
  it('a card-paid pending order answers 422 ACCOUNT_HAS_OPEN_ORDERS and keeps the account', async () => {
    const customer = await readyToOrder('card');
    const gatewayOrderId = customer.checkout.gateway_order?.id ?? '';
    const placed = await app.t.request('POST', '/checkout/place-order', {
      token: customer.token,
      body: { payment_data: gatewayPayment(gatewayOrderId) },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.data).toMatchObject({ status: 'pending', payment_status: 'paid' });
    const res = await deleteAccount(customer.token, { password: customer.password });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('ACCOUNT_HAS_OPEN_ORDERS');
    expect(res.body.errors.orders).toEqual([placed.body.data.order_number]);
    const [row] = await app.t.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row?.deletedAt).toBeNull();
    const [order] = await app.t.db
      .select()
      .from(orders)
      .where(eq(orders.id, placed.body.data.order_id));
    // Not cancelled as an unpaid one would be: the shop still owes the goods.
    expect(order).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    // The session still works.
    expect((await app.t.request('GET', '/auth/me', { token: customer.token })).status).toBe(200);
  });
});
