import { verify } from '@node-rs/argon2';
import { passwordResetTokens, sessions, users } from '@storefront/db/schema';
import { hashToken } from '@storefront/routers/tokens';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkToken, registerCustomer, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The reset e-mail leaves the request path (a mail job): wait for the newest one to `email`. */
const resetMail = (email: string) => t.mailTo(email, 'Reset your password');

const validRegistration = (email: string) => ({
  name: 'Ada Lovelace',
  email,
  password: 'analytical engine',
  password_confirmation: 'analytical engine',
  phone: '+44 20 7946 0018',
  terms_accepted: true,
});

describe('POST /auth/register', () => {
  it('creates the customer, answers 201 with the user and a token, stores only the token hash', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: {
        ...validRegistration('ada@example.com'),
        role: 'admin',
        email_verified_at: '2020-01-01T00:00:00Z',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      token_type: 'Bearer',
      expires_in: 86400,
      user: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        phone: '+44 20 7946 0018',
        avatar_url: null,
        email_verified_at: null,
      },
    });
    expect(res.body.data.user.created_at).toMatch(/Z$/);
    const [row] = await t.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    // Mass assignment: role and email_verified_at from the body are ignored.
    expect(row?.role).toBe('customer');
    expect(row?.emailVerifiedAt).toBeNull();
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const stored = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, row?.id ?? 0));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.id).toBe(hashToken(res.body.data.token));
    expect(stored[0]?.id).not.toContain(res.body.data.token);
  });

  it('refuses a duplicate e-mail case-insensitively with 422 errors.email', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: validRegistration('ADA@Example.com'),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ success: false, error_code: 'VALIDATION_ERROR' });
    expect(res.body.errors.email).toHaveLength(1);
  });

  it('validates every field and names them in errors', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: {
        email: 'not-an-email',
        password: 'short',
        password_confirmation: 'other',
        terms_accepted: false,
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['email', 'name', 'password', 'phone', 'terms_accepted'].sort(),
    );
  });

  it('requires the confirmation to match', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: {
        ...validRegistration('mismatch@example.com'),
        password_confirmation: 'something else',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.password_confirmation).toBeDefined();
  });

  it('refuses passwords over 128 characters', async () => {
    const long = 'x'.repeat(129);
    const res = await t.request('POST', '/auth/register', {
      body: {
        ...validRegistration('long@example.com'),
        password: long,
        password_confirmation: long,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toBeDefined();
  });
});

describe('POST /auth/login', () => {
  it('answers the five-field user and a token; remember_me gives the long lifetime', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('POST', '/auth/login', {
      body: {
        email: customer.email.toUpperCase(),
        password: customer.password,
        device_name: 'Pixel 9',
      },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data.user).sort()).toEqual([
      'avatar_url',
      'email',
      'id',
      'name',
      'phone',
    ]);
    expect(res.body.data.expires_in).toBe(86400);
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(res.body.data.token)));
    expect(session?.deviceName).toBe('Pixel 9');

    const remembered = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password, remember_me: true },
    });
    expect(remembered.body.data.expires_in).toBe(2_592_000);
    const [long] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(remembered.body.data.token)));
    const lifetime = (long?.expiresAt.getTime() ?? 0) - Date.now();
    expect(lifetime).toBeGreaterThan(29 * 86_400_000);
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const customer = await registerCustomer(t);
    const wrong = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: 'not the password' },
    });
    const unknown = await t.request('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error_code).toBe('INVALID_CREDENTIALS');
  });

  it('locks an e-mail out after 5 failures with 429 and Retry-After', async () => {
    const customer = await registerCustomer(t);
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await t.request('POST', '/auth/login', {
        body: { email: customer.email, password: 'wrong password' },
      });
      expect(res.status).toBe(401);
    }
    const locked = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    expect(locked.status).toBe(429);
    expect(locked.body.error_code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('does not accept the string "false" as remember_me', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password, remember_me: 'false' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.remember_me).toBeDefined();
  });
});

describe('tokens', () => {
  it('GET /auth/me needs a valid token', async () => {
    const customer = await registerCustomer(t);
    const me = await t.request('GET', '/auth/me', { token: customer.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ id: customer.user.id, email: customer.email });
    for (const token of [undefined, 'garbage', 'x'.repeat(43)]) {
      const res = await t.request('GET', '/auth/me', token ? { token } : {});
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error_code: 'UNAUTHENTICATED' });
    }
  });

  it('reads the scheme of Authorization in any case (bearer, BEARER), as HTTP schemes are', async () => {
    const customer = await registerCustomer(t);
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const me = await t.request('GET', '/auth/me', {
        headers: { Authorization: `${scheme} ${customer.token}` },
      });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ id: customer.user.id });
    }
    const wrong = await t.request('GET', '/auth/me', {
      headers: { Authorization: `Basic ${customer.token}` },
    });
    expect(wrong.status).toBe(401);
  });

  it('logout revokes the presented token only', async () => {
    const customer = await registerCustomer(t);
    const other = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    const res = await t.request('POST', '/auth/logout', { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: null });
    expect((await t.request('GET', '/auth/me', { token: customer.token })).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: other.body.data.token })).status).toBe(200);
  });

  it('refresh revokes the old token and returns a working new one', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('POST', '/auth/refresh', { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ token_type: 'Bearer', expires_in: 86400 });
    expect(res.body.data.token).not.toBe(customer.token);
    expect((await t.request('GET', '/auth/me', { token: customer.token })).status).toBe(401);
    expect((await t.request('GET', '/auth/me', { token: res.body.data.token })).status).toBe(200);
  });

  it('an expired session answers 401 and is removed', async () => {
    const customer = await registerCustomer(t);
    const id = hashToken(customer.token);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    const res = await t.request('GET', '/auth/me', { token: customer.token });
    expect(res.status).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it('a blocked customer is refused', async () => {
    const customer = await registerCustomer(t);
    await t.db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, customer.user.id));
    expect((await t.request('GET', '/auth/me', { token: customer.token })).status).toBe(401);
  });
});

describe('profile', () => {
  it('PUT /auth/profile and PUT /customer/profile update the same user', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('PUT', '/auth/profile', {
      token: customer.token,
      body: {
        name: 'New Name',
        date_of_birth: '1990-05-17',
        gender: 'female',
        email: 'hijack@example.com',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'New Name',
      date_of_birth: '1990-05-17',
      gender: 'female',
      email: customer.email,
    });
    const viaCustomer = await t.request('PUT', '/customer/profile', {
      token: customer.token,
      body: { phone: '+1 555 0100' },
    });
    expect(viaCustomer.body.data).toMatchObject({ name: 'New Name', phone: '+1 555 0100' });
    const profile = await t.request('GET', '/customer/profile', { token: customer.token });
    expect(profile.body.data).toEqual(viaCustomer.body.data);
  });

  it('rejects a bad date and an unknown gender', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('PUT', '/customer/profile', {
      token: customer.token,
      body: { date_of_birth: '17/05/1990', gender: 'robot' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['date_of_birth', 'gender']);
  });
});

describe('password change', () => {
  it('keeps the current token, revokes the others, and the new password works', async () => {
    const customer = await registerCustomer(t);
    const second = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    const res = await t.request('POST', '/auth/password/change', {
      token: customer.token,
      body: {
        current_password: customer.password,
        password: 'brand new pass',
        password_confirmation: 'brand new pass',
      },
    });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/auth/me', { token: customer.token })).status).toBe(200);
    expect((await t.request('GET', '/auth/me', { token: second.body.data.token })).status).toBe(
      401,
    );
    const login = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: 'brand new pass' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a wrong current password with 422 errors.current_password', async () => {
    const customer = await registerCustomer(t);
    const res = await t.request('POST', '/auth/password/change', {
      token: customer.token,
      body: {
        current_password: 'wrong one',
        password: 'brand new pass',
        password_confirmation: 'brand new pass',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.current_password).toBeDefined();
  });

  it('counts wrong current passwords against the failed-login budget: then 429, nothing changed', async () => {
    const customer = await registerCustomer(t);
    const change = (current: string) =>
      t.request('POST', '/auth/password/change', {
        token: customer.token,
        body: {
          current_password: current,
          password: 'brand new pass',
          password_confirmation: 'brand new pass',
        },
      });
    for (let i = 0; i < 5; i += 1) expect((await change('wrong one')).status).toBe(422);
    const locked = await change(customer.password);
    expect(locked.status).toBe(429);
    expect(locked.body.error_code).toBe('RATE_LIMITED');
    expect(locked.headers['retry-after']).toBeDefined();
    // The same budget as the login form's: the address is locked there too.
    const login = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    expect(login.status).toBe(429);
    // The password is still the old one.
    const [row] = await t.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(await verify(row?.passwordHash ?? '', customer.password)).toBe(true);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown e-mails and mails only the known one', async () => {
    const customer = await registerCustomer(t);
    const before = t.outbox().length;
    const known = await t.request('POST', '/auth/password/forgot', {
      body: { email: customer.email },
    });
    const unknown = await t.request('POST', '/auth/password/forgot', {
      body: { email: 'ghost@example.com' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    await resetMail(customer.email);
    const mails = t
      .outbox()
      .slice(before)
      .filter((m) => m.subject === 'Reset your password');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(customer.email);
  });

  it('resets with the token from the e-mail once, revoking every session', async () => {
    const customer = await registerCustomer(t);
    await t.request('POST', '/auth/password/forgot', { body: { email: customer.email } });
    const mail = await resetMail(customer.email);
    const token = linkToken(mail);
    expect(token.length).toBeGreaterThan(20);
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(stored).toBeDefined();

    const body = {
      email: customer.email,
      token,
      password: 'after the reset',
      password_confirmation: 'after the reset',
    };
    const res = await t.request('POST', '/auth/password/reset', { body });
    expect(res.status).toBe(200);
    expect((await t.request('GET', '/auth/me', { token: customer.token })).status).toBe(401);
    const again = await t.request('POST', '/auth/password/reset', { body });
    expect(again.status).toBe(422);
    expect(again.body.error_code).toBe('INVALID_RESET_TOKEN');
    const login = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: 'after the reset' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses an expired or unknown token', async () => {
    const customer = await registerCustomer(t);
    await t.request('POST', '/auth/password/forgot', { body: { email: customer.email } });
    const mail = await resetMail(customer.email);
    const token = linkToken(mail);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    for (const candidate of [token, 'made-up-token-value']) {
      const res = await t.request('POST', '/auth/password/reset', {
        body: {
          email: customer.email,
          token: candidate,
          password: 'whatever123',
          password_confirmation: 'whatever123',
        },
      });
      expect(res.status).toBe(422);
      expect(res.body.error_code).toBe('INVALID_RESET_TOKEN');
    }
  });
});
