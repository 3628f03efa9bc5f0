import { taxRules, taxSettings } from '@storefront/db/schema';
import { openTestDatabase, type TestDatabase } from '@storefront/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnitOfWork } from '../../transactions';
import { createTaxSlice } from './tax.slice';

/* The tax reader pricing will use: defaults, rules as @storefront/pricing takes them, the cache. */

function fakeClock(start = 1_000_000) {
  let ms = start;
  return { now: () => new Date(ms), advance: (by: number) => (ms += by) };
}

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.close());

const sliceWith = (clock: ReturnType<typeof fakeClock>) =>
  createTaxSlice({
    db: db.db,
    unitOfWork: createUnitOfWork(db.db),
    clock,
    referenceCacheTtlMs: 5_000,
    productsPerCategory: async () => new Map(),
  });

describe('the tax reader', () => {
  it('reads the default settings, rules with category codes and `*`, and categories', async () => {
    const slice = sliceWith(fakeClock());
    expect(await slice.reader.settings()).toEqual({
      legalName: '',
      address: '',
      taxId: null,
      pricesIncludeTax: false,
      shippingTaxable: false,
      invoicePrefix: 'INV/',
      creditNotePrefix: 'CN/',
      financialYearStartMonth: 4,
      invoiceAt: 'paid_or_shipped',
      timeZone: 'UTC',
    });
    await slice.rules.create({
      country: 'GB',
      region: '*',
      tax_category: '*',
      components: [{ name: 'VAT', rate: 20 }],
    });
    await slice.categories.create({ code: 'BOOKS', name: 'Books', hsn_code: '4901' });
    await slice.rules.create({
      country: 'GB',
      region: '*',
      tax_category: 'BOOKS',
      components: [{ name: 'VAT', rate: 0 }],
    });
    expect(await slice.reader.rules()).toEqual([
      {
        country: 'GB',
        region: '*',
        taxCategory: '*',
        components: [{ name: 'VAT', rateBasisPoints: 2000 }],
      },
      {
        country: 'GB',
        region: '*',
        taxCategory: 'BOOKS',
        components: [{ name: 'VAT', rateBasisPoints: 0 }],
      },
    ]);
    expect(await slice.reader.categories()).toEqual([
      { id: expect.any(Number), code: 'BOOKS', name: 'Books', hsnCode: '4901' },
    ]);
  });

  it('is remembered for the TTL, cleared by every tax write, and never waits on the pool in a transaction', async () => {
    const clock = fakeClock();
    const slice = sliceWith(clock);
    const before = await slice.reader.rules();
    // Written past the slice: not seen until the TTL passes.
    await db.db
      .insert(taxRules)
      .values({ country: 'FR', components: [{ name: 'TVA', rateBasisPoints: 2000 }] });
    expect(await slice.reader.rules()).toEqual(before);
    clock.advance(5_001);
    expect((await slice.reader.rules()).map((r) => r.country)).toContain('FR');

    // A write through the slice clears it at once.
    await slice.reader.settings();
    await slice.settings.update({ legal_name: 'Shop Ltd' });
    expect((await slice.reader.settings()).legalName).toBe('Shop Ltd');
    await slice.rates.set({ country: 'FR', name: 'TVA', rate: 5.5 });
    expect((await slice.reader.rules()).find((r) => r.country === 'FR')?.components).toEqual([
      { name: 'TVA', rateBasisPoints: 550 },
    ]);

    // Inside a transaction, nothing loaded yet: read through the transaction (it sees its own
    // uncommitted write), neither the pool nor the cache, which keeps the committed value.
    slice.cache.clear();
    let seen: string | undefined;
    const rolledBack = await db.db
      .transaction(async (tx) => {
        await tx.update(taxSettings).set({ legalName: 'Uncommitted' }).where(eq(taxSettings.id, 1));
        seen = (await slice.readers(tx, { inTransaction: true }).settings()).legalName;
        tx.rollback();
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toBeInstanceOf(Error);
    expect(seen).toBe('Uncommitted');
    expect((await slice.reader.settings()).legalName).toBe('Shop Ltd');
  });
});
