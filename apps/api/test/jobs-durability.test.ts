import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgres } from '@storefront/db/client';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createProduct } from '@storefront/db/testing/factories';
import type { MailMessage } from '@storefront/routers/ports';
import { describe, expect, it } from 'vitest';
import { registerCustomer } from './harness';
import { apiClient } from './support/api-client';
import { startFakeResend } from './support/fake-resend';
import { serverDatabases } from './support/server-database';
import { type ServerProcess, startServer, waitFor } from './support/server-process';
import { prepareCheckout } from './support/shop';

/*
 * Jobs survive the process that queued them, and N processes never send one twice. Real server
 * processes (main.ts), on the embedded database and on PostgreSQL.
 */
const { template, cleanups, fresh: serverDatabase } = serverDatabases('jobs');

const outbox = (dataDir: string): MailMessage[] => {
  const dir = join(dataDir, 'outbox');
  try {
    return readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
  } catch {
    return [];
  }
};

/** A customer of `server` with one unit of the first product in a cash-on-delivery checkout. */
async function orderOn(server: ServerProcess) {
  const api = apiClient(server.url);
  const customer = await registerCustomer(api);
  const products = await api.request('GET', '/products?per_page=1');
  const productId = products.body.data[0]?.id;
  await api.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: productId, quantity: 1 },
  });
  await prepareCheckout(api, customer.token);
  const placed = await api.request('POST', '/checkout/place-order', {
    token: customer.token,
    body: {},
  });
  expect(placed.status).toBe(201);
  return { ...customer, orderNumber: placed.body.data.order_number as string };
}

describe('a queued e-mail outlives its process', () => {
  it('kill -9 after place-order commits, before its e-mail is sent: after a restart it is sent once', async () => {
    const { env, dataDir } = await serverDatabase();
    const base = { ...env, AUTH_RATE_LIMIT_PER_IP: '1000', JOB_POLL_SECONDS: '0.5' };
    // A queues but never sends (an API-only process): the order's e-mail is only in the queue.
    const a = await startServer({ ...base, SEED_DEMO: 'true', JOBS_ENABLED: 'false' });
    cleanups.push(() => a.kill());
    const order = await orderOn(a);
    a.kill();
    await a.exited;
    expect(outbox(dataDir)).toHaveLength(0);

    const b = await startServer({ ...base, JOBS_ENABLED: 'true' });
    cleanups.push(() => b.kill());
    const subject = `Order ${order.orderNumber} confirmed`;
    await waitFor('the restarted server to send the confirmation', async () =>
      outbox(dataDir).some((mail) => mail.subject === subject),
    );
    // Another poll or two: a second copy would show up now.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails = outbox(dataDir).filter((mail) => mail.to === order.email);
    expect(mails.filter((mail) => mail.subject === subject)).toHaveLength(1);
    expect(mails.filter((mail) => mail.subject === 'Welcome to Storefront')).toHaveLength(1);
  }, 120_000);
});

describe.skipIf(template.kind !== 'postgres')(
  'two server instances on one PostgreSQL (needs DATABASE_URL)',
  () => {
    it('work one queue: every e-mail is sent once, by one of them', async () => {
      const { env } = await serverDatabase();
      const resend = await startFakeResend();
      cleanups.push(() => resend.close());
      const shared = {
        ...env,
        AUTH_RATE_LIMIT_PER_IP: '1000',
        JOB_POLL_SECONDS: '0.5',
        JOB_CONCURRENCY: '4',
        RESEND_API_KEY: 're_test',
        RESEND_API_URL: resend.url,
      };
      const [a, b] = await Promise.all([startServer(shared), startServer(shared)]);
      cleanups.push(() => a.kill());
      cleanups.push(() => b.kill());
      const url = env.DATABASE_URL;
      if (!url) throw new Error('no DATABASE_URL');
      const database = openPostgres({ url, maxConnections: 1 });
      cleanups.push(() => database.close());
      await seedStoreSetup(database.db);
      await createProduct(database.db, { priceCents: 1000, stockQuantity: 1000 });

      const orders = await Promise.all(
        Array.from({ length: 6 }, (_, turn) => orderOn(turn % 2 === 0 ? a : b)),
      );
      // Each customer gets a welcome and a confirmation: 12 e-mails.
      await waitFor('all 12 e-mails to be delivered', async () => resend.delivered.length >= 12);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(resend.delivered).toHaveLength(12);
      // No job was attempted twice (no failures here): one call per idempotency key.
      const keys = resend.calls.map((call) => call.headers['idempotency-key']);
      expect(new Set(keys).size).toBe(keys.length);
      for (const order of orders) {
        const subjects = resend.delivered
          .filter((call) => call.body.to === order.email)
          .map((call) => call.body.subject)
          .sort();
        expect(subjects).toEqual(
          [`Order ${order.orderNumber} confirmed`, 'Welcome to Storefront'].sort(),
        );
      }
    }, 120_000);
  },
);
