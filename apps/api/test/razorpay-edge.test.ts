import { bossJobs } from '@storefront/db/jobs';
import { orders, paymentWebhookEvents, products } from '@storefront/db/schema';
import { createProduct } from '@storefront/db/testing/factories';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCustomer, type TestApp } from './harness';
import { signedDelivery, startFakeRazorpay } from './support/fake-razorpay';
import { openRazorpayShop, type razorpayShop } from './support/razorpay-shop';
import { NEW_ADDRESS } from './support/shop';

/*
 * The payment edge (issues 24 and 31): Razorpay's webhooks cover the whole account, arrive more
 * than once and in any order, and its orders cost something to create. Only payments on gateway
 * orders this shop created are placed or refunded; the same news is acted on once; the app's
 * place-order learns the truth when the webhook placed the order first.
 */

const KEYS = { keyId: 'rzp_test_edge', keySecret: 'razorpay-edge-secret' };
const WEBHOOK_SECRET = 'razorpay-edge-webhook-secret';
const razorpay = await startFakeRazorpay(KEYS);
const logLines: Array<Record<string, unknown>> = [];
let t: TestApp;
let shop: ReturnType<typeof razorpayShop>;

beforeAll(async () => {
  ({ t, shop } = await openRazorpayShop(razorpay, KEYS, WEBHOOK_SECRET, {
    // Enough retries to keep a refund pending across two of them.
    jobRetryLimit: 8,
    logger: pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) }),
  }));
});
afterAll(async () => {
  await t.close();
  await razorpay.close();
});

const processed = (eventId: string) => shop.processed(eventId);

/** A paid checkout whose stock sold out before the webhook's job: the payment must go back. */
async function soldOutAfterPaying() {
  const buyer = await shop.paidAtRazorpay();
  await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, buyer.product.id));
  return buyer;
}

describe('payments this shop never took', () => {
  it('a signed payment.captured on a Razorpay order the shop did not create, or on none, is stored, logged once and answered 200; Razorpay is not called', async () => {
    const order = razorpay.foreignOrder();
    const proof = razorpay.pay(order.id);
    const foreign = razorpay.payments.get(proof.gateway_payment_id);
    if (!foreign) throw new Error('no payment');
    const orderless = { ...foreign, id: 'pay_orderless_1', order_id: null };
    const deliveries = [
      razorpay.webhook('payment.captured', { payment: foreign }, WEBHOOK_SECRET, 'evt_foreign_1'),
      razorpay.webhook(
        'payment.captured',
        { payment: orderless as never },
        WEBHOOK_SECRET,
        'evt_foreign_2',
      ),
      // Authorized is the same news as captured (one subject): another foreign payment's.
      razorpay.webhook(
        'payment.authorized',
        { payment: { ...foreign, id: 'pay_foreign_authorized_1', status: 'authorized' } },
        WEBHOOK_SECRET,
        'evt_foreign_3',
      ),
    ];
    const callsBefore = razorpay.requests.length;
    for (const delivery of deliveries) {
      const first = await shop.deliver(delivery);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, data: null });
      expect((await shop.deliver(delivery)).status).toBe(200);
    }
    // The same news as evt_foreign_1 under another name and id: already received.
    const samePayment = await shop.deliver(
      razorpay.webhook('order.paid', { payment: foreign }, WEBHOOK_SECRET, 'evt_foreign_4'),
    );
    expect(samePayment.body.message).toBe('Event already received.');
    for (const eventId of ['evt_foreign_1', 'evt_foreign_2', 'evt_foreign_3']) {
      const event = await processed(eventId);
      expect(event?.outcome).toMatch(/not on a gateway order of this shop/);
      expect(event?.payload).toBeTruthy();
    }
    // Past the grace period: nothing was queued that could still act.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(razorpay.refundCalls(foreign.id)).toHaveLength(0);
    expect(razorpay.refundCalls('pay_orderless_1')).toHaveLength(0);
    expect(razorpay.captureCalls()).toHaveLength(0);
    expect(razorpay.requests.slice(callsBefore)).toEqual([]);
    const logged = logLines.filter((line) =>
      ['evt_foreign_1', 'evt_foreign_2'].includes(String(line.eventId)),
    );
    expect(logged.map((line) => [line.eventId, line.level])).toEqual([
      ['evt_foreign_1', 30],
      ['evt_foreign_2', 30],
    ]);
  });

  it('a payment on a gateway order the shop created but replaced since is still the shop’s: refunded once', async () => {
    const buyer = await shop.checkoutReady();
    const first = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    await t.request('POST', '/cart/add', {
      token: buyer.token,
      body: { product_id: buyer.product.id, quantity: 1 },
    });
    const second = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    expect(second.id).not.toBe(first.id);
    const stale = razorpay.pay(first.id);
    expect((await shop.deliver(shop.captured(stale.gateway_payment_id, 'evt_stale'))).status).toBe(
      200,
    );
    expect((await processed('evt_stale'))?.outcome).toMatch(/^refunded: /);
    expect(razorpay.refundCalls(stale.gateway_payment_id)).toHaveLength(1);
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
  });
});

describe('the same news twice', () => {
  it('a payment.captured re-sent under new event ids is acted on once: one refund', async () => {
    const buyer = await soldOutAfterPaying();
    const id = buyer.payment.gateway_payment_id;
    const answers = [];
    for (const eventId of ['evt_replay_1', 'evt_replay_2', 'evt_replay_3', 'evt_replay_4']) {
      answers.push(await shop.deliver(shop.captured(id, eventId)));
    }
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(answers.slice(1).map((res) => res.body.message)).toEqual([
      'Event already received.',
      'Event already received.',
      'Event already received.',
    ]);
    expect((await processed('evt_replay_1'))?.outcome).toMatch(/^refunded: /);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(razorpay.refundCalls(id)).toHaveLength(1);
    expect(
      await t.db.$count(
        paymentWebhookEvents,
        sql`${paymentWebhookEvents.eventId} like 'evt_replay_%'`,
      ),
    ).toBe(1);
  });

  it('a body that is not valid JSON text, or that PostgreSQL cannot store, is 400 in the envelope; nothing is stored', async () => {
    const bodies: Array<string | Buffer> = [
      '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_\\u0000x"}}}}',
      '{"event":"payment.captured\\u0000","payload":{}}',
      '{"event":"payment.captured","payload":{"\\ud800":1}}',
      'null',
      '[]',
      '"payment.captured"',
      '{"event":',
      Buffer.from([0x7b, 0x22, 0x65, 0xff, 0x22, 0x3a, 0x31, 0x7d]),
    ];
    for (const [index, body] of bodies.entries()) {
      const eventId = `evt_bad_body_${index}`;
      const res = await shop.deliver(signedDelivery(body, WEBHOOK_SECRET, eventId));
      expect(res.status, String(body)).toBe(400);
      expect(res.body).toMatchObject({ success: false, error_code: 'BAD_REQUEST' });
      expect(await shop.storedEvent(eventId)).toBeUndefined();
    }
  });
});

describe('what the document says the webhook answers', () => {
  const storedCount = () => t.db.$count(paymentWebhookEvents);

  it('a signed body that is not application/json: 415, nothing stored; unsigned it is 400 first', async () => {
    const buyer = await shop.paidAtRazorpay();
    const genuine = shop.captured(buyer.payment.gateway_payment_id, 'evt_text_plain');
    const before = await storedCount();
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      const res = await shop.deliver({
        ...genuine,
        headers: { ...genuine.headers, 'Content-Type': contentType },
      });
      expect(res.status, contentType).toBe(415);
      expect(res.body).toMatchObject({ success: false, error_code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // The signature is checked first: without it, the wrong type says nothing more than 400.
    const unsigned = await shop.deliver({
      body: genuine.body,
      headers: { 'Content-Type': 'text/plain', 'X-Razorpay-Event-Id': 'evt_text_plain' },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.error_code).toBe('BAD_REQUEST');
    expect(await shop.storedEvent('evt_text_plain')).toBeUndefined();
    expect(await storedCount()).toBe(before);
    // With a charset parameter it is still JSON: received.
    const withCharset = await shop.deliver({
      ...genuine,
      headers: { ...genuine.headers, 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(withCharset.status).toBe(200);
    expect((await processed('evt_text_plain'))?.outcome).toBeTruthy();
  });

  it('a signed event without its payload, or without the entity its type needs: 422 naming it, nothing stored', async () => {
    const payment = {
      id: 'pay_malformed_1',
      order_id: 'order_malformed_1',
      amount: 3000,
      currency: 'INR',
    };
    const cases: Array<[string, object, string]> = [
      ['payment.captured', {}, 'payload'],
      ['subscription.charged', { payload: null }, 'payload'],
      ['payment.captured', { payload: {} }, 'payload.payment.entity'],
      ['order.paid', { payload: { payment: {} } }, 'payload.payment.entity'],
      [
        'payment.captured',
        { payload: { payment: { entity: { ...payment, amount: '3000' } } } },
        'payload.payment.entity.amount',
      ],
      [
        'payment.failed',
        { payload: { payment: { entity: { ...payment, id: '' } } } },
        'payload.payment.entity.id',
      ],
      ['refund.failed', { payload: { payment: { entity: payment } } }, 'payload.refund.entity'],
      ['refund.processed', { payload: { refund: { entity: {} } } }, 'payload.refund.entity.id'],
    ];
    const before = await storedCount();
    for (const [index, [event, rest, field]] of cases.entries()) {
      const eventId = `evt_malformed_${index}`;
      const body = JSON.stringify({ entity: 'event', event, ...rest });
      const res = await shop.deliver(signedDelivery(body, WEBHOOK_SECRET, eventId));
      expect(res.status, body).toBe(422);
      expect(res.body).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
      expect(Object.keys(res.body.errors), body).toEqual([field]);
      expect(await shop.storedEvent(eventId)).toBeUndefined();
    }
    expect(await storedCount()).toBe(before);
    const refused = logLines.filter((line) => String(line.eventId).startsWith('evt_malformed_'));
    expect(refused.map((line) => line.level)).toEqual(cases.map(() => 40));
  });

  it('an event type the shop does not act on is stored and ignored, whatever its payload holds', async () => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.dispute.created',
      payload: { dispute: { entity: { id: 'disp_1' } }, payment: 'not an object' },
    });
    const res = await shop.deliver(signedDelivery(body, WEBHOOK_SECRET, 'evt_other_shape'));
    expect(res.status).toBe(200);
    expect((await processed('evt_other_shape'))?.outcome).toBe('ignored');
  });
});

describe('when the webhook wins', () => {
  it('the app’s own place-order with the same payment answers the order the webhook placed, to its owner only', async () => {
    const buyer = await shop.paidAtRazorpay();
    await shop.deliver(shop.captured(buyer.payment.gateway_payment_id, 'evt_wins_1'));
    const placed = await vi.waitFor(
      async () => {
        const [order] = await t.db.select().from(orders).where(eq(orders.userId, buyer.user.id));
        expect(order).toBeDefined();
        return order as typeof orders.$inferSelect;
      },
      { timeout: 15_000, interval: 100 },
    );
    const late = await shop.place(buyer.token, buyer.payment);
    expect([200, 201]).toContain(late.status);
    expect(late.body.data).toMatchObject({
      order_id: placed.id,
      order_number: placed.orderNumber,
      payment_status: 'paid',
    });

    const forged = await shop.place(buyer.token, {
      ...buyer.payment,
      gateway_signature: 'f'.repeat(64),
    });
    expect(forged.status).toBe(422);
    expect(forged.body.data).toBeUndefined();
    const stranger = await registerCustomer(t);
    const stolen = await shop.place(stranger.token, buyer.payment);
    expect(stolen.status).toBe(422);
    expect(JSON.stringify(stolen.body)).not.toContain(placed.orderNumber);
    expect(await shop.ordersOf(buyer.user.id)).toBe(1);
  });
});

describe('racing the webhook’s job', () => {
  it('the app’s place-order and the webhook’s job placing the same payment at once: one order, and the app is answered it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const buyer = await shop.paidAtRazorpay();
      const [fromApp, fromWebhook] = await Promise.all([
        shop.place(buyer.token, buyer.payment),
        t.services.checkout.placeOrder
          .placeFromGateway(buyer.user.id, {
            gatewayOrderId: buyer.gatewayOrderId,
            gatewayPaymentId: buyer.payment.gateway_payment_id,
          })
          .catch((error: unknown) => error),
      ]);
      const placed = await t.db.select().from(orders).where(eq(orders.userId, buyer.user.id));
      expect(placed).toHaveLength(1);
      expect([200, 201]).toContain(fromApp.status);
      expect(fromApp.body.data).toMatchObject({
        order_id: placed[0]?.id,
        order_number: placed[0]?.orderNumber,
      });
      // The job either placed it or lost to the app (it then finds the order: nothing to do).
      if (!(fromWebhook instanceof Error)) expect(fromWebhook).toMatchObject(fromApp.body.data);
    }
  });
});

describe('gateway orders are not free', () => {
  it('choosing again for an unchanged cart answers the same gateway order without calling Razorpay', async () => {
    const buyer = await shop.checkoutReady();
    const before = razorpay.orderCalls().length;
    const first = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const again = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    const wallet = (await shop.choose(buyer.token, 'wallet')).body.data.gateway_order;
    expect(again).toEqual(first);
    expect(wallet.id).toBe(first.id);
    expect(razorpay.orderCalls().length).toBe(before + 1);

    await t.request('POST', '/cart/add', {
      token: buyer.token,
      body: { product_id: buyer.product.id, quantity: 1 },
    });
    const changed = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    expect(changed.id).not.toBe(first.id);
    expect(razorpay.orderCalls().length).toBe(before + 2);
    // The order the app pays is the one it was answered; placing works as ever.
    expect((await shop.place(buyer.token, razorpay.pay(changed.id))).status).toBe(201);
  });

  it('a gateway order already paid (its payment refunded: the stock had run out) is not offered again', async () => {
    const buyer = await soldOutAfterPaying();
    await shop.deliver(shop.captured(buyer.payment.gateway_payment_id, 'evt_spent_order'));
    expect((await processed('evt_spent_order'))?.outcome).toMatch(/^refunded: /);
    await t.db.update(products).set({ stockQuantity: 10 }).where(eq(products.id, buyer.product.id));
    const again = (await shop.choose(buyer.token, 'card')).body.data.gateway_order;
    expect(again.id).not.toBe(buyer.gatewayOrderId);
    expect((await shop.place(buyer.token, razorpay.pay(again.id))).status).toBe(201);
  });

  it('a customer creates at most 10 gateway orders an hour, then 429 with Retry-After', async () => {
    const buyer = await shop.checkoutReady();
    await t.db
      .update(products)
      .set({ stockQuantity: 1_000 })
      .where(eq(products.id, buyer.product.id));
    const before = razorpay.orderCalls().length;
    for (let round = 0; round < 10; round += 1) {
      await t.request('POST', '/cart/add', {
        token: buyer.token,
        body: { product_id: buyer.product.id, quantity: 1 },
      });
      // Unchanged twice: the second answer costs nothing.
      expect((await shop.choose(buyer.token, 'card')).status).toBe(200);
      expect((await shop.choose(buyer.token, 'card')).status).toBe(200);
    }
    expect(razorpay.orderCalls().length).toBe(before + 10);
    await t.request('POST', '/cart/add', {
      token: buyer.token,
      body: { product_id: buyer.product.id, quantity: 1 },
    });
    const limited = await shop.choose(buyer.token, 'card');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, error_code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(razorpay.orderCalls().length).toBe(before + 10);
    // Cash on delivery needs no gateway order and stays open; other customers are not limited.
    expect(
      (
        await t.request('POST', '/checkout/payment-method', {
          token: buyer.token,
          body: { payment_method: 'cod' },
        })
      ).status,
    ).toBe(200);
    const other = await shop.checkoutReady();
    expect((await shop.choose(other.token, 'card')).status).toBe(200);
  });
});

describe('planted bugs (issue 31)', () => {
  it('a payment-event job delivered twice asks Razorpay for one refund and places no second order', async () => {
    const soldOut = await soldOutAfterPaying();
    await shop.deliver(shop.captured(soldOut.payment.gateway_payment_id, 'evt_twice_refund'));
    expect((await processed('evt_twice_refund'))?.outcome).toMatch(/^refunded: /);
    await t.services.payments.events.process('evt_twice_refund');
    await t.services.payments.events.process('evt_twice_refund').catch(() => {});
    expect(razorpay.refundCalls(soldOut.payment.gateway_payment_id)).toHaveLength(1);

    const buyer = await shop.paidAtRazorpay();
    await shop.deliver(shop.captured(buyer.payment.gateway_payment_id, 'evt_twice_order'));
    expect((await processed('evt_twice_order'))?.outcome).toMatch(/^order .* placed$/);
    await t.services.payments.events.process('evt_twice_order');
    expect(await shop.ordersOf(buyer.user.id)).toBe(1);
    expect(razorpay.refundCalls(buyer.payment.gateway_payment_id)).toHaveLength(0);
  });

  it('the same stored event handled by three workers at once (a job redelivered while running): one refund', async () => {
    const buyer = await soldOutAfterPaying();
    const id = buyer.payment.gateway_payment_id;
    // Stored without a job, so only the three calls below handle it.
    await t.db.insert(paymentWebhookEvents).values({
      eventId: 'evt_three_workers',
      event: 'payment.captured',
      subject: null,
      payload: JSON.parse(shop.captured(id).body),
    });
    const handled = await Promise.allSettled(
      [1, 2, 3].map(() => t.services.payments.events.process('evt_three_workers')),
    );
    expect(handled.filter((result) => result.status === 'fulfilled').length).toBeGreaterThan(0);
    expect((await shop.storedEvent('evt_three_workers'))?.outcome).toMatch(/^refunded: /);
    // The ones that found it busy are retried by pg-boss: by then it is handled.
    await t.services.payments.events.process('evt_three_workers');
    expect(razorpay.refundCalls(id)).toHaveLength(1);
    expect(await shop.ordersOf(buyer.user.id)).toBe(0);
  });

  it('a refund pending at Razorpay across two job retries is asked for once, then settles', async () => {
    const buyer = await shop.paidAtRazorpay();
    const placed = await shop.place(buyer.token, buyer.payment);
    expect(placed.status).toBe(201);
    const orderId = placed.body.data.order_id as number;
    razorpay.refundMode('pending');
    try {
      await t.request('POST', `/customer/orders/${orderId}/cancel`, {
        token: buyer.token,
        body: { reason: 'Changed my mind' },
      });
      const refundJob = async () =>
        (
          await t.db
            .select()
            .from(bossJobs)
            .where(
              sql`${bossJobs.name} = 'refunds' and ${bossJobs.data}->>'orderId' = ${String(orderId)}`,
            )
        )[0];
      await vi.waitFor(
        async () => expect((await refundJob())?.retryCount).toBeGreaterThanOrEqual(2),
        { timeout: 20_000, interval: 100 },
      );
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order?.paymentStatus).toBe('refund_pending');
      razorpay.settleRefund(order?.refundReference ?? '');
    } finally {
      razorpay.refundMode('processed');
    }
    await vi.waitFor(
      async () => {
        const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order?.paymentStatus).toBe('refunded');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(razorpay.refundCalls(buyer.payment.gateway_payment_id)).toHaveLength(1);
  });
});

describe('a guest’s refunded payment', () => {
  it('the "refunded, no order" e-mail goes to the checkout e-mail of a guest', async () => {
    const guest = await t.request('POST', '/auth/guest');
    expect(guest.status).toBe(201);
    const token = guest.body.data.token as string;
    const email = `refunded.guest.${Date.now()}@example.com`;
    const product = await createProduct(t.db, { priceCents: 1500, stockQuantity: 10 });
    for (const [path, body] of [
      ['/cart/add', { product_id: product.id, quantity: 1 }],
      ['/checkout/shipping-address', { ...NEW_ADDRESS, email }],
      ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
    ] as const) {
      const step = await t.request('POST', path, { token, body });
      expect(step.status, JSON.stringify(step.body)).toBe(200);
    }
    const gatewayOrder = (await shop.choose(token, 'card')).body.data.gateway_order;
    const payment = razorpay.pay(gatewayOrder.id);
    // Sold out before the webhook's job: the payment goes back, and the guest is told.
    await t.db.update(products).set({ stockQuantity: 0 }).where(eq(products.id, product.id));
    await shop.deliver(shop.captured(payment.gateway_payment_id, 'evt_guest_refund'));
    expect((await processed('evt_guest_refund'))?.outcome).toMatch(/^refunded: /);
    const mail = await vi.waitFor(
      () => {
        const found = t.outbox().find((m) => m.to === email);
        expect(found).toBeTruthy();
        return found;
      },
      { timeout: 15_000, interval: 100 },
    );
    expect(mail?.subject).toBe('Your payment is being refunded');
  });
});

describe('retention of webhook payloads', () => {
  it('payloads older than the retention are dropped; a replay of that news still changes nothing', async () => {
    const old = await soldOutAfterPaying();
    const id = old.payment.gateway_payment_id;
    await shop.deliver(shop.captured(id, 'evt_retention_old'));
    expect((await processed('evt_retention_old'))?.outcome).toMatch(/^refunded: /);
    const fresh = await shop.paidAtRazorpay();
    await shop.deliver(shop.captured(fresh.payment.gateway_payment_id, 'evt_retention_new'));
    await processed('evt_retention_new');
    await t.db
      .update(paymentWebhookEvents)
      .set({ receivedAt: sql`now() - interval '31 days'` })
      .where(eq(paymentWebhookEvents.eventId, 'evt_retention_old'));

    expect(await t.services.payments.events.dropExpiredPayloads()).toBeGreaterThanOrEqual(1);
    const expired = await shop.storedEvent('evt_retention_old');
    expect(expired?.payload).toBeNull();
    expect(expired?.outcome).toMatch(/^refunded: /);
    expect((await shop.storedEvent('evt_retention_new'))?.payload).toBeTruthy();

    const replay = await shop.deliver(shop.captured(id, 'evt_retention_replay'));
    expect(replay.status).toBe(200);
    expect(replay.body.message).toBe('Event already received.');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(razorpay.refundCalls(id)).toHaveLength(1);
    // The sweep runs on a schedule, whichever instance takes it.
    const schedules = (await t.jobs?.getSchedules()) ?? [];
    expect(schedules.map((schedule) => schedule.name)).toContain('payment-event-retention');
  });
});
