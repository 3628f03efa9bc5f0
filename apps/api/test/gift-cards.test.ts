import { bossJobs } from '@storefront/db/jobs';
import { cartGiftCards, giftCardLedger, giftCards, orders } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
  trpcFailure,
} from './harness';
import { getBinary, pdfText } from './support/pdf';
import { gatewayPayment, NEW_ADDRESS, prepareCheckout, stockOf } from './support/shop';

let t: TestApp;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await createTestApp();
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
  const server = await t.listen();
  admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
  await admin.admin.settings.setFeature.mutate({ flag: 'gift_cards', enabled: true });
});
afterAll(async () => {
  await t.close();
});

const issue = async (amount: number, extra: { expires_at?: string } = {}) =>
  (await admin.admin.giftCards.issue.mutate({ amount, ...extra })).data;

/** A customer with one product (20.00 × quantity) in the cart. */
async function shopper(quantity = 1) {
  const product = await createProduct(t.db, { priceCents: 2000, stockQuantity: 100 });
  const customer = await registerCustomer(t);
  const added = await t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  return { ...customer, product };
}

const apply = (token: string, code: string) =>
  t.request('POST', '/cart/apply-gift-card', { token, body: { gift_card_code: code } });
const placeOrder = (token: string) =>
  t.request('POST', '/checkout/place-order', { token, body: {} });

async function ledgerOf(cardId: number) {
  return t.db
    .select({
      amount: giftCardLedger.amountCents,
      reason: giftCardLedger.reason,
      orderId: giftCardLedger.orderId,
    })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, cardId))
    .orderBy(giftCardLedger.id);
}
const balanceOf = async (cardId: number) =>
  (await ledgerOf(cardId)).reduce((sum, row) => sum + row.amount, 0);
const orderRow = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const ordersOf = (userId: number) => t.db.select().from(orders).where(eq(orders.userId, userId));

describe('flag off', () => {
  it('every operation answers 403 FEATURE_DISABLED; a cart drops its cards at the next read', async () => {
    const card = await issue(10);
    const { token } = await shopper();
    expect((await apply(token, card.code)).status).toBe(200);
    await admin.admin.settings.setFeature.mutate({ flag: 'gift_cards', enabled: false });
    try {
      const features = await t.request('GET', '/features');
      expect(features.body.data.gift_cards).toBe(false);
      for (const [path, body] of [
        ['/gift-cards/balance', { code: card.code }],
        ['/cart/apply-gift-card', { gift_card_code: card.code }],
        ['/cart/remove-gift-card', { gift_card_code: card.code }],
      ] as const) {
        const res = await t.request('POST', path, { token, body });
        expect(res.status).toBe(403);
        expect(res.body.error_code).toBe('FEATURE_DISABLED');
      }
      const cart = await t.request('GET', '/cart', { token });
      expect(cart.body.data.gift_cards).toEqual([]);
      expect(cart.body.data.amount_due).toBe(cart.body.data.total);
      expect(
        await t.db.select().from(cartGiftCards).where(eq(cartGiftCards.giftCardId, card.id)),
      ).toEqual([]);
    } finally {
      await admin.admin.settings.setFeature.mutate({ flag: 'gift_cards', enabled: true });
    }
  });
});

describe('issuing and looking up', () => {
  it('issues a grouped 80-bit code shown once, stored only as a hash and last 4', async () => {
    const issued = await issue(25.5);
    expect(issued.code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(issued).toMatchObject({ balance: 25.5, currency: 'USD', status: 'active' });
    expect(issued.last4).toBe(issued.code.slice(-4));
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, issued.id));
    expect(JSON.stringify(row)).not.toContain(issued.code.replace(/-/g, ''));
    expect(await ledgerOf(issued.id)).toEqual([{ amount: 2550, reason: 'issued', orderId: null }]);
    const detail = (await admin.admin.giftCards.get.query({ id: issued.id })).data;
    expect(detail).toMatchObject({ balance: 25.5, ledger: [{ amount: 25.5, reason: 'issued' }] });
    expect(detail).not.toHaveProperty('code');
    const listed = await admin.admin.giftCards.list.query({ status: 'active', per_page: 100 });
    expect(listed.data.map((card) => card.id)).toContain(issued.id);
  });

  it('a card with a recipient sends the gift card e-mail (durable mail job) with the code', async () => {
    const issued = (
      await admin.admin.giftCards.issue.mutate({
        amount: 15,
        recipient_email: 'friend@example.com',
        message: 'Happy birthday!',
      })
    ).data;
    const mail = await t.mailTo('friend@example.com', /gift card/);
    expect(mail.text).toContain(issued.code);
    expect(mail.text).toContain('Happy birthday!');
    expect(mail.text).toContain('15.00 USD');
    // Once sent, the job table no longer holds the code (the job stays for its retention).
    await vi.waitFor(
      async () => {
        const [job] = await t.db
          .select({ data: bossJobs.data })
          .from(bossJobs)
          .where(
            sql`${bossJobs.name} = 'mail' and ${bossJobs.data}->>'giftCardId' = ${String(issued.id)}`,
          );
        expect(job?.data).toMatchObject({ kind: 'gift-card', to: 'friend@example.com' });
        expect(JSON.stringify(job?.data)).not.toContain(issued.code);
      },
      { timeout: 5_000, interval: 50 },
    );
  });

  it('balance compares codes case- and dash-insensitively; expired 422, disabled 404', async () => {
    const { token } = await shopper();
    const card = await issue(12);
    const loose = card.code.replace(/-/g, '').toLowerCase();
    const found = await t.request('POST', '/gift-cards/balance', { token, body: { code: loose } });
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual({
      last4: card.last4,
      balance: 12,
      currency: 'USD',
      expires_at: null,
      status: 'active',
    });
    // Issued with a future date (a past one is refused), then lapsed.
    const expired = await issue(5, { expires_at: '2099-01-01T00:00:00.000Z' });
    await t.db
      .update(giftCards)
      .set({ expiresAt: new Date('2020-01-01T00:00:00.000Z') })
      .where(eq(giftCards.id, expired.id));
    const late = await t.request('POST', '/gift-cards/balance', {
      token,
      body: { code: expired.code },
    });
    expect(late.status).toBe(422);
    expect(late.body.error_code).toBe('GIFT_CARD_EXPIRED');
    await admin.admin.giftCards.disable.mutate({ id: card.id });
    const disabled = await t.request('POST', '/gift-cards/balance', {
      token,
      body: { code: card.code },
    });
    expect(disabled.status).toBe(404);
    expect(disabled.body.error_code).toBe('GIFT_CARD_NOT_FOUND');
  });

  it('issue refuses an expires_at that has passed with 422 naming expires_at; nothing is written', async () => {
    const [{ count: before } = { count: 0 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(giftCards);
    for (const expiresAt of [
      '2020-01-01T00:00:00.000Z',
      new Date(Date.now() - 1000).toISOString(),
    ]) {
      const refused = await trpcFailure(
        admin.admin.giftCards.issue.mutate({ amount: 10, expires_at: expiresAt }),
      );
      expect(refused.data?.httpStatus).toBe(422);
      expect(refused.data?.error_code).toBe('VALIDATION_ERROR');
      expect(refused.data?.errors?.expires_at).toEqual(['Must be in the future.']);
    }
    const [{ count: after } = { count: 0 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(giftCards);
    expect(after).toBe(before);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect(await issue(10, { expires_at: future })).toMatchObject({ expires_at: future });
  });

  it('20 lookups an hour per customer, then 429 with Retry-After (even for a real code)', async () => {
    const { token } = await shopper();
    const real = await issue(3);
    for (let i = 0; i < 20; i++) {
      const miss =
        i % 2 === 0
          ? await t.request('POST', '/gift-cards/balance', {
              token,
              body: { code: `AAAA-BBBB-CCCC-${1000 + i}` },
            })
          : await apply(token, `AAAA-BBBB-CCCC-${1000 + i}`);
      expect(miss.status).toBe(404);
    }
    const blocked = await t.request('POST', '/gift-cards/balance', {
      token,
      body: { code: real.code },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error_code).toBe('RATE_LIMITED');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await apply(token, real.code)).status).toBe(429);
    // Another customer is not affected.
    const other = await shopper();
    expect((await apply(other.token, real.code)).status).toBe(200);
  });
});

describe('the cart', () => {
  it('up to 3 cards, each once; the cart shows what each pays and the amount due; remove', async () => {
    const { token } = await shopper(2);
    const cards = [await issue(10), await issue(10), await issue(10), await issue(10)];
    for (const card of cards.slice(0, 3)) expect((await apply(token, card.code)).status).toBe(200);
    const again = await apply(token, cards[0]?.code ?? '');
    expect(again.status).toBe(422);
    expect(again.body.errors.gift_card_code).toBeDefined();
    const fourth = await apply(token, cards[3]?.code ?? '');
    expect(fourth.status).toBe(422);
    expect(fourth.body.errors.gift_card_code).toBeDefined();
    const cart = (await t.request('GET', '/cart', { token })).body.data;
    // 40.00 of goods (no address yet: default tax), cards first applied first spent.
    expect(cart.gift_cards.map((c: { last4: string }) => c.last4)).toEqual(
      cards
        .slice(0, 3)
        .map((c) => c.last4)
        .slice(0, cart.gift_cards.length),
    );
    expect(cart.gift_card_amount).toBe(Math.min(30, cart.total));
    expect(cart.amount_due).toBeCloseTo(Math.max(0, cart.total - 30), 2);
    const removed = await t.request('POST', '/cart/remove-gift-card', {
      token,
      body: { gift_card_code: cards[1]?.code },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data.gift_card_amount).toBe(Math.min(20, removed.body.data.total));
    const notThere = await t.request('POST', '/cart/remove-gift-card', {
      token,
      body: { gift_card_code: cards[3]?.code },
    });
    expect(notThere.status).toBe(404);
  });
});

describe('place-order and cancel', () => {
  it('spends part of the total (cash on delivery collects the rest); cancel gives it back', async () => {
    const { token } = await shopper();
    const card = await issue(5);
    await prepareCheckout(t, token);
    const applied = (await apply(token, card.code)).body.data;
    expect(applied.gift_card_amount).toBe(5);
    const placed = await placeOrder(token);
    expect(placed.status).toBe(201);
    expect(placed.body.data.payment_status).toBe('pending');
    const id = placed.body.data.order_id;
    const order = (await t.request('GET', `/customer/orders/${id}`, { token })).body.data;
    expect(order).toMatchObject({
      payment_method: 'cod',
      total: applied.total,
      gift_cards: [{ last4: card.last4, amount: 5 }],
      gift_card_amount: 5,
      loyalty_points: 0,
      loyalty_amount: 0,
    });
    expect(order.amount_due).toBeCloseTo(applied.total - 5, 2);
    expect(await ledgerOf(card.id)).toEqual([
      { amount: 500, reason: 'issued', orderId: null },
      { amount: -500, reason: 'spent', orderId: id },
    ]);
    const canceled = await t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'Changed my mind' },
    });
    expect(canceled.status).toBe(200);
    expect(await ledgerOf(card.id)).toEqual([
      { amount: 500, reason: 'issued', orderId: null },
      { amount: -500, reason: 'spent', orderId: id },
      { amount: 500, reason: 'returned', orderId: id },
    ]);
    expect(await balanceOf(card.id)).toBe(500);
  });

  it('a card covering everything: no payment method needed, paid by gift_card; cancel refunds to the card', async () => {
    const { token } = await shopper();
    const card = await issue(500);
    for (const [path, body] of [
      ['/checkout/shipping-address', NEW_ADDRESS],
      ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
    ] as const) {
      expect((await t.request('POST', path, { token, body })).status).toBe(200);
    }
    const cart = (await apply(token, card.code)).body.data;
    expect(cart.amount_due).toBe(0);
    const placed = await placeOrder(token);
    expect(placed.status).toBe(201);
    expect(placed.body.data.payment_status).toBe('paid');
    const id = placed.body.data.order_id;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ paymentMethod: 'gift_card', giftCardCents: row?.totalCents });
    expect(await balanceOf(card.id)).toBe(50_000 - (row?.totalCents ?? 0));
    const invoice = await getBinary(t.app, `/api/v1/customer/orders/${id}/invoice`, token);
    expect(invoice.status).toBe(200);
    const text = await pdfText(new Uint8Array(invoice.body as Buffer));
    expect(text).toContain('Gift cards');
    expect(text).toContain('Amount due');
    const canceled = await t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'No longer needed' },
    });
    expect(canceled.body.data.payment_status).toBe('refunded');
    expect(await balanceOf(card.id)).toBe(50_000);
    const refundJobs = await t.db
      .select()
      .from(bossJobs)
      .where(sql`${bossJobs.name} = 'refunds' and ${bossJobs.data}->>'orderId' = ${String(id)}`);
    expect(refundJobs).toHaveLength(0);
  });

  it('by card: the gateway order is for the amount due; cancel returns the card part, refunds the rest', async () => {
    const { token } = await shopper();
    const card = await issue(7);
    await apply(token, card.code);
    const checkout = await prepareCheckout(t, token, { paymentMethod: 'card' });
    const due = checkout.cart.total - 7;
    expect(checkout.gateway_order?.amount).toBeCloseTo(due, 2);
    const gatewayOrderId = checkout.gateway_order?.id ?? '';
    const placed = await t.request('POST', '/checkout/place-order', {
      token,
      body: { payment_data: gatewayPayment(gatewayOrderId) },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.data.payment_status).toBe('paid');
    const id = placed.body.data.order_id;
    const order = (await t.request('GET', `/customer/orders/${id}`, { token })).body.data;
    expect(order).toMatchObject({ payment_method: 'card', gift_card_amount: 7 });
    expect(order.amount_due).toBeCloseTo(due, 2);
    const canceled = await t.request('POST', `/customer/orders/${id}/cancel`, {
      token,
      body: { reason: 'Wrong size' },
    });
    expect(canceled.body.data.payment_status).toBe('refund_pending');
    expect(await balanceOf(card.id)).toBe(700);
    const refundJobs = await t.db
      .select()
      .from(bossJobs)
      .where(sql`${bossJobs.name} = 'refunds' and ${bossJobs.data}->>'orderId' = ${String(id)}`);
    expect(refundJobs).toHaveLength(1);
  });

  it('one card across two orders: the second takes what the first left', async () => {
    const card = await issue(30);
    const first = await shopper();
    await prepareCheckout(t, first.token);
    await apply(first.token, card.code);
    const firstOrder = await placeOrder(first.token);
    expect(firstOrder.status).toBe(201);
    const firstTotal = firstOrder.body.data.total as number;
    const second = await shopper();
    await prepareCheckout(t, second.token);
    const secondCart = (await apply(second.token, card.code)).body.data;
    expect(secondCart.gift_card_amount).toBeCloseTo(30 - firstTotal, 2);
    expect((await placeOrder(second.token)).status).toBe(201);
    const ledger = await ledgerOf(card.id);
    expect(ledger.map((row) => row.reason)).toEqual(['issued', 'spent', 'spent']);
    expect(await balanceOf(card.id)).toBe(0);
  });

  it('a rollback after spending leaves no ledger row', async () => {
    const { token, user } = await shopper();
    const card = await issue(5);
    await prepareCheckout(t, token);
    await apply(token, card.code);
    // Handing over the cart (after the cards are spent) fails for this customer's cart only.
    await t.db.execute(
      sql.raw(`
      create or replace function refuse_handover() returns trigger language plpgsql as $$
      begin
        if new.status = 'ordered' and new.user_id = ${user.id} then
          raise exception 'handover refused by the test';
        end if;
        return new;
      end $$;`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger refuse_handover before update on carts for each row execute function refuse_handover()',
      ),
    );
    try {
      const placed = await placeOrder(token);
      expect(placed.status).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_handover on carts'));
      await t.db.execute(sql.raw('drop function refuse_handover()'));
    }
    expect(await ledgerOf(card.id)).toEqual([{ amount: 500, reason: 'issued', orderId: null }]);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
  });

  it('20 racing orders on one card never spend more than its balance; the refused write nothing', async () => {
    const card = await issue(50);
    const shoppers = [];
    for (let i = 0; i < 20; i++) {
      const s = await shopper();
      await prepareCheckout(t, s.token);
      const applied = await apply(s.token, card.code);
      expect(applied.status).toBe(200);
      shoppers.push({ ...s, shown: applied.body.data.gift_card_amount as number });
    }
    const results = await Promise.all(shoppers.map((s) => placeOrder(s.token)));
    for (const res of results) {
      if (res.status !== 201) {
        expect(res.status).toBe(422);
        expect(res.body.error_code).toBe('GIFT_CARD_BALANCE_CHANGED');
      }
    }
    const placedIds = results.filter((r) => r.status === 201).map((r) => r.body.data.order_id);
    expect(placedIds.length).toBeGreaterThan(0);
    const ledger = await ledgerOf(card.id);
    const spent = ledger.filter((row) => row.reason === 'spent');
    expect(spent.reduce((sum, row) => sum - row.amount, 0)).toBeLessThanOrEqual(5000);
    expect(await balanceOf(card.id)).toBeGreaterThanOrEqual(0);
    // Every spent row belongs to a placed order; refused orders wrote none.
    expect(spent.every((row) => row.orderId !== null && placedIds.includes(row.orderId))).toBe(
      true,
    );
    const userIds = shoppers.map((s) => s.user.id);
    const written = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.userId, userIds));
    expect(written.map((o) => o.id).sort()).toEqual([...placedIds].sort());
    // Each placed order's card paid exactly what its cart showed, never less.
    for (const [index, res] of results.entries()) {
      if (res.status !== 201) continue;
      const row = await orderRow(res.body.data.order_id);
      expect((row?.giftCardCents ?? 0) / 100).toBe(shoppers[index]?.shown);
    }
  });

  it('a card that fell below what the cart showed refuses the order (422, nothing written); the next cart answer shows the rest, and that is what the order takes', async () => {
    const card = await issue(30);
    const first = await shopper();
    const second = await shopper();
    await prepareCheckout(t, first.token);
    await prepareCheckout(t, second.token);
    const firstCart = (await apply(first.token, card.code)).body.data;
    const secondCart = (await apply(second.token, card.code)).body.data;
    expect(firstCart.gift_card_amount).toBe(firstCart.total);
    expect(secondCart.gift_card_amount).toBe(secondCart.total);
    const firstOrder = await placeOrder(first.token);
    expect(firstOrder.status).toBe(201);
    expect((await orderRow(firstOrder.body.data.order_id))?.giftCardCents).toBe(
      Math.round(firstCart.total * 100),
    );
    const balanceAfterFirst = await balanceOf(card.id);
    const stockBefore = await stockOf(t.db, second.product.id);

    const refused = await placeOrder(second.token);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      error_code: 'GIFT_CARD_BALANCE_CHANGED',
    });
    expect(refused.body.message).toContain(card.last4);
    expect(await ordersOf(second.user.id)).toEqual([]);
    expect(await stockOf(t.db, second.product.id)).toBe(stockBefore);
    expect(await balanceOf(card.id)).toBe(balanceAfterFirst);

    // The cart now shows what the card has left; placing after that answer takes exactly that.
    const shown = (await t.request('GET', '/cart', { token: second.token })).body.data;
    expect(shown.gift_card_amount).toBe(balanceAfterFirst / 100);
    expect(shown.amount_due).toBeCloseTo(shown.total - balanceAfterFirst / 100, 2);
    const placed = await placeOrder(second.token);
    expect(placed.status).toBe(201);
    const order = (
      await t.request('GET', `/customer/orders/${placed.body.data.order_id}`, {
        token: second.token,
      })
    ).body.data;
    expect(order.gift_card_amount).toBe(shown.gift_card_amount);
    expect(order.amount_due).toBe(shown.amount_due);
    expect(await balanceOf(card.id)).toBe(0);
    expect(await stockOf(t.db, second.product.id)).toBe((stockBefore ?? 0) - 1);
  });

  it('by card: a card that fell after the gateway order refuses before the gateway is asked; a new gateway order for the new amount due is paid', async () => {
    const card = await issue(30);
    const first = await shopper();
    const second = await shopper();
    await apply(first.token, card.code);
    await apply(second.token, card.code);
    await prepareCheckout(t, first.token);
    const chosen = await prepareCheckout(t, second.token, { paymentMethod: 'card' });
    const oldGatewayOrder = chosen.gateway_order?.id ?? '';
    expect((await placeOrder(first.token)).status).toBe(201);
    const left = await balanceOf(card.id);

    const refused = await t.request('POST', '/checkout/place-order', {
      token: second.token,
      body: { payment_data: gatewayPayment(oldGatewayOrder) },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe('GIFT_CARD_BALANCE_CHANGED');
    expect(await ordersOf(second.user.id)).toEqual([]);
    expect(await balanceOf(card.id)).toBe(left);

    // The summary shows the new amounts; the old gateway order no longer fits them.
    const summary = (await t.request('GET', '/checkout/summary', { token: second.token })).body
      .data;
    expect(summary.cart.gift_card_amount).toBe(left / 100);
    expect(summary.gateway_order).toBeNull();
    const again = (
      await t.request('POST', '/checkout/payment-method', {
        token: second.token,
        body: { payment_method: 'card' },
      })
    ).body.data;
    expect(again.gateway_order.amount).toBeCloseTo(summary.cart.amount_due, 2);
    const placed = await t.request('POST', '/checkout/place-order', {
      token: second.token,
      body: { payment_data: gatewayPayment(again.gateway_order.id) },
    });
    expect(placed.status).toBe(201);
    const row = await orderRow(placed.body.data.order_id);
    expect(row).toMatchObject({ giftCardCents: left, paymentStatus: 'paid' });
    expect(await balanceOf(card.id)).toBe(0);
  });

  it('a card expiring next year pays; moved into the past after applying, the cart shows 0 for it and place-order answers 422', async () => {
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const good = await issue(5, { expires_at: nextYear });
    const buyer = await shopper();
    await prepareCheckout(t, buyer.token);
    expect((await apply(buyer.token, good.code)).body.data.gift_card_amount).toBe(5);
    const placed = await placeOrder(buyer.token);
    expect(placed.status).toBe(201);
    expect((await orderRow(placed.body.data.order_id))?.giftCardCents).toBe(500);

    const lapsing = await issue(5, { expires_at: nextYear });
    const late = await shopper();
    await prepareCheckout(t, late.token);
    expect((await apply(late.token, lapsing.code)).body.data.gift_card_amount).toBe(5);
    await t.db
      .update(giftCards)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(giftCards.id, lapsing.id));
    const cart = (await t.request('GET', '/cart', { token: late.token })).body.data;
    expect(cart.gift_card_amount).toBe(0);
    expect(cart.amount_due).toBe(cart.total);
    const refused = await placeOrder(late.token);
    expect(refused.status).toBe(422);
    expect(refused.body.error_code).toBe('GIFT_CARD_BALANCE_CHANGED');
    expect(await ordersOf(late.user.id)).toEqual([]);
    expect(await balanceOf(lapsing.id)).toBe(500);
  });
});
