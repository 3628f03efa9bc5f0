import type { ReturnReason } from '@storefront/db/schema';
import { type FieldErrors, validationError } from '../../errors';
import type { InvoiceLines, OrderItemRecord, OrderRecord } from '../orders';
import { unitsLeft, unitsLine } from '../orders';
import type { ReturnSettingsRecord } from './returns.repository';

/*
 * What may come back and what it is worth (pure; docs/returns.md). A unit refunds its frozen
 * share of its line (the ledger's `unitsLine`, never today's prices); shipping comes back once,
 * only when the whole order does for a shop-fault reason; the fee once when any item's reason is
 * the customer's own.
 */

type DocumentLine = ReturnType<typeof unitsLine>;

export const SHOP_FAULT: readonly ReturnReason[] = ['damaged', 'wrong_item', 'not_as_described'];
export const FEE_REASONS: readonly ReturnReason[] = ['changed_mind', 'size_fit'];

const DAY_MS = 86_400_000;

export interface OrderState {
  order: OrderRecord;
  items: OrderItemRecord[];
  invoice: InvoiceLines;
  /** Every line the order's ledger gave back so far. */
  earlier: DocumentLine[];
  /** When it was completed (its last `completed` event), null while not completed. */
  completedAt: Date | null;
  nonReturnable: Set<number>;
  /** Units of each line in open returns. */
  openUnits: Map<number, number>;
  settings: ReturnSettingsRecord;
}

export type NotReturnable = 'not_delivered' | 'window_closed' | 'nothing_returnable';

export function windowEndsAt(state: OrderState): Date | null {
  return state.completedAt
    ? new Date(state.completedAt.getTime() + state.settings.returnWindowDays * DAY_MS)
    : null;
}

/** Units of a line that may still be asked for: not given back, not in an open return. */
export function returnableUnits(state: OrderState, item: OrderItemRecord): number {
  if (item.productId !== null && state.nonReturnable.has(item.productId)) return 0;
  const line = state.invoice.lines.find((candidate) => candidate.orderItemId === item.id);
  if (!line) return 0;
  return Math.max(0, unitsLeft(line, state.earlier) - (state.openUnits.get(item.id) ?? 0));
}

/** Why the order cannot be returned now, or null when it can. */
export function whyNot(state: OrderState, now: Date): NotReturnable | null {
  const ends = windowEndsAt(state);
  if (state.order.status !== 'completed' || !ends) return 'not_delivered';
  if (now.getTime() > ends.getTime()) return 'window_closed';
  if (state.items.every((item) => returnableUnits(state, item) === 0)) return 'nothing_returnable';
  return null;
}

/** The next unit's refund on a line (what `unit_refund` shows), in cents. */
export function unitRefundCents(state: OrderState, item: OrderItemRecord): number {
  const line = state.invoice.lines.find((candidate) => candidate.orderItemId === item.id);
  if (!line || unitsLeft(line, state.earlier) === 0) return 0;
  return unitsLine(line, state.earlier, 1).totalCents;
}

export interface AskedItem {
  orderItemId: number;
  quantity: number;
  reason: ReturnReason;
}

/**
 * 422 naming `items.N…` for a line not on the order, named twice, or more units than may
 * come back. A non-returnable product is the caller's RETURN_NOT_ALLOWED (checked first).
 */
export function checkAsked(state: OrderState, asked: readonly AskedItem[]): void {
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  asked.forEach((want, index) => {
    const item = state.items.find((candidate) => candidate.id === want.orderItemId);
    if (!item || seen.has(want.orderItemId)) {
      errors[`items.${index}.order_item_id`] = [
        item ? 'Each order line may be named once.' : 'Not a line of this order.',
      ];
    } else {
      const left = returnableUnits(state, item);
      if (want.quantity > left) {
        errors[`items.${index}.quantity`] = [
          left === 0
            ? 'No units of this line can be returned.'
            : `At most ${left}: the units not yet returned, being returned or cancelled.`,
        ];
      }
    }
    seen.add(want.orderItemId);
  });
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

export interface ReturnLines {
  items: { orderItemId: number; quantity: number; amountCents: number }[];
  lines: DocumentLine[];
  itemsCents: number;
  shippingCents: number;
  feeCents: number;
  totalCents: number;
}

/**
 * The lines a return gives back for `asked` units (each item's frozen share), the shipping
 * charge when every unit left comes back for a shop-fault reason, and the fee (taken off the
 * items' value, never below zero) when any reason is the customer's own.
 */
export function returnLines(
  state: Pick<OrderState, 'invoice' | 'earlier' | 'settings'>,
  asked: readonly AskedItem[],
): ReturnLines {
  const items = asked.flatMap((want) => {
    const line = state.invoice.lines.find(
      (candidate) => candidate.orderItemId === want.orderItemId,
    );
    return line && want.quantity > 0
      ? [{ want, line: unitsLine(line, state.earlier, want.quantity) }]
      : [];
  });
  const wholeOrder = state.invoice.lines.every((line) => {
    const back = asked.find((want) => want.orderItemId === line.orderItemId)?.quantity ?? 0;
    return back === unitsLeft(line, state.earlier);
  });
  const shopFault = asked.every((want) => SHOP_FAULT.includes(want.reason));
  const shipping = state.invoice.shipping;
  const shippingLine =
    shipping && wholeOrder && shopFault && unitsLeft(shipping, state.earlier) > 0
      ? unitsLine(shipping, state.earlier, unitsLeft(shipping, state.earlier))
      : undefined;
  const itemsCents = items.reduce((total, { line }) => total + line.totalCents, 0);
  const shippingCents = shippingLine?.totalCents ?? 0;
  const feeCents = asked.some((want) => FEE_REASONS.includes(want.reason))
    ? Math.min(state.settings.returnFeeCents, itemsCents + shippingCents)
    : 0;
  return {
    items: items.map(({ want, line }) => ({
      orderItemId: want.orderItemId,
      quantity: want.quantity,
      amountCents: line.totalCents,
    })),
    lines: shippingLine
      ? [...items.map(({ line }) => line), shippingLine]
      : items.map(({ line }) => line),
    itemsCents,
    shippingCents,
    feeCents,
    totalCents: itemsCents + shippingCents - feeCents,
  };
}
