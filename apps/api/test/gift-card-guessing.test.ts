import { cartGiftCards, carts, giftCardLedger } from '@storefront/db/schema';
import { seedStoreSetup } from '@storefront/db/seed/store-setup';
import { createCurrency, createProduct } from '@storefront/db/testing/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits } from '../src/adapters/rate-limits';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
} from './harness';

/*
 * Gift card guessing under concurrency (SECURITY.md, issue 35). Every lookup and apply takes a
 * slot of the customer's 20 an hour before the code is looked up; the limiter counts in Redis on
 * the PostgreSQL pass (REDIS_URL), in memory on the embedded one, so both are raced.
 */

const BUDGET = 20;
let t: TestApp;
let baseUrl: string;
let admin: ReturnType<typeof adminClient>;
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
  await createCurrency(t.db, { code: 'USD', isDefault: true });
  await seedStoreSetup(t.db);
  baseUrl = (await t.listen()).baseUrl;
  admin = adminClient(baseUrl, (await registerAdmin(t)).token);
  await admin.admin.settings.setFeature.mutate({ flag: 'gift_cards', enabled: true });
});
afterAll(async () => {
  await t.close();
  redis?.disconnect();
});

const issue = async (amount: number) => (await admin.admin.giftCards.issue.mutate({ amount })).data;
const guess = (i: number) => `ZZZZ-ZZZZ-ZZZZ-${String(i).padStart(4, '2').slice(-4)}`;
const lookup = (token: string, code: string) =>
  t.request('POST', '/gift-cards/balance', { token, body: { code } });
const apply = (token: string, code: string) =>
  t.request('POST', '/cart/apply-gift-card', { token, body: { gift_card_code: code } });

async function shopper() {
  const product = await createProduct(t.db, { priceCents: 2000, stockQuantity: 100 });
  const customer = await registerCustomer(t);
  const added = await t.request('POST', '/cart/add', {
    token: customer.token,
    body: { product_id: product.id, quantity: 1 },
  });
  if (added.status !== 200) throw new Error(JSON.stringify(added.body));
  return customer;
}

const cardsOnCart = async (userId: number) =>
  t.db
    .select({ giftCardId: cartGiftCards.giftCardId })
    .from(cartGiftCards)
    .innerJoin(carts, eq(carts.id, cartGiftCards.cartId))
    .where(eq(carts.userId, userId));

/** `n` calls of one procedure in one /trpc batch (what httpBatchLink sends), raw. */
function trpcBatch(token: string, procedure: string, inputs: unknown[]) {
  const paths = inputs.map(() => procedure).join(',');
  const body = Object.fromEntries(inputs.map((input, index) => [String(index), input]));
  return fetch(`${baseUrl}/trpc/${paths}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

describe('the lookup budget is taken before the lookup', () => {
  it('60 racing lookups with the real code among the last: 20 answered, the rest and the real code 429', async () => {
    const card = await issue(40);
    const { token, user } = await shopper();
    const codes = Array.from({ length: 60 }, (_, i) => (i === 55 ? card.code : guess(i)));
    const results = await Promise.all(codes.map((code) => lookup(token, code)));
    const answered = results.filter((res) => res.status !== 429);
    // Exactly the budget got through: no lookup ran on a check another one had already passed.
    expect(answered).toHaveLength(BUDGET);
    for (const res of answered) expect([200, 404]).toContain(res.status);
    for (const res of results.filter((r) => r.status === 429)) {
      expect(res.body).toMatchObject({ success: false, error_code: 'RATE_LIMITED' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Over the budget the real code is refused like any guess, by lookup and by apply.
    const real = await lookup(token, card.code);
    expect(real.status).toBe(429);
    expect(real.body.error_code).toBe('RATE_LIMITED');
    expect(real.body.data).toBeUndefined();
    const applied = await apply(token, card.code);
    expect(applied.status).toBe(429);
    expect(await cardsOnCart(user.id)).toEqual([]);
    expect(
      await t.db
        .select({ amount: giftCardLedger.amountCents })
        .from(giftCardLedger)
        .where(eq(giftCardLedger.giftCardId, card.id)),
    ).toEqual([{ amount: 4000 }]);
    // Another customer has a budget of their own.
    expect((await lookup((await shopper()).token, card.code)).status).toBe(200);
  });

  it('racing applies share the budget with lookups; a hit spends a slot like a miss', async () => {
    const card = await issue(5);
    const { token, user } = await shopper();
    // 15 hits: the budget counts lookups, not misses, so hits cannot refill it.
    for (let i = 0; i < 15; i++) expect((await lookup(token, card.code)).status).toBe(200);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, (_, i) => apply(token, guess(100 + i))),
      apply(token, card.code),
    ]);
    expect(results.filter((res) => res.status !== 429)).toHaveLength(BUDGET - 15);
    expect((await apply(token, card.code)).status).toBe(429);
    const applied = results.at(-1)?.status === 200 ? [{ giftCardId: card.id }] : [];
    expect(await cardsOnCart(user.id)).toEqual(applied);
  });
});

describe('/trpc batches hold at most 20 calls', () => {
  it('a batch of 700 balance calls is refused whole with 400, before any lookup runs', async () => {
    const card = await issue(7);
    const { token } = await shopper();
    const inputs = Array.from({ length: 700 }, (_, i) => ({
      code: i === 699 ? card.code : guess(200 + i),
    }));
    const res = await trpcBatch(token, 'giftCards.balance', inputs);
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { message: string; data: Record<string, unknown> };
    };
    expect(Array.isArray(body)).toBe(false);
    expect(body.error.message).toMatch(/at most 20 calls/);
    expect(body.error.data).toMatchObject({ error_code: 'BAD_REQUEST', httpStatus: 400 });
    // Nothing ran: the customer's whole budget is left.
    const single = await trpcBatch(token, 'giftCards.balance', [{ code: card.code }]);
    expect(single.status).toBe(200);
  });

  it('21 calls of any procedure are refused; 20 are answered, each by itself', async () => {
    const { token } = await shopper();
    const refused = await trpcBatch(token, 'features.list', Array(21).fill(undefined));
    expect(refused.status).toBe(400);
    const card = await issue(9);
    const inputs = Array.from({ length: 20 }, (_, i) => ({ code: i === 0 ? card.code : guess(i) }));
    const res = await trpcBatch(token, 'giftCards.balance', inputs);
    const answers = (await res.json()) as {
      result?: { data: { data: { balance: number } } };
      error?: { data: { httpStatus: number } };
    }[];
    expect(answers).toHaveLength(20);
    expect(answers[0]?.result?.data.data.balance).toBe(9);
    for (const answer of answers.slice(1)) expect(answer.error?.data.httpStatus).toBe(404);
    // The budget is spent now: the 21st lookup of the hour is refused, in a batch or not.
    expect((await lookup(token, card.code)).status).toBe(429);
  });
});
