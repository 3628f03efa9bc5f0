import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cartItems, carts, orders } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { openTestDatabase, type TestDatabase } from '@storefront/db/testing';
import { createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerCustomer } from './harness';
import { type ApiClient, type ApiResponse, apiClient } from './support/api-client';
import { type ServerProcess, startServer, waitFor } from './support/server-process';
import { prepareCheckout, stockOf } from './support/shop';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';

/*
 * The real server process talks to PostgreSQL through a TCP proxy this file controls, on a
 * database of its own (the machine's PostgreSQL itself is never stopped or disturbed).
 * DATABASE_TIMEOUT_MS is short so a black hole is noticed within the test's patience, yet long
 * enough that no query of a loaded machine (2 cores, test files in parallel) runs into it.
 */
const template = inject('testDatabase');
const DATABASE_TIMEOUT_MS = 3_000;

let database: TestDatabase;
let proxy: TcpProxy;
let server: ServerProcess;
let api: ApiClient;
let dataDir: string;

/** GET /ready, answered in the envelope when not ready. */
async function ready(): Promise<ApiResponse> {
  const res = await fetch(`${server.url}/ready`, { signal: AbortSignal.timeout(20_000) });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

function expectUnavailable(res: ApiResponse, what: string) {
  expect({ what, status: res.status, body: res.body }).toMatchObject({
    what,
    status: 503,
    body: { success: false, error_code: 'SERVICE_UNAVAILABLE', message: expect.any(String) },
  });
}

/** Reads that each need the database: the session lookup, the cart, the catalogue. */
function readsOf(token: string): Array<[string, () => Promise<ApiResponse>]> {
  return [
    ['GET /auth/me', () => api.request('GET', '/auth/me', { token })],
    ['GET /cart', () => api.request('GET', '/cart', { token })],
    ['GET /products', () => api.request('GET', '/products?per_page=5')],
    ['GET /ready', ready],
  ];
}

interface Outcome {
  what: string;
  /** Started after the fault was switched on. */
  afterFault: boolean;
  res: ApiResponse;
}

/** Workers sending the reads back to back until `stop()`; every answer is kept. */
function startLoad(token: string, workers: number) {
  const outcomes: Outcome[] = [];
  let faulted = false;
  let running = true;
  const reads = readsOf(token);
  const loops = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; running; i++) {
      const read = reads[i % reads.length];
      if (!read) break;
      const [what, send] = read;
      const afterFault = faulted;
      // A request the client gave up on (hang guard) or that lost its connection is a failure
      // like any other answer: kept, and judged by the test.
      const res = await send().catch(
        (error: Error): ApiResponse => ({
          status: 0,
          body: { error: String(error.cause ?? error) },
          headers: new Headers(),
        }),
      );
      outcomes.push({ what, afterFault, res });
    }
  });
  return {
    outcomes,
    markFault: () => {
      faulted = true;
    },
    answeredAfterFault: () => outcomes.filter((o) => o.afterFault).length,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function waitUntilReady() {
  await waitFor('GET /ready to answer 200 again', async () => (await ready()).status === 200);
}

async function expectAllSucceed(token: string) {
  for (const [what, send] of readsOf(token)) {
    const res = await send();
    expect({ what, status: res.status }).toEqual({ what, status: 200 });
  }
}

describe.skipIf(template.kind !== 'postgres')(
  'the database cut off under load (needs DATABASE_URL: PostgreSQL only)',
  () => {
    beforeAll(async () => {
      database = await openTestDatabase();
      const target = new URL(database.url ?? '');
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const proxied = new URL(target);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      dataDir = mkdtempSync(join(tmpdir(), 'sf-faults-'));
      server = await startServer({
        DATABASE_URL: proxied.toString(),
        DATA_DIR: dataDir,
        DATABASE_TIMEOUT_MS: String(DATABASE_TIMEOUT_MS),
        DATABASE_POOL_SIZE: '4',
        AUTH_RATE_LIMIT_PER_IP: '10000',
        // These cuts are about the database path: the anonymous catalogue's read cache (on by
        // default) may answer GET /products from memory for the version's TTL.
        CATALOG_READ_CACHE_MAX_ENTRIES: '0',
      });
      api = apiClient(server.url);
      await seedStoreSetup(database.db);
      await createProduct(database.db, { stockQuantity: 50 });
    }, 90_000);

    afterAll(async () => {
      server?.kill();
      await proxy?.close();
      await database?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('a cut mid-load: every request answers 503 in the envelope, none hangs or fails with 500; then it recovers by itself', async () => {
      const { token } = await registerCustomer(api);
      const load = startLoad(token, 6);
      await waitFor('requests to flow', async () => load.outcomes.length >= 20);

      proxy.setMode('cut');
      load.markFault();
      await waitFor('20 answers during the cut', async () => load.answeredAfterFault() >= 20);
      expectUnavailable(await ready(), 'GET /ready during the cut');
      proxy.setMode('open');
      await load.stop();

      const before = load.outcomes.filter((o) => !o.afterFault);
      const during = load.outcomes.filter((o) => o.afterFault);
      // Requests in flight when the cut came answer either way, but never anything else.
      for (const { what, res } of before)
        expect([what, [200, 503].includes(res.status)]).toEqual([what, true]);
      for (const { what, res } of during) {
        if (res.status !== 200) expectUnavailable(res, what);
      }
      expect(during.filter((o) => o.res.status === 503).length).toBeGreaterThanOrEqual(15);

      // No restart: the same process reconnects on its own.
      await waitUntilReady();
      await expectAllSucceed(token);
      expect(server.process.exitCode).toBeNull();
    });

    it('a black hole (connections accepted, nothing forwarded): still a bounded 503 everywhere, then recovery', async () => {
      const { token } = await registerCustomer(api);
      await expectAllSucceed(token);

      proxy.setMode('black-hole');
      // Twice the pool: some requests wait on connections that went silent, others on new
      // connections that never complete. The API client gives up after 20 s (a hang).
      const answers = await Promise.all(
        [...readsOf(token), ...readsOf(token)].map(async ([what, send]) => ({
          what,
          res: await send(),
        })),
      );
      for (const { what, res } of answers) expectUnavailable(res, `${what} in the black hole`);

      proxy.setMode('open');
      await waitUntilReady();
      await expectAllSucceed(token);
    });

    it('place-order cut just before its commit leaves nothing half-written; the same cart orders once the database is back', async () => {
      const product = await createProduct(database.db, { stockQuantity: 5, priceCents: 1500 });
      const { token, user } = await registerCustomer(api);
      const added = await api.request('POST', '/cart/add', {
        token,
        body: { product_id: product.id, quantity: 2 },
      });
      expect(added.status).toBe(200);
      await prepareCheckout(api, token);

      // Stock taken, order and items inserted, cart marked ordered: only the COMMIT is missing.
      const cut = proxy.cutWhen(rightAfter('update "carts"'));
      const placed = await api.request('POST', '/checkout/place-order', { token, body: {} });
      expect(cut(), 'the proxy cut place-order before its COMMIT').toBe(true);
      expectUnavailable(placed, 'place-order cut before its commit');

      await waitUntilReady();
      expect(await database.db.select().from(orders).where(eq(orders.userId, user.id))).toEqual([]);
      expect(await stockOf(database.db, product.id)).toBe(5);
      const cart = await api.request('GET', '/cart', { token });
      expect(cart.body.data.items).toMatchObject([{ product_id: product.id, quantity: 2 }]);

      // The rolled-back transaction released the cart's lock and the stock row.
      const retried = await api.request('POST', '/checkout/place-order', { token, body: {} });
      expect(retried.status).toBe(201);
      expect(await stockOf(database.db, product.id)).toBe(3);
      expect(
        await database.db.select().from(orders).where(eq(orders.userId, user.id)),
      ).toHaveLength(1);
    });

    it('cart add cut just before its commit adds nothing; the same add works once the database is back', async () => {
      const product = await createProduct(database.db, { stockQuantity: 5 });
      const { token, user } = await registerCustomer(api);
      const cut = proxy.cutWhen(rightAfter('update "carts"'));
      const add = () =>
        api.request('POST', '/cart/add', { token, body: { product_id: product.id, quantity: 1 } });
      const refused = await add();
      expect(cut(), 'the proxy cut the cart add before its COMMIT').toBe(true);
      expectUnavailable(refused, 'cart add cut before its commit');

      await waitUntilReady();
      const lines = await database.db
        .select({ id: cartItems.id })
        .from(cartItems)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .where(eq(carts.userId, user.id));
      expect(lines).toEqual([]);
      const added = await add();
      expect(added.status).toBe(200);
      expect(added.body.data.items).toMatchObject([{ product_id: product.id, quantity: 1 }]);
    });
  },
);

/**
 * A proxy trigger: the first chunk the client sends after a statement containing `statement`.
 * After a transaction's last write that is its COMMIT — sent as text, or by name once
 * postgres.js has prepared it on that connection, so the commit itself cannot be matched.
 */
function rightAfter(statement: string) {
  let seen = false;
  return (chunk: Buffer) => {
    if (seen) return true;
    seen = chunk.toString('latin1').toLowerCase().includes(statement);
    return false;
  };
}
