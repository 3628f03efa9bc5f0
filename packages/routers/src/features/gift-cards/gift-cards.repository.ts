import type { Executor } from '@storefront/db/client';
import {
  cartGiftCards,
  type GiftCardLedgerReason,
  type GiftCardStatus,
  giftCardLedger,
  giftCards,
} from '@storefront/db/schema';
import { qualified } from '@storefront/db/sql';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardRecord = GiftCardRow & { balanceCents: number };
/** A card on a cart: what it paid in the cart's last answer too (null until one showed it). */
export type CartCardRecord = GiftCardRecord & { shownCents: number | null };
export type GiftCardLedgerRecord = typeof giftCardLedger.$inferSelect;

/** The balance: the sum of the card's ledger (never a stored number). */
const balance = sql<number>`coalesce((select sum(${giftCardLedger.amountCents}) from ${giftCardLedger} where ${giftCardLedger.giftCardId} = ${qualified(giftCards, giftCards.id)}), 0)::int`;

/** The only code touching the gift card tables. */
export function createGiftCardsRepository(db: Executor) {
  const withBalance = () => db.select({ card: giftCards, balanceCents: balance }).from(giftCards);
  const flatten = (row: { card: GiftCardRow; balanceCents: number }): GiftCardRecord => ({
    ...row.card,
    balanceCents: Number(row.balanceCents),
  });

  return {
    async insert(card: typeof giftCards.$inferInsert): Promise<GiftCardRow> {
      const [row] = await db.insert(giftCards).values(card).returning();
      if (!row) throw new Error('gift card insert returned nothing');
      return row;
    },

    async addLedger(
      rows: {
        giftCardId: number;
        amountCents: number;
        reason: GiftCardLedgerReason;
        orderId: number | null;
      }[],
    ): Promise<void> {
      const moving = rows.filter((row) => row.amountCents !== 0);
      if (moving.length > 0) await db.insert(giftCardLedger).values(moving);
    },

    async find(id: number): Promise<GiftCardRecord | undefined> {
      const [row] = await withBalance().where(eq(giftCards.id, id));
      return row && flatten(row);
    },

    async findByHash(codeHash: string): Promise<GiftCardRecord | undefined> {
      const [row] = await withBalance().where(eq(giftCards.codeHash, codeHash));
      return row && flatten(row);
    },

    async list(
      filter: { status?: GiftCardStatus | undefined },
      pageRequest: { offset: number; limit: number },
    ): Promise<{ rows: GiftCardRecord[]; total: number }> {
      const where = filter.status ? eq(giftCards.status, filter.status) : undefined;
      const rows = await withBalance()
        .where(where)
        .orderBy(desc(giftCards.id))
        .offset(pageRequest.offset)
        .limit(pageRequest.limit);
      const [counted] = await db.select({ total: count() }).from(giftCards).where(where);
      return { rows: rows.map(flatten), total: Number(counted?.total ?? 0) };
    },

    ledger(giftCardId: number): Promise<GiftCardLedgerRecord[]> {
      return db
        .select()
        .from(giftCardLedger)
        .where(eq(giftCardLedger.giftCardId, giftCardId))
        .orderBy(asc(giftCardLedger.id));
    },

    /** The customer's store-credit cards, oldest first, with their balances. */
    async ownedBy(userId: number): Promise<GiftCardRecord[]> {
      const rows = await withBalance()
        .where(eq(giftCards.ownerUserId, userId))
        .orderBy(asc(giftCards.id));
      return rows.map(flatten);
    },

    async setStatus(id: number, status: GiftCardStatus): Promise<void> {
      await db.update(giftCards).set({ status }).where(eq(giftCards.id, id));
    },

    /**
     * Locks the cards (FOR UPDATE, in id order so two orders sharing cards cannot deadlock) and
     * answers them with their balances as they are now: a racing order waits here until the
     * other commits or rolls back.
     */
    async lockCards(ids: number[]): Promise<Map<number, GiftCardRecord>> {
      if (ids.length === 0) return new Map();
      const locked = await db
        .select({ id: giftCards.id })
        .from(giftCards)
        .where(inArray(giftCards.id, ids))
        .orderBy(asc(giftCards.id))
        .for('update');
      const rows = await withBalance().where(
        inArray(
          giftCards.id,
          locked.map((row) => row.id),
        ),
      );
      return new Map(rows.map((row) => [row.card.id, flatten(row)]));
    },

    /** The cards applied to a cart, in the order they were applied, with their balances. */
    async cartCards(cartId: number): Promise<CartCardRecord[]> {
      const rows = await db
        .select({ card: giftCards, balanceCents: balance, shownCents: cartGiftCards.shownCents })
        .from(giftCards)
        .innerJoin(cartGiftCards, eq(cartGiftCards.giftCardId, giftCards.id))
        .where(eq(cartGiftCards.cartId, cartId))
        .orderBy(asc(cartGiftCards.id));
      return rows.map((row) => ({ ...flatten(row), shownCents: row.shownCents }));
    },

    /** Remembers what a card paid in the cart's answer (written only when it changed). */
    async setShown(cartId: number, giftCardId: number, shownCents: number): Promise<void> {
      await db
        .update(cartGiftCards)
        .set({ shownCents })
        .where(and(eq(cartGiftCards.cartId, cartId), eq(cartGiftCards.giftCardId, giftCardId)));
    },

    /** Applies a card to a cart; false when it already was. */
    async addToCart(cartId: number, giftCardId: number): Promise<boolean> {
      const rows = await db
        .insert(cartGiftCards)
        .values({ cartId, giftCardId })
        .onConflictDoNothing()
        .returning({ id: cartGiftCards.id });
      return rows.length === 1;
    },

    async removeFromCart(cartId: number, giftCardId?: number): Promise<void> {
      await db
        .delete(cartGiftCards)
        .where(
          giftCardId === undefined
            ? eq(cartGiftCards.cartId, cartId)
            : and(eq(cartGiftCards.cartId, cartId), eq(cartGiftCards.giftCardId, giftCardId)),
        );
    },

    /** What an order still holds of each card: its spent rows net of what was given back. */
    async heldByOrder(orderId: number): Promise<{ giftCardId: number; amountCents: number }[]> {
      const rows = await db
        .select({
          giftCardId: giftCardLedger.giftCardId,
          amountCents: sql<number>`(-sum(${giftCardLedger.amountCents}))::int`,
        })
        .from(giftCardLedger)
        .where(eq(giftCardLedger.orderId, orderId))
        .groupBy(giftCardLedger.giftCardId)
        .orderBy(asc(giftCardLedger.giftCardId));
      return rows
        .map((row) => ({ giftCardId: row.giftCardId, amountCents: Number(row.amountCents) }))
        .filter((row) => row.amountCents > 0);
    },
  };
}

export type GiftCardsRepository = ReturnType<typeof createGiftCardsRepository>;
