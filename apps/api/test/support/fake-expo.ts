import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { listenLocally, readBody, sendJson } from './local-server';

export interface ExpoPush {
  to: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
}

/**
 * A local stand-in for Expo's push service as the SDK calls it (EXPO_BASE_URL):
 * `POST /--/api/v2/push/send` (an array of messages, gzipped when large) answers one ticket per
 * message, and `POST /--/api/v2/push/getReceipts` `{ids}` answers the receipts. Tokens in
 * `unregistered` get a `DeviceNotRegistered` ticket; tokens in `unregisteredLater` an ok ticket
 * whose receipt says `DeviceNotRegistered`; tokens in `refused` a `MessageRateExceeded` ticket.
 * `failRequests(n)` answers the next n send requests with a 500. `pushes` holds every push
 * accepted (ticket ok).
 */
export async function startFakeExpo() {
  const pushes: ExpoPush[] = [];
  const unregistered = new Set<string>();
  const unregisteredLater = new Set<string>();
  const refused = new Set<string>();
  const receipts = new Map<string, { status: string; message?: string; details?: object }>();
  const receiptRequests: string[][] = [];
  let failuresLeft = 0;
  const server = await listenLocally(async (req, res) => {
    let raw = await readBody(req);
    if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
    const body = raw.length > 0 ? JSON.parse(raw.toString('utf8')) : undefined;
    if (req.method === 'POST' && req.url === '/--/api/v2/push/send') {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        sendJson(res, 500, { errors: [{ code: 'INTERNAL_SERVER_ERROR', message: 'stand-in' }] });
        return;
      }
      const messages: ExpoPush[] = Array.isArray(body) ? body : [body];
      const data = messages.map((message) => {
        if (unregistered.has(message.to)) {
          return {
            status: 'error',
            message: `"${message.to}" is not a registered push notification recipient`,
            details: { error: 'DeviceNotRegistered', expoPushToken: message.to },
          };
        }
        if (refused.has(message.to)) {
          return {
            status: 'error',
            message: 'Too many pushes to this device',
            details: { error: 'MessageRateExceeded' },
          };
        }
        const id = randomUUID();
        pushes.push({
          to: message.to,
          title: message.title,
          body: message.body,
          data: message.data,
        });
        receipts.set(
          id,
          unregisteredLater.has(message.to)
            ? {
                status: 'error',
                message: 'The device cannot receive push notifications anymore',
                details: { error: 'DeviceNotRegistered' },
              }
            : { status: 'ok' },
        );
        return { status: 'ok', id };
      });
      sendJson(res, 200, { data });
      return;
    }
    if (req.method === 'POST' && req.url === '/--/api/v2/push/getReceipts') {
      const ids: string[] = body?.ids ?? [];
      receiptRequests.push(ids);
      const data: Record<string, unknown> = {};
      for (const id of ids) {
        const receipt = receipts.get(id);
        if (receipt) data[id] = receipt;
      }
      sendJson(res, 200, { data });
      return;
    }
    sendJson(res, 404, { errors: [{ code: 'NOT_FOUND', message: 'Not found' }] });
  });
  return {
    ...server,
    pushes,
    unregistered,
    unregisteredLater,
    refused,
    receiptRequests,
    failRequests(times: number) {
      failuresLeft = times;
    },
  };
}

export type FakeExpo = Awaited<ReturnType<typeof startFakeExpo>>;
