import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../test/support/fake-twilio';
import { createOutboxSms, createTwilioSms, SmsUnavailableError } from './sms';

const SID = `AC${'1'.repeat(32)}`;
const message = { to: '+919876543210', body: '123456 is your Test Shop code.' };

describe('createTwilioSms (the official SDK) against a local Twilio stand-in', () => {
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilio.close();
  });

  const sms = (from = '+15005550006') =>
    createTwilioSms({ accountSid: SID, authToken: 'secret-token', from, apiUrl: twilio.url });

  it('posts the message to the account’s Messages resource with basic auth', async () => {
    await sms().send(message);
    const call = twilio.calls.at(-1);
    expect(call?.method).toBe('POST');
    expect(call?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(call?.form).toMatchObject({ To: message.to, Body: message.body, From: '+15005550006' });
    const auth = Buffer.from(`${SID}:secret-token`).toString('base64');
    expect(call?.headers.authorization).toBe(`Basic ${auth}`);
  });

  it('sends through a messaging service when TWILIO_FROM is its MG… sid', async () => {
    await sms(`MG${'2'.repeat(32)}`).send(message);
    expect(twilio.calls.at(-1)?.form).toMatchObject({ MessagingServiceSid: `MG${'2'.repeat(32)}` });
  });

  it('a refused SMS throws (the job is retried)', async () => {
    twilio.failWith({ status: 400, code: 21211, message: "The 'To' number is not valid." });
    await expect(sms().send(message)).rejects.toBeInstanceOf(SmsUnavailableError);
    twilio.failWith(undefined);
  });
});

describe('createOutboxSms', () => {
  it('writes each SMS as JSON {to, body}', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sms-outbox-'));
    try {
      await createOutboxSms(dir).send(message, { idempotencyKey: 'job-1' });
      const [name] = readdirSync(dir);
      expect(name).toBe('job-1.json');
      expect(JSON.parse(readFileSync(join(dir, name as string), 'utf8'))).toEqual(message);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
