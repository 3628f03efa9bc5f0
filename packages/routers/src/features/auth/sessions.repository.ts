import type { Executor } from '@storefront/db/client';
import { preparedQueries } from '@storefront/db/prepared';
import { sessions, users } from '@storefront/db/schema';
import { eq, sql } from 'drizzle-orm';

export type NewSession = typeof sessions.$inferInsert;

/**
 * Every authenticated request reads its session and user: one join drizzle builds once
 * (docs/performance.md, the write paths' profile), run on the pool or the caller's transaction.
 */
const sessionQueries = preparedQueries((db) => ({
  sessionAndUser: db
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
    .prepare('session_and_user'),
}));

/** Sessions (their id is the SHA-256 of the bearer token) and the user row they hang on. */
export function createSessionsRepository(db: Executor) {
  return {
    async sessionAndUser(sessionId: string) {
      const [found] = await sessionQueries.on(db).sessionAndUser.execute({ sessionId });
      return found;
    },

    /**
     * Locks the user row `FOR SHARE` for the transaction (a revocation updates it, so the two
     * serialise) and answers its password hash; undefined when the user is gone.
     */
    async lockUser(userId: number): Promise<{ passwordHash: string | null } | undefined> {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .for('share');
      return row;
    },

    async insert(session: NewSession): Promise<void> {
      await db.insert(sessions).values(session);
    },

    /**
     * A refreshed session: the same row under the new token's id with a new expiry (what points
     * at it, a registered device, follows). True when this call moved it (of racing refreshes of
     * one token, exactly one does).
     */
    async renew(sessionId: string, renewed: { id: string; expiresAt: Date }): Promise<boolean> {
      const moved = await db
        .update(sessions)
        .set(renewed)
        .where(eq(sessions.id, sessionId))
        .returning({ id: sessions.id });
      return moved.length > 0;
    },

    /** True when this call deleted it (of racing deletes, exactly one does). */
    async delete(sessionId: string): Promise<boolean> {
      const deleted = await db
        .delete(sessions)
        .where(eq(sessions.id, sessionId))
        .returning({ id: sessions.id });
      return deleted.length > 0;
    },

    async deleteAllForUser(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
