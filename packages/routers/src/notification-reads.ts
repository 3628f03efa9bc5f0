import { lockAccount } from './features/auth';
import { gatewayOrderOwner } from './features/cart';
import { categoryExists, productExists, productForPush } from './features/catalog';
import type { NotificationReads } from './features/notifications';
import { orderForPush } from './features/orders';
import { customersWishingFor } from './features/wishlist';

/*
 * What pushes are about, read through the slices owning those rows. Composed here rather than
 * imported by notifications: orders, checkout and payments import notifications to enqueue
 * pushes, and the slices' runtime imports form no cycle (docs/architecture.md).
 */
export const notificationReads: NotificationReads = {
  lockUser: lockAccount,
  orderForPush,
  customersWishingFor,
  productForPush,
  productExists,
  categoryExists,
  gatewayOrderOwner,
};
