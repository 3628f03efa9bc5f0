import { sessions } from '@storefront/db/schema';
import { hashToken } from '@storefront/routers/tokens';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits } from '../src/adapters/rate-limits';
import { createTestApp, linkToken, registerCustomer, type TestApp } from './harness';
import { type ApiClient, apiClient } from './support/api-client';

/*
 * Account rules under concurrency (docs/contract.md §5), raced over real HTTP. On PGlite the
 * database serialises transactions, so the races only bite on PostgreSQL (`.ci/run`'s second
 * pass); the lockout is counted in Redis there, in memory here.
 */

let t: TestApp;
let api: ApiClient;
let close: () => Promise<void>;
const redisUrl = process.env.REDIS_URL;
let redis: import('ioredis').Redis | undefined;

beforeAll(async () => {
  redis = redisUrl ? new (await import('ioredis')).Redis(redisUrl) : undefined;
  t = await createTestApp({
    rateLimits: createRateLimits({
      ...(redis ? { redis } : {}),
      keyPrefix: `sf-test-${process.pid}-${Date.now()}`,
      authPerIpPerMinute: 10_000,
    }),
  });
  const server = await t.listen();
  close = server.close;
  api = apiClient(server.baseUrl);
});
afterAll(async () => {
  await close();
  await t.close();
  redis?.disconnect();
});

const login = async (email: string, password: string) => {
  const res = await api.request('POST', '/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body.data.token as string;
};

const sessionIds = async (userId: number) =>
  (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map(
    (row) => row.id,
  );

/** Refreshes `token` over and over until `stop()` is true; resolves to every token it obtained. */
async function refreshLoop(token: string, stop: () => boolean): Promise<string[]> {
  const obtained: string[] = [];
  let current = token;
  while (!stop()) {
    const res = await api.request('POST', '/auth/refresh', { token: current });
    if (res.status !== 200) break;
    current = res.body.data.token;
    obtained.push(current);
  }
  return obtained;
}

const working = async (tokens: string[]) => {
  const statuses = await Promise.all(
    tokens.map(async (token) => (await api.request('GET', '/auth/me', { token })).status),
  );
  return tokens.filter((_, index) => statuses[index] === 200);
};

describe('password change and reset against refreshes in flight', () => {
  it('after a change returns, only the current session works, whatever refreshes raced it', async () => {
    for (let round = 0; round < 5; round++) {
      const victim = await registerCustomer(t);
      const stolen = await login(victim.email, victim.password);
      const password = `new password ${round}`;
      let changed = false;
      const [change, obtained] = await Promise.all([
        api
          .request('POST', '/auth/password/change', {
            token: victim.token,
            body: { current_password: victim.password, password, password_confirmation: password },
          })
          .finally(() => {
            changed = true;
          }),
        refreshLoop(stolen, () => changed),
      ]);
      expect(change.status).toBe(200);
      expect(await working([stolen, ...obtained])).toEqual([]);
      expect(await sessionIds(victim.user.id)).toEqual([hashToken(victim.token)]);
    }
  });

  it('60 sessions refreshed across one change leave only the current one', async () => {
    const victim = await registerCustomer(t);
    // One after another: every login attempt counts towards the lockout until it succeeds.
    const tokens: string[] = [];
    for (let i = 0; i < 60; i++) tokens.push(await login(victim.email, victim.password));
    const [change, ...refreshed] = await Promise.all([
      api.request('POST', '/auth/password/change', {
        token: victim.token,
        body: {
          current_password: victim.password,
          password: 'changed during refreshes',
          password_confirmation: 'changed during refreshes',
        },
      }),
      ...tokens.map((token) => api.request('POST', '/auth/refresh', { token })),
    ]);
    expect(change.status).toBe(200);
    for (const res of refreshed) expect([200, 401]).toContain(res.status);
    const fresh = refreshed.filter((res) => res.status === 200).map((res) => res.body.data.token);
    expect(await working([...tokens, ...fresh])).toEqual([]);
    expect(await sessionIds(victim.user.id)).toEqual([hashToken(victim.token)]);
  });

  it('after a reset, no session works, whatever refreshes raced it', async () => {
    for (let round = 0; round < 5; round++) {
      const victim = await registerCustomer(t);
      const stolen = await login(victim.email, victim.password);
      await api.request('POST', '/auth/password/forgot', { body: { email: victim.email } });
      const token = linkToken(await t.mailTo(victim.email, 'Reset your password'));
      const password = `reset password ${round}`;
      let reset = false;
      const [res, obtained] = await Promise.all([
        api
          .request('POST', '/auth/password/reset', {
            body: { email: victim.email, token, password, password_confirmation: password },
          })
          .finally(() => {
            reset = true;
          }),
        refreshLoop(stolen, () => reset),
      ]);
      expect(res.status).toBe(200);
      expect(await working([victim.token, stolen, ...obtained])).toEqual([]);
      expect(await sessionIds(victim.user.id)).toEqual([]);
    }
  });
});

describe('concurrent refreshes of one token', () => {
  it('exactly one of five wins; the others answer 401 UNAUTHENTICATED', async () => {
    const customer = await registerCustomer(t);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.request('POST', '/auth/refresh', { token: customer.token }),
      ),
    );
    const won = results.filter((res) => res.status === 200);
    const lost = results.filter((res) => res.status === 401);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(4);
    for (const res of lost) expect(res.body.error_code).toBe('UNAUTHENTICATED');
    const winner = won[0]?.body.data.token as string;
    expect(await working([customer.token, winner])).toEqual([winner]);
    expect(await sessionIds(customer.user.id)).toEqual([hashToken(winner)]);
  });
});

describe('login lockout under a burst', () => {
  it('of 20 wrong passwords sent at once at most 5 are checked; then even the right one is 429', async () => {
    const customer = await registerCustomer(t);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.request('POST', '/auth/login', {
          body: { email: customer.email, password: 'wrong password' },
        }),
      ),
    );
    const checked = results.filter((res) => res.status === 401);
    const limited = results.filter((res) => res.status === 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.length + limited.length).toBe(20);
    for (const res of limited) expect(res.body.error_code).toBe('RATE_LIMITED');
    const right = await api.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    expect(right.status).toBe(429);
    expect(await sessionIds(customer.user.id)).toEqual([hashToken(customer.token)]);
  });

  it('a burst of 8 with the right password last gets no token', async () => {
    const customer = await registerCustomer(t);
    const wrong = Array.from({ length: 7 }, () =>
      api.request('POST', '/auth/login', {
        body: { email: customer.email, password: 'wrong password' },
      }),
    );
    const right = api.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    const results = await Promise.all([...wrong, right]);
    expect(results.filter((res) => res.status === 401).length).toBeLessThanOrEqual(5);
    // Either the right password was among the first five counted, or it is refused with 429.
    const last = results.at(-1);
    const counted = results.slice(0, 7).filter((res) => res.status === 401).length;
    if (last?.status === 200) expect(counted).toBeLessThanOrEqual(4);
    else expect(last?.status).toBe(429);
  });
});
