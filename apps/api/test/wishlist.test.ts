import { cartItems, carts, products, wishlistItems } from '@storefront/db/schema';
import {
  createConfigurableProduct,
  createCurrency,
  createProduct,
} from '@storefront/db/testing/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await createCurrency(t.db, { code: 'USD', isDefault: true });
});
afterAll(async () => {
  await t.close();
});

async function customer() {
  const registered = await registerCustomer(t);
  const { token } = registered;
  return {
    ...registered,
    add: (productId: unknown) =>
      t.request('POST', '/customer/wishlist/add', { token, body: { product_id: productId } }),
    list: () => t.request('GET', '/customer/wishlist', { token }),
    remove: (id: number) => t.request('DELETE', `/customer/wishlist/${id}`, { token }),
    move: (id: number) => t.request('POST', `/customer/wishlist/${id}/move-to-cart`, { token }),
  };
}

const itemRow = async (id: number) =>
  (await t.db.select().from(wishlistItems).where(eq(wishlistItems.id, id)))[0];

const cartLines = async (userId: number) =>
  t.db
    .select({ productId: cartItems.productId, quantity: cartItems.quantity })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.userId, userId), eq(carts.status, 'open')));

describe('move-to-cart tapped twice', () => {
  it('one tap answers 200, the other 404; the cart holds 1 and the item is gone', async () => {
    const product = await createProduct(t.db, { priceCents: 1200, stockQuantity: 10 });
    const c = await customer();
    const id = (await c.add(product.id)).body.data.id;
    const taps = await Promise.all([c.move(id), c.move(id)]);
    expect(taps.map((res) => res.status).sort()).toEqual([200, 404]);
    expect(await cartLines(c.user.id)).toEqual([{ productId: product.id, quantity: 1 }]);
    expect(await itemRow(id)).toBeUndefined();
  });
});

describe('POST /customer/wishlist/add', () => {
  it('answers 201 with a new item, then 200 with the same item; one row in the database', async () => {
    const product = await createProduct(t.db, { name: 'Wish Lamp', priceCents: 2500 });
    const c = await customer();
    const first = await c.add(product.id);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      data: {
        product_id: product.id,
        product: { id: product.id, name: 'Wish Lamp', price: 25, type: 'simple' },
      },
    });
    expect(first.body.data.created_at).toMatch(/Z$/);
    const second = await c.add(product.id);
    expect(second.status).toBe(200);
    expect(second.body.data.id).toBe(first.body.data.id);
    const rows = await t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, c.user.id));
    expect(rows).toHaveLength(1);
  });

  it('concurrent adds of one product keep one item: one 201, the rest 200 with its id', async () => {
    const product = await createProduct(t.db);
    const c = await customer();
    const results = await Promise.all(Array.from({ length: 4 }, () => c.add(product.id)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
  });

  it('refuses unknown and inactive products with 422 errors.product_id, and bad ids', async () => {
    const inactive = await createProduct(t.db, { active: false });
    const c = await customer();
    for (const productId of [inactive.id, 99_999_999]) {
      const res = await c.add(productId);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
      expect(res.body.errors.product_id).toBeDefined();
    }
    for (const productId of [0, -3, 1.5, 'abc', undefined]) {
      const res = await c.add(productId);
      expect(res.status).toBe(422);
      expect(res.body.errors.product_id).toBeDefined();
    }
    expect(await t.db.$count(wishlistItems, eq(wishlistItems.userId, c.user.id))).toBe(0);
  });

  it('requires a token on every endpoint', async () => {
    expect((await t.request('GET', '/customer/wishlist')).status).toBe(401);
    expect(
      (await t.request('POST', '/customer/wishlist/add', { body: { product_id: 1 } })).status,
    ).toBe(401);
    expect((await t.request('DELETE', '/customer/wishlist/1')).status).toBe(401);
    expect((await t.request('POST', '/customer/wishlist/1/move-to-cart')).status).toBe(401);
  });
});

describe('GET /customer/wishlist', () => {
  it('lists own items newest first with product summaries, hiding deactivated products until they return', async () => {
    const older = await createProduct(t.db, { name: 'Older' });
    const newer = await createProduct(t.db, { name: 'Newer', specialPriceCents: 999 });
    const retired = await createProduct(t.db, { name: 'Retired' });
    const c = await customer();
    const other = await customer();
    await c.add(older.id);
    await c.add(retired.id);
    await c.add(newer.id);
    await other.add(older.id);

    await t.db.update(products).set({ active: false }).where(eq(products.id, retired.id));
    const list = await c.list();
    expect(list.status).toBe(200);
    expect(list.body.meta).toBeUndefined();
    expect(list.body.data.map((i: { product_id: number }) => i.product_id)).toEqual([
      newer.id,
      older.id,
    ]);
    expect(list.body.data[0].product).toMatchObject({
      name: 'Newer',
      final_price: 9.99,
      on_sale: true,
    });
    // The row is kept: it shows again once the product is active.
    expect(
      await t.db.$count(
        wishlistItems,
        and(eq(wishlistItems.userId, c.user.id), eq(wishlistItems.productId, retired.id)),
      ),
    ).toBe(1);
    await t.db.update(products).set({ active: true }).where(eq(products.id, retired.id));
    const again = await c.list();
    expect(again.body.data.map((i: { product_id: number }) => i.product_id)).toEqual([
      newer.id,
      retired.id,
      older.id,
    ]);
    expect((await other.list()).body.data).toHaveLength(1);
  });
});

describe('DELETE /customer/wishlist/{id}', () => {
  it("removes own items; another customer's item answers 404 like an unknown id and stays", async () => {
    const product = await createProduct(t.db);
    const owner = await customer();
    const other = await customer();
    const id = (await owner.add(product.id)).body.data.id as number;

    const foreign = await other.remove(id);
    const unknown = await other.remove(99_999_999);
    expect(foreign.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect(foreign.body.error_code).toBe('NOT_FOUND');
    expect(await itemRow(id)).toMatchObject({ userId: owner.user.id, productId: product.id });

    const removed = await owner.remove(id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, data: null });
    expect(await itemRow(id)).toBeUndefined();
    expect((await owner.remove(id)).status).toBe(404);
  });
});

describe('POST /customer/wishlist/{id}/move-to-cart', () => {
  it('adds one unit to the cart, removes the item and answers the updated cart', async () => {
    const product = await createProduct(t.db, { priceCents: 1200, stockQuantity: 5 });
    const c = await customer();
    await t.request('POST', '/cart/add', {
      token: c.token,
      body: { product_id: product.id, quantity: 2 },
    });
    const id = (await c.add(product.id)).body.data.id as number;
    const moved = await c.move(id);
    expect(moved.status).toBe(200);
    expect(moved.body.data.items).toHaveLength(1);
    expect(moved.body.data.items[0]).toMatchObject({ product_id: product.id, quantity: 3 });
    expect(moved.body.data).toMatchObject({ subtotal: 36, item_count: 3 });
    expect(await itemRow(id)).toBeUndefined();
    expect(await cartLines(c.user.id)).toEqual([{ productId: product.id, quantity: 3 }]);
    expect((await c.move(id)).status).toBe(404);
  });

  it('a configurable product answers 422 errors.variant_id and the item stays', async () => {
    const shirt = await createConfigurableProduct(t.db);
    const c = await customer();
    const id = (await c.add(shirt.id)).body.data.id as number;
    const res = await c.move(id);
    expect(res.status).toBe(422);
    expect(res.body.error_code).toBe('VALIDATION_ERROR');
    expect(res.body.errors.variant_id).toBeDefined();
    expect(await itemRow(id)).toBeDefined();
    expect(await cartLines(c.user.id)).toEqual([]);
  });

  it('OUT_OF_STOCK and a deactivated product pass through; the items stay', async () => {
    const soldOut = await createProduct(t.db, { name: 'Sold Out Mug', stockQuantity: 0 });
    const retired = await createProduct(t.db);
    const c = await customer();
    const soldOutId = (await c.add(soldOut.id)).body.data.id as number;
    const retiredId = (await c.add(retired.id)).body.data.id as number;
    await t.db.update(products).set({ active: false }).where(eq(products.id, retired.id));

    const stock = await c.move(soldOutId);
    expect(stock.status).toBe(422);
    expect(stock.body).toMatchObject({
      error_code: 'OUT_OF_STOCK',
      message: 'Sold Out Mug is out of stock.',
    });
    const inactive = await c.move(retiredId);
    expect(inactive.status).toBe(422);
    expect(inactive.body.errors.product_id).toBeDefined();
    expect(await itemRow(soldOutId)).toBeDefined();
    expect(await itemRow(retiredId)).toBeDefined();
    expect(await cartLines(c.user.id)).toEqual([]);
  });

  it("another customer's item answers 404, leaving both the item and the carts alone", async () => {
    const product = await createProduct(t.db);
    const owner = await customer();
    const other = await customer();
    const id = (await owner.add(product.id)).body.data.id as number;
    const res = await other.move(id);
    expect(res.status).toBe(404);
    expect(res.body.error_code).toBe('NOT_FOUND');
    expect(await itemRow(id)).toBeDefined();
    expect(await cartLines(other.user.id)).toEqual([]);
  });
});

describe('wishlist feature flag', () => {
  it('answers 403 FEATURE_DISABLED on all four endpoints while switched off, and works again after', async () => {
    const product = await createProduct(t.db);
    const c = await customer();
    const id = (await c.add(product.id)).body.data.id as number;
    await t.services.storeSettings.features.setFeature('wishlist', false);
    try {
      expect((await t.request('GET', '/features')).body.data.wishlist).toBe(false);
      const responses = [
        await c.list(),
        await c.add(product.id),
        await c.remove(id),
        await c.move(id),
      ];
      for (const res of responses) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, error_code: 'FEATURE_DISABLED' });
      }
      expect(await itemRow(id)).toBeDefined();
      expect(await cartLines(c.user.id)).toEqual([]);
    } finally {
      await t.services.storeSettings.features.setFeature('wishlist', true);
    }
    expect((await c.list()).body.data).toHaveLength(1);
  });
});
