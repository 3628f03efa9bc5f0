import { carts, orders, sessions, users } from '@storefront/db/schema';
import { createProduct } from '@storefront/db/testing/factories';
import { hashToken } from '@storefront/routers/tokens';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAdmin, registerCustomer, type TestApp } from './harness';
import { NEW_ADDRESS } from './support/shop';
import { GOOGLE_AUD, startSignInShop } from './support/sign-in-app';

/*
 * What a sign-in or an account deletion must prove, and what a guest_token may move: a wrong
 * phone code answers alike for every number, an account without a password proves itself again
 * to be deleted, and only a guest's orders merge, never into an admin.
 */

let t: TestApp;
let google: Awaited<ReturnType<typeof startSignInShop>>['google'];
let shop: Awaited<ReturnType<typeof startSignInShop>>;
beforeAll(async () => {
  shop = await startSignInShop();
  ({ t, google } = shop);
});
afterAll(() => shop.close());

let phones = 0;
/** A fresh Indian mobile number in E.164. */
const nextPhone = () => {
  phones += 1;
  return `+9197${String(10_000_000 + phones * 13 + (Date.now() % 1000) * 100_000).slice(-8)}`;
};

const googleClaims = () => ({
  iss: 'https://accounts.google.com',
  aud: GOOGLE_AUD,
  sub: `google-${Math.random().toString(36).slice(2)}`,
  email: `g${Math.random().toString(36).slice(2)}@gmail.com`,
  email_verified: true,
  name: 'Grace Hopper',
});

/** An account made by a phone code; `smsSent` codes went to its phone so far. */
async function phoneAccount() {
  const phone = nextPhone();
  await t.request('POST', '/auth/otp/request', { body: { phone } });
  const created = await t.request('POST', '/auth/otp/verify', {
    body: { phone, code: await t.smsCode(phone), name: 'Phone Owner' },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return {
    phone,
    token: created.body.data.token as string,
    userId: created.body.data.user.id as number,
    smsSent: 1,
  };
}

/** An account made by Sign in with Google. */
async function googleAccount() {
  const claims = googleClaims();
  const created = await t.request('POST', '/auth/social', {
    body: { provider: 'google', id_token: await google.sign(claims) },
  });
  expect(created.status).toBe(201);
  return {
    claims,
    token: created.body.data.token as string,
    userId: created.body.data.user.id as number,
  };
}

const deleteAccount = (token: string, body: object) =>
  t.request('DELETE', '/auth/account', { token, body });
const deletedAt = async (userId: number) =>
  (await t.db.select().from(users).where(eq(users.id, userId)))[0]?.deletedAt;

/** The signed-in `token` has a COD order; answers its id. */
async function placeCodOrder(token: string, address: object = NEW_ADDRESS) {
  const product = await createProduct(t.db, { priceCents: 1500, stockQuantity: 10 });
  await t.request('POST', '/cart/add', { token, body: { product_id: product.id, quantity: 1 } });
  for (const [path, body] of [
    ['/checkout/shipping-address', address],
    ['/checkout/shipping-method', { shipping_method: 'flatrate' }],
    ['/checkout/payment-method', { payment_method: 'cod' }],
  ] as const) {
    const step = await t.request('POST', path, { token, body });
    expect(step.status, JSON.stringify(step.body)).toBe(200);
  }
  const placed = await t.request('POST', '/checkout/place-order', { token, body: {} });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.data.order_id as number;
}

/** A guest with an order and a line in a new cart. */
async function guestWithOrder() {
  const started = await t.request('POST', '/auth/guest');
  const token = started.body.data.token as string;
  const orderId = await placeCodOrder(token, { ...NEW_ADDRESS, email: 'guest@example.com' });
  const product = await createProduct(t.db, { priceCents: 700, stockQuantity: 10 });
  await t.request('POST', '/cart/add', { token, body: { product_id: product.id, quantity: 1 } });
  const [session] = await t.db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.id, hashToken(token)));
  return { token, orderId, guestId: session?.userId ?? 0 };
}

const ownerOf = async (orderId: number) =>
  (await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId)))[0]
    ?.userId;

describe('POST /auth/otp/verify without a name', () => {
  it('a wrong code answers 422 INVALID_OTP alike for a number with and without an account', async () => {
    const owner = await phoneAccount();
    const stranger = nextPhone();
    await t.request('POST', '/auth/otp/request', { body: { phone: owner.phone } });
    await t.request('POST', '/auth/otp/request', { body: { phone: stranger } });
    const withAccount = await t.request('POST', '/auth/otp/verify', {
      body: { phone: owner.phone, code: '000000' },
    });
    const withoutAccount = await t.request('POST', '/auth/otp/verify', {
      body: { phone: stranger, code: '000000' },
    });
    expect([withAccount.status, withAccount.body]).toEqual([
      withoutAccount.status,
      withoutAccount.body,
    ]);
    expect(withoutAccount.status).toBe(422);
    expect(withoutAccount.body.error_code).toBe('INVALID_OTP');
    // The right code without a name asks for one and stays usable for the retry with it.
    const code = await t.smsCode(stranger);
    const noName = await t.request('POST', '/auth/otp/verify', { body: { phone: stranger, code } });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toHaveProperty('name');
    const created = await t.request('POST', '/auth/otp/verify', {
      body: { phone: stranger, code, name: 'New Owner' },
    });
    expect(created.status).toBe(201);
  });
});

describe('DELETE /auth/account of an account without a password', () => {
  it('a phone account: any password, no proof or a wrong code → 422; its fresh code deletes it', async () => {
    const account = await phoneAccount();
    const withPassword = await deleteAccount(account.token, { password: 'anything at all' });
    expect(withPassword.status).toBe(422);
    expect(withPassword.body.errors).toHaveProperty('code');
    const none = await deleteAccount(account.token, {});
    expect(none.status).toBe(422);
    expect(none.body.errors).toHaveProperty('code');
    await t.request('POST', '/auth/otp/request', { body: { phone: account.phone } });
    const code = await t.smsCode(account.phone, account.smsSent + 1);
    const wrong = await deleteAccount(account.token, {
      code: code === '123456' ? '654321' : '123456',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('code');
    expect(await deletedAt(account.userId)).toBeNull();
    const deleted = await deleteAccount(account.token, { code });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await deletedAt(account.userId)).not.toBeNull();
  });

  it('wrong or missing proofs count against the failed-login budget: the 6th answers 429', async () => {
    const account = await phoneAccount();
    for (let i = 0; i < 5; i += 1) {
      const res = await deleteAccount(account.token, i % 2 ? {} : { password: 'guess' });
      expect(res.status).toBe(422);
    }
    await t.request('POST', '/auth/otp/request', { body: { phone: account.phone } });
    const code = await t.smsCode(account.phone, account.smsSent + 1);
    const sixth = await deleteAccount(account.token, { code });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error_code).toBe('RATE_LIMITED');
    expect(await deletedAt(account.userId)).toBeNull();
  });

  it('a Google account: any password, a stale, used or other account’s ID token → 422; a fresh one deletes it', async () => {
    const account = await googleAccount();
    const withPassword = await deleteAccount(account.token, { password: 'anything at all' });
    expect(withPassword.status).toBe(422);
    expect(withPassword.body.errors).toHaveProperty('id_token');
    // Issued 11 minutes ago, still unexpired.
    const stale = await google.sign(account.claims, {
      issuedAt: Math.floor(Date.now() / 1000) - 660,
      expiresIn: '1h',
    });
    const other = await google.sign(googleClaims());
    const used = await google.sign(account.claims);
    expect(
      (await t.request('POST', '/auth/social', { body: { provider: 'google', id_token: used } }))
        .status,
    ).toBe(200);
    // Four wrong proofs in all: the fifth, right one is still within the budget.
    for (const idToken of [stale, other, used]) {
      const res = await deleteAccount(account.token, { provider: 'google', id_token: idToken });
      expect([res.status, Object.keys(res.body.errors ?? {})]).toEqual([422, ['id_token']]);
    }
    expect(await deletedAt(account.userId)).toBeNull();
    const deleted = await deleteAccount(account.token, {
      provider: 'google',
      id_token: await google.sign(account.claims),
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    expect(await deletedAt(account.userId)).not.toBeNull();
  });

  it('an ID token without its provider, or not a token at all, → 422 naming the field', async () => {
    const account = await googleAccount();
    const noProvider = await deleteAccount(account.token, {
      id_token: await google.sign(account.claims),
    });
    expect([noProvider.status, Object.keys(noProvider.body.errors)]).toEqual([422, ['provider']]);
    const garbage = await deleteAccount(account.token, { provider: 'google', id_token: 'x.y.z' });
    expect([garbage.status, Object.keys(garbage.body.errors)]).toEqual([422, ['id_token']]);
    expect(await deletedAt(account.userId)).toBeNull();
  });

  it('an account with a password still needs the password, not a code', async () => {
    const customer = await registerCustomer(t);
    const res = await deleteAccount(customer.token, { code: '123456' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveProperty('password');
    expect(await deletedAt(customer.user.id)).toBeNull();
  });
});

describe('guest_token must be a guest’s session', () => {
  /** A signed-in customer B with an order: B's token is no guest's. */
  async function customerWithOrder() {
    const b = await registerCustomer(t);
    const orderId = await placeCodOrder(b.token);
    return { ...b, orderId };
  }

  async function expectUntouched(b: Awaited<ReturnType<typeof customerWithOrder>>) {
    expect(await ownerOf(b.orderId)).toBe(b.user.id);
    expect((await t.request('GET', '/auth/me', { token: b.token })).status).toBe(200);
  }

  it('password login with a customer’s token → 401; its orders stay its own', async () => {
    const a = await registerCustomer(t);
    const b = await customerWithOrder();
    const res = await t.request('POST', '/auth/login', {
      body: { email: a.email, password: a.password, guest_token: b.token },
    });
    expect([res.status, res.body.error_code]).toEqual([401, 'UNAUTHENTICATED']);
    await expectUntouched(b);
  });

  it('Sign in with Google with a customer’s token → 401; its orders stay its own', async () => {
    const a = await googleAccount();
    const b = await customerWithOrder();
    const res = await t.request('POST', '/auth/social', {
      body: { provider: 'google', id_token: await google.sign(a.claims), guest_token: b.token },
    });
    expect([res.status, res.body.error_code]).toEqual([401, 'UNAUTHENTICATED']);
    await expectUntouched(b);
  });

  it('phone code sign-in with a customer’s token → 401; its orders stay its own', async () => {
    const a = await phoneAccount();
    const b = await customerWithOrder();
    await t.request('POST', '/auth/otp/request', { body: { phone: a.phone } });
    const res = await t.request('POST', '/auth/otp/verify', {
      body: { phone: a.phone, code: await t.smsCode(a.phone, 2), guest_token: b.token },
    });
    expect([res.status, res.body.error_code]).toEqual([401, 'UNAUTHENTICATED']);
    await expectUntouched(b);
  });
});

describe('the guest merge', () => {
  it('leaves no guest behind: its user row and cart are gone, its order is the account’s', async () => {
    const guest = await guestWithOrder();
    const account = await registerCustomer(t);
    const login = await t.request('POST', '/auth/login', {
      body: { email: account.email, password: account.password, guest_token: guest.token },
    });
    expect(login.status).toBe(200);
    expect(await ownerOf(guest.orderId)).toBe(account.user.id);
    expect(await t.db.$count(users, eq(users.id, guest.guestId))).toBe(0);
    expect(await t.db.$count(carts, eq(carts.userId, guest.guestId))).toBe(0);
  });

  it('an admin signing in with guest_token signs in and merges nothing', async () => {
    const guest = await guestWithOrder();
    const admin = await registerAdmin(t);
    const login = await t.request('POST', '/auth/login', {
      body: { email: admin.email, password: admin.password, guest_token: guest.token },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.data.user.id).toBe(admin.user.id);
    expect(await ownerOf(guest.orderId)).toBe(guest.guestId);
    const guestCart = await t.request('GET', '/cart', { token: guest.token });
    expect(guestCart.status).toBe(200);
    expect(guestCart.body.data.items).toHaveLength(1);
    const adminCart = await t.request('GET', '/cart', { token: login.body.data.token });
    expect(adminCart.body.data.items ?? []).toEqual([]);
  });
});
