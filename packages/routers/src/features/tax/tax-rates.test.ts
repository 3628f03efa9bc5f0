import { taxRules, users } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { and, eq, isNull, sql } from 'drizzle-orm';
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

/** The country's rule for every region and category: what a rate is stored as. */
const countryRule = async (country: string) => {
  const [rule] = await slice.db.db
    .select()
    .from(taxRules)
    .where(
      and(eq(taxRules.country, country), eq(taxRules.region, '*'), isNull(taxRules.taxCategoryId)),
    );
  return rule;
};

describe('admin.taxRates, country rates over tax rules', () => {
  it('are the admin’s: a customer gets FORBIDDEN', async () => {
    const error = await failure(slice.caller(customerToken).admin.taxRates.list());
    expect(error.errorCode).toBe('FORBIDDEN');
  });

  it('list the seeded rates, the default first', async () => {
    const listed = (await admin.admin.taxRates.list()).data;
    expect(listed.map(({ country, name, rate }) => ({ country, name, rate }))).toEqual([
      { country: '*', name: 'Standard rate', rate: 10 },
      { country: 'DE', name: 'German VAT', rate: 19 },
      { country: 'FR', name: 'French VAT', rate: 20 },
      { country: 'GB', name: 'UK VAT', rate: 20 },
      { country: 'US', name: 'US sales tax (average)', rate: 8.25 },
    ]);
  });

  it('keep the default tax rate: it can be set to 0 but not deleted', async () => {
    const refused = await failure(admin.admin.taxRates.delete({ country: '*' }));
    expect(refused.errorCode).toBe('VALIDATION_ERROR');
    expect(refused.fieldErrors).toHaveProperty('country');
    const zero = await admin.admin.taxRates.set({ country: '*', name: 'No tax', rate: 0 });
    expect(zero.data.rate).toBe(0);
    expect((await countryRule('*'))?.components).toEqual([{ name: 'No tax', rateBasisPoints: 0 }]);
  });

  it('replace a country’s rule in place and delete it', async () => {
    const before = await countryRule('GB');
    await admin.admin.taxRates.set({ country: 'GB', name: 'VAT', rate: 17.5 });
    const after = await countryRule('GB');
    expect(after?.id).toBe(before?.id);
    expect(after?.components).toEqual([{ name: 'VAT', rateBasisPoints: 1750 }]);
    expect((await admin.admin.taxRates.delete({ country: 'GB' })).data).toBeNull();
    expect(await countryRule('GB')).toBeUndefined();
  });

  it('refuse an unknown country and answer NOT_FOUND for a country without its own rate', async () => {
    const unknown = await failure(admin.admin.taxRates.set({ country: 'ZZ', name: 'x', rate: 5 }));
    expect(unknown.fieldErrors).toHaveProperty('country');
    const missing = await failure(admin.admin.taxRates.delete({ country: 'JP' }));
    expect(missing.errorCode).toBe('NOT_FOUND');
  });
});
