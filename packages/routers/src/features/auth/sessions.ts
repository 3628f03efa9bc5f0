import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import type { Database } from '@storefront/db/client';
import { sessions, type UserRole, users } from '@storefront/db/schema';
import { Lucia, TimeSpan } from 'lucia';
import { AppError } from '../../errors';
import type { Clock } from '../../ports';
import { generateToken, hashToken } from './tokens';

/*
 * The only module that knows about Lucia (deprecated upstream; replaceable by its single-file
 * recipe without touching callers). Session ids are SHA-256 digests of the bearer token.
 * Lucia's sliding expiry is not used: the contract wants fixed lifetimes, so validation reads
 * the session through the adapter and checks `expires_at` itself.
 */

declare module 'lucia' {
  interface Register {
    Lucia: Lucia<SessionAttributes, { role: UserRole; blockedAt: Date | null }>;
    UserId: number;
    DatabaseSessionAttributes: SessionAttributes;
    DatabaseUserAttributes: { role: UserRole; blockedAt: Date | null };
  }
}

interface SessionAttributes {
  deviceName: string | null;
  rememberMe: boolean;
}

export interface SessionConfig {
  tokenTtlSeconds: number;
  rememberTokenTtlSeconds: number;
}

export interface AuthenticatedSession extends SessionAttributes {
  sessionId: string;
  user: { id: number; role: UserRole };
}

export interface IssuedToken {
  token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

export function createSessionStore(db: Database, config: SessionConfig, clock: Clock) {
  // Casts: the adapter types expect an insertable `users.id`; ours is an identity column.
  const adapter = new DrizzlePostgreSQLAdapter(db as never, sessions, users as never);
  const luciaWithLifetime = (seconds: number) =>
    new Lucia(adapter, {
      sessionExpiresIn: new TimeSpan(seconds, 's'),
      getSessionAttributes: ({ deviceName, rememberMe }) => ({ deviceName, rememberMe }),
      getUserAttributes: (attributes) => ({
        role: attributes.role,
        blockedAt: attributes.blockedAt,
      }),
    });
  const standard = luciaWithLifetime(config.tokenTtlSeconds);
  const remembered = luciaWithLifetime(config.rememberTokenTtlSeconds);

  return {
    async issue(
      userId: number,
      options: { rememberMe?: boolean; deviceName?: string | null } = {},
    ): Promise<IssuedToken> {
      const token = generateToken();
      const rememberMe = options.rememberMe ?? false;
      await (rememberMe ? remembered : standard).createSession(
        userId,
        { deviceName: options.deviceName ?? null, rememberMe },
        { sessionId: hashToken(token) },
      );
      return {
        token,
        token_type: 'Bearer',
        expires_in: rememberMe ? config.rememberTokenTtlSeconds : config.tokenTtlSeconds,
      };
    },

    /** Missing, malformed, unknown, expired, revoked or blocked → the same 401. */
    async authenticate(authorization: string | undefined): Promise<AuthenticatedSession> {
      const match = authorization ? BEARER.exec(authorization.trim()) : null;
      if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
      const sessionId = hashToken(match[1]);
      const [session, user] = await adapter.getSessionAndUser(sessionId);
      if (!session || !user) throw new AppError('UNAUTHENTICATED');
      if (session.expiresAt.getTime() <= clock.now().getTime()) {
        await adapter.deleteSession(sessionId);
        throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
      }
      if (user.attributes.blockedAt) throw new AppError('UNAUTHENTICATED');
      return {
        sessionId,
        deviceName: session.attributes.deviceName,
        rememberMe: session.attributes.rememberMe,
        user: { id: user.id, role: user.attributes.role },
      };
    },

    revoke(sessionId: string): Promise<void> {
      return standard.invalidateSession(sessionId);
    },

    revokeAllForUser(userId: number): Promise<void> {
      return standard.invalidateUserSessions(userId);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
