import { orders, products } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import {
  createConfigurableProduct,
  createCurrency,
  createProduct,
} from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminClient, registerCustomer, trpcFailure, useAdminApp } from './harness';
import { prepareCheckout } from './support/shop';

/* The admin panel's procedures: dashboard figures, and the order list's filters and search. */

const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'EUR', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

async function placedOrder(email?: string) {
  const product = await createProduct(app.t.db, { priceCents: 1000, stockQuantity: 50 });
  const customer = await registerCustomer(app.t, email ? { email } : {});
  await app.t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity: 1 },
  });
  await prepareCheckout(app.t, customer.token);
  const placed = await app.t.request('POST', '/checkout/place-order', {
    token: customer.token,
    body: {},
  });
  if (placed.status !== 201) throw new Error(JSON.stringify(placed.body));
  return {
    ...customer,
    id: placed.body.data.order_id as number,
    number: placed.body.data.order_number as string,
    total: placed.body.data.total as number,
  };
}

describe('admin.dashboard.summary', () => {
  it('counts orders and revenue today and over 7 days, orders to ship, low stock, the app', async () => {
    const before = (await app.admin.admin.dashboard.summary.query()).data;
    const a = await placedOrder();
    const b = await placedOrder();
    const old = await placedOrder();
    // An order from 3 days ago counts for the week, not for today.
    await app.t.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) })
      .where(eq(orders.id, old.id));
    await app.admin.admin.orders.cancel.mutate({ id: b.id, reason: 'Test' });
    const low = await createProduct(app.t.db, { name: 'Almost Gone', stockQuantity: 2 });
    await createProduct(app.t.db, { name: 'Hidden Low', stockQuantity: 1, active: false });
    // A configurable product's stock is its variants' (4 × 5 here), not its own 0.
    const shirt = await createConfigurableProduct(app.t.db, { name: 'Variant Shirt' });

    const summary = (await app.admin.admin.dashboard.summary.query()).data;
    expect(summary.currency).toBe('EUR');
    expect(summary.today.orders - before.today.orders).toBe(1);
    expect(summary.today.revenue - before.today.revenue).toBeCloseTo(a.total, 2);
    expect(summary.last_7_days.orders - before.last_7_days.orders).toBe(2);
    expect(summary.last_7_days.revenue - before.last_7_days.revenue).toBeCloseTo(
      a.total + old.total,
      2,
    );
    expect(summary.orders_waiting_to_ship - before.orders_waiting_to_ship).toBe(2);
    expect(summary.low_stock.map((p) => p.name)).toContain('Almost Gone');
    expect(summary.low_stock.map((p) => p.name)).not.toContain('Hidden Low');
    expect(summary.low_stock.find((p) => p.id === low.id)).toMatchObject({
      stock_quantity: 2,
      // Its main image, for the panel's thumbnail.
      image_url: low.images?.[0]?.url,
    });
    expect(summary.low_stock.map((p) => p.id)).not.toContain(shirt.id);
    // Customers' requests are heartbeats: the app shows as connected.
    expect(summary.mobile_app.connected).toBe(true);

    const asCustomer = adminClient(app.server.baseUrl, a.token);
    expect((await trpcFailure(asCustomer.admin.dashboard.summary.query())).data?.httpStatus).toBe(
      403,
    );
  });
});

describe('admin.orders.list filters and search', () => {
  it('finds orders by number or customer e-mail, payment status and date', async () => {
    const ada = await placedOrder(`ada.search-${Date.now()}@example.com`);
    const other = await placedOrder();
    const search = (term: string) =>
      app.admin.admin.orders.list.query({ search: term, per_page: 50 });
    expect((await search(ada.number)).data.map((o) => o.id)).toEqual([ada.id]);
    const byEmail = (await search('ada.search-')).data.map((o) => o.id);
    expect(byEmail).toContain(ada.id);
    expect(byEmail).not.toContain(other.id);
    // LIKE wildcards in the search are literal.
    expect((await search('%')).data).toHaveLength(0);

    await app.t.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, other.id));
    const paid = await app.admin.admin.orders.list.query({ payment_status: 'paid', per_page: 50 });
    expect(paid.data.map((o) => o.id)).toContain(other.id);
    expect(paid.data.every((o) => o.payment_status === 'paid')).toBe(true);

    await app.t.db
      .update(orders)
      .set({ createdAt: new Date('2026-01-15T12:00:00Z') })
      .where(eq(orders.id, ada.id));
    const january = await app.admin.admin.orders.list.query({
      from: '2026-01-01T00:00:00Z',
      to: '2026-02-01T00:00:00Z',
      per_page: 50,
    });
    expect(january.data.map((o) => o.id)).toEqual([ada.id]);
    expect(january.meta.total).toBe(1);
    const bad = await trpcFailure(app.admin.admin.orders.list.query({ from: 'yesterday' }));
    expect(bad.data?.httpStatus).toBe(422);
    expect(await app.t.db.$count(products)).toBeGreaterThan(0);
  });
});

describe('admin.products.list', () => {
  it('lists inactive products too, with search, active, stock and category filters', async () => {
    const tag = `Lamp-${Date.now()}`;
    const lit = await createProduct(app.t.db, { name: `${tag} Brass`, stockQuantity: 40 });
    const low = await createProduct(app.t.db, { name: `${tag} Copper`, stockQuantity: 3 });
    const out = await createProduct(app.t.db, {
      name: `${tag} Iron`,
      stockQuantity: 0,
      active: false,
    });
    const list = (input: Record<string, unknown>) =>
      app.admin.admin.products.list.query({ search: tag, per_page: 50, ...input });
    const ids = async (input: Record<string, unknown> = {}) =>
      (await list(input)).data.map((p) => p.id).sort((a, b) => a - b);
    expect(await ids()).toEqual([lit.id, low.id, out.id].sort((a, b) => a - b));
    expect(await ids({ active: false })).toEqual([out.id]);
    expect(await ids({ stock: 'out' })).toEqual([out.id]);
    expect(await ids({ stock: 'low' })).toEqual([low.id]);
    expect(await ids({ stock: 'in' })).toEqual([lit.id, low.id].sort((a, b) => a - b));
    const bySku = await app.admin.admin.products.list.query({ search: lit.sku });
    expect(bySku.data.map((p) => p.id)).toEqual([lit.id]);
    const entry = (await list({ stock: 'low' })).data[0];
    expect(entry).toMatchObject({ id: low.id, stock_quantity: 3, active: true });
    expect(entry).not.toHaveProperty('images');

    const category = await app.admin.admin.categories.create.mutate({ name: `${tag} Lights` });
    await app.admin.admin.products.create.mutate({
      sku: `${tag}-CAT`,
      name: `${tag} In Category`,
      price: 10,
      category_ids: [category.data.id],
    });
    const inCategory = await list({ category_id: category.data.id });
    expect(inCategory.data.map((p) => p.name)).toEqual([`${tag} In Category`]);
    expect(inCategory.meta.total).toBe(1);
  });
});

describe('admin.admins', () => {
  it('lists admins, invites one with a password, disables one — never the last', async () => {
    const email = `new-admin-${Date.now()}@example.com`;
    const invited = await app.admin.admin.admins.invite.mutate({
      name: 'Grace Admin',
      email,
      password: 'a long admin password',
    });
    expect(invited.data).toMatchObject({ email, role: 'admin', blocked_at: null });
    const taken = await trpcFailure(
      app.admin.admin.admins.invite.mutate({ name: 'Again', email, password: 'another password' }),
    );
    expect(taken.data?.httpStatus).toBe(422);
    const login = await app.t.request('POST', '/auth/login', {
      body: { email, password: 'a long admin password' },
    });
    expect(login.status).toBe(200);
    const asNewAdmin = adminClient(app.server.baseUrl, login.body.data.token);
    expect((await asNewAdmin.admin.admins.me.query()).data).toMatchObject({ email, role: 'admin' });
    const admins = await asNewAdmin.admin.admins.list.query();
    expect(admins.data.map((a) => a.email)).toContain(email);
    expect(admins.data.every((a) => a.role === 'admin')).toBe(true);

    // The new admin disables every other admin; the last one left cannot be disabled.
    for (const other of admins.data.filter((a) => a.id !== invited.data.id && !a.blocked_at)) {
      const disabled = await asNewAdmin.admin.admins.disable.mutate({ id: other.id });
      expect(disabled.data.blocked_at).not.toBeNull();
    }
    const last = await trpcFailure(asNewAdmin.admin.admins.disable.mutate({ id: invited.data.id }));
    expect(last.data?.httpStatus).toBe(422);
    expect(last.message).toContain('last active Owner');
    // The disabled admins' sessions are gone.
    expect((await trpcFailure(app.admin.admin.admins.list.query())).data?.httpStatus).toBe(401);
    const customer = await registerCustomer(app.t);
    const asCustomer = adminClient(app.server.baseUrl, customer.token);
    expect((await trpcFailure(asCustomer.admin.admins.me.query())).data?.httpStatus).toBe(403);
    const notAdmin = await trpcFailure(
      asNewAdmin.admin.admins.disable.mutate({ id: customer.user.id }),
    );
    expect(notAdmin.data?.httpStatus).toBe(404);
  });
});
