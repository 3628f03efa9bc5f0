import { orders } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { adminClient, registerCustomer, trpcFailure, useAdminApp } from './harness';
import { gatewayPayment, prepareCheckout, stockOf } from './support/shop';

const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

/** A customer places an order through the REST API; cash on delivery unless `card`. */
async function placedOrder(paymentMethod: 'cod' | 'card' = 'cod') {
  const product = await createProduct(app.t.db, { priceCents: 1500, stockQuantity: 5 });
  const customer = await registerCustomer(app.t);
  const added = await app.t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity: 2 },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  const { gateway_order } = await prepareCheckout(app.t, customer.token, { paymentMethod });
  const placed = await app.t.request('POST', '/checkout/place-order', {
    token: customer.token,
    body: paymentMethod === 'card' ? { payment_data: gatewayPayment(gateway_order?.id ?? '') } : {},
  });
  if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
  return { id: placed.body.data.order_id as number, token: customer.token, product };
}

const track = async (id: number, token: string) =>
  (await app.t.request('GET', `/customer/orders/${id}/track`, { token })).body.data;

describe('admin.orders', () => {
  it('lists every customer’s orders with a status filter and pagination, and reads one', async () => {
    const a = await placedOrder();
    const b = await placedOrder();
    await app.admin.admin.orders.process.mutate({ id: b.id });
    const all = await app.admin.admin.orders.list.query({ per_page: 50 });
    expect(all.data.map((o) => o.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const processing = await app.admin.admin.orders.list.query({
      status: 'processing',
      per_page: 50,
    });
    expect(processing.data.map((o) => o.id)).toContain(b.id);
    expect(processing.data.map((o) => o.id)).not.toContain(a.id);
    expect(processing.data.every((o) => o.status === 'processing')).toBe(true);
    const first = await app.admin.admin.orders.list.query({ per_page: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.meta.total).toBeGreaterThanOrEqual(2);
    const one = await app.admin.admin.orders.get.query({ id: a.id });
    expect(one.data).toMatchObject({ id: a.id, status: 'pending', items: [{ quantity: 2 }] });
    const missing = await trpcFailure(app.admin.admin.orders.get.query({ id: 999_999 }));
    expect(missing.data?.httpStatus).toBe(404);
  });

  it('walks pending → processing → shipped → completed; tracking shows one event per change', async () => {
    const { id, token } = await placedOrder();
    expect((await app.admin.admin.orders.process.mutate({ id })).data.status).toBe('processing');
    const shipped = await app.admin.admin.orders.ship.mutate({
      id,
      carrier: 'DHL',
      tracking_number: 'JD0146000033',
      tracking_url: 'https://dhl.example/track/JD0146000033',
    });
    expect(shipped.data.status).toBe('shipped');
    const completed = await app.admin.admin.orders.complete.mutate({ id });
    expect(completed.data).toMatchObject({ status: 'completed', payment_status: 'paid' });
    const tracking = await track(id, token);
    expect(tracking).toMatchObject({
      status: 'completed',
      carrier: 'DHL',
      tracking_number: 'JD0146000033',
      tracking_url: 'https://dhl.example/track/JD0146000033',
    });
    expect(tracking.events.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'processing',
      'shipped',
      'completed',
    ]);
    expect(tracking.events[2].description).toContain('DHL');
    expect(tracking.events[2].description).toContain('JD0146000033');
    // The back office reads the same shipment and events.
    expect((await app.admin.admin.orders.tracking.query({ id })).data).toEqual(tracking);
  });

  it('refuses every transition the state machine does not allow, changing nothing', async () => {
    const { id, token } = await placedOrder();
    const ship = () =>
      app.admin.admin.orders.ship.mutate({ id, carrier: 'UPS', tracking_number: '1Z999' });
    // pending → shipped, pending → completed
    for (const call of [() => ship(), () => app.admin.admin.orders.complete.mutate({ id })]) {
      const refused = await trpcFailure(call());
      expect(refused.data?.httpStatus).toBe(422);
      expect(refused.data?.error_code).toBe('VALIDATION_ERROR');
    }
    await app.admin.admin.orders.process.mutate({ id });
    // processing → processing, processing → completed
    for (const call of [
      () => app.admin.admin.orders.process.mutate({ id }),
      () => app.admin.admin.orders.complete.mutate({ id }),
    ]) {
      expect((await trpcFailure(call())).data?.error_code).toBe('VALIDATION_ERROR');
    }
    await ship();
    // shipped → processing, shipped → shipped, shipped → canceled
    for (const call of [() => app.admin.admin.orders.process.mutate({ id }), () => ship()]) {
      expect((await trpcFailure(call())).data?.error_code).toBe('VALIDATION_ERROR');
    }
    const cancelShipped = await trpcFailure(
      app.admin.admin.orders.cancel.mutate({ id, reason: 'x' }),
    );
    expect(cancelShipped.data?.httpStatus).toBe(422);
    expect(cancelShipped.data?.error_code).toBe('ORDER_NOT_CANCELLABLE');
    await app.admin.admin.orders.complete.mutate({ id });
    // completed → anything
    for (const call of [
      () => app.admin.admin.orders.process.mutate({ id }),
      () => ship(),
      () => app.admin.admin.orders.complete.mutate({ id }),
    ]) {
      expect((await trpcFailure(call())).data?.error_code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await trpcFailure(app.admin.admin.orders.cancel.mutate({ id, reason: 'x' }))).data
        ?.error_code,
    ).toBe('ORDER_NOT_CANCELLABLE');
    // refusals record no events
    expect((await track(id, token)).events).toHaveLength(4);
  });

  it('each answer carries the actions the order’s status allows now', async () => {
    const { id } = await placedOrder();
    const actions = async (call: Promise<{ data: { allowed_actions: string[] } }>) =>
      (await call).data.allowed_actions;
    expect(await actions(app.admin.admin.orders.get.query({ id }))).toEqual(['process', 'cancel']);
    expect(await actions(app.admin.admin.orders.process.mutate({ id }))).toEqual([
      'ship',
      'cancel',
    ]);
    expect(
      await actions(
        app.admin.admin.orders.ship.mutate({ id, carrier: 'UPS', tracking_number: '1' }),
      ),
    ).toEqual(['complete']);
    expect(await actions(app.admin.admin.orders.complete.mutate({ id }))).toEqual([]);
    const other = await placedOrder();
    expect(
      await actions(app.admin.admin.orders.cancel.mutate({ id: other.id, reason: 'Test' })),
    ).toEqual([]);
  });

  it('cancels a pending order (stock back) and a processing one; a canceled order moves no more', async () => {
    const pending = await placedOrder();
    expect(await stockOf(app.t.db, pending.product.id)).toBe(3);
    const canceled = await app.admin.admin.orders.cancel.mutate({
      id: pending.id,
      reason: 'Fraud suspected',
    });
    expect(canceled.data).toMatchObject({
      status: 'canceled',
      payment_status: 'pending',
      cancel_reason: 'Fraud suspected',
    });
    expect(await stockOf(app.t.db, pending.product.id)).toBe(5);
    const events = (await track(pending.id, pending.token)).events;
    expect(events.map((e: { status: string }) => e.status)).toEqual(['pending', 'canceled']);
    expect(events[1].description).toContain('Fraud suspected');
    for (const call of [
      () => app.admin.admin.orders.process.mutate({ id: pending.id }),
      () => app.admin.admin.orders.complete.mutate({ id: pending.id }),
      () =>
        app.admin.admin.orders.ship.mutate({
          id: pending.id,
          carrier: 'UPS',
          tracking_number: '1',
        }),
    ]) {
      expect((await trpcFailure(call())).data?.error_code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await trpcFailure(app.admin.admin.orders.cancel.mutate({ id: pending.id, reason: 'again' })))
        .data?.error_code,
    ).toBe('ORDER_NOT_CANCELLABLE');

    const processing = await placedOrder();
    await app.admin.admin.orders.process.mutate({ id: processing.id });
    const second = await app.admin.admin.orders.cancel.mutate({
      id: processing.id,
      reason: 'Stock',
    });
    expect(second.data.status).toBe('canceled');
  });

  it('cancelling a paid order refunds it', async () => {
    const { id } = await placedOrder('card');
    expect((await app.admin.admin.orders.get.query({ id })).data.payment_status).toBe('paid');
    await app.admin.admin.orders.process.mutate({ id });
    const canceled = await app.admin.admin.orders.cancel.mutate({ id, reason: 'Out of stock' });
    expect(canceled.data).toMatchObject({ status: 'canceled', payment_status: 'refund_pending' });
    const row = await vi.waitFor(
      async () => {
        const [found] = await app.t.db.select().from(orders).where(eq(orders.id, id));
        expect(found?.paymentStatus).toBe('refunded');
        return found;
      },
      { timeout: 10_000, interval: 100 },
    );
    expect(row?.refundReference).toMatch(/^gw_refund_/);
    const tracking = await app.admin.admin.orders.get.query({ id });
    expect(tracking.data.payment_status).toBe('refunded');
  });

  it('validates ship input and refuses customers with 403', async () => {
    const { id, token } = await placedOrder();
    await app.admin.admin.orders.process.mutate({ id });
    const bad = await trpcFailure(
      app.admin.admin.orders.ship.mutate({ id, carrier: '', tracking_number: '' }),
    );
    expect(bad.data?.httpStatus).toBe(422);
    const asCustomer = adminClient(app.server.baseUrl, token);
    for (const call of [
      () => asCustomer.admin.orders.list.query({}),
      () => asCustomer.admin.orders.get.query({ id }),
      () => asCustomer.admin.orders.ship.mutate({ id, carrier: 'DHL', tracking_number: '1' }),
      () => asCustomer.admin.orders.cancel.mutate({ id, reason: 'mine' }),
    ]) {
      const forbidden = await trpcFailure(call());
      expect(forbidden.data?.httpStatus).toBe(403);
      expect(forbidden.data?.error_code).toBe('FORBIDDEN');
    }
    expect((await app.admin.admin.orders.get.query({ id })).data.status).toBe('processing');
  });
});
