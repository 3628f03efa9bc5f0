import { createBanner, createCurrency } from '@storefront/db/testing/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('banners', () => {
  beforeAll(async () => {
    const now = Date.now();
    await createBanner(t.db, {
      identifier: 'summer-sale',
      title: 'Summer sale',
      subtitle: 'Up to 50% off',
      linkType: 'category',
      linkValue: '12',
      position: 2,
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
    });
    await createBanner(t.db, { identifier: 'welcome', title: 'Welcome', position: 1 });
    await createBanner(t.db, { identifier: 'future', startsAt: new Date(now + HOUR) });
    await createBanner(t.db, { identifier: 'past', endsAt: new Date(now - HOUR) });
    await createBanner(t.db, { identifier: 'off', active: false });
  });

  it('lists only banners shown now, by position', async () => {
    const res = await t.request('GET', '/banners');
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: { identifier: string }) => b.identifier)).toEqual([
      'welcome',
      'summer-sale',
    ]);
    expect(res.body.data[1]).toMatchObject({
      title: 'Summer sale',
      subtitle: 'Up to 50% off',
      link_type: 'category',
      link_value: '12',
      position: 2,
      image_url: expect.stringMatching(/^https:\/\//),
    });
    expect(res.body.data[1].starts_at).toMatch(/Z$/);
    expect(res.body.data[0]).toMatchObject({ link_type: 'none', starts_at: null, ends_at: null });
  });

  it('returns one banner by identifier, 404 when unknown or outside its window', async () => {
    const res = await t.request('GET', '/banners/summer-sale');
    expect(res.status).toBe(200);
    expect(res.body.data.identifier).toBe('summer-sale');
    for (const identifier of ['future', 'past', 'off', 'nope']) {
      const missing = await t.request('GET', `/banners/${identifier}`);
      expect(missing.status, identifier).toBe(404);
      expect(missing.body.error_code).toBe('NOT_FOUND');
    }
  });
});

describe('currencies', () => {
  it('answers 404 while no default currency exists', async () => {
    const res = await t.request('GET', '/currency/default');
    expect(res.status).toBe(404);
    expect((await t.request('GET', '/currency')).body.data).toEqual([]);
  });

  it('returns the default currency and the list, default first', async () => {
    await createCurrency(t.db, {
      code: 'EUR',
      name: 'Euro',
      symbol: '€',
      exchangeRate: 0.92,
      position: 1,
    });
    await createCurrency(t.db, { code: 'USD', name: 'US Dollar', symbol: '$', isDefault: true });
    await createCurrency(t.db, { code: 'JPY', symbol: '¥', exchangeRate: 151.5, decimalPlaces: 0 });
    const res = await t.request('GET', '/currency/default');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      code: 'USD',
      name: 'US Dollar',
      symbol: '$',
      exchange_rate: 1,
      decimal_places: 2,
      is_default: true,
    });
    const list = await t.request('GET', '/currency');
    expect(list.body.data.map((c: { code: string }) => c.code)).toEqual(['USD', 'JPY', 'EUR']);
    expect(list.body.data[2]).toMatchObject({ exchange_rate: 0.92, is_default: false });
    expect(list.body.data[1]).toMatchObject({ exchange_rate: 151.5, decimal_places: 0 });
  });

  it('allows only one default currency', async () => {
    await expect(createCurrency(t.db, { code: 'GBP', isDefault: true })).rejects.toThrow();
  });
});
