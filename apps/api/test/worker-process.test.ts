import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { registerCustomer } from './harness';
import { apiClient } from './support/api-client';
import { startFakeExpo } from './support/fake-expo';
import { startFakeResend } from './support/fake-resend';
import { serverDatabases } from './support/server-database';
import {
  runServerToExit,
  type ServerProcess,
  startServer,
  startWorkers,
  type WorkerProcess,
  waitFor,
} from './support/server-process';
import { orderWithPhone } from './support/shop';

/*
 * The job workers in their own process (`pnpm start:workers`, workers.ts) beside an API that
 * only enqueues (JOBS_ENABLED=false): real processes on one PostgreSQL database, sending to local
 * stand-ins of Resend and Expo (docs/deploying.md, "Workers in their own process").
 */
const { template, cleanups, fresh } = serverDatabases('workers');

describe('the worker process on the embedded database', () => {
  it('refuses to start, in one line: PGlite belongs to the API process that opened it', async () => {
    const { env } = await fresh();
    const { code, output } = await runServerToExit(
      { DATA_DIR: env.DATA_DIR ?? '' },
      'src/workers.ts',
    );
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'The job workers run in their own process on PostgreSQL only: set DATABASE_URL (on the embedded database they run in the API process).',
    );
  }, 180_000);
});

describe.skipIf(template.kind !== 'postgres')('an API-only process and a worker process', () => {
  let api: ServerProcess;
  let workers: WorkerProcess;
  let databaseUrl: string;
  let mailer: Awaited<ReturnType<typeof startFakeResend>>;

  it('the API queues the order e-mail and push; the worker process delivers them', async () => {
    const { env } = await fresh();
    databaseUrl = env.DATABASE_URL ?? '';
    const pushes = await startFakeExpo();
    mailer = await startFakeResend();
    cleanups.push(
      () => mailer.close(),
      () => pushes.close(),
    );
    const shared = {
      ...env,
      JOB_POLL_SECONDS: '0.5',
      RESEND_API_KEY: 're_test',
      RESEND_API_URL: mailer.url,
      EXPO_BASE_URL: pushes.url,
      APP_DEEP_LINK_BASE: 'myshop://',
    };
    api = await startServer({
      ...shared,
      SEED_DEMO: 'true',
      JOBS_ENABLED: 'false',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
    cleanups.push(() => api.kill());
    const phone = `ExponentPushToken[worker-${randomBytes(4).toString('hex')}]`;
    const { customer, order } = await orderWithPhone(apiClient(api.url), phone);
    // Several of its polling intervals: the API alone sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailer.calls).toHaveLength(0);
    expect(pushes.pushes).toHaveLength(0);

    workers = await startWorkers(shared);
    cleanups.push(() => workers.kill());
    const subjects = () =>
      mailer.delivered.filter((call) => call.body.to === customer.email).map((c) => c.body.subject);
    const confirmation = `Order ${order.order_number} confirmed`;
    await waitFor(
      'the worker process to send the welcome, the confirmation and the push',
      async () =>
        subjects().includes(confirmation) &&
        subjects().includes('Welcome to Storefront') &&
        pushes.pushes.length > 0,
      60_000,
    );
    const id = order.order_id;
    expect(pushes.pushes).toEqual([
      expect.objectContaining({
        to: phone,
        data: { type: 'order_placed', order_id: id, url: `myshop://orders/${id}` },
      }),
    ]);
  }, 240_000);

  it('SIGTERM lets the e-mails in hand finish, then the process exits 0', async () => {
    const before = mailer.calls.length;
    const release = mailer.hold();
    const customer = await registerCustomer(apiClient(api.url));
    await waitFor('the worker to take the welcome e-mail', async () =>
      mailer.calls.some((call) => call.body.to === customer.email),
    );
    workers.process.kill('SIGTERM');
    // Still running: the e-mail in hand has no answer yet.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(workers.process.exitCode).toBeNull();
    release();
    expect(await workers.exited).toBe(0);
    expect(workers.output()).toContain('shutting down: finishing the jobs in hand');
    const held = mailer.calls.slice(before);
    expect(held.length).toBeGreaterThan(0);
    // Every e-mail it had in hand was answered and its job completed, none left claimed.
    for (const call of held) expect(mailer.delivered).toContain(call);
    const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const active = await db`select count(*)::int as n from pgboss.job where state = 'active'`;
      expect(active[0]?.n).toBe(0);
    } finally {
      await db.end();
    }
  }, 240_000);
});
