import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/runtime';
import { createTestApp, registerCustomer, type TestApp } from './harness';

/** Secrets and personal data never reach the log (issue 12, items 5–7). */

const lines: string[] = [];
const captured = () => lines.join('');
const records = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

let t: TestApp;
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    logger: createLogger({ LOG_LEVEL: 'info' }, sink),
    config: { passwordResetUrl: 'myshop://reset-password?source=mail' },
  });
});
afterAll(async () => {
  await t.close();
});

describe('the password reset link', () => {
  it('points at PASSWORD_RESET_URL with token and email added', async () => {
    const customer = await registerCustomer(t);
    await t.request('POST', '/auth/password/forgot', { body: { email: customer.email } });
    const mail = await t.mailTo(customer.email, 'Reset your password');
    const link = /myshop:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    const url = new URL(link);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe('myshop://reset-password');
    expect(url.searchParams.get('source')).toBe('mail');
    expect(url.searchParams.get('email')).toBe(customer.email);
    expect(url.searchParams.get('token')?.length).toBeGreaterThan(20);
    expect(mail.html).toContain('href="myshop://reset-password?source=mail&amp;token=');
  });

  it('the request log never writes token, email or password query values', async () => {
    lines.length = 0;
    const res = await supertest(t.app).get(
      '/api/v1/reset-password?token=SeCrEtToKeN123&email=ada%40example.com&Password=hunter22&page=2',
    );
    expect(res.status).toBe(404);
    const log = captured();
    expect(log).toContain('/api/v1/reset-password?token=[redacted]&email=[redacted]');
    expect(log).toContain('Password=[redacted]&page=2');
    for (const secret of ['SeCrEtToKeN123', 'ada%40example.com', 'ada@example.com', 'hunter22']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('the request log redacts secrets by parameter name, wherever they sit', () => {
  const logOf = async (url: string) => {
    lines.length = 0;
    await supertest(t.app).get(url);
    return captured();
  };
  const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  it('array and bracketed parameters, access tokens, secrets and codes', async () => {
    const log = await logOf(
      '/api/v1/nowhere?token[]=ArrayTok1&token%5B%5D=ArrayTok2&token[0]=ArrayTok3' +
        '&access_token=AccessTok4&filter[email]=eve%40example.com&client_secret=Sec5' +
        '&code=Code6&refresh_token=Ref7&page=2&sort=name',
    );
    expect(log).toContain('token[]=[redacted]&token%5B%5D=[redacted]&token[0]=[redacted]');
    expect(log).toContain('access_token=[redacted]');
    expect(log).toContain('page=2&sort=name');
    for (const secret of [
      'ArrayTok1',
      'ArrayTok2',
      'ArrayTok3',
      'AccessTok4',
      'eve%40example.com',
      'Sec5',
      'Code6',
      'Ref7',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it("/trpc's input: sensitive keys inside the JSON are redacted, the rest kept", async () => {
    const log = await logOf(
      `/trpc/auth.login?input=${json({ email: 'ada@example.com', password: 'Hunter2Pw', remember: true })}`,
    );
    expect(log).toContain('/trpc/auth.login?input=');
    const input = JSON.parse(
      decodeURIComponent(/input=([^"\s&]+)/.exec(log)?.[1] ?? '').replace(/\\"/g, '"'),
    );
    expect(input).toEqual({ email: '[redacted]', password: '[redacted]', remember: true });
    expect(log).not.toContain('Hunter2Pw');
    expect(log).not.toContain('ada@example.com');
  });

  it("/trpc's batch input, nested objects and arrays included", async () => {
    const log = await logOf(
      `/trpc/a,b?batch=1&input=${json({
        '0': { json: { password: 'BatchPw1', current_password: 'BatchPw2' } },
        '1': { search: 'red shoes', tokens: [{ token: 'BatchTok3' }], secret: 'BatchSec4' },
      })}`,
    );
    for (const secret of ['BatchPw1', 'BatchPw2', 'BatchTok3', 'BatchSec4']) {
      expect(log).not.toContain(secret);
    }
    expect(decodeURIComponent(log)).toContain('red shoes');
  });

  it('an input that is not JSON is dropped whole', async () => {
    const log = await logOf('/trpc/auth.login?input=%7Bpassword%3ANotJsonPw');
    expect(log).toContain('input=[redacted]');
    expect(log).not.toContain('NotJsonPw');
  });
});

describe('database errors', () => {
  it('are logged without their parameters or the row they quote', async () => {
    // Real driver errors carrying e-mail, phone, argon2 hash and token digests: constraints
    // that refuse this test's rows.
    const phone = '+44 20 7946 0999';
    await t.db.execute(
      sql.raw(`alter table users add constraint no_test_phone check (phone <> '${phone}')`),
    );
    const email = `leaky-${Date.now()}@example.com`;
    lines.length = 0;
    const register = await t.request('POST', '/auth/register', {
      body: {
        name: 'Leaky',
        email,
        password: 'a password of mine',
        password_confirmation: 'a password of mine',
        phone,
        terms_accepted: true,
      },
    });
    expect(register.status).toBe(500);

    const customer = await registerCustomer(t);
    await t.db.execute(
      sql.raw('alter table sessions add constraint no_sessions check (length(id) < 10) not valid'),
    );
    const login = await t.request('POST', '/auth/login', {
      body: { email: customer.email, password: customer.password },
    });
    expect(login.status).toBe(500);

    const errors = records().filter((record) => record.err);
    expect(errors.length).toBeGreaterThanOrEqual(2);
    const log = captured();
    for (const secret of [email, phone, customer.email, '$argon2', 'params:', '"parameters"']) {
      expect(log).not.toContain(secret);
    }
    // Session ids (token digests) are 64 hex characters; so is the hash pnpm puts in a patched
    // package's folder name, which stack traces show (node_modules/.pnpm/postgres@…_patch_hash=…).
    expect(log.replace(/patch_hash=[0-9a-f]{64}/g, 'patch_hash=…')).not.toMatch(/[0-9a-f]{64}/);
    // The failing query's text (without values) is still there to debug with.
    expect(log).toContain('insert into');
  });
});

describe('a client that disconnects', () => {
  it('is logged once, at info, without a stack', async () => {
    const server = await t.listen();
    lines.length = 0;
    const { port, hostname } = new URL(server.baseUrl);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        // Headers announce 100 bytes; the client sends 10 and hangs up.
        socket.write(
          'POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
        );
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve());
    });
    await vi.waitFor(() => {
      if (!records().some((record) => record.msg === 'request aborted')) {
        throw new Error(`not logged yet: ${captured()}`);
      }
    });
    await server.close();
    const aborted = records().filter((record) => record.msg === 'request aborted');
    expect(aborted).toHaveLength(1);
    expect(aborted[0]?.level).toBe(30);
    expect(aborted[0]?.err).toBeUndefined();
    expect(records().filter((record) => (record.level as number) >= 50)).toEqual([]);
  });
});
