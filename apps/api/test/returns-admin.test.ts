import {
  creditNotes,
  loyaltyLedger,
  orderItems,
  orderRefunds,
  returns,
} from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { trpcFailure } from './harness';
import {
  cents,
  deliveredOrder as deliveredOrderOf,
  lineCents,
  openRefundShop,
} from './support/refund-shop';

/*
 * Issue 38, part 2, the shop's side of returns on both databases: approve, reject, receive
 * (resellable units back to stock, units counted returned) and refund what was received through
 * the ledger (kind `return`, the frozen shares, the fee once, a credit note); the e-mail and
 * push of each status change; a refund clicked twice at once refunds once.
 */

const shop = await openRefundShop();
const { app } = shop;
const admin = () => app.admin.admin.returns;

const deliveredOrder = () =>
  deliveredOrderOf(shop, { shirt: 'Oxford Shirt', scarf: 'Cashmere Scarf' });

async function requested(
  id: number,
  token: string,
  items: { order_item_id: number; quantity: number; reason: string }[],
) {
  const answer = await app.t.request('POST', `/customer/orders/${id}/returns`, {
    token,
    body: { items, method: 'drop_off', refund_to: 'original' },
  });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

const pushesOf = shop.returnPushes;

describe('admin.returns: the loop', () => {
  it('approve → receive (stock back, returned_quantity) → refund the received units’ frozen share less the fee, a credit note, mails and pushes', async () => {
    const { id, token, order, shirt, shirtLine } = await deliveredOrder();
    await app.admin.admin.settings.updateReturns.mutate({ return_fee: 1 });
    const made = await requested(id, token, [
      { order_item_id: shirtLine.id, quantity: 2, reason: 'size_fit' },
    ]);
    await app.admin.admin.settings.updateReturns.mutate({ return_fee: 0 });

    const listed = await admin().list.query({ status: 'requested', per_page: 100 });
    expect(listed.data.map((entry) => entry.id)).toContain(made.id);
    // The panel's order page lists that order's returns only.
    const ofOrder = await admin().list.query({ order_id: id });
    expect(ofOrder.data.map((entry) => entry.id)).toEqual([made.id]);
    const approved = await admin().approve.mutate({ id: made.id, note: 'Use the prepaid label.' });
    expect(approved.data.status).toBe('approved');
    const twice = await trpcFailure(admin().approve.mutate({ id: made.id }));
    expect(twice.data?.error_code).toBe('RETURN_NOT_ALLOWED');

    const stockBefore = (await shop.stockOf(shirt.id)) ?? 0;
    const received = await admin().receive.mutate({
      id: made.id,
      items: [{ order_item_id: shirtLine.id, quantity: 2, condition: 'resellable' }],
    });
    expect(received.data).toMatchObject({
      status: 'received',
      items: [{ received_quantity: 2, condition: 'resellable' }],
    });
    expect(await shop.stockOf(shirt.id)).toBe(stockBefore + 2);
    const [line] = await app.t.db.select().from(orderItems).where(eq(orderItems.id, shirtLine.id));
    expect(line?.returnedQuantity).toBe(2);

    const refunded = await admin().refund.mutate({ id: made.id });
    expect(refunded.data.status).toBe('refunded');
    expect(refunded.data.events.map((event) => event.status)).toEqual([
      'requested',
      'approved',
      'received',
      'refunded',
    ]);
    const rows = await shop.settled(id);
    expect(rows).toHaveLength(1);
    const share = lineCents(shirtLine) - Math.round(lineCents(shirtLine) / 3);
    expect(Math.abs((rows[0]?.amountCents ?? 0) - (share - 100))).toBeLessThanOrEqual(1);
    expect(rows[0]).toMatchObject({ kind: 'return', status: 'processed' });
    expect(rows[0]?.creditNoteId).not.toBeNull();
    // The panel's ledger names the credit note by its number.
    const [note] = await app.t.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.id, rows[0]?.creditNoteId ?? 0));
    const ledger = await app.admin.admin.orders.refunds.query({ order_id: id });
    expect(ledger.data.map((row) => row.credit_note_number)).toEqual([note?.number]);
    const [stored] = await app.t.db.select().from(returns).where(eq(returns.id, made.id));
    expect(stored?.refundId).toBe(rows[0]?.id);
    const after = await shop.get(id, token);
    expect(after).toMatchObject({ payment_status: 'partially_refunded', status: 'completed' });
    expect(cents(after.refunded_amount)).toBe(rows[0]?.amountCents);
    expect(cents(after.total)).toBe(cents(order.total));

    expect(await pushesOf(made.id)).toEqual(['return_approved', 'return_refunded']);
    await vi.waitFor(
      () => {
        const subjects = app.t.outbox().map((mail) => mail.subject);
        expect(subjects).toContain(`Return ${made.number} approved`);
        expect(subjects).toContain(`Return ${made.number} refunded`);
      },
      { timeout: 10_000, interval: 100 },
    );
  });

  it('reject with a reason: the units are returnable again; a rejected return cannot be received', async () => {
    const { id, token, scarfLine } = await deliveredOrder();
    const made = await requested(id, token, [
      { order_item_id: scarfLine.id, quantity: 1, reason: 'changed_mind' },
    ]);
    const rejected = await admin().reject.mutate({ id: made.id, reason: 'Worn.' });
    expect(rejected.data.status).toBe('rejected');
    expect(rejected.data.events.at(-1)).toMatchObject({ status: 'rejected', note: 'Worn.' });
    expect(await pushesOf(made.id)).toEqual(['return_rejected']);
    const refused = await trpcFailure(
      admin().receive.mutate({
        id: made.id,
        items: [{ order_item_id: scarfLine.id, quantity: 1, condition: 'resellable' }],
      }),
    );
    expect(refused.data?.httpStatus).toBe(422);
    const view = await app.t.request('GET', `/customer/orders/${id}/returnable`, { token });
    expect(
      view.body.data.items.find(
        (item: { order_item_id: number }) => item.order_item_id === scarfLine.id,
      ).returnable_quantity,
    ).toBe(1);
  });

  it('the whole order back for a shop fault refunds everything, shipping included; damaged units are not restocked; two refunds at once refund once', async () => {
    const { id, token, order, scarf, shirtLine, scarfLine } = await deliveredOrder();
    const made = await requested(id, token, [
      { order_item_id: shirtLine.id, quantity: 3, reason: 'damaged' },
      { order_item_id: scarfLine.id, quantity: 1, reason: 'wrong_item' },
    ]);
    await admin().approve.mutate({ id: made.id });
    const scarfStock = (await shop.stockOf(scarf.id)) ?? 0;
    await admin().receive.mutate({
      id: made.id,
      items: [
        { order_item_id: shirtLine.id, quantity: 3, condition: 'resellable' },
        { order_item_id: scarfLine.id, quantity: 1, condition: 'damaged' },
      ],
    });
    expect(await shop.stockOf(scarf.id)).toBe(scarfStock);
    const both = await Promise.all([
      admin().refund.mutate({ id: made.id }),
      admin().refund.mutate({ id: made.id }),
    ]);
    expect(both.map((answer) => answer.data.status)).toEqual(['refunded', 'refunded']);
    const rows = await app.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountCents).toBe(cents(order.total));
    const atGateway = await shop.gatewayRefunds(id);
    await shop.settled(id);
    expect((await shop.gatewayRefunds(id)).refunds).toHaveLength(1);
    expect(atGateway.paymentId).not.toBe('');
    const after = await shop.get(id, token);
    expect(cents(after.refunded_amount)).toBe(cents(order.total));
    expect(after.payment_status).toBe('refunded');
  });

  it('points earned on the returned part are taken back (ledger reversed), in proportion', async () => {
    await app.admin.admin.settings.setFeature.mutate({ flag: 'loyalty_points', enabled: true });
    try {
      const { id, token, order, scarfLine } = await deliveredOrder();
      const points = () =>
        app.t.db.select().from(loyaltyLedger).where(eq(loyaltyLedger.orderId, id));
      const earned = (await points()).find((row) => row.reason === 'earned')?.points ?? 0;
      expect(earned).toBeGreaterThan(0);
      const made = await requested(id, token, [
        { order_item_id: scarfLine.id, quantity: 1, reason: 'damaged' },
      ]);
      await admin().approve.mutate({ id: made.id });
      await admin().receive.mutate({
        id: made.id,
        items: [{ order_item_id: scarfLine.id, quantity: 1, condition: 'resellable' }],
      });
      await admin().refund.mutate({ id: made.id });
      const [row] = await shop.settled(id);
      const reversed = (await points()).filter((entry) => entry.reason === 'reversed');
      expect(reversed).toEqual([
        expect.objectContaining({
          points: -Math.floor((earned * (row?.gatewayCents ?? 0)) / cents(order.total)),
        }),
      ]);
      const account = await app.t.request('GET', '/customer/loyalty', { token });
      expect(account.body.data.balance).toBe(earned + (reversed[0]?.points ?? 0));
    } finally {
      await app.admin.admin.settings.setFeature.mutate({ flag: 'loyalty_points', enabled: false });
    }
  });
});
