import type { Executor } from '@storefront/db/client';
import { idempotencyKeys } from '@storefront/db/schema';
import { and, eq, lt, or, sql } from 'drizzle-orm';

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** Idempotency-Keys per customer (docs/contract.md): who claimed a key, and the answer given. */
export function createIdempotencyRepository(db: Executor) {
  const keyOf = (userId: number, key: string) =>
    and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  return {
    /**
     * Claims an Idempotency-Key for a request. The (user, key) primary key decides who is first;
     * a key older than `expiredBefore` (24 h), or stuck in flight since `staleBefore` (a crashed
     * request), is taken over. Returns the existing record when the claim failed.
     */
    async claim(args: {
      userId: number;
      key: string;
      requestHash: string;
      expiredBefore: Date;
      staleBefore: Date;
    }): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRecord }> {
      const inserted = await db
        .insert(idempotencyKeys)
        .values({ userId: args.userId, key: args.key, requestHash: args.requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length === 1) return { claimed: true };
      const takenOver = await db
        .update(idempotencyKeys)
        .set({
          requestHash: args.requestHash,
          state: 'in_flight',
          statusCode: null,
          response: null,
          createdAt: sql`now()`,
          completedAt: null,
        })
        .where(
          and(
            keyOf(args.userId, args.key),
            or(
              lt(idempotencyKeys.createdAt, args.expiredBefore),
              and(
                eq(idempotencyKeys.state, 'in_flight'),
                lt(idempotencyKeys.createdAt, args.staleBefore),
              ),
            ),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (takenOver.length === 1) return { claimed: true };
      const [existing] = await db
        .select()
        .from(idempotencyKeys)
        .where(keyOf(args.userId, args.key));
      if (!existing) return this.claim(args);
      return { claimed: false, existing };
    },

    async complete(
      userId: number,
      key: string,
      statusCode: number,
      response: unknown,
    ): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ state: 'done', statusCode, response, completedAt: sql`now()` })
        .where(keyOf(userId, key));
    },

    /** A failed request frees its key, so the client can retry the same key after fixing things. */
    async release(userId: number, key: string): Promise<void> {
      await db
        .delete(idempotencyKeys)
        .where(and(keyOf(userId, key), eq(idempotencyKeys.state, 'in_flight')));
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
