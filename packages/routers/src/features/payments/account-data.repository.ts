import type { Executor } from '@storefront/db/client';
import { gatewayOrders } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';

/** The payments slice's part of an account's deletion and of a guest's merge. */

/** A gateway order keeps its amount, not its owner. */
export async function eraseGatewayOrderOwner(db: Executor, userId: number): Promise<void> {
  await db.update(gatewayOrders).set({ userId: null }).where(eq(gatewayOrders.userId, userId));
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
