// The notifications slice's public surface: other slices import only from here.

export {
  eraseDevicesAndPreferences,
  eraseWishlistAlertsSent,
  exportDevices,
  exportPreferences,
} from './account-data.repository';
export { notificationsAdminRouter } from './notifications.admin.router';
export type { NotificationReads } from './notifications.repository';
export { notificationsRouter } from './notifications.router';
export type { NotificationsSlice } from './notifications.slice';
export { createNotificationsSlice } from './notifications.slice';
export {
  CAMPAIGN_QUEUE,
  type CampaignBatchJob,
  enqueueOrderPush,
  enqueueOrderStatusPush,
  enqueuePaymentFailedPush,
  enqueueReturnPush,
  PUSH_QUEUE,
  PUSH_RECEIPTS_QUEUE,
  type PushJob,
  type PushReceiptsJob,
  pushQueuePolicy,
  WISHLIST_ALERTS_QUEUE,
} from './push.jobs';
