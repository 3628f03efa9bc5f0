import { loyaltyLedger, orders } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
  trpcFailure,
} from './harness';
import { NEW_ADDRESS, prepareCheckout, stockOf } from './support/shop';

let t: TestApp;
let admin: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await createTestApp();
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
  const server = await t.listen();
  admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
  await admin.admin.settings.setFeature.mutate({ flag: 'loyalty_points', enabled: true });
});
afterAll(async () => {
  await t.close();
});

/** A customer with `points` and one product (priceCents × quantity) in the cart. */
async function member(points: number, priceCents = 2000) {
  const product = await createProduct(t.db, { priceCents, stockQuantity: 100 });
  const customer = await registerCustomer(t);
  if (points > 0) {
    await admin.admin.loyalty.adjust.mutate({
      customer_id: customer.user.id,
      points,
      reason: 'Welcome bonus',
    });
  }
  const added = await t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity: 1 },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  return { ...customer, product };
}

const applyPoints = (token: string, points: unknown) =>
  t.request('POST', '/cart/apply-loyalty-points', { token, body: { points } });
const placeOrder = (token: string) =>
  t.request('POST', '/checkout/place-order', { token, body: {} });
const ledgerOf = (userId: number) =>
  t.db
    .select({
      points: loyaltyLedger.points,
      reason: loyaltyLedger.reason,
      orderId: loyaltyLedger.orderId,
    })
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.userId, userId))
    .orderBy(asc(loyaltyLedger.id));
const balanceOf = async (userId: number) =>
  (await ledgerOf(userId)).reduce((sum, row) => sum + row.points, 0);

describe('flag off', () => {
  it('every operation answers 403 FEATURE_DISABLED; a cart drops its points at the next read', async () => {
    const { token } = await member(500);
    expect((await applyPoints(token, 100)).status).toBe(200);
    await admin.admin.settings.setFeature.mutate({ flag: 'loyalty_points', enabled: false });
    try {
      for (const res of [
        await t.request('GET', '/customer/loyalty', { token }),
        await applyPoints(token, 100),
        await t.request('DELETE', '/cart/remove-loyalty-points', { token }),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error_code).toBe('FEATURE_DISABLED');
      }
      const cart = (await t.request('GET', '/cart', { token })).body.data;
      expect(cart.loyalty_points).toBe(0);
      expect(cart.amount_due).toBe(cart.total);
    } finally {
      await admin.admin.settings.setFeature.mutate({ flag: 'loyalty_points', enabled: true });
    }
    const cart = (await t.request('GET', '/cart', { token })).body.data;
    expect(cart.loyalty_points).toBe(0);
  });
});

describe('the account and the rates', () => {
  it('defaults, settings update, adjust with a reason (not below zero), paginated history', async () => {
    const defaults = (await admin.admin.loyalty.getSettings.query()).data;
    expect(defaults).toEqual({
      points_per_unit: 1,
      point_value: 0.01,
      min_redeem: 100,
      max_redeem_share: 0.5,
      points_expire_days: 365,
    });
    const { token, user } = await member(300);
    await admin.admin.loyalty.adjust.mutate({ customer_id: user.id, points: -50, reason: 'Fix' });
    const below = await trpcFailure(
      admin.admin.loyalty.adjust.mutate({ customer_id: user.id, points: -251, reason: 'Too much' }),
    );
    expect(below.data?.httpStatus).toBe(422);
    expect(below.data?.errors?.points).toBeDefined();
    const res = await t.request('GET', '/customer/loyalty?per_page=1', { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      balance: 250,
      value: 2.5,
      currency: 'USD',
      point_value: 0.01,
      min_redeem: 100,
      history: [{ points: -50, reason: 'adjusted', order_id: null }],
    });
    expect(res.body.meta).toMatchObject({ current_page: 1, per_page: 1, total: 2 });
  });
});

describe('cart and orders', () => {
  it('apply: at least min_redeem, at most the balance and the share of the total (422 naming points)', async () => {
    const { token } = await member(5_000);
    for (const points of [99, 5_001, 2_500]) {
      const res = await applyPoints(token, points);
      expect(res.status).toBe(422);
      expect(res.body.errors.points).toBeDefined();
    }
    const cart = (await applyPoints(token, 500)).body.data;
    expect(cart).toMatchObject({ loyalty_points: 500, loyalty_amount: 5 });
    expect(cart.amount_due).toBeCloseTo(cart.total - 5, 2);
    const removed = await t.request('DELETE', '/cart/remove-loyalty-points', { token });
    expect(removed.body.data).toMatchObject({ loyalty_points: 0, loyalty_amount: 0 });
  });

  it('place-order spends the points, cancel returns them; a cancelled order earned nothing', async () => {
    const { token, user } = await member(400);
    await prepareCheckout(t, token);
    await applyPoints(token, 300);
    const placed = await placeOrder(token);
    expect(placed.status).toBe(201);
    const id = placed.body.data.order_id;
    const order = (await t.request('GET', `/customer/orders/${id}`, { token })).body.data;
    expect(order).toMatchObject({ loyalty_points: 300, loyalty_amount: 3, payment_method: 'cod' });
    expect(await balanceOf(user.id)).toBe(100);
    await t.request('POST', `/customer/orders/${id}/cancel`, { token, body: { reason: 'Oops' } });
    const ledger = await ledgerOf(user.id);
    expect(ledger.slice(1)).toEqual([
      { points: -300, reason: 'redeemed', orderId: id },
      { points: 300, reason: 'returned', orderId: id },
    ]);
    expect(await balanceOf(user.id)).toBe(400);
  });

  it('a completed order earns points per unit of its amount due, once', async () => {
    const { token, user } = await member(0, 3_000);
    await prepareCheckout(t, token);
    const placed = await placeOrder(token);
    const id = placed.body.data.order_id as number;
    await t.services.orders.markProcessing(id);
    await t.services.orders.ship(id, { carrier: 'DHL', trackingNumber: 'X1' });
    expect(await balanceOf(user.id)).toBe(0);
    await t.services.orders.complete(id);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    const earned = Math.floor((row?.totalCents ?? 0) / 100);
    expect(await ledgerOf(user.id)).toEqual([{ points: earned, reason: 'earned', orderId: id }]);
  });

  it('points paying everything (max share 100 %): no payment method, paid by loyalty_points', async () => {
    await admin.admin.loyalty.updateSettings.mutate({
      points_per_unit: 1,
      point_value: 0.01,
      min_redeem: 100,
      max_redeem_share: 1,
      points_expire_days: 365,
    });
    try {
      const { token } = await member(100_000);
      for (const [path, body] of [
        ['/checkout/shipping-address', NEW_ADDRESS],
        ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
      ] as const) {
        expect((await t.request('POST', path, { token, body })).status).toBe(200);
      }
      const total = (await t.request('GET', '/cart', { token })).body.data.total as number;
      const cart = (await applyPoints(token, Math.round(total * 100))).body.data;
      expect(cart.amount_due).toBe(0);
      const placed = await placeOrder(token);
      expect(placed.status).toBe(201);
      expect(placed.body.data.payment_status).toBe('paid');
      const [row] = await t.db
        .select()
        .from(orders)
        .where(eq(orders.id, placed.body.data.order_id));
      expect(row?.paymentMethod).toBe('loyalty_points');
    } finally {
      await admin.admin.loyalty.updateSettings.mutate({
        points_per_unit: 1,
        point_value: 0.01,
        min_redeem: 100,
        max_redeem_share: 0.5,
        points_expire_days: 365,
      });
    }
  });

  it('an order racing an admin deduction for the same points: only what the balance holds is spent', async () => {
    const { token, user } = await member(200);
    await prepareCheckout(t, token);
    await applyPoints(token, 150);
    const [placed, adjusted] = await Promise.all([
      placeOrder(token),
      admin.admin.loyalty.adjust
        .mutate({ customer_id: user.id, points: -100, reason: 'Chargeback' })
        .then(
          () => 'ok',
          () => 'refused',
        ),
    ]);
    const outcomes = [placed.status === 201 ? 'ok' : 'refused', adjusted];
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    if (placed.status !== 201) expect(placed.body.error_code).toBe('LOYALTY_BALANCE_CHANGED');
    expect(await balanceOf(user.id)).toBeGreaterThanOrEqual(0);
    if (placed.status !== 201) {
      expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    }
  });

  it('20 racing place-orders on one balance: one order, one redeemed row, no negative balance', async () => {
    const { token, user } = await member(300);
    await prepareCheckout(t, token);
    await applyPoints(token, 200);
    const results = await Promise.all(Array.from({ length: 20 }, () => placeOrder(token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const redeemed = (await ledgerOf(user.id)).filter((row) => row.reason === 'redeemed');
    expect(redeemed).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(100);
  });
});

describe('the checks one at a time', () => {
  it('apply: more points than the balance (within the share) is 422; within the balance but above the share is 422', async () => {
    const poor = await member(300);
    const poorTotal = (await t.request('GET', '/cart', { token: poor.token })).body.data.total;
    expect(500).toBeLessThanOrEqual(Math.floor(poorTotal * 100 * 0.5)); // within the share
    const overBalance = await applyPoints(poor.token, 500);
    expect(overBalance.status).toBe(422);
    expect(overBalance.body.errors.points).toEqual(['You have 300 points.']);

    const rich = await member(5_000);
    const total = (await t.request('GET', '/cart', { token: rich.token })).body.data.total;
    const share = Math.floor(total * 100 * 0.5);
    const overShare = Math.floor(total * 100 * 0.75); // between 50 % and 100 % of the total
    expect(overShare).toBeGreaterThan(share);
    expect(overShare).toBeLessThan(total * 100);
    const res = await applyPoints(rich.token, overShare);
    expect(res.status).toBe(422);
    expect(res.body.errors.points).toEqual([`At most ${share} points can pay for this order.`]);
    const cart = (await t.request('GET', '/cart', { token: rich.token })).body.data;
    expect(cart.loyalty_points).toBe(0);
  });

  it('spending exactly the whole balance: 201 and the balance is 0', async () => {
    const { token, user } = await member(300);
    await prepareCheckout(t, token);
    const cart = (await applyPoints(token, 300)).body.data;
    expect(cart).toMatchObject({ loyalty_points: 300, loyalty_amount: 3 });
    const placed = await placeOrder(token);
    expect(placed.status).toBe(201);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.body.data.order_id));
    expect(row).toMatchObject({ loyaltyPoints: 300, loyaltyCents: 300 });
    expect(await balanceOf(user.id)).toBe(0);
  });

  it('an order paid partly with points earns on its amount due, not its total', async () => {
    const { token, user } = await member(600, 3_000);
    await prepareCheckout(t, token);
    await applyPoints(token, 500);
    const placed = await placeOrder(token);
    expect(placed.status).toBe(201);
    const id = placed.body.data.order_id as number;
    await t.services.orders.markProcessing(id);
    await t.services.orders.ship(id, { carrier: 'DHL', trackingNumber: 'X2' });
    await t.services.orders.complete(id);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    const dueCents = (row?.totalCents ?? 0) - 500;
    expect(Math.floor(dueCents / 100)).toBeLessThan(Math.floor((row?.totalCents ?? 0) / 100));
    const earned = (await ledgerOf(user.id)).filter((entry) => entry.reason === 'earned');
    expect(earned).toEqual([{ points: Math.floor(dueCents / 100), reason: 'earned', orderId: id }]);
    expect(await balanceOf(user.id)).toBe(100 + Math.floor(dueCents / 100));
  });
});

describe('what the cart showed', () => {
  it('points the balance no longer holds refuse the order (422, nothing written); the next cart answer shows what it holds, and that is what the order takes', async () => {
    const { token, user, product } = await member(500);
    await prepareCheckout(t, token);
    const applied = (await applyPoints(token, 300)).body.data;
    expect(applied).toMatchObject({ loyalty_points: 300, loyalty_amount: 3 });
    await admin.admin.loyalty.adjust.mutate({ customer_id: user.id, points: -300, reason: 'Fix' });
    const stockBefore = await stockOf(t.db, product.id);

    const refused = await placeOrder(token);
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, error_code: 'LOYALTY_BALANCE_CHANGED' });
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
    expect(await balanceOf(user.id)).toBe(200);
    expect((await ledgerOf(user.id)).some((row) => row.reason === 'redeemed')).toBe(false);
    expect(await stockOf(t.db, product.id)).toBe(stockBefore);

    const shown = (await t.request('GET', '/cart', { token })).body.data;
    expect(shown).toMatchObject({ loyalty_points: 200, loyalty_amount: 2 });
    expect(shown.amount_due).toBeCloseTo(shown.total - 2, 2);
    const placed = await placeOrder(token);
    expect(placed.status).toBe(201);
    const order = (
      await t.request('GET', `/customer/orders/${placed.body.data.order_id}`, { token })
    ).body.data;
    expect(order).toMatchObject({ loyalty_points: 200, loyalty_amount: 2 });
    expect(order.amount_due).toBe(shown.amount_due);
    expect(await balanceOf(user.id)).toBe(0);
  });
});

describe('expiry', () => {
  it('expires lapsed points oldest first, never more than what is left of them, once', async () => {
    const { user } = await member(0);
    const past = new Date(Date.now() - 86_400_000);
    const future = new Date(Date.now() + 86_400_000);
    await t.services.loyalty.adjust({ customer_id: user.id, points: 1, reason: 'open account' });
    await t.db.insert(loyaltyLedger).values([
      { userId: user.id, points: 100, reason: 'earned', expiresAt: past },
      { userId: user.id, points: 50, reason: 'earned', expiresAt: future },
      { userId: user.id, points: -30, reason: 'redeemed' },
    ]);
    await t.services.loyalty.expirePoints();
    const expired = (await ledgerOf(user.id)).filter((row) => row.reason === 'expired');
    expect(expired).toEqual([{ points: -70, reason: 'expired', orderId: null }]);
    await t.services.loyalty.expirePoints();
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'expired')).toHaveLength(1);
    expect(await balanceOf(user.id)).toBe(51);
  });
});

describe('bounds: 10^9 points per adjustment and per balance (issue 35)', () => {
  const MAX = 1_000_000_000;
  const adjust = (customerId: number, points: number) =>
    admin.admin.loyalty.adjust.mutate({ customer_id: customerId, points, reason: 'Bound test' });

  it('three +10^9 adjustments: the first is kept, the others 422 naming points; reads and undo work', async () => {
    const { token, user } = await member(0);
    expect((await adjust(user.id, MAX)).data.balance).toBe(MAX);
    for (const points of [MAX, 1]) {
      const over = await trpcFailure(adjust(user.id, points));
      expect(over.data?.httpStatus).toBe(422);
      expect(over.data?.error_code).toBe('VALIDATION_ERROR');
      expect(over.data?.errors?.points?.[0]).toMatch(/cannot go above 1000000000/);
    }
    const tooBig = await trpcFailure(adjust(user.id, MAX + 1));
    expect(tooBig.data?.httpStatus).toBe(422);
    expect(tooBig.data?.errors?.points).toBeDefined();
    expect(await ledgerOf(user.id)).toEqual([{ points: MAX, reason: 'adjusted', orderId: null }]);
    const read = await t.request('GET', '/customer/loyalty', { token });
    expect(read.status).toBe(200);
    expect(read.body.data.balance).toBe(MAX);
    expect((await admin.admin.loyalty.customer.query({ customer_id: user.id })).data.balance).toBe(
      MAX,
    );
    expect((await adjust(user.id, -MAX)).data.balance).toBe(0);
  });

  it('racing adjustments never pass the bound together', async () => {
    const { user } = await member(0);
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () => adjust(user.id, 300_000_000)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect((result.reason as { data?: { httpStatus?: number } }).data?.httpStatus).toBe(422);
      }
    }
    expect(await balanceOf(user.id)).toBe(900_000_000);
  });

  it('a balance past 2^31 (returns on top of a full balance) is still read and adjusted', async () => {
    const { token, user } = await member(MAX);
    // What cancelled orders can return on top of a full balance: each row fits, the sum does not.
    await t.db.insert(loyaltyLedger).values([
      { userId: user.id, points: MAX, reason: 'returned' },
      { userId: user.id, points: MAX, reason: 'returned' },
    ]);
    const read = await t.request('GET', '/customer/loyalty', { token });
    expect(read.status).toBe(200);
    expect(read.body.data.balance).toBe(3 * MAX);
    expect(read.body.data.value).toBe(30_000_000);
    const over = await trpcFailure(adjust(user.id, 1));
    expect(over.data?.httpStatus).toBe(422);
    expect((await adjust(user.id, -MAX)).data.balance).toBe(2 * MAX);
  });

  it('a completed order earns at most what keeps the balance within 10^9, and completes', async () => {
    const near = await member(MAX - 10, 3_000);
    await prepareCheckout(t, near.token);
    const first = (await placeOrder(near.token)).body.data.order_id as number;
    await t.services.orders.markProcessing(first);
    await t.services.orders.ship(first, { carrier: 'DHL', trackingNumber: 'B1' });
    await t.services.orders.complete(first);
    expect((await ledgerOf(near.user.id)).at(-1)).toEqual({
      points: 10,
      reason: 'earned',
      orderId: first,
    });
    expect(await balanceOf(near.user.id)).toBe(MAX);

    // A rate that would earn more than an int holds (3 000.00 × 10^6 points per unit).
    const settings = (await admin.admin.loyalty.getSettings.query()).data;
    await admin.admin.loyalty.updateSettings.mutate({ ...settings, points_per_unit: 1_000_000 });
    try {
      const big = await member(0, 300_000);
      await prepareCheckout(t, big.token);
      const placed = await placeOrder(big.token);
      expect(placed.status).toBe(201);
      const id = placed.body.data.order_id as number;
      await t.services.orders.markProcessing(id);
      await t.services.orders.ship(id, { carrier: 'DHL', trackingNumber: 'B2' });
      await t.services.orders.complete(id);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
      expect(row?.status).toBe('completed');
      expect(await ledgerOf(big.user.id)).toEqual([{ points: MAX, reason: 'earned', orderId: id }]);
    } finally {
      await admin.admin.loyalty.updateSettings.mutate(settings);
    }
  });
});
