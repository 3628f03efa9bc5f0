import supertest from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { trpcFailure } from './harness';
import { openRefundShop, WEBHOOK_SECRET } from './support/refund-shop';

/*
 * Issue 40, refund webhooks: refund.processed, refund.failed and refund.speed_changed settle the
 * ledger's rows; a failed refund is asked for again every REFUND_RETRY_SECONDS (1 here) at most
 * REFUND_MAX_ATTEMPTS (2 here) times after the first, then shown in admin.refunds.failed, where
 * admin.refunds.retry asks once more.
 */

const shop = await openRefundShop({ refundRetrySeconds: 1, refundMaxAttempts: 2 });
const { app, razorpay } = shop;

/** A paid card order of 2 × 40.00 (GST 18 %) with a 5.00 goodwill refund Razorpay holds pending. */
async function pendingRefund() {
  const product = await shop.product('Kantha Throw', 4000);
  const { id } = await shop.order({ lines: [{ productId: product.id, quantity: 2 }] });
  razorpay.refundMode('pending');
  await app.admin.admin.orders.refund.mutate({ order_id: id, amount: 5, reason: 'Late delivery' });
  const row = await latestAsked(id, 1);
  return { id, row };
}

/** Waits for the order's `count`th ledger row to have been asked of Razorpay. */
const latestAsked = (orderId: number, count: number) =>
  vi.waitFor(
    async () => {
      const rows = await shop.ledger(orderId);
      expect(rows).toHaveLength(count);
      const row = rows[count - 1];
      expect(row?.gatewayRefundId).toMatch(/^rfnd_/);
      return row as NonNullable<typeof row>;
    },
    { timeout: 15_000, interval: 100 },
  );

const deliver = (event: string, refund: unknown, eventId?: string) => {
  const delivery = razorpay.webhook(event, { refund }, WEBHOOK_SECRET, eventId);
  return supertest(app.t.app)
    .post('/api/v1/payments/razorpay/webhook')
    .set(delivery.headers)
    .send(delivery.body);
};

describe('refund webhooks', () => {
  it('refund.speed_changed records the speed, refund.processed settles the row once', async () => {
    const { id, row } = await pendingRefund();
    try {
      const refundId = row.gatewayRefundId ?? '';
      const slower = await deliver(
        'refund.speed_changed',
        razorpay.changeRefundSpeed(refundId, 'normal'),
      );
      expect(slower.status).toBe(200);
      await vi.waitFor(
        async () => expect((await shop.ledger(id))[0]?.gatewaySpeed).toBe('normal'),
        { timeout: 10_000, interval: 100 },
      );
      const settledEvent = `evt_settle_${refundId}`;
      expect(
        (await deliver('refund.processed', razorpay.settleRefund(refundId), settledEvent)).status,
      ).toBe(200);
      const [settled] = await shop.settled(id);
      expect(settled).toMatchObject({ status: 'processed', gatewaySpeed: 'normal', attempt: 0 });
      const again = await deliver('refund.processed', razorpay.refunds.get(refundId), settledEvent);
      expect(again.body.message).toBe('Event already received.');
      const listed = (await app.admin.admin.orders.refunds.query({ order_id: id })).data;
      expect(listed[0]).toMatchObject({ status: 'processed', gateway_speed: 'normal', attempt: 0 });
    } finally {
      razorpay.refundMode('processed');
    }
  });

  it('a refund.speed_changed without its refund entity is refused (422) and stores nothing', async () => {
    const delivery = razorpay.webhook('refund.speed_changed', {}, WEBHOOK_SECRET);
    const answer = await supertest(app.t.app)
      .post('/api/v1/payments/razorpay/webhook')
      .set(delivery.headers)
      .send(delivery.body);
    expect(answer.status).toBe(422);
  });

  it('a failed refund is retried REFUND_MAX_ATTEMPTS times, then listed in admin.refunds.failed and retried by the shop', async () => {
    const { id, row } = await pendingRefund();
    try {
      let latest = row;
      // The first attempt and its two automatic retries all fail.
      for (let attempt = 0; attempt <= 2; attempt += 1) {
        expect(latest.attempt).toBe(attempt);
        const failedAt = Date.now();
        expect(
          (await deliver('refund.failed', razorpay.failRefund(latest.gatewayRefundId ?? '')))
            .status,
        ).toBe(200);
        if (attempt < 2) {
          latest = await latestAsked(id, attempt + 2);
          expect(latest.retryOfId).toBe((await shop.ledger(id))[attempt]?.id);
          // Razorpay was asked again no sooner than REFUND_RETRY_SECONDS after the failure.
          expect(Date.now() - failedAt).toBeGreaterThanOrEqual(900);
        }
      }
      await vi.waitFor(
        async () =>
          expect((await shop.ledger(id)).map((r) => r.status)).toEqual([
            'failed',
            'failed',
            'failed',
          ]),
        { timeout: 10_000, interval: 100 },
      );
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(await shop.ledger(id)).toHaveLength(3);
      const spent = (await shop.ledger(id))[2];
      const failed = (await app.admin.admin.refunds.failed.query()).data;
      const ofOrder = failed.filter((refund) => refund.order_id === id);
      expect(ofOrder.map((refund) => [refund.id, refund.attempt])).toEqual([[spent?.id, 2]]);
      expect(ofOrder[0]).toMatchObject({ status: 'failed', can_retry: true });
      // Only the last of the chain can be retried; the shop's retry is admin.orders.retryRefund's.
      const earlier = await trpcFailure(
        app.admin.admin.refunds.retry.mutate({ id: (await shop.ledger(id))[0]?.id ?? 0 }),
      );
      expect(earlier.data?.httpStatus).toBe(422);
      razorpay.refundMode('processed');
      const retried = await app.admin.admin.refunds.retry.mutate({ id: spent?.id ?? 0 });
      expect(retried.data).toMatchObject({ retry_of_id: spent?.id, attempt: 3, amount: 5 });
      const rows = await shop.settled(id);
      expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'failed', 'processed']);
      const after = (await app.admin.admin.refunds.failed.query()).data;
      expect(after.filter((refund) => refund.order_id === id)).toEqual([]);
      const twice = await trpcFailure(app.admin.admin.refunds.retry.mutate({ id: spent?.id ?? 0 }));
      expect(twice.data?.httpStatus).toBe(422);
      const missing = await trpcFailure(app.admin.admin.refunds.retry.mutate({ id: 999_999 }));
      expect(missing.data?.httpStatus).toBe(404);
    } finally {
      razorpay.refundMode('processed');
    }
  });
});
