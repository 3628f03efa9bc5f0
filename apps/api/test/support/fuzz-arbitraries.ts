import fc from 'fast-check';

/** Runs per operation (`FUZZ_RUNS`) and a failing run's seed to replay (`FUZZ_SEED`). */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
export const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/*
 * What the fuzz tests throw at the server (fuzz.test.ts over REST, admin-fuzz.test.ts over /trpc):
 * injections, NULs and lone surrogates, huge and odd numbers, prototype keys, JSON that is not
 * JSON, and plausible values that get past validation into the services.
 */

export const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  "1' UNION SELECT password_hash FROM users --",
  '%27%20OR%201=1',
  '{"$gt": ""}',
  '$where',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '#{7*7}',
  '\u0000',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x1F',
  '99999999999999999999999',
  '-1',
  '1.5',
  ' 1',
  '\u202e\u0301\ud83d\ude00',
  '\ud800',
  '\udc00',
  'a\u0000b',
  'x\udbff',
  'ﬀ'.repeat(100),
];
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'toString'];

export const nastyString = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  // NUL and unpaired surrogates anywhere in an otherwise ordinary string (issue 12).
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom('\u0000', '\ud800', '\udfff'))
    .map(([text, bad]) => text.slice(0, 10) + bad + text.slice(10)),
  fc.constantFrom('a'.repeat(300), 'é'.repeat(5_001), '𝕏'.repeat(20_000)),
  fc.emailAddress(),
);
export const nastyNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -1,
    2_147_483_648,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    1e308,
    -1e308,
    0.1,
    5e-324,
  ),
);
const leaf = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 8 })),
      tie('value'),
      {
        maxKeys: 4,
      },
    ),
    fc.constant(Array.from({ length: 5_000 }, (_, i) => i)),
  ),
})).value;

/** Percent-encodes every byte, so lone surrogates and NULs survive into the URL. */
export const encode = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** Broken escapes sent as they are: the server must not choke on decoding them. */
export const MALFORMED_ESCAPES = ['%', '%E0%A4%A', '%ZZ', '..%2F..', '%00', '%C0%AF'];

/** Raw JSON text, written by hand so keys like `__proto__` reach the server as keys. */
export function jsonObject(entries: [string, unknown][]): string {
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;
}

/** Right types and plausible values (real ids, known codes): gets past validation into services. */
export const plausibleValue = (ids: number[]) =>
  fc.oneof(
    fc.constantFrom(...ids),
    fc.integer({ min: 1, max: 5 }),
    fc.constantFrom('GB', 'US', 'flatrate', 'free', 'cod', 'card', 'wallet', 'WELCOME10'),
    fc.constantFrom('correct horse 1', 'shipping', 'billing', '2000-01-01', 'male', ''),
    fc.emailAddress(),
    fc.boolean(),
    fc.string({ minLength: 1, maxLength: 12 }),
    fc.constant(null),
  );

export const rawBody = (fields: string[], ids: number[]) =>
  fc.oneof(
    // Only the operation's own fields, with plausible values.
    fields.length === 0
      ? fc.constant('{}')
      : fc
          .array(fc.tuple(fc.constantFrom(...fields), plausibleValue(ids)), { maxLength: 10 })
          .map(jsonObject),
    // An object over the operation's own fields (and a few hostile ones).
    fc
      .array(
        fc.tuple(fc.constantFrom(...fields, ...PROTO_KEYS, 'id', 'user_id', 'role'), nastyValue),
        { maxLength: 8 },
      )
      .map(jsonObject),
    // Any JSON at all: arrays, scalars, nested junk.
    nastyValue.map((v) => JSON.stringify(v) ?? 'null'),
    // Not JSON.
    fc.constantFrom('{', '{"a":}', "{'a':1}", 'NaN', '[1,]', '\u0000', '"', '{"a":1}}', ''),
    fc.string({ maxLength: 30 }),
  );

export const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
);

export const queryString = (names: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.constantFrom(
          ...names,
          'page',
          '__proto__',
          'constructor[prototype][x]',
          'a[]',
          'q[$ne]',
        ),
        fc.oneof(
          fc.constantFrom(...INJECTIONS),
          fc.string({ maxLength: 20 }),
          fc.integer().map(String),
        ),
      ),
      { maxLength: 6 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
export const rawQuery = fc.constantFrom(...MALFORMED_ESCAPES.map((e) => `page=${e}&${e}=1`));

export const authorization = (realToken: fc.Arbitrary<string | undefined>) =>
  fc.oneof(
    realToken.map((token) => (token === undefined ? undefined : `Bearer ${token}`)),
    fc.constantFrom(
      undefined,
      'Bearer ',
      'Bearer garbage',
      `Bearer ${'a'.repeat(64)}`,
      'Basic dXNlcjpwYXNz',
      'bearer x y z',
      `Bearer ${'x'.repeat(8_000)}`,
    ),
  );
