/** The orders slice's public surface: what other slices and the app may use (docs/architecture.md). */

export {
  exportOrders,
  mergeGuestOrders,
  openOrderNumbers,
  pendingUnpaidOrderIds,
  unfinishedOrderNumbers,
  usersWithOrders,
} from './account-data.repository';
export type { CreditNoteRecord } from './credit-notes.repository';
export { type CreditNoteRequest, issueCreditNote } from './credit-notes.steps';
export {
  createDocumentCountersRepository,
  type DocumentCountersRepository,
} from './document-counters.repository';
export { type InvoiceLines, invoiceLinesOf } from './document-lines';
export { creditNotePdfOperation, invoiceOperation, invoicePath } from './invoice.openapi';
export { invoiceAtPlacement, invoiceOrder, type NumberingSettings } from './invoicing.steps';
export { amountDueCents, toOrderDto } from './order.dto';
export { earlierLines } from './order-cancel.steps';
export {
  failedRefundsAwaiting,
  ordersPerShopDay,
  ordersSince,
  ordersWaitingToShip,
  topProductsSince,
} from './order-figures.repository';
export {
  type AlongsideOrder,
  type PlacedOrderInput,
  writePlacedOrder,
} from './order-placement.steps';
export { hasPurchased, openCodOrders, orderForPush } from './order-reads.repository';
export { type OrderStatus, STATUS_EVENT_TEXT } from './order-status';
export { ZOrderStatus, ZPaymentStatus } from './order-status.schemas';
export { ordersAdminRouter } from './orders.admin.router';
export {
  createOrdersRepository,
  type OrderItemRecord,
  type OrderRecord,
  type OrdersRepository,
} from './orders.repository';
export { ordersRouter } from './orders.router';
export type { OrderDto } from './orders.schemas';
export type { OrderRepositories } from './orders.service';
export { createOrdersSlice, type OrdersService } from './orders.slice';
export { createRefundApprovals, type RefundApprovals } from './refund-approvals.service';
export {
  paymentTaken,
  type RefundRequester,
  recordRefund,
  requesterOf,
  splitFor,
} from './refund-ledger.steps';
export { unitsLeft, unitsLine } from './refund-lines';
export { type OrderRefunds, REFUND_QUEUE, type RefundJob } from './refunds';
export { refundsAdminRouter } from './refunds.admin.router';
export type { RefundRecord } from './refunds.repository';
export { AWAITING_APPROVAL_MESSAGE, type RefundDto } from './refunds.schemas';
export {
  EXCHANGE_PAYMENT_METHOD,
  type ReplacementLine,
  writeReplacementOrder,
} from './replacement-order.steps';
export type { TaxDocument } from './tax-document';
export { renderTaxDocumentPdf } from './tax-document.pdf';
