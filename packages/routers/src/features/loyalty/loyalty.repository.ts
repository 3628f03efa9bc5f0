import type { Executor } from '@storefront/db/client';
import {
  cartLoyaltyPoints,
  type LoyaltyReason,
  loyaltyAccounts,
  loyaltyLedger,
  loyaltySettings,
} from '@storefront/db/schema';
import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';

export type LoyaltyLedgerRecord = typeof loyaltyLedger.$inferSelect;
export type LoyaltySettingsRecord = Omit<typeof loyaltySettings.$inferSelect, 'id' | 'updatedAt'>;

/** The store's rates until an admin sets them (issue 26 defaults). */
export const DEFAULT_LOYALTY_SETTINGS: LoyaltySettingsRecord = {
  pointsPerUnit: 1,
  pointValueMicros: 10_000,
  minRedeem: 100,
  maxRedeemShareBp: 5_000,
  pointsExpireDays: 365,
};

export interface NewLoyaltyRow {
  userId: number;
  points: number;
  reason: LoyaltyReason;
  orderId?: number | null;
  note?: string | null;
  expiresAt?: Date | null;
}

/** The only code touching the loyalty tables. */
export function createLoyaltyRepository(db: Executor) {
  async function balance(userId: number): Promise<number> {
    const [row] = await db
      // bigint: the sum of int rows may pass 2^31 (returns on top of a full balance).
      .select({ total: sql<string>`coalesce(sum(${loyaltyLedger.points}), 0)::bigint` })
      .from(loyaltyLedger)
      .where(eq(loyaltyLedger.userId, userId));
    return Number(row?.total ?? 0);
  }

  return {
    balance,

    async settings(): Promise<LoyaltySettingsRecord> {
      const [row] = await db.select().from(loyaltySettings).where(eq(loyaltySettings.id, 1));
      if (!row) return DEFAULT_LOYALTY_SETTINGS;
      const { id: _id, updatedAt: _updatedAt, ...settings } = row;
      return settings;
    },

    async saveSettings(settings: LoyaltySettingsRecord): Promise<void> {
      await db
        .insert(loyaltySettings)
        .values({ id: 1, ...settings })
        .onConflictDoUpdate({ target: loyaltySettings.id, set: settings });
    },

    /**
     * Locks the customer's account row (created on first use), so spending and adjusting
     * serialise per customer; answers the balance as it is under the lock.
     */
    async lockAccount(userId: number): Promise<number> {
      await db.insert(loyaltyAccounts).values({ userId }).onConflictDoNothing();
      await db
        .select({ userId: loyaltyAccounts.userId })
        .from(loyaltyAccounts)
        .where(eq(loyaltyAccounts.userId, userId))
        .for('update');
      return balance(userId);
    },

    async addLedger(rows: NewLoyaltyRow[]): Promise<void> {
      const moving = rows.filter((row) => row.points !== 0);
      if (moving.length === 0) return;
      for (const userId of new Set(moving.map((row) => row.userId))) {
        await db.insert(loyaltyAccounts).values({ userId }).onConflictDoNothing();
      }
      await db.insert(loyaltyLedger).values(moving);
    },

    async history(
      userId: number,
      pageRequest: { offset: number; limit: number },
    ): Promise<{ rows: LoyaltyLedgerRecord[]; total: number }> {
      const rows = await db
        .select()
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.userId, userId))
        .orderBy(desc(loyaltyLedger.createdAt), desc(loyaltyLedger.id))
        .offset(pageRequest.offset)
        .limit(pageRequest.limit);
      const [counted] = await db
        .select({ total: count() })
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.userId, userId));
      return { rows, total: Number(counted?.total ?? 0) };
    },

    /** Every row of a customer, oldest first (the expiry arithmetic). */
    ledger(userId: number): Promise<LoyaltyLedgerRecord[]> {
      return db
        .select()
        .from(loyaltyLedger)
        .where(eq(loyaltyLedger.userId, userId))
        .orderBy(asc(loyaltyLedger.id));
    },

    /** Customers holding points that expire at or before `now`. */
    async usersWithExpiringPoints(now: Date): Promise<number[]> {
      const rows = await db
        .selectDistinct({ userId: loyaltyLedger.userId })
        .from(loyaltyLedger)
        .where(and(isNotNull(loyaltyLedger.expiresAt), lte(loyaltyLedger.expiresAt, now)));
      return rows.map((row) => row.userId);
    },

    /** What an order holds of points: its rows net (redeemed negative, returned positive). */
    async netForOrder(orderId: number, reasons: LoyaltyReason[]): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${loyaltyLedger.points}), 0)::bigint` })
        .from(loyaltyLedger)
        .where(and(eq(loyaltyLedger.orderId, orderId), inArray(loyaltyLedger.reason, reasons)));
      return Number(row?.total ?? 0);
    },

    /** The points on a cart and those its last answer showed paying (null until one did). */
    async cartPoints(cartId: number): Promise<{ points: number; shownPoints: number | null }> {
      const [row] = await db
        .select({ points: cartLoyaltyPoints.points, shownPoints: cartLoyaltyPoints.shownPoints })
        .from(cartLoyaltyPoints)
        .where(eq(cartLoyaltyPoints.cartId, cartId));
      return row ?? { points: 0, shownPoints: null };
    },

    /** New points on the cart: nothing shown for them yet. */
    async setCartPoints(cartId: number, points: number): Promise<void> {
      await db
        .insert(cartLoyaltyPoints)
        .values({ cartId, points })
        .onConflictDoUpdate({
          target: cartLoyaltyPoints.cartId,
          set: { points, shownPoints: null },
        });
    },

    /** Remembers the points the cart's answer showed paying (written only when it changed). */
    async setShownPoints(cartId: number, shownPoints: number): Promise<void> {
      await db
        .update(cartLoyaltyPoints)
        .set({ shownPoints })
        .where(eq(cartLoyaltyPoints.cartId, cartId));
    },

    async clearCartPoints(cartId: number): Promise<void> {
      await db.delete(cartLoyaltyPoints).where(eq(cartLoyaltyPoints.cartId, cartId));
    },
  };
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;
