import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createProduct } from '@storefront/db/testing/factories';
import { ifNoneMatchHolds } from '@storefront/routers/catalog-version';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp, registerCustomer, useAdminApp } from './harness';
import { prepareCheckout } from './support/shop';

/** A clock the test moves: time windows (special prices, banners) also move the ETag. */
/** Ten seconds into the current minute (the catalogue version moves with a one-minute window). */
const clock = {
  at: new Date(Math.floor(Date.now() / 60_000) * 60_000 + 10_000),
  now: () => clock.at,
};

const app = useAdminApp({ clock, prepare: (t) => seedStoreSetup(t.db) });

const get = (path: string, etag?: string, token?: string) =>
  app.t.request('GET', path, {
    ...(etag ? { headers: { 'If-None-Match': etag } } : {}),
    ...(token ? { token } : {}),
  });

/** The ETag of `path` now, asserting the 200 carries the caching headers. */
async function etagOf(path: string): Promise<string> {
  const res = await get(path);
  expect(res.status).toBe(200);
  expect(res.headers.etag).toMatch(/^W\/".+"$/);
  expect(res.headers['cache-control']).toBe('public, no-cache');
  return res.headers.etag as string;
}

describe('catalogue reads: ETag, Cache-Control and 304', () => {
  it('answers 304 with no body and without running the procedure while the ETag matches', async () => {
    const product = await createProduct(app.t.db, { priceCents: 1500 });
    const path = `/products/${product.id}`;
    const etag = await etagOf(path);
    const detail = vi.spyOn(app.t.services.catalog.products, 'product');
    const list = vi.spyOn(app.t.services.catalog.products, 'listProducts');
    try {
      const revalidated = await get(path, etag);
      expect(revalidated.status).toBe(304);
      expect(revalidated.text).toBe('');
      expect(revalidated.headers.etag).toBe(etag);
      expect(revalidated.headers['cache-control']).toBe('public, no-cache');
      // Lists of ETags and the weak/strong forms match too.
      expect((await get(path, `"nope", ${etag.slice(2)}`)).status).toBe(304);
      expect((await get('/products?per_page=5', etag)).status).toBe(304);
      expect(detail).not.toHaveBeenCalled();
      expect(list).not.toHaveBeenCalled();
      // A stale or foreign tag gets the body again.
      const fresh = await get(path, 'W/"stale"');
      expect(fresh.status).toBe(200);
      expect(fresh.body.data.id).toBe(product.id);
      expect(detail).toHaveBeenCalledTimes(1);
    } finally {
      detail.mockRestore();
      list.mockRestore();
    }
  });

  it('covers every public catalogue read and nothing private', async () => {
    const product = await createProduct(app.t.db);
    for (const path of [
      '/products',
      `/products/${product.id}`,
      `/products/${product.id}/related`,
      `/products/${product.id}/reviews`,
      '/products/featured',
      '/categories/tree',
      '/search?q=test',
      '/search/suggestions?q=te',
      '/banners',
      '/currency',
      '/features',
    ]) {
      await etagOf(path);
    }
    const customer = await registerCustomer(app.t);
    const cart = await get('/cart', undefined, customer.token);
    expect(cart.status).toBe(200);
    expect(cart.headers.etag).toBeUndefined();
    // Errors are not copies of the resource.
    const missing = await get('/products/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('an admin change invalidates every cached copy at once', async () => {
    const product = await createProduct(app.t.db, { priceCents: 1500 });
    const path = `/products/${product.id}`;
    const etag = await etagOf(path);
    await app.admin.admin.products.update.mutate({ id: product.id, price: 17.25 });
    const after = await get(path, etag);
    expect(after.status).toBe(200);
    expect(after.body.data.price).toBe(17.25);
    expect(after.headers.etag).not.toBe(etag);
    // A refused admin call changes nothing, so cached copies stay valid.
    const current = after.headers.etag as string;
    await expect(
      app.admin.admin.products.update.mutate({ id: 999_999, price: 1 }),
    ).rejects.toThrow();
    expect((await get(path, current)).status).toBe(304);
  });

  it('an order (stock) and a review (rating) invalidate too; a cart change does not', async () => {
    const product = await createProduct(app.t.db, { priceCents: 2000, stockQuantity: 5 });
    const path = `/products/${product.id}`;
    const customer = await registerCustomer(app.t);
    const add = await app.t.request('POST', '/cart/add', {
      token: customer.token,
      body: { product_id: product.id, quantity: 2 },
    });
    expect(add.status).toBe(200);
    await prepareCheckout(app.t, customer.token);
    const beforeOrder = await etagOf(path);
    const placed = await app.t.request('POST', '/checkout/place-order', {
      token: customer.token,
      body: {},
    });
    expect(placed.status).toBe(201);
    const afterOrder = await get(path, beforeOrder);
    expect(afterOrder.status).toBe(200);
    expect(afterOrder.body.data.stock_quantity).toBe(3);

    const beforeReview = afterOrder.headers.etag as string;
    const reviewed = await app.t.request('POST', '/reviews', {
      token: customer.token,
      body: { product_id: product.id, rating: 4, title: 'Good', comment: 'Works well.' },
    });
    expect(reviewed.status).toBe(201);
    const afterReview = await get(path, beforeReview);
    expect(afterReview.status).toBe(200);
    expect(afterReview.body.data.reviews_count).toBe(1);

    const current = afterReview.headers.etag as string;
    await app.t.request('POST', '/cart/add', {
      token: customer.token,
      body: { product_id: product.id, quantity: 1 },
    });
    expect((await get(path, current)).status).toBe(304);
  });

  it('a new time window moves the ETag (prices and banners open and close on schedule)', async () => {
    const etag = await etagOf('/banners');
    expect((await get('/banners', etag)).status).toBe(304);
    const saved = clock.at;
    clock.at = new Date(saved.getTime() + 60_000);
    try {
      expect((await get('/banners', etag)).status).toBe(200);
    } finally {
      clock.at = saved;
    }
  });
});

describe('two instances on one database', () => {
  it('share ETags, and one sees the other one’s change within its token TTL', async () => {
    const other = await createTestApp({
      database: app.t.database,
      clock,
      config: { catalogVersionTtlMs: 0 },
    });
    const product = await createProduct(app.t.db);
    const path = `/products/${product.id}`;
    const etag = await etagOf(path);
    expect((await other.request('GET', path, { headers: { 'If-None-Match': etag } })).status).toBe(
      304,
    );
    await app.admin.admin.products.update.mutate({ id: product.id, name: 'Renamed on A' });
    const seen = await other.request('GET', path, { headers: { 'If-None-Match': etag } });
    expect(seen.status).toBe(200);
    expect(seen.body.data.name).toBe('Renamed on A');
  });
});

describe('If-None-Match parsing', () => {
  it('matches weakly, in lists and with *', () => {
    expect(ifNoneMatchHolds('W/"a.b"', 'W/"a.b"')).toBe(true);
    expect(ifNoneMatchHolds('"a.b"', 'W/"a.b"')).toBe(true);
    expect(ifNoneMatchHolds('"x", W/"a.b"', 'W/"a.b"')).toBe(true);
    expect(ifNoneMatchHolds('*', 'W/"a.b"')).toBe(true);
    expect(ifNoneMatchHolds('W/"a.c"', 'W/"a.b"')).toBe(false);
    expect(ifNoneMatchHolds(undefined, 'W/"a.b"')).toBe(false);
  });
});
