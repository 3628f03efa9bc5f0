import { carts, orders } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
} from './harness';
import { NEW_ADDRESS } from './support/shop';

// Checkout and the delivery promise (issue 39; docs/delivery.md): an address the shop does not
// deliver to, the methods' dates, the promise kept on the order and re-checked at placement.

// The next Tuesday, 10:00 UTC: before the 14:00 cut-off. Relative to today, not a fixed date, so
// the fake clock never falls behind what the database stamps with its own now().
const now = (() => {
  const day = new Date();
  day.setUTCHours(10, 0, 0, 0);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 2);
  return day;
})();
/** The calendar date `days` after the order day (`YYYY-MM-DD`). */
const dayAfter = (days: number) =>
  new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
let t: TestApp;
let admin: ReturnType<typeof adminClient>;
let server: { baseUrl: string; close: () => Promise<void> };
const HEADER = 'postcode,zone,deliverable,cod,min_days,max_days';
const importRules = (...lines: string[]) =>
  admin.admin.delivery.importRules.mutate({ csv: [HEADER, ...lines].join('\n') });

beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now }, config: { storeCountry: 'GB' } });
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
  server = await t.listen();
  admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
  await importRules('SW1Y*,Westminster,true,true,1,3', 'E1*,East,false,false,0,0');
});
afterAll(async () => {
  await server.close();
  await t.close();
});

async function shopperWithCart(shipsInDays?: number) {
  const product = await createProduct(t.db, { priceCents: 2000, stockQuantity: 10 });
  if (shipsInDays !== undefined) {
    await admin.admin.products.update.mutate({ id: product.id, ships_in_days: shipsInDays });
  }
  const customer = await registerCustomer(t);
  const added = await t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity: 1 },
  });
  expect(added.status).toBe(200);
  return customer;
}

const shippingAddress = (token: string, postcode: string) =>
  t.request('POST', '/checkout/shipping-address', {
    token,
    body: { ...NEW_ADDRESS, postcode },
  });

describe('checkout and delivery', () => {
  it('refuses an address the shop does not deliver to with 422 ADDRESS_NOT_SERVICEABLE', async () => {
    const { token, user } = await shopperWithCart();
    const res = await shippingAddress(token, 'E1 6AN');
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('ADDRESS_NOT_SERVICEABLE');
    expect(res.body.errors.postcode).toEqual(['We do not deliver to E1 6AN.']);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, user.id));
    expect(cart?.shippingAddress).toBeNull();
  });

  it('lists methods with the dates for the address, and none before it has dates', async () => {
    const { token } = await shopperWithCart(2);
    const before = await t.request('GET', '/checkout/shipping-methods', { token });
    expect(
      before.body.data.map((m: { estimated_delivery: unknown }) => m.estimated_delivery),
    ).toEqual([null]);
    expect((await shippingAddress(token, 'SW1Y 4JH')).status).toBe(200);
    const methods = await t.request('GET', '/checkout/shipping-methods', { token });
    expect(methods.status).toBe(200);
    // Order day Tuesday; dispatch 1 + 2 (made to order) working days: Friday; +1–3 days.
    expect(methods.body.data).toEqual([
      {
        code: 'flatrate',
        name: 'Standard delivery',
        description: 'Delivered in 3–5 working days.',
        rate: 4.99,
        estimated_delivery: { min_date: dayAfter(4), max_date: dayAfter(6) },
      },
    ]);
  });

  it('keeps the promise on the order, shown in its detail and tracking', async () => {
    const { token } = await shopperWithCart();
    expect((await shippingAddress(token, 'SW1Y 4JH')).status).toBe(200);
    for (const [path, body] of [
      ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
      ['/checkout/payment-method', { payment_method: 'cod' }],
    ] as const) {
      expect((await t.request('POST', path, { token, body })).status).toBe(200);
    }
    const placed = await t.request('POST', '/checkout/place-order', { token, body: {} });
    expect(placed.status).toBe(201);
    const id = placed.body.data.order_id;
    // Dispatch Wednesday (one working day), then 1–3 days: Thursday to Saturday.
    const promised = { min_date: dayAfter(2), max_date: dayAfter(4) };
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.estimatedDelivery).toEqual(promised);
    const detail = await t.request('GET', `/customer/orders/${id}`, { token });
    expect(detail.body.data.estimated_delivery).toEqual(promised);
    const tracking = await t.request('GET', `/customer/orders/${id}/track`, { token });
    expect(tracking.body.data.estimated_delivery).toEqual(promised);
  });

  it('re-checks at placement: a rule changed since the address step refuses the order', async () => {
    const { token, user } = await shopperWithCart();
    expect((await shippingAddress(token, 'SW1Y 4JH')).status).toBe(200);
    for (const [path, body] of [
      ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
      ['/checkout/payment-method', { payment_method: 'cod' }],
    ] as const) {
      expect((await t.request('POST', path, { token, body })).status).toBe(200);
    }
    await importRules('SW1Y*,Westminster,false,false,1,3');
    try {
      const methods = await t.request('GET', '/checkout/shipping-methods', { token });
      expect(methods.body.data).toEqual([]);
      const placed = await t.request('POST', '/checkout/place-order', { token, body: {} });
      expect(placed.status).toBe(422);
      expect(placed.body.error_code).toBe('ADDRESS_NOT_SERVICEABLE');
      expect(await t.db.$count(orders, eq(orders.userId, user.id))).toBe(0);
    } finally {
      await importRules('SW1Y*,Westminster,true,true,1,3');
    }
  });
});
