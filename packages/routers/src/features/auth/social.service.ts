import { isUniqueViolation } from '@storefront/db/errors';
import type { SocialProvider } from '@storefront/db/schema';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import { AppError, validationError } from '../../errors';
import type { Clock } from '../../ports';
import { hashToken } from '../../tokens';
import type { InTransaction } from '../../transactions';
import type { SocialRepository } from './social.repository';

/** Where each provider publishes its keys and which issuer its ID tokens name. */
export interface SocialProviderConfig {
  jwksUrl: string;
  /** The app's client ids: a token's `aud` must be one of them. Empty: provider off (422). */
  clientIds: string[];
}

export type SocialConfig = Record<SocialProvider, SocialProviderConfig> & {
  /**
   * How long after fetching a key set an unknown `kid` may not fetch it again (default 30 s, so
   * forged kids cannot make the shop hammer the provider); tests use 0.
   */
  jwksCooldownMs?: number;
};

export const SOCIAL_ISSUERS: Record<SocialProvider, string[]> = {
  apple: ['https://appleid.apple.com'],
  google: ['https://accounts.google.com', 'accounts.google.com'],
};

export const DEFAULT_JWKS_URLS: Record<SocialProvider, string> = {
  apple: 'https://appleid.apple.com/auth/keys',
  google: 'https://www.googleapis.com/oauth2/v3/certs',
};

export interface SocialIdentity {
  provider: SocialProvider;
  subject: string;
  email: string;
  name: string | undefined;
  /** The token's digest and expiry: each ID token signs in once (replays answer 401). */
  tokenHash: string;
  expiresAt: Date;
  /** `iat`: a proof at account deletion must be fresh. */
  issuedAt: Date;
}

export interface SocialServiceDeps {
  clock: Clock;
  config: SocialConfig;
  repo: SocialRepository;
  inTransaction: InTransaction<SocialRepository>;
}

/** Apple sends `email_verified` as "true"/"false" strings, Google as booleans. */
const isTrue = (value: unknown) => value === true || value === 'true';

export function createSocialService(deps: SocialServiceDeps) {
  // jose caches the keys and fetches them again when a token names a kid it has not seen.
  const options = { cooldownDuration: deps.config.jwksCooldownMs ?? 30_000 };
  const keySets = {
    apple: createRemoteJWKSet(new URL(deps.config.apple.jwksUrl), options),
    google: createRemoteJWKSet(new URL(deps.config.google.jwksUrl), options),
  };

  return {
    /**
     * The identity an ID token proves: signature (provider's JWKS), `iss`, `aud` (one of our
     * client ids), `exp` and a verified e-mail. Any failure is the same 401.
     */
    async verify(provider: SocialProvider, idToken: string): Promise<SocialIdentity> {
      const { clientIds } = deps.config[provider];
      if (clientIds.length === 0) {
        throw validationError(
          {
            provider: [`Sign in with ${provider === 'apple' ? 'Apple' : 'Google'} is not set up.`],
          },
          'This sign-in provider is not available.',
        );
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, keySets[provider], {
          issuer: SOCIAL_ISSUERS[provider],
          audience: clientIds,
          algorithms: ['RS256', 'ES256'],
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (error) {
        throw new AppError('INVALID_SOCIAL_TOKEN', undefined, { cause: error });
      }
      const email = typeof payload.email === 'string' ? payload.email.trim() : '';
      if (!payload.sub || !email || !isTrue(payload.email_verified)) {
        throw new AppError('INVALID_SOCIAL_TOKEN', 'The account’s e-mail is not verified.');
      }
      const name = typeof payload.name === 'string' ? payload.name : undefined;
      return {
        provider,
        subject: payload.sub,
        email,
        name,
        tokenHash: hashToken(idToken),
        expiresAt: new Date((payload.exp ?? 0) * 1000),
        issuedAt: new Date((payload.iat ?? 0) * 1000),
      };
    },

    /**
     * The user this identity signs in: the linked one; else the account with its verified
     * e-mail, which gets linked; else a new account (`created`). One transaction; a race of two
     * first sign-ins of one identity is decided by the unique (provider, subject) index.
     */
    async resolveUser(
      identity: SocialIdentity,
      name: string | undefined,
    ): Promise<{ userId: number; created: boolean }> {
      const attempt = () =>
        deps.inTransaction(async (tx) => {
          if (!(await tx.useToken(identity.tokenHash, identity.expiresAt, deps.clock.now()))) {
            throw new AppError('INVALID_SOCIAL_TOKEN', 'This sign-in was already used.');
          }
          const linked = await tx.userOfIdentity(identity.provider, identity.subject);
          if (linked !== undefined) return { userId: linked, created: false };
          const existing = await tx.userIdByEmail(identity.email);
          const userId =
            existing ??
            (await tx.insertUser({
              name: name?.trim() || identity.name || identity.email.split('@')[0] || 'Customer',
              email: identity.email,
            }));
          await tx.link(userId, identity);
          return { userId, created: existing === undefined };
        });
      try {
        return await attempt();
      } catch (error) {
        // The other racer linked (or created) first: its result is ours.
        if (isUniqueViolation(error)) return attempt();
        throw error;
      }
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
