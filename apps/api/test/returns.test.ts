import { orderItems, products, returnItems, returns } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerCustomer, trpcFailure } from './harness';
import {
  cents,
  deliveredOrder as deliveredOrderOf,
  lineCents,
  openRefundShop,
} from './support/refund-shop';

/*
 * Issue 38, part 2, the customer's side of returns on both databases: what may come back, the
 * quote (nothing written), the request (201), the list, one return, its cancel; the 422s and
 * 404s of the issue; two requests racing for the same line never exceed it. The shop's return
 * policy is admin.settings.getReturns / updateReturns.
 */

const shop = await openRefundShop();
const { app } = shop;

const deliveredOrder = () => deliveredOrderOf(shop);

const request = (
  id: number,
  token: string,
  items: { order_item_id: number; quantity: number; reason: string }[],
  path: 'returns' | 'returns/quote' = 'returns',
  refundTo = 'original',
) =>
  app.t.request('POST', `/customer/orders/${id}/${path}`, {
    token,
    body: { items, method: 'pickup', refund_to: refundTo },
  });

const returnRows = (orderId: number) =>
  app.t.db.select().from(returns).where(eq(returns.orderId, orderId));

describe('return settings', () => {
  it('defaults, then a partial update keeps the rest; a customer is refused', async () => {
    const defaults = await app.admin.admin.settings.getReturns.query();
    expect(defaults.data).toEqual({
      return_window_days: 7,
      auto_approve: [],
      return_fee: 0,
      restock_on_receive: true,
    });
    const saved = await app.admin.admin.settings.updateReturns.mutate({ return_fee: 2.5 });
    expect(saved.data).toMatchObject({ return_window_days: 7, return_fee: 2.5 });
    expect((await app.admin.admin.settings.getReturns.query()).data.return_fee).toBe(2.5);
    await app.admin.admin.settings.updateReturns.mutate({ return_fee: 0 });
    const refused = await trpcFailure(app.customer.admin.settings.getReturns.query());
    expect(refused.data?.httpStatus).toBe(403);
  });
});

describe('returnable and the quote', () => {
  it('a delivered order: every unit returnable, a unit refunds its frozen share; the quote of the whole order for a shop fault includes shipping and writes nothing', async () => {
    const { id, token, order, shirtLine, scarfLine } = await deliveredOrder();
    const answer = await app.t.request('GET', `/customer/orders/${id}/returnable`, { token });
    expect(answer.status).toBe(200);
    const body = answer.body.data;
    expect(body).toMatchObject({
      returnable: true,
      reason: null,
      methods: ['pickup', 'drop_off'],
      refund_to: ['original', 'store_credit'],
    });
    expect(new Date(body.window_ends_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const shirt = body.items.find(
      (item: { order_item_id: number }) => item.order_item_id === shirtLine.id,
    );
    expect(shirt).toMatchObject({
      product_name: 'Linen Shirt',
      quantity: 3,
      returnable_quantity: 3,
    });
    expect(Math.abs(cents(shirt.unit_refund) - lineCents(shirtLine) / 3)).toBeLessThanOrEqual(1);

    const items = [
      { order_item_id: shirtLine.id, quantity: 3, reason: 'damaged' },
      { order_item_id: scarfLine.id, quantity: 1, reason: 'wrong_item' },
    ];
    const quote = await request(id, token, items, 'returns/quote');
    expect(quote.status).toBe(200);
    const q = quote.body.data;
    expect(cents(q.items[0].amount)).toBe(lineCents(shirtLine));
    expect(cents(q.items_amount)).toBe(lineCents(shirtLine) + lineCents(scarfLine));
    expect(cents(q.shipping_refund)).toBeGreaterThan(0);
    expect(q.fee).toBe(0);
    // The whole order back for the shop's fault: everything paid, all of it to the gateway.
    expect(cents(q.refund_total)).toBe(cents(order.total));
    expect(q.refund_split).toEqual({
      gateway: order.total,
      gift_cards: 0,
      loyalty_points: 0,
      store_credit: 0,
    });
    expect(await returnRows(id)).toEqual([]);

    // Part of it for the customer's own reason: no shipping, the fee once; store credit.
    await app.admin.admin.settings.updateReturns.mutate({ return_fee: 1.5 });
    const part = await request(
      id,
      token,
      [{ order_item_id: shirtLine.id, quantity: 3, reason: 'size_fit' }],
      'returns/quote',
      'store_credit',
    );
    await app.admin.admin.settings.updateReturns.mutate({ return_fee: 0 });
    expect(part.body.data).toMatchObject({ shipping_refund: 0, fee: 1.5 });
    expect(cents(part.body.data.refund_total)).toBe(lineCents(shirtLine) - 150);
    expect(part.body.data.refund_split).toMatchObject({
      gateway: 0,
      store_credit: part.body.data.refund_total,
    });
  });

  it('not delivered or outside the window: returnable false with its reason, requests 422 RETURN_NOT_ALLOWED; another customer 404', async () => {
    const shirt = await shop.product('Denim Jacket', 4000);
    const pending = await shop.order({ lines: [{ productId: shirt.id, quantity: 1 }] });
    const line = { order_item_id: pending.order.items[0].id, quantity: 1, reason: 'damaged' };
    const notYet = await app.t.request('GET', `/customer/orders/${pending.id}/returnable`, {
      token: pending.token,
    });
    expect(notYet.body.data).toMatchObject({ returnable: false, reason: 'not_delivered' });
    const refused = await request(pending.id, pending.token, [line]);
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe('RETURN_NOT_ALLOWED');

    const { id, token, shirtLine } = await deliveredOrder();
    await app.admin.admin.settings.updateReturns.mutate({ return_window_days: 0 });
    try {
      const closed = await app.t.request('GET', `/customer/orders/${id}/returnable`, { token });
      expect(closed.body.data).toMatchObject({ returnable: false, reason: 'window_closed' });
      const late = await request(id, token, [
        { order_item_id: shirtLine.id, quantity: 1, reason: 'damaged' },
      ]);
      expect(late.status).toBe(422);
      expect(late.body.error_code).toBe('RETURN_NOT_ALLOWED');
    } finally {
      await app.admin.admin.settings.updateReturns.mutate({ return_window_days: 7 });
    }

    const stranger = await registerCustomer(app.t);
    const other = await app.t.request('GET', `/customer/orders/${id}/returnable`, {
      token: stranger.token,
    });
    expect(other.status).toBe(404);
    const otherCreate = await request(id, stranger.token, [
      { order_item_id: shirtLine.id, quantity: 1, reason: 'damaged' },
    ]);
    expect(otherCreate.status).toBe(404);
    expect(await returnRows(id)).toEqual([]);
  });

  it('a non-returnable product: 422 RETURN_NOT_ALLOWED naming the item; more than returnable 422 naming items', async () => {
    const { id, token, shirt, shirtLine, scarfLine } = await deliveredOrder();
    await app.t.db.update(products).set({ returnable: false }).where(eq(products.id, shirt.id));
    const view = await app.t.request('GET', `/customer/orders/${id}/returnable`, { token });
    const shirtView = view.body.data.items.find(
      (item: { order_item_id: number }) => item.order_item_id === shirtLine.id,
    );
    expect(shirtView.returnable_quantity).toBe(0);
    const refused = await request(id, token, [
      { order_item_id: scarfLine.id, quantity: 1, reason: 'damaged' },
      { order_item_id: shirtLine.id, quantity: 1, reason: 'damaged' },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe('RETURN_NOT_ALLOWED');
    expect(Object.keys(refused.body.errors)).toEqual(['items.1.order_item_id']);

    const tooMany = await request(id, token, [
      { order_item_id: scarfLine.id, quantity: 2, reason: 'damaged' },
    ]);
    expect(tooMany.status).toBe(422);
    expect(Object.keys(tooMany.body.errors)).toEqual(['items.0.quantity']);
    expect(await returnRows(id)).toEqual([]);
  });
});

describe('requesting, listing and cancelling a return', () => {
  it('201 with its quote and event; listed and read by its owner only; the units are not returnable again until it is cancelled', async () => {
    const { id, token, shirtLine } = await deliveredOrder();
    const created = await request(id, token, [
      { order_item_id: shirtLine.id, quantity: 2, reason: 'changed_mind' },
    ]);
    expect(created.status).toBe(201);
    const made = created.body.data;
    expect(made).toMatchObject({
      order_id: id,
      status: 'requested',
      method: 'pickup',
      refund_to: 'original',
      items: [
        { order_item_id: shirtLine.id, quantity: 2, reason: 'changed_mind', received_quantity: 0 },
      ],
      events: [{ status: 'requested' }],
      replacement_order_id: null,
    });
    expect(made.number).toMatch(/-RMA1$/);
    const [row] = await returnRows(id);
    expect(row).toMatchObject({ id: made.id, status: 'requested' });
    expect(row?.quote.totalCents).toBe(cents(made.quote.refund_total));

    const left = await app.t.request('GET', `/customer/orders/${id}/returnable`, { token });
    const shirt = left.body.data.items.find(
      (item: { order_item_id: number }) => item.order_item_id === shirtLine.id,
    );
    expect(shirt.returnable_quantity).toBe(1);

    const list = await app.t.request('GET', '/customer/returns?per_page=50', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((entry: { id: number }) => entry.id)).toContain(made.id);
    expect(list.body.meta).toMatchObject({ current_page: 1 });
    const one = await app.t.request('GET', `/customer/returns/${made.id}`, { token });
    expect(one.body.data).toEqual(made);
    const stranger = await registerCustomer(app.t);
    expect(
      (await app.t.request('GET', `/customer/returns/${made.id}`, { token: stranger.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await app.t.request('POST', `/customer/returns/${made.id}/cancel`, {
          token: stranger.token,
        })
      ).status,
    ).toBe(404);

    const canceled = await app.t.request('POST', `/customer/returns/${made.id}/cancel`, { token });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.status).toBe('canceled');
    expect(canceled.body.data.events.map((e: { status: string }) => e.status)).toEqual([
      'requested',
      'canceled',
    ]);
    const again = await app.t.request('POST', `/customer/returns/${made.id}/cancel`, { token });
    expect(again.status).toBe(422);
    expect(again.body.error_code).toBe('RETURN_NOT_ALLOWED');
    const back = await app.t.request('GET', `/customer/orders/${id}/returnable`, { token });
    expect(
      back.body.data.items.find(
        (item: { order_item_id: number }) => item.order_item_id === shirtLine.id,
      ).returnable_quantity,
    ).toBe(3);
    // Nothing was refunded or counted returned by a request alone.
    const [item] = await app.t.db.select().from(orderItems).where(eq(orderItems.id, shirtLine.id));
    expect(item?.returnedQuantity).toBe(0);
  });

  it('auto-approved reasons start approved', async () => {
    const { id, token, scarfLine } = await deliveredOrder();
    await app.admin.admin.settings.updateReturns.mutate({ auto_approve: ['damaged'] });
    try {
      const created = await request(id, token, [
        { order_item_id: scarfLine.id, quantity: 1, reason: 'damaged' },
      ]);
      expect(created.body.data.status).toBe('approved');
      expect(created.body.data.events.map((e: { status: string }) => e.status)).toEqual([
        'requested',
        'approved',
      ]);
    } finally {
      await app.admin.admin.settings.updateReturns.mutate({ auto_approve: [] });
    }
  });

  it('two requests racing for the same line never exceed it: one 201, one 422', async () => {
    const { id, token, shirtLine } = await deliveredOrder();
    const both = await Promise.all(
      [2, 2].map((quantity) =>
        request(id, token, [{ order_item_id: shirtLine.id, quantity, reason: 'damaged' }]),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 422]);
    const rows = await app.t.db
      .select({ quantity: returnItems.quantity })
      .from(returnItems)
      .innerJoin(returns, eq(returns.id, returnItems.returnId))
      .where(eq(returns.orderId, id));
    expect(rows).toEqual([{ quantity: 2 }]);
  });
});
