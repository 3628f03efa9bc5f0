import type { Executor } from '@storefront/db/client';
import { couponRedemptions } from '@storefront/db/schema';
import { eq } from 'drizzle-orm';

/** The coupons slice's part of a guest's merge: its redemptions become the account's. */
export async function mergeGuestRedemptions(
  db: Executor,
  merge: { guestId: number; userId: number },
): Promise<void> {
  await db
    .update(couponRedemptions)
    .set({ userId: merge.userId })
    .where(eq(couponRedemptions.userId, merge.guestId));
}
