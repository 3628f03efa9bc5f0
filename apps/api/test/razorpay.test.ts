import { bossJobs } from '@storefront/db/jobs';
import { carts, orders, paymentWebhookEvents, products } from '@storefront/db/schema';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './harness';
import { startFakeRazorpay } from './support/fake-razorpay';
import { openRazorpayShop, type razorpayShop } from './support/razorpay-shop';

/*
 * Card and wallet through Razorpay's official SDK, against a local stand-in of its API: the
 * gateway order is created at Razorpay for the checkout's amount, and place-order accepts only a
 * genuine, matching, captured payment. The gateway being down changes nothing here.
 */

const KEYS = { keyId: 'rzp_test_storefront', keySecret: 'razorpay-test-secret' };
const WEBHOOK_SECRET = 'razorpay-webhook-secret';
const razorpay = await startFakeRazorpay(KEYS);
let t: TestApp;
let shop: ReturnType<typeof razorpayShop>;

beforeAll(async () => {
  // A webhook-reported payment waits 1 s for the app's own place-order (openRazorpayShop).
  ({ t, shop } = await openRazorpayShop(razorpay, KEYS, WEBHOOK_SECRET, {
    // Two retries keep "Razorpay keeps refusing the refund" short.
    jobRetryLimit: 2,
  }));
});
afterAll(async () => {
  await t.close();
  await razorpay.close();
});

describe('card and wallet through Razorpay', () => {
  it.each(['card', 'wallet'] as const)(
    '%s: paid end to end, the Razorpay order has the checkout’s amount',
    async (method) => {
      const buyer = await shop.checkoutReady();
      const chosen = await shop.choose(buyer.token, method);
      expect(chosen.status).toBe(200);
      const gatewayOrder = chosen.body.data.gateway_order;
      expect(gatewayOrder).toMatchObject({ key_id: KEYS.keyId, currency: 'INR' });
      // Major units, as the document says: the cart's amount_due; Razorpay holds it in paise.
      expect(gatewayOrder.amount).toBe(chosen.body.data.cart.amount_due);
      const atRazorpay = razorpay.orders.get(gatewayOrder.id);
      expect(atRazorpay?.amount).toBe(Math.round(gatewayOrder.amount * 100));
      expect(atRazorpay?.amount).toBe(Math.round(chosen.body.data.cart.total * 100));
      expect(atRazorpay?.currency).toBe('INR');
      expect(atRazorpay?.notes).toMatchObject({ customer_id: String(buyer.user.id) });
      expect(atRazorpay?.receipt).toMatch(/^cart-\d+-v\d+$/);

      const placed = await shop.place(buyer.token, razorpay.pay(gatewayOrder.id));
      expect(placed.status).toBe(201);
      expect(placed.body.data).toMatchObject({ status: 'pending', payment_status: 'paid' });
      expect(await shop.stockOf(buyer.product.id)).toBe(8);
    },
  );

  it('captures an authorized payment before accepting it', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id, { status: 'authorized' });
    const placed = await shop.place(buyer.token, payment);
    expect(placed.status).toBe(201);
    expect(razorpay.payments.get(payment.gateway_payment_id)?.status).toBe('captured');
  });

  it('refuses, with nothing written: a failed payment, a wrong amount, another order’s payment, a forged signature', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const other = await shop.checkoutReady();
    const otherOrder = (await shop.choose(other.token, 'card')).body.data.gateway_order;
    const attempts = [
      razorpay.pay(gatewayOrder.id, { status: 'failed' }),
      razorpay.pay(gatewayOrder.id, { amount: 100 }),
      razorpay.pay(gatewayOrder.id, { currency: 'USD' }),
      // Signed for this order, but the payment at Razorpay is the other order's.
      razorpay.pay(gatewayOrder.id, { payFor: otherOrder.id }),
      { ...razorpay.pay(gatewayOrder.id), gateway_signature: 'f'.repeat(64) },
    ];
    for (const payment of attempts) {
      const refused = await shop.place(buyer.token, payment);
      expect(refused.status).toBe(422);
      expect(refused.body.error_code).toBe('PAYMENT_FAILED');
    }
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
    expect(await shop.stockOf(buyer.product.id)).toBe(10);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, buyer.user.id));
    expect(cart?.status).toBe('open');
  });

  it('a payment id already used by another order is refused', async () => {
    const first = await shop.checkoutReady();
    const order = (await shop.choose(first.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(order.id);
    expect((await shop.place(first.token, payment)).status).toBe(201);
    const second = await shop.checkoutReady();
    await shop.choose(second.token, 'card');
    const reused = await shop.place(second.token, payment);
    expect(reused.status).toBe(422);
    expect(reused.body.error_code).toBe('PAYMENT_FAILED');
  });

  it('Razorpay down: choosing the method and placing answer 503 and change nothing', async () => {
    const buyer = await shop.checkoutReady();
    for (const mode of [503, 'drop'] as const) {
      razorpay.outage(mode);
      const chosen = await shop.choose(buyer.token, 'card');
      razorpay.outage(undefined);
      expect(chosen.status).toBe(503);
      expect(chosen.body.error_code).toBe('SERVICE_UNAVAILABLE');
      const [cart] = await t.db.select().from(carts).where(eq(carts.userId, buyer.user.id));
      expect(cart?.paymentMethod).toBeNull();
      expect(cart?.gatewayOrderId).toBeNull();
    }

    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    razorpay.outage(502);
    const placed = await shop.place(buyer.token, payment);
    razorpay.outage(undefined);
    expect(placed.status).toBe(503);
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
    expect(await shop.stockOf(buyer.product.id)).toBe(10);
    // Back up: the same payment places the order.
    expect((await shop.place(buyer.token, payment)).status).toBe(201);
  });

  it('a refusal by Razorpay when creating the order is 422 PAYMENT_FAILED with its reason', async () => {
    const buyer = await shop.checkoutReady();
    razorpay.outage(400);
    const refused = await shop.choose(buyer.token, 'card');
    razorpay.outage(undefined);
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe('PAYMENT_FAILED');
    expect(refused.body.message).toContain('not activated for international payments');
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, buyer.user.id));
    expect(cart?.gatewayOrderId).toBeNull();
  });
});

describe('refunds through Razorpay', () => {
  async function paidOrder() {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    const placed = await shop.place(buyer.token, payment);
    expect(placed.status).toBe(201);
    return {
      ...buyer,
      orderId: placed.body.data.order_id as number,
      paymentId: payment.gateway_payment_id,
    };
  }
  const paymentStatus = async (id: number) =>
    (await t.db.select({ s: orders.paymentStatus }).from(orders).where(eq(orders.id, id)))[0]?.s;
  const refundsOf = (paymentId: string) =>
    [...razorpay.refunds.values()].filter((refund) => refund.payment_id === paymentId);

  it('cancelling a paid order asks Razorpay for one refund; refunded once processed', async () => {
    const order = await paidOrder();
    const canceled = await t.request('POST', `/customer/orders/${order.orderId}/cancel`, {
      token: order.token,
      body: { reason: 'Changed my mind' },
    });
    expect(canceled.body.data).toMatchObject({
      status: 'canceled',
      payment_status: 'refund_pending',
    });
    await vi.waitFor(async () => expect(await paymentStatus(order.orderId)).toBe('refunded'), {
      timeout: 15_000,
      interval: 100,
    });
    const refunds = refundsOf(order.paymentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(Math.round(canceled.body.data.total * 100));
    expect(await shop.stockOf(order.product.id)).toBe(10);
  });

  it('an order paid partly by gift card: Razorpay refunds what it captured (amount due), the card gets its part back', async () => {
    await t.services.storeSettings.features.setFeature('gift_cards', true);
    try {
      const card = await t.services.giftCards.issue({ amount: 12 });
      const buyer = await shop.checkoutReady();
      const applied = await t.request('POST', '/cart/apply-gift-card', {
        token: buyer.token,
        body: { gift_card_code: card.code },
      });
      expect(applied.body.data.gift_card_amount).toBe(12);
      const chosen = (await shop.choose(buyer.token, 'card')).body.data;
      const dueCents = Math.round(chosen.cart.amount_due * 100);
      expect(dueCents).toBe(Math.round(chosen.cart.total * 100) - 1200);
      expect(razorpay.orders.get(chosen.gateway_order.id)?.amount).toBe(dueCents);
      const payment = razorpay.pay(chosen.gateway_order.id);
      const placed = await shop.place(buyer.token, payment);
      expect(placed.status).toBe(201);
      const orderId = placed.body.data.order_id as number;
      const canceled = await t.request('POST', `/customer/orders/${orderId}/cancel`, {
        token: buyer.token,
        body: { reason: 'Changed my mind' },
      });
      expect(canceled.body.data.payment_status).toBe('refund_pending');
      await vi.waitFor(async () => expect(await paymentStatus(orderId)).toBe('refunded'), {
        timeout: 15_000,
        interval: 100,
      });
      // The card part went back to the card, not a second time through Razorpay.
      expect(refundsOf(payment.gateway_payment_id).map((refund) => refund.amount)).toEqual([
        dueCents,
      ]);
      expect((await t.services.giftCards.get(card.id)).balance).toBe(12);
    } finally {
      await t.services.storeSettings.features.setFeature('gift_cards', false);
    }
  });

  it('Razorpay refusing the refund: retried, kept failed for the admin, never marked refunded', async () => {
    const order = await paidOrder();
    razorpay.outage(400);
    await t.request('POST', `/customer/orders/${order.orderId}/cancel`, {
      token: order.token,
      body: { reason: 'Changed my mind' },
    });
    const refundJob = () =>
      t.db
        .select()
        .from(bossJobs)
        .where(
          sql`${bossJobs.name} = 'refunds' and ${bossJobs.data}->>'orderId' = ${String(order.orderId)}`,
        );
    await vi.waitFor(async () => expect((await refundJob())[0]?.state).toBe('failed'), {
      timeout: 30_000,
      interval: 200,
    });
    expect((await refundJob())[0]?.retryCount).toBe(2);
    expect(await paymentStatus(order.orderId)).toBe('refund_pending');
    expect(refundsOf(order.paymentId)).toHaveLength(0);
    const failed = await t.services.jobs.failed({ page: 1, per_page: 50 });
    const listed = failed.items.find((job) => job.order_id === order.orderId);
    expect(listed).toMatchObject({ queue: 'refunds' });
    expect(listed?.error).toContain('not activated');

    razorpay.outage(undefined);
    await t.services.jobs.retry(listed?.id ?? '');
    await vi.waitFor(async () => expect(await paymentStatus(order.orderId)).toBe('refunded'), {
      timeout: 15_000,
      interval: 100,
    });
    expect(refundsOf(order.paymentId)).toHaveLength(1);
  });
});

describe('the Razorpay webhook', () => {
  it('paid at Razorpay, place-order never called: after the grace period one paid order and its e-mail', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    const delivery = shop.captured(payment.gateway_payment_id, 'evt_crash_1');
    const res = await shop.deliver(delivery);
    expect(res.status).toBe(200);
    expect(await shop.ordersOf(buyer.user.id)).toBe(0); // still within the grace period
    await vi.waitFor(async () => expect(await shop.ordersOf(buyer.user.id)).toBe(1), {
      timeout: 15_000,
      interval: 200,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(order).toMatchObject({
      paymentStatus: 'paid',
      gatewayPaymentId: payment.gateway_payment_id,
    });
    expect(await shop.stockOf(buyer.product.id)).toBe(8);
    await t.mailTo(buyer.email, `Order ${order?.orderNumber} confirmed`);
    expect((await shop.storedEvent('evt_crash_1'))?.outcome).toMatch(/^order .* placed$/);
  });

  it('the same webhook 3× at once while the app places the order: exactly one order', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    const delivery = shop.captured(payment.gateway_payment_id, 'evt_race_1');
    const [a, b, c, placed] = await Promise.all([
      shop.deliver(delivery),
      shop.deliver(delivery),
      shop.deliver(delivery),
      shop.place(buyer.token, payment),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(placed.status).toBe(201);
    await vi.waitFor(
      async () => expect((await shop.storedEvent('evt_race_1'))?.processedAt).toBeTruthy(),
      {
        timeout: 15_000,
        interval: 200,
      },
    );
    expect(await shop.ordersOf(buyer.user.id)).toBe(1);
    expect((await shop.storedEvent('evt_race_1'))?.outcome).toBe('order already placed');
    expect(
      await t.db.$count(paymentWebhookEvents, eq(paymentWebhookEvents.eventId, 'evt_race_1')),
    ).toBe(1);
  });

  it('paid, then the stock sold out before the webhook job: refunded at Razorpay, no order, the customer told', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, buyer.product.id));
    expect(
      (await shop.deliver(shop.captured(payment.gateway_payment_id, 'evt_soldout'))).status,
    ).toBe(200);
    await vi.waitFor(
      async () => expect((await shop.storedEvent('evt_soldout'))?.processedAt).toBeTruthy(),
      {
        timeout: 15_000,
        interval: 200,
      },
    );
    expect((await shop.storedEvent('evt_soldout'))?.outcome).toMatch(/^refunded: /);
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
    const refunds = [...razorpay.refunds.values()].filter(
      (refund) => refund.payment_id === payment.gateway_payment_id,
    );
    expect(refunds).toHaveLength(1);
    const mail = await t.mailTo(buyer.email, 'Your payment is being refunded');
    expect(mail.text).toContain('could not place the order');
  });

  it('a bad signature, a replayed event and an unknown event type change nothing', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    const genuine = shop.captured(payment.gateway_payment_id, 'evt_forged');
    const forged = await shop.deliver({
      ...genuine,
      headers: { ...genuine.headers, 'X-Razorpay-Signature': 'a'.repeat(64) },
    });
    expect(forged.status).toBe(400);
    expect(forged.body.error_code).toBe('BAD_REQUEST');
    const unsigned = await shop.deliver({
      ...genuine,
      headers: { 'Content-Type': 'application/json', 'X-Razorpay-Event-Id': 'evt_forged' },
    });
    expect(unsigned.status).toBe(400);
    expect(await shop.storedEvent('evt_forged')).toBeUndefined();

    const unknown = razorpay.webhook('subscription.charged', {}, WEBHOOK_SECRET, 'evt_unknown');
    expect((await shop.deliver(unknown)).status).toBe(200);
    const replay = await shop.deliver(unknown);
    expect(replay.status).toBe(200);
    expect(replay.body.message).toBe('Event already received.');
    await vi.waitFor(
      async () => expect((await shop.storedEvent('evt_unknown'))?.outcome).toBe('ignored'),
      {
        timeout: 10_000,
        interval: 200,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
    expect(await shop.stockOf(buyer.product.id)).toBe(10);
  });

  it('payment.failed is recorded on the checkout and pushed to the customer; no order', async () => {
    const buyer = await shop.checkoutReady();
    const phone = `ExponentPushToken[payment-failed-${Date.now()}]`;
    const device = await t.request('POST', '/customer/devices', {
      token: buyer.token,
      body: { token: phone, platform: 'android', app_version: '1.2.0', locale: 'en-IN' },
    });
    expect(device.status).toBe(201);
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id, { status: 'failed' });
    const entity = {
      ...razorpay.payments.get(payment.gateway_payment_id),
      error_description: 'Payment declined by the bank',
    };
    const delivery = razorpay.webhook(
      'payment.failed',
      { payment: entity as never },
      WEBHOOK_SECRET,
      'evt_failed_1',
    );
    expect((await shop.deliver(delivery)).status).toBe(200);
    await vi.waitFor(
      async () => expect((await shop.storedEvent('evt_failed_1'))?.processedAt).toBeTruthy(),
      { timeout: 10_000, interval: 200 },
    );
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, buyer.user.id));
    expect(cart?.gatewayPaymentError).toBe('Payment declined by the bank');
    expect(cart?.status).toBe('open');
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
    // The push is queued by checkout's reconciliation, with the gateway's reason.
    await vi.waitFor(
      () =>
        expect(t.pushOutbox().filter((push) => push.to === phone)).toEqual([
          expect.objectContaining({
            title: 'Payment failed',
            body: expect.stringContaining('Payment declined by the bank'),
            data: expect.objectContaining({ type: 'payment_failed', order_id: null }),
          }),
        ]),
      { timeout: 10_000, interval: 200 },
    );
    // Choosing the method again forgets the failure (the same gateway order may be paid again).
    await shop.choose(buyer.token, 'card');
    const [after] = await t.db.select().from(carts).where(eq(carts.userId, buyer.user.id));
    expect(after?.gatewayPaymentError).toBeNull();
  });

  it('refund.failed asks Razorpay for a new refund; a late refund.processed changes nothing', async () => {
    razorpay.refundMode('pending');
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    const placed = await shop.place(buyer.token, payment);
    const orderId = placed.body.data.order_id as number;
    await t.request('POST', `/customer/orders/${orderId}/cancel`, {
      token: buyer.token,
      body: { reason: 'Changed my mind' },
    });
    const refundOf = async () =>
      (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.refundReference;
    const first = await vi.waitFor(
      async () => {
        const reference = await refundOf();
        expect(reference).toMatch(/^rfnd_/);
        return reference as string;
      },
      { timeout: 10_000, interval: 100 },
    );
    // Razorpay gives up on it: a new refund is requested.
    const failed = razorpay.failRefund(first);
    razorpay.refundMode('processed');
    await shop.deliver(
      razorpay.webhook('refund.failed', { refund: failed }, WEBHOOK_SECRET, 'evt_rf_1'),
    );
    await vi.waitFor(
      async () => {
        const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order?.paymentStatus).toBe('refunded');
        expect(order?.refundReference).not.toBe(first);
      },
      { timeout: 15_000, interval: 200 },
    );
    const refunds = [...razorpay.refunds.values()].filter(
      (refund) => refund.payment_id === payment.gateway_payment_id,
    );
    expect(refunds.map((refund) => refund.status).sort()).toEqual(['failed', 'processed']);
    // A late refund.processed for the order changes nothing more.
    const late = razorpay.webhook(
      'refund.processed',
      { refund: refunds.find((r) => r.status === 'processed') },
      WEBHOOK_SECRET,
      'evt_rp_late',
    );
    expect((await shop.deliver(late)).status).toBe(200);
    await vi.waitFor(
      async () => expect((await shop.storedEvent('evt_rp_late'))?.outcome).toMatch(/nothing to do/),
      { timeout: 10_000, interval: 200 },
    );
  });
});
