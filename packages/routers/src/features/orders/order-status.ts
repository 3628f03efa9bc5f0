import type { OrderStatusValue, PaymentStatusValue } from '@storefront/db/schema';
import { AppError } from '../../errors';

/* The statuses themselves are the database's column enums (@storefront/db/schema), declared once. */
export type OrderStatus = OrderStatusValue;
export type PaymentStatus = PaymentStatusValue;

/**
 * The one state machine of order statuses (docs/contract.md §5):
 * pending → processing → shipped → completed, and pending | processing → canceled.
 */
const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'canceled'],
  processing: ['shipped', 'canceled'],
  shipped: ['completed'],
  completed: [],
  canceled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export const isCancellable = (status: OrderStatus) => canTransition(status, 'canceled');

/** The back office's actions on an order, each by the status it moves the order to. */
const ORDER_ACTIONS = {
  process: 'processing',
  ship: 'shipped',
  complete: 'completed',
  cancel: 'canceled',
} as const satisfies Record<string, OrderStatus>;
export type OrderAction = keyof typeof ORDER_ACTIONS;
export const ORDER_ACTION_NAMES = Object.keys(ORDER_ACTIONS) as [OrderAction, ...OrderAction[]];

/** What the state machine allows now: the panel shows its buttons from this, not its own copy. */
export const allowedActions = (status: OrderStatus): OrderAction[] =>
  ORDER_ACTION_NAMES.filter((action) => canTransition(status, ORDER_ACTIONS[action]));

/** Throws the contract's error for a refused transition (cancellation has its own code). */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (canTransition(from, to)) return;
  if (to === 'canceled') {
    throw new AppError(
      'ORDER_NOT_CANCELLABLE',
      `An order that is ${from} can no longer be cancelled.`,
    );
  }
  throw new AppError('VALIDATION_ERROR', `An order cannot move from ${from} to ${to}.`, {
    fieldErrors: { status: [`Allowed next statuses: ${TRANSITIONS[from].join(', ') || 'none'}.`] },
  });
}

/** Human text for the tracking timeline, one event per status change. */
export const STATUS_EVENT_TEXT: Record<OrderStatus, string> = {
  pending: 'Order placed.',
  processing: 'Order is being prepared.',
  shipped: 'Order shipped.',
  completed: 'Order delivered.',
  canceled: 'Order cancelled.',
};
