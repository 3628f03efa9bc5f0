import type { Executor } from '@storefront/db/client';
import { couponRedemptions, coupons } from '@storefront/db/schema';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';

export type CouponRecord = typeof coupons.$inferSelect;

/** A coupon as checkout uses it: found by its code, its uses counted, redeemed and given back. */
export function createCouponRedemptionsRepository(db: Executor) {
  return {
    /** Codes are compared case-insensitively. */
    async findByCode(code: string): Promise<CouponRecord | undefined> {
      const [coupon] = await db
        .select()
        .from(coupons)
        .where(sql`upper(${coupons.code}) = upper(${code})`);
      return coupon;
    },

    async customerUses(couponId: number, userId: number): Promise<number> {
      return db.$count(
        couponRedemptions,
        and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)),
      );
    },

    /** Counts one use of a coupon, only while its total limit allows (guarded UPDATE). */
    async redeem(couponId: number, userId: number, orderId: number): Promise<boolean> {
      const rows = await db
        .update(coupons)
        .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
        .where(
          and(
            eq(coupons.id, couponId),
            or(isNull(coupons.usageLimit), lt(coupons.timesUsed, coupons.usageLimit)),
          ),
        )
        .returning({ id: coupons.id });
      if (rows.length !== 1) return false;
      await db.insert(couponRedemptions).values({ couponId, userId, orderId });
      return true;
    },

    /** Gives back the coupon use an order redeemed (none: nothing happens). */
    async release(orderId: number): Promise<void> {
      const released = await db
        .delete(couponRedemptions)
        .where(eq(couponRedemptions.orderId, orderId))
        .returning({ couponId: couponRedemptions.couponId });
      for (const { couponId } of released) {
        await db
          .update(coupons)
          .set({ timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)` })
          .where(eq(coupons.id, couponId));
      }
    },
  };
}

export type CouponRedemptionsRepository = ReturnType<typeof createCouponRedemptionsRepository>;
