import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeResend } from '../../test/support/fake-resend';
import { createOutboxMailer, createResendMailer, MailDeliveryError } from './mail';

const message = {
  to: 'ada@example.com',
  subject: 'Reset your password',
  text: 'Use this link: http://shop.test/reset?token=abc',
  html: '<p>Use <a href="http://shop.test/reset?token=abc">this link</a></p>',
};

describe('createResendMailer against a local Resend stand-in', () => {
  let resend: Awaited<ReturnType<typeof startFakeResend>>;
  beforeAll(async () => {
    resend = await startFakeResend();
  });
  afterAll(async () => {
    await resend.close();
  });
  beforeEach(() => {
    resend.calls.length = 0;
    resend.failWith(undefined);
  });

  const mailer = () =>
    createResendMailer({
      apiKey: 're_test_123',
      from: 'Storefront <no-reply@shop.test>',
      baseUrl: resend.url,
    });

  it('POSTs /emails with the bearer key and the message as JSON', async () => {
    await mailer().send(message);
    expect(resend.calls).toHaveLength(1);
    const [call] = resend.calls;
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe('/emails');
    expect(call?.headers.authorization).toBe('Bearer re_test_123');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['user-agent']).toMatch(/^resend-node:/);
    expect(call?.body).toEqual({ from: 'Storefront <no-reply@shop.test>', ...message });
  });

  it('paced: urgent e-mails waiting for a send slot go ahead of the others', async () => {
    const paced = createResendMailer({
      apiKey: 're_test_123',
      from: 'Storefront <no-reply@shop.test>',
      baseUrl: resend.url,
      sendsPerSecond: 20,
    });
    const sends = ['Welcome 1', 'Welcome 2', 'Welcome 3'].map((subject) =>
      paced.send({ ...message, subject }),
    );
    sends.push(paced.send({ ...message, subject: 'Reset your password' }, { urgent: true }));
    await Promise.all(sends);
    expect(resend.calls.map((call) => call.body.subject)).toEqual([
      'Reset your password',
      'Welcome 1',
      'Welcome 2',
      'Welcome 3',
    ]);
  });

  it('reuses one client for several e-mails', async () => {
    const once = mailer();
    await once.send(message);
    await once.send({ ...message, to: 'grace@example.com' });
    expect(resend.calls.map((call) => call.body.to)).toEqual([
      'ada@example.com',
      'grace@example.com',
    ]);
  });

  it('rejects with MailDeliveryError when Resend answers an error', async () => {
    resend.failWith({
      statusCode: 422,
      message: 'The `from` domain is not verified.',
      name: 'validation_error',
    });
    const sending = mailer().send(message);
    await expect(sending).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(sending).rejects.toThrow(/from. domain is not verified/);
    expect(resend.calls).toHaveLength(1);
  });

  it('rejects with MailDeliveryError when Resend cannot be reached', async () => {
    const unreachable = createResendMailer({
      apiKey: 're_test_123',
      from: 'no-reply@shop.test',
      baseUrl: 'http://127.0.0.1:1',
    });
    await expect(unreachable.send(message)).rejects.toBeInstanceOf(MailDeliveryError);
  });
});

describe('createOutboxMailer', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sf-outbox-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes one JSON file {to, subject, text, html} per message', async () => {
    const outbox = join(dir, 'outbox');
    const mailer = createOutboxMailer(outbox);
    await mailer.send(message);
    await mailer.send({ ...message, to: 'grace@example.com' });
    const names = readdirSync(outbox).sort();
    expect(names).toHaveLength(2);
    const written = names.map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')));
    expect(written).toEqual(
      expect.arrayContaining([message, { ...message, to: 'grace@example.com' }]),
    );
    for (const name of names) expect(name).toMatch(/^\d+-[0-9a-f]{8}\.json$/);
  });
});
