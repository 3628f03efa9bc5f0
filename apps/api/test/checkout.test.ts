import { bossJobs } from '@storefront/db/jobs';
import {
  carts,
  coupons,
  idempotencyKeys,
  orderEvents,
  orders,
  productVariants,
} from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import {
  createConfigurableProduct,
  createCoupon,
  createCurrency,
  createProduct,
} from '@storefront/db/testing/factories';
import { and, eq, sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { getBinary, pdfText } from './support/pdf';
import { gatewayPayment, NEW_ADDRESS, prepareCheckout, stockOf } from './support/shop';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
});
afterAll(async () => {
  await t.close();
});

async function shopper(productOverrides: Parameters<typeof createProduct>[1] = {}, quantity = 2) {
  const product = await createProduct(t.db, {
    priceCents: 2000,
    stockQuantity: 10,
    ...productOverrides,
  });
  const customer = await registerCustomer(t);
  const added = await t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  return { ...customer, product };
}

const placeOrder = (token: string, body: object = {}, headers: Record<string, string> = {}) =>
  t.request('POST', '/checkout/place-order', { token, body, headers });

describe('checkout steps', () => {
  it('init answers 422 CART_EMPTY on an empty cart, then the state with missing steps', async () => {
    const customer = await registerCustomer(t);
    const empty = await t.request('GET', '/checkout/init', { token: customer.token });
    expect(empty.status).toBe(422);
    expect(empty.body.error_code).toBe('CART_EMPTY');
    const { token } = await shopper();
    const init = await t.request('GET', '/checkout/init', { token });
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({
      shipping_address: null,
      shipping_method: null,
      payment_method: null,
      gateway_order: null,
      missing_steps: ['shipping_address', 'shipping_method', 'payment_method'],
      ready_to_place: false,
    });
    expect(init.body.data.cart.items).toHaveLength(1);
  });

  it('takes a saved address by id, refuses someone else’s, and validates a new one', async () => {
    const owner = await registerCustomer(t);
    const saved = await t.request('POST', '/customer/addresses', {
      token: owner.token,
      body: { ...NEW_ADDRESS, country: 'DE' },
    });
    const { token } = await shopper();
    const foreign = await t.request('POST', '/checkout/shipping-address', {
      token,
      body: { address_id: saved.body.data.id },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.address_id).toBeDefined();
    const incomplete = await t.request('POST', '/checkout/shipping-address', {
      token,
      body: { first_name: 'Ada', country: 'XX' },
    });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors).sort()).toEqual(
      ['address_line_1', 'city', 'country', 'last_name', 'phone', 'postcode'].sort(),
    );
    const ownSaved = await t.request('POST', '/customer/addresses', {
      token,
      body: { ...NEW_ADDRESS, country: 'DE' },
    });
    const res = await t.request('POST', '/checkout/shipping-address', {
      token,
      body: { address_id: ownSaved.body.data.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.shipping_address).toMatchObject({
      country: 'DE',
      country_name: 'Germany',
    });
    // Billing defaults to shipping until set; same_as_shipping keeps following it.
    expect(res.body.data.billing_address).toEqual(res.body.data.shipping_address);
    const billing = await t.request('POST', '/checkout/billing-address', {
      token,
      body: { ...NEW_ADDRESS, city: 'Paris', country: 'FR' },
    });
    expect(billing.body.data.billing_address).toMatchObject({
      city: 'Paris',
      country_name: 'France',
    });
    const same = await t.request('POST', '/checkout/billing-address', {
      token,
      body: { same_as_shipping: true },
    });
    expect(same.body.data.billing_address).toEqual(same.body.data.shipping_address);
  });

  it('taxes by the shipping country and offers free shipping only from its minimum', async () => {
    const { token } = await shopper({ priceCents: 2000 }, 2); // 40.00
    await t.request('POST', '/checkout/shipping-address', { token, body: NEW_ADDRESS }); // GB: 20 %
    const methods = await t.request('GET', '/checkout/shipping-methods', { token });
    expect(methods.body.data.map((m: { code: string }) => m.code)).toEqual(['flatrate']);
    const free = await t.request('POST', '/checkout/shipping-method', {
      token,
      body: { shipping_method: 'free' },
    });
    expect(free.status).toBe(422);
    expect(free.body.errors.shipping_method).toBeDefined();
    const chosen = await t.request('POST', '/checkout/shipping-method', {
      token,
      body: { shipping_method: 'flatrate' },
    });
    expect(chosen.body.data.cart).toMatchObject({
      subtotal: 40,
      shipping: 4.99,
      tax: 8,
      total: 52.99,
    });
    const cart = await t.request('GET', '/cart', { token });
    const line = cart.body.data.items[0];
    await t.request('PUT', `/cart/items/${line.id}`, { token, body: { quantity: 3 } });
    const more = await t.request('GET', '/checkout/shipping-methods', { token });
    expect(more.body.data).toEqual([
      expect.objectContaining({ code: 'flatrate', rate: 4.99 }),
      expect.objectContaining({ code: 'free', rate: 0 }),
    ]);
  });
});

describe('place-order', () => {
  it('the whole cash-on-delivery flow: order, stock, empty cart, list, detail, tracking, cancel', async () => {
    const { token, product } = await shopper({ priceCents: 1500, stockQuantity: 5 }, 2);
    const incomplete = await placeOrder(token);
    expect(incomplete.status).toBe(422);
    expect(incomplete.body.error_code).toBe('CHECKOUT_INCOMPLETE');
    expect(Object.keys(incomplete.body.errors)).toEqual([
      'shipping_address',
      'shipping_method',
      'payment_method',
    ]);
    await prepareCheckout(t, token, { paymentMethod: 'cod' });
    const summary = await t.request('GET', '/checkout/summary', { token });
    expect(summary.body.data).toMatchObject({ missing_steps: [], ready_to_place: true });

    const placed = await placeOrder(token, { notes: 'Leave at the door' });
    expect(placed.status).toBe(201);
    expect(placed.body.message).toBe('Order placed successfully.');
    expect(placed.body.data).toMatchObject({
      status: 'pending',
      payment_status: 'pending',
      total: summary.body.data.cart.total,
    });
    expect(placed.body.data.order_number).toMatch(/^SF-\d{4}-\d{6}$/);
    expect(await stockOf(t.db, product.id)).toBe(3);
    const cart = await t.request('GET', '/cart', { token });
    expect(cart.body.data.items).toEqual([]);

    const id = placed.body.data.order_id;
    const detail = await t.request('GET', `/customer/orders/${id}`, { token });
    expect(detail.body.data).toMatchObject({
      order_number: placed.body.data.order_number,
      payment_method: 'cod',
      notes: 'Leave at the door',
      items: [{ product_id: product.id, quantity: 2, price: 15, total: 30, sku: product.sku }],
      shipping_address: { city: 'London', country_name: 'United Kingdom' },
    });
    const list = await t.request('GET', '/customer/orders', { token });
    expect(list.body.meta).toMatchObject({ total: 1, current_page: 1 });
    expect(list.body.data[0]).toMatchObject({ id, item_count: 2 });
    expect(
      (await t.request('GET', '/customer/orders?status=canceled', { token })).body.data,
    ).toEqual([]);
    const invoice = await supertest(t.app)
      .get(`/api/v1/customer/orders/${id}/invoice`)
      .set('Authorization', `Bearer ${token}`);
    expect(invoice.status).toBe(422);
    expect(invoice.body.error_code).toBe('INVOICE_NOT_AVAILABLE');

    const noReason = await t.request('POST', `/customer/orders/${id}/cancel`, { token, body: {} });
    expect(noReason.status).toBe(422);
    const canceled = await t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'Ordered by mistake' },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data).toMatchObject({
      status: 'canceled',
      payment_status: 'pending',
      cancel_reason: 'Ordered by mistake',
    });
    expect(await stockOf(t.db, product.id)).toBe(5);
    const again = await t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'Again' },
    });
    expect(again.status).toBe(422);
    expect(again.body.error_code).toBe('ORDER_NOT_CANCELLABLE');
    const track = await t.request('GET', `/customer/orders/${id}/track`, { token });
    expect(track.body.data.events.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'canceled',
    ]);
  });

  it('the whole gateway flow: gateway order, signed payment, paid order, PDF invoice, refund on cancel', async () => {
    const { token, product } = await shopper(
      { name: 'Walnut Desk Organiser', priceCents: 4250, stockQuantity: 4 },
      1,
    );
    const { gateway_order: gatewayOrder, cart } = await prepareCheckout(t, token, {
      paymentMethod: 'card',
    });
    expect(gatewayOrder).toMatchObject({ amount: cart.total, currency: 'USD' });
    const payment = gatewayPayment(gatewayOrder?.id ?? '');
    const placed = await placeOrder(token, { payment_data: payment });
    expect(placed.status).toBe(201);
    expect(placed.body.data.payment_status).toBe('paid');
    const id = placed.body.data.order_id;

    const invoice = await getBinary(t.app, `/api/v1/customer/orders/${id}/invoice`, token);
    expect(invoice.status).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${placed.body.data.order_number}.pdf"`,
    );
    // Its headers as the document declares them (the body is binary: no schema to match).
    t.validate('GET', `/api/v1/customer/orders/${id}/invoice`, 200, null, invoice.headers);
    // Only the canonical id names the order (found by fuzz.test.ts: "%201" read as order 1).
    for (const alias of [`%20${id}`, `0${id}`, `${id}.0`, `${id}e0`]) {
      const refused = await supertest(t.app)
        .get(`/api/v1/customer/orders/${alias}/invoice`)
        .set('Authorization', `Bearer ${token}`);
      expect(refused.status, alias).toBe(422);
      expect(refused.body.errors).toEqual({ id: ['Must be a whole number.'] });
    }
    const text = await pdfText(new Uint8Array(invoice.body as Buffer));
    expect(text).toContain(placed.body.data.order_number);
    expect(text).toContain(`${placed.body.data.total.toFixed(2)} USD`);
    expect(text).toContain('Walnut Desk Organiser');
    expect(text).toContain('London');

    const canceled = await t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'Changed my mind' },
    });
    // The refund is a job: pending at once, refunded when the gateway has processed it.
    expect(canceled.body.data).toMatchObject({
      status: 'canceled',
      payment_status: 'refund_pending',
    });
    const row = await vi.waitFor(
      async () => {
        const [found] = await t.db.select().from(orders).where(eq(orders.id, id));
        expect(found?.paymentStatus).toBe('refunded');
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(row?.refundReference).toMatch(/^gw_refund_/);
    expect(await stockOf(t.db, product.id)).toBe(4);
  });

  it('a wrong signature or a reused payment id is 422 PAYMENT_FAILED and leaves the cart intact', async () => {
    const first = await shopper();
    const { gateway_order: order1 } = await prepareCheckout(t, first.token, {
      paymentMethod: 'card',
    });
    const forged = { ...gatewayPayment(order1?.id ?? ''), gateway_signature: 'ab'.repeat(32) };
    const bad = await placeOrder(first.token, { payment_data: forged });
    expect(bad.status).toBe(422);
    expect(bad.body.error_code).toBe('PAYMENT_FAILED');
    const otherOrder = await placeOrder(first.token, {
      payment_data: gatewayPayment('gw_order_not_issued_here'),
    });
    expect(otherOrder.body.error_code).toBe('PAYMENT_FAILED');
    const missing = await placeOrder(first.token, {});
    expect(missing.body.error_code).toBe('PAYMENT_FAILED');
    expect((await t.request('GET', '/cart', { token: first.token })).body.data.items).toHaveLength(
      1,
    );
    expect(await stockOf(t.db, first.product.id)).toBe(10);

    const payment = gatewayPayment(order1?.id ?? '', 'pay_shared_once');
    expect((await placeOrder(first.token, { payment_data: payment })).status).toBe(201);
    const second = await shopper();
    const { gateway_order: order2 } = await prepareCheckout(t, second.token, {
      paymentMethod: 'wallet',
    });
    const reused = await placeOrder(second.token, {
      payment_data: gatewayPayment(order2?.id ?? '', 'pay_shared_once'),
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error_code).toBe('PAYMENT_FAILED');
    expect((await t.request('GET', '/cart', { token: second.token })).body.data.items).toHaveLength(
      1,
    );
  });

  it('changing the cart after the gateway order was issued voids it', async () => {
    const { token, product } = await shopper();
    const { gateway_order: order } = await prepareCheckout(t, token, { paymentMethod: 'card' });
    await t.request('POST', '/cart/add', { token, body: { product_id: product.id, quantity: 1 } });
    const summary = await t.request('GET', '/checkout/summary', { token });
    expect(summary.body.data.gateway_order).toBeNull();
    expect(summary.body.data.missing_steps).toEqual(['payment_method']);
    const res = await placeOrder(token, { payment_data: gatewayPayment(order?.id ?? '') });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('CHECKOUT_INCOMPLETE');
  });

  it('counts coupon use at placement and gives it back on cancellation', async () => {
    const coupon = await createCoupon(t.db, { value: 10, usageLimitPerCustomer: 1 });
    const { token } = await shopper({ priceCents: 10_000 }, 1);
    await t.request('POST', '/cart/apply-coupon', { token, body: { coupon_code: coupon.code } });
    await prepareCheckout(t, token);
    const placed = await placeOrder(token);
    expect(placed.status).toBe(201);
    const [used] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used?.timesUsed).toBe(1);
    const detail = await t.request('GET', `/customer/orders/${placed.body.data.order_id}`, {
      token,
    });
    expect(detail.body.data).toMatchObject({ coupon_code: coupon.code, discount: 10 });
    await t.request('POST', `/customer/orders/${placed.body.data.order_id}/cancel`, {
      token,
      body: { reason: 'x' },
    });
    const [released] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(released?.timesUsed).toBe(0);
  });

  it("another customer's order answers 404 on every order route", async () => {
    const { token } = await shopper();
    await prepareCheckout(t, token);
    const id = (await placeOrder(token)).body.data.order_id;
    const stranger = await registerCustomer(t);
    const responses = [
      await t.request('GET', `/customer/orders/${id}`, { token: stranger.token }),
      await t.request('GET', `/customer/orders/${id}/track`, { token: stranger.token }),
      await t.request('POST', `/customer/orders/${id}/cancel`, {
        token: stranger.token,
        body: { reason: 'mine now' },
      }),
      await supertest(t.app)
        .get(`/api/v1/customer/orders/${id}/invoice`)
        .set('Authorization', `Bearer ${stranger.token}`),
    ];
    for (const res of responses) {
      expect(res.status).toBe(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('pending');
    expect(
      (await t.request('GET', '/customer/orders', { token: stranger.token })).body.data,
    ).toEqual([]);
  });
});

describe('GET /customer/orders item_count', () => {
  it('counts each order’s own items, not the store’s (two customers, different quantities)', async () => {
    const counts: Record<number, number> = {};
    const buyers = [];
    for (const quantity of [3, 1, 4]) {
      // Two lines per order, so order and order-item ids drift apart.
      const buyer = await shopper({}, quantity);
      const second = await createProduct(t.db, { priceCents: 500, stockQuantity: 10 });
      await t.request('POST', '/cart/add', {
        token: buyer.token,
        body: { product_id: second.id, quantity: 2 },
      });
      await prepareCheckout(t, buyer.token);
      const placed = await placeOrder(buyer.token);
      expect(placed.status).toBe(201);
      counts[placed.body.data.order_id] = quantity + 2;
      buyers.push(buyer);
    }
    for (const buyer of buyers) {
      const list = await t.request('GET', '/customer/orders', { token: buyer.token });
      expect(list.status).toBe(200);
      expect(list.body.data).toHaveLength(1);
      const [order] = list.body.data;
      expect(order.item_count).toBe(counts[order.id]);
    }
  });
});

describe('concurrency and idempotency', () => {
  it('more buyers than units: exactly as many orders as units, stock ends at 0', async () => {
    const product = await createProduct(t.db, { stockQuantity: 3, priceCents: 999 });
    const buyers = [];
    for (let i = 0; i < 6; i++) {
      const customer = await registerCustomer(t);
      await t.request('POST', '/cart/add', {
        token: customer.token,
        body: { product_id: product.id, quantity: 1 },
      });
      await prepareCheckout(t, customer.token);
      buyers.push(customer);
    }
    const results = await Promise.all(buyers.map((buyer) => placeOrder(buyer.token)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 422, 422, 422]);
    for (const refused of results.filter((r) => r.status === 422))
      expect(refused.body.error_code).toBe('OUT_OF_STOCK');
    expect(await stockOf(t.db, product.id)).toBe(0);
  });

  // The guards decide only when the buyers race past the cart's own stock check, which happens
  // on PostgreSQL (the embedded database runs one transaction at a time); both pass on either.
  it('more buyers than a variant’s units: 422 OUT_OF_STOCK for the rest, never a 500', async () => {
    const product = await createConfigurableProduct(t.db, { sizes: ['M'], colours: ['Red'] });
    const [variant] = await t.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    if (!variant) throw new Error('the configurable product has no variant');
    await t.db
      .update(productVariants)
      .set({ stockQuantity: 3 })
      .where(eq(productVariants.id, variant.id));
    const buyers = [];
    for (let i = 0; i < 5; i++) {
      const customer = await registerCustomer(t);
      const added = await t.request('POST', '/cart/add', {
        token: customer.token,
        body: { product_id: product.id, variant_id: variant.id, quantity: 2 },
      });
      expect(added.status).toBe(200);
      await prepareCheckout(t, customer.token);
      buyers.push(customer);
    }
    const results = await Promise.all(buyers.map((buyer) => placeOrder(buyer.token)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const refused of results.filter((r) => r.status === 422))
      expect(refused.body.error_code).toBe('OUT_OF_STOCK');
    const [left] = await t.db
      .select({ stock: productVariants.stockQuantity })
      .from(productVariants)
      .where(eq(productVariants.id, variant.id));
    expect(left?.stock).toBe(1);
  });

  it('two customers racing for a coupon’s last use: one order gets it, the other is refused', async () => {
    const coupon = await createCoupon(t.db, { usageLimit: 3, timesUsed: 2 });
    const racers = [];
    for (let i = 0; i < 2; i++) {
      const racer = await shopper();
      const applied = await t.request('POST', '/cart/apply-coupon', {
        token: racer.token,
        body: { coupon_code: coupon.code },
      });
      expect(applied.status).toBe(200);
      await prepareCheckout(t, racer.token);
      racers.push(racer);
    }
    const results = await Promise.all(racers.map((racer) => placeOrder(racer.token)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.status === 422)?.body.error_code).toBe('COUPON_INVALID');
    const [stored] = await t.db
      .select({ timesUsed: coupons.timesUsed })
      .from(coupons)
      .where(eq(coupons.id, coupon.id));
    expect(stored?.timesUsed).toBe(3);
  });

  it('5 simultaneous cancels of one paid order: one succeeds, stock returned once, one refund', async () => {
    const { token, product } = await shopper({ stockQuantity: 6 }, 2);
    const { gateway_order: gatewayOrder } = await prepareCheckout(t, token, {
      paymentMethod: 'card',
    });
    const placed = await placeOrder(token, {
      payment_data: gatewayPayment(gatewayOrder?.id ?? ''),
    });
    expect(placed.status).toBe(201);
    const id = placed.body.data.order_id;
    expect(await stockOf(t.db, product.id)).toBe(4);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.request('POST', `/customer/orders/${id}/cancel`, { token, body: { reason: 'race' } }),
      ),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
    expect(await stockOf(t.db, product.id)).toBe(6);
    const refundJobs = await t.db
      .select()
      .from(bossJobs)
      .where(sql`${bossJobs.name} = 'refunds' and ${bossJobs.data}->>'orderId' = ${String(id)}`);
    expect(refundJobs).toHaveLength(1);
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    // The refund job may already have settled the refund, which adds its own "Payment refunded."
    // event (also status canceled); the cancellation itself is recorded once.
    const canceled = events.filter((event) => event.status === 'canceled');
    expect(canceled.filter((event) => event.description.startsWith('Order cancel'))).toHaveLength(
      1,
    );
    expect(
      canceled.filter((event) => event.description === 'Payment refunded.').length,
    ).toBeLessThanOrEqual(1);
  });

  it('the same Idempotency-Key sent 5 times at once creates one order and replays it', async () => {
    const { token, user } = await shopper();
    await prepareCheckout(t, token);
    const key = `order-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(token, { notes: 'x' }, { 'Idempotency-Key': key }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const other of results.filter((r) => r.status !== 201)) {
      expect(other.status).toBe(409);
      expect(other.body.error_code).toBe('IDEMPOTENCY_CONFLICT');
    }
    expect(new Set(created.map((r) => r.body.data.order_id)).size).toBe(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
    const replay = await placeOrder(token, { notes: 'x' }, { 'Idempotency-Key': key });
    expect(replay.status).toBe(201);
    expect(replay.body.data).toEqual(created[0]?.body.data);
    const changed = await placeOrder(token, { notes: 'different' }, { 'Idempotency-Key': key });
    expect(changed.status).toBe(409);
    const [stored] = await t.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
    expect(stored?.state).toBe('done');
  });

  it('a failed attempt frees its key, so the same key can be retried', async () => {
    const { token } = await shopper();
    const key = `retry-${Date.now()}`;
    const failed = await placeOrder(token, {}, { 'Idempotency-Key': key });
    expect(failed.body.error_code).toBe('CHECKOUT_INCOMPLETE');
    await prepareCheckout(t, token);
    expect((await placeOrder(token, {}, { 'Idempotency-Key': key })).status).toBe(201);
  });

  it('the cart row is the order’s afterwards and a new cart opens', async () => {
    const { token, user } = await shopper();
    await prepareCheckout(t, token);
    await placeOrder(token);
    await t.request('GET', '/cart', { token });
    const rows = await t.db
      .select({ status: carts.status })
      .from(carts)
      .where(eq(carts.userId, user.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['open', 'ordered']);
  });
});
