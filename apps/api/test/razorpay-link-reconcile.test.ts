import { orderEvents } from '@storefront/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './harness';
import { startFakeRazorpay } from './support/fake-razorpay';
import { razorpayLinksShop } from './support/razorpay-links-shop';
import {
  openRazorpayShop,
  type razorpayShop,
  reconciledMetric as reconciledMetricOf,
} from './support/razorpay-shop';

/*
 * Issue 40's payment links where their news is lost or late (docs/payments.md, "Payment links at
 * the reconciler"): a link paid at Razorpay whose `payment_link.paid` never came is settled by
 * the reconciler through the webhook's own handler, once, even racing the webhook; a cancelled
 * COD order's link is cancelled at Razorpay, and one paid meanwhile is refunded.
 */

const KEYS = { keyId: 'rzp_test_link_reconcile', keySecret: 'razorpay-link-reconcile-secret' };
const WEBHOOK_SECRET = 'razorpay-link-reconcile-webhook-secret';
const METRICS_TOKEN = 'link-reconcile-metrics-token-0123456789';
const razorpay = await startFakeRazorpay(KEYS);
const standIn = razorpay.linksAndCards;
let t: TestApp;
let shop: ReturnType<typeof razorpayShop>;
let links: ReturnType<typeof razorpayLinksShop>;

beforeAll(async () => {
  ({ t, shop } = await openRazorpayShop(razorpay, KEYS, WEBHOOK_SECRET, {
    // The reconciler looks at every link at once (no minimum age here).
    config: { paymentReconcileMinAgeSeconds: 0 },
    metrics: true,
    metricsToken: METRICS_TOKEN,
  }));
  links = razorpayLinksShop(t, shop, WEBHOOK_SECRET);
});
afterAll(async () => {
  await t.close();
  await razorpay.close();
});

const reconciledMetric = (outcome: string) => reconciledMetricOf(t, METRICS_TOKEN, outcome);

/** A COD order with a link the customer paid at Razorpay; no webhook sent. */
async function paidLink() {
  const buyer = await links.codOrder();
  expect((await links.payOnline(buyer.token, buyer.orderId)).status).toBe(200);
  const link = await links.linkOf(buyer.orderId);
  return { buyer, paid: standIn.payLink(link?.id ?? '') };
}

const paidEvents = (orderId: number) =>
  t.db.$count(
    orderEvents,
    and(
      eq(orderEvents.orderId, orderId),
      eq(orderEvents.description, 'Paid online by payment link.'),
    ),
  );

describe('the reconciler and payment links', () => {
  it('a link paid without its webhook: the order prepaid in one run, counted; the next run changes nothing; the late webhook is the same news', async () => {
    const { buyer, paid } = await paidLink();
    const before = await reconciledMetric('paid_by_link');
    const counts = await t.services.payments.reconciler.run();
    expect(counts.paid_by_link).toBe(1);
    expect(counts.failed).toBe(0);
    expect(await reconciledMetric('paid_by_link')).toBe(before + 1);
    expect(await links.orderRow(buyer.orderId)).toMatchObject({
      paymentMethod: 'payment_link',
      paymentStatus: 'paid',
      gatewayPaymentId: paid.payment.id,
      gatewayOrderId: paid.order.id,
    });
    expect(await paidEvents(buyer.orderId)).toBe(1);
    expect((await links.linkOf(buyer.orderId))?.paidAt).toBeTruthy();
    expect(razorpay.linkFetchCalls(paid.link.id)).toHaveLength(1);

    const again = await t.services.payments.reconciler.run();
    expect(again.paid_by_link).toBe(0);
    // Paid in the shop's table: not looked up again.
    expect(razorpay.linkFetchCalls(paid.link.id)).toHaveLength(1);

    const late = await shop.deliver(links.linkPaid(paid, 'evt_link_after_reconcile'));
    expect(late.status).toBe(200);
    expect(late.body.message).toBe('Event already received.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await paidEvents(buyer.orderId)).toBe(1);
    expect(razorpay.refundCalls(paid.payment.id)).toHaveLength(0);
  });

  it('the reconciler and the webhook racing: paid once, one event, nothing refunded', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { buyer, paid } = await paidLink();
      const eventId = `evt_link_race_${round}`;
      const [counts] = await Promise.all([
        t.services.payments.reconciler.run(),
        shop.deliver(links.linkPaid(paid, eventId)).then(async (res) => {
          expect(res.status).toBe(200);
          // The webhook's own job, and a second worker taking it too.
          await t.services.payments.events.process(eventId).catch(() => undefined);
        }),
      ]);
      expect(counts.failed).toBe(0);
      await vi.waitFor(
        async () => expect((await links.linkOf(buyer.orderId))?.paidAt).toBeTruthy(),
        { timeout: 15_000, interval: 100 },
      );
      expect(await links.orderRow(buyer.orderId)).toMatchObject({
        paymentStatus: 'paid',
        gatewayPaymentId: paid.payment.id,
      });
      expect(await paidEvents(buyer.orderId)).toBe(1);
      expect(razorpay.refundCalls(paid.payment.id)).toHaveLength(0);
    }
  }, 90_000);

  it('a link Razorpay shows expired is closed and no longer looked up', async () => {
    const buyer = await links.codOrder();
    await links.payOnline(buyer.token, buyer.orderId);
    const link = await links.linkOf(buyer.orderId);
    const atRazorpay = standIn.links.get(link?.id ?? '');
    if (atRazorpay) atRazorpay.expire_by = Math.floor(Date.now() / 1000) - 60;
    const counts = await t.services.payments.reconciler.run();
    expect(counts.failed).toBe(0);
    expect(await links.linkOf(buyer.orderId)).toMatchObject({ closedAs: 'expired', paidAt: null });
    const fetched = razorpay.linkFetchCalls(link?.id).length;
    await t.services.payments.reconciler.run();
    expect(razorpay.linkFetchCalls(link?.id)).toHaveLength(fetched);
  });
});

describe('cancelling a COD order with an open payment link', () => {
  it('cancels the link at Razorpay and in the shop’s table; nothing refunded', async () => {
    const buyer = await links.codOrder();
    await links.payOnline(buyer.token, buyer.orderId);
    const link = await links.linkOf(buyer.orderId);
    const refundsBefore = razorpay.refundCalls().length;
    const cancelled = await t.request('POST', `/customer/orders/${buyer.orderId}/cancel`, {
      token: buyer.token,
      body: { reason: 'ordered twice' },
    });
    expect(cancelled.status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await links.linkOf(buyer.orderId)).toMatchObject({ closedAs: 'cancelled' }),
      { timeout: 15_000, interval: 100 },
    );
    expect(standIn.links.get(link?.id ?? '')?.status).toBe('cancelled');
    expect(razorpay.linkCancelCalls(link?.id)).toHaveLength(1);
    expect(razorpay.refundCalls()).toHaveLength(refundsBefore);
    // Closed: the reconciler does not look it up.
    const fetched = razorpay.linkFetchCalls(link?.id).length;
    await t.services.payments.reconciler.run();
    expect(razorpay.linkFetchCalls(link?.id)).toHaveLength(fetched);
    expect(await links.orderRow(buyer.orderId)).toMatchObject({
      status: 'canceled',
      paymentMethod: 'cod',
    });
  });

  it('a link already paid (no webhook) is refunded once through the link’s handler; the late webhook changes nothing', async () => {
    const { buyer, paid } = await paidLink();
    await t.request('POST', `/customer/orders/${buyer.orderId}/cancel`, {
      token: buyer.token,
      body: { reason: 'changed my mind' },
    });
    // Until the handler is through: the refund is asked first, the link marked paid last.
    await vi.waitFor(
      async () =>
        expect((await shop.storedEvent(`reconciled:${paid.link.id}`))?.outcome).toMatch(
          /^refunded: /,
        ),
      { timeout: 15_000, interval: 100 },
    );
    expect(razorpay.refundCalls(paid.payment.id)).toHaveLength(1);
    expect(razorpay.linkCancelCalls(paid.link.id)).toHaveLength(1);
    expect(await links.linkOf(buyer.orderId)).toMatchObject({
      paymentId: paid.payment.id,
      closedAt: null,
    });
    const stored = await shop.storedEvent(`reconciled:${paid.link.id}`);
    expect(stored?.outcome).toMatch(/^refunded: /);
    const late = await shop.deliver(links.linkPaid(paid, 'evt_link_after_cancel'));
    expect(late.body.message).toBe('Event already received.');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(razorpay.refundCalls(paid.payment.id)).toHaveLength(1);
    expect(await links.orderRow(buyer.orderId)).toMatchObject({
      status: 'canceled',
      paymentMethod: 'cod',
    });
    expect(await paidEvents(buyer.orderId)).toBe(0);
    // The money is not gone quietly: the order's timeline says so once, and the customer is told.
    const order = await links.orderRow(buyer.orderId);
    const refundedEvents = await t.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, buyer.orderId));
    const told = refundedEvents.filter((event) =>
      event.description.includes(`by payment link (${paid.payment.id})`),
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.description).toMatch(
      /was refunded in full: it had been cancelled before the payment came\.$/,
    );
    const mail = await t.mailTo(buyer.email, 'Your payment is being refunded');
    expect(mail.text).toContain(`for order ${order?.orderNumber}, but it could no longer be paid`);
    expect(mail.text).toContain('it had been cancelled before the payment came.');
    expect(mail.text).not.toContain('could not place the order');
    expect(
      t
        .outbox()
        .filter(
          (sent) => sent.subject === 'Your payment is being refunded' && sent.to === buyer.email,
        ),
    ).toHaveLength(1);
  });
});
