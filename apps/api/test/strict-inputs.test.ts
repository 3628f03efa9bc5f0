import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';
import { idempotencyKeys, users } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { buildOpenApiDocument } from '@storefront/routers/openapi';
import { eq } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { NEW_ADDRESS, prepareCheckout } from './support/shop';

/** Inputs that used to answer 500 or were accepted where the contract says 422 (issue 12). */

let t: TestApp;
let token: string;
let userId: number;
let productId: number;
beforeAll(async () => {
  t = await createTestApp();
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
  productId = (await createProduct(t.db, { priceCents: 1000, stockQuantity: 50 })).id;
  const customer = await registerCustomer(t);
  token = customer.token;
  userId = customer.user.id;
});
afterAll(async () => {
  await t.close();
});

const expectFieldError = (
  res: { status: number; body: { error_code?: string; errors?: object } },
  field: string,
) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(res.body.error_code).toBe('VALIDATION_ERROR');
  expect(Object.keys(res.body.errors ?? {})).toEqual([field]);
};

describe('NUL bytes and lone surrogates', () => {
  const nul = 'a\u0000b';
  const operations: [string, string, object | undefined, string][] = [
    ['PUT', '/auth/profile', { name: nul }, 'name'],
    ['PUT', '/customer/profile', { name: nul }, 'name'],
    ['POST', '/customer/addresses', { ...NEW_ADDRESS, city: nul }, 'city'],
    ['POST', '/checkout/shipping-address', { ...NEW_ADDRESS, first_name: nul }, 'first_name'],
    ['POST', '/checkout/billing-address', { ...NEW_ADDRESS, last_name: nul }, 'last_name'],
    ['POST', '/checkout/payment-method', { payment_method: nul }, 'payment_method'],
    ['POST', '/cart/apply-coupon', { coupon_code: nul }, 'coupon_code'],
    ['POST', '/reviews', { product_id: 1, rating: 5, title: nul, comment: 'fine' }, 'title'],
    ['POST', '/reviews', { product_id: 1, rating: 5, title: 'fine', comment: nul }, 'comment'],
    ['POST', '/customer/orders/1/cancel', { reason: nul }, 'reason'],
    ['POST', '/system/api-sync/heartbeat', { connected: true, last_message: nul }, 'last_message'],
    ['POST', '/checkout/place-order', { notes: nul }, 'notes'],
    ['GET', '/search?q=a%00', undefined, 'q'],
    ['GET', '/search/suggestions?q=a%00', undefined, 'q'],
  ];
  for (const [method, path, body, field] of operations) {
    it(`${method} ${path} with NUL in ${field} answers 422 naming it`, async () => {
      const res = await t.request(method, path, { token, ...(body ? { body } : {}) });
      expectFieldError(res, field);
    });
  }

  it('a lone surrogate answers 422 too; a paired one is stored', async () => {
    expectFieldError(
      await t.request('PUT', '/auth/profile', { token, body: { name: 'x\ud800y' } }),
      'name',
    );
    const ok = await t.request('PUT', '/auth/profile', { token, body: { name: 'Ada 😀' } });
    expect(ok.status).toBe(200);
    const [row] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    expect(row?.name).toBe('Ada 😀');
  });

  it('checks authentication first: no token is still 401', async () => {
    const res = await t.request('PUT', '/auth/profile', { body: { name: nul } });
    expect(res.status).toBe(401);
  });
});

describe('exact body types and strict path/query integers', () => {
  it('a JSON string is not a number in a body: {"quantity": "2"}, {"rating": "5"}', async () => {
    expectFieldError(
      await t.request('POST', '/cart/add', {
        token,
        body: { product_id: productId, quantity: '2' },
      }),
      'quantity',
    );
    expectFieldError(
      await t.request('POST', '/cart/add', {
        token,
        body: { product_id: `${productId}`, quantity: 1 },
      }),
      'product_id',
    );
    expectFieldError(
      await t.request('POST', '/reviews', {
        token,
        body: { product_id: productId, rating: '5', title: 'Good', comment: 'Works well.' },
      }),
      'rating',
    );
    const cart = await t.request('GET', '/cart', { token });
    expect(cart.body.data.items).toEqual([]);
  });

  it.each(['0x1', '1e3', '%201', '1.0', '01', '+1', '1%20'])(
    'GET /products/%s answers 422 errors.id',
    async (raw) => {
      expectFieldError(await t.request('GET', `/products/${raw}`), 'id');
    },
  );

  it.each(['0x1', '1e0', '%201', '1.0'])(
    'GET /products?page=%s answers 422 errors.page',
    async (raw) => {
      expectFieldError(await t.request('GET', `/products?page=${raw}`), 'page');
    },
  );

  it('canonical integers still work in paths and queries', async () => {
    expect((await t.request('GET', `/products/${productId}`)).status).toBe(200);
    const page = await t.request('GET', '/products?page=1&per_page=5');
    expect(page.status).toBe(200);
    expect(page.body.meta).toMatchObject({ current_page: 1, per_page: 5 });
  });

  it('id 0 answers "Must be at least 1."', async () => {
    const res = await t.request('GET', '/products/0');
    expectFieldError(res, 'id');
    expect(res.body.errors).toEqual({ id: ['Must be at least 1.'] });
  });

  it('a JSON array body to PUT /auth/profile answers 422 and changes nothing', async () => {
    const before = await t.request('GET', '/auth/me', { token });
    const res = await t.request('PUT', '/auth/profile', { token, body: [{ name: 'Eve' }] });
    expectFieldError(res, 'body');
    const after = await t.request('GET', '/auth/me', { token });
    expect(after.body.data).toEqual(before.body.data);
  });
});

describe('request framing', () => {
  it.each(['gzip', 'deflate'])(
    'Content-Encoding: %s with a body that is not answers 400 BAD_REQUEST',
    async (encoding) => {
      const res = await supertest(t.app)
        .post('/api/v1/auth/login')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(JSON.stringify({ email: 'a@example.com', password: 'whatever' }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error_code: 'BAD_REQUEST' });
    },
  );

  it('a real gzip body is still read', async () => {
    const server = await t.listen();
    try {
      const res = await fetch(`${server.baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
        body: gzipSync(JSON.stringify({ email: 'nobody@example.com', password: 'whatever' })),
      });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error_code: string }).error_code).toBe('INVALID_CREDENTIALS');
    } finally {
      await server.close();
    }
  });

  it('an Idempotency-Key over 255 characters answers 422 and is not stored', async () => {
    const buyer = await registerCustomer(t);
    await t.request('POST', '/cart/add', {
      token: buyer.token,
      body: { product_id: productId, quantity: 1 },
    });
    await prepareCheckout(t, buyer.token);
    const res = await t.request('POST', '/checkout/place-order', {
      token: buyer.token,
      body: {},
      headers: { 'Idempotency-Key': 'k'.repeat(256) },
    });
    expectFieldError(res, 'Idempotency-Key');
    const stored = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, buyer.user.id));
    expect(stored).toEqual([]);
    const placed = await t.request('POST', '/checkout/place-order', {
      token: buyer.token,
      body: {},
      headers: { 'Idempotency-Key': 'k'.repeat(255) },
    });
    expect(placed.status).toBe(201);
  });

  it('HEAD on every GET operation answers like GET, without a body', async () => {
    const document = buildOpenApiDocument({ baseUrl: 'http://shop.test/api/v1', version: 'test' });
    const paths = Object.entries(document.paths ?? {})
      .filter(([, item]) => item && 'get' in item && item.get)
      .map(([path]) => path.replace(/\{[^}]+\}/g, String(productId)));
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const get = await supertest(t.app)
        .get(`/api/v1${path}`)
        .set('Authorization', `Bearer ${token}`);
      const head = await supertest(t.app)
        .head(`/api/v1${path}`)
        .set('Authorization', `Bearer ${token}`);
      expect(head.status, path).toBe(get.status);
      expect(head.headers['content-type'], path).toBe(get.headers['content-type']);
      expect(head.text ?? '', path).toBe('');
    }
  });

  it('an over-long header answers 431 with the envelope', async () => {
    const server = await t.listen();
    try {
      const { status, body } = await new Promise<{ status: number; body: string }>(
        (resolve, reject) => {
          const req = httpRequest(`${server.baseUrl}/api/v1/products`, {
            headers: { 'X-Padding': 'x'.repeat(20_000) },
          });
          req.on('response', (res) => {
            let text = '';
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          });
          req.on('error', reject);
          req.end();
        },
      );
      expect(status).toBe(431);
      expect(JSON.parse(body)).toEqual({
        success: false,
        error_code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        message: 'The request headers are too large.',
      });
    } finally {
      await server.close();
    }
  });
});
