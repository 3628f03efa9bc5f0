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
 * the next answers an error in Resend's shape `{ statusCode, message, name }`.
 */
export async function startFakeResend() {
  const calls: ResendCall[] = [];
  let failure: { statusCode: number; message: string; name: string } | undefined;
  const server = await listenLocally(async (req, res) => {
    const raw = await readBody(req);
    const call: ResendCall = {
      method: req.method ?? '',
      path: req.url ?? '',
      headers: req.headers,
      body: raw.length > 0 ? JSON.parse(raw.toString('utf8')) : {},
    };
    calls.push(call);
    if (failure) {
      sendJson(res, failure.statusCode, failure);
      return;
    }
    if (call.method !== 'POST' || call.path !== '/emails') {
      sendJson(res, 404, { statusCode: 404, message: 'Route not found', name: 'not_found' });
      return;
    }
    sendJson(res, 200, { id: randomUUID() });
  });
  return {
    ...server,
    calls,
    failWith(error: { statusCode: number; message: string; name: string } | undefined) {
      failure = error;
    },
  };
}
