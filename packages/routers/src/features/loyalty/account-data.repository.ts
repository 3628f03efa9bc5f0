import type { Executor } from '@storefront/db/client';
import { loyaltyAccounts, loyaltyLedger } from '@storefront/db/schema';
import { asc, eq } from 'drizzle-orm';

/** The loyalty slice's part of an account's deletion and export (the account slice composes). */

/** The points account; its ledger goes with it (cascade). Kept orders keep what they used. */
export async function eraseLoyalty(db: Executor, userId: number): Promise<void> {
  await db.delete(loyaltyAccounts).where(eq(loyaltyAccounts.userId, userId));
}

export function exportLoyaltyLedger(db: Executor, userId: number) {
  return db
    .select()
    .from(loyaltyLedger)
    .where(eq(loyaltyLedger.userId, userId))
    .orderBy(asc(loyaltyLedger.id));
}
