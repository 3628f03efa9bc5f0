import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { listenLocally, readBody, sendJson } from './local-server';

export interface ResendCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for the Resend API (`POST /emails`, JSON in, `{ id }` out). `failWith` makes
 * the answers an error in Resend's shape `{ statusCode, message, name }` (`times`: only the next
 * few). Like Resend, a repeated `Idempotency-Key` answers the first e-mail's id and delivers
 * nothing new: `delivered` holds each e-mail delivered once. `hold()` keeps every answer back
 * (a call is in `calls` at once, in `delivered` when answered) until the function it returns is called.
 */
export async function startFakeResend() {
  const calls: ResendCall[] = [];
  const delivered: ResendCall[] = [];
  const byKey = new Map<string, string>();
  let failure: { statusCode: number; message: string; name: string } | undefined;
  let failuresLeft = Number.POSITIVE_INFINITY;
  let held: Promise<void> | undefined;
  const server = await listenLocally(async (req, res) => {
    const raw = await readBody(req);
    const call: ResendCall = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {},
    };
    calls.push(call);
    await held;
    if (failure && failuresLeft > 0) {
      failuresLeft -= 1;
      sendJson(res, failure.statusCode, failure);
      return;
    }
    if (call.method !== 'POST' || call.path !== '/emails') {
      sendJson(res, 404, { statusCode: 404, message: 'Route not found', name: 'not_found' });
      return;
    }
    const key = req.headers['idempotency-key'];
    const known = typeof key === 'string' ? byKey.get(key) : undefined;
    if (known) {
      sendJson(res, 200, { id: known });
      return;
    }
    const id = randomUUID();
    if (typeof key === 'string') byKey.set(key, id);
    delivered.push(call);
    sendJson(res, 200, { id });
  });
  return {
    ...server,
    calls,
    delivered,
    hold(): () => void {
      let release = () => {};
      held = new Promise((done) => {
        release = () => {
          held = undefined;
          done();
        };
      });
      return release;
    },
    failWith(
      error: { statusCode: number; message: string; name: string } | undefined,
      times = Number.POSITIVE_INFINITY,
    ) {
      failure = error;
      failuresLeft = times;
    },
  };
}
