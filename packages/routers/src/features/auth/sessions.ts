import { DrizzlePostgreSQLAdapter } from '@lucia-auth/adapter-drizzle';
import type { Database, Transaction } from '@storefront/db/client';
import { sessions, type UserRole, users } from '@storefront/db/schema';
import { eq, sql } from 'drizzle-orm';
import { Lucia } from 'lucia';
import { AppError } from '../../errors';
import type { Clock } from '../../ports';
import { generateToken, hashToken } from './tokens';

/*
 * The only module that knows about Lucia (deprecated upstream; replaceable by its single-file
 * recipe without touching callers). Session ids are SHA-256 digests of the bearer token.
 * Lucia's sliding expiry is not used: the contract wants fixed lifetimes, so validation reads
 * the session through the adapter and checks `expires_at` itself.
 *
 * Creating a session (login, refresh) and revoking a user's sessions (password change, reset)
 * both lock the user row: creation `FOR SHARE`, revocation by updating the row. A refresh that
 * races a password change therefore either commits first (and its new session is revoked with
 * the others) or runs after it (and finds its presented session gone: 401). Sessions are written
 * with drizzle inside that transaction and read by one prepared join; Lucia's adapter only
 * deletes them.
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

export interface SessionOptions {
  rememberMe?: boolean;
  deviceName?: string | null;
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
  // The lifetime option is unused: sessions are inserted by `insertSession` with their own.
  const lucia = new Lucia(adapter, {
    getSessionAttributes: ({ deviceName, rememberMe }) => ({ deviceName, rememberMe }),
    getUserAttributes: (attributes) => ({
      role: attributes.role,
      blockedAt: attributes.blockedAt,
    }),
  });

  /**
   * Every authenticated request reads its session and user: one join drizzle builds once. Lucia's
   * adapter built the same join on every call (docs/performance.md, the write paths' profile).
   */
  const sessionAndUser = db
    .select({
      expiresAt: sessions.expiresAt,
      deviceName: sessions.deviceName,
      rememberMe: sessions.rememberMe,
      userId: users.id,
      role: users.role,
      blockedAt: users.blockedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('session_and_user');

  const lockUser = async (tx: Transaction, userId: number) => {
    const [row] = await tx
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .for('share');
    return row;
  };

  const insertSession = async (
    tx: Transaction,
    userId: number,
    options: SessionOptions,
  ): Promise<IssuedToken> => {
    const token = generateToken();
    const rememberMe = options.rememberMe ?? false;
    const lifetime = rememberMe ? config.rememberTokenTtlSeconds : config.tokenTtlSeconds;
    await tx.insert(sessions).values({
      id: hashToken(token),
      userId,
      expiresAt: new Date(clock.now().getTime() + lifetime * 1000),
      deviceName: options.deviceName ?? null,
      rememberMe,
    });
    return { token, token_type: 'Bearer', expires_in: lifetime };
  };

  return {
    /**
     * A new session for the user. With `passwordHash` (login), only if the password the caller
     * verified is still the user's: a login racing a password change gets 401, not a session the
     * change did not see.
     */
    issue(
      userId: number,
      options: SessionOptions = {},
      passwordHash?: string,
    ): Promise<IssuedToken> {
      return db.transaction(async (tx) => {
        const current = await lockUser(tx, userId);
        if (!current || (passwordHash !== undefined && current.passwordHash !== passwordHash)) {
          throw new AppError('INVALID_CREDENTIALS');
        }
        return insertSession(tx, userId, options);
      });
    },

    /**
     * Exchanges the presented session for a new one. Exactly one of several concurrent
     * refreshes of one token deletes it (the others find no row: 401), and none can outlive a
     * password change that revokes it (see above).
     */
    rotate(session: AuthenticatedSession): Promise<IssuedToken> {
      return db.transaction(async (tx) => {
        await lockUser(tx, session.user.id);
        const deleted = await tx
          .delete(sessions)
          .where(eq(sessions.id, session.sessionId))
          .returning({ id: sessions.id });
        if (deleted.length === 0) throw new AppError('UNAUTHENTICATED');
        return insertSession(tx, session.user.id, {
          rememberMe: session.rememberMe,
          deviceName: session.deviceName,
        });
      });
    },

    /** Missing, malformed, unknown, expired, revoked or blocked → the same 401. */
    async authenticate(authorization: string | undefined): Promise<AuthenticatedSession> {
      const match = authorization ? BEARER.exec(authorization.trim()) : null;
      if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
      const sessionId = hashToken(match[1]);
      const [found] = await sessionAndUser.execute({ sessionId });
      if (!found) throw new AppError('UNAUTHENTICATED');
      if (found.expiresAt.getTime() <= clock.now().getTime()) {
        await adapter.deleteSession(sessionId);
        throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.');
      }
      if (found.blockedAt) throw new AppError('UNAUTHENTICATED');
      return {
        sessionId,
        deviceName: found.deviceName,
        rememberMe: found.rememberMe,
        user: { id: found.userId, role: found.role },
      };
    },

    revoke(sessionId: string): Promise<void> {
      return lucia.invalidateSession(sessionId);
    },

    revokeAllForUser(userId: number): Promise<void> {
      return lucia.invalidateUserSessions(userId);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
