import { createProduct } from '@storefront/db/testing/factories';
import type { AppRouter } from '@storefront/routers/root';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
} from './harness';

let t: TestApp;
let server: { baseUrl: string; close: () => Promise<void> };
let admin: ReturnType<typeof adminClient>;
let customer: ReturnType<typeof adminClient>;
beforeAll(async () => {
  t = await createTestApp();
  server = await t.listen();
  admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
  customer = adminClient(server.baseUrl, (await registerCustomer(t)).token);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

async function trpcFailure(call: Promise<unknown>) {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  return error as TRPCClientError<AppRouter>;
}

const searchIds = async (q: string) =>
  (await t.request('GET', `/search?q=${encodeURIComponent(q)}`)).body.data.map(
    (p: { id: number }) => p.id,
  );

describe('admin.products.applyDescription', () => {
  it('saves the approved copy to the product; detail and search follow', async () => {
    const product = await createProduct(t.db, {
      name: 'Stoneware Teapot',
      shortDescription: 'A teapot.',
      description: 'Holds tea.',
    });
    expect(await searchIds('glazed')).not.toContain(product.id);
    const applied = await admin.admin.products.applyDescription.mutate({
      id: product.id,
      short_description: 'Hand-glazed stoneware teapot.',
      description: 'Thrown on the wheel and glazed in celadon; keeps a litre of oolong warm.',
    });
    expect(applied.message).toBe('Description saved.');
    expect(applied.data).toMatchObject({
      id: product.id,
      short_description: 'Hand-glazed stoneware teapot.',
      description: 'Thrown on the wheel and glazed in celadon; keeps a litre of oolong warm.',
    });
    const detail = (await t.request('GET', `/products/${product.id}`)).body.data;
    expect(detail.short_description).toBe('Hand-glazed stoneware teapot.');
    expect(detail.description).toContain('celadon');
    expect(await searchIds('celadon')).toContain(product.id);
    expect(await searchIds('glazed')).toContain(product.id);
  });

  it('404 for an unknown product, 422 for empty copy, 403 for customers', async () => {
    const missing = await trpcFailure(
      admin.admin.products.applyDescription.mutate({
        id: 999_999,
        short_description: 'x',
        description: 'y',
      }),
    );
    expect(missing.data?.httpStatus).toBe(404);
    const product = await createProduct(t.db, { description: 'Original.' });
    const empty = await trpcFailure(
      admin.admin.products.applyDescription.mutate({
        id: product.id,
        short_description: ' ',
        description: 'y',
      }),
    );
    expect(empty.data?.httpStatus).toBe(422);
    const forbidden = await trpcFailure(
      customer.admin.products.applyDescription.mutate({
        id: product.id,
        short_description: 'Mine now',
        description: 'Mine now',
      }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    expect((await t.request('GET', `/products/${product.id}`)).body.data.description).toBe(
      'Original.',
    );
  });
});
