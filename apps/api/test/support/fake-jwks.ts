import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { type LocalServer, listenLocally } from './local-server';

type Key = Awaited<ReturnType<typeof generateKeyPair>>;

/**
 * A provider's published key set (Apple's or Google's JWKS) on a local port, with keys made in
 * the test: `sign` mints ID tokens the way the provider would. Keys added later (`rotate`) are
 * published too, so a token with a new `kid` makes the app fetch the set again.
 */
export async function startFakeJwks(): Promise<
  LocalServer & {
    jwksUrl: string;
    sign(
      claims: JWTPayload,
      /** `issuedAt`: the token's `iat` in seconds (default now). */
      options?: { kid?: string; key?: Key; expiresIn?: string; issuedAt?: number },
    ): Promise<string>;
    rotate(kid: string): Promise<void>;
    /** How many times the key set was fetched. */
    fetches(): number;
  }
> {
  const keys = new Map<string, Key>();
  let fetchCount = 0;
  const add = async (kid: string) => {
    keys.set(kid, await generateKeyPair('RS256', { extractable: true }));
  };
  await add('key-1');
  const server = await listenLocally(async (_req, res) => {
    fetchCount += 1;
    const published = await Promise.all(
      [...keys].map(async ([kid, key]) => ({
        ...(await exportJWK(key.publicKey)),
        kid,
        alg: 'RS256',
        use: 'sig',
      })),
    );
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: published }));
  });
  return {
    ...server,
    jwksUrl: `${server.url}/keys`,
    async sign(claims, options = {}) {
      const kid = options.kid ?? 'key-1';
      const key = options.key ?? keys.get(kid);
      if (!key) throw new Error(`no key ${kid}`);
      return (
        new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid })
          // Each sign-in's token differs, as the providers' do (the app refuses a replayed one).
          .setJti(randomUUID())
          .setIssuedAt(options.issuedAt)
          .setExpirationTime(options.expiresIn ?? '10m')
          .sign(key.privateKey)
      );
    },
    rotate: add,
    fetches: () => fetchCount,
  };
}

export { generateKeyPair };
