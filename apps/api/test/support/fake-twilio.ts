import type { IncomingHttpHeaders } from 'node:http';
import { listenLocally, readBody } from './local-server';

export interface TwilioCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form fields the SDK posted (To, From, Body, …). */
  form: Record<string, string>;
}

/**
 * A local stand-in for Twilio's Messages API (`POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded, basic auth): answers 201 with a queued message, or `failWith` Twilio's error shape.
 */
export async function startFakeTwilio() {
  const calls: TwilioCall[] = [];
  let failure: { status: number; code: number; message: string } | undefined;
  const server = await listenLocally(async (req, res) => {
    const raw = (await readBody(req)).toString('utf8');
    const form = Object.fromEntries(new URLSearchParams(raw));
    calls.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
    res.setHeader('content-type', 'application/json');
    if (failure) {
      res.statusCode = failure.status;
      res.end(JSON.stringify({ ...failure, more_info: 'https://www.twilio.com/docs/errors' }));
      return;
    }
    res.statusCode = 201;
    res.end(
      JSON.stringify({
        sid: `SM${calls.length.toString().padStart(32, '0')}`,
        status: 'queued',
        to: form.To,
        from: form.From,
        body: form.Body,
      }),
    );
  });
  return {
    ...server,
    calls,
    failWith(next: typeof failure) {
      failure = next;
    },
  };
}
