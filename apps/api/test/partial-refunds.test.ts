import { creditNotes, giftCardLedger, loyaltyLedger, orderRefunds } from '@storefront/db/schema';
import { eq, sum } from 'drizzle-orm';
import supertest from 'supertest';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCustomer, trpcFailure } from './harness';
import { cents, openRefundShop, WEBHOOK_SECRET } from './support/refund-shop';

/*
 * Issue 38, part 1: the refund ledger through admin.orders.refund (goodwill), where its money
 * goes (gateway, then gift cards, then points), Razorpay's refunds idempotent by receipt, the
 * webhooks settling each row and the shop's retry, on both databases.
 */

const shop = await openRefundShop();
const { app, razorpay } = shop;

beforeAll(async () => {
  await app.admin.admin.settings.setFeature.mutate({ flag: 'gift_cards', enabled: true });
  await app.admin.admin.settings.setFeature.mutate({ flag: 'loyalty_points', enabled: true });
});

/** A paid card order of 2 × 40.00 (GST 18 %), shipped nowhere yet. */
async function paidOrder(
  extra: Parameters<typeof shop.order>[0] extends infer P ? Partial<P> : never = {},
) {
  const product = await shop.product('Block-print Cushion', 4000);
  return shop.order({ lines: [{ productId: product.id, quantity: 2 }], ...extra });
}

const goodwill = (orderId: number, amount: number, reason = 'Late delivery') =>
  app.admin.admin.orders.refund.mutate({ order_id: orderId, amount, reason });

const notesOf = (orderId: number) =>
  app.t.db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId));

describe('goodwill refunds (admin.orders.refund)', () => {
  it('up to what is refundable: the gateway refunds it, a credit note spread over the lines; more → 422 REFUND_EXCEEDS_PAID, nothing written', async () => {
    const { id, token, order } = await paidOrder();
    const answer = await goodwill(id, 12.5);
    expect(answer.data.order).toMatchObject({
      id,
      payment_status: 'partially_refunded',
      refunded_amount: 12.5,
    });
    expect(answer.data.refund).toMatchObject({
      kind: 'goodwill',
      amount: 12.5,
      gateway_amount: 12.5,
      gift_card_amount: 0,
      loyalty_amount: 0,
      reason: 'Late delivery',
    });
    const [row] = await shop.settled(id);
    expect(row).toMatchObject({ status: 'processed', gatewayCents: 1250 });
    const gateway = await shop.gatewayRefunds(id);
    expect(gateway.refunds.map((refund) => [refund.amount, refund.receipt])).toEqual([
      [1250, row?.receipt],
    ]);
    const [note] = await notesOf(id);
    expect(note?.totalCents).toBe(1250);
    expect(note?.lines.every((line) => line.quantity === 0)).toBe(true);
    expect(row?.creditNoteId).toBe(note?.id);

    // What is left is refundable, and not a cent more.
    const left = cents(order.total) - 1250;
    const refused = await trpcFailure(goodwill(id, left / 100 + 0.01));
    expect(refused.data?.httpStatus).toBe(422);
    expect(refused.data?.error_code).toBe('REFUND_EXCEEDS_PAID');
    expect(await shop.ledger(id)).toHaveLength(1);
    expect(await notesOf(id)).toHaveLength(1);
    expect((await shop.gatewayRefunds(id)).calls).toBe(1);

    await goodwill(id, left / 100, 'Damaged in transit');
    const rows = await shop.settled(id);
    expect(rows.reduce((total, r) => total + r.amountCents, 0)).toBe(cents(order.total));
    const now = await shop.get(id, token);
    expect(now).toMatchObject({ payment_status: 'refunded', refunded_amount: order.total });
    const notes = await notesOf(id);
    expect(notes.reduce((total, n) => total + n.totalCents, 0)).toBe(cents(order.total));
    // The units cancelled after goodwill gave everything back give back nothing more.
    const refundsBefore = (await shop.gatewayRefunds(id)).calls;
    const cancel = await app.t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'No longer needed' },
    });
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.refunded_amount).toBe(order.total);
    expect((await shop.gatewayRefunds(id)).calls).toBe(refundsBefore);

    const stranger = await trpcFailure(goodwill(999_999, 1));
    expect(stranger.data?.httpStatus).toBe(404);
  });

  it('a cash-on-delivery order not yet paid has nothing to refund', async () => {
    const { id } = await paidOrder({ pay: 'cod' });
    const refused = await trpcFailure(goodwill(id, 1));
    expect(refused.data?.error_code).toBe('REFUND_EXCEEDS_PAID');
    expect(await shop.ledger(id)).toEqual([]);
  });
});

describe('where the money goes', () => {
  it('an order paid by gift card, points and Razorpay: the gateway first, then the card, then points', async () => {
    const customer = await registerCustomer(app.t);
    await app.admin.admin.loyalty.adjust.mutate({
      customer_id: customer.user.id,
      points: 500,
      reason: 'Welcome bonus',
    });
    const card = (await app.admin.admin.giftCards.issue.mutate({ amount: 20 })).data;
    const { id, order } = await paidOrder({
      token: customer.token,
      giftCards: [card.code],
      points: 500,
    });
    expect(order).toMatchObject({ gift_card_amount: 20, loyalty_points: 500, loyalty_amount: 5 });
    const gatewayPaid = cents(order.amount_due);
    expect(gatewayPaid).toBeGreaterThan(1000);
    const cardBalance = async () =>
      Number(
        (
          await app.t.db
            .select({ total: sum(giftCardLedger.amountCents) })
            .from(giftCardLedger)
            .where(eq(giftCardLedger.giftCardId, card.id))
        )[0]?.total,
      );
    const points = async () =>
      Number(
        (
          await app.t.db
            .select({ total: sum(loyaltyLedger.points) })
            .from(loyaltyLedger)
            .where(eq(loyaltyLedger.userId, customer.user.id))
        )[0]?.total,
      );
    expect(await cardBalance()).toBe(0);
    expect(await points()).toBe(0);

    const first = await goodwill(id, (gatewayPaid - 100) / 100);
    expect(first.data.refund).toMatchObject({ gift_card_amount: 0, loyalty_amount: 0 });
    const second = await goodwill(id, 3);
    expect(second.data.refund).toMatchObject({
      gateway_amount: 1,
      gift_card_amount: 2,
      loyalty_amount: 0,
    });
    expect(await cardBalance()).toBe(200);
    const third = await goodwill(id, 20);
    expect(third.data.refund).toMatchObject({
      gateway_amount: 0,
      gift_card_amount: 18,
      loyalty_amount: 2,
      loyalty_points: 200,
    });
    expect(await cardBalance()).toBe(2000);
    expect(await points()).toBe(200);
    const last = await goodwill(id, 3);
    expect(last.data.refund).toMatchObject({ loyalty_amount: 3, loyalty_points: 300 });
    expect(await points()).toBe(500);
    // Everything is back once the gateway's rows are settled by their jobs.
    expect(last.data.order.refunded_amount).toBe(order.total);
    await shop.settled(id);
    expect((await shop.get(id, customer.token)).payment_status).toBe('refunded');
    const gateway = await shop.gatewayRefunds(id);
    expect(gateway.refunds.reduce((total, refund) => total + refund.amount, 0)).toBe(gatewayPaid);
    expect(await trpcFailure(goodwill(id, 0.01)).then((e) => e.data?.error_code)).toBe(
      'REFUND_EXCEEDS_PAID',
    );
  });
});

describe('the gateway part: idempotent, settled by the webhooks, retried by the shop', () => {
  it('a refund job killed after Razorpay answered, before the answer was written: one refund in total', async () => {
    const { id } = await paidOrder();
    await goodwill(id, 10);
    const [row] = await shop.settled(id);
    expect((await shop.gatewayRefunds(id)).calls).toBe(1);
    // As if the job died right after Razorpay answered: the row never learnt its refund.
    await app.t.db
      .update(orderRefunds)
      .set({ gatewayRefundId: null, status: 'pending', settledAt: null })
      .where(eq(orderRefunds.id, row?.id ?? 0));
    await app.t.services.refunds.process({ orderId: id, refundId: row?.id ?? 0 });
    const after = await shop.gatewayRefunds(id);
    expect(after.calls).toBe(1);
    expect(after.refunds).toHaveLength(1);
    const [again] = await shop.ledger(id);
    expect(again).toMatchObject({ status: 'processed', gatewayRefundId: row?.gatewayRefundId });
  });

  it('refund.processed settles a pending row; refund.failed asks again once, then waits for admin.orders.retryRefund', async () => {
    const { id, token } = await paidOrder();
    razorpay.refundMode('pending');
    try {
      await goodwill(id, 5);
      const first = await vi.waitFor(
        async () => {
          const [row] = await shop.ledger(id);
          expect(row?.gatewayRefundId).toMatch(/^rfnd_/);
          return row;
        },
        { timeout: 10_000, interval: 100 },
      );
      const deliver = (event: string, refund: unknown) => {
        const delivery = razorpay.webhook(event, { refund }, WEBHOOK_SECRET);
        return supertest(app.t.app)
          .post('/api/v1/payments/razorpay/webhook')
          .set(delivery.headers)
          .send(delivery.body);
      };
      // Razorpay gives up on it: the row fails, a new one asks again under its own receipt.
      expect(
        (await deliver('refund.failed', razorpay.failRefund(first?.gatewayRefundId ?? ''))).status,
      ).toBe(200);
      const retry = await vi.waitFor(
        async () => {
          const rows = await shop.ledger(id);
          expect(rows.map((r) => r.status)).toEqual(['failed', 'pending']);
          expect(rows[1]?.gatewayRefundId).toMatch(/^rfnd_/);
          return rows[1];
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(retry).toMatchObject({ retryOfId: first?.id, gatewayCents: 500, amountCents: 500 });
      expect((await shop.get(id, token)).refunded_amount).toBe(5);
      // It fails too: kept failed for the shop, which retries it once.
      await deliver('refund.failed', razorpay.failRefund(retry?.gatewayRefundId ?? ''));
      await vi.waitFor(
        async () =>
          expect((await shop.ledger(id)).map((r) => r.status)).toEqual(['failed', 'failed']),
        { timeout: 10_000, interval: 100 },
      );
      expect((await shop.get(id, token)).refunded_amount).toBe(0);
      const listed = (await app.admin.admin.orders.refunds.query({ order_id: id })).data;
      expect(listed.map((r) => r.can_retry)).toEqual([false, true]);
      const refusedFirst = await trpcFailure(
        app.admin.admin.orders.retryRefund.mutate({ refund_id: first?.id ?? 0 }),
      );
      expect(refusedFirst.data?.errors).toHaveProperty('refund_id');
      razorpay.refundMode('processed');
      const retried = await app.admin.admin.orders.retryRefund.mutate({
        refund_id: retry?.id ?? 0,
      });
      expect(retried.data).toMatchObject({ retry_of_id: retry?.id, amount: 5 });
      const rows = await shop.settled(id);
      expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'processed']);
      // A late refund.processed for the settled row changes nothing.
      const processed = [...razorpay.refunds.values()].find(
        (refund) => refund.id === rows[2]?.gatewayRefundId,
      );
      expect((await deliver('refund.processed', processed)).status).toBe(200);
      expect((await shop.get(id, token)).refunded_amount).toBe(5);
      const again = await trpcFailure(
        app.admin.admin.orders.retryRefund.mutate({ refund_id: retry?.id ?? 0 }),
      );
      expect(again.data?.httpStatus).toBe(422);
    } finally {
      razorpay.refundMode('processed');
    }
  });
});

describe('races', () => {
  it('two goodwill refunds at once never exceed what was paid', async () => {
    const { id, order } = await paidOrder();
    const most = Math.floor(cents(order.total) * 0.6) / 100;
    const results = await Promise.allSettled([goodwill(id, most), goodwill(id, most)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rejected = results.find((result) => result.status === 'rejected');
    expect((await trpcFailure(Promise.reject(rejected?.reason))).data?.error_code).toBe(
      'REFUND_EXCEEDS_PAID',
    );
    const rows = await shop.ledger(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountCents).toBe(cents(most));
  });
});
