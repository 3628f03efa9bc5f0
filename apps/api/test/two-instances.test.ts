import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseHandle, openPostgres } from '@storefront/db/client';
import { defaultMigrationsFolder } from '@storefront/db/migrate';
import { orderItems, orders } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createProduct } from '@storefront/db/testing/factories';
import { withDatabase } from '@storefront/db/testing/global-setup';
import { eq, sum } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminClient, registerAdmin, registerCustomer } from './harness';
import { type ApiClient, apiClient } from './support/api-client';
import { type RoundRobinProxy, startRoundRobinProxy } from './support/round-robin-proxy';
import { type ServerProcess, startServer, waitFor } from './support/server-process';
import { prepareCheckout, stockOf } from './support/shop';

/*
 * Two real server processes (main.ts, as `pnpm start` runs it) on one PostgreSQL database and
 * one Redis: everything one instance decides must hold on the other at once.
 */
const template = inject('testDatabase');
const redisUrl = process.env.REDIS_URL;

let admin: postgres.Sql;
let databaseName: string;
let database: DatabaseHandle;
let dataDir: string;
let a: ServerProcess;
let b: ServerProcess;
let apiA: ApiClient;
let apiB: ApiClient;
let adminToken: string;

/** Instance A for even turns, B for odd ones. */
const either = (turn: number) => (turn % 2 === 0 ? apiA : apiB);

describe.skipIf(template.kind !== 'postgres' || !redisUrl)(
  'two server instances on one PostgreSQL and one Redis (needs DATABASE_URL and REDIS_URL)',
  () => {
    beforeAll(async () => {
      if (template.kind !== 'postgres') return;
      // An empty database: both instances migrate it as they start, at the same moment.
      databaseName = `${template.prefix}_two_${randomBytes(4).toString('hex')}`;
      admin = postgres(template.serverUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`CREATE DATABASE "${databaseName}"`);
      const url = withDatabase(template.serverUrl, databaseName);
      dataDir = mkdtempSync(join(tmpdir(), 'sf-two-'));
      const env = {
        DATABASE_URL: url,
        REDIS_URL: redisUrl ?? '',
        // Uploads are shared like a volume would be; the per-IP limit would count this test's
        // many registrations from 127.0.0.1 together with every other run on the same Redis.
        DATA_DIR: dataDir,
        AUTH_RATE_LIMIT_PER_IP: '10000',
        TRUST_PROXY_HOPS: '1',
      };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
      apiA = apiClient(a.url);
      apiB = apiClient(b.url);
      database = openPostgres({ url, maxConnections: 2 });
      await seedStoreSetup(database.db);
      adminToken = (await registerAdmin({ ...apiA, db: database.db })).token;
    }, 120_000);

    afterAll(async () => {
      a?.kill();
      b?.kill();
      await database?.close();
      await admin?.unsafe(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      await admin?.end();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('both started on the empty database at once: each migration applied once, both ready', async () => {
      for (const server of [a, b]) {
        expect((await fetch(`${server.url}/ready`)).status).toBe(200);
      }
      const journal = JSON.parse(
        readFileSync(join(defaultMigrationsFolder, 'meta', '_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      const client = database.sql;
      if (!client) throw new Error('a PostgreSQL handle without its client');
      const [applied] = await client<{ count: number }[]>`
        select count(*)::int as count from drizzle.__drizzle_migrations`;
      expect(applied?.count).toBe(journal.entries.length);
    });

    it('a heartbeat from customer traffic on A shows in the sync status read on B', async () => {
      const status = () => apiB.request('GET', '/system/api-sync/status', { token: adminToken });
      const before = await status();
      expect(before.status).toBe(200);
      expect(before.body).toMatchObject({ connected: false, last_sync_at: null });

      const customer = await registerCustomer(apiA);
      expect((await apiA.request('GET', '/cart', { token: customer.token })).status).toBe(200);
      // The heartbeat is written after the response; B sees it as soon as it is stored.
      await waitFor('B to see the heartbeat', async () => (await status()).body.connected);
      expect((await status()).body).toMatchObject({ connected: true });
    });

    it('failed logins split between A and B lock the account on both', async () => {
      const customer = await registerCustomer(apiA);
      const login = (turn: number, password: string) =>
        either(turn).request('POST', '/auth/login', {
          body: { email: customer.email, password },
        });
      for (let turn = 0; turn < 5; turn++) {
        const failed = await login(turn, 'wrong password');
        expect(failed.status).toBe(401);
        expect(failed.body.error_code).toBe('INVALID_CREDENTIALS');
      }
      for (const turn of [0, 1]) {
        const locked = await login(turn, customer.password);
        expect(locked.status).toBe(429);
        expect(locked.body.error_code).toBe('RATE_LIMITED');
        expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
      }
    });

    it('a token revoked on A (logout) is refused on B at once', async () => {
      const { token } = await registerCustomer(apiA);
      expect((await apiB.request('GET', '/auth/me', { token })).status).toBe(200);
      expect((await apiA.request('POST', '/auth/logout', { token })).status).toBe(200);
      const refused = await apiB.request('GET', '/auth/me', { token });
      expect(refused.status).toBe(401);
      expect(refused.body.error_code).toBe('UNAUTHENTICATED');
    });

    it('a customer blocked by an admin through A is refused on B', async () => {
      const customer = await registerCustomer(apiB);
      expect((await apiB.request('GET', '/cart', { token: customer.token })).status).toBe(200);
      await adminClient(a.url, adminToken).admin.customers.setBlocked.mutate({
        id: customer.user.id,
        blocked: true,
      });
      expect((await apiB.request('GET', '/cart', { token: customer.token })).status).toBe(401);
      const login = await apiB.request('POST', '/auth/login', {
        body: { email: customer.email, password: customer.password },
      });
      expect(login.status).toBe(403);
    });

    it('buyers racing for the last units through both instances never oversell', async () => {
      const units = 4;
      const product = await createProduct(database.db, { stockQuantity: units, priceCents: 999 });
      const buyers = [];
      for (let i = 0; i < units * 2; i++) {
        const api = either(i);
        const buyer = await registerCustomer(api);
        const added = await api.request('POST', '/cart/add', {
          token: buyer.token,
          body: { product_id: product.id, quantity: 1 },
        });
        expect(added.status).toBe(200);
        await prepareCheckout(api, buyer.token);
        buyers.push(buyer);
      }
      // Each buyer places the order on the instance that did not prepare it.
      const results = await Promise.all(
        buyers.map((buyer, i) =>
          either(i + 1).request('POST', '/checkout/place-order', { token: buyer.token, body: {} }),
        ),
      );
      const placed = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status !== 201);
      expect(placed).toHaveLength(units);
      for (const r of refused) {
        expect(r.status).toBe(422);
        expect(r.body.error_code).toBe('OUT_OF_STOCK');
      }
      expect(await stockOf(database.db, product.id)).toBe(0);
      const [sold] = await database.db
        .select({ units: sum(orderItems.quantity).mapWith(Number) })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(eq(orderItems.productId, product.id));
      expect(sold?.units).toBe(units);
    });

    describe('behind a round-robin load balancer', () => {
      let balancer: RoundRobinProxy;
      beforeAll(async () => {
        balancer = await startRoundRobinProxy([a.url, b.url]);
      });
      afterAll(async () => {
        await balancer?.close();
      });

      it('a client sees one shop: register, cart, checkout, order history and logout across both instances', async () => {
        const shop = apiClient(balancer.url);
        const product = await createProduct(database.db, { stockQuantity: 3, priceCents: 2500 });
        const { token } = await registerCustomer(shop);
        const added = await shop.request('POST', '/cart/add', {
          token,
          body: { product_id: product.id, quantity: 2 },
        });
        expect(added.status).toBe(200);
        const cart = await shop.request('GET', '/cart', { token });
        expect(cart.body.data.items).toMatchObject([{ product_id: product.id, quantity: 2 }]);
        await prepareCheckout(shop, token);
        const placed = await shop.request('POST', '/checkout/place-order', { token, body: {} });
        expect(placed.status).toBe(201);
        const history = await shop.request('GET', '/customer/orders', { token });
        expect(history.body.data.map((o: { id: number }) => o.id)).toEqual([
          placed.body.data.order_id,
        ]);
        expect((await shop.request('GET', '/cart', { token })).body.data.items).toEqual([]);
        expect((await shop.request('POST', '/auth/logout', { token })).status).toBe(200);
        expect((await shop.request('GET', '/auth/me', { token })).status).toBe(401);
        // Every step above alternated between the instances.
        const [onA, onB] = balancer.hits();
        expect(Math.abs((onA ?? 0) - (onB ?? 0))).toBeLessThanOrEqual(1);
        expect(onA).toBeGreaterThanOrEqual(5);
      });
    });
  },
);
