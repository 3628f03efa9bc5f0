import type { Executor } from '@storefront/db/client';
import { createCouponsRepository } from './coupons.repository';
import { createCouponsService } from './coupons.service';

/** The coupons slice: the back office's coupons (redemption is a step: coupon-redemption.steps.ts). */
export function createCouponsSlice(deps: { db: Executor }) {
  return createCouponsService({ repo: createCouponsRepository(deps.db) });
}
