import type { Services } from '@storefront/routers/services';
import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { answerNotModifiedEarly } from './early-revalidation';

/** The early 304 alone, in front of a stand-in for the REST handler that counts what reaches it. */
function appWith(current: () => Promise<string>) {
  const reached: string[] = [];
  const services = { catalogVersion: { current } } as unknown as Services;
  const app = express();
  app.set('etag', false); // as the API (app.ts): the stand-in must not answer 304 on its own
  app.use('/api/v1', answerNotModifiedEarly(services, 'public, no-cache'), (req, res) => {
    reached.push(req.originalUrl);
    res.json({ reached: true });
  });
  return { app, reached };
}

describe('answerNotModifiedEarly', () => {
  it('answers a catalogue read whose ETag still holds with 304, never reaching the procedure', async () => {
    const { app, reached } = appWith(async () => 'v7');
    for (const path of ['/api/v1/products/12', '/api/v1/categories/tree', '/api/v1/PRODUCTS']) {
      const res = await supertest(app).get(path).set('If-None-Match', 'W/"v7"');
      expect(res.status, path).toBe(304);
      expect(res.headers.etag).toBe('W/"v7"');
      expect(res.headers['cache-control']).toBe('public, no-cache');
    }
    expect(reached).toEqual([]);
  });

  it('lets everything else through: a stale tag, no tag, a non-catalogue read, a write', async () => {
    const { app, reached } = appWith(async () => 'v8');
    await supertest(app).get('/api/v1/products/12').set('If-None-Match', 'W/"v7"');
    await supertest(app).get('/api/v1/products/12');
    await supertest(app).get('/api/v1/cart').set('If-None-Match', 'W/"v8"');
    await supertest(app).post('/api/v1/cart/add').set('If-None-Match', '*');
    expect(reached).toEqual([
      '/api/v1/products/12',
      '/api/v1/products/12',
      '/api/v1/cart',
      '/api/v1/cart/add',
    ]);
  });

  it('leaves the answer to the procedure when the catalogue version cannot be read', async () => {
    const { app, reached } = appWith(async () => {
      throw new Error('database unreachable');
    });
    const res = await supertest(app).get('/api/v1/products').set('If-None-Match', 'W/"v1"');
    expect(res.status).toBe(200);
    expect(reached).toEqual(['/api/v1/products']);
  });
});
