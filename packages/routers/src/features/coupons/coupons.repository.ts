import type { Executor } from '@storefront/db/client';
import { coupons } from '@storefront/db/schema';
import { setOrKeep } from '@storefront/db/sql';
import { count, desc, eq } from 'drizzle-orm';

export type AdminCouponRecord = typeof coupons.$inferSelect;
export type CouponValues = Pick<typeof coupons.$inferInsert, 'code' | 'type' | 'value'> &
  Partial<
    Pick<
      typeof coupons.$inferInsert,
      | 'description'
      | 'minSubtotalCents'
      | 'startsAt'
      | 'endsAt'
      | 'usageLimit'
      | 'usageLimitPerCustomer'
      | 'active'
    >
  >;

/** Back-office coupon management; checkout's coupon reads stay in cart.repository.ts. */
export function createCouponsRepository(db: Executor) {
  return {
    async page(window: { limit: number; offset: number }): Promise<AdminCouponRecord[]> {
      return db
        .select()
        .from(coupons)
        .orderBy(desc(coupons.createdAt), desc(coupons.id))
        .limit(window.limit)
        .offset(window.offset);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ total: count() }).from(coupons);
      return Number(row?.total ?? 0);
    },

    async find(id: number): Promise<AdminCouponRecord | undefined> {
      const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
      return row;
    },

    /** Throws a unique violation when the code is taken (case-insensitively). */
    async insert(values: CouponValues): Promise<AdminCouponRecord> {
      const [row] = await db.insert(coupons).values(values).returning();
      if (!row) throw new Error('coupon insert returned no row');
      return row;
    },

    async update(
      id: number,
      changes: Partial<CouponValues>,
    ): Promise<AdminCouponRecord | undefined> {
      const [row] = await db
        .update(coupons)
        .set(setOrKeep(changes, { code: coupons.code }))
        .where(eq(coupons.id, id))
        .returning();
      return row;
    },
  };
}

export type CouponsRepository = ReturnType<typeof createCouponsRepository>;
