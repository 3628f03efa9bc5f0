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

/**
 * Names whose values never reach the log, wherever they appear: a query parameter (`token`,
 * `token[]`, `filter[email]`, `access_token`) or a key inside `/trpc`'s JSON `input`. Exact
 * names, and any name containing one of the fragments (refresh_token, current_password, …).
 */
const SECRET_NAMES = new Set(['email', 'code', 'otp', 'signature', 'authorization', 'api_key']);
const SECRET_FRAGMENTS = ['password', 'passwd', 'token', 'secret'];
const REDACTED = '[redacted]';

/** `filter[email]` → ['filter', 'email']: secret when any part is (`token[]`, `user[password]`). */
function isSecretName(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[[\]]+/)
    .some(
      (part) =>
        SECRET_NAMES.has(part) || SECRET_FRAGMENTS.some((fragment) => part.includes(fragment)),
    );
}

/** A query component as URLSearchParams reads it (`+` is a space); undefined if malformed. */
function decodeComponent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      isSecretName(key) ? REDACTED : redactJson(inner),
    ]),
  );
}

/**
 * `/trpc?input=` (and the batch form `?batch=1&input={"0":{…}}`) is URL-encoded JSON. Its
 * secret keys are redacted and the rest kept: ids, pages and search terms are what a failed
 * query is debugged with, and the key names are the same ones the query string uses. An input
 * that is not JSON cannot be inspected, so it is dropped whole.
 */
function redactInput(raw: string): string {
  const text = decodeComponent(raw);
  if (text === undefined) return REDACTED;
  try {
    return encodeURIComponent(JSON.stringify(redactJson(JSON.parse(text))));
  } catch {
    return REDACTED;
  }
}

/** `/reset-password?token=abc&email=a@b` → `/reset-password?token=[redacted]&email=[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const separator = pair.indexOf('=');
      if (separator === -1) return pair;
      const rawKey = pair.slice(0, separator);
      // A name that cannot be decoded is judged as written.
      const key = decodeComponent(rawKey) ?? rawKey;
      if (isSecretName(key)) return `${rawKey}=${REDACTED}`;
      if (key === 'input') return `${rawKey}=${redactInput(pair.slice(separator + 1))}`;
      return pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}
