/**
 * The routers package's public entry for the app (apps/api) and the SDK's generator: what they
 * need from the slices, each through the slice's public file (docs/architecture.md, "Slices").
 */
export { ZDeleteAccountInput } from './features/account';
export { type AiModelProvider, createAiService, type ProductContext } from './features/ai';
export { AUDIT_RETENTION_QUEUE } from './features/audit';
export {
  type AuthenticatedSession,
  createArgon2Hasher,
  createUsersRepository,
  GUEST_RETENTION_QUEUE,
  type PasswordHasher,
  SMS_QUEUE,
  type SmsJob,
  ZAvatarOutput,
} from './features/auth';
export { AVATAR_MAX_BYTES, provisionAdmin } from './features/customer';
export type {
  ServiceabilityAnswer,
  ServiceabilityCache,
  ServiceabilityProvider,
  ServiceabilityQuery,
} from './features/delivery';
export {
  createJobQueueStatsRepository,
  createJobsRepository,
  type JobQueueStats,
  type RetryOverrides,
} from './features/jobs';
export { LOYALTY_EXPIRY_QUEUE } from './features/loyalty';
export {
  enqueueMail,
  MAIL_QUEUE,
  type MailJob,
  mailQueuePolicy,
  URGENT_MAIL_PRIORITY,
} from './features/mail';
export {
  CAMPAIGN_QUEUE,
  type CampaignBatchJob,
  PUSH_QUEUE,
  PUSH_RECEIPTS_QUEUE,
  type PushJob,
  type PushReceiptsJob,
  pushQueuePolicy,
  WISHLIST_ALERTS_QUEUE,
} from './features/notifications';
export { REFUND_QUEUE, type RefundJob, renderTaxDocumentPdf } from './features/orders';
export {
  PAYMENT_EVENT_RETENTION_QUEUE,
  PAYMENT_EVENTS_QUEUE,
  PAYMENT_LINK_CANCEL_QUEUE,
  PAYMENT_RECONCILE_QUEUE,
  type PaymentEventJob,
  type PaymentLinkCancelJob,
  paymentQueuePolicy,
  type RazorpayConfig,
  RECONCILE_OUTCOMES,
  SAVED_CARDS_ERASE_QUEUE,
  type SavedCardsEraseJob,
  signPayment,
  webhookSignatureValid,
} from './features/payments';
export { FEATURE_FLAGS, type FeatureFlags } from './features/store-settings';
export { SYNC_COMPACTION_QUEUE } from './features/sync';
export { isPermission, PERMISSIONS, type Permission } from './permissions';
