import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';

const ALLOWED = 'https://shop.example.com';
const OTHER = 'https://evil.example.net';

let t: TestApp;
let closed: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ corsOrigins: [ALLOWED, 'http://localhost:3000'] });
  closed = await createTestApp();
  ({ token } = await registerCustomer(t));
});
afterAll(async () => {
  await t?.close();
  await closed?.close();
});

describe('CORS (CORS_ORIGINS)', () => {
  it('lets a configured origin read responses', async () => {
    const res = await supertest(t.app).get('/api/v1/features').set('Origin', ALLOWED);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-expose-headers']).toBe('ETag,Retry-After');
    expect(res.headers.vary).toMatch(/Origin/);
  });

  it('answers a preflight from a configured origin with the methods and headers the API uses', async () => {
    const res = await supertest(t.app)
      .options('/api/v1/checkout/place-order')
      .set('Origin', ALLOWED)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(res.headers['access-control-allow-methods']?.split(',')).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
    );
    expect(res.headers['access-control-allow-headers']?.split(',')).toEqual([
      'Authorization',
      'Content-Type',
      'Idempotency-Key',
      'If-None-Match',
    ]);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives any other origin no CORS header, on requests and preflights', async () => {
    const res = await supertest(t.app).get('/api/v1/features').set('Origin', OTHER);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await supertest(t.app)
      .options('/api/v1/cart')
      .set('Origin', `${ALLOWED}.evil.example.net`)
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends no CORS headers at all when no origin is configured (the default)', async () => {
    const res = await supertest(closed.app).get('/api/v1/features').set('Origin', ALLOWED);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await supertest(closed.app)
      .options('/api/v1/cart')
      .set('Origin', ALLOWED)
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
  });
});

describe('security headers', () => {
  it.each([
    ['a public read', '/api/v1/features'],
    ['an error', '/api/v1/no-such-route'],
    ['the OpenAPI document', '/api/v1/openapi.json'],
  ])('helmet’s headers on %s, and no X-Powered-By', async (_name, path) => {
    const res = await supertest(t.app).get(path);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'self'/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each([
    ['GET', '/auth/me'],
    ['GET', '/cart'],
    ['GET', '/customer/addresses'],
    ['POST', '/cart/add'],
  ])('Cache-Control: no-store on the authenticated %s %s', async (method, path) => {
    const res = await t.request(method, path, {
      token,
      ...(method === 'POST' ? { body: {} } : {}),
    });
    expect(res.status).toBeLessThan(500);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('no-store also on a write without a token, and on /trpc calls with one', async () => {
    const login = await t.request('POST', '/auth/login', { body: { email: 'x@example.com' } });
    expect(login.headers['cache-control']).toBe('no-store');
    const trpc = await supertest(t.app)
      .get('/trpc/auth.me')
      .set('Authorization', `Bearer ${token}`);
    expect(trpc.status).toBe(200);
    expect(trpc.headers['cache-control']).toBe('no-store');
  });

  it('leaves public catalogue reads to their own ETag caching', async () => {
    const res = await supertest(t.app).get('/api/v1/categories');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
    expect(res.headers.etag).toBeDefined();
  });

  it('answers a public catalogue read the same way with a token: public, no-cache and an ETag', async () => {
    const res = await supertest(t.app)
      .get('/api/v1/categories')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.etag).toBeDefined();
  });
});
