import { products } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCategory, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp, useAdminApp } from './harness';
import { prepareCheckout } from './support/shop';

/*
 * The anonymous catalogue's read cache (catalog-read-cache.ts) on two instances sharing one
 * database: answers are reused per catalogue version, a price or stock change made on one
 * instance is seen by the other within the version's TTL, and customer-specific answers are
 * never cached.
 */

const VERSION_TTL_MS = 1_000;
/** 10 s into the current minute: the steps below stay inside one time window (the ETag's). */
const clock = {
  at: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 10_000),
  now: () => clock.at,
};
const advance = (ms: number) => {
  clock.at = new Date(clock.at.getTime() + ms);
};
const config = {
  catalogVersionTtlMs: VERSION_TTL_MS,
  catalogReadCache: { maxEntries: 1_000, maxBytes: 4_000_000 },
};

const app = useAdminApp({ clock, config, prepare: (t) => seedStoreSetup(t.db) });
/**
 * More instances on the same database. Not closed: closing a test app closes its database,
 * which `app` closes at the end.
 */
const instance = (options: { cached: boolean }) =>
  createTestApp({ database: app.t.database, clock, ...(options.cached ? { config } : {}) });

/** The answer's data, asserting a 200. */
async function dataOf(t: TestApp, path: string, token?: string) {
  const res = await t.request('GET', path, token ? { token } : {});
  expect(res.status, path).toBe(200);
  return res.body.data;
}

/** A change made straight in the database: it moves no catalogue version. */
const setPriceUnseen = (t: TestApp, id: number, priceCents: number) =>
  t.db.update(products).set({ priceCents }).where(eq(products.id, id));

describe('catalogue read cache, two instances on one database', () => {
  it('sees a price change made elsewhere within the version TTL, and the change at once where it was made', async () => {
    const [other, uncached] = [await instance({ cached: true }), await instance({ cached: false })];
    const category = await createCategory(app.t.db, { name: 'Kettles' });
    const product = await createProduct(app.t.db, {
      name: 'Copper Kettle',
      priceCents: 1500,
      categoryIds: [category.id],
    });
    const paths = [
      `/products/${product.id}`,
      '/products',
      `/categories/${category.id}/products`,
      '/search?q=copper%20kettle',
    ];
    const priceIn = (data: { id: number; price: number } | { id: number; price: number }[]) =>
      (Array.isArray(data) ? data.find((p) => p.id === product.id) : data)?.price;
    for (const path of paths) {
      expect(priceIn(await dataOf(other, path)), path).toBe(15);
      // The cached answer is the uncached one, field for field.
      expect(await dataOf(other, path), path).toEqual(await dataOf(uncached, path));
    }

    // Reused: a write that moves no version is not seen (what a 304 would also keep).
    await setPriceUnseen(app.t, product.id, 1600);
    expect((await dataOf(other, `/products/${product.id}`)).price).toBe(15);

    await app.admin.admin.products.update.mutate({ id: product.id, price: 17.25 });
    for (const path of paths) expect(priceIn(await dataOf(app.t, path)), path).toBe(17.25);
    // The other instance trusts its copy of the version for the TTL, then reads the new one.
    expect((await dataOf(other, `/products/${product.id}`)).price).toBe(15);
    advance(VERSION_TTL_MS + 1);
    for (const path of paths) expect(priceIn(await dataOf(other, path)), path).toBe(17.25);
  });

  it('sees an order’s stock change made elsewhere within the version TTL', async () => {
    const other = await instance({ cached: true });
    const product = await createProduct(app.t.db, { name: 'Tin Mug', stockQuantity: 5 });
    const path = `/products/${product.id}`;
    expect((await dataOf(other, path)).stock_quantity).toBe(5);
    expect((await dataOf(app.t, path)).stock_quantity).toBe(5);

    const customer = await registerCustomer(app.t);
    const added = await app.t.request('POST', '/cart/add', {
      token: customer.token,
      body: { product_id: product.id, quantity: 2 },
    });
    expect(added.status).toBe(200);
    await prepareCheckout(app.t, customer.token);
    const placed = await app.t.request('POST', '/checkout/place-order', {
      token: customer.token,
      body: {},
    });
    expect(placed.status).toBe(201);

    expect((await dataOf(app.t, path)).stock_quantity).toBe(3);
    advance(VERSION_TTL_MS + 1);
    const seen = await dataOf(other, path);
    expect(seen).toMatchObject({ stock_quantity: 3, in_stock: true });
  });
});

describe('catalogue read cache and customers', () => {
  it('never caches a customer-specific answer; a public read is the same with or without a session', async () => {
    const product = await createProduct(app.t.db, { name: 'Linen Apron', priceCents: 2000 });
    const path = `/products/${product.id}`;
    const [fan, other] = [await registerCustomer(app.t), await registerCustomer(app.t)];
    const added = await app.t.request('POST', '/customer/wishlist/add', {
      token: fan.token,
      body: { product_id: product.id },
    });
    expect(added.status).toBe(201);
    const wishlistOf = (token: string) => dataOf(app.t, '/customer/wishlist', token);

    const anonymous = await dataOf(app.t, path);
    expect(await dataOf(app.t, path, fan.token)).toEqual(anonymous);
    expect(
      (await wishlistOf(fan.token)).map((i: { product: { id: number } }) => i.product.id),
    ).toEqual([product.id]);
    expect(await wishlistOf(other.token)).toEqual([]);

    // The catalogue's answer is reused until the version moves; the wishlist reads every time.
    await setPriceUnseen(app.t, product.id, 2500);
    expect((await dataOf(app.t, path)).price).toBe(20);
    const [item] = await wishlistOf(fan.token);
    expect(item.product.price).toBe(25);
    const removed = await app.t.request('DELETE', `/customer/wishlist/${item.id}`, {
      token: fan.token,
    });
    expect(removed.status).toBe(200);
    expect(await wishlistOf(fan.token)).toEqual([]);
  });
});
