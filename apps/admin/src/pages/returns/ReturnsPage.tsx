import { Anchor, Group, NativeSelect, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { Pager } from '../../components/Pager';
import { QueryState } from '../../components/QueryState';
import { RETURN_STATUSES, type Return } from '../../lib/api-types';
import { dateTime, label, money } from '../../lib/format';
import {
  type ReturnFilters,
  returnFiltersFromParams,
  returnFiltersToParams,
} from '../../lib/returns';
import { useTRPC } from '../../trpc';
import { StatusBadge } from '../Orders';

const STATUS_OPTIONS = [
  { value: '', label: 'Any' },
  ...RETURN_STATUSES.map((value) => ({ value, label: label(value) })),
];

/** Units asked back over all of a return's lines. */
export const unitsOf = (entry: Return) => entry.items.reduce((sum, item) => sum + item.quantity, 0);

/** A list of returns (this page's, or an order's): number, order, status, units, quote. */
export function ReturnsTable(props: { rows: readonly Return[]; currency?: string }) {
  // The list does not carry the order's currency; the order page passes its own.
  const amount = (value: number) =>
    props.currency ? money(value, props.currency) : value.toFixed(2);
  return (
    <DataTable
      rows={props.rows}
      rowKey={(entry) => entry.id}
      columns={[
        {
          label: 'Return',
          render: (entry) => (
            <Anchor component={Link} to={`/returns/${entry.id}`}>
              {entry.number}
            </Anchor>
          ),
        },
        {
          label: 'Order',
          render: (entry) => (
            <Anchor component={Link} to={`/orders/${entry.order_id}`}>
              Order #{entry.order_id}
            </Anchor>
          ),
        },
        { label: 'Requested', render: (entry) => dateTime(entry.created_at) },
        { label: 'Status', render: (entry) => <StatusBadge value={entry.status} /> },
        { label: 'Units', render: unitsOf },
        { label: 'Refund quoted', render: (entry) => amount(entry.quote.refund_total) },
      ]}
    />
  );
}

/** Returns: newest first, filtered by status (kept in the address), paginated. */
export function ReturnsPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const filters = returnFiltersFromParams(params, RETURN_STATUSES);
  const returns = useQuery({
    ...trpc.admin.returns.list.queryOptions({
      page: filters.page,
      ...(filters.status ? { status: filters.status } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const apply = (next: ReturnFilters) => setParams(returnFiltersToParams(next));
  return (
    <Stack>
      <Title order={2}>Returns</Title>
      <Group>
        <NativeSelect
          label="Status"
          value={filters.status}
          data={STATUS_OPTIONS}
          onChange={(event) =>
            apply({ status: event.currentTarget.value as ReturnFilters['status'], page: 1 })
          }
        />
      </Group>
      <QueryState
        query={returns}
        isEmpty={(result) => result.data.length === 0}
        empty="No returns match."
      >
        {(result) => (
          <>
            <ReturnsTable rows={result.data} />
            <Pager meta={result.meta} onPage={(page) => apply({ ...filters, page })} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
