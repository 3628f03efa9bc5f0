import type { Executor } from '@storefront/db/client';
import { gatewayCustomers, gatewayOrders } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';

/** The payments slice's part of an account's deletion and of a guest's merge. */

/** A gateway order keeps its amount, not its owner. */
export async function eraseGatewayOrderOwner(db: Executor, userId: number): Promise<void> {
  await db.update(gatewayOrders).set({ userId: null }).where(eq(gatewayOrders.userId, userId));
}

/**
 * Forgets the account's Razorpay customer; its id is answered so the caller queues the erasing
 * of its saved cards at Razorpay (SAVED_CARDS_ERASE_QUEUE) in the same transaction.
 */
export async function eraseGatewayCustomer(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db
    .delete(gatewayCustomers)
    .where(eq(gatewayCustomers.userId, userId))
    .returning({ customerId: gatewayCustomers.customerId });
  return row?.customerId ?? null;
}

/** The guest's gateway orders become the account's. */
export async function mergeGuestGatewayOrders(
  db: Executor,
  merge: { guestId: number; userId: number },
): Promise<void> {
  await db
    .update(gatewayOrders)
    .set({ userId: merge.userId })
    .where(eq(gatewayOrders.userId, merge.guestId));
}
