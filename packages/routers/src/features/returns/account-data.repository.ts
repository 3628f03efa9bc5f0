import type { Executor } from '@storefront/db/client';
import { returns } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';
import { createReturnsRepository } from './returns.repository';

/*
 * The returns slice's part of an account's export (composed by the account slice) and of a
 * guest's merge (composed by guest-ownership.ts): the returns follow their orders.
 */

/** The customer's returns with their lines and events, oldest first. */
export async function exportReturns(db: Executor, userId: number) {
  const all = await createReturnsRepository(db).allOfUser(userId);
  return all.map(({ items, events, ...row }) => ({ return: row, items, events }));
}

/** A guest's returns become the account's, as its orders do (mergeGuestOrders). */
export async function mergeGuestReturns(
  db: Executor,
  merge: { guestId: number; userId: number },
): Promise<void> {
  await db.update(returns).set({ userId: merge.userId }).where(eq(returns.userId, merge.guestId));
}
