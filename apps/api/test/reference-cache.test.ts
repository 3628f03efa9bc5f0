import { orders, products } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { prepareCheckout } from './support/shop';

/**
 * The reference cache on (REFERENCE_CACHE_TTL_MS > 0, as in production; the other test files
 * read every time). Concurrent checkouts used to hang: a transaction waited for a cached load
 * that needed the connection the transaction held (PGlite has one; PostgreSQL's pool ran dry).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { referenceCacheTtlMs: 5_000 } });
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('checkout with the reference cache on', () => {
  it('customers checking out at the same time all get their orders', async () => {
    const product = await createProduct(t.db, { priceCents: 1000, stockQuantity: 50 });
    const customers = await Promise.all(Array.from({ length: 4 }, () => registerCustomer(t)));
    const placed = await Promise.all(
      customers.map(async ({ token }) => {
        const added = await t.request('POST', '/cart/add', {
          token,
          body: { product_id: product.id, quantity: 2 },
        });
        expect(added.status).toBe(200);
        const checkout = await prepareCheckout(t, token);
        expect(checkout.cart.total).toBeGreaterThan(0);
        return t.request('POST', '/checkout/place-order', { token, body: {} });
      }),
    );
    expect(placed.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    const ids = customers.map((customer) => customer.user.id as number);
    const rows = await t.db.select({ userId: orders.userId }).from(orders);
    expect(rows.map((row) => row.userId).sort()).toEqual([...ids].sort());
    const [left] = await t.db
      .select({ stock: products.stockQuantity })
      .from(products)
      .where(eq(products.id, product.id));
    expect(left?.stock).toBe(42);
  });

  it('a cart change after a read reuses the cached tax data without waiting on the pool', async () => {
    // GET /cart loads the tax cache on the pool; apply-coupon prices the cart again inside its
    // transaction from that cache. A cached lazy query ran again on the pool there (PGlite: hung).
    const product = await createProduct(t.db, { priceCents: 2000, stockQuantity: 5 });
    const { token } = await registerCustomer(t);
    await t.request('POST', '/cart/add', { token, body: { product_id: product.id, quantity: 1 } });
    expect((await t.request('GET', '/cart', { token })).status).toBe(200);
    const applied = await t.request('POST', '/cart/apply-coupon', {
      token,
      body: { coupon_code: 'WELCOME10' },
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ coupon_code: 'WELCOME10', discount: 2 });
  }, 15_000);
});
