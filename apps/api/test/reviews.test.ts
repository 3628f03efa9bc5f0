import { products, reviews, reviewVotes } from '@storefront/db/schema';
import {
  createCurrency,
  createPlacedOrder,
  createProduct,
  createReview,
  createUser,
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

const body = (productId: number, overrides: Record<string, unknown> = {}) => ({
  product_id: productId,
  rating: 4,
  title: 'Solid',
  comment: 'Works as described.',
  ...overrides,
});

async function reviewer() {
  const registered = await registerCustomer(t);
  const { token } = registered;
  return {
    ...registered,
    post: (values: Record<string, unknown>) =>
      t.request('POST', '/reviews', { token, body: values }),
    put: (id: number, values: Record<string, unknown>) =>
      t.request('PUT', `/reviews/${id}`, { token, body: values }),
    remove: (id: number) => t.request('DELETE', `/reviews/${id}`, { token }),
    vote: (id: number, helpful: unknown) =>
      t.request('POST', `/reviews/${id}/vote`, { token, body: { helpful } }),
  };
}

const productRow = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0];
const reviewRow = async (id: number) =>
  (await t.db.select().from(reviews).where(eq(reviews.id, id)))[0];

/** The stored aggregates and what product detail shows must agree with the expectation. */
async function expectAggregates(
  productId: number,
  rating: number,
  count: number,
  recentIds: number[],
) {
  const row = await productRow(productId);
  expect(row?.rating).toBe(rating);
  expect(row?.reviewsCount).toBe(count);
  const detail = await t.request('GET', `/products/${productId}`);
  expect(detail.status).toBe(200);
  expect(detail.body.data).toMatchObject({ rating, reviews_count: count });
  expect(detail.body.data.recent_reviews.map((r: { id: number }) => r.id)).toEqual(recentIds);
}

describe('POST /reviews', () => {
  it('creates a review (201) without the e-mail, and keeps rating, count and recent reviews exact', async () => {
    const product = await createProduct(t.db);
    const ann = await reviewer();
    const ben = await reviewer();
    const cat = await reviewer();

    const first = await ann.post(body(product.id, { rating: 5, title: '  Great  ' }));
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      product_id: product.id,
      customer_name: ann.user.name,
      rating: 5,
      title: 'Great',
      comment: 'Works as described.',
      helpful_count: 0,
      verified_purchase: false,
    });
    expect(Object.keys(first.body.data).sort()).toEqual(
      [
        'comment',
        'created_at',
        'customer_name',
        'helpful_count',
        'id',
        'product_id',
        'rating',
        'title',
        'updated_at',
        'verified_purchase',
      ].sort(),
    );
    expect(JSON.stringify(first.body)).not.toContain(ann.email);
    await expectAggregates(product.id, 5, 1, [first.body.data.id]);

    const second = await ben.post(body(product.id, { rating: 4 }));
    const third = await cat.post(body(product.id, { rating: 4 }));
    expect([second.status, third.status]).toEqual([201, 201]);
    // (5 + 4 + 4) / 3 = 4.333… → 4.3
    await expectAggregates(product.id, 4.3, 3, [
      third.body.data.id,
      second.body.data.id,
      first.body.data.id,
    ]);
  });

  it('answers 409 REVIEW_EXISTS on a second review of the same product, even when raced', async () => {
    const product = await createProduct(t.db);
    const ann = await reviewer();
    const results = await Promise.all([
      ann.post(body(product.id, { rating: 1 })),
      ann.post(body(product.id, { rating: 5 })),
      ann.post(body(product.id, { rating: 3 })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const conflict = results.find((r) => r.status === 409);
    expect(conflict?.body).toMatchObject({ success: false, error_code: 'REVIEW_EXISTS' });
    expect(await t.db.$count(reviews, eq(reviews.productId, product.id))).toBe(1);
    const created = results.find((r) => r.status === 201)?.body.data;
    await expectAggregates(product.id, created.rating, 1, [created.id]);
  });

  it('concurrent reviews of one product by different customers leave exact aggregates', async () => {
    const product = await createProduct(t.db);
    const people = await Promise.all([1, 2, 3, 4].map(() => reviewer()));
    const results = await Promise.all(
      people.map((p, i) => p.post(body(product.id, { rating: i + 1 }))),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const row = await productRow(product.id);
    expect(row).toMatchObject({ rating: 2.5, reviewsCount: 4 });
  });

  it('refuses unknown and inactive products with 422 errors.product_id', async () => {
    const inactive = await createProduct(t.db, { active: false });
    const ann = await reviewer();
    for (const productId of [inactive.id, 99_999_999]) {
      const res = await ann.post(body(productId));
      expect(res.status).toBe(422);
      expect(res.body.errors.product_id).toBeDefined();
    }
    expect(await t.db.$count(reviews, eq(reviews.userId, ann.user.id))).toBe(0);
  });

  it('validates rating 1–5 (whole), title 1–255 and comment 1–5000', async () => {
    const product = await createProduct(t.db);
    const ann = await reviewer();
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 3.5 }, 'rating'],
      [{ rating: undefined }, 'rating'],
      [{ title: '' }, 'title'],
      [{ title: '   ' }, 'title'],
      [{ title: 'x'.repeat(256) }, 'title'],
      [{ comment: '' }, 'comment'],
      [{ comment: 'x'.repeat(5001) }, 'comment'],
    ];
    for (const [overrides, field] of cases) {
      const res = await ann.post(body(product.id, overrides));
      expect(res.status, JSON.stringify(overrides).slice(0, 40)).toBe(422);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect(await t.db.$count(reviews, eq(reviews.productId, product.id))).toBe(0);
    const longest = await ann.post(
      body(product.id, { rating: 1, title: 't'.repeat(255), comment: 'c'.repeat(5000) }),
    );
    expect(longest.status).toBe(201);
  });

  it('sets verified_purchase for a buyer with an order that is not canceled', async () => {
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const buyer = await reviewer();
    const canceled = await reviewer();
    const stranger = await reviewer();
    await createPlacedOrder(t.db, { userId: buyer.user.id, productIds: [other.id, product.id] });
    await createPlacedOrder(t.db, {
      userId: canceled.user.id,
      productIds: [product.id],
      status: 'canceled',
    });
    await createPlacedOrder(t.db, { userId: stranger.user.id, productIds: [other.id] });

    const bought = await buyer.post(body(product.id));
    expect(bought.body.data.verified_purchase).toBe(true);
    const wasCanceled = await canceled.post(body(product.id));
    expect(wasCanceled.body.data.verified_purchase).toBe(false);
    const never = await stranger.post(body(product.id));
    expect(never.body.data.verified_purchase).toBe(false);
    expect((await reviewRow(bought.body.data.id))?.verifiedPurchase).toBe(true);
  });

  it('requires a token', async () => {
    const product = await createProduct(t.db);
    expect((await t.request('POST', '/reviews', { body: body(product.id) })).status).toBe(401);
  });
});

describe('GET /products/{id}/reviews', () => {
  it('is public, paginated with meta, newest first; unknown or inactive products answer 404', async () => {
    const product = await createProduct(t.db);
    const author = await createUser(t.db, { name: 'Dana', email: 'dana-private@example.com' });
    const ids: number[] = [];
    for (let day = 1; day <= 4; day++) {
      const people = await createUser(t.db);
      const row = await createReview(t.db, {
        productId: product.id,
        userId: day === 4 ? author.id : people.id,
        rating: day,
        createdAt: new Date(Date.UTC(2026, 0, day)),
      });
      ids.push(row.id);
    }
    const first = await t.request('GET', `/products/${product.id}/reviews?per_page=3`);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, per_page: 3, total: 4, last_page: 2 });
    expect(first.body.data.map((r: { id: number }) => r.id)).toEqual([ids[3], ids[2], ids[1]]);
    expect(first.body.data[0].customer_name).toBe('Dana');
    expect(JSON.stringify(first.body)).not.toContain('dana-private@example.com');
    const second = await t.request('GET', `/products/${product.id}/reviews?page=2&per_page=3`);
    expect(second.body.data.map((r: { id: number }) => r.id)).toEqual([ids[0]]);
    const defaults = await t.request('GET', `/products/${product.id}/reviews`);
    expect(defaults.body.meta).toMatchObject({ current_page: 1, per_page: 15, total: 4 });

    const bad = await t.request('GET', `/products/${product.id}/reviews?per_page=101`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors.per_page).toBeDefined();

    const inactive = await createProduct(t.db, { active: false });
    for (const id of [inactive.id, 99_999_999]) {
      const res = await t.request('GET', `/products/${id}/reviews`);
      expect(res.status).toBe(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
    }
    // Not shadowed by /products/{id}, whatever the case of the path.
    expect((await t.request('GET', `/PRODUCTS/${product.id}/Reviews`)).body.meta.total).toBe(4);
  });
});

describe('PUT /reviews/{id}', () => {
  it('changes only the given fields of an own review and recomputes the rating', async () => {
    const product = await createProduct(t.db);
    const ann = await reviewer();
    const ben = await reviewer();
    const a = (await ann.post(body(product.id, { rating: 5 }))).body.data;
    const b = (await ben.post(body(product.id, { rating: 4 }))).body.data;
    await expectAggregates(product.id, 4.5, 2, [b.id, a.id]);

    const updated = await ann.put(a.id, { rating: 2 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      id: a.id,
      rating: 2,
      title: 'Solid',
      comment: 'Works as described.',
    });
    await expectAggregates(product.id, 3, 2, [b.id, a.id]);

    const text = await ann.put(a.id, { title: 'Changed my mind', comment: 'It broke.' });
    expect(text.body.data).toMatchObject({ rating: 2, title: 'Changed my mind' });
    const detail = await t.request('GET', `/products/${product.id}`);
    expect(detail.body.data.recent_reviews[1]).toMatchObject({
      id: a.id,
      title: 'Changed my mind',
      comment: 'It broke.',
    });

    for (const values of [{ rating: 0 }, { rating: 3.5 }, { title: '' }]) {
      expect((await ann.put(a.id, values)).status).toBe(422);
    }
    expect((await reviewRow(a.id))?.rating).toBe(2);
  });

  it("someone else's review answers 403 FORBIDDEN and stays; an unknown id 404", async () => {
    const product = await createProduct(t.db);
    const ann = await reviewer();
    const ben = await reviewer();
    const a = (await ann.post(body(product.id, { rating: 5 }))).body.data;
    const res = await ben.put(a.id, { rating: 1 });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error_code: 'FORBIDDEN' });
    expect((await reviewRow(a.id))?.rating).toBe(5);
    await expectAggregates(product.id, 5, 1, [a.id]);
    const unknown = await ben.put(99_999_999, { rating: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_code).toBe('NOT_FOUND');
  });
});

describe('DELETE /reviews/{id}', () => {
  it('deletes an own review and recomputes rating, count and recent reviews; others get 403', async () => {
    const product = await createProduct(t.db);
    const ann = await reviewer();
    const ben = await reviewer();
    const a = (await ann.post(body(product.id, { rating: 5 }))).body.data;
    const b = (await ben.post(body(product.id, { rating: 2 }))).body.data;

    const foreign = await ben.remove(a.id);
    expect(foreign.status).toBe(403);
    expect(foreign.body.error_code).toBe('FORBIDDEN');
    expect(await reviewRow(a.id)).toBeDefined();

    const removed = await ann.remove(a.id);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, data: null });
    expect(await reviewRow(a.id)).toBeUndefined();
    await expectAggregates(product.id, 2, 1, [b.id]);
    expect((await ann.remove(a.id)).status).toBe(404);

    await ben.remove(b.id);
    await expectAggregates(product.id, 0, 0, []);
    // The customer may review the product again after deleting their review.
    expect((await ann.post(body(product.id))).status).toBe(201);
  });
});

describe('POST /reviews/{id}/vote', () => {
  it('counts one vote per customer, replaces a changed vote, and refuses voting on your own review', async () => {
    const product = await createProduct(t.db);
    const author = await reviewer();
    const voters = await Promise.all([1, 2, 3].map(() => reviewer()));
    const review = (await author.post(body(product.id))).body.data;
    const [v1, v2, v3] = voters as [
      Awaited<ReturnType<typeof reviewer>>,
      Awaited<ReturnType<typeof reviewer>>,
      Awaited<ReturnType<typeof reviewer>>,
    ];

    const first = await v1.vote(review.id, true);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: review.id, helpful_count: 1 });
    expect((await v1.vote(review.id, true)).body.data.helpful_count).toBe(1);
    expect((await v2.vote(review.id, true)).body.data.helpful_count).toBe(2);
    expect((await v3.vote(review.id, false)).body.data.helpful_count).toBe(2);
    expect((await v1.vote(review.id, false)).body.data.helpful_count).toBe(1);
    const flipped = await v3.vote(review.id, true);
    expect(flipped.body.data.helpful_count).toBe(2);
    // Voting is not an edit of the review.
    expect(flipped.body.data.updated_at).toBe(review.updated_at);

    const votes = await t.db
      .select({ userId: reviewVotes.userId, helpful: reviewVotes.helpful })
      .from(reviewVotes)
      .where(eq(reviewVotes.reviewId, review.id));
    const byUser = (a: { userId: number }, b: { userId: number }) => a.userId - b.userId;
    expect(votes.sort(byUser)).toEqual(
      [
        { userId: v1.user.id, helpful: false },
        { userId: v2.user.id, helpful: true },
        { userId: v3.user.id, helpful: true },
      ].sort(byUser),
    );
    expect((await reviewRow(review.id))?.helpfulCount).toBe(2);

    const own = await author.vote(review.id, true);
    expect(own.status).toBe(422);
    expect(own.body.error_code).toBe('VALIDATION_ERROR');
    expect(own.body.errors).toBeDefined();
    expect(
      await t.db.$count(
        reviewVotes,
        and(eq(reviewVotes.reviewId, review.id), eq(reviewVotes.userId, author.user.id)),
      ),
    ).toBe(0);

    expect((await v1.vote(99_999_999, true)).status).toBe(404);
    for (const helpful of ['yes', undefined, 1]) {
      const bad = await v1.vote(review.id, helpful);
      expect(bad.status).toBe(422);
      expect(bad.body.errors.helpful).toBeDefined();
    }
    expect((await reviewRow(review.id))?.helpfulCount).toBe(2);
    expect(
      (await t.request('POST', `/reviews/${review.id}/vote`, { body: { helpful: true } })).status,
    ).toBe(401);
  });

  it('concurrent votes are all counted', async () => {
    const product = await createProduct(t.db);
    const author = await reviewer();
    const review = (await author.post(body(product.id))).body.data;
    const voters = await Promise.all([1, 2, 3, 4].map(() => reviewer()));
    const results = await Promise.all(voters.map((v) => v.vote(review.id, true)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await reviewRow(review.id))?.helpfulCount).toBe(4);
  });
});

describe('reviews feature flag', () => {
  it('answers 403 FEATURE_DISABLED on all five endpoints while switched off, the public list included', async () => {
    const product = await createProduct(t.db);
    const ann = await reviewer();
    const ben = await reviewer();
    const review = (await ann.post(body(product.id, { rating: 5 }))).body.data;
    await t.services.storeSettings.features.setFeature('reviews', false);
    try {
      expect((await t.request('GET', '/features')).body.data.reviews).toBe(false);
      const responses = [
        await t.request('GET', `/products/${product.id}/reviews`),
        await ben.post(body(product.id)),
        await ann.put(review.id, { rating: 1 }),
        await ann.remove(review.id),
        await ben.vote(review.id, true),
      ];
      for (const res of responses) {
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, error_code: 'FEATURE_DISABLED' });
      }
      expect(await reviewRow(review.id)).toMatchObject({ rating: 5, helpfulCount: 0 });
      expect(await t.db.$count(reviews, eq(reviews.productId, product.id))).toBe(1);
    } finally {
      await t.services.storeSettings.features.setFeature('reviews', true);
    }
    expect((await t.request('GET', `/products/${product.id}/reviews`)).status).toBe(200);
  });
});
