import * as schema from '@storefront/db/schema';
import { seedDemo } from '@storefront/db/seed/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo seed', () => {
  it('loads into an empty database once and serves a full catalogue', async () => {
    expect(await seedDemo(t.db)).toBe(true);
    expect(await seedDemo(t.db)).toBe(false);

    const list = await t.request('GET', '/products?per_page=100');
    expect(list.body.meta.total).toBeGreaterThanOrEqual(60);
    const items = list.body.data as {
      type: string;
      on_sale: boolean;
      stock_quantity: number;
      thumbnail: string;
    }[];
    expect(items.some((p) => p.type === 'configurable')).toBe(true);
    expect(items.some((p) => p.type === 'simple')).toBe(true);
    expect(items.some((p) => p.on_sale)).toBe(true);
    expect(items.some((p) => p.stock_quantity > 0 && p.stock_quantity < 10)).toBe(true);
    for (const p of items) expect(p.thumbnail).toMatch(/^https:\/\//);
    expect((await t.request('GET', '/products/featured')).body.data.length).toBeGreaterThan(0);

    const tree = await t.request('GET', '/categories/tree');
    expect(tree.body.data.length).toBeGreaterThanOrEqual(2);
    for (const root of tree.body.data) {
      expect(root.children.length).toBeGreaterThan(0);
      for (const child of root.children) expect(child.children).toEqual([]);
    }

    const shirt = items.find((p) => p.type === 'configurable') as unknown as { id: number };
    const detail = await t.request('GET', `/products/${shirt.id}`);
    const options = detail.body.data.variants.map((v: { options: object }) =>
      Object.keys(v.options),
    );
    expect(options[0].sort()).toEqual(['color', 'size']);

    const currencies = await t.request('GET', '/currency');
    expect(currencies.body.data.length).toBeGreaterThanOrEqual(3);
    expect((await t.request('GET', '/currency/default')).body.data.code).toBe('USD');
    expect((await t.request('GET', '/banners')).body.data.length).toBeGreaterThan(0);
    expect((await t.request('GET', '/search?q=hedphones')).body.meta.total).toBeGreaterThan(0);
  });

  it('every rating, review count and helpful count equals the rows behind it', async () => {
    const products = await t.db.select().from(schema.products);
    const reviews = await t.db.select().from(schema.reviews);
    const votes = await t.db.select().from(schema.reviewVotes);
    expect(reviews.length).toBeGreaterThan(100);
    expect(votes.length).toBeGreaterThan(50);
    const reviewed = products.filter((p) => p.reviewsCount > 0);
    expect(reviewed.length).toBeGreaterThan(products.length / 2);

    for (const product of products) {
      const own = reviews.filter((r) => r.productId === product.id);
      expect(product.reviewsCount, product.name).toBe(own.length);
      const average = own.length ? own.reduce((sum, r) => sum + r.rating, 0) / own.length : 0;
      expect(Number(product.rating), product.name).toBe(Math.round(average * 10 + 1e-9) / 10);
    }
    for (const review of reviews) {
      const helpful = votes.filter((v) => v.reviewId === review.id && v.helpful).length;
      expect(review.helpfulCount).toBe(helpful);
      expect(votes.some((v) => v.reviewId === review.id && v.userId === review.userId)).toBe(false);
    }

    // What the app shows agrees: the detail's count and the paginated list's total.
    const product = reviewed[0] as (typeof reviewed)[number];
    const detail = await t.request('GET', `/products/${product.id}`);
    const listed = await t.request('GET', `/products/${product.id}/reviews`);
    expect(detail.body.data.reviews_count).toBe(product.reviewsCount);
    expect(listed.body.meta.total).toBe(product.reviewsCount);
    expect(detail.body.data.recent_reviews.length).toBe(Math.min(5, product.reviewsCount));
  });
});
