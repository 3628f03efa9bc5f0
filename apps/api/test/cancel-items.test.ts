import { orderItems } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerCustomer, trpcFailure } from './harness';
import { cents, lineCents, openRefundShop } from './support/refund-shop';

/*
 * Issue 38, part 1: POST /customer/orders/{id}/cancel-items on both databases. Units of a
 * pending or processing order go back to stock and their frozen share (taxable value + tax,
 * spread over the line's units to the cent) is refunded at once through the ledger; the last
 * units cancel the order with everything left, shipping included.
 */

const shop = await openRefundShop();
const { app } = shop;

/** A paid order: 3 × 10.02 (its 18 % GST total does not divide by 3) and 1 × 50.00. */
async function paidOrder() {
  const shirt = await shop.product('Cotton Tee', 1002);
  const scarf = await shop.product('Wool Scarf', 5000);
  const bought = await shop.order({
    lines: [
      { productId: shirt.id, quantity: 3 },
      { productId: scarf.id, quantity: 1 },
    ],
  });
  const item = (productId: number) =>
    bought.order.items.find((line: { product_id: number }) => line.product_id === productId);
  return { ...bought, shirt, scarf, shirtLine: item(shirt.id), scarfLine: item(scarf.id) };
}

describe('cancel-items on a paid order', () => {
  it('one unit: stock back, its share refunded at Razorpay, partially_refunded, a credit note; the rest cancels the order and the refunds add up to what was paid', async () => {
    const { id, token, order, shirt, scarf, shirtLine, scarfLine } = await paidOrder();
    expect(order.payment_status).toBe('paid');
    expect(order.invoice_number).toMatch(/^INV\//);
    const stockBefore = await shop.stockOf(shirt.id);

    const first = await shop.cancelItems(id, token, [{ order_item_id: shirtLine.id, quantity: 1 }]);
    expect(first.status).toBe(200);
    const share = Math.round(lineCents(shirtLine) / 3);
    const answered = first.body.data;
    expect(answered).toMatchObject({ status: 'pending', payment_status: 'partially_refunded' });
    expect(Math.abs(cents(answered.refunded_amount) - share)).toBeLessThanOrEqual(1);
    expect(answered.total).toBe(order.total);
    const canceled = answered.items.find((item: { id: number }) => item.id === shirtLine.id);
    expect(canceled).toMatchObject({ canceled_quantity: 1, returned_quantity: 0, quantity: 3 });
    expect(await shop.stockOf(shirt.id)).toBe((stockBefore ?? 0) + 1);

    const [row] = await shop.settled(id);
    expect(row).toMatchObject({
      kind: 'cancel_items',
      status: 'processed',
      amountCents: cents(answered.refunded_amount),
      gatewayCents: cents(answered.refunded_amount),
      giftCardCents: 0,
      loyaltyCents: 0,
      receipt: `${order.order_number}-R1`,
    });
    const atGateway = await shop.gatewayRefunds(id);
    expect(atGateway.refunds).toEqual([
      expect.objectContaining({
        amount: row?.amountCents,
        receipt: row?.receipt,
        speed_requested: 'optimum',
        id: row?.gatewayRefundId,
      }),
    ]);

    const notes = (await app.t.request('GET', `/customer/orders/${id}/credit-notes`, { token }))
      .body.data;
    expect(notes).toHaveLength(1);
    expect(notes[0].lines).toEqual([
      expect.objectContaining({ order_item_id: shirtLine.id, quantity: 1 }),
    ]);
    expect(cents(notes[0].total)).toBe(row?.amountCents);
    expect(row?.creditNoteId).not.toBeNull();

    // Every remaining unit: the order is cancelled, shipping and its tax come back too.
    const rest = await shop.cancelItems(id, token, [
      { order_item_id: shirtLine.id, quantity: 2 },
      { order_item_id: scarfLine.id, quantity: 1 },
    ]);
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({
      status: 'canceled',
      payment_status: 'refund_pending',
      refunded_amount: order.total,
    });
    const rows = await shop.settled(id);
    expect(rows.map((r) => r.kind)).toEqual(['cancel_items', 'cancel']);
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(cents(order.total));
    const after = await shop.gatewayRefunds(id);
    expect(after.refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(
      cents(order.amount_due),
    );
    expect(after.calls).toBe(2);
    expect((await shop.get(id, token)).payment_status).toBe('refunded');
    expect(await shop.stockOf(shirt.id)).toBe((stockBefore ?? 0) + 3);
    expect(await shop.stockOf(scarf.id)).toBe(100);
    const allNotes = (await app.t.request('GET', `/customer/orders/${id}/credit-notes`, { token }))
      .body.data;
    expect(allNotes).toHaveLength(2);
    expect(
      allNotes.reduce((sum: number, note: { total: number }) => sum + cents(note.total), 0),
    ).toBe(cents(order.total));
    expect(
      allNotes[1].lines.some(
        (line: { order_item_id: number | null }) => line.order_item_id === null,
      ),
    ).toBe(true);
  });

  it('1 + 1 + 1 units of a line whose total does not divide by 3 refund exactly the line', async () => {
    const { id, token, shirtLine } = await paidOrder();
    const total = lineCents(shirtLine);
    expect(total % 3).not.toBe(0);
    for (let i = 0; i < 3; i++) {
      const answer = await shop.cancelItems(id, token, [
        { order_item_id: shirtLine.id, quantity: 1 },
      ]);
      expect(answer.status).toBe(200);
      expect(answer.body.data.status).toBe('pending');
    }
    const rows = await shop.settled(id);
    const amounts = rows.map((row) => row.amountCents);
    expect(amounts).toHaveLength(3);
    expect(new Set(amounts).size).toBeGreaterThan(1);
    expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(total);
    const [item] = await app.t.db.select().from(orderItems).where(eq(orderItems.id, shirtLine.id));
    expect(item?.canceledQuantity).toBe(3);
  });

  it('more than is left → 422 naming the item; an unknown line, another customer’s order, a shipped one', async () => {
    const { id, token, shirtLine } = await paidOrder();
    const tooMany = await shop.cancelItems(id, token, [
      { order_item_id: shirtLine.id, quantity: 4 },
    ]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toHaveProperty(['items.0.quantity']);
    const unknown = await shop.cancelItems(id, token, [{ order_item_id: 999_999, quantity: 1 }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty(['items.0.order_item_id']);
    const stranger = await registerCustomer(app.t);
    const theirs = await shop.cancelItems(id, stranger.token, [
      { order_item_id: shirtLine.id, quantity: 1 },
    ]);
    expect(theirs.status).toBe(404);
    expect(await shop.ledger(id)).toEqual([]);

    await app.admin.admin.orders.process.mutate({ id });
    await app.admin.admin.orders.ship.mutate({ id, carrier: 'BlueDart', tracking_number: 'BD1' });
    const shipped = await shop.cancelItems(id, token, [
      { order_item_id: shirtLine.id, quantity: 1 },
    ]);
    expect(shipped.status).toBe(422);
    expect(shipped.body.error_code).toBe('ORDER_NOT_CANCELLABLE');
    expect(await shop.ledger(id)).toEqual([]);
  });
});

describe('the full cancel after partial refunds', () => {
  it('its e-mail names what this cancel gives back, not what was paid', async () => {
    const customer = await registerCustomer(app.t);
    const shirt = await shop.product('Flannel Shirt', 1002);
    const bought = await shop.order({
      token: customer.token,
      lines: [{ productId: shirt.id, quantity: 3 }],
    });
    const line = bought.order.items[0];
    const first = await shop.cancelItems(bought.id, customer.token, [
      { order_item_id: line.id, quantity: 1 },
    ]);
    expect(first.status).toBe(200);
    const canceled = await app.t.request('POST', `/customer/orders/${bought.id}/cancel`, {
      token: customer.token,
      body: { reason: 'Found it cheaper' },
    });
    expect(canceled.status).toBe(200);
    const rows = await shop.ledger(bought.id);
    const cancel = rows.find((row) => row.kind === 'cancel');
    expect(cancel?.gatewayCents).toBe(
      cents(bought.order.amount_due) - (rows[0]?.gatewayCents ?? 0),
    );
    const mail = await app.t.mailTo(customer.email, /cancelled/);
    const currency = bought.order.currency;
    expect(mail.text).toContain(
      `${((cancel?.gatewayCents ?? 0) / 100).toFixed(2)} ${currency} is being refunded`,
    );
    expect(mail.text).not.toContain(`payment of ${bought.order.amount_due.toFixed(2)}`);
  });
});

describe('cancel-items on cash on delivery', () => {
  it('no gateway money: the placed totals stay, amount_due falls by the units’ value, stock back', async () => {
    const shirt = await shop.product('Linen Shirt', 1002);
    const { id, token, order } = await shop.order({
      lines: [{ productId: shirt.id, quantity: 3 }],
      pay: 'cod',
    });
    const [line] = order.items;
    const stockBefore = await shop.stockOf(shirt.id);
    const answer = await shop.cancelItems(id, token, [{ order_item_id: line.id, quantity: 1 }]);
    expect(answer.status).toBe(200);
    const [row] = await shop.ledger(id);
    expect(row).toMatchObject({
      kind: 'cancel_items',
      gatewayCents: 0,
      giftCardCents: 0,
      loyaltyCents: 0,
      status: 'processed',
    });
    expect(answer.body.data).toMatchObject({
      payment_status: 'pending',
      total: order.total,
      refunded_amount: 0,
    });
    expect(cents(answer.body.data.amount_due)).toBe(
      cents(order.amount_due) - (row?.uncollectedCents ?? 0),
    );
    expect(row?.uncollectedCents).toBeGreaterThan(0);
    expect(await shop.stockOf(shirt.id)).toBe((stockBefore ?? 0) + 1);
    expect((await shop.gatewayRefunds(id)).calls).toBe(0);

    // Shipped, the order is invoiced as placed and the unit cancelled before is credited.
    await app.admin.admin.orders.process.mutate({ id });
    await app.admin.admin.orders.ship.mutate({ id, carrier: 'BlueDart', tracking_number: 'BD3' });
    const notes = (await app.t.request('GET', `/customer/orders/${id}/credit-notes`, { token }))
      .body.data;
    expect(notes).toHaveLength(1);
    expect(notes[0].reason).toBe('Cancelled before invoicing: Changed my mind');
    expect(notes[0].lines).toEqual([
      expect.objectContaining({ order_item_id: line.id, quantity: 1 }),
    ]);
    expect(cents(notes[0].total)).toBe(row?.amountCents);
    const [credited] = await shop.ledger(id);
    expect(credited?.creditNoteId).not.toBeNull();
  });
});

describe('races', () => {
  it('two cancel-items for the same line at once never exceed its quantity', async () => {
    const { id, token, shirtLine } = await paidOrder();
    const answers = await Promise.all(
      [1, 2].map(() => shop.cancelItems(id, token, [{ order_item_id: shirtLine.id, quantity: 2 }])),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const [item] = await app.t.db.select().from(orderItems).where(eq(orderItems.id, shirtLine.id));
    expect(item?.canceledQuantity).toBe(2);
    expect(await shop.ledger(id)).toHaveLength(1);
  });

  it('cancel-items of everything racing admin.orders.ship: one wins, never both', async () => {
    const { id, token, shirtLine, scarfLine } = await paidOrder();
    await app.admin.admin.orders.process.mutate({ id });
    const [cancel, ship] = await Promise.allSettled([
      shop.cancelItems(id, token, [
        { order_item_id: shirtLine.id, quantity: 3 },
        { order_item_id: scarfLine.id, quantity: 1 },
      ]),
      app.admin.admin.orders.ship.mutate({ id, carrier: 'BlueDart', tracking_number: 'BD2' }),
    ]);
    const cancelled = cancel.status === 'fulfilled' && cancel.value.status === 200;
    const shipped = ship.status === 'fulfilled';
    expect([cancelled, shipped].filter(Boolean)).toHaveLength(1);
    const now = await shop.get(id, token);
    expect(now.status).toBe(cancelled ? 'canceled' : 'shipped');
    if (shipped && cancel.status === 'fulfilled') {
      expect(cancel.value.body.error_code).toBe('ORDER_NOT_CANCELLABLE');
      expect(await shop.ledger(id)).toEqual([]);
    } else if (ship.status === 'rejected') {
      expect((await trpcFailure(Promise.reject(ship.reason))).data?.httpStatus).toBe(422);
    }
  });
});
