/** The transport's rules with an injected fetch: no server, every answer scripted. */
import { describe, expect, it } from 'vitest';
import {
  createStorefrontClient,
  type FetchLike,
  memoryRevalidationCache,
  StorefrontError,
} from '../src/index';
import { memoryTokenStore } from '../src/tokens';
import { buildRequest, createTransport, parseRetryAfter } from '../src/transport';
import { failure } from './support';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** A fetch that answers from a script, one entry per call (a function may throw). */
function scripted(...answers: Array<Response | (() => Response | Promise<Response>)>) {
  const seen: Seen[] = [];
  const fetch: FetchLike = async (url, init) => {
    seen.push({ url, method: init.method, headers: init.headers, body: init.body });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${init.method} ${url}`);
    return typeof next === 'function' ? next() : next;
  };
  return { fetch, seen };
}

const dropped = () => {
  throw new TypeError('Network request failed');
};
const fast = { baseDelayMs: 1, maxDelayMs: 2 };
const BASE = 'http://127.0.0.1:9';

describe('requests', () => {
  it('fills path params URL-encoded; the rest goes to the query (GET/DELETE) or body (POST/PUT)', () => {
    expect(
      buildRequest(
        { method: 'GET', path: '/banners/{identifier}', hasInput: true },
        { identifier: 'a b/c', lang: 'en', skip: undefined },
      ),
    ).toEqual({ path: '/banners/a%20b%2Fc', query: 'lang=en' });
    expect(
      buildRequest(
        { method: 'PUT', path: '/customer/addresses/{id}', hasInput: true },
        { id: 7, city: 'Oslo' },
      ),
    ).toEqual({ path: '/customer/addresses/7', body: '{"city":"Oslo"}' });
    expect(
      buildRequest({ method: 'DELETE', path: '/cart/items/{id}', hasInput: true }, { id: 3 }),
    ).toEqual({ path: '/cart/items/3' });
    expect(
      buildRequest(
        { method: 'GET', path: '/search', hasInput: true },
        { q: 'blue & green', per_page: 5, in_stock: false },
      ),
    ).toEqual({ path: '/search', query: 'q=blue%20%26%20green&per_page=5&in_stock=false' });
    expect(() =>
      buildRequest({ method: 'GET', path: '/products/{id}', hasInput: true }, {}),
    ).toThrow(/needs "id"/);
  });

  it('sends JSON, the bearer token and the client headers; returns data', async () => {
    const { fetch, seen } = scripted(json(200, { success: true, message: 'ok', data: { a: 1 } }));
    const client = createStorefrontClient({
      baseUrl: `${BASE}/`,
      fetch,
      tokenStore: memoryTokenStore('tok'),
      headers: { 'Accept-Language': 'de' },
    });
    const result = await client.addresses.update({ id: 5, city: 'Berlin' });
    expect(result).toEqual({ a: 1 });
    expect(seen[0]).toMatchObject({
      url: `${BASE}/api/v1/customer/addresses/5`,
      method: 'PUT',
      body: '{"city":"Berlin"}',
      headers: {
        Accept: 'application/json',
        'Accept-Language': 'de',
        Authorization: 'Bearer tok',
        'Content-Type': 'application/json',
      },
    });
  });

  it('returns { data, meta } for paginated answers and the bare body without an envelope', async () => {
    const meta = { current_page: 1, per_page: 15, total: 0, last_page: 1 };
    const { fetch } = scripted(
      json(200, { success: true, data: [], meta }),
      json(200, { connected: true, sync_enabled: false }),
      json(200, { success: true }),
    );
    const transport = createTransport({ baseUrl: BASE, fetch, tokenStore: memoryTokenStore() });
    const get = { method: 'GET', path: '/x', hasInput: false, idempotent: false, session: null };
    expect(await transport.call(get, undefined)).toEqual({ data: [], meta });
    expect(await transport.call(get, undefined)).toEqual({ connected: true, sync_enabled: false });
    expect(await transport.call(get, undefined)).toBeUndefined();
  });
});

describe('errors', () => {
  it('the envelope becomes a StorefrontError with code, field errors and retryAfter', async () => {
    const { fetch } = scripted(
      json(
        429,
        { success: false, message: 'Too many requests.', error_code: 'RATE_LIMITED' },
        { 'retry-after': '42', 'x-request-id': 'req-1' },
      ),
    );
    const client = createStorefrontClient({ baseUrl: BASE, fetch });
    const error = await failure(client.auth.login({ email: 'a@b.co', password: 'x' }));
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many requests.',
      retryAfter: 42,
      requestId: 'req-1',
      operation: 'POST /auth/login',
      fieldErrors: {},
    });
  });

  it('a non-JSON failure is UNEXPECTED_RESPONSE; a proxy 503 page is SERVICE_UNAVAILABLE', async () => {
    const { fetch } = scripted(
      new Response('<html>teapot</html>', { status: 418 }),
      new Response('<html>down</html>', { status: 503 }),
    );
    const client = createStorefrontClient({ baseUrl: BASE, fetch, retry: { retries: 0 } });
    expect((await failure(client.features.list())).code).toBe('UNEXPECTED_RESPONSE');
    expect(await failure(client.features.list())).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});

describe('retries', () => {
  it('GET retries network errors and 502/503/504, honouring Retry-After', async () => {
    const { fetch, seen } = scripted(
      dropped,
      new Response('bad gateway', { status: 502 }),
      json(
        503,
        { success: false, message: 'Down.', error_code: 'SERVICE_UNAVAILABLE' },
        {
          'retry-after': '0',
        },
      ),
      json(200, { success: true, data: { wishlist: true } }),
    );
    const client = createStorefrontClient({
      baseUrl: BASE,
      fetch,
      retry: { ...fast, retries: 3 },
    });
    expect(await client.features.list()).toEqual({ wishlist: true });
    expect(seen).toHaveLength(4);
  });

  it('gives up after the configured retries with the last error', async () => {
    const { fetch, seen } = scripted(dropped, dropped, dropped);
    const client = createStorefrontClient({ baseUrl: BASE, fetch, retry: fast });
    expect(await failure(client.features.list())).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
    expect(seen).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs', async () => {
    const { fetch, seen } = scripted(
      json(
        503,
        { success: false, message: 'Down.', error_code: 'SERVICE_UNAVAILABLE' },
        {
          'retry-after': '3600',
        },
      ),
    );
    const client = createStorefrontClient({ baseUrl: BASE, fetch, retry: fast });
    expect((await failure(client.features.list())).retryAfter).toBe(3600);
    expect(seen).toHaveLength(1);
  });

  it('never retries a POST that is not idempotent, nor a 4xx', async () => {
    const a = scripted(dropped);
    const client = createStorefrontClient({ baseUrl: BASE, fetch: a.fetch, retry: fast });
    expect((await failure(client.auth.forgotPassword({ email: 'a@b.co' }))).code).toBe(
      'NETWORK_ERROR',
    );
    expect(a.seen).toHaveLength(1);
    const b = scripted(json(404, { success: false, message: 'No.', error_code: 'NOT_FOUND' }));
    const other = createStorefrontClient({ baseUrl: BASE, fetch: b.fetch, retry: fast });
    expect((await failure(other.features.list())).code).toBe('NOT_FOUND');
    expect(b.seen).toHaveLength(1);
  });

  it('an aborted call rejects with the abort reason and is not retried', async () => {
    const controller = new AbortController();
    const fetch: FetchLike = async (_url, init) => {
      controller.abort();
      throw init.signal?.reason ?? new Error('aborted');
    };
    const client = createStorefrontClient({ baseUrl: BASE, fetch, retry: fast });
    const error = await client.features.list({ signal: controller.signal }).catch((e) => e);
    expect(error).not.toBeInstanceOf(StorefrontError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('idempotent operations (POST /checkout/place-order)', () => {
  const placeOrder = {
    method: 'POST',
    path: '/checkout/place-order',
    hasInput: true,
    idempotent: true,
    session: null,
  } as const;

  it('a dropped answer is retried with the same key; the server creates one order', async () => {
    // A server that honours Idempotency-Key: a repeat of a key answers the first response.
    const orders: string[] = [];
    const answered = new Map<string, unknown>();
    const keys: string[] = [];
    let drop = true;
    const fetch: FetchLike = async (_url, init) => {
      const key = init.headers['Idempotency-Key'] as string;
      keys.push(key);
      let body = answered.get(key);
      if (!body) {
        orders.push(key);
        body = { success: true, data: { order_id: orders.length } };
        answered.set(key, body);
      }
      if (drop) {
        drop = false;
        throw new TypeError('Network request failed'); // processed, answer lost
      }
      return json(201, body);
    };
    const transport = createTransport({
      baseUrl: BASE,
      fetch,
      tokenStore: memoryTokenStore('t'),
      retry: fast,
    });
    expect(await transport.call(placeOrder, { notes: 'ring twice' })).toEqual({ order_id: 1 });
    expect(orders).toHaveLength(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // A second order is a new call, with a new key.
    drop = false;
    expect(await transport.call(placeOrder, {})).toEqual({ order_id: 2 });
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('retries 409 IDEMPOTENCY_CONFLICT (first attempt still in flight) and uses a given key', async () => {
    const { fetch, seen } = scripted(
      json(409, { success: false, message: 'In flight.', error_code: 'IDEMPOTENCY_CONFLICT' }),
      json(201, { success: true, data: { order_id: 9 } }),
    );
    const transport = createTransport({
      baseUrl: BASE,
      fetch,
      tokenStore: memoryTokenStore(),
      retry: fast,
    });
    expect(await transport.call(placeOrder, {}, { idempotencyKey: 'my-key' })).toEqual({
      order_id: 9,
    });
    expect(seen.map((s) => s.headers['Idempotency-Key'])).toEqual(['my-key', 'my-key']);
  });
});

describe('tokens and 401', () => {
  const unauthenticated = () =>
    json(401, { success: false, message: 'Sign in.', error_code: 'UNAUTHENTICATED' });

  it('login stores the token; logout clears it even when the network fails', async () => {
    const tokens = memoryTokenStore();
    const { fetch } = scripted(
      json(200, { success: true, data: { token: 'new', token_type: 'Bearer', expires_in: 1 } }),
      dropped,
    );
    const client = createStorefrontClient({ baseUrl: BASE, fetch, tokenStore: tokens });
    await client.auth.login({ email: 'a@b.co', password: 'x' });
    expect(await tokens.get()).toBe('new');
    expect((await failure(client.auth.logout())).code).toBe('NETWORK_ERROR');
    expect(await tokens.get()).toBeNull();
  });

  it('onUnauthorized runs once per token, not once per failing request', async () => {
    const tokens = memoryTokenStore('old');
    const calls: StorefrontError[] = [];
    const { fetch } = scripted(
      unauthenticated,
      unauthenticated,
      unauthenticated,
      json(200, { success: true, data: { token: 'next', token_type: 'Bearer', expires_in: 1 } }),
      unauthenticated,
    );
    const client = createStorefrontClient({
      baseUrl: BASE,
      fetch,
      tokenStore: tokens,
      onUnauthorized: (e) => {
        calls.push(e);
      },
    });
    await Promise.all(
      [client.auth.me(), client.customer.profile(), client.features.list()].map(failure),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(1);
    expect(await tokens.get()).toBeNull();

    await client.auth.login({ email: 'a@b.co', password: 'x' });
    await failure(client.auth.me());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toHaveLength(2);
  });

  it('a 401 does not clear a token that was replaced meanwhile', async () => {
    const tokens = memoryTokenStore('old');
    const fetch: FetchLike = async () => {
      await tokens.set('fresh'); // a login finished while this request was on the wire
      return unauthenticated();
    };
    const client = createStorefrontClient({ baseUrl: BASE, fetch, tokenStore: tokens });
    await failure(client.auth.me());
    expect(await tokens.get()).toBe('fresh');
  });
});

describe('files', () => {
  it('uploadAvatar sends a React Native file object as the multipart field avatar', async () => {
    const { fetch, seen } = scripted(
      json(200, { success: true, data: { avatar_url: 'http://x/a.png' } }),
    );
    const client = createStorefrontClient({
      baseUrl: BASE,
      fetch,
      tokenStore: memoryTokenStore('t'),
    });
    const file = { uri: 'file:///tmp/a.png', name: 'a.png', type: 'image/png' };
    expect(await client.auth.uploadAvatar(file)).toEqual({ avatar_url: 'http://x/a.png' });
    const sent = seen[0] as Seen;
    expect(sent.url).toBe(`${BASE}/api/v1/auth/avatar`);
    expect(sent.body).toBeInstanceOf(FormData);
    // Node's FormData stringifies a non-Blob; React Native's takes the object as a file.
    expect((sent.body as FormData).has('avatar')).toBe(true);
    // The multipart boundary is set by fetch, never by the SDK.
    expect(sent.headers['Content-Type']).toBeUndefined();
  });

  it('invoice returns the PDF as an ArrayBuffer, and a JSON failure as a StorefrontError', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 tiny');
    const { fetch, seen } = scripted(
      new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
      json(422, {
        success: false,
        message: 'Not paid.',
        error_code: 'INVOICE_NOT_AVAILABLE',
      }),
    );
    const client = createStorefrontClient({ baseUrl: BASE, fetch });
    const bytes = await client.orders.invoice(12);
    expect(bytes).toBeInstanceOf(ArrayBuffer);
    expect(new TextDecoder().decode(bytes)).toBe('%PDF-1.7 tiny');
    expect(seen[0]?.url).toBe(`${BASE}/api/v1/customer/orders/12/invoice`);
    expect((await failure(client.orders.invoice(13))).code).toBe('INVOICE_NOT_AVAILABLE');
  });

  it('a credit note PDF by its number, its slashes sent as %2F', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 note');
    const { fetch, seen } = scripted(
      new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
      json(404, { success: false, message: 'Credit note not found.', error_code: 'NOT_FOUND' }),
    );
    const client = createStorefrontClient({ baseUrl: BASE, fetch });
    const bytes = await client.orders.creditNotePdf(12, 'CN/2627/000001');
    expect(new TextDecoder().decode(bytes)).toBe('%PDF-1.7 note');
    expect(seen[0]?.url).toBe(`${BASE}/api/v1/customer/orders/12/credit-notes/CN%2F2627%2F000001`);
    expect((await failure(client.orders.creditNotePdf(12, 'CN/0000/000009'))).code).toBe(
      'NOT_FOUND',
    );
  });
});

describe('ETag revalidation of catalogue reads', () => {
  const catalogue = (body: unknown, etag: string, cacheControl = 'public, no-cache') =>
    json(200, body, { etag, 'cache-control': cacheControl });
  const notModified = (etag: string) =>
    new Response(null, { status: 304, headers: { etag, 'cache-control': 'public, no-cache' } });

  it('sends If-None-Match with the kept ETag and answers a 304 from the copy', async () => {
    const { fetch, seen } = scripted(
      catalogue({ success: true, data: { wishlist: true } }, 'W/"v1"'),
      notModified('W/"v1"'),
      catalogue({ success: true, data: { wishlist: false } }, 'W/"v2"'),
    );
    const client = createStorefrontClient({ baseUrl: BASE, fetch });
    expect(await client.features.list()).toEqual({ wishlist: true });
    expect(seen[0]?.headers['If-None-Match']).toBeUndefined();
    const again = await client.features.list();
    expect(again).toEqual({ wishlist: true });
    expect(seen[1]?.headers['If-None-Match']).toBe('W/"v1"');
    // A changed catalogue answers 200 with the new copy, which is kept from then on.
    expect(await client.features.list()).toEqual({ wishlist: false });
    expect(seen[2]?.headers['If-None-Match']).toBe('W/"v1"');
  });

  it('keeps nothing that is not public, and nothing when the cache is off', async () => {
    const privateAnswer = () =>
      json(
        200,
        { success: true, data: { wishlist: true } },
        { etag: 'W/"p"', 'cache-control': 'private' },
      );
    const { fetch, seen } = scripted(privateAnswer(), privateAnswer());
    const client = createStorefrontClient({ baseUrl: BASE, fetch });
    await client.features.list();
    await client.features.list();
    expect(seen[1]?.headers['If-None-Match']).toBeUndefined();

    const off = scripted(
      catalogue({ success: true, data: { wishlist: true } }, 'W/"v1"'),
      catalogue({ success: true, data: { wishlist: true } }, 'W/"v1"'),
    );
    const uncached = createStorefrontClient({ baseUrl: BASE, fetch: off.fetch, cache: false });
    await uncached.features.list();
    await uncached.features.list();
    expect(off.seen[1]?.headers['If-None-Match']).toBeUndefined();
  });

  it('the memory cache drops the least recently used copy beyond its size', () => {
    const cache = memoryRevalidationCache(2);
    cache.set('a', '1', 'A');
    cache.set('b', '2', 'B');
    cache.get('a');
    cache.set('c', '3', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ etag: '1', body: 'A' });
    expect(cache.get('c')).toEqual({ etag: '3', body: 'C' });
  });
});

describe('hand-written helpers', () => {
  const device = (lastSeen: string) => ({
    success: true,
    data: {
      id: 7,
      platform: 'ios',
      app_version: null,
      locale: null,
      created_at: lastSeen,
      last_seen_at: lastSeen,
    },
  });

  it('registerForPush sends once, then again only for another token', async () => {
    const now = new Date().toISOString();
    const a = scripted(json(201, device(now)), json(201, device(now)));
    const client = createStorefrontClient({ baseUrl: BASE, fetch: a.fetch, retry: fast });
    const token = 'ExponentPushToken[abc]';
    expect((await client.notifications.registerForPush(token, { platform: 'ios' })).id).toBe(7);
    await client.notifications.registerForPush(token, { platform: 'ios' });
    expect(a.seen).toHaveLength(1);
    expect(a.seen[0]?.method).toBe('POST');
    expect(a.seen[0]?.url).toBe(`${BASE}/api/v1/customer/devices`);
    expect(JSON.parse(String(a.seen[0]?.body))).toEqual({ token, platform: 'ios' });
    await client.notifications.registerForPush('ExponentPushToken[other]', { platform: 'ios' });
    expect(a.seen).toHaveLength(2);
  });

  it('registerForPush re-sends a registration older than a day', async () => {
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    const a = scripted(json(200, device(old)), json(200, device(new Date().toISOString())));
    const client = createStorefrontClient({ baseUrl: BASE, fetch: a.fetch, retry: fast });
    await client.notifications.registerForPush('ExponentPushToken[abc]', { platform: 'android' });
    await client.notifications.registerForPush('ExponentPushToken[abc]', { platform: 'android' });
    expect(a.seen).toHaveLength(2);
  });

  it('deleteAccount sends DELETE /auth/account with the password and clears the token', async () => {
    const a = scripted(json(200, { success: true, data: null }));
    const tokenStore = memoryTokenStore('t0k');
    const client = createStorefrontClient({ baseUrl: BASE, fetch: a.fetch, tokenStore });
    expect(await client.auth.deleteAccount({ password: 'secret pass' })).toBeNull();
    expect(a.seen[0]).toMatchObject({ method: 'DELETE', url: `${BASE}/api/v1/auth/account` });
    expect(JSON.parse(String(a.seen[0]?.body))).toEqual({ password: 'secret pass' });
    expect(await tokenStore.get()).toBeNull();
  });
});
