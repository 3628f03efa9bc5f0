import type { Executor } from '@storefront/db/client';
import type { GuestOwnership } from './features/auth';
import { mergeGuestCart, mergeGuestOrderedCarts } from './features/cart';
import { mergeGuestRedemptions } from './features/coupons';
import { mergeGuestStoreCredit } from './features/gift-cards';
import { mergeGuestOrders, usersWithOrders } from './features/orders';
import { mergeGuestGatewayOrders } from './features/payments';
import { mergeGuestReturns } from './features/returns';

/*
 * What a guest owns, slice by slice, for the auth slice's merge and retention job. Composed here
 * rather than imported by auth: the slices below reach auth through addresses, and the slices'
 * runtime imports form no cycle (docs/architecture.md).
 */
export const guestOwnership = (db: Executor): GuestOwnership => ({
  // In the order the merge always ran: the carts are locked right after the guest's row.
  mergeSteps: [
    mergeGuestCart,
    mergeGuestOrders,
    mergeGuestOrderedCarts,
    mergeGuestGatewayOrders,
    mergeGuestRedemptions,
    // Returns and the store credit they issued follow the orders (issue 38).
    mergeGuestReturns,
    mergeGuestStoreCredit,
  ],
  usersWithOrders: (userIds) => usersWithOrders(db, userIds),
});
