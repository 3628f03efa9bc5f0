import { openPostgres } from '@storefront/db/client';
import { ERROR_CODES } from '@storefront/routers/errors';
import type { AppRouter } from '@storefront/routers/root';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import { freePort, type LocalServer, listenLocally } from './support/local-server';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Exactly the contract's failure envelope (docs/contract.md §1), nothing more. */
function expectEnvelope(body: unknown, errorCode: string, withErrors = false) {
  const envelope = body as Record<string, unknown>;
  expect(envelope).toMatchObject({ success: false, error_code: errorCode });
  expect(typeof envelope.message).toBe('string');
  expect(ERROR_CODES).toContain(errorCode);
  const keys = ['error_code', 'message', 'success', ...(withErrors ? ['errors'] : [])].sort();
  expect(Object.keys(envelope).sort()).toEqual(keys);
}

const login = { email: 'nobody@example.com', password: 'whatever password' };

describe('request bodies', () => {
  it('answers 400 BAD_REQUEST for a body that is not valid JSON', async () => {
    const res = await t.request('POST', '/auth/login', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"email": "a@example.com", ',
    });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'BAD_REQUEST');
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a JSON body over 1 MB', async () => {
    const res = await t.request('POST', '/auth/login', {
      body: { ...login, padding: 'x'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expectEnvelope(res.body, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 415 UNSUPPORTED_MEDIA_TYPE for a body that is not JSON', async () => {
    const res = await t.request('POST', '/auth/login', {
      headers: { 'Content-Type': 'text/plain' },
      body: 'email=a@example.com',
    });
    expect(res.status).toBe(415);
    expectEnvelope(res.body, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 422 VALIDATION_ERROR with errors keyed by field', async () => {
    const res = await t.request('POST', '/auth/login', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expectEnvelope(res.body, 'VALIDATION_ERROR', true);
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'password']);
    for (const messages of Object.values(res.body.errors)) {
      expect(messages).toEqual([expect.any(String)]);
    }
  });

  it('accepts application/json; charset=utf-8 (what OkHttp sends)', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('POST', '/auth/login', {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ email: customer.email, password: customer.password }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(customer.email);
  });

  it('accepts a body-less POST /auth/logout without a content type', async () => {
    const customer = await registerCustomer(t);
    const res = await supertest(t.app)
      .post('/api/v1/auth/logout')
      .set('Authorization', `Bearer ${customer.token}`);
    expect(res.request.getHeader?.('content-type')).toBeUndefined();
    expect(res.status).toBe(200);
    t.validate('POST', '/api/v1/auth/logout', res.status, res.body);
    expect(res.body).toMatchObject({ success: true, data: null });
    const me = await t.request('GET', '/auth/me', { token: customer.token });
    expect(me.status).toBe(401);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/v1/no-such-thing'],
    ['POST', '/api/v1/auth/no-such-thing'],
    ['GET', '/no-such-thing'],
    ['DELETE', '/'],
  ])('%s %s answers 404 NOT_FOUND in the envelope', async (method, path) => {
    const res = await supertest(t.app)[method.toLowerCase() as 'get'](path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectEnvelope(res.body, 'NOT_FOUND');
  });

  it.each(['/uploads/avatars/nothing.png', '/uploads/', '/uploads/%2e%2e/%2e%2e/etc/passwd'])(
    'GET %s answers 404 NOT_FOUND, not a 500',
    async (path) => {
      const res = await supertest(t.app).get(path);
      expect(res.status).toBe(404);
      expectEnvelope(res.body, 'NOT_FOUND');
    },
  );
});

describe('headers', () => {
  it('sends no x-powered-by and sends helmet headers', async () => {
    const res = await supertest(t.app).get('/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('echoes a given X-Request-Id and generates one otherwise', async () => {
    const given = await t.request('GET', '/features', { headers: { 'X-Request-Id': 'abc-123.x' } });
    expect(given.headers['x-request-id']).toBe('abc-123.x');
    const generated = await t.request('GET', '/features');
    expect(generated.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    const other = await t.request('GET', '/features');
    expect(other.headers['x-request-id']).not.toBe(generated.headers['x-request-id']);
  });

  it('replaces an X-Request-Id that is not a plain token', async () => {
    const res = await t.request('GET', '/features', {
      headers: { 'X-Request-Id': 'evil\tvalue with spaces' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('health and readiness', () => {
  it('GET /health answers 200', async () => {
    const res = await supertest(t.app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /ready answers 200 while the database answers', async () => {
    const res = await supertest(t.app).get('/ready');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('GET /ready answers 503 SERVICE_UNAVAILABLE once the database is closed, and so do procedures', async () => {
    const closed = await createTestApp();
    try {
      const customer = await registerCustomer(closed);
      await closed.database.close();
      const ready = await supertest(closed.app).get('/ready');
      expect(ready.status).toBe(503);
      expectEnvelope(ready.body, 'SERVICE_UNAVAILABLE');
      const me = await closed.request('GET', '/auth/me', { token: customer.token });
      expect(me.status).toBe(503);
      expectEnvelope(me.body, 'SERVICE_UNAVAILABLE');
      // /health is about the process, not the database.
      expect((await supertest(closed.app).get('/health')).status).toBe(200);
    } finally {
      await closed.close();
    }
  });
});

describe('an unreachable database', () => {
  let down: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    down = await createTestApp({
      database: openPostgres({
        url: `postgres://postgres@127.0.0.1:${port}/storefront`,
        connectTimeoutSeconds: 1,
        maxConnections: 1,
      }),
    });
  });
  afterAll(async () => {
    await down.close();
  });

  it('answers 503 SERVICE_UNAVAILABLE to a procedure instead of hanging', async () => {
    const res = await down.request('POST', '/auth/login', { body: login });
    expect(res.status).toBe(503);
    expectEnvelope(res.body, 'SERVICE_UNAVAILABLE');
  });

  it('answers 503 to an authenticated request', async () => {
    const res = await down.request('GET', '/auth/me', { token: 'x'.repeat(43) });
    expect(res.status).toBe(503);
    expectEnvelope(res.body, 'SERVICE_UNAVAILABLE');
  });

  it('answers 503 on /ready', async () => {
    const res = await supertest(down.app).get('/ready');
    expect(res.status).toBe(503);
    expectEnvelope(res.body, 'SERVICE_UNAVAILABLE');
  });
});

describe('GET /api/v1/openapi.json', () => {
  interface Operation {
    requestBody?: { content: Record<string, { schema?: unknown }> };
    responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  }
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };
  beforeAll(async () => {
    const res = await supertest(t.app).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it('is OpenAPI 3.1 with the error envelope component', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.schemas.ErrorEnvelope).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['success', 'message', 'error_code']),
    });
  });

  const withBody: [string, string, number][] = [
    ['post', '/auth/register', 201],
    ['post', '/auth/login', 200],
    ['put', '/auth/profile', 200],
    ['post', '/auth/password/change', 200],
    ['post', '/auth/password/forgot', 200],
    ['post', '/auth/password/reset', 200],
  ];
  const withoutBody: [string, string, number][] = [
    ['post', '/auth/logout', 200],
    ['post', '/auth/refresh', 200],
    ['get', '/auth/me', 200],
  ];

  /** Each error response is the envelope with `error_code` limited to the operation's codes. */
  const ENVELOPE_LIMITED_TO_CODES = {
    allOf: [
      { $ref: '#/components/schemas/ErrorEnvelope' },
      { type: 'object', properties: { error_code: { enum: expect.any(Array) } } },
    ],
  };

  it.each([...withBody, ...withoutBody])(
    '%s %s documents its success and error responses',
    (method, path, status) => {
      const operation = doc.paths[path]?.[method];
      expect(operation).toBeDefined();
      expect(operation?.responses[String(status)]?.content?.['application/json']?.schema).toEqual(
        expect.any(Object),
      );
      for (const error of ['500', '503']) {
        expect(operation?.responses[error]?.content?.['application/json']?.schema).toEqual(
          ENVELOPE_LIMITED_TO_CODES,
        );
      }
    },
  );

  it.each(withBody)('%s %s documents its JSON request body', (method, path) => {
    const body = doc.paths[path]?.[method]?.requestBody;
    expect(body?.content['application/json']?.schema).toEqual(expect.any(Object));
  });

  it('documents the avatar upload as multipart with its answers', () => {
    const operation = doc.paths['/auth/avatar']?.post;
    expect(operation?.requestBody?.content['multipart/form-data']?.schema).toMatchObject({
      properties: { avatar: { type: 'string', format: 'binary' } },
    });
    expect(operation?.responses['200']?.content?.['application/json']?.schema).toBeDefined();
    for (const error of ['401', '422']) {
      expect(operation?.responses[error]?.content?.['application/json']?.schema).toEqual(
        ENVELOPE_LIMITED_TO_CODES,
      );
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the interactive reference as HTML pointing at the document', async () => {
    const res = await supertest(t.app).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('/api/v1/openapi.json');
  });
});

describe('/trpc for typed clients', () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await listenLocally(t.app as never);
  });
  afterAll(async () => {
    await server.close();
  });

  const client = (token?: string) =>
    createTRPCClient<AppRouter>({
      links: [
        httpBatchLink({
          url: `${server.url}/trpc`,
          ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
        }),
      ],
    });

  it('features.list answers the flags', async () => {
    const result = await client().features.list.query();
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ wishlist: true, reviews: true, ai_descriptions: false });
  });

  it('a customer-only procedure without a token fails with UNAUTHENTICATED and HTTP 401', async () => {
    const error = await client()
      .auth.me.query()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    const data = (error as TRPCClientError<AppRouter>).data as Record<string, unknown>;
    expect(data.error_code).toBe('UNAUTHENTICATED');
    expect(data.httpStatus).toBe(401);
    const raw = await fetch(`${server.url}/trpc/auth.me`);
    expect(raw.status).toBe(401);
    // The REST envelope is written by the REST adapter alone; it does not ride along in /trpc.
    const body = (await raw.json()) as { error: { data: Record<string, unknown> } };
    expect(Object.keys(body.error.data).sort()).toEqual(
      ['code', 'error_code', 'httpStatus', 'path'].sort(),
    );
  });

  it('a customer-only procedure with a token answers the user', async () => {
    const customer = await registerCustomer(t);
    const me = await client(customer.token).auth.me.query();
    expect(me.data.email).toBe(customer.email);
  });
});
