import { ERROR_CODES } from '@storefront/routers/errors';
import fc from 'fast-check';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from './harness';
import {
  authorization,
  contentType,
  encode,
  jsonObject,
  MALFORMED_ESCAPES,
  nastyNumber,
  nastyString,
  queryString,
  RUNS,
  rawBody,
  rawQuery,
  SEED,
} from './support/fuzz-arbitraries';
import { createOwner, type Owner, placePaidOrder, prepareShop } from './support/owned-resources';

/**
 * Property: whatever arrives at any operation of the served OpenAPI document, the answer is
 * never a 5xx, and every body is what the document promises (failures: the contract's envelope).
 * `FUZZ_SEED` replays a failing run (fast-check prints the seed and path on failure);
 * `FUZZ_RUNS` sets the runs per operation.
 */

/** Multipart and binary: fuzzed by their own cases below, not as JSON. */
const NOT_JSON = new Set(['POST /auth/avatar', 'GET /customer/orders/{id}/invoice']);
/** These revoke the token they are called with: each run signs in afresh. */
const REVOKES_TOKEN = new Set(['POST /auth/logout', 'POST /auth/refresh']);

interface Operation {
  method: string;
  template: string;
  secured: boolean;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
  hasBody: boolean;
}

let t: TestApp;
let owner: Owner;
let operations: Operation[];
const seenStatuses = new Map<string, Set<number>>();

beforeAll(async () => {
  t = await createTestApp();
  await prepareShop(t);
  owner = await createOwner(t);
  const doc = (await supertest(t.app).get('/api/v1/openapi.json')).body;
  operations = operationsOf(doc);
});
afterAll(async () => {
  await t?.close();
});

interface DocumentOperation {
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
}

function operationsOf(doc: { paths: Record<string, Record<string, DocumentOperation>> }) {
  const list: Operation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = op.parameters ?? [];
      const schema = op.requestBody?.content?.['application/json']?.schema;
      list.push({
        method: method.toUpperCase(),
        template,
        secured: (op.security ?? []).length > 0,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(schema?.properties ?? {}),
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  return list;
}

// ---- the property --------------------------------------------------------------------------

/**
 * A path value that makes the URL another route: empty, or a dot segment (`.`, `..`, `%2e`),
 * which URL parsing removes (`/categories/%2e` is `/categories/`, the list).
 */
function leavesOperation(value: string): boolean {
  return value === '' || /^(\.|%2e){1,2}$/i.test(value);
}

/** `documented`: false when the URL left the operation (see leavesOperation). */
function expectContractBody(
  op: Operation,
  url: string,
  res: supertest.Response,
  documented: boolean,
): void {
  expect(
    res.status,
    `${op.method} ${url} answered ${res.status}: ${(res.text ?? '').slice(0, 300)}`,
  ).toBeLessThan(500);
  const statuses = seenStatuses.get(`${op.method} ${op.template}`) ?? new Set<number>();
  statuses.add(res.status);
  seenStatuses.set(`${op.method} ${op.template}`, statuses);
  if (res.status === 304) return;
  expect(res.headers['content-type'], `${op.method} ${url} ${res.status}`).toMatch(
    /application\/json/,
  );
  if (res.status >= 400) {
    expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    expect(ERROR_CODES).toContain(res.body.error_code);
  }
  if (documented) t.validate(op.method, url, res.status, res.body);
}

async function tokenFor(op: Operation): Promise<string> {
  if (!REVOKES_TOKEN.has(`${op.method} ${op.template}`)) return owner.token;
  const login = await t.request('POST', '/auth/login', {
    body: { email: owner.email, password: owner.password },
  });
  return login.body.data.token;
}

function realIdsFor(): string[] {
  const { ids, product } = owner;
  return [ids.address, ids.cartItem, ids.order, ids.review, ids.wishlistItem, product.id].map(
    String,
  );
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('finds the whole document (and nothing skipped by accident)', () => {
    expect(operations.length).toBeGreaterThan(60);
    for (const key of NOT_JSON) {
      expect(operations.map((o) => `${o.method} ${o.template}`)).toContain(key);
    }
  });

  it('never answers 5xx and always answers in the documented shape', {
    // Generous: a loaded 2-core machine answers a request in 5–40 ms; more runs, more time.
    timeout: Math.max(120_000, RUNS * 6_000),
  }, async () => {
    const started = Date.now();
    for (const op of operations) {
      if (NOT_JSON.has(`${op.method} ${op.template}`)) continue;
      const pathValue = fc.oneof(
        fc.constantFrom(...realIdsFor()),
        // Long values stay in bodies: Node itself answers 431 to a URL over its 16 KB header limit.
        nastyString.map(encode).filter((v) => v.length < 4_000),
        nastyNumber.map(String),
        fc.constantFrom(...MALFORMED_ESCAPES),
      );
      const input = fc.record({
        path: fc.array(pathValue, {
          minLength: op.pathParams.length,
          maxLength: op.pathParams.length,
        }),
        query: fc.oneof(queryString(op.queryParams), rawQuery),
        body: op.hasBody
          ? fc.option(rawBody(op.bodyFields, realIdsFor().map(Number)), { nil: undefined })
          : fc.constant(undefined),
        contentType,
        auth: authorization(fc.constantFrom<string | undefined>('real', 'real', undefined)),
        idempotencyKey: fc.option(
          nastyString.filter((s) => /^[\x20-\x7e]*$/.test(s)),
          { nil: undefined },
        ),
      });
      await fc.assert(
        fc.asyncProperty(input, async (i) => {
          let path = op.template;
          op.pathParams.forEach((name, index) => {
            path = path.replace(`{${name}}`, i.path[index] ?? '');
          });
          const url = `/api/v1${path}${i.query ? `?${i.query}` : ''}`;
          let call = supertest(t.app)[op.method.toLowerCase() as 'post'](url);
          const auth = i.auth === 'Bearer real' ? `Bearer ${await tokenFor(op)}` : i.auth;
          if (auth !== undefined) call = call.set('Authorization', auth);
          if (i.idempotencyKey !== undefined) call = call.set('Idempotency-Key', i.idempotencyKey);
          if (i.body !== undefined) call = call.set('Content-Type', i.contentType).send(i.body);
          expectContractBody(
            op,
            url,
            await call,
            i.path.every((value) => !leavesOperation(value)),
          );
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    }
    const runs = (operations.length - NOT_JSON.size) * RUNS;
    console.info(
      `fuzz: ${operations.length - NOT_JSON.size} operations × ${RUNS} runs = ${runs} requests in ${Date.now() - started} ms`,
    );
  });

  it('fuzzes the multipart avatar upload: random files, fields and types never answer 5xx', async () => {
    const op = operations.find((o) => o.template === '/auth/avatar') as Operation;
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 2_000 }),
        fc.constantFrom('avatar', 'file', 'avatar[]', '__proto__'),
        fc.string({ maxLength: 40 }),
        fc.constantFrom('image/png', 'text/html', 'application/octet-stream', 'image/svg+xml'),
        fc.boolean(),
        async (bytes, field, filename, type, authenticated) => {
          let call = supertest(t.app).post('/api/v1/auth/avatar');
          if (authenticated) call = call.set('Authorization', `Bearer ${owner.token}`);
          const res = await call.attach(field, Buffer.from(bytes), {
            filename: filename.replace(/["\r\n]/g, '') || 'x',
            contentType: type,
          });
          expectContractBody(op, '/api/v1/auth/avatar', res, true);
        },
      ),
      { numRuns: RUNS * 2, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });

  it('fuzzes the binary invoice route: only a real paid order answers a PDF', async () => {
    const op = operations.find((o) => o.template === '/customer/orders/{id}/invoice') as Operation;
    // An order of its own: the property above may have cancelled (and so refunded) the owner's.
    const buyer = await registerCustomer(t);
    const orderId = await placePaidOrder(t, buyer.token, owner.product.id);
    const pdf = await supertest(t.app)
      .get(`/api/v1/customer/orders/${orderId}/invoice`)
      .set('Authorization', `Bearer ${buyer.token}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    await fc.assert(
      fc.asyncProperty(
        fc
          .oneof(
            nastyString.map(encode).filter((v) => v.length < 4_000 && v !== ''),
            nastyNumber.map(String),
            // Express decodes a plain route's parameters itself: `%` once answered 500.
            fc.constantFrom(...MALFORMED_ESCAPES),
          )
          .filter((id) => id !== String(orderId)), // the real paid order is the PDF above
        async (id) => {
          const url = `/api/v1/customer/orders/${id}/invoice`;
          const res = await supertest(t.app).get(url).set('Authorization', `Bearer ${buyer.token}`);
          expectContractBody(op, url, res, true);
        },
      ),
      { numRuns: RUNS * 2, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });

  it('answers 413 in the envelope to a body over 1 MB on every JSON operation', async () => {
    const big = jsonObject([['padding', 'x'.repeat(1024 * 1024 + 1)]]);
    for (const op of operations.filter(
      (o) => o.hasBody && !NOT_JSON.has(`${o.method} ${o.template}`),
    )) {
      const path = op.template.replace(/\{[^}]+\}/g, '1');
      const res = await supertest(t.app)
        [op.method.toLowerCase() as 'post'](`/api/v1${path}`)
        .set('Authorization', `Bearer ${owner.token}`)
        .set('Content-Type', 'application/json')
        .send(big);
      expect(res.status, `${op.method} ${op.template}`).toBe(413);
      expect(res.body.error_code).toBe('PAYLOAD_TOO_LARGE');
      t.validate(op.method, `/api/v1${path}`, res.status, res.body);
    }
  });
});
