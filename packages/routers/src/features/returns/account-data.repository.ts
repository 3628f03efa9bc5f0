import type { Executor } from '@storefront/db/client';
import { returnEvents, returnItems, returns } from '@storefront/db/schema';
import { asc, eq, inArray } from 'drizzle-orm';

/*
 * The returns slice's part of an account's export (composed by the account slice) and of a
 * guest's merge (composed by guest-ownership.ts): the returns follow their orders.
 */

/** The customer's returns with their lines and events, oldest first. */
export async function exportReturns(db: Executor, userId: number) {
  const rows = await db
    .select()
    .from(returns)
    .where(eq(returns.userId, userId))
    .orderBy(asc(returns.id));
  const ids = rows.map((row) => row.id);
  const [items, events] = ids.length
    ? await Promise.all([
        db
          .select()
          .from(returnItems)
          .where(inArray(returnItems.returnId, ids))
          .orderBy(asc(returnItems.id)),
        db
          .select()
          .from(returnEvents)
          .where(inArray(returnEvents.returnId, ids))
          .orderBy(asc(returnEvents.id)),
      ])
    : [[], []];
  return rows.map((row) => ({
    return: row,
    items: items.filter((item) => item.returnId === row.id),
    events: events.filter((event) => event.returnId === row.id),
  }));
}

/** A guest's returns become the account's, as its orders do (mergeGuestOrders). */
export async function mergeGuestReturns(
  db: Executor,
  merge: { guestId: number; userId: number },
): Promise<void> {
  await db.update(returns).set({ userId: merge.userId }).where(eq(returns.userId, merge.guestId));
}
