import { bossJobs } from '@storefront/db/jobs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createResendMailer } from '../src/adapters/mail';
import { adminClient, registerCustomer, trpcFailure, useAdminApp } from './harness';
import { startFakeResend } from './support/fake-resend';

/*
 * Mail jobs against a Resend stand-in that fails: retried with backoff, delivered once (the job id
 * is Resend's Idempotency-Key; with a link's token, the job id and the token's digest), and kept
 * as failed for the admin once the retries are used up.
 */

const resend = await startFakeResend();
const app = useAdminApp({
  mailer: createResendMailer({
    apiKey: 're_test',
    from: 'Shop <shop@example.com>',
    baseUrl: resend.url,
  }),
  // Two retries (1 s, then ~2 s apart) keep the "fails forever" case short.
  jobRetryLimit: 2,
});
afterAll(() => resend.close());

const welcomeJob = async (userId: number) => {
  const [job] = await app.t.db
    .select()
    .from(bossJobs)
    .where(
      sql`${bossJobs.data}->>'kind' = 'welcome' and ${bossJobs.data}->>'userId' = ${String(userId)}`,
    );
  return job;
};
const deliveredTo = (email: string) =>
  resend.delivered.filter((call) => JSON.stringify(call.body.to) === JSON.stringify(email));

/** Waits until no job is waiting or running (the setup's own welcome e-mails). */
const queueIdle = () =>
  vi.waitFor(
    async () => {
      const busy = await app.t.db.$count(
        bossJobs,
        sql`${bossJobs.state} in ('created', 'retry', 'active')`,
      );
      expect(busy).toBe(0);
    },
    { timeout: 20_000, interval: 100 },
  );

describe('mail delivery through Resend', () => {
  it('500 twice, then 200: one e-mail delivered, two retries recorded, keys of the job', async () => {
    await queueIdle();
    resend.failWith(
      { statusCode: 500, message: 'Internal error', name: 'internal_server_error' },
      2,
    );
    const customer = await registerCustomer(app.t);
    await vi.waitFor(
      async () => {
        expect((await welcomeJob(customer.user.id))?.state).toBe('completed');
      },
      { timeout: 20_000, interval: 200 },
    );
    const job = await welcomeJob(customer.user.id);
    expect(job?.retryCount).toBe(2);
    expect(deliveredTo(customer.email)).toHaveLength(1);
    // Each attempt minted its own verification token (the previous one voided): its own key.
    const attempts = resend.calls.filter((call) =>
      String(call.headers['idempotency-key']).startsWith(`${job?.id}-`),
    );
    expect(new Set(attempts.map((call) => call.headers['idempotency-key'])).size).toBe(3);
    expect(deliveredTo(customer.email)[0]?.body.subject).toBe('Welcome to Test Shop');
  });

  it('500 forever: the job fails, the admin sees it, and a retry delivers it once', async () => {
    await queueIdle();
    resend.failWith({ statusCode: 500, message: 'Internal error', name: 'internal_server_error' });
    const customer = await registerCustomer(app.t);
    await vi.waitFor(
      async () => {
        expect((await welcomeJob(customer.user.id))?.state).toBe('failed');
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(deliveredTo(customer.email)).toHaveLength(0);

    const { admin } = app;
    const failed = await admin.admin.jobs.failed.query({});
    const listed = failed.data.find((job) => job.user_id === customer.user.id);
    expect(listed).toMatchObject({ queue: 'mail', kind: 'welcome', retry_count: 2 });
    expect(listed?.error).toContain('Resend refused the e-mail');
    // The listing shows what the job is about, never its data as such.
    expect(Object.keys(listed ?? {})).not.toContain('data');

    const asCustomer = adminClient(app.server.baseUrl, customer.token);
    expect((await trpcFailure(asCustomer.admin.jobs.failed.query({}))).data?.httpStatus).toBe(403);

    resend.failWith(undefined);
    await admin.admin.jobs.retry.mutate({ id: listed?.id ?? '' });
    await vi.waitFor(
      async () => {
        expect((await welcomeJob(customer.user.id))?.state).toBe('completed');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(deliveredTo(customer.email)).toHaveLength(1);
    const after = await admin.admin.jobs.failed.query({});
    expect(after.data.some((job) => job.id === listed?.id)).toBe(false);

    const unknown = await trpcFailure(
      admin.admin.jobs.retry.mutate({ id: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(unknown.data?.httpStatus).toBe(404);
    const [stored] = await app.t.db
      .select()
      .from(bossJobs)
      .where(eq(bossJobs.id, listed?.id ?? ''));
    expect(stored?.state).toBe('completed');
  });
});
