import type { Inputs, Order, Return, ReturnCondition } from './api-types';

/*
 * The Returns pages' plain logic (tested in returns.test.ts): what the receive dialog sends, the
 * list's filters in the address, and each return line's product name from its order.
 */

/** One row of the receive dialog as typed: units that arrived and their condition. */
export interface ReceiveDraft {
  quantity: string;
  condition: ReturnCondition;
}

/** The dialog's first values: every unit asked for arrived, resellable. */
export function receiveDrafts(entry: Return): ReceiveDraft[] {
  return entry.items.map((item) => ({
    quantity: String(item.quantity),
    condition: 'resellable',
  }));
}

/**
 * admin.returns.receive's input. A quantity that cannot be read is sent as typed (NaN → the
 * server's 422 names `items.N.quantity`), so the server stays the judge.
 */
export function receiveInput(
  entry: Return,
  drafts: readonly ReceiveDraft[],
): Inputs['admin']['returns']['receive'] {
  return {
    id: entry.id,
    items: entry.items.map((item, index) => {
      const draft = drafts[index];
      const typed = draft?.quantity.trim() ?? '';
      return {
        order_item_id: item.order_item_id,
        quantity: typed === '' ? 0 : Number(typed),
        condition: draft?.condition ?? 'resellable',
      };
    }),
  };
}

/** "Linen Shirt — M" for an order line, or its id when the order is not loaded. */
export function lineName(order: Order | undefined, orderItemId: number): string {
  const line = order?.items.find((item) => item.id === orderItemId);
  if (!line) return `Order line ${orderItemId}`;
  return line.variant_name ? `${line.product_name} — ${line.variant_name}` : line.product_name;
}

/** The list's filters, kept in the address like the orders' (a filtered list can be shared). */
export interface ReturnFilters {
  status: Return['status'] | '';
  page: number;
}

export function returnFiltersFromParams(params: URLSearchParams, statuses: readonly string[]) {
  const status = params.get('status') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    status: (statuses.includes(status) ? status : '') as ReturnFilters['status'],
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export function returnFiltersToParams(filters: ReturnFilters): Record<string, string> {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.page > 1 ? { page: String(filters.page) } : {}),
  };
}
