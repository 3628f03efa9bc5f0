import { banners, currencies, shippingMethods, taxRules } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import {
  createBanner,
  createCategory,
  createCurrency,
  createProduct,
} from '@storefront/db/testing/factories';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFieldError, registerCustomer, trpcFailure, useAdminApp } from './harness';
import { NEW_ADDRESS } from './support/shop';

// Long-lived reference data (tax rates, methods, currency): admin writes must clear it at once.
const app = useAdminApp({
  config: { referenceCacheTtlMs: 600_000 },
  prepare: async (t) => {
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
  },
});

const publicBanners = async () =>
  (await app.t.request('GET', '/banners')).body.data.map(
    (b: { identifier: string }) => b.identifier,
  );
const publicCurrencies = async () =>
  (await app.t.request('GET', '/currency')).body.data.map((c: { code: string }) => c.code);
const HOUR = 3_600_000;

describe('admin.banners', () => {
  it('creates, updates and deletes banners; GET /banners follows at once', async () => {
    const product = await createProduct(app.t.db);
    const created = await app.admin.admin.banners.create.mutate({
      identifier: 'summer-sale',
      title: 'Summer sale',
      image_url: 'https://cdn.example.com/summer.jpg',
      link_type: 'product',
      link_value: String(product.id),
      position: 3,
    });
    expect(created.message).toBe('Banner created.');
    expect(created.data).toMatchObject({
      identifier: 'summer-sale',
      link_type: 'product',
      link_value: String(product.id),
      position: 3,
      active: true,
      subtitle: null,
      starts_at: null,
    });
    const id = created.data.id;
    expect(await publicBanners()).toContain('summer-sale');
    expect((await app.t.request('GET', '/banners/summer-sale')).body.data.title).toBe(
      'Summer sale',
    );

    // Inactive: gone from the storefront, still listed for the admin.
    const updated = await app.admin.admin.banners.update.mutate({
      id,
      title: 'Summer sale — last days',
      active: false,
    });
    expect(updated.data).toMatchObject({ title: 'Summer sale — last days', active: false });
    expect(await publicBanners()).not.toContain('summer-sale');
    expect((await app.t.request('GET', '/banners/summer-sale')).status).toBe(404);
    const all = await app.admin.admin.banners.list.query();
    expect(all.data.find((b) => b.id === id)).toMatchObject({ active: false });

    // Active again, but scheduled for later: still hidden; a window around now shows it.
    const later = new Date(Date.now() + HOUR).toISOString();
    await app.admin.admin.banners.update.mutate({ id, active: true, starts_at: later });
    expect(await publicBanners()).not.toContain('summer-sale');
    await app.admin.admin.banners.update.mutate({
      id,
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: later,
    });
    expect(await publicBanners()).toContain('summer-sale');

    const deleted = await app.admin.admin.banners.delete.mutate({ id });
    expect(deleted).toMatchObject({ success: true, data: null, message: 'Banner deleted.' });
    expect(await app.t.db.select().from(banners).where(eq(banners.id, id))).toEqual([]);
    expect(await publicBanners()).not.toContain('summer-sale');
  });

  it('lists every banner in storefront order, inactive ones included', async () => {
    const hidden = await createBanner(app.t.db, { active: false, position: 0 });
    const shown = await createBanner(app.t.db, { position: 0 });
    const ids = (await app.admin.admin.banners.list.query()).data.map((b) => b.id);
    expect(ids).toEqual(expect.arrayContaining([hidden.id, shown.id]));
    expect(ids.indexOf(hidden.id)).toBeLessThan(ids.indexOf(shown.id));
  });

  it('refuses bad URLs, links, windows and a taken identifier with field errors', async () => {
    const base = { identifier: 'bad-1', title: 'Bad', image_url: 'https://cdn.example.com/b.jpg' };
    await expectFieldError(
      app.admin.admin.banners.create.mutate({ ...base, image_url: 'javascript:alert(1)' }),
      'image_url',
    );
    await expectFieldError(
      app.admin.admin.banners.create.mutate({ ...base, link_type: 'url', link_value: 'ftp://x.y' }),
      'link_value',
    );
    await expectFieldError(
      app.admin.admin.banners.create.mutate({
        ...base,
        link_type: 'category',
        link_value: '999999',
      }),
      'link_value',
    );
    await expectFieldError(
      app.admin.admin.banners.create.mutate({ ...base, link_type: 'none', link_value: 'x' }),
      'link_value',
    );
    await expectFieldError(
      app.admin.admin.banners.create.mutate({
        ...base,
        starts_at: '2030-01-02T00:00:00.000Z',
        ends_at: '2030-01-01T00:00:00.000Z',
      }),
      'ends_at',
    );
    const category = await createCategory(app.t.db);
    const ok = await app.admin.admin.banners.create.mutate({
      ...base,
      link_type: 'category',
      link_value: String(category.id),
    });
    await expectFieldError(app.admin.admin.banners.create.mutate(base), 'identifier');
    // An update is checked against the stored banner: a category link needs an id.
    await expectFieldError(
      app.admin.admin.banners.update.mutate({ id: ok.data.id, link_value: 'not-an-id' }),
      'link_value',
    );
    const missing = await trpcFailure(
      app.admin.admin.banners.update.mutate({ id: 999_999, title: 'x' }),
    );
    expect(missing.data?.httpStatus).toBe(404);
    const gone = await trpcFailure(app.admin.admin.banners.delete.mutate({ id: 999_999 }));
    expect(gone.data?.httpStatus).toBe(404);
    const [stored] = await app.t.db.select().from(banners).where(eq(banners.id, ok.data.id));
    expect(stored?.linkValue).toBe(String(category.id));
  });

  it('403 for a customer token; nothing changes', async () => {
    const banner = await createBanner(app.t.db);
    const forbidden = await trpcFailure(
      app.customer.admin.banners.update.mutate({ id: banner.id, title: 'Mine' }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    expect((await trpcFailure(app.customer.admin.banners.list.query())).data?.httpStatus).toBe(403);
    const [stored] = await app.t.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(stored?.title).toBe(banner.title);
  });
});

describe('admin.currencies', () => {
  it('creates, updates and deletes a currency; GET /currency follows at once', async () => {
    const created = await app.admin.admin.currencies.create.mutate({
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      exchange_rate: 0.92,
    });
    expect(created.data).toMatchObject({
      code: 'EUR',
      exchange_rate: 0.92,
      decimal_places: 2,
      is_default: false,
    });
    expect(await publicCurrencies()).toContain('EUR');
    const updated = await app.admin.admin.currencies.update.mutate({
      code: 'EUR',
      exchange_rate: 0.95,
      symbol: 'EUR€',
    });
    expect(updated.data).toMatchObject({ exchange_rate: 0.95, symbol: 'EUR€', name: 'Euro' });
    const listed = (await app.t.request('GET', '/currency')).body.data.find(
      (c: { code: string }) => c.code === 'EUR',
    );
    expect(listed).toMatchObject({ exchange_rate: 0.95, symbol: 'EUR€' });

    expect((await app.admin.admin.currencies.delete.mutate({ code: 'EUR' })).data).toBeNull();
    expect(await app.t.db.select().from(currencies).where(eq(currencies.code, 'EUR'))).toEqual([]);
    expect(await publicCurrencies()).not.toContain('EUR');
  });

  it('refuses removing the default currency or changing its rate (422), and duplicates', async () => {
    const removal = await expectFieldError(
      app.admin.admin.currencies.delete.mutate({ code: 'USD' }),
      'code',
    );
    expect(removal.message).toBe('The default currency cannot be removed.');
    await expectFieldError(
      app.admin.admin.currencies.update.mutate({ code: 'USD', exchange_rate: 2 }),
      'exchange_rate',
    );
    expect(
      (await app.admin.admin.currencies.update.mutate({ code: 'USD', symbol: 'US$' })).data,
    ).toMatchObject({ is_default: true, exchange_rate: 1, symbol: 'US$' });
    expect((await app.t.request('GET', '/currency/default')).body.data.code).toBe('USD');

    await app.admin.admin.currencies.create.mutate({
      code: 'GBP',
      name: 'Pound',
      symbol: '£',
      exchange_rate: 0.8,
    });
    const currency = { name: 'x', symbol: 'x', exchange_rate: 1 };
    for (const [input, field] of [
      [{ ...currency, code: 'GBP' }, 'code'], // taken
      [{ ...currency, code: 'gbp' }, 'code'],
      [{ ...currency, code: 'JPY', exchange_rate: 0 }, 'exchange_rate'],
    ] as const) {
      await expectFieldError(app.admin.admin.currencies.create.mutate(input), field);
    }
    const missing = await trpcFailure(app.admin.admin.currencies.delete.mutate({ code: 'XXX' }));
    expect(missing.data?.httpStatus).toBe(404);
    const forbidden = await trpcFailure(
      app.customer.admin.currencies.delete.mutate({ code: 'GBP' }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    expect(await publicCurrencies()).toEqual(expect.arrayContaining(['USD', 'GBP']));
  });
});

describe('admin.shippingMethods', () => {
  it('creates, updates and deactivates methods; checkout offers and accepts only active ones', async () => {
    const created = await app.admin.admin.shippingMethods.create.mutate({
      code: 'express',
      name: 'Express',
      description: 'Next working day.',
      rate: 12.5,
    });
    expect(created.data).toMatchObject({
      code: 'express',
      rate: 12.5,
      active: true,
      min_subtotal: null,
    });
    const list = (await app.admin.admin.shippingMethods.list.query()).data.map((m) => m.code);
    expect(list).toEqual(expect.arrayContaining(['flatrate', 'free', 'express']));

    const { token } = await registerCustomer(app.t);
    const product = await createProduct(app.t.db, { priceCents: 2000, stockQuantity: 5 });
    await app.t.request('POST', '/cart/add', {
      token,
      body: { product_id: product.id, quantity: 1 },
    });
    await app.t.request('POST', '/checkout/shipping-address', { token, body: NEW_ADDRESS });
    const offered = async () =>
      (await app.t.request('GET', '/checkout/shipping-methods', { token })).body.data.map(
        (m: { code: string }) => m.code,
      );
    expect(await offered()).toContain('express');

    await app.admin.admin.shippingMethods.update.mutate({ code: 'express', rate: 9.99 });
    const chosen = await app.t.request('POST', '/checkout/shipping-method', {
      token,
      body: { shipping_method: 'express' },
    });
    expect(chosen.status).toBe(200);
    expect((await app.t.request('GET', '/cart', { token })).body.data.shipping).toBe(9.99);

    const deactivated = await app.admin.admin.shippingMethods.deactivate.mutate({
      code: 'express',
    });
    expect(deactivated.data.active).toBe(false);
    expect(await offered()).not.toContain('express');
    const refused = await app.t.request('POST', '/checkout/shipping-method', {
      token,
      body: { shipping_method: 'express' },
    });
    expect(refused.status).toBe(422);
    // The earlier choice no longer counts: the cart charges no shipping for it.
    expect((await app.t.request('GET', '/cart', { token })).body.data.shipping).toBe(0);
    const [stored] = await app.t.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.code, 'express'));
    expect(stored).toMatchObject({ active: false, rateCents: 999 });
  });

  it('validates fields, refuses a taken code, 404 unknown, 403 customers', async () => {
    await expectFieldError(
      app.admin.admin.shippingMethods.create.mutate({ code: 'flatrate', name: 'Again', rate: 1 }),
      'code',
    );
    await expectFieldError(
      app.admin.admin.shippingMethods.create.mutate({ code: 'Bad Code', name: 'x', rate: 1 }),
      'code',
    );
    await expectFieldError(
      app.admin.admin.shippingMethods.update.mutate({ code: 'flatrate', rate: 1.234 }),
      'rate',
    );
    const missing = await trpcFailure(
      app.admin.admin.shippingMethods.deactivate.mutate({ code: 'nowhere' }),
    );
    expect(missing.data?.httpStatus).toBe(404);
    const forbidden = await trpcFailure(
      app.customer.admin.shippingMethods.deactivate.mutate({ code: 'flatrate' }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    const [flatrate] = await app.t.db
      .select()
      .from(shippingMethods)
      .where(eq(shippingMethods.code, 'flatrate'));
    expect(flatrate).toMatchObject({ active: true, rateCents: 499 });
  });
});

describe('admin.taxRates', () => {
  /** A rate is stored as its country's rule for every region and category (migration 0023). */
  const countryRule = async (country: string) => {
    const [rule] = await app.t.db
      .select()
      .from(taxRules)
      .where(
        and(
          eq(taxRules.country, country),
          eq(taxRules.region, '*'),
          isNull(taxRules.taxCategoryId),
        ),
      );
    return rule;
  };

  it('sets and deletes rates; GET /cart taxes by the shipping country, else the default', async () => {
    const { token } = await registerCustomer(app.t);
    const product = await createProduct(app.t.db, { priceCents: 10_000, stockQuantity: 5 });
    await app.t.request('POST', '/cart/add', {
      token,
      body: { product_id: product.id, quantity: 1 },
    });
    await app.t.request('POST', '/checkout/shipping-address', { token, body: NEW_ADDRESS }); // GB
    const tax = async () => (await app.t.request('GET', '/cart', { token })).body.data.tax;
    expect(await tax()).toBe(20); // seeded UK VAT 20 %

    const saved = await app.admin.admin.taxRates.set.mutate({
      country: 'GB',
      name: 'UK VAT',
      rate: 17.5,
    });
    expect(saved.data).toMatchObject({ country: 'GB', name: 'UK VAT', rate: 17.5 });
    expect(await tax()).toBe(17.5);

    await app.admin.admin.taxRates.set.mutate({ country: '*', name: 'Standard rate', rate: 8.25 });
    expect((await app.admin.admin.taxRates.delete.mutate({ country: 'GB' })).data).toBeNull();
    expect(await tax()).toBe(8.25);
    expect(await countryRule('GB')).toBeUndefined();
    const listed = (await app.admin.admin.taxRates.list.query()).data;
    expect(listed[0]).toMatchObject({ country: '*', rate: 8.25 });
    expect(listed.map((r) => r.country)).not.toContain('GB');
  });

  it('refuses deleting the default rate, unknown countries and rates over 100', async () => {
    const refusal = await expectFieldError(
      app.admin.admin.taxRates.delete.mutate({ country: '*' }),
      'country',
    );
    expect(refusal.message).toBe('The default tax rate cannot be removed.');
    expect((await countryRule('*'))?.components).toHaveLength(1);
    await expectFieldError(
      app.admin.admin.taxRates.set.mutate({ country: 'ZZ', name: 'Nowhere', rate: 5 }),
      'country',
    );
    await expectFieldError(
      app.admin.admin.taxRates.set.mutate({ country: 'de', name: 'German VAT', rate: 19 }),
      'country',
    );
    await expectFieldError(
      app.admin.admin.taxRates.set.mutate({ country: 'DE', name: 'German VAT', rate: 101 }),
      'rate',
    );
    const missing = await trpcFailure(app.admin.admin.taxRates.delete.mutate({ country: 'JP' }));
    expect(missing.data?.httpStatus).toBe(404);
    const forbidden = await trpcFailure(
      app.customer.admin.taxRates.set.mutate({ country: 'DE', name: 'Zero', rate: 0 }),
    );
    expect(forbidden.data?.httpStatus).toBe(403);
    expect((await countryRule('DE'))?.components).toEqual([
      { name: 'German VAT', rateBasisPoints: 1900 },
    ]);
  });
});
