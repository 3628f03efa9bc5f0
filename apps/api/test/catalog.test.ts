import { products } from '@storefront/db/schema';
import {
  createCategory,
  createConfigurableProduct,
  createCurrency,
  createProduct,
  createReview,
  createUser,
} from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';

let t: TestApp;
const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);

// A small catalogue of its own: two roots, one child, products spread over them.
let audio: { id: number };
let headphones: { id: number };
let kitchen: { id: number };
let emptyCategory: { id: number };
const ids = {} as Record<'studio' | 'speaker' | 'kettle' | 'toaster' | 'hidden' | 'shirt', number>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db;
  await createCurrency(db, { code: 'USD', name: 'US Dollar', symbol: '$', isDefault: true });
  audio = await createCategory(db, { name: 'Audio', slug: 'audio', position: 2 });
  kitchen = await createCategory(db, { name: 'Kitchen', slug: 'kitchen', position: 1 });
  headphones = await createCategory(db, {
    name: 'Headphones',
    slug: 'headphones',
    parentId: audio.id,
  });
  emptyCategory = await createCategory(db, { name: 'Empty', slug: 'empty', position: 3 });

  ids.studio = (
    await createProduct(db, {
      name: 'Studio Monitor Headphones',
      priceCents: 12_999,
      rating: 4.6,
      createdAt: ago(10),
      categoryIds: [headphones.id],
      featured: true,
    })
  ).id;
  ids.speaker = (
    await createProduct(db, {
      name: 'Bookshelf Speaker',
      priceCents: 8_050,
      specialPriceCents: 6_099,
      specialFrom: ago(1),
      specialTo: new Date(now + DAY),
      rating: 3.2,
      createdAt: ago(5),
      categoryIds: [audio.id],
    })
  ).id;
  ids.kettle = (
    await createProduct(db, {
      name: 'Electric Kettle',
      priceCents: 3_333,
      images: [
        { url: 'https://img.test/kettle-front.jpg', alt: 'Front' },
        { url: 'https://img.test/kettle-side.jpg', alt: 'Side' },
      ],
      stockQuantity: 3,
      rating: 4.9,
      createdAt: ago(2),
      categoryIds: [kitchen.id],
      featured: true,
    })
  ).id;
  // Sale over: not on sale, final price is the price.
  ids.toaster = (
    await createProduct(db, {
      name: 'Toaster',
      priceCents: 2_500,
      specialPriceCents: 1_000,
      specialFrom: ago(10),
      specialTo: ago(3),
      stockQuantity: 0,
      createdAt: ago(1),
      categoryIds: [kitchen.id],
    })
  ).id;
  ids.hidden = (
    await createProduct(db, {
      name: 'Hidden Headphones',
      active: false,
      createdAt: ago(0),
      categoryIds: [headphones.id],
      featured: true,
    })
  ).id;
  ids.shirt = (
    await createConfigurableProduct(db, {
      name: 'Cotton T-Shirt',
      priceCents: 1_500,
      specialPriceCents: 1_200,
      createdAt: ago(20),
      categoryIds: [kitchen.id],
      attributes: [{ code: 'material', name: 'Material', values: ['Cotton'] }],
    })
  ).id;
});

afterAll(async () => {
  await t.close();
});

const VISIBLE = 5;
const names = (res: { body: { data: { name: string }[] } }) => res.body.data.map((p) => p.name);

describe('GET /products', () => {
  it('lists visible products newest first with pagination meta', async () => {
    const res = await t.request('GET', '/products');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(names(res)).toEqual([
      'Toaster',
      'Electric Kettle',
      'Bookshelf Speaker',
      'Studio Monitor Headphones',
      'Cotton T-Shirt',
    ]);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 15, total: VISIBLE, last_page: 1 });
  });

  it('pages with per_page and page', async () => {
    const res = await t.request('GET', '/products?per_page=2&page=2');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Bookshelf Speaker', 'Studio Monitor Headphones']);
    expect(res.body.meta).toEqual({ current_page: 2, per_page: 2, total: VISIBLE, last_page: 3 });
    const beyond = await t.request('GET', '/products?per_page=2&page=9');
    expect(beyond.body.data).toEqual([]);
  });

  it.each([
    ['per_page=0', 'per_page'],
    ['per_page=101', 'per_page'],
    ['per_page=abc', 'per_page'],
    ['per_page=1.5', 'per_page'],
    ['page=0', 'page'],
    ['sort=cheapest', 'sort'],
    ['category_id=-1', 'category_id'],
  ])('answers 422 for %s', async (query, field) => {
    const res = await t.request('GET', `/products?${query}`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
    expect(res.body.errors[field]).toBeInstanceOf(Array);
  });

  it('accepts the bounds 1 and 100', async () => {
    expect((await t.request('GET', '/products?per_page=1')).body.data).toHaveLength(1);
    expect((await t.request('GET', '/products?per_page=100')).body.meta.per_page).toBe(100);
  });

  it('filters by category including subcategories', async () => {
    const res = await t.request('GET', `/products?category_id=${audio.id}`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Bookshelf Speaker', 'Studio Monitor Headphones']);
    expect(res.body.meta.total).toBe(2);
    const leaf = await t.request('GET', `/products?category_id=${headphones.id}`);
    expect(names(leaf)).toEqual(['Studio Monitor Headphones']);
  });

  it('answers 422 for an unknown category filter', async () => {
    const res = await t.request('GET', '/products?category_id=999999');
    expect(res.status).toBe(422);
    expect(res.body.errors.category_id).toBeDefined();
  });

  it('sorts by final price, name and rating', async () => {
    const asc = await t.request('GET', '/products?sort=price_asc');
    // Final prices: shirt 15.00 (no window → sale active: 12.00), toaster 25.00 (sale over),
    // kettle 33.33, speaker 60.99 (on sale), studio 129.99.
    expect(asc.body.data.map((p: { final_price: number }) => p.final_price)).toEqual([
      12, 25, 33.33, 60.99, 129.99,
    ]);
    const desc = await t.request('GET', '/products?sort=price_desc');
    expect(names(desc)).toEqual(names(asc).reverse());
    const byName = await t.request('GET', '/products?sort=name_asc');
    expect(names(byName)).toEqual([
      'Bookshelf Speaker',
      'Cotton T-Shirt',
      'Electric Kettle',
      'Studio Monitor Headphones',
      'Toaster',
    ]);
    const byRating = await t.request('GET', '/products?sort=rating');
    const ratings = byRating.body.data.map((p: { rating: number }) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(byRating.body.data[0].name).toBe('Electric Kettle');
    const newest = await t.request('GET', '/products?sort=newest');
    expect(names(newest)[0]).toBe('Toaster');
  });

  it('shapes a summary with money of at most 2 decimals and stock', async () => {
    const res = await t.request('GET', '/products?per_page=100');
    for (const p of res.body.data) {
      for (const amount of [p.price, p.final_price, p.special_price ?? 0]) {
        expect(Math.round(amount * 100) / 100).toBe(amount);
      }
      expect(p.currency).toBe('USD');
      expect(p.created_at).toMatch(/Z$/);
      expect(p.in_stock).toBe(p.stock_quantity > 0);
    }
    const toaster = res.body.data.find((p: { id: number }) => p.id === ids.toaster);
    expect(toaster).toMatchObject({
      price: 25,
      special_price: null,
      final_price: 25,
      on_sale: false,
      in_stock: false,
      stock_quantity: 0,
    });
    const kettle = res.body.data.find((p: { id: number }) => p.id === ids.kettle);
    expect(kettle).toMatchObject({ price: 33.33, stock_quantity: 3, in_stock: true, rating: 4.9 });
    expect(kettle.thumbnail).toBe('https://img.test/kettle-front.jpg');
    // A configurable product's stock is the sum of its variants (4 × 5).
    const shirt = res.body.data.find((p: { id: number }) => p.id === ids.shirt);
    expect(shirt).toMatchObject({ type: 'configurable', stock_quantity: 20, in_stock: true });
  });

  it('never shows inactive products', async () => {
    const [row] = await t.db.select().from(products).where(eq(products.id, ids.hidden));
    expect(row?.active).toBe(false);
    const lists = [
      '/products?per_page=100',
      '/products/featured',
      '/products/new-arrivals',
      `/categories/${headphones.id}/products`,
      '/search?q=headphones',
    ];
    for (const path of lists) {
      const res = await t.request('GET', path);
      expect(res.status).toBe(200);
      expect(res.body.data.map((p: { id: number }) => p.id)).not.toContain(ids.hidden);
    }
    expect((await t.request('GET', `/products/${ids.hidden}`)).status).toBe(404);
  });
});

describe('GET /products/featured, /on-sale, /new-arrivals', () => {
  it('lists featured visible products with a limit', async () => {
    const res = await t.request('GET', '/products/featured');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Electric Kettle', 'Studio Monitor Headphones']);
    expect((await t.request('GET', '/products/featured?limit=1')).body.data).toHaveLength(1);
    expect((await t.request('GET', '/products/featured?limit=51')).status).toBe(422);
    const zero = await t.request('GET', '/products/featured?limit=0');
    expect(zero.status).toBe(422);
    expect(zero.body.errors.limit).toBeDefined();
  });

  it('lists only products whose sale is active now', async () => {
    const res = await t.request('GET', '/products/on-sale');
    expect(res.status).toBe(200);
    expect(names(res).sort()).toEqual(['Bookshelf Speaker', 'Cotton T-Shirt']);
    expect(res.body.meta.total).toBe(2);
    for (const p of res.body.data) {
      expect(p.on_sale).toBe(true);
      expect(p.special_price).toBeLessThan(p.price);
      expect(p.final_price).toBe(p.special_price);
    }
    expect((await t.request('GET', '/products/on-sale?per_page=101')).status).toBe(422);
  });

  it('lists new arrivals newest first', async () => {
    const res = await t.request('GET', '/products/new-arrivals?limit=3');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Toaster', 'Electric Kettle', 'Bookshelf Speaker']);
    const dates = res.body.data.map((p: { created_at: string }) => Date.parse(p.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

describe('GET /products/{id}', () => {
  it('returns the detail of a configurable product', async () => {
    const user = await createUser(t.db, { name: 'Grace Hopper', email: 'grace@example.com' });
    const others = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(t.db, { name: `Reviewer ${i}` })),
    );
    for (const [i, other] of others.entries()) {
      await createReview(t.db, {
        productId: ids.shirt,
        userId: other.id,
        rating: 3,
        title: `Review ${i}`,
        createdAt: ago(30 - i),
      });
    }
    await createReview(t.db, {
      productId: ids.shirt,
      userId: user.id,
      rating: 5,
      title: 'Lovely',
      comment: 'Soft and fits well.',
      verifiedPurchase: true,
      createdAt: ago(0),
    });

    const res = await t.request('GET', `/products/${ids.shirt}`);
    expect(res.status).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({
      id: ids.shirt,
      name: 'Cotton T-Shirt',
      type: 'configurable',
      price: 15,
      special_price: 12,
      final_price: 12,
      on_sale: true,
      categories: [{ id: kitchen.id, name: 'Kitchen', slug: 'kitchen' }],
      meta: { title: 'Cotton T-Shirt', keywords: '' },
    });
    expect(p.description).toContain('Cotton T-Shirt');
    expect(p.images).toEqual([{ url: expect.stringMatching(/^https:/), alt: 'Cotton T-Shirt' }]);
    expect(p.variants).toHaveLength(4);
    expect(p.variants[0]).toMatchObject({
      name: 'S / Red',
      price: 15,
      final_price: 15,
      special_price: null,
      in_stock: true,
      stock_quantity: 5,
      options: { size: 'S', color: 'Red' },
    });
    expect(p.attributes).toEqual(
      expect.arrayContaining([
        { code: 'material', name: 'Material', values: ['Cotton'] },
        { code: 'size', name: 'Size', values: ['S', 'M'] },
        { code: 'color', name: 'Color', values: ['Red', 'Blue'] },
      ]),
    );
    expect(p.recent_reviews).toHaveLength(5);
    expect(p.recent_reviews[0]).toMatchObject({
      product_id: ids.shirt,
      customer_name: 'Grace Hopper',
      rating: 5,
      title: 'Lovely',
      comment: 'Soft and fits well.',
      verified_purchase: true,
      helpful_count: 0,
    });
    expect(JSON.stringify(p.recent_reviews)).not.toContain('@example.com');
    const dates = p.recent_reviews.map((r: { created_at: string }) => Date.parse(r.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('gives a simple product no variants', async () => {
    const res = await t.request('GET', `/products/${ids.kettle}`);
    expect(res.status).toBe(200);
    expect(res.body.data.variants).toEqual([]);
    expect(res.body.data.recent_reviews).toEqual([]);
  });

  it('answers 404 for unknown ids and 422 for malformed ones', async () => {
    const res = await t.request('GET', '/products/999999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
    expect((await t.request('GET', '/products/abc')).status).toBe(422);
    expect((await t.request('GET', '/products/999999/related')).status).toBe(404);
  });
});

describe('GET /products/{id}/related', () => {
  it('lists visible products sharing a category, never the product itself', async () => {
    const res = await t.request('GET', `/products/${ids.kettle}/related`);
    expect(res.status).toBe(200);
    const related = res.body.data.map((p: { id: number }) => p.id);
    expect(related).not.toContain(ids.kettle);
    expect(related.sort()).toEqual([ids.toaster, ids.shirt].sort());
    // The hidden product shares Headphones with the studio monitors but is not shown.
    const studio = await t.request('GET', `/products/${ids.studio}/related`);
    expect(studio.body.data).toEqual([]);
  });
});

describe('categories', () => {
  it('lists categories with product counts of the subtree', async () => {
    const res = await t.request('GET', '/categories');
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((c: { id: number }) => [c.id, c]));
    expect(byId.get(audio.id)).toMatchObject({
      name: 'Audio',
      slug: 'audio',
      parent_id: null,
      product_count: 2,
      description: 'A test category.',
    });
    expect(byId.get(headphones.id)).toMatchObject({ parent_id: audio.id, product_count: 1 });
    expect(byId.get(kitchen.id)).toMatchObject({ product_count: 3 });
    expect(byId.get(emptyCategory.id)).toMatchObject({ product_count: 0 });
  });

  it('returns the tree ordered by position with nested children', async () => {
    const res = await t.request('GET', '/categories/tree');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: kitchen.id, name: 'Kitchen', slug: 'kitchen', image: null, children: [] },
      {
        id: audio.id,
        name: 'Audio',
        slug: 'audio',
        image: null,
        children: [
          { id: headphones.id, name: 'Headphones', slug: 'headphones', image: null, children: [] },
        ],
      },
      { id: emptyCategory.id, name: 'Empty', slug: 'empty', image: null, children: [] },
    ]);
  });

  it('returns one category or 404', async () => {
    const res = await t.request('GET', `/categories/${headphones.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: headphones.id, name: 'Headphones' });
    expect((await t.request('GET', '/categories/999999')).status).toBe(404);
  });

  it('pages the products of a category and its subcategories', async () => {
    const res = await t.request('GET', `/categories/${audio.id}/products?per_page=1`);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Bookshelf Speaker']);
    expect(res.body.meta).toEqual({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    const sorted = await t.request('GET', `/categories/${kitchen.id}/products?sort=price_desc`);
    expect(names(sorted)).toEqual(['Electric Kettle', 'Toaster', 'Cotton T-Shirt']);
    expect((await t.request('GET', '/categories/999999/products')).status).toBe(404);
    expect((await t.request('GET', `/categories/${audio.id}/products?per_page=0`)).status).toBe(
      422,
    );
  });
});

describe('list totals with COUNT_CACHE_TTL_MS', () => {
  it('reuse a total for at most the configured time, then count again', async () => {
    let clockMs = Date.now();
    const cached = await createTestApp({
      config: { countCacheTtlMs: 2_000 },
      clock: { now: () => new Date(clockMs) },
    });
    try {
      await createProduct(cached.db, { name: 'First' });
      expect((await cached.request('GET', '/products')).body.meta.total).toBe(1);
      await createProduct(cached.db, { name: 'Second' });
      // The page is always fresh; the total may be up to 2 s old.
      const recent = await cached.request('GET', '/products');
      expect(recent.body.data).toHaveLength(2);
      expect(recent.body.meta.total).toBe(1);
      clockMs += 2_000;
      expect((await cached.request('GET', '/products')).body.meta.total).toBe(1);
      // Older than the 2 s it may be: counted again.
      clockMs += 1;
      expect((await cached.request('GET', '/products')).body.meta.total).toBe(2);
    } finally {
      await cached.close();
    }
  });
});

describe('the currency products are shown in', () => {
  it('is the shop’s default currency, read from store settings, in every product answer', async () => {
    const shop = await createTestApp();
    try {
      await createCurrency(shop.db, { code: 'INR', isDefault: true });
      const product = await createProduct(shop.db, { name: 'Brass Diya', priceCents: 49900 });
      const { token } = await registerCustomer(shop);
      await shop.request('POST', '/customer/wishlist/add', {
        token,
        body: { product_id: product.id },
      });
      const answers = await Promise.all([
        shop.request('GET', '/products'),
        shop.request('GET', `/products/${product.id}`),
        shop.request('GET', '/search?q=diya'),
        shop.request('GET', '/customer/wishlist', { token }),
      ]);
      const [list, detail, search, wishlist] = answers.map((res) => {
        expect(res.status).toBe(200);
        return res.body.data;
      });
      expect(list.map((p: { currency: string }) => p.currency)).toEqual(['INR']);
      expect(detail).toMatchObject({ id: product.id, currency: 'INR', price: 499 });
      expect(search.map((p: { currency: string }) => p.currency)).toEqual(['INR']);
      expect(wishlist[0].product).toMatchObject({ id: product.id, currency: 'INR' });
    } finally {
      await shop.close();
    }
  });
});
