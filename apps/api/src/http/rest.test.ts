import { appRouter } from '@storefront/routers/root';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { answerNotModified, createNotModifiedHandler } from './rest';

/** The 304 decision alone, with the meta the adapter would pass for the matched procedure. */
function ask(
  version: () => Promise<string>,
  request: { method: string; ifNoneMatch?: string; cacheable: boolean },
) {
  const answered: { status: number; headers: Record<string, string> }[] = [];
  const res = {
    writeHead(status: number, headers: Record<string, string>) {
      answered.push({ status, headers });
      return { end() {} };
    },
  };
  const req = { method: request.method, headers: { 'if-none-match': request.ifNoneMatch } };
  const meta = request.cacheable ? { cacheable: true } : {};
  return answerNotModified(
    { current: version },
    'public, no-cache',
  )({ req, res, meta }).then((handled) => ({ handled, answered }));
}

describe('answerNotModified (the REST handler’s 304)', () => {
  it('answers a cacheable read whose ETag still holds: 304 with the ETag and Cache-Control', async () => {
    const result = await ask(async () => 'v7', {
      method: 'GET',
      ifNoneMatch: 'W/"v7"',
      cacheable: true,
    });
    expect(result).toEqual({
      handled: true,
      answered: [{ status: 304, headers: { ETag: 'W/"v7"', 'Cache-Control': 'public, no-cache' } }],
    });
  });

  it('leaves everything else to the procedure: a stale tag, no tag, not cacheable, not a GET', async () => {
    const current = async () => 'v8';
    for (const request of [
      { method: 'GET', ifNoneMatch: 'W/"v7"', cacheable: true },
      { method: 'GET', cacheable: true },
      { method: 'GET', ifNoneMatch: 'W/"v8"', cacheable: false },
      { method: 'POST', ifNoneMatch: '*', cacheable: true },
    ]) {
      expect(await ask(current, request), JSON.stringify(request)).toEqual({
        handled: false,
        answered: [],
      });
    }
  });

  it('leaves the answer to the procedure when the catalogue version cannot be read', async () => {
    const unreachable = async () => {
      throw new Error('database unreachable');
    };
    const result = await ask(unreachable, { method: 'GET', ifNoneMatch: '*', cacheable: true });
    expect(result).toEqual({ handled: false, answered: [] });
  });
});

describe('createNotModifiedHandler (the 304 before the REST adapter)', () => {
  const handler = createNotModifiedHandler({
    router: appRouter,
    catalogVersion: { current: async () => 'v9' },
    catalogCacheControl: 'public, no-cache',
  });

  /** What the handler did with a request: answered (status, headers) or passed it on. */
  function send(url: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ passed: boolean; status?: number; label?: string }>((resolve) => {
      const req = { method, url, headers } as unknown as Request;
      const res = {
        writeHead: (status: number) => ({
          end: () => resolve({ passed: false, status, label: req.restOperation }),
        }),
      } as unknown as Response;
      handler(req, res, () => resolve({ passed: true }));
    });
  }

  it('answers a revalidated catalogue read as the adapter would match it, with its metrics label', async () => {
    const fresh = { 'if-none-match': 'W/"v9"' };
    for (const url of ['/products/12', '/PRODUCTS/12/', '/products?per_page=5', '/categories']) {
      expect((await send(url, fresh)).status, url).toBe(304);
    }
    expect((await send('/products/12', fresh)).label).toBe('/api/v1/products/{id}');
  });

  it('passes on everything else: a stale tag, no tag, a private read, a body, another method', async () => {
    expect(await send('/products/12', { 'if-none-match': 'W/"v8"' })).toEqual({ passed: true });
    expect(await send('/products/12')).toEqual({ passed: true });
    expect(await send('/cart', { 'if-none-match': '*' })).toEqual({ passed: true });
    expect(await send('/no/such/operation', { 'if-none-match': '*' })).toEqual({ passed: true });
    expect(await send('/products/12', { 'if-none-match': '*', 'content-length': '2' })).toEqual({
      passed: true,
    });
    expect(await send('/products/12', { 'if-none-match': '*' }, 'POST')).toEqual({ passed: true });
  });
});
