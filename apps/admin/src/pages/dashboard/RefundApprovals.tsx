import { Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert, QueryState } from '../../components/QueryState';
import type { Outputs } from '../../lib/api-types';
import { dateTime, money } from '../../lib/format';
import { usePermissions } from '../../lib/use-permissions';
import { useTRPC } from '../../trpc';

type PendingRefund = Outputs['admin']['refunds']['pending']['data'][number];

/**
 * Who may approve or decline (docs/refunds.md "Approval"): `refunds:issue` and a role without a
 * refund limit. The server checks it again, and refuses the requester their own.
 */
export function useCanApproveRefunds() {
  const { me, can } = usePermissions();
  return can('refunds:issue') && me.data?.role != null && me.data.role.refund_limit === null;
}

function Decide({ row }: { row: PendingRefund }) {
  const trpc = useTRPC();
  const approve = useMutation(trpc.admin.refunds.approve.mutationOptions());
  const decline = useMutation(trpc.admin.refunds.decline.mutationOptions());
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button
          size="xs"
          loading={approve.isPending}
          aria-label={`Approve refund ${row.id}`}
          onClick={() => approve.mutate({ id: row.id })}
        >
          Approve
        </Button>
        <Button
          size="xs"
          variant="light"
          color="red"
          aria-label={`Decline refund ${row.id}`}
          onClick={() => setDeclining(true)}
        >
          Decline
        </Button>
      </Group>
      {declining ? (
        <Group gap="xs" align="flex-end">
          <TextInput
            size="xs"
            label="Why declined"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Button
            size="xs"
            color="red"
            loading={decline.isPending}
            disabled={reason.trim() === ''}
            onClick={() => decline.mutate({ id: row.id, reason })}
          >
            Decline refund
          </Button>
        </Group>
      ) : null}
      <ErrorAlert error={approve.error ?? decline.error} title="The server refused" />
    </Stack>
  );
}

/**
 * The dashboard's "Refunds awaiting approval": refunds above their requester's refund limit.
 * Approve and Decline for those allowed; everyone else (the requester too) sees them waiting.
 */
export function RefundApprovals({ refreshMs }: { refreshMs: number }) {
  const trpc = useTRPC();
  const canApprove = useCanApproveRefunds();
  const pending = useQuery({
    ...trpc.admin.refunds.pending.queryOptions(undefined),
    refetchInterval: refreshMs,
  });
  return (
    <Card withBorder component="section" aria-labelledby="refunds-awaiting-approval">
      <Title order={3} size="h4" id="refunds-awaiting-approval" mb="sm">
        Refunds awaiting approval
      </Title>
      <QueryState
        query={pending}
        isEmpty={(result) => result.data.length === 0}
        empty="No refund is waiting."
      >
        {({ data }) => (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Order</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Requested by</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Asked</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Link to={`/orders/${row.order_id}`}>{row.order_number}</Link>
                  </Table.Td>
                  <Table.Td>{money(row.amount, row.currency)}</Table.Td>
                  <Table.Td>{row.requested_by_email ?? '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.reason}</Text>
                  </Table.Td>
                  <Table.Td>{dateTime(row.created_at)}</Table.Td>
                  <Table.Td>
                    {canApprove ? (
                      <Decide row={row} />
                    ) : (
                      <Badge color="yellow">Waiting for an Owner</Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryState>
    </Card>
  );
}
