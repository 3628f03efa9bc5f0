import { AppError } from '../../errors';
import type { CouponRedemptionsRepository } from './coupon-redemptions.repository';

/*
 * The coupon's step and its undo, side by side (docs/architecture.md): place-order redeems one
 * use against the coupon's limits, cancel gives it back. Both run in the caller's transaction.
 */

/** One use counted against the coupon's limits; 422 COUPON_INVALID when it is used up. */
export async function redeemCoupon(
  coupons: Pick<CouponRedemptionsRepository, 'redeem'>,
  coupon: { id: number; code: string },
  userId: number,
  orderId: number,
): Promise<void> {
  if (!(await coupons.redeem(coupon.id, userId, orderId))) {
    throw new AppError('COUPON_INVALID', `Coupon ${coupon.code} has been fully redeemed.`);
  }
}

/** The undo of `redeemCoupon`: the order's use given back. */
export const releaseCoupon = (
  coupons: Pick<CouponRedemptionsRepository, 'release'>,
  orderId: number,
): Promise<void> => coupons.release(orderId);
