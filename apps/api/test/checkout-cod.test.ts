import { orders, users } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
} from './harness';
import { NEW_ADDRESS } from './support/shop';

// Cash-on-delivery rules at checkout (issue 39; docs/delivery.md, "Cash on delivery").

let t: TestApp;
let admin: ReturnType<typeof adminClient>;
let server: { baseUrl: string; close: () => Promise<void> };
const HEADER = 'postcode,zone,deliverable,cod,min_days,max_days';

beforeAll(async () => {
  t = await createTestApp({ config: { storeCountry: 'GB' } });
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
  server = await t.listen();
  admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
  await admin.admin.delivery.importRules.mutate({
    csv: `${HEADER}\nSW1Y*,Westminster,true,true,1,3\nN1*,Islington,true,false,1,3`,
  });
});
afterEach(async () => {
  await admin.admin.settings.updateDelivery.mutate({
    cod_enabled: true,
    cod_min_order: null,
    cod_max_order: null,
    cod_requires_verified_phone: false,
    cod_max_open_orders: 2,
  });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/** A customer with a 20.00 product in the cart, shipping to `postcode` by flat rate (4.99). */
async function shopper(postcode = 'SW1Y 4JH') {
  const product = await createProduct(t.db, { priceCents: 2000, stockQuantity: 50 });
  const customer = await registerCustomer(t);
  const { token } = customer;
  const steps = [
    ['/cart/add', { product_id: product.id, quantity: 1 }],
    ['/checkout/shipping-address', { ...NEW_ADDRESS, postcode }],
    ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
  ] as const;
  for (const [path, body] of steps) {
    const res = await t.request('POST', path, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  return customer;
}

async function cod(token: string) {
  const res = await t.request('GET', '/checkout/payment-methods', { token });
  expect(res.status).toBe(200);
  return res.body.data.find((m: { code: string }) => m.code === 'cod');
}
const chooseCod = (token: string) =>
  t.request('POST', '/checkout/payment-method', { token, body: { payment_method: 'cod' } });

async function expectRefused(token: string, reason: string) {
  expect(await cod(token)).toMatchObject({ code: 'cod', available: false, reason });
  const chosen = await chooseCod(token);
  expect(chosen.status).toBe(422);
  expect(chosen.body.error_code).toBe('COD_NOT_AVAILABLE');
  expect(chosen.body.errors).toEqual({ payment_method: [reason] });
}

describe('cash on delivery at checkout', () => {
  it('is available when every rule allows it; other methods are always available', async () => {
    const { token } = await shopper();
    const res = await t.request('GET', '/checkout/payment-methods', { token });
    expect(res.body.data).toEqual([
      expect.objectContaining({ code: 'card', available: true, reason: null }),
      expect.objectContaining({ code: 'wallet', available: true, reason: null }),
      expect.objectContaining({ code: 'cod', available: true, reason: null }),
    ]);
    expect((await chooseCod(token)).status).toBe(200);
  });

  it('refuses when switched off, for the postcode, and for the order value', async () => {
    const islington = await shopper('N1 9GU');
    await expectRefused(islington.token, 'postcode');
    const { token } = await shopper();
    await admin.admin.settings.updateDelivery.mutate({ cod_enabled: false });
    await expectRefused(token, 'disabled');
    await admin.admin.settings.updateDelivery.mutate({ cod_enabled: true, cod_max_order: 20 });
    await expectRefused(token, 'order_value');
    await admin.admin.settings.updateDelivery.mutate({ cod_max_order: null, cod_min_order: 1000 });
    await expectRefused(token, 'order_value');
    await admin.admin.settings.updateDelivery.mutate({ cod_min_order: 20 });
    expect(await cod(token)).toMatchObject({ available: true, reason: null });
  });

  it('refuses an unverified phone until it is verified', async () => {
    const { token, user } = await shopper();
    await admin.admin.settings.updateDelivery.mutate({ cod_requires_verified_phone: true });
    await expectRefused(token, 'phone_not_verified');
    await t.db.update(users).set({ phoneVerifiedAt: new Date() }).where(eq(users.id, user.id));
    expect((await chooseCod(token)).status).toBe(200);
  });

  it('refuses a customer with too many open COD orders', async () => {
    await admin.admin.settings.updateDelivery.mutate({ cod_max_open_orders: 1 });
    const { token, user } = await shopper();
    expect((await chooseCod(token)).status).toBe(200);
    const placed = await t.request('POST', '/checkout/place-order', { token, body: {} });
    expect(placed.status).toBe(201);
    const product = await createProduct(t.db, { priceCents: 2000, stockQuantity: 5 });
    await t.request('POST', '/cart/add', { token, body: { product_id: product.id, quantity: 1 } });
    await t.request('POST', '/checkout/shipping-address', { token, body: NEW_ADDRESS });
    await expectRefused(token, 'too_many_open_orders');
    // Completed or canceled orders are not open.
    await t.db.update(orders).set({ status: 'completed' }).where(eq(orders.userId, user.id));
    expect(await cod(token)).toMatchObject({ available: true });
  });

  it('re-checks at placement: COD switched off since the step refuses the order', async () => {
    const { token, user } = await shopper();
    expect((await chooseCod(token)).status).toBe(200);
    await admin.admin.settings.updateDelivery.mutate({ cod_enabled: false });
    const placed = await t.request('POST', '/checkout/place-order', { token, body: {} });
    expect(placed.status).toBe(422);
    expect(placed.body.error_code).toBe('COD_NOT_AVAILABLE');
    expect(placed.body.errors).toEqual({ payment_method: ['disabled'] });
    expect(await t.db.$count(orders, eq(orders.userId, user.id))).toBe(0);
  });
});
