import {
  catalogChanges,
  categories,
  productCategories,
  products,
  settings,
  shippingMethods,
} from '@storefront/db/schema';
import { rowsOf } from '@storefront/db/sql';
import {
  createBanner,
  createCategory,
  createConfigurableProduct,
  createCurrency,
  createProduct,
  createReview,
  createUser,
} from '@storefront/db/testing/factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './harness';

const template = inject('testDatabase');

interface Change {
  entity: string;
  id: number | string;
  op: 'upsert' | 'delete';
  data: unknown;
}

// Real time: the database stamps changes with its own clock, so the fake clock starts from it.
let now = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(now) } });
});
afterAll(async () => {
  await t.close();
});

/** One number of a snapshot function (`pg_snapshot_xmin` or `_xmax`) of the current snapshot. */
async function snapshotBound(bound: 'xmin' | 'xmax'): Promise<bigint> {
  const result = await t.db.execute(
    sql.raw(`select pg_snapshot_${bound}(pg_current_snapshot())::text as n`),
  );
  return BigInt(rowsOf<{ n: string }>(result)[0]?.n ?? '0');
}

/**
 * Until every transaction that began before now has ended. The feed passes a change only once
 * no older writing transaction is open anywhere on the server (changes.repository.ts `horizon`,
 * "never skip a change"), and on PostgreSQL another test file's database shares that server: a
 * write of this test is then withheld for a moment, correctly. The tests read after it.
 */
async function olderTransactionsEnded() {
  const began = await snapshotBound('xmax');
  await vi.waitFor(async () => expect(await snapshotBound('xmin')).toBeGreaterThanOrEqual(began), {
    timeout: 20_000,
    interval: 20,
  });
}

async function page(since?: string, limit?: number, options: { waitForOlder?: boolean } = {}) {
  // Not when the test itself holds a transaction open to see it withheld.
  if (options.waitForOlder !== false) await olderTransactionsEnded();
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const res = await t.request('GET', `/sync/changes?${query}`);
  expect(res.status).toBe(200);
  return res.body.data as { changes: Change[]; next_cursor: string; has_more: boolean };
}

/** A client's copy: follows the feed until it has nothing more; returns the pages it read. */
async function follow(store: Map<string, unknown>, since?: string, limit?: number) {
  let cursor = since;
  const pages: Change[][] = [];
  for (;;) {
    const body = await page(cursor, limit);
    pages.push(body.changes);
    for (const change of body.changes) {
      const key = `${change.entity}:${change.id}`;
      if (change.op === 'delete') store.delete(key);
      else store.set(key, change.data);
    }
    cursor = body.next_cursor;
    if (!body.has_more) return { cursor, pages };
  }
}

/** What the read endpoints answer now, keyed like the store. */
async function truth(): Promise<Map<string, unknown>> {
  const expected = new Map<string, unknown>();
  expected.set('feature_flags:features', (await t.request('GET', '/features')).body.data);
  for (const currency of (await t.request('GET', '/currency')).body.data) {
    expected.set(`currency:${currency.code}`, currency);
  }
  for (const category of (await t.request('GET', '/categories')).body.data) {
    expected.set(`category:${category.id}`, category);
  }
  for (const banner of (await t.request('GET', '/banners')).body.data) {
    expected.set(`banner:${banner.id}`, banner);
  }
  const methods = await t.db.select().from(shippingMethods).where(eq(shippingMethods.active, true));
  for (const method of methods) {
    expected.set(`shipping_method:${method.code}`, {
      code: method.code,
      name: method.name,
      description: method.description,
      rate: method.rateCents / 100,
      min_subtotal: method.minSubtotalCents === null ? null : method.minSubtotalCents / 100,
      position: method.position,
    });
  }
  const ids = await t.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.active, true));
  for (const { id } of ids) {
    expected.set(`product:${id}`, (await t.request('GET', `/products/${id}`)).body.data);
  }
  return expected;
}

const keysOf = (changes: Change[]) => changes.map((change) => `${change.entity}:${change.id}`);

describe('GET /sync/changes', () => {
  let cursor: string;
  const store = new Map<string, unknown>();
  let productA: number;
  let productB: number;
  let category: number;

  it('first sync: every live row as an upsert, paged, each the read endpoint’s DTO', async () => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await createCurrency(t.db, { code: 'EUR', exchangeRate: 0.9 });
    await t.db.insert(shippingMethods).values({ code: 'flatrate', name: 'Flat', rateCents: 500 });
    category = (await createCategory(t.db)).id;
    productA = (await createProduct(t.db, { categoryIds: [category] })).id;
    productB = (await createProduct(t.db)).id;
    await createProduct(t.db, { active: false });
    await createBanner(t.db);

    const followed = await follow(store, undefined, 3);
    cursor = followed.cursor;
    expect(followed.pages.length).toBeGreaterThan(2);
    expect(followed.pages.every((changes) => changes.length <= 3)).toBe(true);
    const all = followed.pages.flat();
    expect(all.every((change) => change.op === 'upsert')).toBe(true);
    // Reference data first, products last.
    expect(all[0]?.entity).toBe('feature_flags');
    expect(all.at(-1)?.entity).toBe('product');
    expect(store).toEqual(await truth());
    const detail = await t.request('GET', `/products/${productA}`);
    expect(store.get(`product:${productA}`)).toEqual(detail.body.data);
    expect(store.get('shipping_method:flatrate')).toEqual({
      code: 'flatrate',
      name: 'Flat',
      description: '',
      rate: 5,
      min_subtotal: null,
      position: 0,
    });
  });

  it('nothing changed: an empty page and the same position', async () => {
    const body = await page(cursor);
    expect(body).toMatchObject({ changes: [], has_more: false });
    const again = await page(body.next_cursor);
    expect(again.changes).toEqual([]);
  });

  it('deltas: a price, stock, a review, a hidden product, a link changing a category’s count', async () => {
    await t.db.update(products).set({ priceCents: 2500 }).where(eq(products.id, productA));
    const user = await createUser(t.db, { name: 'Ada' });
    await createReview(t.db, { productId: productA, userId: user.id });
    await t.db.update(products).set({ active: false }).where(eq(products.id, productB));
    await t.db.insert(productCategories).values({ productId: productB, categoryId: category });
    // A configurable product with attributes and more reviews than a detail shows: the feed's
    // batched detail read must answer what GET /products/{id} does (compared in truth()).
    const configurable = await createConfigurableProduct(t.db, {
      attributes: [{ code: 'material', values: ['Cotton', 'Linen'] }],
    });
    for (let i = 0; i < 7; i += 1) {
      const author = await createUser(t.db);
      await createReview(t.db, {
        productId: configurable.id,
        userId: author.id,
        rating: 1 + (i % 5),
        createdAt: new Date(now - i * 60_000),
      });
    }

    const before = store.get(`category:${category}`) as { product_count: number };
    const { pages, cursor: next } = await follow(store, cursor);
    cursor = next;
    const changes = pages.flat();
    const a = changes.find((change) => change.id === productA && change.entity === 'product');
    expect(a).toMatchObject({ op: 'upsert', data: { price: 25 } });
    expect((a?.data as { recent_reviews: unknown[] } | undefined)?.recent_reviews).toHaveLength(1);
    expect(changes).toContainEqual({ entity: 'product', id: productB, op: 'delete', data: null });
    expect(keysOf(changes)).toContain(`category:${category}`);
    // Hidden product B no longer counts; A still does.
    expect((store.get(`category:${category}`) as { product_count: number }).product_count).toBe(
      before.product_count,
    );
    expect(store).toEqual(await truth());
    expect(
      (store.get(`product:${configurable.id}`) as { recent_reviews: unknown[] }).recent_reviews,
    ).toHaveLength(5);
  });

  it('coalesces: a row changed many times is one change with its latest state', async () => {
    for (const price of [100, 200, 300, 400, 500]) {
      await t.db.update(products).set({ priceCents: price }).where(eq(products.id, productA));
    }
    await t.db
      .update(categories)
      .set({ name: 'Renamed category' })
      .where(eq(categories.id, category));
    const body = await page(cursor);
    expect(body.has_more).toBe(false);
    const keys = keysOf(body.changes);
    expect(new Set(keys).size).toBe(keys.length);
    const a = body.changes.filter(
      (change) => change.id === productA && change.entity === 'product',
    );
    expect(a).toHaveLength(1);
    // The latest state, including the renamed category in its detail.
    expect(a[0]?.data).toMatchObject({
      price: 5,
      categories: [{ id: category, name: 'Renamed category' }],
    });
    for (const change of body.changes) {
      if (change.op === 'delete') store.delete(`${change.entity}:${change.id}`);
      else store.set(`${change.entity}:${change.id}`, change.data);
    }
    cursor = body.next_cursor;
    expect(store).toEqual(await truth());
  });

  it('pages a long delta without losing a change (limit 2)', async () => {
    const created = [];
    for (let i = 0; i < 7; i += 1) created.push((await createProduct(t.db)).id);
    await t.db
      .update(products)
      .set({ stockQuantity: 3 })
      .where(eq(products.id, created[0] as number));
    const followed = await follow(store, cursor, 2);
    cursor = followed.cursor;
    expect(followed.pages.length).toBeGreaterThanOrEqual(4);
    for (const id of created) expect(store.has(`product:${id}`)).toBe(true);
    expect(store).toEqual(await truth());
  });

  it('feature flags, currencies and banners: upserts and deletes', async () => {
    await t.db.insert(settings).values({ key: 'feature.wishlist', value: false });
    const banner = await createBanner(t.db);
    await createCurrency(t.db, { code: 'GBP' });
    const { pages, cursor: next } = await follow(store, cursor);
    cursor = next;
    expect(pages.flat()).toContainEqual(
      expect.objectContaining({ entity: 'feature_flags', id: 'features', op: 'upsert' }),
    );
    expect(store.get('feature_flags:features')).toMatchObject({ wishlist: false });
    expect(store.has(`banner:${banner.id}`)).toBe(true);
    expect(store.has('currency:GBP')).toBe(true);
    expect(store).toEqual(await truth());

    await t.db.execute(sql`delete from banners where id = ${banner.id}`);
    const after = await follow(store, cursor);
    cursor = after.cursor;
    expect(after.pages.flat()).toContainEqual({
      entity: 'banner',
      id: banner.id,
      op: 'delete',
      data: null,
    });
    expect(store).toEqual(await truth());
  });

  it('an unknown or malformed cursor answers 410 SYNC_CURSOR_EXPIRED', async () => {
    for (const since of ['nonsense', Buffer.from('{"v":1}').toString('base64url')]) {
      const res = await t.request('GET', `/sync/changes?since=${since}`);
      expect(res.status).toBe(410);
      expect(res.body).toMatchObject({ success: false, error_code: 'SYNC_CURSOR_EXPIRED' });
    }
    const other = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    const foreign = Buffer.from(JSON.stringify({ ...other, e: 'another-db' })).toString(
      'base64url',
    );
    expect((await t.request('GET', `/sync/changes?since=${foreign}`)).status).toBe(410);
  });

  it('limit outside 1–2000 answers 422', async () => {
    for (const limit of ['0', '2001', 'x']) {
      const res = await t.request('GET', `/sync/changes?limit=${limit}`);
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('limit');
    }
  });

  it('compaction drops changes past SYNC_RETENTION_DAYS; a cursor before them answers 410', async () => {
    const old = cursor;
    await t.db.update(products).set({ priceCents: 777 }).where(eq(products.id, productA));
    const fresh = (await page(old)).next_cursor;
    now += 29 * 24 * 3600 * 1000;
    expect(await t.services.sync.feed.compact()).toBe(0);
    now += 2 * 24 * 3600 * 1000;
    expect(await t.services.sync.feed.compact()).toBeGreaterThan(0);
    expect(await t.db.select().from(catalogChanges)).toEqual([]);
    const res = await t.request('GET', `/sync/changes?since=${old}`);
    expect(res.status).toBe(410);
    expect(res.body.error_code).toBe('SYNC_CURSOR_EXPIRED');
    // A client that had read up to the compaction mark goes on.
    expect((await page(fresh)).changes).toEqual([]);
    // Starting over works.
    const again = new Map<string, unknown>();
    await follow(again);
    expect(again).toEqual(await truth());
    // The compaction runs daily on a schedule, whichever instance takes it.
    const schedules = (await t.jobs?.getSchedules()) ?? [];
    expect(schedules.map((schedule) => schedule.name)).toContain('sync-changes-compaction');
  });
});

describe.skipIf(template.kind !== 'postgres')('never skipping a change (PostgreSQL)', () => {
  it('a transaction that commits after a later one is still delivered', async () => {
    const store = new Map<string, unknown>();
    let { cursor } = await follow(store);
    const early = await createProduct(t.db);
    const late = await createProduct(t.db);
    ({ cursor } = await follow(store, cursor));

    let releaseEarly = () => {};
    const held = new Promise<void>((resolve) => {
      releaseEarly = resolve;
    });
    let wrote = () => {};
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    // The early transaction writes first (lower transaction id) and commits last.
    const earlyTx = t.db.transaction(async (tx) => {
      await tx.update(products).set({ priceCents: 111 }).where(eq(products.id, early.id));
      wrote();
      await held;
    });
    await written;
    await t.db.update(products).set({ priceCents: 222 }).where(eq(products.id, late.id));

    // The late change is committed, but handing it out would move the cursor past the early one.
    const during = await page(cursor, undefined, { waitForOlder: false });
    expect(keysOf(during.changes)).not.toContain(`product:${late.id}`);
    cursor = during.next_cursor;

    releaseEarly();
    await earlyTx;
    const after = await follow(store, cursor);
    expect(keysOf(after.pages.flat())).toEqual(
      expect.arrayContaining([`product:${early.id}`, `product:${late.id}`]),
    );
    expect(store.get(`product:${early.id}`)).toMatchObject({ price: 1.11 });
    expect(store.get(`product:${late.id}`)).toMatchObject({ price: 2.22 });
  });
});

describe('racing writers against a reader following the feed', () => {
  it('the reader’s copy equals the database at the end', async () => {
    // Each product is written once, by one transaction: a skipped change would stay stale.
    const ids: number[] = [];
    for (let i = 0; i < 40; i += 1) ids.push((await createProduct(t.db)).id);
    const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
    const store = new Map<string, unknown>();
    let { cursor } = await follow(store);

    let writing = true;
    const writer = async (n: number) => {
      for (let i = 0; i < 10; i += 1) {
        const id = ids[n * 10 + i] as number;
        await t.db.transaction(async (tx) => {
          await tx
            .update(products)
            .set({ priceCents: 5000 + n * 100 + i, stockQuantity: i })
            .where(eq(products.id, id));
          await pause();
          if (i % 3 === 0) {
            await tx.update(products).set({ active: false }).where(eq(products.id, id));
          }
        });
        await pause();
      }
    };
    const reader = async () => {
      while (writing) {
        ({ cursor } = await follow(store, cursor));
        await pause();
      }
    };
    const reading = reader();
    await Promise.all([0, 1, 2, 3].map(writer));
    writing = false;
    await reading;
    ({ cursor } = await follow(store, cursor));
    expect(store).toEqual(await truth());
  });
});
