import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits } from './rate-limits';

const url = process.env.REDIS_URL;

describe('createRateLimits in memory', () => {
  it('blocks the sixth failure for one e-mail and leaves other e-mails alone', async () => {
    const limits = createRateLimits({ authPerIpPerMinute: 30 });
    for (let i = 0; i < 5; i++) {
      expect((await limits.loginFailuresPerEmail.consume('ada@example.com')).allowed).toBe(true);
    }
    const blocked = await limits.loginFailuresPerEmail.check('ada@example.com');
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect((await limits.loginFailuresPerEmail.check('grace@example.com')).allowed).toBe(true);
    await limits.loginFailuresPerEmail.reset('ada@example.com');
    expect((await limits.loginFailuresPerEmail.check('ada@example.com')).allowed).toBe(true);
  });
});

describe.skipIf(!url)('createRateLimits over Redis (needs REDIS_URL)', () => {
  let first: Redis;
  let second: Redis;
  const keyPrefix = `sf-test-${randomBytes(6).toString('hex')}`;
  beforeAll(() => {
    first = new Redis(url ?? '', { maxRetriesPerRequest: 1 });
    second = new Redis(url ?? '', { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await first.keys(`${keyPrefix}:*`);
    if (keys.length > 0) await first.del(...keys);
    first.disconnect();
    second.disconnect();
  });

  it('shares the login-failure counter between two instances on separate clients', async () => {
    const instanceA = createRateLimits({ redis: first, keyPrefix, authPerIpPerMinute: 30 });
    const instanceB = createRateLimits({ redis: second, keyPrefix, authPerIpPerMinute: 30 });
    const email = 'shared@example.com';
    expect((await instanceB.loginFailuresPerEmail.check(email)).allowed).toBe(true);
    for (let i = 0; i < 5; i++) {
      expect((await instanceA.loginFailuresPerEmail.consume(email)).allowed).toBe(true);
    }
    const seenByB = await instanceB.loginFailuresPerEmail.check(email);
    expect(seenByB.allowed).toBe(false);
    expect(seenByB.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect((await instanceB.loginFailuresPerEmail.consume(email)).allowed).toBe(false);
    // The counter lives in Redis under the prefix, not in either process.
    expect(await first.keys(`${keyPrefix}:login-fail:*`)).toHaveLength(1);

    // A reset on one instance (successful login) clears it for the other too.
    await instanceB.loginFailuresPerEmail.reset(email);
    expect((await instanceA.loginFailuresPerEmail.check(email)).allowed).toBe(true);
  });

  it('shares the gateway orders per customer (10 an hour), then an hour’s Retry-After', async () => {
    const instanceA = createRateLimits({ redis: first, keyPrefix, authPerIpPerMinute: 30 });
    const instanceB = createRateLimits({ redis: second, keyPrefix, authPerIpPerMinute: 30 });
    for (let i = 0; i < 10; i++) {
      const instance = i % 2 === 0 ? instanceA : instanceB;
      expect((await instance.gatewayOrdersPerCustomer.consume('42')).allowed).toBe(true);
    }
    const blocked = await instanceB.gatewayOrdersPerCustomer.consume('42');
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(59 * 60);
    expect((await instanceA.gatewayOrdersPerCustomer.consume('43')).allowed).toBe(true);
  });

  it('shares the per-IP limit too', async () => {
    const instanceA = createRateLimits({ redis: first, keyPrefix, authPerIpPerMinute: 3 });
    const instanceB = createRateLimits({ redis: second, keyPrefix, authPerIpPerMinute: 3 });
    await instanceA.authPerIp.consume('203.0.113.9');
    await instanceB.authPerIp.consume('203.0.113.9');
    await instanceA.authPerIp.consume('203.0.113.9');
    const fourth = await instanceB.authPerIp.consume('203.0.113.9');
    expect(fourth.allowed).toBe(false);
    expect(fourth.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});
