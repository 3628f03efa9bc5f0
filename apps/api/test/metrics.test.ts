import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { MAIL_QUEUE } from '@storefront/routers';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMetricsApp, UNMATCHED_ROUTE } from '../src/http/metrics';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { freePort } from './support/local-server';
import { parseExposition, type Sample, sampleValue } from './support/prometheus-text';
import { type ServerProcess, startServer } from './support/server-process';
import { gatewayPayment, prepareCheckout } from './support/shop';

const TOKEN = 'metrics-token-for-tests-0123456789';

async function scrape(t: TestApp): Promise<Sample[]> {
  const res = await supertest(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
  expect(res.status).toBe(200);
  return parseExposition(res.text);
}

/** How much each named sample moved between two scrapes. */
const moved =
  (before: Sample[], after: Sample[]) => (name: string, labels: Record<string, string>) =>
    sampleValue(after, name, labels) - sampleValue(before, name, labels);

describe('GET /metrics on the API port (METRICS_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ metrics: true, metricsToken: TOKEN });
    await createCurrency(t.db, { code: 'USD', isDefault: true });
    await seedStoreSetup(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses a missing or wrong token with 401 in the envelope, serves the right one as text', async () => {
    const missing = await supertest(t.app).get('/metrics');
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ success: false, error_code: 'UNAUTHENTICATED' });
    const wrong = await supertest(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ success: false, error_code: 'UNAUTHENTICATED' });
    const basic = await supertest(t.app).get('/metrics').set('Authorization', TOKEN);
    expect(basic.status).toBe(401);
    const right = await supertest(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(right.status).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.text).toContain('# TYPE storefront_http_requests_total counter');
    expect(right.text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('accepts the scheme in any case (bearer, BEARER), still only with the right token', async () => {
    for (const scheme of ['bearer', 'BEARER', 'bEaReR']) {
      const right = await supertest(t.app)
        .get('/metrics')
        .set('Authorization', `${scheme} ${TOKEN}`);
      expect(right.status).toBe(200);
      expect(right.text).toContain('# TYPE storefront_http_requests_total counter');
      const wrong = await supertest(t.app)
        .get('/metrics')
        .set('Authorization', `${scheme} ${TOKEN}x`);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ success: false, error_code: 'UNAUTHENTICATED' });
    }
    for (const header of [`Basic ${TOKEN}`, `Bearer${TOKEN}`, `Bearer`, `${TOKEN}`]) {
      const refused = await supertest(t.app).get('/metrics').set('Authorization', header);
      expect(refused.status).toBe(401);
    }
  });

  it('counts exactly the requests, the order and the e-mails of a scripted session', async () => {
    const product = await createProduct(t.db, { priceCents: 1500, stockQuantity: 5 });
    const mailsBefore = t.outbox().length;
    const before = await scrape(t);

    expect((await t.request('GET', '/products')).status).toBe(200);
    expect((await t.request('GET', `/products/${product.id}`)).status).toBe(200);
    expect((await t.request('GET', `/products/${product.id}`)).status).toBe(200);
    expect((await supertest(t.app).get('/api/v1/no-such-thing/42')).status).toBe(404);
    expect((await t.request('POST', '/auth/register', { body: { email: 'x' } })).status).toBe(422);
    const customer = await registerCustomer(t); // queues the verification e-mail
    await t.request('POST', '/cart/add', {
      token: customer.token,
      body: { product_id: product.id, quantity: 1 },
    });
    await prepareCheckout(t, customer.token, { paymentMethod: 'cod' });
    const placed = await t.request('POST', '/checkout/place-order', {
      token: customer.token,
      body: {},
    });
    expect(placed.status).toBe(201);
    // The verification and the order confirmation e-mails go through the job queue.
    await vi.waitFor(() => expect(t.outbox().length).toBe(mailsBefore + 2), { timeout: 10_000 });

    const after = await scrape(t);
    const delta = moved(before, after);
    const requests = (method: string, route: string, status: string) =>
      delta('storefront_http_requests_total', { method, route, status });
    expect(requests('GET', '/api/v1/products', '200')).toBe(1);
    expect(requests('GET', '/api/v1/products/{id}', '200')).toBe(2);
    expect(requests('GET', UNMATCHED_ROUTE, '404')).toBe(1);
    expect(requests('POST', '/api/v1/auth/register', '422')).toBe(1);
    expect(requests('POST', '/api/v1/auth/register', '201')).toBe(1);
    expect(requests('POST', '/api/v1/checkout/place-order', '201')).toBe(1);
    // The latency histogram saw the same requests.
    expect(
      delta('storefront_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/v1/products/{id}',
        status: '200',
      }),
    ).toBe(2);
    // No raw id ever becomes a label.
    const routes = new Set(after.flatMap((sample) => sample.labels.route ?? []));
    expect([...routes].filter((route) => /\/\d+(\/|$)/.test(route))).toEqual([]);
    expect(delta('storefront_mails_total', { outcome: 'sent' })).toBe(2);
    expect(delta('storefront_mails_total', { outcome: 'failed' })).toBe(0);
    expect(delta('storefront_payments_total', { outcome: 'captured' })).toBe(0);
    expect(delta('storefront_orders_placed_total', { payment_method: 'cod' })).toBe(1);
  });

  it('counts a captured card payment, a refused one and the refund of a cancelled paid order', async () => {
    const product = await createProduct(t.db, { priceCents: 2500, stockQuantity: 5 });
    const customer = await registerCustomer(t);
    const before = await scrape(t);
    await t.request('POST', '/cart/add', {
      token: customer.token,
      body: { product_id: product.id, quantity: 1 },
    });
    const checkout = await prepareCheckout(t, customer.token, { paymentMethod: 'card' });
    const gatewayOrder = checkout.gateway_order?.id ?? '';
    const forged = await t.request('POST', '/checkout/place-order', {
      token: customer.token,
      body: { payment_data: { ...gatewayPayment(gatewayOrder), gateway_signature: 'forged' } },
    });
    expect(forged.status).toBe(422);
    expect(forged.body.error_code).toBe('PAYMENT_FAILED');
    const paid = await t.request('POST', '/checkout/place-order', {
      token: customer.token,
      body: { payment_data: gatewayPayment(gatewayOrder) },
    });
    expect(paid.status).toBe(201);
    const cancelled = await t.request(
      'POST',
      `/customer/orders/${paid.body.data.order_id}/cancel`,
      {
        token: customer.token,
        body: { reason: 'Changed my mind' },
      },
    );
    expect(cancelled.body.data.payment_status).toBe('refund_pending');
    // The refund is a job: wait until it has settled.
    await vi.waitFor(
      async () => {
        const after = await scrape(t);
        expect(moved(before, after)('storefront_payments_total', { outcome: 'refunded' })).toBe(1);
      },
      { timeout: 10_000, interval: 200 },
    );
    const delta = moved(before, await scrape(t));
    expect(delta('storefront_payments_total', { outcome: 'captured' })).toBe(1);
    expect(delta('storefront_payments_total', { outcome: 'failed' })).toBe(1);
    expect(delta('storefront_payments_total', { outcome: 'refunded' })).toBe(1);
    expect(delta('storefront_orders_placed_total', { payment_method: 'card' })).toBe(1);
  });

  it('labels /trpc calls by procedure and unknown procedures with the one fixed label', async () => {
    const before = await scrape(t);
    const known = await supertest(t.app).get('/trpc/products.list').query({ input: '{}' });
    expect(known.status).toBe(200);
    const unknown = await supertest(t.app).get('/trpc/products.nothing');
    expect(unknown.status).toBe(404);
    const after = await scrape(t);
    const delta = moved(before, after);
    expect(
      delta('storefront_http_requests_total', {
        method: 'GET',
        route: '/trpc/products.list',
        status: '200',
      }),
    ).toBe(1);
    expect(
      delta('storefront_http_requests_total', {
        method: 'GET',
        route: UNMATCHED_ROUTE,
        status: '404',
      }),
    ).toBe(1);
  });
});

describe('job queue gauges', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Workers off: queued e-mails stay waiting.
    t = await createTestApp({ metrics: true, metricsToken: TOKEN, jobWorkers: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('report each queue’s waiting jobs and the age of the oldest, read from pg-boss', async () => {
    const empty = await scrape(t);
    expect(sampleValue(empty, 'storefront_job_queue_depth', { queue: MAIL_QUEUE })).toBe(0);
    expect(
      sampleValue(empty, 'storefront_job_queue_oldest_age_seconds', { queue: MAIL_QUEUE }),
    ).toBe(0);
    await registerCustomer(t);
    await registerCustomer(t);
    const queued = await scrape(t);
    expect(sampleValue(queued, 'storefront_job_queue_depth', { queue: MAIL_QUEUE })).toBe(2);
    expect(
      sampleValue(queued, 'storefront_job_queue_oldest_age_seconds', { queue: MAIL_QUEUE }),
    ).toBeGreaterThan(0);
    expect(sampleValue(queued, 'storefront_job_queue_failed', { queue: MAIL_QUEUE })).toBe(0);
  });
});

describe('where /metrics is served', () => {
  let t: TestApp;
  beforeAll(async () => {
    // METRICS_PORT set: metrics collected, but the API's port has no token to accept.
    t = await createTestApp({ metrics: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('METRICS_PORT serves it without a token; the API port then does not (404 envelope)', async () => {
    const onApi = await supertest(t.app).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(onApi.status).toBe(404);
    expect(onApi.body).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
    const metricsApp = createMetricsApp(t.metrics as NonNullable<TestApp['metrics']>);
    const onPort = await supertest(metricsApp).get('/metrics');
    expect(onPort.status).toBe(200);
    expect(onPort.headers['content-type']).toMatch(/^text\/plain/);
    expect(onPort.text).toContain('storefront_db_pool_waiting');
    const elsewhere = await supertest(metricsApp).get('/api/v1/products');
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
  });

  it('without METRICS_PORT and METRICS_TOKEN nothing is served: 404 like any unknown path', async () => {
    const plain = await createTestApp();
    try {
      const res = await supertest(plain.app).get('/metrics');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, error_code: 'NOT_FOUND' });
    } finally {
      await plain.close();
    }
  });
});

describe('the server process (main.ts)', () => {
  let server: ServerProcess | undefined;
  let dataDir: string;
  afterAll(async () => {
    server?.kill();
    await server?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('with METRICS_PORT: a second listener serves /metrics without a token, with the embedded pool and queue', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sf-metrics-'));
    const metricsPort = await freePort();
    server = await startServer({
      DATA_DIR: dataDir,
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      DATABASE_POOL_SIZE: '7',
    });
    expect((await fetch(`${server.url}/api/v1/products`)).status).toBe(200);
    const onApi = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(onApi.status).toBe(404);
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    const samples = parseExposition(await scraped.text());
    expect(
      sampleValue(samples, 'storefront_http_requests_total', {
        method: 'GET',
        route: '/api/v1/products',
        status: '200',
      }),
    ).toBe(1);
    expect(sampleValue(samples, 'storefront_db_pool_max')).toBe(7);
    expect(sampleValue(samples, 'storefront_db_pool_size')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'storefront_db_pool_waiting')).toBe(0);
    // Asked of the embedded database's thread: nothing waits once the answer is here.
    expect(samples.some((sample) => sample.name === 'storefront_embedded_db_queue_length')).toBe(
      true,
    );
    expect(sampleValue(samples, 'storefront_embedded_db_queue_length')).toBe(0);
  });
});
