import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerOf, createShiprocketProvider } from '../src/adapters/shiprocket';
import { createTestApp, type TestApp } from './harness';
import { startFakeShiprocket } from './support/fake-shiprocket';

// The Shiprocket serviceability adapter against a local stand-in (issue 39; docs/delivery.md):
// token auth and its refresh on 401, the cache, a slow Shiprocket answering "unknown" in time.

let shiprocket: Awaited<ReturnType<typeof startFakeShiprocket>>;
let t: TestApp;
const warnings: string[] = [];

beforeAll(async () => {
  shiprocket = await startFakeShiprocket();
  t = await createTestApp({
    metrics: true,
    config: { storeCountry: 'IN' },
    serviceabilityProvider: (metrics) =>
      createShiprocketProvider({
        baseUrl: shiprocket.baseUrl,
        email: 'ops@shop.test',
        password: 'secret',
        pickupPostcode: '110001',
        metrics,
        warn: (_details, message) => void warnings.push(message),
      }),
  });
  shiprocket.setCouriers('560001', [
    { courier_name: 'Bluedart', cod: 1, estimated_delivery_days: '2' },
    { courier_name: 'Delhivery', cod: 0, estimated_delivery_days: '4' },
  ]);
  shiprocket.setCouriers('400001', [
    { courier_name: 'Ekart', cod: 0, estimated_delivery_days: '3' },
  ]);
});
afterAll(async () => {
  await t.close();
  await shiprocket.close();
});

const serviceability = (postcode: string) =>
  t.request('GET', `/serviceability?postcode=${postcode}`);

describe('the Shiprocket provider', () => {
  it('reads couriers: none is not deliverable; COD if any courier takes it; the days they span', () => {
    expect(answerOf([])).toEqual({ deliverable: false, cod: false, minDays: 0, maxDays: 0 });
    expect(
      answerOf([
        { cod: 0, estimated_delivery_days: '5' },
        { cod: 1, estimated_delivery_days: 2 },
      ]),
    ).toEqual({ deliverable: true, cod: true, minDays: 2, maxDays: 5 });
  });

  it('logs in once, asks with the warehouse postcode and caches the answer', async () => {
    const first = await serviceability('560001');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ deliverable: true, cod_available: true, reason: null });
    expect(shiprocket.logins()).toBe(1);
    const asked = shiprocket.calls.find((c) => c.path.endsWith('/courier/serviceability/'));
    expect(asked?.query).toEqual({
      pickup_postcode: '110001',
      delivery_postcode: '560001',
      weight: '0.50',
      cod: '1',
    });
    const before = shiprocket.serviceabilityCalls();
    expect((await serviceability('560001')).body.data.deliverable).toBe(true);
    expect(shiprocket.serviceabilityCalls()).toBe(before);
    // No courier: not deliverable; a courier without COD: COD refused for the postcode.
    expect((await serviceability('799001')).body.data).toMatchObject({
      deliverable: false,
      reason: 'not_serviceable',
    });
    expect((await serviceability('400001')).body.data).toMatchObject({
      deliverable: true,
      cod_available: false,
      reason: 'postcode',
    });
  });

  it('logs in again when Shiprocket answers 401, and answers', async () => {
    shiprocket.expireTokens();
    shiprocket.setCouriers('560002', [{ cod: 1, estimated_delivery_days: '1' }]);
    const res = await serviceability('560002');
    expect(res.body.data).toMatchObject({ deliverable: true, cod_available: true });
    expect(shiprocket.logins()).toBe(2);
  });

  it('answers unknown within 2.5 s when Shiprocket is slow, uncached, logged and counted', async () => {
    shiprocket.setCouriers('560003', [{ cod: 1, estimated_delivery_days: '1' }]);
    shiprocket.delay(4_000);
    try {
      const started = performance.now();
      const res = await serviceability('560003');
      expect(performance.now() - started).toBeLessThan(2_500);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        deliverable: null,
        cod_available: false,
        estimated_delivery: null,
        reason: 'unknown',
      });
      expect(warnings).toContain('Shiprocket did not answer in time');
      const metrics = await t.metrics?.render();
      expect(metrics).toContain('storefront_serviceability_provider_total{outcome="timeout"} 1');
    } finally {
      shiprocket.delay(0);
    }
    // Not cached: the next request asks again and gets the answer.
    expect((await serviceability('560003')).body.data.deliverable).toBe(true);
  });
});
