import { bossJobs } from '@storefront/db/jobs';
import { gatewayCustomers, orderEvents, paymentLinks } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency } from '@storefront/db/testing/factories';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
  trpcFailure,
} from './harness';
import { startFakeRazorpay } from './support/fake-razorpay';
import { razorpayLinksShop } from './support/razorpay-links-shop';
import { openRazorpayShop, type razorpayShop } from './support/razorpay-shop';

/*
 * Issue 40: COD to prepaid by Razorpay payment link, and saved cards (Razorpay customers and
 * tokens), against the stand-in speaking razorpay-node's requests.
 */

const KEYS = { keyId: 'rzp_test_links', keySecret: 'razorpay-links-secret' };
const WEBHOOK_SECRET = 'razorpay-links-webhook-secret';
const razorpay = await startFakeRazorpay(KEYS);
const standIn = razorpay.linksAndCards;
let t: TestApp;
let shop: ReturnType<typeof razorpayShop>;
let links: ReturnType<typeof razorpayLinksShop>;

beforeAll(async () => {
  ({ t, shop } = await openRazorpayShop(razorpay, KEYS, WEBHOOK_SECRET));
  links = razorpayLinksShop(t, shop, WEBHOOK_SECRET);
});
const codOrder = () => links.codOrder();
const payOnline = (token: string, orderId: number) => links.payOnline(token, orderId);
const linkOf = (orderId: number) => links.linkOf(orderId);
const orderRow = (id: number) => links.orderRow(id);
const linkPaid = (...args: Parameters<typeof links.linkPaid>) => links.linkPaid(...args);
afterAll(async () => {
  await t.close();
  await razorpay.close();
});

const processed = (eventId: string) => shop.processed(eventId);

describe('pay-online: a COD order’s payment link', () => {
  it('asks Razorpay for a link of the amount due, under the order number, without its notifications; the same link again', async () => {
    const buyer = await codOrder();
    const order = await orderRow(buyer.orderId);
    const before = standIn.linkRequests.length;
    const first = await payOnline(buyer.token, buyer.orderId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      amount: order?.totalCents ? order.totalCents / 100 : 0,
    });
    expect(first.body.data.short_url).toMatch(/^https:\/\/rzp\.io\//);
    const hours = (Date.parse(first.body.data.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect(standIn.linkRequests.slice(before)).toEqual([
      expect.objectContaining({
        amount: order?.totalCents,
        currency: 'INR',
        reference_id: order?.orderNumber,
        notify: { sms: false, email: false },
        accept_partial: false,
      }),
    ]);

    const again = await payOnline(buyer.token, buyer.orderId);
    expect(again.body.data).toEqual(first.body.data);
    expect(standIn.linkRequests.length).toBe(before + 1);
    expect(await t.db.$count(paymentLinks, eq(paymentLinks.orderId, buyer.orderId))).toBe(1);
  });

  it('an expired link is replaced by a new one, under the next reference (Razorpay takes each once)', async () => {
    const buyer = await codOrder();
    const first = await payOnline(buyer.token, buyer.orderId);
    const stored = await linkOf(buyer.orderId);
    await t.db
      .update(paymentLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentLinks.id, stored?.id ?? ''));
    const second = await payOnline(buyer.token, buyer.orderId);
    expect(second.status).toBe(200);
    expect(second.body.data.short_url).not.toBe(first.body.data.short_url);
    const order = await orderRow(buyer.orderId);
    expect(standIn.linkRequests.at(-1)).toMatchObject({
      reference_id: `${order?.orderNumber}/2`,
    });
  });

  it('the expiry follows the shop’s setting (admin.settings.updateDelivery)', async () => {
    const server = await t.listen();
    try {
      const admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
      await admin.admin.settings.updateDelivery.mutate({ payment_link_expiry_hours: 2 });
      const buyer = await codOrder();
      const link = await payOnline(buyer.token, buyer.orderId);
      const hours = (Date.parse(link.body.data.expires_at) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(1.9);
      expect(hours).toBeLessThanOrEqual(2);
      await admin.admin.settings.updateDelivery.mutate({ payment_link_expiry_hours: 24 });
    } finally {
      await server.close();
    }
  });

  it('refuses a paid card order, a cancelled COD order (422), another customer’s order (404); nothing asked of Razorpay', async () => {
    const before = standIn.linkRequests.length;
    const card = await shop.paidAtRazorpay();
    const placed = await shop.place(card.token, card.payment);
    const paid = await payOnline(card.token, placed.body.data.order_id);
    expect(paid.status).toBe(422);
    expect(paid.body).toMatchObject({ success: false, error_code: 'PAYMENT_LINK_NOT_AVAILABLE' });

    const cancelled = await codOrder();
    await t.request('POST', `/customer/orders/${cancelled.orderId}/cancel`, {
      token: cancelled.token,
      body: { reason: 'changed my mind' },
    });
    const refused = await payOnline(cancelled.token, cancelled.orderId);
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe('PAYMENT_LINK_NOT_AVAILABLE');

    const theirs = await codOrder();
    const stranger = await registerCustomer(t);
    const stolen = await payOnline(stranger.token, theirs.orderId);
    expect(stolen.status).toBe(404);
    expect(standIn.linkRequests.length).toBe(before);
  });

  it('paid (payment_link.paid, delivered twice and its job run twice): prepaid once, one event, one push, invoiced', async () => {
    const buyer = await codOrder();
    const link = await payOnline(buyer.token, buyer.orderId);
    const stored = await linkOf(buyer.orderId);
    const paid = standIn.payLink(stored?.id ?? '');
    const first = await shop.deliver(linkPaid(paid, 'evt_link_paid_1'));
    expect(first.status).toBe(200);
    // The same news under another event id, and the first again.
    expect((await shop.deliver(linkPaid(paid, 'evt_link_paid_2'))).status).toBe(200);
    expect((await shop.deliver(linkPaid(paid, 'evt_link_paid_1'))).status).toBe(200);
    expect((await processed('evt_link_paid_1'))?.outcome).toBe('order paid by payment link');
    await t.services.payments.events.process('evt_link_paid_1');

    const order = await orderRow(buyer.orderId);
    expect(order).toMatchObject({
      paymentMethod: 'payment_link',
      paymentStatus: 'paid',
      gatewayPaymentId: paid.payment.id,
    });
    expect(order?.invoiceNumber).toBeTruthy();
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(
        and(
          eq(orderEvents.orderId, buyer.orderId),
          eq(orderEvents.description, 'Paid online by payment link.'),
        ),
      );
    expect(events).toHaveLength(1);
    const pushes = await t.db
      .select()
      .from(bossJobs)
      .where(
        sql`${bossJobs.name} = 'push' and ${bossJobs.data}->>'type' = 'order_paid' and ${bossJobs.data}->>'orderId' = ${String(buyer.orderId)}`,
      );
    expect(pushes).toHaveLength(1);
    const seen = await t.request('GET', `/customer/orders/${buyer.orderId}`, {
      token: buyer.token,
    });
    expect(seen.body.data).toMatchObject({
      payment_method: 'payment_link',
      payment_status: 'paid',
    });
    // Paid: no further link is offered.
    expect((await payOnline(buyer.token, buyer.orderId)).status).toBe(422);
    expect(link.status).toBe(200);
  });

  it('a COD order with a fee: the link asks the amount due less the fee and its tax; paid, the order drops the fee', async () => {
    const server = await t.listen();
    const admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
    try {
      await admin.admin.settings.updateDelivery.mutate({ cod_fee: 40 });
      const buyer = await codOrder();
      const placed = await orderRow(buyer.orderId);
      expect(placed?.codFeeCents).toBeGreaterThan(0);
      const feeCents = (placed?.codFeeCents ?? 0) + (placed?.codFeeTax?.taxCents ?? 0);
      const before = await t.request('GET', `/customer/orders/${buyer.orderId}`, {
        token: buyer.token,
      });
      const dueCents = Math.round(before.body.data.amount_due * 100);
      const link = await payOnline(buyer.token, buyer.orderId);
      expect(link.status).toBe(200);
      expect(Math.round(link.body.data.amount * 100)).toBe(dueCents - feeCents);
      expect((await linkOf(buyer.orderId))?.amountCents).toBe(dueCents - feeCents);

      const paid = standIn.payLink((await linkOf(buyer.orderId))?.id ?? '');
      expect((await shop.deliver(linkPaid(paid, 'evt_link_fee'))).status).toBe(200);
      expect((await processed('evt_link_fee'))?.outcome).toBe('order paid by payment link');
      const after = await orderRow(buyer.orderId);
      expect(after).toMatchObject({ paymentStatus: 'paid', codFeeCents: 0, codFeeTax: null });
      expect(after?.totalCents).toBe((placed?.totalCents ?? 0) - feeCents);
      expect(after?.taxCents).toBe((placed?.taxCents ?? 0) - (placed?.codFeeTax?.taxCents ?? 0));
      const seen = (
        await t.request('GET', `/customer/orders/${buyer.orderId}`, { token: buyer.token })
      ).body.data;
      expect(seen.amount_due).toBe(link.body.data.amount);
      expect(seen.cod_fee).toBe(0);
      // The totals identity holds after the fee left.
      const cents = (amount: number) => Math.round(amount * 100);
      expect(
        cents(seen.subtotal) - cents(seen.discount) + cents(seen.shipping) + cents(seen.tax),
      ).toBe(cents(seen.total));
    } finally {
      await admin.admin.settings.updateDelivery.mutate({ cod_fee: 0 });
      await server.close();
    }
  });

  it('the link’s news handled by two workers at once: paid once, one event, nothing refunded', async () => {
    for (let round = 0; round < 3; round += 1) {
      const buyer = await codOrder();
      await payOnline(buyer.token, buyer.orderId);
      const stored = await linkOf(buyer.orderId);
      const paid = standIn.payLink(stored?.id ?? '');
      const payment = {
        paymentId: paid.payment.id,
        gatewayOrderId: paid.order.id,
        amountMinor: paid.payment.amount,
        currency: paid.payment.currency,
      };
      const outcomes = await Promise.all([
        t.services.paymentLinks.linkPaid(paid.link.id, payment),
        t.services.paymentLinks.linkPaid(paid.link.id, payment),
      ]);
      expect(outcomes.sort()).toEqual(['already handled', 'order paid by payment link']);
      expect(await orderRow(buyer.orderId)).toMatchObject({ paymentStatus: 'paid' });
      expect(
        await t.db.$count(
          orderEvents,
          and(
            eq(orderEvents.orderId, buyer.orderId),
            eq(orderEvents.description, 'Paid online by payment link.'),
          ),
        ),
      ).toBe(1);
      expect(razorpay.refundCalls(paid.payment.id)).toHaveLength(0);
    }
  }, 60_000);

  it('a link paid as its order is cancelled: the cancel job and the late webhook race, one refund, the order left cancelled', async () => {
    const buyer = await codOrder();
    await payOnline(buyer.token, buyer.orderId);
    const stored = await linkOf(buyer.orderId);
    // Paid at Razorpay before the cancel's job could cancel the link there.
    const paid = standIn.payLink(stored?.id ?? '');
    await t.request('POST', `/customer/orders/${buyer.orderId}/cancel`, {
      token: buyer.token,
      body: { reason: 'too slow' },
    });
    expect((await shop.deliver(linkPaid(paid, 'evt_link_late'))).status).toBe(200);
    await vi.waitFor(async () => expect((await linkOf(buyer.orderId))?.paidAt).toBeTruthy(), {
      timeout: 15_000,
      interval: 100,
    });
    // Either may come first: the cancel job finds the link paid (no cancel call at Razorpay) or
    // asks Razorpay to cancel it and is refused. Both ways the payment is refunded once.
    await vi.waitFor(() => expect(razorpay.refundCalls(paid.payment.id)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(razorpay.refundCalls(paid.payment.id)).toHaveLength(1);
    expect(razorpay.linkCancelCalls(paid.link.id).length).toBeLessThanOrEqual(1);
    expect(await orderRow(buyer.orderId)).toMatchObject({
      status: 'canceled',
      paymentMethod: 'cod',
      paymentStatus: 'pending',
    });
  });

  it('admin.orders.sendPaymentLink e-mails the same link to the customer', async () => {
    const server = await t.listen();
    try {
      const admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
      const buyer = await codOrder();
      const sent = await admin.admin.orders.sendPaymentLink.mutate({ order_id: buyer.orderId });
      const asked = await payOnline(buyer.token, buyer.orderId);
      expect(sent.data).toEqual(asked.body.data);
      const mail = await t.mailTo(buyer.email, /online/);
      expect(mail.text).toContain(sent.data.short_url);
      const paid = await shop.paidAtRazorpay();
      const placed = await shop.place(paid.token, paid.payment);
      const refused = await trpcFailure(
        admin.admin.orders.sendPaymentLink.mutate({ order_id: placed.body.data.order_id }),
      );
      expect(refused.data?.error_code).toBe('PAYMENT_LINK_NOT_AVAILABLE');
    } finally {
      await server.close();
    }
  });
});

describe('saved cards', () => {
  it('a card checkout makes the Razorpay customer (fail_existing 0) and the gateway order carries it', async () => {
    const buyer = await shop.checkoutReady();
    const chosen = await shop.choose(buyer.token, 'card');
    const customerId = chosen.body.data.gateway_order.customer_id;
    expect(customerId).toMatch(/^cust_/);
    expect(standIn.customerRequests.at(-1)).toMatchObject({
      email: buyer.email,
      fail_existing: 0,
    });
    const [row] = await t.db
      .select()
      .from(gatewayCustomers)
      .where(eq(gatewayCustomers.userId, buyer.user.id));
    expect(row?.customerId).toBe(customerId);
    // Choosing again makes no second customer.
    const requests = standIn.customerRequests.length;
    await shop.choose(buyer.token, 'wallet');
    expect(standIn.customerRequests.length).toBe(requests);
  });

  it('lists and deletes the customer’s own cards; another customer’s card is 404 and stays', async () => {
    const owner = await shop.checkoutReady();
    const customerId = (await shop.choose(owner.token, 'card')).body.data.gateway_order.customer_id;
    const visa = standIn.saveCard(customerId);
    const rupay = standIn.saveCard(customerId, { network: 'RuPay', last4: '4242', issuer: 'SBIN' });
    const listed = await t.request('GET', '/customer/saved-cards', { token: owner.token });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        id: visa.id,
        network: 'Visa',
        last4: '1111',
        expiry_month: 12,
        expiry_year: 2030,
        issuer: 'HDFC',
      },
      expect.objectContaining({ id: rupay.id, network: 'RuPay', last4: '4242' }),
    ]);

    const stranger = await shop.checkoutReady();
    await shop.choose(stranger.token, 'card');
    const stolen = await t.request('DELETE', `/customer/saved-cards/${visa.id}`, {
      token: stranger.token,
    });
    expect(stolen.status).toBe(404);
    expect(standIn.tokens.get(customerId)).toHaveLength(2);
    expect(
      (await t.request('GET', '/customer/saved-cards', { token: stranger.token })).body.data,
    ).toEqual([]);

    const removed = await t.request('DELETE', `/customer/saved-cards/${visa.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(200);
    expect(standIn.tokens.get(customerId)?.map((token) => token.id)).toEqual([rupay.id]);
    const unknown = await t.request('DELETE', `/customer/saved-cards/${visa.id}`, {
      token: owner.token,
    });
    expect(unknown.status).toBe(404);
  });

  it('none before a card checkout', async () => {
    const fresh = await registerCustomer(t);
    const listed = await t.request('GET', '/customer/saved-cards', { token: fresh.token });
    expect(listed.body.data).toEqual([]);
  });

  it('deleting the account deletes its cards at Razorpay (a job after the commit)', async () => {
    const buyer = await shop.checkoutReady();
    const customerId = (await shop.choose(buyer.token, 'card')).body.data.gateway_order.customer_id;
    standIn.saveCard(customerId);
    standIn.saveCard(customerId, { last4: '0005' });
    const deleted = await t.request('DELETE', '/auth/account', {
      token: buyer.token,
      body: { password: buyer.password },
    });
    expect(deleted.status).toBe(200);
    expect(await t.db.$count(gatewayCustomers, eq(gatewayCustomers.userId, buyer.user.id))).toBe(0);
    await vi.waitFor(() => expect(standIn.tokens.get(customerId)).toEqual([]), {
      timeout: 15_000,
      interval: 100,
    });
  });
});

describe('a shop without Razorpay', () => {
  it('answers 422 PAYMENT_LINK_NOT_AVAILABLE, no saved cards, a null customer_id', async () => {
    const plain = await createTestApp();
    try {
      await createCurrency(plain.db, { code: 'INR', isDefault: true });
      await seedStoreSetup(plain.db);
      const { razorpayShop } = await import('./support/razorpay-shop');
      const local = razorpayShop(plain, razorpay, WEBHOOK_SECRET);
      const buyer = await local.checkoutReady();
      await plain.request('POST', '/checkout/payment-method', {
        token: buyer.token,
        body: { payment_method: 'cod' },
      });
      const placed = await local.place(buyer.token);
      const refused = await plain.request(
        'POST',
        `/customer/orders/${placed.body.data.order_id}/pay-online`,
        { token: buyer.token },
      );
      expect(refused.status).toBe(422);
      expect(refused.body.error_code).toBe('PAYMENT_LINK_NOT_AVAILABLE');
      const other = await local.checkoutReady();
      const chosen = await local.choose(other.token, 'card');
      expect(chosen.body.data.gateway_order.customer_id).toBeNull();
      expect(
        (await plain.request('GET', '/customer/saved-cards', { token: other.token })).body.data,
      ).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});
