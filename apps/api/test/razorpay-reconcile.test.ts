import { gatewayOrders, orders, products } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCustomer, type TestApp } from './harness';
import { startFakeRazorpay } from './support/fake-razorpay';
import {
  openRazorpayShop,
  type razorpayShop,
  reconciledMetric as reconciledMetricOf,
} from './support/razorpay-shop';

/*
 * Issue 40, "no money without an order": a payment only authorized (manual capture) is captured
 * and placed; one whose app never came back and whose webhook was lost is found by the
 * reconciler; the webhook and the reconciler racing make one order; the app's payment-status
 * poll asks Razorpay at most once per 10 s and never shows another customer's gateway order.
 */

const KEYS = { keyId: 'rzp_test_reconcile', keySecret: 'razorpay-reconcile-secret' };
const WEBHOOK_SECRET = 'razorpay-reconcile-webhook-secret';
const METRICS_TOKEN = 'reconcile-metrics-token-0123456789';
const razorpay = await startFakeRazorpay(KEYS);
let t: TestApp;
let shop: ReturnType<typeof razorpayShop>;

beforeAll(async () => {
  ({ t, shop } = await openRazorpayShop(razorpay, KEYS, WEBHOOK_SECRET, {
    // The reconciler looks at every gateway order at once (no minimum age here).
    config: { paymentWebhookGraceSeconds: 1, paymentReconcileMinAgeSeconds: 0 },
    metrics: true,
    metricsToken: METRICS_TOKEN,
  }));
});
afterAll(async () => {
  await t.close();
  await razorpay.close();
});

const processed = (eventId: string) => shop.processed(eventId);

const reconciledMetric = (outcome: string) => reconciledMetricOf(t, METRICS_TOKEN, outcome);

const ordersOfPayment = (paymentId: string) =>
  t.db.$count(orders, eq(orders.gatewayPaymentId, paymentId));

const paymentStatus = (token: string, gatewayOrderId: string) =>
  t.request('GET', `/checkout/payment-status?gateway_order_id=${gatewayOrderId}`, { token });

const payment = (paymentId: string) => {
  const found = razorpay.payments.get(paymentId);
  if (!found) throw new Error('no such payment at the stand-in');
  return { ...found };
};

describe('payment.authorized', () => {
  it('an authorized-only payment is captured and becomes exactly one order; the later payment.captured is already handled', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const proof = razorpay.pay(gatewayOrder.id, { status: 'authorized' });
    const paymentId = proof.gateway_payment_id;
    const authorized = razorpay.webhook(
      'payment.authorized',
      { payment: payment(paymentId) },
      WEBHOOK_SECRET,
      'evt_authorized_1',
    );
    expect((await shop.deliver(authorized)).status).toBe(200);
    expect((await processed('evt_authorized_1'))?.outcome).toMatch(/^order .+ placed$/);
    expect(razorpay.payments.get(paymentId)?.status).toBe('captured');
    expect(razorpay.captureCalls(paymentId)).toHaveLength(1);
    expect(await shop.ordersOf(buyer.user.id)).toBe(1);
    // Razorpay tells of the capture next: the same news, already received.
    const later = await shop.deliver(shop.captured(paymentId, 'evt_authorized_2'));
    expect(later.status).toBe(200);
    expect(later.body.message).toBe('Event already received.');
    expect((await shop.deliver(authorized)).body.message).toBe('Event already received.');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await shop.ordersOf(buyer.user.id)).toBe(1);
    expect(razorpay.captureCalls(paymentId)).toHaveLength(1);
    expect(razorpay.refundCalls(paymentId)).toHaveLength(0);
    const [spent] = await t.db
      .select()
      .from(gatewayOrders)
      .where(eq(gatewayOrders.id, gatewayOrder.id));
    expect(spent?.paidAt).toBeTruthy();
  });

  it('an authorized payment whose cart can no longer be placed is captured, refunded in full once, and the customer mailed', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const proof = razorpay.pay(gatewayOrder.id, { status: 'authorized' });
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, buyer.product.id));
    const delivery = razorpay.webhook(
      'payment.authorized',
      { payment: payment(proof.gateway_payment_id) },
      WEBHOOK_SECRET,
      'evt_authorized_sold_out',
    );
    expect((await shop.deliver(delivery)).status).toBe(200);
    expect((await processed('evt_authorized_sold_out'))?.outcome).toMatch(/^refunded: /);
    expect(razorpay.refundCalls(proof.gateway_payment_id)).toHaveLength(1);
    expect(razorpay.payments.get(proof.gateway_payment_id)?.status).toBe('refunded');
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
    await vi.waitFor(
      () =>
        expect(
          t
            .outbox()
            .some(
              (mail) =>
                mail.to === buyer.email && mail.subject === 'Your payment is being refunded',
            ),
        ).toBe(true),
      { timeout: 10_000, interval: 100 },
    );
    const status = await paymentStatus(buyer.token, gatewayOrder.id);
    expect(status.body.data).toEqual({ status: 'refunded', order_id: null, order_number: null });
  });
});

describe('the reconciler', () => {
  it('a payment whose app never called back and whose webhook was lost becomes an order within one run, and is not looked up again', async () => {
    const buyer = await shop.paidAtRazorpay();
    const paymentId = buyer.payment.gateway_payment_id;
    const placedBefore = await reconciledMetric('placed');
    const counts = await t.services.payments.reconciler.run();
    expect(await reconciledMetric('placed')).toBe(placedBefore + counts.placed);
    expect(counts.placed).toBeGreaterThanOrEqual(1);
    expect(counts.failed).toBe(0);
    expect(await shop.ordersOf(buyer.user.id)).toBe(1);
    expect(await ordersOfPayment(paymentId)).toBe(1);
    const calls = razorpay.fetchPaymentsCalls(buyer.gatewayOrderId).length;
    expect(calls).toBe(1);
    // The webhook arriving late is the same news; the next run no longer asks about it.
    const late = await shop.deliver(shop.captured(paymentId, 'evt_late_after_reconcile'));
    expect(late.body.message).toBe('Event already received.');
    await t.services.payments.reconciler.run();
    expect(razorpay.fetchPaymentsCalls(buyer.gatewayOrderId)).toHaveLength(calls);
    expect(await ordersOfPayment(paymentId)).toBe(1);
    const status = await paymentStatus(buyer.token, buyer.gatewayOrderId);
    expect(status.body.data).toMatchObject({ status: 'placed', order_number: expect.any(String) });
  });

  it('a gateway order nobody paid is looked up and left alone; an order the app placed is never looked up', async () => {
    const unpaid = await shop.checkoutReady();
    const open = (await shop.choose(unpaid.token, 'card')).body.data.gateway_order;
    const placedByApp = await shop.paidAtRazorpay();
    expect((await shop.place(placedByApp.token, placedByApp.payment)).status).toBe(201);
    await t.services.payments.reconciler.run();
    expect(razorpay.fetchPaymentsCalls(open.id)).toHaveLength(1);
    expect(razorpay.fetchPaymentsCalls(placedByApp.gatewayOrderId)).toHaveLength(0);
    expect(await shop.ordersOf(unpaid.user.id)).toBe(0);
  });

  it('a run while Razorpay is down fails (the job retries, the metric counts it) and places nothing twice after', async () => {
    const buyer = await shop.paidAtRazorpay();
    const failedBefore = await reconciledMetric('failed');
    razorpay.outage(503);
    try {
      await expect(t.services.payments.reconciler.run()).rejects.toThrow(/could not be reconciled/);
    } finally {
      razorpay.outage(undefined);
    }
    expect(await reconciledMetric('failed')).toBeGreaterThan(failedBefore);
    await t.services.payments.reconciler.run();
    expect(await shop.ordersOf(buyer.user.id)).toBe(1);
  });

  it('the webhook and the reconciler racing make one order', async () => {
    const buyer = await shop.paidAtRazorpay();
    const paymentId = buyer.payment.gateway_payment_id;
    const reconciler = t.services.payments.reconciler;
    await Promise.all([
      shop.deliver(shop.captured(paymentId, 'evt_race_webhook')),
      reconciler.run(),
      reconciler.reconcileGatewayOrder(buyer.gatewayOrderId),
      paymentStatus(buyer.token, buyer.gatewayOrderId),
    ]);
    await vi.waitFor(async () => expect(await shop.ordersOf(buyer.user.id)).toBe(1), {
      timeout: 10_000,
      interval: 100,
    });
    // Past the webhook's grace period (its event, or the reconciler's first: one of them was
    // stored, the other was the same news), nothing more happens.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await ordersOfPayment(paymentId)).toBe(1);
    expect(razorpay.refundCalls(paymentId)).toHaveLength(0);
  });

  it('racing on a payment that can no longer be placed refund it once', async () => {
    const buyer = await shop.paidAtRazorpay();
    const paymentId = buyer.payment.gateway_payment_id;
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, buyer.product.id));
    const reconciler = t.services.payments.reconciler;
    await Promise.all([
      shop.deliver(shop.captured(paymentId, 'evt_race_refund')),
      reconciler.reconcileGatewayOrder(buyer.gatewayOrderId),
      reconciler.reconcileGatewayOrder(buyer.gatewayOrderId),
    ]);
    await vi.waitFor(() => expect(razorpay.refundCalls(paymentId)).toHaveLength(1), {
      timeout: 10_000,
      interval: 100,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(razorpay.refundCalls(paymentId)).toHaveLength(1);
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
  });
});

describe('GET /checkout/payment-status', () => {
  it('polled 100 times, asks Razorpay once in 10 s', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    for (let poll = 0; poll < 100; poll += 1) {
      const answer = await paymentStatus(buyer.token, gatewayOrder.id);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toEqual({
        status: 'awaiting_payment',
        order_id: null,
        order_number: null,
      });
    }
    expect(razorpay.fetchPaymentsCalls(gatewayOrder.id).length).toBeLessThanOrEqual(1);
  });

  it('a payment Razorpay holds but nobody reported is placed on the first poll', async () => {
    const buyer = await shop.paidAtRazorpay();
    const answer = await paymentStatus(buyer.token, buyer.gatewayOrderId);
    expect(answer.status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(answer.body.data).toEqual({
      status: 'placed',
      order_id: order?.id,
      order_number: order?.orderNumber,
    });
    expect(razorpay.fetchPaymentsCalls(buyer.gatewayOrderId)).toHaveLength(1);
  });

  it('a failed attempt answers failed', async () => {
    const buyer = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const proof = razorpay.pay(gatewayOrder.id, { status: 'failed' });
    const failed = razorpay.webhook(
      'payment.failed',
      {
        payment: {
          ...payment(proof.gateway_payment_id),
          error_description: 'Bank declined',
        } as never,
      },
      WEBHOOK_SECRET,
      'evt_status_failed',
    );
    expect((await shop.deliver(failed)).status).toBe(200);
    await processed('evt_status_failed');
    const answer = await paymentStatus(buyer.token, gatewayOrder.id);
    expect(answer.body.data.status).toBe('failed');
  });

  it('another customer’s gateway order, or an unknown one, is 404; a malformed id 422', async () => {
    const owner = await shop.checkoutReady();
    const gatewayOrder = (await shop.choose(owner.token, 'card')).body.data.gateway_order;
    const stranger = await registerCustomer(t);
    const calls = razorpay.fetchPaymentsCalls(gatewayOrder.id).length;
    const theirs = await paymentStatus(stranger.token, gatewayOrder.id);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
    expect((await paymentStatus(stranger.token, 'order_doesnotexist1')).status).toBe(404);
    expect(razorpay.fetchPaymentsCalls(gatewayOrder.id)).toHaveLength(calls);
    const malformed = await paymentStatus(stranger.token, 'order%00x');
    expect(malformed.status).toBe(422);
    expect((await t.request('GET', '/checkout/payment-status')).status).toBe(401);
  });
});
