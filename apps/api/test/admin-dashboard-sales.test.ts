import { orderRefunds, orders, returns } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminClient, registerCustomer, trpcFailure, useAdminApp } from './harness';
import { prepareCheckout } from './support/shop';

/*
 * admin.dashboard.sales: the panel's chart buckets orders per day of the shop's calendar (tax
 * settings' time zone), 30 days with zeros filled; best sellers; returns and refunds waiting.
 */

const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'INR', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

/** The calendar day of `at` in `timeZone`, as the server's shopLocalDate writes it. */
const shopLocalDate = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);

const DAY_MS = 24 * 60 * 60 * 1000;
const KOLKATA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

async function placedOrder(productId: number, quantity: number) {
  const customer = await registerCustomer(app.t);
  await app.t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: productId, quantity },
  });
  await prepareCheckout(app.t, customer.token);
  const placed = await app.t.request('POST', '/checkout/place-order', {
    token: customer.token,
    body: {},
  });
  if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
  return {
    token: customer.token,
    id: placed.body.data.order_id as number,
    number: placed.body.data.order_number as string,
    total: placed.body.data.total as number,
  };
}

const placedAt = (id: number, at: Date) =>
  app.t.db.update(orders).set({ createdAt: at }).where(eq(orders.id, id));

describe('admin.dashboard.sales', () => {
  it('buckets 30 shop-local days with zeros, best sellers, returns and refunds waiting', {
    timeout: 90_000,
  }, async () => {
    await app.admin.admin.settings.updateTax.mutate({ time_zone: 'Asia/Kolkata' });
    const empty = (await app.admin.admin.dashboard.sales.query()).data;
    expect(empty.time_zone).toBe('Asia/Kolkata');
    expect(empty.days).toHaveLength(30);
    expect(empty.days.every((day) => day.orders === 0 && day.revenue === 0)).toBe(true);
    expect(empty.top_products).toEqual([]);

    const tea = await createProduct(app.t.db, { name: 'Masala Tea', priceCents: 1000 });
    const mug = await createProduct(app.t.db, { name: 'Mug', priceCents: 2500 });
    const now = new Date();
    const today = shopLocalDate(now, 'Asia/Kolkata');
    // One minute past the shop's midnight: still yesterday in UTC, today in Kolkata.
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const shopMidnight = new Date(Date.UTC(y, m - 1, d) - KOLKATA_OFFSET_MS + 60_000);
    const early = await placedOrder(tea.id, 3);
    await placedAt(early.id, shopMidnight);
    const tenDaysAgo = await placedOrder(mug.id, 1);
    await placedAt(tenDaysAgo.id, new Date(shopMidnight.getTime() - 10 * DAY_MS));
    const tooOld = await placedOrder(mug.id, 5);
    await placedAt(tooOld.id, new Date(shopMidnight.getTime() - 31 * DAY_MS));
    const canceled = await placedOrder(mug.id, 4);
    await app.admin.admin.orders.cancel.mutate({ id: canceled.id, reason: 'Test' });

    const sales = (await app.admin.admin.dashboard.sales.query()).data;
    expect(sales.currency).toBe('INR');
    expect(sales.days).toHaveLength(30);
    const last = sales.days.at(-1);
    expect(last).toMatchObject({ date: today, orders: 1 });
    expect(last?.revenue).toBeCloseTo(early.total, 2);
    expect(sales.days[19]?.orders).toBe(1);
    expect(sales.days[19]?.revenue).toBeCloseTo(tenDaysAgo.total, 2);
    // Consecutive calendar days, the rest zeros.
    for (let i = 1; i < 30; i++) {
      const gap = Date.parse(sales.days[i]?.date ?? '') - Date.parse(sales.days[i - 1]?.date ?? '');
      expect(gap).toBe(DAY_MS);
    }
    expect(sales.days.filter((day) => day.orders > 0)).toHaveLength(2);
    expect(sales.top_products.map((p) => [p.name, p.units])).toEqual([
      ['Masala Tea', 3],
      ['Mug', 1],
    ]);
    expect(sales.top_products[0]?.revenue).toBe(30);

    // A UTC shop puts the early order on the day before: the zone decides the bucket.
    await app.admin.admin.settings.updateTax.mutate({ time_zone: 'UTC' });
    const utc = (await app.admin.admin.dashboard.sales.query()).data;
    const utcDay = shopLocalDate(shopMidnight, 'UTC');
    expect(utc.days.find((day) => day.date === utcDay)?.orders).toBe(1);
    expect(utcDay).not.toBe(today);

    // Waiting for someone: one return requested, one failed refund not retried yet.
    expect(sales.returns_requested).toBe(0);
    expect(sales.failed_refunds).toEqual({ total: 0, items: [] });
    await app.t.db.insert(returns).values({
      number: `RMA-${early.number}-1`,
      orderId: early.id,
      method: 'pickup',
      refundTo: 'original',
      quote: {
        items: [],
        itemsCents: 0,
        shippingCents: 0,
        feeCents: 0,
        totalCents: 0,
        split: { gatewayCents: 0, giftCardCents: 0, loyaltyCents: 0, storeCreditCents: 0 },
      },
    });
    const [failed] = await app.t.db
      .insert(orderRefunds)
      .values({
        orderId: tenDaysAgo.id,
        amountCents: 500,
        gatewayCents: 500,
        reason: 'Test',
        kind: 'goodwill',
        receipt: 'dash-failed-1',
        status: 'failed',
      })
      .returning();
    const waiting = (await app.admin.admin.dashboard.sales.query()).data;
    expect(waiting.returns_requested).toBe(1);
    expect(waiting.failed_refunds.total).toBe(1);
    expect(waiting.failed_refunds.items[0]).toMatchObject({
      id: failed?.id,
      order_id: tenDaysAgo.id,
      order_number: tenDaysAgo.number,
      amount: 5,
    });
    // Asked for again: no longer waiting.
    await app.t.db.insert(orderRefunds).values({
      orderId: tenDaysAgo.id,
      amountCents: 500,
      gatewayCents: 500,
      reason: 'Retry',
      kind: 'goodwill',
      receipt: 'dash-failed-1-retry',
      retryOfId: failed?.id,
    });
    expect((await app.admin.admin.dashboard.sales.query()).data.failed_refunds.total).toBe(0);

    const asCustomer = adminClient(app.server.baseUrl, early.token);
    expect((await trpcFailure(asCustomer.admin.dashboard.sales.query())).data?.httpStatus).toBe(
      403,
    );
  });
});
