import { randomUUID } from 'node:crypto';
import {
  addresses,
  carts,
  devices,
  emailVerificationTokens,
  giftCards,
  idempotencyKeys,
  loyaltyAccounts,
  loyaltyLedger,
  notificationPreferences,
  orders,
  passwordResetTokens,
  reviews,
  sessions,
  userIdentities,
  users,
  wishlistItems,
} from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerAdmin, registerCustomer, trpcFailure, useAdminApp } from './harness';
import { NEW_ADDRESS, prepareCheckout } from './support/shop';

const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

async function placeOrder(token: string) {
  const product = await createProduct(app.t.db, { priceCents: 1500, stockQuantity: 5 });
  await app.t.request('POST', '/cart/add', {
    token,
    body: { product_id: product.id, quantity: 1 },
  });
  await prepareCheckout(app.t, token);
  const placed = await app.t.request('POST', '/checkout/place-order', { token, body: {} });
  expect(placed.status).toBe(201);
  return placed.body.data as { order_id: number; order_number: string };
}

const deleteAccount = (token: string, body: unknown) =>
  app.t.request('DELETE', '/auth/account', { token, body });

/** A customer with something in every table that can hold their data. */
async function busyCustomer() {
  const customer = await registerCustomer(app.t, { phone: '+91 98765 43210' });
  const { token } = customer;
  const product = await createProduct(app.t.db, { priceCents: 900, stockQuantity: 9 });
  const address = await app.t.request('POST', '/customer/addresses', {
    token,
    body: { ...NEW_ADDRESS, email: customer.email },
  });
  expect(address.status).toBe(201);
  await app.t.request('POST', '/customer/wishlist/add', {
    token,
    body: { product_id: product.id },
  });
  await app.t.request('POST', '/customer/devices', {
    token,
    body: { token: `ExponentPushToken[acct-${customer.user.id}]`, platform: 'ios' },
  });
  await app.t.request('PUT', '/customer/notification-preferences', {
    token,
    body: { order_updates: true, wishlist_alerts: false, promotions: true },
  });
  const completed = await placeOrder(token);
  await app.admin.admin.orders.process.mutate({ id: completed.order_id });
  await app.admin.admin.orders.ship.mutate({
    id: completed.order_id,
    carrier: 'DHL',
    tracking_number: 'X1',
  });
  await app.admin.admin.orders.complete.mutate({ id: completed.order_id });
  const review = await app.t.request('POST', '/reviews', {
    token,
    body: { product_id: product.id, rating: 5, title: 'Lovely', comment: 'Exactly as shown.' },
  });
  expect(review.status).toBe(201);
  const pending = await placeOrder(token);
  // Something left in a new cart.
  await app.t.request('POST', '/cart/add', {
    token,
    body: { product_id: product.id, quantity: 1 },
  });
  await app.t.request('POST', '/auth/email/resend', { token });
  // A linked Apple account, loyalty points and a gift card sent to the customer's address.
  await app.t.db.insert(userIdentities).values({
    userId: customer.user.id,
    provider: 'apple',
    subject: `sub-${customer.user.id}`,
    email: customer.email,
  });
  await app.t.db.insert(loyaltyAccounts).values({ userId: customer.user.id });
  await app.t.db.insert(loyaltyLedger).values({
    userId: customer.user.id,
    points: 120,
    reason: 'earned',
    orderId: completed.order_id,
  });
  const [card] = await app.t.db
    .insert(giftCards)
    .values({
      codeHash: `hash-${customer.user.id}`,
      last4: 'WXYZ',
      currency: 'USD',
      recipientEmail: customer.email.toUpperCase(),
      message: `Happy birthday, ${customer.user.name}`,
    })
    .returning({ id: giftCards.id });
  return {
    ...customer,
    product,
    completed,
    pending,
    reviewId: review.body.data.id as number,
    giftCardId: card?.id as number,
  };
}

/** Public tables whose rows, as text, mention `needle`. */
async function tablesMentioning(needle: string): Promise<string[]> {
  const tables = await app.t.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const rows = Array.isArray(tables) ? tables : (tables as { rows: { table_name: string }[] }).rows;
  const found: string[] = [];
  for (const { table_name } of rows) {
    const result = await app.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} t where t::text ilike ${`%${needle}%`}`,
    );
    const counted = Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows;
    if (Number(counted[0]?.n ?? 0) > 0) found.push(table_name);
  }
  return found;
}

describe('DELETE /auth/account', () => {
  it('a wrong password answers 422 naming password and deletes nothing', async () => {
    const customer = await registerCustomer(app.t);
    const res = await deleteAccount(customer.token, { password: 'not it at all' });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toBeDefined();
    const missing = await deleteAccount(customer.token, {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors.password).toBeDefined();
    const [row] = await app.t.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('wrong passwords count against the failed-login budget: the 6th try answers 429', async () => {
    const customer = await registerCustomer(app.t);
    for (let i = 0; i < 5; i += 1) {
      expect((await deleteAccount(customer.token, { password: 'not the password' })).status).toBe(
        422,
      );
    }
    const sixth = await deleteAccount(customer.token, { password: customer.password });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error_code).toBe('RATE_LIMITED');
    expect(sixth.headers['retry-after']).toBeDefined();
    const [row] = await app.t.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('an order being processed answers 422 ACCOUNT_HAS_OPEN_ORDERS naming it', async () => {
    const customer = await registerCustomer(app.t);
    const order = await placeOrder(customer.token);
    await app.admin.admin.orders.process.mutate({ id: order.order_id });
    const res = await deleteAccount(customer.token, { password: customer.password });
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('ACCOUNT_HAS_OPEN_ORDERS');
    expect(res.body.errors.orders).toEqual([order.order_number]);
    expect(res.body.message).toContain(order.order_number);
  });

  it('a link e-mail whose job runs after the deletion stores no token for the erased account', async () => {
    const customer = await registerCustomer(app.t);
    expect((await deleteAccount(customer.token, { password: customer.password })).status).toBe(200);
    // The welcome or reset job read the account just before the deletion committed: the token
    // it then mints must not outlive the account.
    const tokens = app.t.services.auth.linkTokens;
    expect(await tokens.verification(customer.user.id, randomUUID())).toBeUndefined();
    expect(await tokens.reset(customer.user.id, randomUUID())).toBeUndefined();
    for (const table of [emailVerificationTokens, passwordResetTokens]) {
      expect(await app.t.db.$count(table, eq(table.userId, customer.user.id))).toBe(0);
    }
  });

  it('erases everything personal, keeps orders and reviews, and frees the e-mail', async () => {
    const c = await busyCustomer();
    const res = await deleteAccount(c.token, { password: c.password });
    expect(res.status).toBe(200);
    const id = c.user.id;

    for (const table of [
      sessions,
      devices,
      addresses,
      wishlistItems,
      carts,
      notificationPreferences,
    ]) {
      expect(await app.t.db.$count(table, eq(table.userId, id))).toBe(0);
    }
    for (const table of [
      passwordResetTokens,
      emailVerificationTokens,
      idempotencyKeys,
      userIdentities,
      loyaltyAccounts,
      loyaltyLedger,
    ]) {
      expect(await app.t.db.$count(table, eq(table.userId, id))).toBe(0);
    }
    // The gift card keeps its balance, not whom it was for.
    const [card] = await app.t.db.select().from(giftCards).where(eq(giftCards.id, c.giftCardId));
    expect(card).toMatchObject({ recipientEmail: null, message: null, status: 'active' });
    const [row] = await app.t.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ name: 'Deleted customer', phone: '', avatarUrl: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    // Nothing anywhere still names the customer's e-mail, name or phone (the orders keep their
    // address snapshots, which are the address's, not the account's).
    expect(await tablesMentioning(c.email)).toEqual([]);
    expect(await tablesMentioning(c.user.name)).toEqual([]);
    expect(await tablesMentioning('98765 43210')).toEqual([]);

    // Orders stay: the completed one as it was, the pending unpaid one cancelled.
    const kept = await app.t.db.select().from(orders).where(eq(orders.userId, id));
    expect(kept.map((o) => [o.id, o.status]).sort()).toEqual(
      [
        [c.completed.order_id, 'completed'],
        [c.pending.order_id, 'canceled'],
      ].sort(),
    );
    // The review stays, under "Deleted customer".
    expect(await app.t.db.$count(reviews, eq(reviews.id, c.reviewId))).toBe(1);
    const listed = await app.t.request('GET', `/products/${c.product.id}/reviews`);
    expect(listed.body.data.find((r: { id: number }) => r.id === c.reviewId)?.customer_name).toBe(
      'Deleted customer',
    );

    // Signed out everywhere; the old password no longer signs in; the e-mail is free again.
    expect((await app.t.request('GET', '/customer/devices', { token: c.token })).status).toBe(401);
    const login = await app.t.request('POST', '/auth/login', {
      body: { email: c.email, password: c.password },
    });
    expect(login.status).toBe(401);
    expect(login.body.error_code).toBe('INVALID_CREDENTIALS');
    const again = await registerCustomer(app.t, { email: c.email });
    expect(again.user.id).not.toBe(id);

    // The confirmation went to the address before it was erased.
    const mail = await app.t.mailTo(c.email, 'Your account was deleted');
    expect(mail.text).toContain(c.user.name);
  });

  it('admin.customers.delete deletes a customer; the last admin cannot delete itself', async () => {
    const customer = await registerCustomer(app.t);
    await app.admin.admin.customers.delete.mutate({ id: customer.user.id });
    const [row] = await app.t.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const gone = await trpcFailure(
      app.admin.admin.customers.delete.mutate({ id: customer.user.id }),
    );
    expect(gone.data?.httpStatus).toBe(404);

    // Only admins that can sign in count: make the panel's admin the only one left.
    const other = await registerAdmin(app.t);
    await app.t.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(sql`${users.role} = 'admin' and ${users.id} <> ${other.user.id}`);
    const last = await deleteAccount(other.token, { password: other.password });
    expect(last.status).toBe(422);
    expect(last.body.errors.password).toBeDefined();
    await app.t.db
      .update(users)
      .set({ blockedAt: null })
      .where(sql`${users.role} = 'admin' and ${users.id} <> ${other.user.id}`);
  });
});

describe('GET /customer/export', () => {
  it('answers a JSON attachment with everything held, three times a day, then 429', async () => {
    const c = await busyCustomer();
    const res = await app.t.request('GET', '/customer/export', { token: c.token });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="account-${c.user.id}.json"`,
    );
    const data = res.body.data;
    expect(data.profile).toMatchObject({ id: c.user.id, email: c.email, phone: '+91 98765 43210' });
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(2);
    const completed = data.orders.find(
      (o: { order: { id: number } }) => o.order.id === c.completed.order_id,
    );
    expect(completed.items).toHaveLength(1);
    expect(completed.events.map((e: { status: string }) => e.status)).toEqual([
      'pending',
      'processing',
      'shipped',
      'completed',
    ]);
    expect(data.reviews.map((r: { id: number }) => r.id)).toEqual([c.reviewId]);
    expect(data.wishlist).toHaveLength(1);
    expect(data.devices).toHaveLength(1);
    expect(data.loyalty_ledger).toEqual([
      expect.objectContaining({ points: 120, reason: 'earned', order_id: c.completed.order_id }),
    ]);
    expect(data.gift_cards_received).toEqual([
      expect.objectContaining({ id: c.giftCardId, last4: 'WXYZ', message: expect.any(String) }),
    ]);
    expect(JSON.stringify(data.gift_cards_received)).not.toContain('hash-');
    expect(data.notification_preferences).toEqual({
      order_updates: true,
      wishlist_alerts: false,
      promotions: true,
    });
    for (let i = 0; i < 2; i += 1) {
      expect((await app.t.request('GET', '/customer/export', { token: c.token })).status).toBe(200);
    }
    const fourth = await app.t.request('GET', '/customer/export', { token: c.token });
    expect(fourth.status).toBe(429);
    expect(fourth.body.error_code).toBe('RATE_LIMITED');
    expect(fourth.headers['retry-after']).toBeDefined();
  });
});
