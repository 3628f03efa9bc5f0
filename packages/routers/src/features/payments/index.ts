/** The payments slice's public surface: what other slices and the app may use (docs/architecture.md). */

export {
  eraseGatewayCustomer,
  eraseGatewayOrderOwner,
  mergeGuestGatewayOrders,
} from './account-data.repository';
export {
  type GatewayPayment,
  type PaymentProvider,
  paymentNotVerified,
  type ReportedPayment,
  signPayment,
} from './gateway';
export {
  createGatewayOrdersRepository,
  type GatewayOrdersRepository,
} from './gateway-orders.repository';
export {
  NOT_THE_SHOPS,
  PAYMENT_EVENT_RETENTION_QUEUE,
  PAYMENT_EVENTS_QUEUE,
  type PaymentEventHandlers,
  type PaymentEventJob,
  type PaymentEvents,
} from './payment-events';
export {
  PAYMENT_LINK_CANCEL_QUEUE,
  type PaymentLinkCancelJob,
  type PaymentLinkReconciler,
} from './payment-link-reconciler';
export {
  type LinkPaidOutcome,
  type OrderForLink,
  type PaymentLinkDto,
  type PaymentLinks,
  toPaymentLinkDto,
} from './payment-links';
export { paymentLinksAdminRouter, paymentLinksRouter } from './payment-links.router';
export {
  PAYMENT_RECONCILE_QUEUE,
  type PaymentReconciler,
  RECONCILE_OUTCOMES,
  type ReconcileOutcome,
} from './payment-reconciler';
export { createPaymentsSlice } from './payments.slice';
export { createPaymentProviders, type PaymentConfig, type PaymentProviders } from './providers';
export { type RazorpayConfig, webhookSignatureValid } from './razorpay';
export { razorpayWebhookOperation, razorpayWebhookPath } from './razorpay-webhook.openapi';
export {
  createRefundExecution,
  paymentQueuePolicy,
  type RefundExecution,
  type RefundRequest,
} from './refunds';
export {
  SAVED_CARDS_ERASE_QUEUE,
  type SavedCards,
  type SavedCardsEraseJob,
} from './saved-cards';
export { savedCardsRouter } from './saved-cards.router';
