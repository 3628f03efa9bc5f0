import { deliveryRules, deliverySettings, products } from '@storefront/db/schema';
import { createProduct } from '@storefront/db/testing/factories';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, trpcFailure, useAdminApp } from './harness';

// The delivery rules' CSV import, list and delete, and the delivery settings, over /trpc
// (issue 39; docs/delivery.md).
const app = useAdminApp();
const HEADER = 'postcode,zone,deliverable,cod,min_days,max_days';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL);

const rules = () =>
  app.t.db
    .select({
      postcode: deliveryRules.postcode,
      zone: deliveryRules.zone,
      deliverable: deliveryRules.deliverable,
      cod: deliveryRules.cod,
      minDays: deliveryRules.minDays,
      maxDays: deliveryRules.maxDays,
    })
    .from(deliveryRules)
    .orderBy(asc(deliveryRules.id));
const importCsv = (lines: string[]) =>
  app.admin.admin.delivery.importRules.mutate({ csv: [HEADER, ...lines].join('\n') });
const clearRules = () => app.t.db.delete(deliveryRules);

describe('admin.delivery', () => {
  it('is the admin’s: a customer gets 403 and changes nothing', async () => {
    const calls = [
      () =>
        app.customer.admin.delivery.importRules.mutate({ csv: `${HEADER}\n1*,A,true,true,1,2` }),
      () => app.customer.admin.delivery.listRules.query({}),
      () => app.customer.admin.delivery.deleteRules.mutate({ ids: [1] }),
      () => app.customer.admin.settings.getDelivery.query(),
      () => app.customer.admin.settings.updateDelivery.mutate({ cod_enabled: false }),
    ];
    for (const call of calls) expect((await trpcFailure(call())).data?.httpStatus).toBe(403);
    expect(await app.t.db.$count(deliveryRules)).toBe(0);
    expect(await app.t.db.$count(deliverySettings)).toBe(0);
  });

  it('imports rules, and a later import adds rules and replaces those of the same key', async () => {
    await clearRules();
    const first = await importCsv([
      '560001,Bengaluru,true,true,1,2',
      '56*,Karnataka,true,false,2,4',
    ]);
    expect(first).toMatchObject({ success: true, data: { imported: 2, rejected: [] } });
    const second = await importCsv([
      '56*,"Karnataka, rest",false,false,3,6',
      '110 001,Delhi,true,true,2,3',
    ]);
    expect(second.data).toEqual({ imported: 2, rejected: [] });
    expect(await rules()).toEqual([
      {
        postcode: '560001',
        zone: 'Bengaluru',
        deliverable: true,
        cod: true,
        minDays: 1,
        maxDays: 2,
      },
      {
        postcode: '56*',
        zone: 'Karnataka, rest',
        deliverable: false,
        cod: false,
        minDays: 3,
        maxDays: 6,
      },
      { postcode: '110001', zone: 'Delhi', deliverable: true, cod: true, minDays: 2, maxDays: 3 },
    ]);
  });

  it('imports nothing from a file with a bad line, listing each by its line in the file', async () => {
    await clearRules();
    await importCsv(['560001,Bengaluru,true,true,1,2']);
    const result = await importCsv([
      '560001,Changed,false,false,5,9',
      '400001,Mumbai,maybe,true,1,2',
      '',
      '400002,Mumbai,true,true,4,2',
    ]);
    expect(result.message).toBe('Nothing imported: fix the lines listed.');
    expect(result.data).toEqual({
      imported: 0,
      rejected: [
        { line: 3, reason: 'deliverable: true or false.' },
        { line: 5, reason: 'max_days: not less than min_days.' },
      ],
    });
    expect(await rules()).toEqual([
      {
        postcode: '560001',
        zone: 'Bengaluru',
        deliverable: true,
        cod: true,
        minDays: 1,
        maxDays: 2,
      },
    ]);
    const headerless = await app.admin.admin.delivery.importRules.mutate({
      csv: '560001,A,true,true,1,2',
    });
    expect(headerless.data.rejected).toEqual([
      { line: 1, reason: `The header must be ${HEADER}.` },
    ]);
  });

  it('imports 50,000 rules in one request (a body over 1 MB) within 5 s on PostgreSQL', async () => {
    await clearRules();
    const lines = Array.from(
      { length: 50_000 },
      (_, i) =>
        `${100000 + i * 17},Zone ${i % 97} with a long name for size,true,${i % 2 === 0},1,4`,
    );
    expect([HEADER, ...lines].join('\n').length).toBeGreaterThan(1_100_000);
    const started = performance.now();
    const result = await importCsv(lines);
    const seconds = (performance.now() - started) / 1000;
    expect(result.data).toEqual({ imported: 50_000, rejected: [] });
    expect(await app.t.db.$count(deliveryRules)).toBe(50_000);
    if (onPostgres) expect(seconds).toBeLessThan(5);
    // Importing the same file again replaces every rule: still 50,000.
    expect((await importCsv(lines)).data.imported).toBe(50_000);
    expect(await app.t.db.$count(deliveryRules)).toBe(50_000);
  });

  it('keeps the 1 MB body limit for every other call', async () => {
    const ids = Array.from({ length: 200_000 }, (_, i) => i + 1);
    const response = await fetch(`${app.server.baseUrl}/trpc/admin.delivery.deleteRules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    expect(response.status).toBe(413);
  });

  it('lists rules with a search and pages, and deletes by id', async () => {
    await clearRules();
    await importCsv([
      '560001,Bengaluru,true,true,1,2',
      '560002,Bengaluru,true,true,1,2',
      '400001,Mumbai,true,true,1,2',
    ]);
    const found = await app.admin.admin.delivery.listRules.query({ q: 'bengal', per_page: 1 });
    expect(found.meta).toEqual({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(found.data).toEqual([
      expect.objectContaining({ postcode: '560001', zone: 'Bengaluru', min_days: 1, max_days: 2 }),
    ]);
    const all = await app.admin.admin.delivery.listRules.query({});
    expect(all.data.map((r) => r.postcode)).toEqual(['400001', '560001', '560002']);
    const ids = all.data.slice(0, 2).map((r) => r.id);
    const deleted = await app.admin.admin.delivery.deleteRules.mutate({ ids: [...ids, 999_999] });
    expect(deleted.data).toEqual({ deleted: 2 });
    expect((await rules()).map((r) => r.postcode)).toEqual(['560002']);
  });
});

describe('admin.settings.getDelivery / updateDelivery', () => {
  it('reads the defaults, saves the fields given and keeps the rest', async () => {
    const defaults = await app.admin.admin.settings.getDelivery.query();
    expect(defaults.data).toEqual({
      dispatch_days: 1,
      cutoff_hour: 14,
      holidays: [],
      default_deliverable: true,
      default_cod: true,
      default_min_days: 2,
      default_max_days: 5,
      cod_enabled: true,
      cod_min_order: null,
      cod_max_order: null,
      cod_fee: 0,
      cod_requires_verified_phone: false,
      cod_max_open_orders: 2,
      payment_link_expiry_hours: 24,
      time_zone: 'UTC',
    });
    const saved = await app.admin.admin.settings.updateDelivery.mutate({
      dispatch_days: 2,
      cutoff_hour: 12,
      holidays: ['2026-12-25', '2026-01-26', '2026-12-25'],
      cod_min_order: 100,
      cod_max_order: 5000.5,
      cod_fee: 49.99,
    });
    expect(saved.data).toMatchObject({
      dispatch_days: 2,
      cutoff_hour: 12,
      holidays: ['2026-01-26', '2026-12-25'],
      cod_min_order: 100,
      cod_max_order: 5000.5,
      cod_fee: 49.99,
      cod_enabled: true,
    });
    const [row] = await app.t.db.select().from(deliverySettings);
    expect(row).toMatchObject({ codFeeCents: 4999, codMaxOrderCents: 500050, dispatchDays: 2 });
    await app.admin.admin.settings.updateDelivery.mutate({ cod_requires_verified_phone: true });
    expect((await app.admin.admin.settings.getDelivery.query()).data).toMatchObject({
      cod_requires_verified_phone: true,
      cod_fee: 49.99,
      cutoff_hour: 12,
    });
  });

  it('refuses a bad date, a maximum below the minimum, each by its field', async () => {
    await expectFieldError(
      app.admin.admin.settings.updateDelivery.mutate({ holidays: ['2026-02-30'] }),
      'holidays.0',
    );
    await expectFieldError(
      app.admin.admin.settings.updateDelivery.mutate({ cod_max_order: 50 }),
      'cod_max_order',
    );
    await expectFieldError(
      app.admin.admin.settings.updateDelivery.mutate({ default_min_days: 9 }),
      'default_min_days',
    );
    await expectFieldError(
      app.admin.admin.settings.updateDelivery.mutate({ cutoff_hour: 25 }),
      'cutoff_hour',
    );
    await expectFieldError(
      app.admin.admin.settings.updateDelivery.mutate({ cod_fee: -1 }),
      'cod_fee',
    );
    expect((await app.admin.admin.settings.getDelivery.query()).data.cod_fee).toBe(49.99);
  });
});

describe('admin.products.update: ships_in_days and returnable', () => {
  it('saves a made-to-order product’s days and its returnability, and clears the days', async () => {
    const { id } = await createProduct(app.t.db);
    const fresh = await app.admin.admin.products.get.query({ id });
    expect(fresh.data).toMatchObject({ ships_in_days: null, returnable: true });
    const made = await app.admin.admin.products.update.mutate({
      id,
      ships_in_days: 3,
      returnable: false,
    });
    expect(made.data).toMatchObject({ ships_in_days: 3, returnable: false });
    const [row] = await app.t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ shipsInDays: 3, returnable: false });
    await app.admin.admin.products.update.mutate({ id, ships_in_days: null });
    const [cleared] = await app.t.db.select().from(products).where(eq(products.id, id));
    expect(cleared).toMatchObject({ shipsInDays: null, returnable: false });
    await expectFieldError(
      app.admin.admin.products.update.mutate({ id, ships_in_days: 366 }),
      'ships_in_days',
    );
  });
});
