import { currencies, users } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSlice, type SliceHarness } from '../../../test/slice-caller';
import type { AppError } from '../../errors';

let slice: SliceHarness;
let admin: ReturnType<SliceHarness['caller']>;
let customerToken: string;

beforeAll(async () => {
  slice = await openSlice();
  await seedStoreSetup(slice.db.db);
  const owner = await slice.customer();
  // An Owner (issue 41): the role that holds every permission.
  await slice.db.db
    .update(users)
    .set({ role: 'admin', staffRoleId: sql`(select id from staff_roles where preset = 'owner')` })
    .where(eq(users.id, owner.userId));
  admin = slice.caller(owner.token);
  customerToken = (await slice.customer()).token;
});
afterAll(() => slice.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as AppError,
  );

describe('store settings, called as admin procedures', () => {
  it('are the admin’s: a customer gets FORBIDDEN', async () => {
    const error = await failure(slice.caller(customerToken).admin.currencies.list());
    expect(error.errorCode).toBe('FORBIDDEN');
  });

  it('keep the default currency and its rate of 1', async () => {
    const [base] = await slice.db.db
      .insert(currencies)
      .values({ code: 'USD', name: 'US Dollar', symbol: '$', isDefault: true })
      .returning();
    if (!base) throw new Error('currency insert returned no row');
    const rate = await failure(
      admin.admin.currencies.update({ code: base.code, exchange_rate: 2 }),
    );
    expect(rate.fieldErrors).toHaveProperty('exchange_rate');
    const removed = await failure(admin.admin.currencies.delete({ code: base.code }));
    expect(removed.errorCode).toBe('VALIDATION_ERROR');
    expect(await slice.db.db.$count(currencies, eq(currencies.code, base.code))).toBe(1);
  });

  it('answer a taken shipping code as a field error, and deactivate instead of deleting', async () => {
    const created = await admin.admin.shippingMethods.create({
      code: 'courier',
      name: 'Courier',
      rate: 9.5,
    });
    expect(created.data).toMatchObject({ code: 'courier', rate: 9.5, active: true });
    const taken = await failure(
      admin.admin.shippingMethods.create({ code: 'courier', name: 'Again', rate: 1 }),
    );
    expect(taken.fieldErrors).toHaveProperty('code');
    const off = await admin.admin.shippingMethods.deactivate({ code: 'courier' });
    expect(off.data.active).toBe(false);
  });
});
