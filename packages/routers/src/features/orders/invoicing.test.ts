import type { Executor } from '@storefront/db/client';
import { creditNotes, documentCounters, orders, taxSettings } from '@storefront/db/schema';
import { openTestDatabase, type TestDatabase } from '@storefront/db/testing';
import { createPlacedOrder, createUser } from '@storefront/db/testing/factories';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { taxReader } from '../tax';
import { createCreditNotesRepository } from './credit-notes.repository';
import { issueCreditNote } from './credit-notes.steps';
import { createDocumentCountersRepository } from './document-counters.repository';
import { invoiceOrder } from './invoicing.steps';
import { createOrdersRepository } from './orders.repository';

/*
 * The gapless series on the database (PGlite, and PostgreSQL with TEST_DATABASE_URL): numbers
 * taken by concurrent transactions, rolled back, across financial years and prefixes.
 */

let test: TestDatabase;
let userId: number;
beforeAll(async () => {
  test = await openTestDatabase();
  userId = (await createUser(test.db)).id;
});
afterAll(() => test.close());
// Each test starts the series afresh: no counters, no numbers, the default settings.
beforeEach(async () => {
  await test.db.delete(creditNotes);
  await test.db.update(orders).set({ invoiceNumber: null, invoiceDate: null });
  await test.db.delete(documentCounters);
  await test.db.delete(taxSettings);
});

const repos = (tx: Executor) => ({
  orders: createOrdersRepository(tx),
  counters: createDocumentCountersRepository(tx),
  creditNotes: createCreditNotesRepository(tx),
  tax: taxReader(tx),
});
const invoice = (orderId: number, now: Date) =>
  test.db.transaction((tx) => invoiceOrder(repos(tx), orderId, now));
const placed = async (count: number) => {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await createPlacedOrder(test.db, { userId, productIds: [] })).id);
  return ids;
};
const settings = (values: Partial<typeof taxSettings.$inferInsert>) =>
  test.db
    .insert(taxSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: taxSettings.id, set: values });

const NOV_2026 = new Date('2026-11-28T10:00:00Z');
const numberOf = (counter: number, year = '2627', prefix = 'INV/') =>
  `${prefix}${year}/${String(counter).padStart(6, '0')}`;

describe('invoice numbers', () => {
  it('50 orders invoiced at once: 50 consecutive numbers, no gap, no repeat', async () => {
    const ids = await placed(50);
    const invoiced = await Promise.all(ids.map((id) => invoice(id, NOV_2026)));
    const numbers = invoiced.map((order) => order.invoiceNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => numberOf(i + 1)));
    const rows = await test.db.select().from(orders).where(inArray(orders.id, ids));
    expect(new Set(rows.map((row) => row.invoiceNumber)).size).toBe(50);
    expect(rows.every((row) => row.invoiceDate === '2026-11-28')).toBe(true);
    expect(await test.db.select().from(documentCounters)).toEqual([
      { series: 'invoice', financialYear: '2627', lastNumber: 50 },
    ]);
  });

  it('one order invoiced by five transactions at once gets one number; again: the same', async () => {
    const [id] = await placed(1);
    if (id === undefined) throw new Error('no order');
    const results = await Promise.all(Array.from({ length: 5 }, () => invoice(id, NOV_2026)));
    expect(new Set(results.map((order) => order.invoiceNumber))).toEqual(new Set([numberOf(1)]));
    expect((await invoice(id, new Date('2027-05-01T00:00:00Z'))).invoiceNumber).toBe(numberOf(1));
    const [counter] = await test.db.select().from(documentCounters);
    expect(counter?.lastNumber).toBe(1);
  });

  it('a rolled-back assignment leaves no gap: the next number is the next integer', async () => {
    const [first, lost, next] = await placed(3);
    if (first === undefined || lost === undefined || next === undefined)
      throw new Error('no order');
    expect((await invoice(first, NOV_2026)).invoiceNumber).toBe(numberOf(1));
    const failed = await test.db
      .transaction(async (tx) => {
        const order = await invoiceOrder(repos(tx), lost, NOV_2026);
        expect(order.invoiceNumber).toBe(numberOf(2));
        throw new Error('the payment could not be recorded');
      })
      .catch((error: Error) => error.message);
    expect(failed).toBe('the payment could not be recorded');
    const [row] = await test.db.select().from(orders).where(eq(orders.id, lost));
    expect(row).toMatchObject({ invoiceNumber: null, invoiceDate: null });
    expect((await invoice(next, NOV_2026)).invoiceNumber).toBe(numberOf(2));
    expect((await invoice(lost, NOV_2026)).invoiceNumber).toBe(numberOf(3));
  });

  it('a financial year starting in April: 31 March and 1 April are different years', async () => {
    const ids = await placed(4);
    const at = [
      '2027-03-31T23:59:59Z',
      '2027-04-01T00:00:00Z',
      '2027-04-01T08:00:00Z',
      '2026-04-01T00:00:00Z',
    ];
    const numbers = [];
    for (const [index, id] of ids.entries())
      numbers.push((await invoice(id, new Date(at[index] ?? ''))).invoiceNumber);
    expect(numbers).toEqual([
      numberOf(1, '2627'),
      numberOf(1, '2728'),
      numberOf(2, '2728'),
      numberOf(2, '2627'),
    ]);
    const [row] = await test.db
      .select()
      .from(orders)
      .where(eq(orders.id, ids[1] ?? 0));
    expect(row?.invoiceDate).toBe('2027-04-01');
  });

  it('dates in the shop’s time zone: 31 March 19:00 UTC is 1 April in India, a new year', async () => {
    await settings({ timeZone: 'Asia/Kolkata' });
    const [late, utc] = await placed(2);
    const at = new Date('2027-03-31T19:00:00Z');
    expect((await invoice(late ?? 0, at)).invoiceNumber).toBe(numberOf(1, '2728'));
    const [row] = await test.db
      .select()
      .from(orders)
      .where(eq(orders.id, late ?? 0));
    expect(row?.invoiceDate).toBe('2027-04-01');
    await settings({ timeZone: 'UTC' });
    expect((await invoice(utc ?? 0, at)).invoiceNumber).toBe(numberOf(1, '2627'));
  });

  it('other start months and a prefix of the shop’s: the year and prefix in the number', async () => {
    await settings({ financialYearStartMonth: 1, invoicePrefix: 'B2C-' });
    const [jan, dec, july, june] = await placed(4);
    expect((await invoice(jan ?? 0, new Date('2027-01-01T00:00:00Z'))).invoiceNumber).toBe(
      'B2C-2027/000001',
    );
    expect((await invoice(dec ?? 0, new Date('2026-12-31T23:59:59Z'))).invoiceNumber).toBe(
      'B2C-2026/000001',
    );
    await settings({ financialYearStartMonth: 7, invoicePrefix: '' });
    expect((await invoice(july ?? 0, new Date('2027-07-01T00:00:00Z'))).invoiceNumber).toBe(
      '2728/000001',
    );
    expect((await invoice(june ?? 0, new Date('2027-06-30T12:00:00Z'))).invoiceNumber).toBe(
      '2627/000001',
    );
  });
});

describe('credit note numbers', () => {
  it('from their own series and prefix; none for an order never invoiced', async () => {
    await settings({ creditNotePrefix: 'CR-' });
    const [invoiced, open] = await placed(2);
    await invoice(invoiced ?? 0, NOV_2026);
    const issue = (orderId: number) =>
      test.db.transaction((tx) =>
        issueCreditNote(repos(tx), {
          orderId,
          items: 'all',
          includeShipping: true,
          reason: 'Cancelled',
          now: NOV_2026,
        }),
      );
    expect(await issue(open ?? 0)).toBeNull();
    // Nothing left to reverse (the factory's order has no lines or shipping): no number taken.
    expect(await issue(invoiced ?? 0)).toBeNull();
    expect(await test.db.select().from(documentCounters)).toEqual([
      { series: 'invoice', financialYear: '2627', lastNumber: 1 },
    ]);
  });
});
