import { bossJobs } from '@storefront/db/jobs';
import { emailVerificationTokens, passwordResetTokens } from '@storefront/db/schema';
import { MAIL_QUEUE } from '@storefront/routers';
import type { Mailer, MailMessage, RateLimiter, RateLimits } from '@storefront/routers/ports';
import { hashToken } from '@storefront/routers/tokens';
import { and, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createOutboxMailer } from '../src/adapters/mail';
import { createRateLimits } from '../src/adapters/rate-limits';
import { startJobWorkers } from '../src/jobs';
import { createTestApp, linkToken, registerCustomer, type TestApp } from './harness';

/*
 * The mail queue under pressure (issue 24): reset mails limited per address, the mails a person
 * waits for ahead of the rest, and no link's token at rest in any table. Limits are counted in
 * Redis on the PostgreSQL pass (REDIS_URL), in memory on the embedded one.
 */

const redisUrl = process.env.REDIS_URL;
let redis: import('ioredis').Redis | undefined;
beforeAll(async () => {
  redis = redisUrl ? new (await import('ioredis')).Redis(redisUrl) : undefined;
});
afterAll(() => redis?.disconnect());

/** Rate limits as production builds them, each key any limiter counted recorded in `keys`. */
function recordedRateLimits(keys: string[], options: { authPerIpPerMinute: number }): RateLimits {
  const limits = createRateLimits({
    ...(redis ? { redis } : {}),
    keyPrefix: `sf-test-${process.pid}-${Date.now()}`,
    ...options,
  });
  const recorded = (limiter: RateLimiter): RateLimiter => ({
    ...limiter,
    consume: (key) => {
      keys.push(key);
      return limiter.consume(key);
    },
  });
  return Object.fromEntries(
    Object.entries(limits).map(([name, limiter]) => [name, recorded(limiter)]),
  ) as unknown as RateLimits;
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Waits until no mail job is waiting or running. */
const mailQueueIdle = (t: TestApp) =>
  vi.waitFor(
    async () => {
      const busy = await t.db.$count(
        bossJobs,
        sql`${bossJobs.name} = ${MAIL_QUEUE} and ${bossJobs.state} in ('created', 'retry', 'active')`,
      );
      expect(busy).toBe(0);
    },
    { timeout: 30_000, interval: 100 },
  );

const mailsTo = (t: TestApp, email: string, subject: string) =>
  t.outbox().filter((mail) => mail.to === email && mail.subject === subject);

describe('reset mails per address', () => {
  let t: TestApp;
  const keys: string[] = [];
  beforeAll(async () => {
    // The production per-IP limit (30 a minute): three addresses stay under it with 30 each.
    t = await createTestApp({
      rateLimits: recordedRateLimits(keys, { authPerIpPerMinute: 30 }),
      trustProxyHops: 1,
    });
  });
  afterAll(() => t.close());

  it('90 forgot requests for one address from 3 IPs all answer the same 200 and send 3 mails', async () => {
    const customer = await registerCustomer(t);
    const spellings = [customer.email, customer.email.toUpperCase()];
    const fromIp = async (ip: string) => {
      const answers = [];
      for (let i = 0; i < 30; i++) {
        answers.push(
          await t.request('POST', '/auth/password/forgot', {
            body: { email: spellings[i % 2] },
            headers: { 'X-Forwarded-For': ip },
          }),
        );
      }
      return answers;
    };
    const answers = (
      await Promise.all(['203.0.113.7', '198.51.100.23', '192.0.2.45'].map(fromIp))
    ).flat();
    const unknown = await t.request('POST', '/auth/password/forgot', {
      body: { email: 'nobody-at-all@example.com' },
      headers: { 'X-Forwarded-For': '192.0.2.99' },
    });
    expect(answers.map((res) => res.status)).toEqual(Array(90).fill(200));
    for (const res of answers) expect(res.body).toEqual(unknown.body);

    await t.mailTo(customer.email, 'Reset your password');
    await mailQueueIdle(t);
    expect(mailsTo(t, customer.email, 'Reset your password')).toHaveLength(3);
    // No counter's key (this one's, the failed logins') is a readable form of the address.
    const login = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: 'not the password' },
      headers: { 'X-Forwarded-For': '192.0.2.99' },
    });
    expect(login.status).toBe(401);
    const address = customer.email.toLowerCase();
    expect(keys.filter((key) => key.toLowerCase().includes(address))).toEqual([]);

    // Verification e-mails keep their own limit: this customer may still ask for one.
    const resent = await t.request('POST', '/auth/email/resend', { token: customer.token });
    expect(resent.status).toBe(200);
    await t.mailTo(customer.email, 'Confirm your e-mail address');
  });
});

/** `schema.table.column` for every text or JSON column of the app's and pg-boss's tables. */
async function textColumns(t: TestApp): Promise<string[]> {
  const result = await t.db.execute(sql`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t using (table_schema, table_name)
    where c.table_schema in ('public', 'pgboss') and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'json', 'jsonb')`);
  return rowsOf<{ table_schema: string; table_name: string; column_name: string }>(result).map(
    (row) => `${row.table_schema}.${row.table_name}.${row.column_name}`,
  );
}

/** The columns (`schema.table.column`) where any of `secrets` appears. */
async function columnsHolding(t: TestApp, secrets: string[]): Promise<string[]> {
  const found: string[] = [];
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  for (const column of await textColumns(t)) {
    const [schema, table, name] = column.split('.') as [string, string, string];
    const holds: SQL[] = secrets.map(
      (secret) => sql`strpos(${sql.raw(quote(name))}::text, ${secret}) > 0`,
    );
    const result = await t.db.execute(
      sql`select count(*)::int as n from ${sql.raw(`${quote(schema)}.${quote(table)}`)} where ${sql.join(holds, sql` or `)}`,
    );
    if (Number(rowsOf<{ n: number }>(result)[0]?.n) > 0) found.push(column);
  }
  return found;
}

describe('no link token at rest', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('after register, forgot and resend, no table holds a token that was mailed; the links work', async () => {
    const customer = await registerCustomer(t);
    const welcome = await t.mailTo(customer.email, 'Welcome to Test Shop');
    await t.request('POST', '/auth/password/forgot', { body: { email: customer.email } });
    const reset = await t.mailTo(customer.email, 'Reset your password');
    await t.request('POST', '/auth/email/resend', { token: customer.token });
    const verify = await t.mailTo(customer.email, 'Confirm your e-mail address');
    const tokens = [welcome, reset, verify].map(linkToken);
    await mailQueueIdle(t);

    expect(await columnsHolding(t, tokens)).toEqual([]);
    // The scan does find what is there (the token hashes).
    expect(await columnsHolding(t, tokens.map(hashToken))).toEqual(
      expect.arrayContaining([
        'public.email_verification_tokens.token_hash',
        'public.password_reset_tokens.token_hash',
      ]),
    );

    const verified = await t.request('POST', '/auth/email/verify', {
      body: { email: customer.email, token: tokens[0] },
    });
    expect(verified.status).toBe(200);
    const password = 'a brand new password';
    const resetDone = await t.request('POST', '/auth/password/reset', {
      body: {
        email: customer.email,
        token: tokens[1],
        password,
        password_confirmation: password,
      },
    });
    expect(resetDone.status).toBe(200);
  });

  it('finished jobs are deleted after the retention period', async () => {
    const queue = await t.jobs?.getQueue(MAIL_QUEUE);
    expect(queue?.deleteAfterSeconds).toBe(3 * 24 * 60 * 60);
  });
});

describe('a mail job that is retried', () => {
  let t: TestApp;
  const failuresLeft = new Map<string, number>();
  beforeAll(async () => {
    const outbox: { mailer?: Mailer } = {};
    // The first two sends of each subject fail, as an unreachable provider would.
    const flaky: Mailer = {
      async send(message, options) {
        const left = failuresLeft.get(message.subject) ?? 2;
        failuresLeft.set(message.subject, left - 1);
        if (left > 0) throw new Error('the mail provider is unreachable');
        await outbox.mailer?.send(message, options);
      },
    };
    t = await createTestApp({ mailer: flaky });
    outbox.mailer = createOutboxMailer(t.outboxDir);
  });
  afterAll(() => t.close());

  /** The hashes of the user's unused, unexpired tokens in `table`. */
  const liveTokenHashes = async (
    table: typeof passwordResetTokens | typeof emailVerificationTokens,
    userId: number,
  ) =>
    (
      await t.db
        .select({ tokenHash: table.tokenHash })
        .from(table)
        .where(and(eq(table.userId, userId), isNull(table.usedAt), gt(table.expiresAt, new Date())))
    ).map((row) => row.tokenHash);

  it('leaves one live token per link, the one that was mailed', async () => {
    const customer = await registerCustomer(t);
    await t.request('POST', '/auth/password/forgot', { body: { email: customer.email } });
    const welcome = await t.mailTo(customer.email, 'Welcome to Test Shop');
    const reset = await t.mailTo(customer.email, 'Reset your password');
    expect(await liveTokenHashes(emailVerificationTokens, customer.user.id)).toEqual([
      hashToken(linkToken(welcome)),
    ]);
    expect(await liveTokenHashes(passwordResetTokens, customer.user.id)).toEqual([
      hashToken(linkToken(reset)),
    ]);
  });
});

describe('the mails a person waits for go first', () => {
  let t: TestApp;
  const delivered: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      jobWorkers: false,
      mailer: {
        async send(message) {
          // Sending takes a moment, as it does through a provider.
          await new Promise((resolve) => setTimeout(resolve, 5));
          delivered.push(message);
        },
      },
    });
  });
  afterAll(() => t.close());

  it('a reset mail requested behind 60 welcome mails is delivered before most of them', async () => {
    const customer = await registerCustomer(t);
    await Promise.all(Array.from({ length: 60 }, () => registerCustomer(t)));
    const forgot = await t.request('POST', '/auth/password/forgot', {
      body: { email: customer.email },
    });
    expect(forgot.status).toBe(200);
    // The backlog and the reset are queued before any worker runs: the order is the queue's.
    await vi.waitFor(
      async () =>
        expect(await t.db.$count(bossJobs, sql`${bossJobs.data}->>'kind' = 'password-reset'`)).toBe(
          1,
        ),
      { timeout: 5_000, interval: 50 },
    );
    if (!t.jobs) throw new Error('the test app has a job queue');
    await startJobWorkers(t.jobs, t.services, pino({ level: 'silent' }), {
      concurrency: 2,
      pollSeconds: 0.5,
    });
    await vi.waitFor(() => expect(delivered).toHaveLength(62), { timeout: 60_000, interval: 100 });
    const resetAt = delivered.findIndex((mail) => mail.subject === 'Reset your password');
    expect(delivered[resetAt]?.to).toBe(customer.email);
    expect(resetAt).toBeLessThan(30);
  }, 90_000);
});

describe('a reset while every mail worker is busy with a backlog', () => {
  let t: TestApp;
  let openGate: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    openGate = resolve;
  });
  let waitingAtGate = 0;
  const delivered: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      jobWorkers: false,
      mailer: {
        // Welcome e-mails hang (a provider that stalls) until the test opens the gate.
        async send(message) {
          if (message.subject === 'Welcome to Test Shop') {
            waitingAtGate += 1;
            await gate;
          }
          delivered.push(message);
        },
      },
    });
  });
  afterAll(async () => {
    openGate();
    await t.close();
  });

  it('is still delivered: a worker is kept for the mails someone waits for', async () => {
    const customer = await registerCustomer(t);
    await Promise.all(Array.from({ length: 40 }, () => registerCustomer(t)));
    if (!t.jobs) throw new Error('the test app has a job queue');
    await startJobWorkers(t.jobs, t.services, pino({ level: 'silent' }), {
      concurrency: 2,
      pollSeconds: 0.5,
    });
    // Every general worker holds a full batch of welcome e-mails that cannot finish.
    await vi.waitFor(() => expect(waitingAtGate).toBeGreaterThanOrEqual(20), {
      timeout: 10_000,
      interval: 50,
    });
    await t.request('POST', '/auth/password/forgot', { body: { email: customer.email } });
    await vi.waitFor(
      () =>
        expect(delivered.map((mail) => `${mail.to} ${mail.subject}`)).toContain(
          `${customer.email} Reset your password`,
        ),
      { timeout: 10_000, interval: 50 },
    );
    openGate();
  }, 60_000);
});
