import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DependencyUnavailableError } from '@storefront/routers/errors';
import type { Mailer } from '@storefront/routers/ports';
import type { Resend } from 'resend';

/**
 * Development and tests: each e-mail becomes `$DATA_DIR/outbox/<time>-<id>.json`. With an
 * idempotency key (a mail job's id) the file is `<key>.json`, written once: a retried job finds
 * it and sends nothing more.
 */
export function createOutboxMailer(dir: string): Mailer {
  return {
    async send(message, options = {}) {
      await mkdir(dir, { recursive: true });
      const key = options.idempotencyKey?.replace(/[^A-Za-z0-9_-]/g, '');
      const name = key ? `${key}.json` : `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
      try {
        await writeFile(join(dir, name), JSON.stringify(message, null, 2), {
          flag: key ? 'wx' : 'w',
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    },
  };
}

export interface ResendMailerOptions {
  apiKey: string;
  from: string;
  /** Override for a local stand-in of the Resend API. */
  baseUrl?: string;
  /** At most this many sends a second from this process (MAIL_SENDS_PER_SECOND); unset: no pacing. */
  sendsPerSecond?: number;
}

/**
 * Spaces sends `1 / perSecond` apart, the urgent ones waiting (a reset, a verification) ahead of
 * the rest. Resend answers 429 past its per-team rate (a few a second by default): without pacing,
 * workers draining a backlog in batches would spend their jobs' retries on refusals.
 */
function createSendPacer(perSecond: number) {
  const gapMs = 1000 / perSecond;
  const waiting = { urgent: [] as Array<() => void>, other: [] as Array<() => void> };
  let nextSlotAt = 0;
  let timer: NodeJS.Timeout | undefined;
  const release = () => {
    timer = undefined;
    const next = waiting.urgent.shift() ?? waiting.other.shift();
    if (!next) return;
    nextSlotAt = Date.now() + gapMs;
    next();
    if (waiting.urgent.length + waiting.other.length > 0) schedule();
  };
  const schedule = () => {
    timer = setTimeout(release, Math.max(0, nextSlotAt - Date.now()));
    // A send still waiting never keeps a stopping process alive.
    timer.unref();
  };
  return {
    /** Resolves when this send may go. */
    slot(urgent: boolean): Promise<void> {
      return new Promise((resolve) => {
        (urgent ? waiting.urgent : waiting.other).push(resolve);
        if (!timer) schedule();
      });
    },
  };
}

export class MailDeliveryError extends DependencyUnavailableError {
  override name = 'MailDeliveryError';
}

/** Production: Resend. The client is built on first use (its constructor throws without a key). */
export function createResendMailer(options: ResendMailerOptions): Mailer {
  let client: Resend | undefined;
  const pacer = options.sendsPerSecond ? createSendPacer(options.sendsPerSecond) : undefined;
  return {
    async send(message, sendOptions = {}) {
      await pacer?.slot(sendOptions.urgent ?? false);
      // Imported on the first e-mail, like UploadThing: unused SDKs stay out of the RSS.
      if (!client) {
        const { Resend } = await import('resend');
        client = new Resend(options.apiKey, options.baseUrl ? { baseUrl: options.baseUrl } : {});
      }
      // `send` resolves to { data, error } and never throws.
      // The idempotency key (the mail job's id) makes Resend answer a retry with the first
      // send instead of delivering a second copy.
      const { error } = await client.emails.send(
        {
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        },
        sendOptions.idempotencyKey ? { idempotencyKey: sendOptions.idempotencyKey } : {},
      );
      if (error) throw new MailDeliveryError(`Resend refused the e-mail: ${error.message}`);
    },
  };
}
