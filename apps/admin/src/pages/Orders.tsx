import { Anchor, Badge, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/QueryState';
import { ORDER_STATUSES, PAYMENT_STATUSES } from '../lib/api-types';
import { dateTime, label, money } from '../lib/format';
import {
  filtersFromParams,
  filtersToParams,
  type OrderFilters,
  orderListInput,
} from '../lib/order-filters';
import { useTRPC } from '../trpc';
import { InvoiceRegister } from './InvoiceRegister';

const STATUS_COLOURS: Record<string, string> = {
  pending: 'yellow',
  processing: 'blue',
  shipped: 'cyan',
  completed: 'green',
  canceled: 'gray',
  paid: 'green',
  refund_pending: 'orange',
  partially_refunded: 'grape',
  refunded: 'gray',
  failed: 'red',
  // Returns (issue 38) and refund rows.
  requested: 'yellow',
  approved: 'blue',
  received: 'cyan',
  rejected: 'red',
  exchanged: 'teal',
  processed: 'green',
};

export function StatusBadge({ value }: { value: string }) {
  return (
    <Badge color={STATUS_COLOURS[value] ?? 'gray'} variant="light">
      {label(value)}
    </Badge>
  );
}

/** A select's options: "Any" (no filter), then each value as the panel names it. */
const anyOf = (values: readonly string[]) => [
  { value: '', label: 'Any' },
  ...values.map((value) => ({ value, label: label(value) })),
];

/** The filter form: applied on submit, kept in the address (lib/order-filters.ts). */
export function OrderFiltersForm(props: {
  filters: OrderFilters;
  onApply: (filters: OrderFilters) => void;
}) {
  const [draft, setDraft] = useState(props.filters);
  // The selects offer only the server's values (lib/api-types.ts), so the cast is safe.
  const set = (key: keyof OrderFilters) => (event: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [key]: event.currentTarget.value } as OrderFilters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply({ ...draft, page: 1 });
  };
  const clear = () => {
    const none: OrderFilters = {
      status: '',
      payment_status: '',
      from: '',
      to: '',
      search: '',
      page: 1,
    };
    setDraft(none);
    props.onApply(none);
  };
  return (
    <form onSubmit={submit} aria-label="Order filters">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label="Search"
          placeholder="Order number or customer e-mail"
          value={draft.search}
          onChange={set('search')}
          w={240}
        />
        <NativeSelect
          label="Status"
          value={draft.status}
          onChange={set('status')}
          data={anyOf(ORDER_STATUSES)}
        />
        <NativeSelect
          label="Payment"
          value={draft.payment_status}
          onChange={set('payment_status')}
          data={anyOf(PAYMENT_STATUSES)}
        />
        <TextInput label="From" type="date" value={draft.from} onChange={set('from')} />
        <TextInput label="To" type="date" value={draft.to} onChange={set('to')} />
        <Button type="submit">Apply</Button>
        <Button variant="default" onClick={clear}>
          Clear
        </Button>
      </Group>
    </form>
  );
}

export function OrdersPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const orders = useQuery({
    ...trpc.admin.orders.list.queryOptions(orderListInput(filters)),
    placeholderData: keepPreviousData,
  });
  const apply = (next: OrderFilters) => setParams(filtersToParams(next));
  return (
    <Stack>
      <Title order={2}>Orders</Title>
      <OrderFiltersForm key={params.toString()} filters={filters} onApply={apply} />
      <QueryState
        query={orders}
        isEmpty={(result) => result.data.length === 0}
        empty="No orders match."
      >
        {(result) => (
          <>
            <DataTable
              rows={result.data}
              rowKey={(order) => order.id}
              columns={[
                {
                  label: 'Order',
                  render: (order) => (
                    <Anchor component={Link} to={`/orders/${order.id}`}>
                      {order.order_number}
                    </Anchor>
                  ),
                },
                // A guest's order: the e-mail given at checkout.
                { label: 'Customer', render: (order) => order.customer_email ?? '—' },
                { label: 'Placed', render: (order) => dateTime(order.created_at) },
                { label: 'Status', render: (order) => <StatusBadge value={order.status} /> },
                {
                  label: 'Payment',
                  render: (order) => <StatusBadge value={order.payment_status} />,
                },
                { label: 'Items', render: (order) => order.item_count },
                { label: 'Total', render: (order) => money(order.total, order.currency) },
              ]}
            />
            <Pager meta={result.meta} onPage={(page) => apply({ ...filters, page })} />
          </>
        )}
      </QueryState>
      <InvoiceRegister />
    </Stack>
  );
}
