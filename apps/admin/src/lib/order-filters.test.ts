import { describe, expect, it } from 'vitest';
import {
  filtersFromParams,
  filtersToParams,
  type OrderFilters,
  orderListInput,
} from './order-filters';

describe('order filters', () => {
  it('reads the address, ignoring what is not a filter value', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'status=shipped&payment_status=lost&from=2026-11-01&to=yesterday&page=-3&search=%20ada%20',
      ),
    );
    expect(filters).toEqual({
      status: 'shipped',
      payment_status: '',
      from: '2026-11-01',
      to: '',
      search: 'ada',
      page: 1,
    });
  });

  it('writes only what is set, and round-trips', () => {
    const filters: OrderFilters = {
      status: '',
      payment_status: 'paid',
      from: '',
      to: '2026-11-30',
      search: 'ORD-',
      page: 3,
    };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('payment_status=paid&to=2026-11-30&search=ORD-&page=3');
    expect(filtersFromParams(params)).toEqual(filters);
  });

  it('asks for whole local days: from that midnight to the midnight after the last day', () => {
    const input = orderListInput({
      status: 'pending',
      payment_status: '',
      from: '2026-11-01',
      to: '2026-11-30',
      search: ' ',
      page: 2,
    });
    expect(input).toEqual({
      page: 2,
      per_page: 20,
      status: 'pending',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString(),
    });
  });
});
