import { orders, paymentWebhookEvents, products } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { expect, vi } from 'vitest';
import { createTestApp, registerCustomer, type TestApp, type TestAppOptions } from '../harness';
import type { startFakeRazorpay } from './fake-razorpay';
import { NEW_ADDRESS } from './shop';

type FakeRazorpay = Awaited<ReturnType<typeof startFakeRazorpay>>;

/**
 * An app paying card and wallet through the stand-in (2 s client timeout, the webhook served, a
 * 1 s grace period, failed refunds retried after 1 s; `options` override), in INR with the store setup, and the shop's helpers.
 */
export async function openRazorpayShop(
  razorpay: FakeRazorpay,
  keys: { keyId: string; keySecret: string },
  webhookSecret: string,
  options: TestAppOptions = {},
) {
  const t = await createTestApp({
    razorpay: { ...keys, apiUrl: razorpay.url, timeoutMs: 2_000 },
    razorpayWebhookSecret: webhookSecret,
    ...options,
    // A failed refund is asked for again after 1 s, not REFUND_RETRY_SECONDS' minute.
    config: { paymentWebhookGraceSeconds: 1, refundRetrySeconds: 1, ...options.config },
  });
  await createCurrency(t.db, { code: 'INR', isDefault: true });
  await seedStoreSetup(t.db);
  return { t, shop: razorpayShop(t, razorpay, webhookSecret) };
}

/** `payments_reconciled_total{outcome}` as /metrics shows it now (the app's metrics token). */
export async function reconciledMetric(
  t: TestApp,
  metricsToken: string,
  outcome: string,
): Promise<number> {
  const res = await supertest(t.app).get('/metrics').set('Authorization', `Bearer ${metricsToken}`);
  const line = res.text
    .split('\n')
    .find((row) => row.startsWith(`payments_reconciled_total{outcome="${outcome}"}`));
  return Number(line?.split(' ').at(-1));
}

/** The customer's side of a Razorpay checkout and the webhook's, for tests over one app. */
export function razorpayShop(t: TestApp, razorpay: FakeRazorpay, webhookSecret: string) {
  /** A customer with 2 × a 15.00 product, address and shipping chosen. */
  async function checkoutReady() {
    const product = await createProduct(t.db, { priceCents: 1500, stockQuantity: 10 });
    const customer = await registerCustomer(t);
    await t.request('POST', '/cart/add', {
      token: customer.token,
      body: { product_id: product.id, quantity: 2 },
    });
    await t.request('POST', '/checkout/shipping-address', {
      token: customer.token,
      body: NEW_ADDRESS,
    });
    await t.request('POST', '/checkout/shipping-method', {
      token: customer.token,
      body: { shipping_method: 'flatrate' },
    });
    return { ...customer, product };
  }
  const choose = (token: string, method: 'card' | 'wallet') =>
    t.request('POST', '/checkout/payment-method', { token, body: { payment_method: method } });
  const place = (token: string, payment_data?: unknown) =>
    t.request('POST', '/checkout/place-order', {
      token,
      body: payment_data ? { payment_data } : {},
    });
  /** A customer who chose card and paid its gateway order at Razorpay (place-order not sent). */
  async function paidAtRazorpay() {
    const buyer = await checkoutReady();
    const gatewayOrder = (await choose(buyer.token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    return { ...buyer, gatewayOrderId: gatewayOrder.id as string, payment };
  }
  /** Posts a delivery; a JSON answer is checked against the OpenAPI document, as t.request's. */
  const deliver = async (delivery: { body: string | Buffer; headers: Record<string, string> }) => {
    const url = '/api/v1/payments/razorpay/webhook';
    const res = await supertest(t.app).post(url).set(delivery.headers).send(delivery.body);
    if (res.headers['content-type']?.includes('application/json')) {
      t.validate('POST', url, res.status, res.body, res.headers);
    }
    return res;
  };
  /** Razorpay's `payment.captured` for a payment the stand-in holds. */
  const captured = (paymentId: string, eventId?: string) => {
    const payment = razorpay.payments.get(paymentId);
    if (!payment) throw new Error('no such payment at the stand-in');
    return razorpay.webhook('payment.captured', { payment }, webhookSecret, eventId);
  };
  const storedEvent = async (eventId: string) =>
    (
      await t.db
        .select()
        .from(paymentWebhookEvents)
        .where(eq(paymentWebhookEvents.eventId, eventId))
    )[0];
  /** Waits until the stored event has been handled by its job (or by the reconciler). */
  const processed = (eventId: string) =>
    vi.waitFor(
      async () => {
        const event = await storedEvent(eventId);
        expect(event?.processedAt).toBeTruthy();
        return event;
      },
      { timeout: 15_000, interval: 100 },
    );
  const ordersOf = (userId: number) => t.db.$count(orders, eq(orders.userId, userId));
  const stockOf = async (id: number) =>
    (await t.db.select({ s: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]
      ?.s;
  return {
    checkoutReady,
    choose,
    place,
    paidAtRazorpay,
    deliver,
    captured,
    storedEvent,
    processed,
    ordersOf,
    stockOf,
  };
}
