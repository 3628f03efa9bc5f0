import { stdSerializers } from 'pino';

/**
 * What a log line may never hold: the values a query ran with and the rows a constraint quotes.
 * Drivers put them on different fields (postgres.js: `parameters`, `args`, `types`; drizzle:
 * `params` and the message's `params:` line; PGlite: `params`; PostgreSQL's `detail` quotes the
 * failing row or key: e-mail, phone, password hash, token digests).
 */
const VALUE_FIELDS = ['parameters', 'params', 'args', 'types', 'detail'];

/** drizzle's DrizzleQueryError message is "Failed query: …\nparams: a,b,c". */
const withoutParamsLine = (text: string): string =>
  text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '');

type SerializedError = Record<string, unknown>;

function scrub(serialized: SerializedError): SerializedError {
  for (const field of VALUE_FIELDS) delete serialized[field];
  if (typeof serialized.message === 'string')
    serialized.message = withoutParamsLine(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = withoutParamsLine(serialized.stack);
  const cause = serialized.cause;
  if (cause instanceof Error)
    serialized.cause = scrub(stdSerializers.err(cause) as unknown as SerializedError);
  else if (cause && typeof cause === 'object')
    serialized.cause = scrub({ ...cause } as SerializedError);
  return serialized;
}

/** pino's error serializer, then every field that may carry query values removed (causes too). */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  return scrub(stdSerializers.err(error) as unknown as SerializedError);
}

/** Query parameters whose values never reach the log (the reset link's `token` and `email`). */
const SECRET_QUERY_KEYS = new Set(['token', 'email', 'password']);

/** `/reset-password?token=abc&email=a@b` → `/reset-password?token=[redacted]&email=[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      const rawKey = separator === -1 ? pair : pair.slice(0, separator);
      let key: string;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' ')).toLowerCase();
      } catch {
        key = rawKey.toLowerCase();
      }
      return SECRET_QUERY_KEYS.has(key) && separator !== -1 ? `${rawKey}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}
