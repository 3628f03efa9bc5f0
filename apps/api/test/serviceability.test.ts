import { deliveryRules } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
} from './harness';

// GET /serviceability (issue 39; docs/delivery.md): rules, dates with a fixed clock, COD.

// The next Tuesday, 05:00 UTC (10:30 in Kolkata): before the 14:00 cut-off. Relative to today,
// not a fixed date, so the fake clock never falls behind the database's own now().
const tuesday = (() => {
  const day = new Date();
  day.setUTCHours(5, 0, 0, 0);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 2);
  return day;
})();
/** The instant `days` after the order day's 05:00 UTC, plus `hours`. */
const orderDayPlus = (days: number, hours = 0) =>
  new Date(tuesday.getTime() + days * 86_400_000 + hours * 3_600_000);
/** The calendar date `days` after the order day (`YYYY-MM-DD`). */
const dayAfter = (days: number) => orderDayPlus(days).toISOString().slice(0, 10);
let now = orderDayPlus(0);
let t: TestApp;
let admin: ReturnType<typeof adminClient>;
let server: { baseUrl: string; close: () => Promise<void> };
const HEADER = 'postcode,zone,deliverable,cod,min_days,max_days';

beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => now },
    config: { storeTimeZone: 'Asia/Kolkata', storeCountry: 'IN', referenceCacheTtlMs: 60_000 },
  });
  await createCurrency(t.db, { code: 'INR', isDefault: true });
  await seedStoreSetup(t.db);
  server = await t.listen();
  admin = adminClient(server.baseUrl, (await registerAdmin(t)).token);
  await admin.admin.delivery.importRules.mutate({
    csv: [
      HEADER,
      '560001,Bengaluru centre,true,true,1,2',
      '560*,Bengaluru,true,false,2,3',
      '56*,Karnataka,true,true,3,5',
      '110001,Closed,false,false,0,0',
    ].join('\n'),
  });
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const serviceability = (query: string) => t.request('GET', `/serviceability?${query}`);

describe('GET /serviceability', () => {
  it('promises the exact code’s dates, methods and COD', async () => {
    const res = await serviceability('postcode=560001');
    expect(res.status).toBe(200);
    // Order day Tuesday, dispatch Wednesday (1 working day), arrival 1–2 days later.
    expect(res.body.data).toEqual({
      postcode: '560001',
      deliverable: true,
      cod_available: true,
      estimated_delivery: { min_date: dayAfter(2), max_date: dayAfter(3) },
      shipping_methods: [
        {
          code: 'flatrate',
          name: 'Standard delivery',
          price: 4.99,
          cod: true,
          estimated_days: { min: 2, max: 3 },
        },
        {
          code: 'free',
          name: 'Free delivery',
          price: 0,
          cod: true,
          estimated_days: { min: 2, max: 3 },
        },
      ],
      reason: null,
    });
  });

  it('uses the longest prefix, then the store default', async () => {
    const prefix = (await serviceability('postcode=560099')).body.data;
    expect(prefix).toMatchObject({
      deliverable: true,
      cod_available: false,
      reason: 'postcode',
      estimated_delivery: { min_date: dayAfter(3), max_date: dayAfter(4) },
    });
    const shorter = (await serviceability('postcode=561234')).body.data;
    expect(shorter.estimated_delivery).toEqual({ min_date: dayAfter(4), max_date: dayAfter(6) });
    // No rule: the store default (deliverable, COD, 2–5 days).
    const none = (await serviceability('postcode=400001')).body.data;
    expect(none).toMatchObject({
      deliverable: true,
      cod_available: true,
      estimated_delivery: { min_date: dayAfter(3), max_date: dayAfter(6) },
    });
  });

  it('answers not deliverable with no methods and no dates', async () => {
    const res = await serviceability('postcode=110001');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      postcode: '110001',
      deliverable: false,
      cod_available: false,
      estimated_delivery: null,
      shipping_methods: [],
      reason: 'not_serviceable',
    });
  });

  it('refuses a malformed postcode for the country with 422 naming postcode', async () => {
    for (const query of [
      'postcode=060001',
      'postcode=56001',
      'postcode=ABCDEF',
      'postcode=12345&country=GB',
    ]) {
      const res = await serviceability(query);
      expect(res.status).toBe(422);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      expect(res.body.errors.postcode).toBeDefined();
    }
    expect((await serviceability('postcode=94103&country=US')).status).toBe(200);
  });

  it('adds a made-to-order product’s days, and refuses an unknown product', async () => {
    const product = await createProduct(t.db, {});
    await admin.admin.products.update.mutate({ id: product.id, ships_in_days: 3 });
    const res = await serviceability(`postcode=560001&product_id=${product.id}`);
    // Dispatch Wednesday + 3 working days = Saturday; arrival Sunday – Monday.
    expect(res.body.data.estimated_delivery).toEqual({
      min_date: dayAfter(5),
      max_date: dayAfter(6),
    });
    const unknown = await serviceability('postcode=560001&product_id=999999');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.product_id).toBeDefined();
  });

  it('takes a signed-in customer’s cart: its latest line’s own days', async () => {
    const slow = await createProduct(t.db, {});
    await admin.admin.products.update.mutate({ id: slow.id, ships_in_days: 2 });
    const quick = await createProduct(t.db, {});
    const customer = await registerCustomer(t);
    for (const product of [quick, slow]) {
      const added = await t.request('POST', '/cart/add', {
        token: customer.token,
        body: { product_id: product.id, quantity: 1 },
      });
      expect(added.status).toBe(200);
    }
    const res = await t.request('GET', '/serviceability?postcode=560001', {
      token: customer.token,
    });
    // Dispatch Wednesday + 2 working days = Friday; arrival Saturday – Sunday.
    expect(res.body.data.estimated_delivery).toEqual({
      min_date: dayAfter(4),
      max_date: dayAfter(5),
    });
    const stranger = await t.request('GET', '/serviceability?postcode=560001', { token: 'nope' });
    expect(stranger.status).toBe(401);
  });

  it('moves across the cut-off, a Sunday and a holiday with the clock', async () => {
    // Sessions live a day: the admin saves before the clock moves.
    await admin.admin.settings.updateDelivery.mutate({ holidays: [dayAfter(6)] });
    now = orderDayPlus(4, 4); // Saturday 14:30 in Kolkata: past the cut-off
    try {
      // Order day: Sunday skipped, the next Monday a holiday → Tuesday; dispatch Wednesday.
      const res = await serviceability('postcode=560001');
      expect(res.body.data.estimated_delivery).toEqual({
        min_date: dayAfter(9),
        max_date: dayAfter(10),
      });
    } finally {
      now = orderDayPlus(0);
    }
    await admin.admin.settings.updateDelivery.mutate({ holidays: [] });
  });

  it('follows a new import and COD switched off, though answers are cached', async () => {
    expect((await serviceability('postcode=560001')).body.data.cod_available).toBe(true);
    // A row changed behind the slice's back is not seen: the answer is the cached one.
    await t.db.update(deliveryRules).set({ cod: false });
    expect((await serviceability('postcode=560001')).body.data.cod_available).toBe(true);
    await admin.admin.delivery.importRules.mutate({
      csv: `${HEADER}\n560001,Bengaluru centre,false,false,1,2`,
    });
    expect((await serviceability('postcode=560001')).body.data.deliverable).toBe(false);
    await admin.admin.settings.updateDelivery.mutate({ cod_enabled: false });
    const off = (await serviceability('postcode=560099')).body.data;
    expect(off).toMatchObject({ deliverable: true, cod_available: false, reason: 'disabled' });
    await admin.admin.settings.updateDelivery.mutate({ cod_enabled: true });
    await t.db.delete(deliveryRules);
  });
});
