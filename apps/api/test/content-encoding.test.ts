import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

/*
 * A body whose Content-Encoding the server cannot undo is the client's mistake: 400 in the
 * envelope on every JSON route and the webhook, never 500 (issue 24, item 11). An encoding the
 * server does not know answers 415.
 */

let t: TestApp;
let server: Awaited<ReturnType<TestApp['listen']>>;
beforeAll(async () => {
  t = await createTestApp({ razorpayWebhookSecret: 'webhook secret' });
  server = await t.listen();
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const ROUTES = [
  '/api/v1/auth/login',
  '/trpc/admin.admins.invite',
  '/api/v1/payments/razorpay/webhook',
];
const json = JSON.stringify({ email: 'nobody@example.com', password: 'whatever' });
const ENCODERS: Record<string, (text: string) => Buffer> = {
  gzip: (text) => gzipSync(text),
  deflate: (text) => deflateSync(text),
  br: (text) => brotliCompressSync(text),
};

/** Over real HTTP: the bytes go out exactly as given. */
async function post(path: string, encoding: string, body: Buffer | string) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Content-Encoding': encoding },
    body,
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

describe('a body that does not match its Content-Encoding', () => {
  for (const path of ROUTES) {
    for (const encoding of Object.keys(ENCODERS)) {
      it(`${encoding}, not encoded, to ${path}: 400 BAD_REQUEST`, async () => {
        const res = await post(path, encoding, json);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body).toMatchObject({ success: false, error_code: 'BAD_REQUEST' });
        expect(res.body.message).toContain('Content-Encoding');
      });

      it(`${encoding}, cut short, to ${path}: 400 BAD_REQUEST`, async () => {
        const encoded = ENCODERS[encoding]?.(json.repeat(50)) ?? Buffer.alloc(0);
        const res = await post(path, encoding, encoded.subarray(0, encoded.length - 8));
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body).toMatchObject({ success: false, error_code: 'BAD_REQUEST' });
      });
    }

    it(`an encoding the server does not know, to ${path}: 415 in the envelope`, async () => {
      for (const encoding of ['compress', 'x-unknown', 'gzip, br']) {
        const res = await post(path, encoding, json);
        expect(res.status, `${encoding}: ${JSON.stringify(res.body)}`).toBe(415);
        expect(res.body).toMatchObject({ success: false, error_code: 'UNSUPPORTED_MEDIA_TYPE' });
        expect(res.body.message).toContain('Content-Encoding');
      }
    });
  }
});

describe('a correctly encoded body', () => {
  it.each(Object.keys(ENCODERS))('%s is read', async (encoding) => {
    const encode = ENCODERS[encoding] ?? ((text: string) => Buffer.from(text));
    const res = await post('/api/v1/auth/login', encoding, encode(json));
    expect(res.status).toBe(401);
    expect(res.body.error_code).toBe('INVALID_CREDENTIALS');
  });
});
