import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderFilters } from '../lib/order-filters';
import { OrderFiltersForm } from './Orders';

const none: OrderFilters = {
  status: '',
  payment_status: '',
  from: '',
  to: '',
  search: '',
  page: 3,
};

function renderFilters(filters: OrderFilters = none) {
  const onApply = vi.fn();
  render(
    <MantineProvider>
      <OrderFiltersForm filters={filters} onApply={onApply} />
    </MantineProvider>,
  );
  return onApply;
}

describe('the order filters', () => {
  it('applies every filter at once, back on the first page', async () => {
    const onApply = renderFilters();
    await userEvent.type(screen.getByLabelText('Search'), 'ada@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'processing');
    await userEvent.selectOptions(screen.getByLabelText('Payment'), 'refund_pending');
    expect(onApply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({
      ...none,
      search: 'ada@example.com',
      status: 'processing',
      payment_status: 'refund_pending',
      page: 1,
    });
  });

  it('offers every status the server has, and clears to none', async () => {
    const onApply = renderFilters({ ...none, status: 'shipped', search: 'SF-' });
    const options = [...(screen.getByLabelText('Status') as HTMLSelectElement).options];
    expect(options.map((o) => o.value)).toEqual([
      '',
      'pending',
      'processing',
      'shipped',
      'completed',
      'canceled',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onApply).toHaveBeenCalledWith({ ...none, page: 1 });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
  });
});
