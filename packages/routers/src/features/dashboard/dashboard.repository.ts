import type { Executor } from '@storefront/db/client';
import {
  failedRefundsAwaiting,
  ordersPerShopDay,
  ordersSince,
  ordersWaitingToShip,
  topProductsSince,
} from '../orders/index';
import { returnsAwaitingDecision } from '../returns/index';

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

    /** Orders and revenue per shop-local day since `since` (days without orders absent). */
    perShopDay(since: Date, timeZone: string) {
      return ordersPerShopDay(db, since, timeZone);
    },

    topProducts(since: Date, limit: number) {
      return topProductsSince(db, since, limit);
    },

    failedRefunds(limit: number) {
      return failedRefundsAwaiting(db, limit);
    },

    returnsRequested(): Promise<number> {
      return returnsAwaitingDecision(db);
    },
  };
}

export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
