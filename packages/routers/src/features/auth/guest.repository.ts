import type { Executor } from '@storefront/db/client';
import { sessions, users } from '@storefront/db/schema';
import { and, eq, exists, gt, inArray, lt, not, sql } from 'drizzle-orm';

/**
 * One slice's part of a guest's merge into the account it signs in to, in the sign-in's
 * transaction after the guest's row is locked (cart/, orders/, payments/, coupons/ each have one).
 */
export type MergeGuestStep = (
  db: Executor,
  merge: { guestId: number; userId: number },
) => Promise<void>;

/** Guests made before `cutoff` whose every session ended before it. */
const abandoned = (db: Executor, cutoff: Date) =>
  and(
    eq(users.role, 'guest'),
    lt(users.createdAt, cutoff),
    not(
      exists(
        db
          .select({ one: sql`1` })
          .from(sessions)
          .where(and(eq(sessions.userId, users.id), gt(sessions.expiresAt, cutoff))),
      ),
    ),
  );

/**
 * Guest accounts (users with role `guest`) and their merge into a real account. A guest is an
 * ordinary user row, so the cart, checkout and orders code serves it unchanged; the merge runs
 * the steps of the slices owning what it has (cart lines, orders, their gateway orders and coupon
 * redemptions) and deletes it.
 */
export function createGuestRepository(db: Executor, mergeSteps: readonly MergeGuestStep[] = []) {
  return {
    async insertGuest(): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({ name: 'Guest', email: null, phone: '', passwordHash: null, role: 'guest' })
        .returning({ id: users.id });
      if (!row) throw new Error('guest insert returned no row');
      return row.id;
    },

    /**
     * Ends the guest session of this token digest and answers its guest's id; undefined when it
     * is no live guest session. Of racing claims of one token exactly one deletes the row.
     */
    async claimGuestSession(sessionId: string, now: Date): Promise<number | undefined> {
      const [row] = await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.id, sessionId),
            gt(sessions.expiresAt, now),
            inArray(
              sessions.userId,
              db.select({ id: users.id }).from(users).where(eq(users.role, 'guest')),
            ),
          ),
        )
        .returning({ userId: sessions.userId });
      return row?.userId;
    },

    /** Whether this digest is a live guest session (a cheap check before creating an account). */
    async isGuestSession(sessionId: string, now: Date): Promise<boolean> {
      const [row] = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), eq(users.role, 'guest')),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The guest's row, locked (as place-order locks its buyer, before the cart). */
    async lockGuest(guestId: number): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, guestId)).for('update');
    },

    /**
     * The guests made before `cutoff` that have no session living past it (all ended at least the
     * retention ago): none of them can act again.
     */
    async abandonedGuestIds(cutoff: Date): Promise<number[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(abandoned(db, cutoff))
        .orderBy(users.id);
      return rows.map((row) => row.id);
    },

    /**
     * Deletes these guests, still abandoned; their open cart, sessions and the like go with the
     * row (ON DELETE CASCADE).
     */
    async deleteAbandonedGuests(guestIds: readonly number[], cutoff: Date): Promise<number[]> {
      if (guestIds.length === 0) return [];
      const rows = await db
        .delete(users)
        .where(and(inArray(users.id, [...guestIds]), abandoned(db, cutoff)))
        .returning({ id: users.id });
      return rows.map((row) => row.id);
    },

    /**
     * Runs the owning slices' merge steps (what the guest owns becomes the account's), then
     * deletes the guest: its open cart, sessions and idempotency keys go with the row (cascade).
     */
    async mergeOwnedAndDelete(guestId: number, accountId: number): Promise<void> {
      for (const step of mergeSteps) await step(db, { guestId, userId: accountId });
      await db.delete(users).where(and(eq(users.id, guestId), eq(users.role, 'guest')));
    },
  };
}

export type GuestRepository = ReturnType<typeof createGuestRepository>;
