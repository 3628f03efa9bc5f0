import type { Executor } from '@storefront/db/client';
import { ordersSince, ordersWaitingToShip } from '../orders/index';

/** The back office's figures, read through the slices owning them. */
export function createDashboardRepository(db: Executor) {
  return {
    /** Orders placed since `since` (cancelled ones left out) and their total, in minor units. */
    ordersSince(since: Date): Promise<{ orders: number; revenueMinor: number }> {
      return ordersSince(db, since);
    },

    /** Orders placed or being prepared: what the shop still has to ship. */
    waitingToShip(): Promise<number> {
      return ordersWaitingToShip(db);
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
