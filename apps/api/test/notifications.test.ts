import { bossJobs } from '@storefront/db/jobs';
import { devices, notificationPreferences, products, productVariants } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import {
  createConfigurableProduct,
  createCurrency,
  createProduct,
} from '@storefront/db/testing/factories';
import { CAMPAIGN_QUEUE, PUSH_QUEUE, PUSH_RECEIPTS_QUEUE } from '@storefront/routers';
import { hashToken } from '@storefront/routers/tokens';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCustomer, trpcFailure, useAdminApp } from './harness';
import { type FakeExpo, startFakeExpo } from './support/fake-expo';
import { gatewayPayment, prepareCheckout } from './support/shop';

// The SDK reads EXPO_BASE_URL when it loads, which is when the app below starts: the stand-in
// must be listening first (this hook is registered before useAdminApp's).
let expo: FakeExpo;
beforeAll(async () => {
  expo = await startFakeExpo();
  process.env.EXPO_BASE_URL = expo.url;
});
afterAll(async () => {
  await expo.close();
});

const app = useAdminApp({
  expoPush: true,
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

let tokens = 0;
const pushToken = () => `ExponentPushToken[test-${Date.now()}-${++tokens}]`;

async function customerWithDevices(count = 1) {
  const customer = await registerCustomer(app.t);
  const phones: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const token = pushToken();
    const res = await app.t.request('POST', '/customer/devices', {
      token: customer.token,
      body: { token, platform: i % 2 ? 'android' : 'ios', app_version: '1.2.0', locale: 'en-IN' },
    });
    expect(res.status).toBe(201);
    phones.push(token);
  }
  return { ...customer, phones };
}

async function placeOrder(token: string, paymentMethod: 'cod' | 'card' = 'cod') {
  const product = await createProduct(app.t.db, { priceCents: 1500, stockQuantity: 5 });
  const added = await app.t.request('POST', '/cart/add', {
    token,
    body: { product_id: product.id, quantity: 1 },
  });
  expect(added.status).toBe(200);
  const { gateway_order } = await prepareCheckout(app.t, token, { paymentMethod });
  const placed = await app.t.request('POST', '/checkout/place-order', {
    token,
    body: paymentMethod === 'card' ? { payment_data: gatewayPayment(gateway_order?.id ?? '') } : {},
  });
  expect(placed.status).toBe(201);
  return placed.body.data as { order_id: number; order_number: string };
}

const pushesTo = (phone: string) => expo.pushes.filter((push) => push.to === phone);
const pushesOfType = (phone: string, type: string) =>
  pushesTo(phone).filter((push) => push.data.type === type);

/** Waits until `phone` got a push of `type`; then checks it got exactly one. */
async function onePush(phone: string, type: string) {
  await vi.waitFor(() => expect(pushesOfType(phone, type).length).toBeGreaterThan(0), {
    timeout: 10_000,
    interval: 50,
  });
  const found = pushesOfType(phone, type);
  expect(found).toHaveLength(1);
  return found[0] as (typeof found)[number];
}

/** Every job of these queues finished (so "no push" means none will come). */
async function queuesSettle() {
  await vi.waitFor(
    async () => {
      const waiting = await app.t.db
        .select({ id: bossJobs.id })
        .from(bossJobs)
        .where(
          and(
            inArray(bossJobs.name, [PUSH_QUEUE, PUSH_RECEIPTS_QUEUE, CAMPAIGN_QUEUE]),
            inArray(bossJobs.state, ['created', 'retry', 'active']),
          ),
        );
      expect(waiting).toHaveLength(0);
    },
    { timeout: 15_000, interval: 100 },
  );
}

const deviceRows = (userId: number) =>
  app.t.db.select().from(devices).where(eq(devices.userId, userId));

describe('POST /customer/devices', () => {
  it('answers 201 for a new token, 200 for a known one; one row; the token is never shown', async () => {
    const customer = await registerCustomer(app.t);
    const token = pushToken();
    const body = { token, platform: 'ios', app_version: '1.0.0', locale: 'en-GB' };
    const first = await app.t.request('POST', '/customer/devices', { token: customer.token, body });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      platform: 'ios',
      app_version: '1.0.0',
      locale: 'en-GB',
    });
    expect(first.body.data.token).toBeUndefined();
    const again = await app.t.request('POST', '/customer/devices', {
      token: customer.token,
      body: { ...body, app_version: '1.1.0' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: first.body.data.id, app_version: '1.1.0' });
    expect(await deviceRows(customer.user.id)).toHaveLength(1);
    const list = await app.t.request('GET', '/customer/devices', { token: customer.token });
    expect(list.body.data.map((d: { id: number }) => d.id)).toEqual([first.body.data.id]);
  });

  it('refuses a token that is not an Expo push token with 422 naming token', async () => {
    const customer = await registerCustomer(app.t);
    for (const token of [
      'abc',
      'ExponentPushToken[unterminated',
      '',
      'ExponentPushToken[]',
      'ExpoPushToken[]',
      'ExponentPushToken[  ]',
    ]) {
      const res = await app.t.request('POST', '/customer/devices', {
        token: customer.token,
        body: { token, platform: 'android' },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.token).toBeDefined();
    }
    const platform = await app.t.request('POST', '/customer/devices', {
      token: customer.token,
      body: { token: pushToken(), platform: 'windows' },
    });
    expect(platform.status).toBe(422);
    expect(platform.body.errors.platform).toBeDefined();
    expect(await deviceRows(customer.user.id)).toHaveLength(0);
  });

  it('moves a token registered on another account to the new one', async () => {
    const a = await customerWithDevices(1);
    const b = await registerCustomer(app.t);
    const moved = await app.t.request('POST', '/customer/devices', {
      token: b.token,
      body: { token: a.phones[0], platform: 'ios' },
    });
    expect(moved.status).toBe(201);
    expect(await deviceRows(a.user.id)).toHaveLength(0);
    expect((await deviceRows(b.user.id)).map((d) => d.token)).toEqual([a.phones[0]]);
    // A's order no longer reaches the phone; B's does.
    const order = await placeOrder(a.token);
    const bOrder = await placeOrder(b.token);
    const push = await onePush(a.phones[0] as string, 'order_placed');
    expect(push.data.order_id).toBe(bOrder.order_id);
    await queuesSettle();
    expect(pushesTo(a.phones[0] as string).some((p) => p.data.order_id === order.order_id)).toBe(
      false,
    );
  });

  it('keeps at most 10 devices per customer: the least recently seen goes', async () => {
    const customer = await customerWithDevices(10);
    const eleventh = pushToken();
    const res = await app.t.request('POST', '/customer/devices', {
      token: customer.token,
      body: { token: eleventh, platform: 'android' },
    });
    expect(res.status).toBe(201);
    const tokensLeft = (await deviceRows(customer.user.id)).map((d) => d.token).sort();
    expect(tokensLeft).toHaveLength(10);
    expect(tokensLeft).toContain(eleventh);
    expect(tokensLeft).not.toContain(customer.phones[0]);
  });

  it('DELETE removes one device; another customer’s id answers 404', async () => {
    const a = await customerWithDevices(2);
    const b = await registerCustomer(app.t);
    const [first] = await deviceRows(a.user.id);
    const id = first?.id as number;
    const foreign = await app.t.request('DELETE', `/customer/devices/${id}`, { token: b.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error_code).toBe('NOT_FOUND');
    const own = await app.t.request('DELETE', `/customer/devices/${id}`, { token: a.token });
    expect(own.status).toBe(200);
    expect((await deviceRows(a.user.id)).map((d) => d.id)).not.toContain(id);
    expect(await deviceRows(a.user.id)).toHaveLength(1);
  });

  it('POST /auth/logout removes the devices registered with that session only', async () => {
    const customer = await customerWithDevices(1);
    const login = await app.t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    const second = login.body.data.token as string;
    const otherPhone = pushToken();
    await app.t.request('POST', '/customer/devices', {
      token: second,
      body: { token: otherPhone, platform: 'android' },
    });
    const out = await app.t.request('POST', '/auth/logout', { token: customer.token });
    expect(out.status).toBe(200);
    expect((await deviceRows(customer.user.id)).map((d) => d.token)).toEqual([otherPhone]);
  });

  it('a device stays with its session through a token refresh: logging out then removes it', async () => {
    const customer = await customerWithDevices(1);
    const refreshed = await app.t.request('POST', '/auth/refresh', { token: customer.token });
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.data.token as string;
    expect((await app.t.request('GET', '/auth/me', { token: customer.token })).status).toBe(401);
    const [device] = await deviceRows(customer.user.id);
    expect(device?.sessionId).toBe(hashToken(token));
    expect((await app.t.request('POST', '/auth/logout', { token })).status).toBe(200);
    expect(await deviceRows(customer.user.id)).toEqual([]);
  });
});

describe('notification preferences', () => {
  it('defaults to order updates and wishlist alerts on, promotions off; PUT replaces them', async () => {
    const customer = await registerCustomer(app.t);
    const read = await app.t.request('GET', '/customer/notification-preferences', {
      token: customer.token,
    });
    expect(read.body.data).toEqual({
      order_updates: true,
      wishlist_alerts: true,
      promotions: false,
    });
    const body = { order_updates: false, wishlist_alerts: true, promotions: true };
    const put = await app.t.request('PUT', '/customer/notification-preferences', {
      token: customer.token,
      body,
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toEqual(body);
    const [row] = await app.t.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, customer.user.id));
    expect(row).toMatchObject({ orderUpdates: false, wishlistAlerts: true, promotions: true });
    const partial = await app.t.request('PUT', '/customer/notification-preferences', {
      token: customer.token,
      body: { order_updates: true },
    });
    expect(partial.status).toBe(422);
    expect(partial.body.errors.wishlist_alerts).toBeDefined();
  });
});

describe('order pushes through Expo', () => {
  it('sends one push per event per device, with the deep link and the shipment', async () => {
    const customer = await customerWithDevices(2);
    const order = await placeOrder(customer.token);
    const id = order.order_id;
    for (const phone of customer.phones) {
      const placed = await onePush(phone, 'order_placed');
      expect(placed.data).toEqual({
        type: 'order_placed',
        order_id: id,
        url: `myshop://orders/${id}`,
      });
      expect(placed.title).toContain(order.order_number);
    }
    await app.admin.admin.orders.process.mutate({ id });
    await app.admin.admin.orders.ship.mutate({ id, carrier: 'DHL', tracking_number: 'JD0146' });
    await app.admin.admin.orders.complete.mutate({ id });
    for (const phone of customer.phones) {
      await onePush(phone, 'order_processing');
      const shipped = await onePush(phone, 'order_shipped');
      expect(shipped.body).toContain('DHL');
      expect(shipped.body).toContain('JD0146');
      await onePush(phone, 'order_completed');
    }
  });

  it('a cancelled paid order says the refund', async () => {
    const customer = await customerWithDevices(1);
    const { order_id } = await placeOrder(customer.token, 'card');
    await app.admin.admin.orders.cancel.mutate({ id: order_id, reason: 'out of stock' });
    const push = await onePush(customer.phones[0] as string, 'order_canceled');
    expect(push.body).toContain('refunded');
    expect(push.data).toMatchObject({ order_id, url: `myshop://orders/${order_id}` });
  });

  it('sends nothing when order updates are off', async () => {
    const customer = await customerWithDevices(1);
    await app.t.request('PUT', '/customer/notification-preferences', {
      token: customer.token,
      body: { order_updates: false, wishlist_alerts: true, promotions: false },
    });
    await placeOrder(customer.token);
    await queuesSettle();
    expect(pushesTo(customer.phones[0] as string)).toHaveLength(0);
  });

  it('DeviceNotRegistered on the ticket removes the device; the other still gets its push', async () => {
    const customer = await customerWithDevices(2);
    const [gone, kept] = customer.phones as [string, string];
    expo.unregistered.add(gone);
    await placeOrder(customer.token);
    await onePush(kept, 'order_placed');
    await vi.waitFor(async () =>
      expect((await deviceRows(customer.user.id)).map((d) => d.token)).toEqual([kept]),
    );
    expect(pushesTo(gone)).toHaveLength(0);
  });

  it('DeviceNotRegistered on the receipt removes the device', async () => {
    const customer = await customerWithDevices(1);
    const phone = customer.phones[0] as string;
    expo.unregisteredLater.add(phone);
    await placeOrder(customer.token);
    await onePush(phone, 'order_placed');
    await vi.waitFor(async () => expect(await deviceRows(customer.user.id)).toHaveLength(0), {
      timeout: 15_000,
      interval: 100,
    });
  });

  it('a refused push is retried for that device only', async () => {
    const customer = await customerWithDevices(2);
    const [refused, fine] = customer.phones as [string, string];
    expo.refused.add(refused);
    await placeOrder(customer.token);
    await onePush(fine, 'order_placed');
    // The retry job for the refused device runs; let it through now.
    expo.refused.delete(refused);
    await onePush(refused, 'order_placed');
    await queuesSettle();
    expect(pushesOfType(fine, 'order_placed')).toHaveLength(1);
    expect(pushesOfType(refused, 'order_placed')).toHaveLength(1);
  });

  it('a failed request to Expo is retried by the job', async () => {
    const customer = await customerWithDevices(1);
    expo.failRequests(1);
    await placeOrder(customer.token);
    await onePush(customer.phones[0] as string, 'order_placed');
  });
});

describe('wishlist alerts', () => {
  async function wishing(productId: number) {
    const customer = await customerWithDevices(1);
    const added = await app.t.request('POST', '/customer/wishlist/add', {
      token: customer.token,
      body: { product_id: productId },
    });
    expect(added.status).toBe(201);
    return customer;
  }

  it('back in stock (0 → more) reaches the wishlist once a day, not those who opted out', async () => {
    const product = await createProduct(app.t.db, { priceCents: 2000, stockQuantity: 0 });
    const fan = await wishing(product.id);
    const quiet = await wishing(product.id);
    await app.t.request('PUT', '/customer/notification-preferences', {
      token: quiet.token,
      body: { order_updates: true, wishlist_alerts: false, promotions: false },
    });
    await app.t.db.update(products).set({ stockQuantity: 3 }).where(eq(products.id, product.id));
    await app.t.services.notifications.processWishlistAlerts();
    const push = await onePush(fan.phones[0] as string, 'back_in_stock');
    expect(push.data).toEqual({
      type: 'back_in_stock',
      product_id: product.id,
      url: `myshop://products/${product.id}`,
    });
    // Sold out and back again the same day: no second alert.
    await app.t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, product.id));
    await app.t.db.update(products).set({ stockQuantity: 2 }).where(eq(products.id, product.id));
    expect(await app.t.services.notifications.processWishlistAlerts()).toBe(0);
    await queuesSettle();
    expect(pushesOfType(fan.phones[0] as string, 'back_in_stock')).toHaveLength(1);
    expect(pushesTo(quiet.phones[0] as string)).toHaveLength(0);
  });

  it('a configurable product is back in stock when a variant is restocked after all sold out', async () => {
    const product = await createConfigurableProduct(app.t.db, {
      sizes: ['S', 'M'],
      colours: ['Red'],
    });
    await app.t.db
      .update(productVariants)
      .set({ stockQuantity: 0 })
      .where(eq(productVariants.productId, product.id));
    const fan = await wishing(product.id);
    // Nothing while sold out; one variant back: the product is back in stock.
    expect(await app.t.services.notifications.processWishlistAlerts()).toBe(0);
    const [first] = await app.t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id))
      .orderBy(productVariants.id);
    await app.t.db
      .update(productVariants)
      .set({ stockQuantity: 4 })
      .where(eq(productVariants.id, first?.id ?? 0));
    await app.t.services.notifications.processWishlistAlerts();
    const push = await onePush(fan.phones[0] as string, 'back_in_stock');
    expect(push.data).toMatchObject({ type: 'back_in_stock', product_id: product.id });
    // A second variant restocked while the first still has stock is not a new event.
    await app.t.db
      .update(productVariants)
      .set({ stockQuantity: 2 })
      .where(
        and(eq(productVariants.productId, product.id), ne(productVariants.id, first?.id ?? 0)),
      );
    expect(await app.t.services.notifications.processWishlistAlerts()).toBe(0);
  });

  it('a lower price or a new special price set by the admin is a price drop, once a day', async () => {
    const product = await createProduct(app.t.db, { priceCents: 5000, stockQuantity: 4 });
    const fan = await wishing(product.id);
    await app.admin.admin.products.update.mutate({ id: product.id, price: 45 });
    await app.t.services.notifications.processWishlistAlerts();
    const push = await onePush(fan.phones[0] as string, 'price_drop');
    expect(push.data).toMatchObject({
      product_id: product.id,
      url: `myshop://products/${product.id}`,
    });
    await app.admin.admin.products.update.mutate({ id: product.id, special_price: 40 });
    expect(await app.t.services.notifications.processWishlistAlerts()).toBe(0);
    // A price going up is no alert at all.
    const other = await createProduct(app.t.db, { priceCents: 1000, stockQuantity: 4 });
    const watcher = await wishing(other.id);
    await app.admin.admin.products.update.mutate({ id: other.id, price: 12 });
    expect(await app.t.services.notifications.processWishlistAlerts()).toBe(0);
    await queuesSettle();
    expect(pushesOfType(fan.phones[0] as string, 'price_drop')).toHaveLength(1);
    expect(pushesTo(watcher.phones[0] as string)).toHaveLength(0);
  });
});

describe('admin.notifications (promotions)', () => {
  it('sends to every opted-in device once, with the link, and counts sent and removed', async () => {
    const optIn = async (devicesCount: number) => {
      const customer = await customerWithDevices(devicesCount);
      await app.t.request('PUT', '/customer/notification-preferences', {
        token: customer.token,
        body: { order_updates: true, wishlist_alerts: true, promotions: true },
      });
      return customer;
    };
    const a = await optIn(2);
    const b = await optIn(1);
    const quiet = await customerWithDevices(1);
    const gone = b.phones[0] as string;
    expo.unregistered.add(gone);
    const product = await createProduct(app.t.db, { priceCents: 1000, stockQuantity: 1 });

    const missing = await trpcFailure(
      app.admin.admin.notifications.send.mutate({ title: 'Sale', body: 'x', product_id: 999_999 }),
    );
    expect(missing.data?.httpStatus).toBe(422);
    expect(missing.data?.errors?.product_id).toBeDefined();

    const sent = await app.admin.admin.notifications.send.mutate({
      title: 'Summer sale',
      body: 'Everything 20% off this weekend.',
      product_id: product.id,
    });
    expect(sent.data.targeted).toBeGreaterThanOrEqual(3);
    for (const phone of a.phones) {
      const push = await onePush(phone, 'promotion');
      expect(push).toMatchObject({
        title: 'Summer sale',
        data: { campaign_id: sent.data.id, url: `myshop://products/${product.id}` },
      });
    }
    await queuesSettle();
    expect(pushesTo(quiet.phones[0] as string)).toHaveLength(0);
    expect(pushesTo(gone)).toHaveLength(0);
    expect(await deviceRows(b.user.id)).toHaveLength(0);
    const listed = await app.admin.admin.notifications.list.query({});
    const campaign = listed.data.find((c) => c.id === sent.data.id);
    expect(campaign).toMatchObject({
      targeted: sent.data.targeted,
      sent: sent.data.targeted - 1,
      failed: 0,
      removed: 1,
    });
    // A customer cannot send campaigns.
    const refused = await trpcFailure(
      app.customer.admin.notifications.send.mutate({ title: 'x', body: 'y' }),
    );
    expect(refused.data?.httpStatus).toBe(403);
  });
});
