/** The coupons slice's public surface: what other slices and the app may use (docs/architecture.md). */

export { mergeGuestRedemptions } from './account-data.repository';
export { redeemCoupon, releaseCoupon } from './coupon-redemption.steps';
export {
  type CouponRecord,
  type CouponRedemptionsRepository,
  createCouponRedemptionsRepository,
} from './coupon-redemptions.repository';
export { couponsAdminRouter } from './coupons.admin.router';
export type { CouponsService } from './coupons.service';
export { createCouponsSlice } from './coupons.slice';
