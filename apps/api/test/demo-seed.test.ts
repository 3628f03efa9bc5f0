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
});
