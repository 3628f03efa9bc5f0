import { products } from '@storefront/db/schema';
import { createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminClient, registerCustomer, trpcFailure, useAdminApp } from './harness';

const app = useAdminApp();

/** A customer reviews the product through the REST API; the review's id. */
async function review(productId: number, rating: number, token?: string) {
  const author = token ?? (await registerCustomer(app.t)).token;
  const res = await app.t.request('POST', '/reviews', {
    token: author,
    body: { product_id: productId, rating, title: `Rated ${rating}`, comment: 'Honest opinion.' },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body.data.id as number;
}

const aggregates = async (productId: number) => {
  const [row] = await app.t.db
    .select({ rating: products.rating, count: products.reviewsCount })
    .from(products)
    .where(eq(products.id, productId));
  return row;
};

describe('admin.reviews', () => {
  it('lists every review newest first, optionally of one product, with pagination', async () => {
    const mug = await createProduct(app.t.db);
    const lamp = await createProduct(app.t.db);
    const first = await review(mug.id, 5);
    const second = await review(lamp.id, 3);
    const third = await review(mug.id, 4);
    const all = await app.admin.admin.reviews.list.query({ per_page: 100 });
    const ids = all.data.map((r) => r.id);
    expect(ids.indexOf(third)).toBeLessThan(ids.indexOf(second));
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    const ofMug = await app.admin.admin.reviews.list.query({ product_id: mug.id });
    expect(ofMug.data.map((r) => r.id)).toEqual([third, first]);
    expect(ofMug.meta).toEqual({ current_page: 1, per_page: 15, total: 2, last_page: 1 });
    const paged = await app.admin.admin.reviews.list.query({
      product_id: mug.id,
      per_page: 1,
      page: 2,
    });
    expect(paged.data.map((r) => r.id)).toEqual([first]);
    expect(paged.data[0]).not.toHaveProperty('email');
  });

  it('removes a review and keeps the product’s rating and count exact', async () => {
    const product = await createProduct(app.t.db);
    const five = await review(product.id, 5);
    const two = await review(product.id, 2);
    await review(product.id, 4);
    expect(await aggregates(product.id)).toEqual({ rating: 3.7, count: 3 });
    const removed = await app.admin.admin.reviews.remove.mutate({ id: two });
    expect(removed).toMatchObject({ success: true, data: null, message: 'Review removed.' });
    expect(await aggregates(product.id)).toEqual({ rating: 4.5, count: 2 });
    const detail = (await app.t.request('GET', `/products/${product.id}`)).body.data;
    expect(detail).toMatchObject({ rating: 4.5, reviews_count: 2 });
    await app.admin.admin.reviews.remove.mutate({ id: five });
    expect(await aggregates(product.id)).toEqual({ rating: 4, count: 1 });
    const again = await trpcFailure(app.admin.admin.reviews.remove.mutate({ id: two }));
    expect(again.data?.httpStatus).toBe(404);
  });

  it('moderates reviews of an inactive product too', async () => {
    const product = await createProduct(app.t.db);
    const id = await review(product.id, 1);
    await app.t.db.update(products).set({ active: false }).where(eq(products.id, product.id));
    const listed = await app.admin.admin.reviews.list.query({ product_id: product.id });
    expect(listed.data.map((r) => r.id)).toEqual([id]);
    await app.admin.admin.reviews.remove.mutate({ id });
    expect(await aggregates(product.id)).toEqual({ rating: 0, count: 0 });
  });

  it('refuses customers with 403, even for their own review', async () => {
    const product = await createProduct(app.t.db);
    const author = await registerCustomer(app.t);
    const id = await review(product.id, 5, author.token);
    const asCustomer = adminClient(app.server.baseUrl, author.token);
    for (const call of [
      () => asCustomer.admin.reviews.list.query({}),
      () => asCustomer.admin.reviews.remove.mutate({ id }),
    ]) {
      expect((await trpcFailure(call())).data?.httpStatus).toBe(403);
    }
    expect(await aggregates(product.id)).toEqual({ rating: 5, count: 1 });
  });
});
