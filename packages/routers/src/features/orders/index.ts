/** The orders slice's public surface: what other slices and the app may use (docs/architecture.md). */

export {
  exportOrders,
  mergeGuestOrders,
  openOrderNumbers,
  pendingUnpaidOrderIds,
  unfinishedOrderNumbers,
  usersWithOrders,
} from './account-data.repository';
export { invoiceOperation, invoicePath } from './invoice.openapi';
export { renderInvoicePdf } from './invoice.pdf';
export { toOrderDto } from './order.dto';
export { ordersSince, ordersWaitingToShip } from './order-figures.repository';
export { type PlacedOrderInput, writePlacedOrder } from './order-placement.steps';
export { hasPurchased, orderForPush } from './order-reads.repository';
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
export type { OrdersService } from './orders.service';
export { createOrdersSlice } from './orders.slice';
export { type OrderRefunds, REFUND_QUEUE, type RefundJob } from './refunds';
