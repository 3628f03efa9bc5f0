import type { Executor } from '@storefront/db/client';
import { eraseAddresses, exportAddresses } from '../addresses/index';
import { emptyAccountRow, eraseCredentials, lockAccount, lockActiveOwnerIds } from '../auth/index';
import { eraseCarts } from '../cart/index';
import { eraseIdempotencyKeys } from '../checkout/index';
import {
  eraseGiftCardRecipient,
  eraseStoreCreditOwner,
  exportGiftCardsReceived,
  exportStoreCredit,
} from '../gift-cards/index';
import { eraseLoyalty, exportLoyaltyLedger } from '../loyalty/index';
import {
  eraseDevicesAndPreferences,
  eraseWishlistAlertsSent,
  exportDevices,
  exportPreferences,
} from '../notifications/index';
import {
  exportOrders,
  openOrderNumbers,
  pendingUnpaidOrderIds,
  unfinishedOrderNumbers,
} from '../orders/index';
import { eraseGatewayCustomer, eraseGatewayOrderOwner } from '../payments/index';
import { exportReturns } from '../returns/index';
import { exportReviews } from '../reviews/index';
import { eraseWishlist, exportWishlist } from '../wishlist/index';
import { createAccountRepository } from './account.repository';

/*
 * An account's rows live in the slices that own their tables (docs/architecture.md, "Tables
 * have owners"); each slice erases and exports its own, given the executor and the account.
 * Deletion and export compose those steps here, in the caller's transaction, as cancelling an
 * order composes the undos.
 */
export function createAccountData(db: Executor) {
  const own = createAccountRepository(db);
  return {
    lockUser: (userId: number) => lockAccount(db, userId),
    activeOwnerIds: () => lockActiveOwnerIds(db),
    openOrderNumbers: (userId: number) => openOrderNumbers(db, userId),
    unfinishedOrderNumbers: (userId: number) => unfinishedOrderNumbers(db, userId),
    pendingUnpaidOrderIds: (userId: number) => pendingUnpaidOrderIds(db, userId),
    exportsSince: own.exportsSince,
    recordExport: own.recordExport,

    /**
     * Deletes everything personal of the account and empties its row; orders (and their address
     * snapshots), reviews and coupon redemptions stay, pointing at the emptied row. Answers the
     * Razorpay customer whose saved cards are to be erased at Razorpay (null: none).
     */
    async erase(userId: number, now: Date, email: string | null): Promise<string | null> {
      await eraseCredentials(db, userId);
      await eraseLoyalty(db, userId);
      await eraseGiftCardRecipient(db, email);
      await eraseStoreCreditOwner(db, userId);
      await eraseDevicesAndPreferences(db, userId);
      await eraseAddresses(db, userId);
      await eraseWishlist(db, userId);
      await eraseWishlistAlertsSent(db, userId);
      await eraseGatewayOrderOwner(db, userId);
      const gatewayCustomerId = await eraseGatewayCustomer(db, userId);
      await eraseCarts(db, userId);
      await eraseIdempotencyKeys(db, userId);
      await own.eraseExports(userId);
      await emptyAccountRow(db, userId, now);
      return gatewayCustomerId;
    },

    /** Everything the shop holds about the customer, slice by slice. */
    async exportData(userId: number, email: string | null) {
      const orders = await exportOrders(db, userId);
      return {
        addresses: await exportAddresses(db, userId),
        orders,
        returns: await exportReturns(db, userId),
        reviews: await exportReviews(db, userId),
        wishlist: await exportWishlist(db, userId),
        devices: await exportDevices(db, userId),
        loyaltyLedger: await exportLoyaltyLedger(db, userId),
        giftCardsReceived: await exportGiftCardsReceived(db, email),
        storeCredit: await exportStoreCredit(db, userId),
        preferences: await exportPreferences(db, userId),
      };
    },
  };
}

export type AccountData = ReturnType<typeof createAccountData>;
