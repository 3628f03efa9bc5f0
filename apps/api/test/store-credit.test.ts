import { giftCards, orderRefunds } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerCustomer, trpcFailure } from './harness';
import { KARNATAKA } from './support/gst-shop';
import { cents, openRefundShop } from './support/refund-shop';

/*
 * Issue 38, store credit on both databases (docs/returns.md, "Store credit"): a return asking
 * `refund_to: store_credit`, or one of a cash-on-delivery order, is refunded as a gift card
 * issued to the customer — the ledger row's `store_credit_cents`, the card's exact balance, the
 * e-mail with its code, GET /customer/store-credit for its owner only — usable at once at
 * checkout; two refunds clicked at once issue one card.
 */

const shop = await openRefundShop();
const { app } = shop;
const admin = () => app.admin.admin;

/** A delivered order of the customer: 2 × 20.00 (18 % GST), card or cash on delivery. */
async function delivered(token: string, pay: 'card' | 'cod', name: string, address?: object) {
  const product = await shop.product(name, 2000);
  const bought = await shop.order({
    token,
    pay,
    lines: [{ productId: product.id, quantity: 2 }],
    ...(address ? { address } : {}),
  });
  const orders = admin().orders;
  await orders.process.mutate({ id: bought.id });
  await orders.ship.mutate({ id: bought.id, carrier: 'DHL', tracking_number: `SC${bought.id}` });
  await orders.complete.mutate({ id: bought.id });
  return { ...bought, line: bought.order.items[0] };
}

/** Requests, approves and receives the whole line back; answers the return and its quote. */
async function received(
  order: { id: number; token: string; line: { id: number } },
  refundTo: 'original' | 'store_credit',
  quantity = 2,
) {
  const body = {
    items: [{ order_item_id: order.line.id, quantity, reason: 'damaged' }],
    method: 'drop_off',
    refund_to: refundTo,
  };
  const quote = await app.t.request('POST', `/customer/orders/${order.id}/returns/quote`, {
    token: order.token,
    body,
  });
  expect(quote.status).toBe(200);
  const made = await app.t.request('POST', `/customer/orders/${order.id}/returns`, {
    token: order.token,
    body,
  });
  expect(made.status).toBe(201);
  await admin().returns.approve.mutate({ id: made.body.data.id });
  await admin().returns.receive.mutate({
    id: made.body.data.id,
    items: [{ order_item_id: order.line.id, quantity, condition: 'resellable' }],
  });
  return { made: made.body.data, quote: quote.body.data };
}

const storeCredit = (token: string) =>
  app.t.request('GET', '/customer/store-credit', { token }).then((answer) => {
    expect(answer.status).toBe(200);
    return answer.body.data;
  });

const cardsOf = (userId: number) =>
  app.t.db.select().from(giftCards).where(eq(giftCards.ownerUserId, userId));

describe('store credit as a refund destination', () => {
  it('refund_to store_credit: one card of the quoted amount (two refunds at once), the e-mail, GET store-credit for its owner only, and it pays part of a new order', async () => {
    const customer = await registerCustomer(app.t);
    const stranger = await registerCustomer(app.t);
    const order = await delivered(customer.token, 'card', 'Canvas Tote');
    const { made, quote } = await received({ ...order, token: customer.token }, 'store_credit');
    expect(quote.refund_split).toEqual({
      gateway: 0,
      gift_cards: 0,
      loyalty_points: 0,
      store_credit: quote.refund_total,
    });

    const both = await Promise.all([
      admin().returns.refund.mutate({ id: made.id }),
      admin().returns.refund.mutate({ id: made.id }),
    ]);
    expect(both.map((answer) => answer.data.status)).toEqual(['refunded', 'refunded']);
    const rows = await app.t.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    const credit = cents(quote.refund_split.store_credit);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'return',
        amountCents: credit,
        storeCreditCents: credit,
        gatewayCents: 0,
        status: 'processed',
      }),
    ]);
    const cards = await cardsOf(customer.user.id);
    expect(cards).toEqual([expect.objectContaining({ refundId: rows[0]?.id, status: 'active' })]);
    // The code is sealed, never stored in the clear.
    expect(cards[0]?.codeSealed).toMatch(/^v1:/);
    expect((await shop.gatewayRefunds(order.id)).calls).toBe(0);
    const after = await shop.get(order.id, customer.token);
    expect(cents(after.refunded_amount)).toBe(credit);

    const shown = await storeCredit(customer.token);
    expect(shown).toEqual({
      balance: credit / 100,
      currency: 'INR',
      cards: [
        {
          code: expect.stringMatching(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/),
          last4: cards[0]?.last4,
          balance: credit / 100,
          expires_at: null,
        },
      ],
    });
    const { code } = shown.cards[0];
    expect(JSON.stringify(cards[0])).not.toContain(code.replace(/-/g, ''));
    const mail = await app.t.mailTo(customer.email, /store credit/);
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(made.number);
    expect(await storeCredit(stranger.token)).toEqual({ balance: 0, currency: 'INR', cards: [] });

    // Usable at once, like any gift card: it pays part of a dearer order, the gateway the rest.
    await admin().settings.setFeature.mutate({ flag: 'gift_cards', enabled: true });
    try {
      const dearer = await shop.product('Leather Bag', 9000);
      const next = await shop.order({
        token: customer.token,
        lines: [{ productId: dearer.id, quantity: 1 }],
        giftCards: [code],
      });
      expect(cents(next.order.gift_card_amount)).toBe(credit);
      expect(cents(next.order.amount_due)).toBe(cents(next.order.total) - credit);
      expect(await storeCredit(customer.token)).toEqual({
        balance: 0,
        currency: 'INR',
        cards: [],
      });
    } finally {
      await admin().settings.setFeature.mutate({ flag: 'gift_cards', enabled: false });
    }
  });

  it('a cash-on-delivery order’s return is refunded as store credit, whatever it asked', async () => {
    const customer = await registerCustomer(app.t);
    const order = await delivered(customer.token, 'cod', 'Cotton Throw');
    const returnable = await app.t.request('GET', `/customer/orders/${order.id}/returnable`, {
      token: customer.token,
    });
    expect(returnable.body.data.refund_to).toEqual(['store_credit']);
    const { made, quote } = await received({ ...order, token: customer.token }, 'original');
    expect(made.refund_to).toBe('store_credit');
    // The whole order back for a shop fault: shipping included, all of it as store credit.
    expect(cents(quote.refund_split.store_credit)).toBe(cents(order.order.total));

    await admin().returns.refund.mutate({ id: made.id });
    const [row] = await app.t.db
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.orderId, order.id));
    expect(row).toMatchObject({
      gatewayCents: 0,
      storeCreditCents: cents(quote.refund_split.store_credit),
    });
    const shown = await storeCredit(customer.token);
    expect(shown.balance).toBe(quote.refund_split.store_credit);
    expect(shown.cards).toHaveLength(1);
    await app.t.mailTo(customer.email, /store credit/);
  });

  it('a goodwill refund after store credit never gives back more than was paid', async () => {
    const customer = await registerCustomer(app.t);
    const order = await delivered(customer.token, 'card', 'Wool Beanie');
    const { made, quote } = await received({ ...order, token: customer.token }, 'store_credit', 1);
    await admin().returns.refund.mutate({ id: made.id });
    const left = cents(order.order.total) - cents(quote.refund_total);
    expect(left).toBeGreaterThan(0);
    const tooMuch = await trpcFailure(
      admin().orders.refund.mutate({
        order_id: order.id,
        amount: (left + 1) / 100,
        reason: 'Sorry',
      }),
    );
    expect(tooMuch.data?.error_code).toBe('REFUND_EXCEEDS_PAID');
    await admin().orders.refund.mutate({ order_id: order.id, amount: left / 100, reason: 'Sorry' });
    const rows = await shop.settled(order.id);
    expect(rows.map((row) => row.gatewayCents)).toEqual([0, left]);
    const after = await shop.get(order.id, customer.token);
    expect(cents(after.refunded_amount)).toBe(cents(order.order.total));
  });

  it("a guest's returns and store credit follow its orders to the account, and the account's export holds them (never the code)", async () => {
    const guest = await app.t.request('POST', '/auth/guest');
    const guestToken = guest.body.data.token as string;
    const email = `guest-credit-${Date.now()}@example.com`;
    const order = await delivered(guestToken, 'cod', 'Jute Basket', { ...KARNATAKA, email });
    const { made, quote } = await received({ ...order, token: guestToken }, 'store_credit');
    await admin().returns.refund.mutate({ id: made.id });
    const guestCredit = await storeCredit(guestToken);
    expect(guestCredit.balance).toBe(quote.refund_split.store_credit);
    const { code } = guestCredit.cards[0];

    const account = await registerCustomer(app.t, { guest_token: guestToken });
    const returns = await app.t.request('GET', '/customer/returns', { token: account.token });
    expect(returns.body.data.map((entry: { id: number }) => entry.id)).toEqual([made.id]);
    expect(await storeCredit(account.token)).toEqual(guestCredit);

    const exported = await app.t.request('GET', '/customer/export', { token: account.token });
    expect(exported.status).toBe(200);
    const data = exported.body.data ?? exported.body;
    expect(data.returns).toEqual([
      expect.objectContaining({
        return: expect.objectContaining({ id: made.id, number: made.number, status: 'refunded' }),
        items: [expect.objectContaining({ quantity: 2, received_quantity: 2 })],
      }),
    ]);
    expect(data.store_credit).toEqual([
      expect.objectContaining({
        last4: guestCredit.cards[0].last4,
        balance_cents: cents(quote.refund_split.store_credit),
      }),
    ]);
    expect(JSON.stringify(data)).not.toContain(code);
    expect(JSON.stringify(data)).not.toContain(code.replace(/-/g, ''));
  });
});
