import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../components/DataTable';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { SpecForm } from '../components/SpecForm';
import type { Inputs, Order, RefundRow } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { dateTime, label, money } from '../lib/format';
import { usePermissions } from '../lib/use-permissions';
import { useTRPC } from '../trpc';
import { StatusBadge } from './Orders';
import { ReturnsTable } from './returns/ReturnsPage';

/*
 * The order page's after-sale parts (issue 38, docs/refunds.md): the refund ledger with Retry on
 * a failed row, a goodwill refund, and the order's returns.
 */

const GOODWILL_FIELDS = fieldsOf<Omit<Inputs['admin']['orders']['refund'], 'order_id'>>()([
  {
    name: 'amount',
    label: 'Amount',
    kind: 'number',
    required: true,
    step: '0.01',
    description: 'Up to what is still refundable',
  },
  { name: 'reason', label: 'Reason', kind: 'textarea', required: true },
]);

function RetryButton({ row }: { row: RefundRow }) {
  const trpc = useTRPC();
  const retry = useMutation(trpc.admin.orders.retryRefund.mutationOptions());
  return (
    <Stack gap={4}>
      <Button
        size="xs"
        variant="light"
        loading={retry.isPending}
        aria-label={`Retry refund ${row.id}`}
        onClick={() => retry.mutate({ refund_id: row.id })}
      >
        Retry
      </Button>
      <ErrorAlert error={retry.error} title="Retry refused" />
    </Stack>
  );
}

/** admin.orders.refunds: one row per refund, oldest first; a failed one can be asked again. */
function RefundLedger({ order }: { order: Order }) {
  const trpc = useTRPC();
  const { can } = usePermissions();
  const refunds = useQuery(trpc.admin.orders.refunds.queryOptions({ order_id: order.id }));
  return (
    <QueryState
      query={refunds}
      isEmpty={(result) => result.data.length === 0}
      empty="Nothing refunded yet."
    >
      {({ data }) => (
        <DataTable
          rows={data}
          rowKey={(row) => row.id}
          columns={[
            { label: 'Refund', render: (row) => `#${row.id}` },
            { label: 'Kind', render: (row) => label(row.kind) },
            { label: 'Amount', render: (row) => money(row.amount, order.currency) },
            {
              label: 'Status',
              render: (row) => (
                <Group gap={4}>
                  <StatusBadge value={row.status} />
                  {row.retry_of_id ? (
                    <Badge variant="outline" size="xs">
                      retry of #{row.retry_of_id}
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            { label: 'Credit note', render: (row) => row.credit_note_number ?? '—' },
            { label: 'Reason', render: (row) => row.reason },
            { label: 'Created', render: (row) => dateTime(row.created_at) },
            {
              label: '',
              render: (row) =>
                row.can_retry && can('refunds:issue') ? <RetryButton row={row} /> : null,
            },
          ]}
        />
      )}
    </QueryState>
  );
}

/** admin.orders.refund: money back without a return (422 REFUND_EXCEEDS_PAID says the most). */
function GoodwillRefund({ order }: { order: Order }) {
  const trpc = useTRPC();
  // A fresh, empty form after each refund made (a refused one keeps what was typed).
  const [made, setMade] = useState(0);
  const refund = useMutation({
    ...trpc.admin.orders.refund.mutationOptions(),
    onSuccess: () => setMade((count) => count + 1),
  });
  return (
    <Stack gap="xs" maw={420}>
      <Title order={4} size="h6">
        Goodwill refund
      </Title>
      <SpecForm
        key={made}
        fields={GOODWILL_FIELDS}
        mode="create"
        submitLabel="Refund"
        pending={refund.isPending}
        error={refund.error}
        onSubmit={(input) => refund.mutate({ order_id: order.id, ...input })}
      >
        {refund.isSuccess ? (
          <Text c="green" size="sm" role="status">
            {refund.data.message ?? 'Refund recorded.'}
          </Text>
        ) : null}
      </SpecForm>
    </Stack>
  );
}

function OrderReturns({ order }: { order: Order }) {
  const trpc = useTRPC();
  const returns = useQuery(
    trpc.admin.returns.list.queryOptions({ order_id: order.id, per_page: 100 }),
  );
  return (
    <QueryState
      query={returns}
      isEmpty={(result) => result.data.length === 0}
      empty="No returns for this order."
    >
      {({ data }) => <ReturnsTable rows={data} currency={order.currency} />}
    </QueryState>
  );
}

/** The order page's refunds and returns sections. */
export function OrderRefunds({ order }: { order: Order }) {
  // Refunding is offered only to a role holding refunds:issue (docs/admin-panel.md "Roles").
  const { can } = usePermissions();
  return (
    <>
      <Card withBorder component="section" aria-label="Refunds">
        <Title order={3} size="h5" mb="xs">
          Refunds
        </Title>
        <Text size="sm" mb="sm">
          Refunded so far: {money(order.refunded_amount, order.currency)} of{' '}
          {money(order.total, order.currency)}
        </Text>
        {order.refund_awaiting_approval_amount > 0 ? (
          <Text size="sm" mb="sm" c="orange" role="status">
            Awaiting an Owner’s approval:{' '}
            {money(order.refund_awaiting_approval_amount, order.currency)}
          </Text>
        ) : null}
        <Stack>
          <RefundLedger order={order} />
          {can('refunds:issue') ? <GoodwillRefund order={order} /> : null}
        </Stack>
      </Card>
      <Card withBorder component="section" aria-label="Returns">
        <Title order={3} size="h5" mb="xs">
          Returns
        </Title>
        <OrderReturns order={order} />
      </Card>
    </>
  );
}
