import type { UserRole } from '@storefront/db/schema';
import { AppError } from '../../errors';
import type { Clock } from '../../ports';
import { generateToken, hashToken } from '../../tokens';
import type { InTransaction } from '../../transactions';
import type { SessionsRepository } from './sessions.repository';

/*
 * Bearer sessions in the manner of Lucia (whose library is deprecated upstream): the session id
 * is the SHA-256 digest of the token, so the database never holds a usable token. The contract
 * wants fixed lifetimes, so nothing slides: validation checks `expires_at` itself.
 *
 * Creating a session (login, refresh) and revoking a user's sessions (password change, reset)
 * both lock the user row: creation `FOR SHARE`, revocation by updating the row. A refresh that
 * races a password change therefore either commits first (and its new session is revoked with
 * the others) or runs after it (and finds its presented session gone: 401). Both run in the unit
 * of work's transactions (transactions.ts) like every other write.
 */

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

// The scheme is case-insensitive (RFC 9110 §11.1); the token class is the same either way.
const BEARER = /^bearer\s+([A-Za-z0-9_-]{20,200})$/i;

export interface SessionStoreDeps {
  repo: SessionsRepository;
  inTransaction: InTransaction<SessionsRepository>;
  config: SessionConfig;
  clock: Clock;
}

export function createSessionStore({ repo, inTransaction, config, clock }: SessionStoreDeps) {
  /** A new token: the answer, and the id (its SHA-256) and expiry its session row takes. */
  const newToken = (rememberMe: boolean) => {
    const token = generateToken();
    const lifetime = rememberMe ? config.rememberTokenTtlSeconds : config.tokenTtlSeconds;
    return {
      issued: { token, token_type: 'Bearer', expires_in: lifetime } satisfies IssuedToken,
      id: hashToken(token),
      expiresAt: new Date(clock.now().getTime() + lifetime * 1000),
    };
  };

  const insertSession = async (
    tx: SessionsRepository,
    userId: number,
    options: SessionOptions,
  ): Promise<IssuedToken> => {
    const rememberMe = options.rememberMe ?? false;
    const { issued, id, expiresAt } = newToken(rememberMe);
    await tx.insert({
      id,
      userId,
      expiresAt,
      deviceName: options.deviceName ?? null,
      rememberMe,
    });
    return issued;
  };

  const issueIn = async (
    tx: SessionsRepository,
    userId: number,
    options: SessionOptions = {},
    passwordHash?: string,
  ): Promise<IssuedToken> => {
    const current = await tx.lockUser(userId);
    if (!current || (passwordHash !== undefined && current.passwordHash !== passwordHash)) {
      throw new AppError('INVALID_CREDENTIALS');
    }
    return insertSession(tx, userId, options);
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
      return inTransaction((tx) => issueIn(tx, userId, options, passwordHash));
    },

    /** `issue` inside the caller's transaction (a sign-in that merges a guest: one commit). */
    issueIn,

    /**
     * Exchanges the presented session for a new one. Exactly one of several concurrent
     * refreshes of one token deletes it (the others find no row: 401), and none can outlive a
     * password change that revokes it (see above).
     */
    rotate(session: AuthenticatedSession): Promise<IssuedToken> {
      return inTransaction(async (tx) => {
        await tx.lockUser(session.user.id);
        // The same row under the new id: the devices it registered stay its (logout removes them).
        const { issued, id, expiresAt } = newToken(session.rememberMe);
        if (!(await tx.renew(session.sessionId, { id, expiresAt }))) {
          throw new AppError('UNAUTHENTICATED');
        }
        return issued;
      });
    },

    /** Missing, malformed, unknown, expired, revoked or blocked → the same 401. */
    async authenticate(authorization: string | undefined): Promise<AuthenticatedSession> {
      const match = authorization ? BEARER.exec(authorization.trim()) : null;
      if (!match?.[1]) throw new AppError('UNAUTHENTICATED');
      const sessionId = hashToken(match[1]);
      const found = await repo.sessionAndUser(sessionId);
      if (!found) throw new AppError('UNAUTHENTICATED');
      if (found.expiresAt.getTime() <= clock.now().getTime()) {
        await repo.delete(sessionId);
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

    async revoke(sessionId: string): Promise<void> {
      await repo.delete(sessionId);
    },

    revokeAllForUser(userId: number): Promise<void> {
      return repo.deleteAllForUser(userId);
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
