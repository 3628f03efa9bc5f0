import type { AppRouter } from '@storefront/routers/root';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

/** What the procedures answer and take, from the server's own router type. */
export type Outputs = inferRouterOutputs<AppRouter>;
export type Inputs = inferRouterInputs<AppRouter>;

export type Order = Outputs['admin']['orders']['get']['data'];
export type OrderStatus = Order['status'];
export type PaymentStatus = Order['payment_status'];
export type AdminProduct = Outputs['admin']['products']['get']['data'];

/** Every value the server has, checked at compile time (a new status fails the typecheck). */
function allOf<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : 'missing a value'),
  ) => list;
}

export const ORDER_STATUSES = allOf<OrderStatus>()([
  'pending',
  'processing',
  'shipped',
  'completed',
  'canceled',
]);
export const PAYMENT_STATUSES = allOf<PaymentStatus>()([
  'pending',
  'paid',
  'refund_pending',
  'refunded',
  'failed',
  'partially_refunded',
]);

export type Return = Outputs['admin']['returns']['get']['data'];
export type ReturnStatus = Return['status'];
export type ReturnReason = Return['items'][number]['reason'];
export type ReturnCondition = Inputs['admin']['returns']['receive']['items'][number]['condition'];
export type RefundRow = Outputs['admin']['orders']['refunds']['data'][number];

export const RETURN_STATUSES = allOf<ReturnStatus>()([
  'requested',
  'approved',
  'received',
  'refunded',
  'rejected',
  'canceled',
  'exchanged',
]);
export const RETURN_REASONS = allOf<ReturnReason>()([
  'damaged',
  'wrong_item',
  'not_as_described',
  'size_fit',
  'changed_mind',
  'other',
]);
export const RETURN_CONDITIONS = allOf<ReturnCondition>()(['resellable', 'damaged', 'missing']);
