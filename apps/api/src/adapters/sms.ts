import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DependencyUnavailableError } from '@storefront/routers/errors';
import type { SmsSender } from '@storefront/routers/ports';
import type { Twilio } from 'twilio';

/** Development and tests: each SMS is a JSON file `{to, body}` in `dir` ($DATA_DIR/sms-outbox). */
export function createOutboxSms(dir: string): SmsSender {
  return {
    async send(message, options = {}) {
      await mkdir(dir, { recursive: true });
      const key = options.idempotencyKey?.replace(/[^A-Za-z0-9_-]/g, '');
      const name = key ? `${key}.json` : `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
      await writeFile(join(dir, name), JSON.stringify({ to: message.to, body: message.body }));
    },
  };
}

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** The sending number or messaging service (TWILIO_FROM). */
  from: string;
  /** Override for a local stand-in of Twilio's API (TWILIO_API_URL): the SDK's requests go there. */
  apiUrl?: string;
}

export class SmsUnavailableError extends DependencyUnavailableError {
  override name = 'SmsUnavailableError';
}

/**
 * Twilio's official SDK. Its RequestClient sends every call; a stand-in URL is applied by
 * rewriting the origin of each request there (the SDK's region/edge only pick Twilio hosts).
 */
export function createTwilioSms(options: TwilioSmsOptions): SmsSender {
  // The SDK loads on the first SMS: ~25 MB a process that sends none never needs
  // (docs/performance.md).
  let loading: Promise<Twilio> | undefined;
  const twilioClient = () =>
    (loading ??= import('twilio').then(({ default: twilio }) => {
      let httpClient: InstanceType<typeof twilio.RequestClient> | undefined;
      if (options.apiUrl) {
        const base = new URL(options.apiUrl);
        const client = new twilio.RequestClient();
        const request = client.request.bind(client);
        client.request = (opts) => {
          const uri = new URL(opts.uri);
          uri.protocol = base.protocol;
          uri.host = base.host;
          return request({ ...opts, uri: uri.toString() });
        };
        httpClient = client;
      }
      return twilio(options.accountSid, options.authToken, httpClient ? { httpClient } : {});
    }));
  const fromField = options.from.startsWith('MG')
    ? { messagingServiceSid: options.from }
    : { from: options.from };
  return {
    async send(message) {
      try {
        const client = await twilioClient();
        await client.messages.create({ to: message.to, body: message.body, ...fromField });
      } catch (error) {
        throw new SmsUnavailableError('Twilio did not accept the SMS', { cause: error });
      }
    },
  };
}
