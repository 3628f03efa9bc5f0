/**
 * The order list's filters live in the address (?status=shipped&from=2026-11-01…), so a filtered
 * list can be reloaded, shared and gone back to. Dates are the admin's own calendar days: "from"
 * is that day's local midnight, "to" includes the whole day (docs/admin-panel.md).
 */
import {
  type Inputs,
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from './api-types';

export const ORDERS_PER_PAGE = 20;

export interface OrderFilters {
  status: OrderStatus | '';
  payment_status: PaymentStatus | '';
  /** YYYY-MM-DD, the first day included; '' for none. */
  from: string;
  /** YYYY-MM-DD, the last day included; '' for none. */
  to: string;
  search: string;
  page: number;
}

const KEYS = ['status', 'payment_status', 'from', 'to', 'search'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function filtersFromParams(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page'));
  const text = (key: string) => params.get(key)?.trim() ?? '';
  const day = (key: string) => (DAY.test(text(key)) ? text(key) : '');
  const oneOf = <T extends string>(values: readonly T[], key: string): T | '' =>
    values.find((value) => value === text(key)) ?? '';
  return {
    status: oneOf(ORDER_STATUSES, 'status'),
    payment_status: oneOf(PAYMENT_STATUSES, 'payment_status'),
    from: day('from'),
    to: day('to'),
    search: text('search'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Only what is set; page 1 is the default and is left out. */
export function filtersToParams(filters: OrderFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of KEYS) {
    const value = filters[key].trim();
    if (value !== '') params.set(key, value);
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

function localMidnight(day: string, addDays = 0): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + addDays).toISOString();
}

/** The `admin.orders.list` input for these filters. */
export function orderListInput(filters: OrderFilters): Inputs['admin']['orders']['list'] {
  return {
    page: filters.page,
    per_page: ORDERS_PER_PAGE,
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.payment_status ? { payment_status: filters.payment_status } : {}),
    ...(filters.from ? { from: localMidnight(filters.from) } : {}),
    ...(filters.to ? { to: localMidnight(filters.to, 1) } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
  };
}
