import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { describe, expect, it } from 'vitest';
import {
  adminClient,
  expectFieldError,
  registerCustomer,
  trpcFailure,
  useAdminApp,
} from './harness';

const app = useAdminApp({
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
  },
});

/** A customer with one 20.00 product in the cart tries the code through the REST API. */
async function applyCoupon(code: string) {
  const product = await createProduct(app.t.db, { priceCents: 2000, stockQuantity: 5 });
  const { token } = await registerCustomer(app.t);
  await app.t.request('POST', '/cart/add', {
    token,
    body: { product_id: product.id, quantity: 1 },
  });
  return app.t.request('POST', '/cart/apply-coupon', { token, body: { coupon_code: code } });
}

describe('admin.coupons', () => {
  it('creates percentage and fixed coupons that checkout then applies', async () => {
    const percent = await app.admin.admin.coupons.create.mutate({
      code: 'SPRING15',
      type: 'percentage',
      value: 15,
      description: 'Spring sale',
    });
    expect(percent.data).toMatchObject({
      code: 'SPRING15',
      type: 'percentage',
      value: 15,
      active: true,
      times_used: 0,
      min_subtotal: null,
    });
    const fixed = await app.admin.admin.coupons.create.mutate({
      code: 'FIVE-OFF',
      type: 'fixed',
      value: 5.5,
      min_subtotal: 10,
      usage_limit: 100,
      usage_limit_per_customer: 1,
    });
    expect(fixed.data).toMatchObject({ value: 5.5, min_subtotal: 10, usage_limit: 100 });
    expect((await applyCoupon('spring15')).body.data).toMatchObject({ discount: 3 });
    expect((await applyCoupon('five-off')).body.data).toMatchObject({ discount: 5.5 });
  });

  it('keeps codes unique regardless of case: 422 errors.code on create and update', async () => {
    const first = await app.admin.admin.coupons.create.mutate({
      code: 'UNIQUE10',
      type: 'percentage',
      value: 10,
    });
    await expectFieldError(
      app.admin.admin.coupons.create.mutate({ code: 'unique10', type: 'fixed', value: 1 }),
      'code',
    );
    const other = await app.admin.admin.coupons.create.mutate({
      code: 'OTHER10',
      type: 'percentage',
      value: 10,
    });
    await expectFieldError(
      app.admin.admin.coupons.update.mutate({ id: other.data.id, code: 'Unique10' }),
      'code',
    );
    // Its own code in another case is fine.
    const renamed = await app.admin.admin.coupons.update.mutate({
      id: first.data.id,
      code: 'unique10',
    });
    expect(renamed.data.code).toBe('unique10');
  });

  it('validates values and windows', async () => {
    await expectFieldError(
      app.admin.admin.coupons.create.mutate({ code: 'TOOMUCH', type: 'percentage', value: 101 }),
      'value',
    );
    await expectFieldError(
      app.admin.admin.coupons.create.mutate({ code: 'HALF', type: 'percentage', value: 12.5 }),
      'value',
    );
    await expectFieldError(
      app.admin.admin.coupons.create.mutate({ code: 'ZERO', type: 'fixed', value: 0 }),
      'value',
    );
    await expectFieldError(
      app.admin.admin.coupons.create.mutate({ code: 'CENTS', type: 'fixed', value: 1.005 }),
      'value',
    );
    await expectFieldError(
      app.admin.admin.coupons.create.mutate({
        code: 'BACKWARDS',
        type: 'fixed',
        value: 1,
        starts_at: '2030-02-01T00:00:00.000Z',
        ends_at: '2030-01-01T00:00:00.000Z',
      }),
      'ends_at',
    );
    const fixed = await app.admin.admin.coupons.create.mutate({
      code: 'BIGFIX',
      type: 'fixed',
      value: 250,
    });
    // 250.00 off read as a percentage would be invalid: a type change needs the value again.
    await expectFieldError(
      app.admin.admin.coupons.update.mutate({ id: fixed.data.id, type: 'percentage' }),
      'value',
    );
    const switched = await app.admin.admin.coupons.update.mutate({
      id: fixed.data.id,
      type: 'percentage',
      value: 20,
    });
    expect(switched.data).toMatchObject({ type: 'percentage', value: 20 });
  });

  it('updates only the given fields, lists with pagination, deactivates', async () => {
    const created = await app.admin.admin.coupons.create.mutate({
      code: 'WINTER',
      type: 'fixed',
      value: 3,
      description: 'Winter',
    });
    const updated = await app.admin.admin.coupons.update.mutate({
      id: created.data.id,
      value: 4.25,
      ends_at: '2099-01-01T00:00:00.000Z',
    });
    expect(updated.data).toMatchObject({
      code: 'WINTER',
      description: 'Winter',
      type: 'fixed',
      value: 4.25,
      ends_at: '2099-01-01T00:00:00.000Z',
    });
    const list = await app.admin.admin.coupons.list.query({ per_page: 2 });
    expect(list.data).toHaveLength(2);
    expect(list.meta.total).toBeGreaterThanOrEqual(3);
    expect(list.data[0]?.id).toBe(created.data.id);

    const deactivated = await app.admin.admin.coupons.deactivate.mutate({ id: created.data.id });
    expect(deactivated.data.active).toBe(false);
    const refused = await applyCoupon('WINTER');
    expect(refused.status).toBe(422);
    const missing = await trpcFailure(app.admin.admin.coupons.deactivate.mutate({ id: 999_999 }));
    expect(missing.data?.httpStatus).toBe(404);
    const missingUpdate = await trpcFailure(
      app.admin.admin.coupons.update.mutate({ id: 999_999, value: 1 }),
    );
    expect(missingUpdate.data?.httpStatus).toBe(404);
  });

  it('refuses customers with 403', async () => {
    const { token } = await registerCustomer(app.t);
    const asCustomer = adminClient(app.server.baseUrl, token);
    for (const call of [
      () => asCustomer.admin.coupons.list.query({}),
      () =>
        asCustomer.admin.coupons.create.mutate({ code: 'FREE', type: 'percentage', value: 100 }),
    ]) {
      expect((await trpcFailure(call())).data?.httpStatus).toBe(403);
    }
  });
});
