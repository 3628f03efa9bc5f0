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
