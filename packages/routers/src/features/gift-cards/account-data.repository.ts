import type { Executor } from '@storefront/db/client';
import { giftCardLedger, giftCards } from '@storefront/db/schema';
import { qualified } from '@storefront/db/sql';
import { asc, eq, sql } from 'drizzle-orm';

/** The gift cards slice's part of an account's deletion and export (the account slice composes). */

/** Gift cards sent to this address (compared case-insensitively). */
const sentTo = (email: string) => sql`lower(${giftCards.recipientEmail}) = lower(${email})`;

/** A card sent to the erased address keeps its balance (a bearer card), not whom it was for. */
export async function eraseGiftCardRecipient(db: Executor, email: string | null): Promise<void> {
  if (!email) return;
  await db.update(giftCards).set({ recipientEmail: null, message: null }).where(sentTo(email));
}

/** Cards sent to the customer's address: whom they were for and the message, never the code. */
export async function exportGiftCardsReceived(db: Executor, email: string | null) {
  if (!email) return [];
  return db
    .select({
      id: giftCards.id,
      last4: giftCards.last4,
      currency: giftCards.currency,
      status: giftCards.status,
      recipientEmail: giftCards.recipientEmail,
      message: giftCards.message,
      expiresAt: giftCards.expiresAt,
      createdAt: giftCards.createdAt,
    })
    .from(giftCards)
    .where(sentTo(email))
    .orderBy(asc(giftCards.id));
}

/**
 * Store credit owned by the account (docs/returns.md): what each card holds, never the code.
 * The balance is the card's ledger sum, as everywhere.
 */
export async function exportStoreCredit(db: Executor, userId: number) {
  return db
    .select({
      id: giftCards.id,
      last4: giftCards.last4,
      currency: giftCards.currency,
      status: giftCards.status,
      balanceCents: sql<number>`coalesce((select sum(${giftCardLedger.amountCents}) from ${giftCardLedger} where ${giftCardLedger.giftCardId} = ${qualified(giftCards, giftCards.id)}), 0)::int`,
      expiresAt: giftCards.expiresAt,
      createdAt: giftCards.createdAt,
    })
    .from(giftCards)
    .where(eq(giftCards.ownerUserId, userId))
    .orderBy(asc(giftCards.id));
}

/**
 * An erased account's store credit stays spendable by its code (the customer was e-mailed it),
 * like any bearer card, but no longer has an owner nor a sealed copy of the code.
 */
export async function eraseStoreCreditOwner(db: Executor, userId: number): Promise<void> {
  await db
    .update(giftCards)
    .set({ ownerUserId: null, codeSealed: null })
    .where(eq(giftCards.ownerUserId, userId));
}

/** A guest's store credit becomes the account's, with the orders it was refunded from. */
export async function mergeGuestStoreCredit(
  db: Executor,
  merge: { guestId: number; userId: number },
): Promise<void> {
  await db
    .update(giftCards)
    .set({ ownerUserId: merge.userId })
    .where(eq(giftCards.ownerUserId, merge.guestId));
}
