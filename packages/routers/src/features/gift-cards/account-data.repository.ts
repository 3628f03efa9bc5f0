import type { Executor } from '@storefront/db/client';
import { giftCards } from '@storefront/db/schema';
import { asc, sql } from 'drizzle-orm';

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
