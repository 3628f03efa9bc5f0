import { cartItems, carts, orders, otpCodes, sessions, users } from '@storefront/db/schema';
import { createCoupon, createProduct } from '@storefront/db/testing/factories';
import { hashToken } from '@storefront/routers/tokens';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits } from '../src/adapters/rate-limits';
import {
  adminClient,
  createTestApp,
  registerAdmin,
  registerCustomer,
  type TestApp,
} from './harness';
import { generateKeyPair } from './support/fake-jwks';
import { NEW_ADDRESS } from './support/shop';
import { APPLE_AUD, GOOGLE_AUD, startSignInShop } from './support/sign-in-app';

let t: TestApp;
let apple: Awaited<ReturnType<typeof startSignInShop>>['apple'];
let google: Awaited<ReturnType<typeof startSignInShop>>['google'];
let shop: Awaited<ReturnType<typeof startSignInShop>>;
beforeAll(async () => {
  shop = await startSignInShop();
  ({ t, apple, google } = shop);
});
afterAll(() => shop.close());

async function startGuest(): Promise<string> {
  const res = await t.request('POST', '/auth/guest');
  expect(res.status).toBe(201);
  expect(res.body.data).toMatchObject({ token_type: 'Bearer', user: null });
  expect(res.body.data.expires_in).toBe(2_592_000);
  return res.body.data.token;
}

const GUEST_ADDRESS = { ...NEW_ADDRESS, email: 'guest.buyer@example.com' };

/** A guest with `quantity` of a product in its cart, checked out with COD. */
async function guestWithOrder(quantity = 2) {
  const token = await startGuest();
  const product = await createProduct(t.db, { priceCents: 1500, stockQuantity: 10 });
  const add = await t.request('POST', '/cart/add', {
    token,
    body: { product_id: product.id, quantity },
  });
  expect(add.status).toBe(200);
  for (const [path, body] of [
    ['/checkout/shipping-address', GUEST_ADDRESS],
    ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
    ['/checkout/payment-method', { payment_method: 'cod' }],
  ] as const) {
    const step = await t.request('POST', path, { token, body });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
  }
  const placed = await t.request('POST', '/checkout/place-order', { token, body: {} });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { token, product, orderId: placed.body.data.order_id as number };
}

describe('guest checkout', () => {
  it('a guest shops, checks out with COD and reads, tracks and downloads its order', async () => {
    const { token, orderId } = await guestWithOrder();
    const list = await t.request('GET', '/customer/orders', { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect((await t.request('GET', `/customer/orders/${orderId}`, { token })).status).toBe(200);
    expect((await t.request('GET', `/customer/orders/${orderId}/track`, { token })).status).toBe(
      200,
    );
    // The invoice route (plain Express) lets guests through; COD is unpaid: 422, not 403.
    const invoice = await t.request('GET', `/customer/orders/${orderId}/invoice`, { token });
    expect(invoice.body.error_code).toBe('INVOICE_NOT_AVAILABLE');
    // Its credit notes too (none: never invoiced), and a note's PDF route (404: no such note).
    const notes = await t.request('GET', `/customer/orders/${orderId}/credit-notes`, { token });
    expect([notes.status, notes.body.data]).toEqual([200, []]);
    const note = await t.request('GET', `/customer/orders/${orderId}/credit-notes/CN%2F1`, {
      token,
    });
    expect([note.status, note.body.error_code]).toEqual([404, 'NOT_FOUND']);
    // The confirmation goes to the checkout e-mail.
    const mail = await t.mailTo(GUEST_ADDRESS.email, /confirmed/);
    expect(mail.subject).toMatch(/Order SF-/);
  });

  it('a guest must give an e-mail with the shipping address', async () => {
    const token = await startGuest();
    const product = await createProduct(t.db, { stockQuantity: 5 });
    await t.request('POST', '/cart/add', { token, body: { product_id: product.id, quantity: 1 } });
    const res = await t.request('POST', '/checkout/shipping-address', {
      token,
      body: NEW_ADDRESS,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('email');
  });

  it('every account-only operation answers a guest 403 ACCOUNT_REQUIRED', async () => {
    const token = await startGuest();
    for (const [method, path, body] of [
      ['GET', '/auth/me', undefined],
      ['GET', '/customer/profile', undefined],
      ['PUT', '/customer/profile', { name: 'X' }],
      ['GET', '/customer/addresses', undefined],
      ['GET', '/customer/wishlist', undefined],
      [
        'POST',
        '/auth/password/change',
        { current_password: 'x', password: 'y'.repeat(8), password_confirmation: 'y'.repeat(8) },
      ],
      ['POST', '/customer/phone/request-code', { phone: '+919876543210' }],
    ] as const) {
      const res = await t.request(method, path, { token, ...(body ? { body } : {}) });
      expect([path, res.status, res.body.error_code]).toEqual([path, 403, 'ACCOUNT_REQUIRED']);
    }
    const avatar = await t.request('POST', '/auth/avatar', { token });
    expect(avatar.status).toBe(403);
    expect(avatar.body.error_code).toBe('ACCOUNT_REQUIRED');
  });

  it('registering with guest_token moves the order and the cart to the account', async () => {
    const { token: guestToken, orderId, product } = await guestWithOrder();
    // The guest fills a new cart after ordering.
    await t.request('POST', '/cart/add', {
      token: guestToken,
      body: { product_id: product.id, quantity: 3 },
    });
    const coupon = await createCoupon(t.db, { code: 'GUESTSAVE', type: 'percentage', value: 10 });
    await t.request('POST', '/cart/apply-coupon', {
      token: guestToken,
      body: { coupon_code: coupon.code },
    });
    const account = await registerCustomer(t, { guest_token: guestToken });
    const list = await t.request('GET', '/customer/orders', { token: account.token });
    expect(list.body.data.map((o: { id: number }) => o.id)).toEqual([orderId]);
    const cart = await t.request('GET', '/cart', { token: account.token });
    expect(cart.body.data.items).toEqual([
      expect.objectContaining({ product_id: product.id, quantity: 3 }),
    ]);
    expect(cart.body.data.coupon_code).toBe('GUESTSAVE');
    // The guest session ended; its token merges nothing again.
    expect((await t.request('GET', '/cart', { token: guestToken })).status).toBe(401);
    const again = await t.request('POST', '/auth/login', {
      body: { email: account.email, password: account.password, guest_token: guestToken },
    });
    expect(again.status).toBe(401);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.userId).toBe(account.user.id);
  });

  it('login merges quantities, capped by stock', async () => {
    const account = await registerCustomer(t);
    const product = await createProduct(t.db, { stockQuantity: 5 });
    await t.request('POST', '/cart/add', {
      token: account.token,
      body: { product_id: product.id, quantity: 3 },
    });
    const guestToken = await startGuest();
    await t.request('POST', '/cart/add', {
      token: guestToken,
      body: { product_id: product.id, quantity: 4 },
    });
    const login = await t.request('POST', '/auth/login', {
      body: { email: account.email, password: account.password, guest_token: guestToken },
    });
    expect(login.status).toBe(200);
    const rows = await t.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.userId, account.user.id), eq(carts.status, 'open')));
    expect(rows).toEqual([{ quantity: 5 }]);
    const guests = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(guestToken)));
    expect(guests).toEqual([]);
  });

  it('of racing merges of one guest token exactly one wins; the order moves once', async () => {
    const { token: guestToken, orderId } = await guestWithOrder(1);
    const accounts = await Promise.all([registerCustomer(t), registerCustomer(t)]);
    const results = await Promise.all(
      accounts.map((account) =>
        t.request('POST', '/auth/login', {
          body: { email: account.email, password: account.password, guest_token: guestToken },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    const winner = accounts[results.findIndex((r) => r.status === 200)];
    const loser = accounts[results.findIndex((r) => r.status === 401)];
    // The merge and the session commit together: the loser got no session (only register's).
    expect(await t.db.$count(sessions, eq(sessions.userId, loser?.user.id ?? 0))).toBe(1);
    expect(await t.db.$count(sessions, eq(sessions.userId, winner?.user.id ?? 0))).toBe(2);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.userId).toBe(winner?.user.id);
    const guestRows = await t.db.select().from(users).where(eq(users.role, 'guest'));
    expect(guestRows.some((u) => u.id === order?.userId)).toBe(false);
  });
});

describe('clean-up of abandoned guests (GUEST_RETENTION_DAYS, default 30)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
  const guestIdOf = async (token: string) => {
    const [row] = await t.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    if (!row) throw new Error('no session for this token');
    return row.userId;
  };
  /** A guest made `createdDays` ago whose (one) session ended `expiredDays` ago. */
  async function agedGuest(createdDays: number, expiredDays: number, token?: string) {
    const guestToken = token ?? (await startGuest());
    const id = await guestIdOf(guestToken);
    await t.db
      .update(users)
      .set({ createdAt: daysAgo(createdDays) })
      .where(eq(users.id, id));
    await t.db
      .update(sessions)
      .set({ expiresAt: daysAgo(expiredDays) })
      .where(eq(sessions.userId, id));
    return { id, token: guestToken };
  }

  it('deletes exactly the guests without orders whose sessions all ended 30+ days ago', async () => {
    const abandoned = await agedGuest(60, 31);
    // Its open cart goes with it.
    const product = await createProduct(t.db, { stockQuantity: 5 });
    const [cart] = await t.db.insert(carts).values({ userId: abandoned.id }).returning();
    if (!cart) throw new Error('no cart');
    await t.db.insert(cartItems).values({ cartId: cart.id, productId: product.id, quantity: 1 });
    const noSessionLeft = await agedGuest(60, 31);
    await t.db.delete(sessions).where(eq(sessions.userId, noSessionLeft.id));
    const endedRecently = await agedGuest(60, 10);
    const stillSignedIn = await agedGuest(60, 31);
    await t.db.insert(sessions).values({
      id: hashToken(`live-${stillSignedIn.id}`),
      userId: stillSignedIn.id,
      expiresAt: new Date(Date.now() + DAY),
    });
    const newGuest = await guestIdOf(await startGuest());
    const withOrder = await guestWithOrder(1);
    const buyer = await agedGuest(60, 31, withOrder.token);
    const customer = await registerCustomer(t);
    await t.db
      .update(users)
      .set({ createdAt: daysAgo(60) })
      .where(eq(users.id, customer.user.id));
    await t.db.delete(sessions).where(eq(sessions.userId, customer.user.id));

    const deleted = await t.services.auth.signIn.guest.purgeAbandoned();
    expect(deleted.sort((a, b) => a - b)).toEqual(
      [abandoned.id, noSessionLeft.id].sort((a, b) => a - b),
    );
    const left = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(users.id, [
          abandoned.id,
          noSessionLeft.id,
          endedRecently.id,
          stillSignedIn.id,
          newGuest,
          buyer.id,
          customer.user.id,
        ]),
      );
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual(
      [endedRecently.id, stillSignedIn.id, newGuest, buyer.id, customer.user.id].sort(
        (a, b) => a - b,
      ),
    );
    expect(await t.db.select().from(carts).where(eq(carts.id, cart.id))).toEqual([]);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, withOrder.orderId));
    expect(order?.userId).toBe(buyer.id);
    // A second run finds nothing more.
    expect(await t.services.auth.signIn.guest.purgeAbandoned()).toEqual([]);
  });

  it('runs daily on a schedule, whichever instance takes it', async () => {
    const schedules = (await t.jobs?.getSchedules()) ?? [];
    expect(schedules.map((schedule) => schedule.name)).toContain('guest-retention');
  });
});

describe('racing registrations with one guest token', () => {
  it('create exactly one account: the loser’s registration rolls back', async () => {
    const { token: guestToken, orderId } = await guestWithOrder(1);
    const emails = [1, 2].map((i) => `racer${i}-${Date.now()}@example.com`);
    const results = await Promise.all(
      emails.map((email) =>
        t.request('POST', '/auth/register', {
          body: {
            name: 'Racer',
            email,
            password: 'correct horse 1',
            password_confirmation: 'correct horse 1',
            phone: '+44 20 7946 0000',
            terms_accepted: true,
            guest_token: guestToken,
          },
        }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 401]);
    const created = await t.db.select().from(users).where(inArray(users.email, emails));
    expect(created).toHaveLength(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.userId).toBe(created[0]?.id);
  });
});

describe('sign in with Apple and Google', () => {
  const claims = (overrides: Record<string, unknown> = {}) => ({
    iss: 'https://accounts.google.com',
    aud: GOOGLE_AUD,
    sub: `google-${Math.random().toString(36).slice(2)}`,
    email: `g${Math.random().toString(36).slice(2)}@gmail.com`,
    email_verified: true,
    name: 'Grace Hopper',
    ...overrides,
  });
  const social = (body: object) => t.request('POST', '/auth/social', { body });

  it('creates the account (201), then signs the same account in (200)', async () => {
    const c = claims();
    const first = await social({ provider: 'google', id_token: await google.sign(c) });
    expect(first.status).toBe(201);
    expect(first.body.data.user).toMatchObject({ name: 'Grace Hopper', email: c.email });
    const second = await social({ provider: 'google', id_token: await google.sign(c) });
    expect(second.status).toBe(200);
    expect(second.body.data.user.id).toBe(first.body.data.user.id);
    const me = await t.request('GET', '/auth/me', { token: second.body.data.token });
    expect(me.body.data).toMatchObject({ linked_providers: ['google'], has_password: false });
  });

  it('Apple: a verified private-relay e-mail matching an account links to it', async () => {
    const account = await registerCustomer(t, {
      email: `relay${Date.now()}@privaterelay.appleid.com`,
    });
    const token = await apple.sign({
      iss: 'https://appleid.apple.com',
      aud: APPLE_AUD,
      sub: `apple-${Date.now()}`,
      email: account.email,
      email_verified: 'true',
    });
    const res = await social({ provider: 'apple', id_token: token });
    expect(res.status).toBe(200);
    expect(res.body.data.user.id).toBe(account.user.id);
  });

  it('refuses every bad token with 401 INVALID_SOCIAL_TOKEN and creates nothing', async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    // A key the provider never published: a forged signature.
    const strangerKey = await generateKeyPair('RS256');
    const bad = [
      await google.sign(claims({ aud: 'someone-else.apps.googleusercontent.com' })),
      await google.sign(claims({ iss: 'https://evil.example.com' })),
      await google.sign(claims(), { expiresIn: '-1m' }),
      await google.sign(claims(), { kid: 'unknown-kid', key: strangerKey }),
      await google.sign(claims(), { key: strangerKey }),
      await google.sign(claims({ email_verified: false })),
      'not-a-jwt',
    ];
    for (const idToken of bad) {
      const res = await social({ provider: 'google', id_token: idToken });
      expect([res.status, res.body.error_code]).toEqual([401, 'INVALID_SOCIAL_TOKEN']);
    }
    // An Apple token sent as Google (other issuer and keys) fails too.
    const appleToken = await apple.sign(
      claims({ iss: 'https://appleid.apple.com', aud: APPLE_AUD }),
    );
    expect((await social({ provider: 'google', id_token: appleToken })).status).toBe(401);
    const after = await t.db.select({ id: users.id }).from(users);
    expect(after.length).toBe(before.length);
  });

  it('guest_token on social sign-in moves the guest order to the new account', async () => {
    const { token: guestToken, orderId } = await guestWithOrder(1);
    const res = await social({
      provider: 'google',
      id_token: await google.sign(claims()),
      guest_token: guestToken,
    });
    expect(res.status).toBe(201);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.userId).toBe(res.body.data.user.id);
  });

  it('a replayed ID token signs in nobody', async () => {
    const token = await google.sign(claims());
    expect((await social({ provider: 'google', id_token: token })).status).toBe(201);
    const replay = await social({ provider: 'google', id_token: token });
    expect([replay.status, replay.body.error_code]).toEqual([401, 'INVALID_SOCIAL_TOKEN']);
  });

  it('a key published after the first fetch (new kid) is fetched and accepted', async () => {
    await google.rotate('key-2');
    const res = await social({
      provider: 'google',
      id_token: await google.sign(claims(), { kid: 'key-2' }),
    });
    expect(res.status).toBe(201);
  });

  it('a blocked account stays blocked', async () => {
    const c = claims();
    const first = await social({ provider: 'google', id_token: await google.sign(c) });
    await t.db
      .update(users)
      .set({ blockedAt: new Date() })
      .where(eq(users.id, first.body.data.user.id));
    const res = await social({ provider: 'google', id_token: await google.sign(c) });
    expect(res.status).toBe(403);
  });

  it('after the account is deleted, the same Google account signs up anew, never into it', async () => {
    const c = claims();
    const first = await social({ provider: 'google', id_token: await google.sign(c) });
    expect(first.status).toBe(201);
    // No password on a Google account: a fresh ID token of it is the proof.
    const deleted = await t.request('DELETE', '/auth/account', {
      token: first.body.data.token,
      body: { provider: 'google', id_token: await google.sign(c) },
    });
    expect(deleted.status).toBe(200);
    const again = await social({ provider: 'google', id_token: await google.sign(c) });
    expect(again.status).toBe(201);
    expect(again.body.data.user.id).not.toBe(first.body.data.user.id);
    expect(again.body.data.user.email).toBe(c.email);
  });

  it('a provider without client ids answers 422', async () => {
    const off = await createTestApp({
      config: {
        signIn: {
          social: {
            apple: { jwksUrl: apple.jwksUrl, clientIds: [] },
            google: { jwksUrl: google.jwksUrl, clientIds: [] },
          },
        },
      },
    });
    try {
      const res = await off.request('POST', '/auth/social', {
        body: { provider: 'apple', id_token: 'x.y.z' },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('provider');
    } finally {
      await off.close();
    }
  });
});

describe('phone sign-in with a one-time code', () => {
  let n = 0;
  const nextPhone = () => {
    n += 1;
    return `98765${String(43210 + n * 7).padStart(5, '0')}`;
  };
  const e164 = (national: string) => `+91${national}`;

  it('request → code by SMS → verify creates the account (201), then signs it in (200)', async () => {
    const phone = nextPhone();
    const requested = await t.request('POST', '/auth/otp/request', { body: { phone } });
    expect(requested.status).toBe(200);
    const code = await t.smsCode(e164(phone));
    const stored = await t.db
      .select()
      .from(otpCodes)
      .where(eq(otpCodes.phone, e164(phone)));
    expect(stored[0]?.codeHash).not.toContain(code);
    const noName = await t.request('POST', '/auth/otp/verify', { body: { phone, code } });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toHaveProperty('name');
    const created = await t.request('POST', '/auth/otp/verify', {
      body: { phone, code, name: 'Ravi' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.user).toMatchObject({ name: 'Ravi', phone: e164(phone), email: '' });
    // A used code never works again.
    const reused = await t.request('POST', '/auth/otp/verify', { body: { phone, code } });
    expect(reused.body.error_code).toBe('INVALID_OTP');
    await t.request('POST', '/auth/otp/request', { body: { phone: e164(phone) } });
    const second = await t.smsCode(e164(phone), 2);
    const login = await t.request('POST', '/auth/otp/verify', { body: { phone, code: second } });
    expect(login.status).toBe(200);
    expect(login.body.data.user.id).toBe(created.body.data.user.id);
  });

  it('answers the same for any phone; refuses invalid numbers with 422 naming phone', async () => {
    const bad = await t.request('POST', '/auth/otp/request', { body: { phone: '12345' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty('phone');
  });

  it('five wrong codes end the code', async () => {
    const phone = nextPhone();
    await t.request('POST', '/auth/otp/request', { body: { phone } });
    const code = await t.smsCode(e164(phone));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await t.request('POST', '/auth/otp/verify', {
        body: { phone, code: wrong, name: 'X' },
      });
      expect(res.body.error_code).toBe('INVALID_OTP');
    }
    const right = await t.request('POST', '/auth/otp/verify', { body: { phone, code, name: 'X' } });
    expect(right.status).toBe(422);
    expect(right.body.error_code).toBe('INVALID_OTP');
  });

  it('an expired code fails', async () => {
    const phone = nextPhone();
    await t.request('POST', '/auth/otp/request', { body: { phone } });
    const code = await t.smsCode(e164(phone));
    await t.db
      .update(otpCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.phone, e164(phone)));
    const res = await t.request('POST', '/auth/otp/verify', { body: { phone, code, name: 'X' } });
    expect(res.body.error_code).toBe('INVALID_OTP');
  });

  it('at most 3 codes per phone per 10 minutes, then 429 with Retry-After', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 3; i++) {
      expect((await t.request('POST', '/auth/otp/request', { body: { phone } })).status).toBe(200);
    }
    const fourth = await t.request('POST', '/auth/otp/request', { body: { phone } });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a phone verified on one account cannot be verified on another', async () => {
    const phone = nextPhone();
    const first = await registerCustomer(t);
    const second = await registerCustomer(t);
    for (const [account, nth, expected] of [
      [first, 1, 200],
      [second, 2, 422],
    ] as const) {
      await t.request('POST', '/customer/phone/request-code', {
        token: account.token,
        body: { phone },
      });
      const code = await t.smsCode(e164(phone), nth);
      const res = await t.request('POST', '/customer/phone/verify', {
        token: account.token,
        body: { phone, code },
      });
      expect(res.status).toBe(expected);
      if (expected === 422) expect(res.body.errors).toHaveProperty('phone');
    }
  });

  it('SMS pumping: only allowed countries, and a limit per country calling code', async () => {
    const limited = await createTestApp({
      config: { signIn: { otp: { defaultRegion: 'IN', countries: ['IN'], shopName: 'Shop' } } },
      rateLimits: createRateLimits({ authPerIpPerMinute: 10_000, otpPerCountryPerHour: 2 }),
    });
    try {
      // A premium-rate destination elsewhere: refused before anything is sent.
      const abroad = await limited.request('POST', '/auth/otp/request', {
        body: { phone: '+44 7911 123456' },
      });
      expect(abroad.status).toBe(422);
      expect(abroad.body.errors).toHaveProperty('phone');
      // Different numbers of one country: the country's hourly budget runs out.
      const statuses = [];
      for (const phone of ['9876500001', '9876500002', '9876500003']) {
        statuses.push(
          (await limited.request('POST', '/auth/otp/request', { body: { phone } })).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
      expect(limited.smsOutbox().some((m) => m.to.startsWith('+44'))).toBe(false);
    } finally {
      await limited.close();
    }
  });

  it('a customer verifies a phone on the profile, which then signs in', async () => {
    const account = await registerCustomer(t);
    const phone = nextPhone();
    const asked = await t.request('POST', '/customer/phone/request-code', {
      token: account.token,
      body: { phone },
    });
    expect(asked.status).toBe(200);
    const code = await t.smsCode(e164(phone));
    const verified = await t.request('POST', '/customer/phone/verify', {
      token: account.token,
      body: { phone, code },
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.phone).toBe(e164(phone));
    await t.request('POST', '/auth/otp/request', { body: { phone } });
    const signIn = await t.request('POST', '/auth/otp/verify', {
      body: { phone, code: await t.smsCode(e164(phone), 2) },
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body.data.user.id).toBe(account.user.id);
  });
});

describe('the admin panel', () => {
  it('finds guest orders by their checkout e-mail, lists no guests, and shows how customers sign in', async () => {
    const admin = await registerAdmin(t);
    const { orderId } = await guestWithOrder(1);
    const server = await t.listen();
    try {
      const api = adminClient(server.baseUrl, admin.token);
      const found = await api.admin.orders.list.query({ search: 'guest.buyer@' });
      expect(found.data.map((o) => o.id)).toContain(orderId);
      // The list shows who ordered: a guest by its checkout e-mail, an account by its own.
      expect(found.data.find((o) => o.id === orderId)?.customer_email).toBe(GUEST_ADDRESS.email);
      const merged = await guestWithOrder(1);
      const account = await registerCustomer(t, { guest_token: merged.token });
      const mine = await api.admin.orders.list.query({ search: account.email });
      expect(mine.data.map((o) => [o.id, o.customer_email])).toEqual([
        [merged.orderId, account.email],
      ]);
      const detail = await api.admin.orders.get.query({ id: orderId });
      expect(detail.data.shipping_address.email).toBe(GUEST_ADDRESS.email);
      const customers = await api.admin.customers.list.query({ per_page: 100 });
      expect(customers.data.some((c) => c.role === 'guest')).toBe(false);
      const self = customers.data.find((c) => c.id === admin.user.id);
      expect(self?.sign_in_methods).toEqual(['password']);
      const google = customers.data.find((c) => c.sign_in_methods.includes('google'));
      expect(google?.sign_in_methods).not.toContain('password');
    } finally {
      await server.close();
    }
  });
});

describe('a sign-in whose merge or session fails leaves the guest intact and issues no session', () => {
  type Failing = 'the merge' | 'the session';
  /**
   * Makes one half fail, until the returned undo: deleting the guest's row (the merge's last
   * step), or inserting the account's session.
   */
  async function fail(what: Failing, ids: { guestId: number; accountId: number }) {
    await t.db.execute(
      sql.raw(`create or replace function fail_sign_in() returns trigger language plpgsql as $$
        begin raise exception 'sign-in failure (test)'; end $$`),
    );
    const [table, when] =
      what === 'the merge'
        ? ['users', `before delete on users for each row when (old.id = ${Number(ids.guestId)})`]
        : [
            'sessions',
            `before insert on sessions for each row when (new.user_id = ${Number(ids.accountId)})`,
          ];
    await t.db.execute(
      sql.raw(`create trigger fail_sign_in ${when} execute function fail_sign_in()`),
    );
    return () => t.db.execute(sql.raw(`drop trigger fail_sign_in on ${table}`));
  }

  /** A guest with an order and a line in its cart. */
  async function guestWithCart() {
    const { token, orderId, product } = await guestWithOrder(1);
    await t.request('POST', '/cart/add', { token, body: { product_id: product.id, quantity: 1 } });
    const [session] = await t.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.id, hashToken(token)));
    return { token, orderId, guestId: session?.userId ?? 0 };
  }

  /** The guest still has its session, its order and its cart line. */
  async function expectIntact(guest: { token: string; orderId: number; guestId: number }) {
    expect(await t.db.$count(sessions, eq(sessions.id, hashToken(guest.token)))).toBe(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, guest.orderId));
    expect(order?.userId).toBe(guest.guestId);
    const lines = await t.db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.userId, guest.guestId), eq(carts.status, 'open')));
    expect(lines).toEqual([{ quantity: 1 }]);
  }

  const sessionsOf = (userId: number) => t.db.$count(sessions, eq(sessions.userId, userId));
  const FAILURES: Failing[] = ['the merge', 'the session'];

  it.each(FAILURES)('login: %s fails', async (what) => {
    const account = await registerCustomer(t);
    const guest = await guestWithCart();
    const login = () =>
      t.request('POST', '/auth/login', {
        body: { email: account.email, password: account.password, guest_token: guest.token },
      });
    const undo = await fail(what, { guestId: guest.guestId, accountId: account.user.id });
    try {
      expect((await login()).status).toBe(500);
      await expectIntact(guest);
      expect(await sessionsOf(account.user.id)).toBe(1);
    } finally {
      await undo();
    }
    // Nothing was spent: the same guest token merges once the failure is gone.
    expect((await login()).status).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, guest.orderId));
    expect(order?.userId).toBe(account.user.id);
    expect(await sessionsOf(account.user.id)).toBe(2);
  });

  it.each(FAILURES)('Sign in with Google: %s fails', async (what) => {
    const claims = {
      iss: 'https://accounts.google.com',
      aud: GOOGLE_AUD,
      sub: `google-merge-${what.length}-${Date.now()}`,
      email: `merge${what.length}.${Date.now()}@gmail.com`,
      email_verified: true,
      name: 'Merge Failure',
    };
    const first = await t.request('POST', '/auth/social', {
      body: { provider: 'google', id_token: await google.sign(claims) },
    });
    expect(first.status).toBe(201);
    const accountId = first.body.data.user.id as number;
    const guest = await guestWithCart();
    const undo = await fail(what, { guestId: guest.guestId, accountId });
    try {
      const res = await t.request('POST', '/auth/social', {
        body: { provider: 'google', id_token: await google.sign(claims), guest_token: guest.token },
      });
      expect(res.status).toBe(500);
      await expectIntact(guest);
      expect(await sessionsOf(accountId)).toBe(1);
    } finally {
      await undo();
    }
  });

  it.each(FAILURES)('phone code: %s fails', async (what) => {
    const phone = what === 'the merge' ? '+919870012345' : '+919870012346';
    await t.request('POST', '/auth/otp/request', { body: { phone } });
    const created = await t.request('POST', '/auth/otp/verify', {
      body: { phone, code: await t.smsCode(phone), name: 'Merge Failure' },
    });
    expect(created.status).toBe(201);
    const accountId = created.body.data.user.id as number;
    await t.request('POST', '/auth/otp/request', { body: { phone } });
    const code = await t.smsCode(phone, 2);
    const guest = await guestWithCart();
    const undo = await fail(what, { guestId: guest.guestId, accountId });
    try {
      const res = await t.request('POST', '/auth/otp/verify', {
        body: { phone, code, guest_token: guest.token },
      });
      expect(res.status).toBe(500);
      await expectIntact(guest);
      expect(await sessionsOf(accountId)).toBe(1);
    } finally {
      await undo();
    }
  });
});
