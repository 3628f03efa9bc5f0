import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DependencyUnavailableError } from '@storefront/routers/errors';
import type { PushReceipt, PushSender, PushTicket } from '@storefront/routers/ports';

export class PushDeliveryError extends DependencyUnavailableError {
  override name = 'PushDeliveryError';
}

/**
 * Pushes through Expo's push service (one token reaches APNs and FCM) with the official SDK,
 * or, when Expo is not configured, into `$DATA_DIR/push-outbox/` as JSON `{to, title, body,
 * data}` files, like the mail outbox. The SDK is imported here, at start: it reads
 * EXPO_BASE_URL (validated by env.ts) when it loads, and its token check serves both modes.
 */
export async function createPushSender(options: {
  /** Expo's service: set when EXPO_ACCESS_TOKEN or EXPO_BASE_URL is. */
  expo?: { accessToken?: string | undefined } | undefined;
  outboxDir: string;
}): Promise<PushSender> {
  const { Expo } = await import('expo-server-sdk');
  // The SDK's check takes `ExponentPushToken[]` (nothing between the brackets): no device has it.
  const isPushToken = (token: string) =>
    Expo.isExpoPushToken(token) && !/^Expo(nent)?PushToken\[\s*\]$/.test(token);
  if (!options.expo) return createOutboxPushSender(options.outboxDir, isPushToken);
  // One retry of a rate-limited request inside the SDK; the job's own retries do the rest.
  const client = new Expo({
    ...(options.expo.accessToken ? { accessToken: options.expo.accessToken } : {}),
    retryMinTimeout: 200,
  });
  return {
    isPushToken,
    async send(messages) {
      const tickets: PushTicket[] = [];
      // Chunks as the SDK says (at most 100 messages a request), in order.
      for (const chunk of client.chunkPushNotifications(messages)) {
        try {
          for (const ticket of await client.sendPushNotificationsAsync(chunk)) {
            tickets.push(
              ticket.status === 'ok'
                ? { status: 'ok', id: ticket.id }
                : { status: 'error', message: ticket.message, error: ticket.details?.error },
            );
          }
        } catch (error) {
          throw new PushDeliveryError(`Expo refused the push request: ${String(error)}`, {
            cause: error,
          });
        }
      }
      return tickets;
    },
    async receipts(ids) {
      const found: Record<string, PushReceipt> = {};
      for (const chunk of client.chunkPushNotificationReceiptIds(ids)) {
        let receipts: Awaited<ReturnType<typeof client.getPushNotificationReceiptsAsync>>;
        try {
          receipts = await client.getPushNotificationReceiptsAsync(chunk);
        } catch (error) {
          throw new PushDeliveryError(`Expo refused the receipts request: ${String(error)}`, {
            cause: error,
          });
        }
        for (const [id, receipt] of Object.entries(receipts)) {
          found[id] =
            receipt.status === 'ok'
              ? { status: 'ok' }
              : { status: 'error', message: receipt.message, error: receipt.details?.error };
        }
      }
      return found;
    },
  };
}

/**
 * Development and tests: each push becomes `<job id>-<n>.json`, written once, so a retried job
 * writes nothing twice. The outbox has no receipts: every push is accepted.
 */
export function createOutboxPushSender(
  dir: string,
  isPushToken: (token: string) => boolean,
): PushSender {
  return {
    isPushToken,
    async send(messages, { idempotencyKey }) {
      await mkdir(dir, { recursive: true });
      const key = idempotencyKey.replace(/[^A-Za-z0-9_-]/g, '');
      for (const [index, message] of messages.entries()) {
        const { to, title, body, data } = message;
        try {
          await writeFile(
            join(dir, `${key}-${index}.json`),
            JSON.stringify({ to, title, body, data }, null, 2),
            { flag: 'wx' },
          );
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        }
      }
      return messages.map((): PushTicket => ({ status: 'ok' }));
    },
    async receipts() {
      return {};
    },
  };
}
