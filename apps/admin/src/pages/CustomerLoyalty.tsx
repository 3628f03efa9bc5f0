import { Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { HistoryCard } from '../components/AuditTable';
import { QueryState } from '../components/QueryState';
import { SpecForm } from '../components/SpecForm';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

type AdjustInput = Inputs['admin']['loyalty']['adjust'];
const FIELDS = fieldsOf<Omit<AdjustInput, 'customer_id'>>()([
  {
    name: 'points',
    label: 'Points',
    kind: 'number',
    required: true,
    description: 'Negative to take points away (not below the balance)',
  },
  { name: 'reason', label: 'Reason', kind: 'text', required: true },
]);

/** A customer's points: balance, history, and an adjustment with a reason. */
export function CustomerLoyalty(props: { customerId: number; email: string; onClose: () => void }) {
  const trpc = useTRPC();
  const account = useQuery(
    trpc.admin.loyalty.customer.queryOptions({ customer_id: props.customerId, per_page: 20 }),
  );
  const adjust = useMutation(trpc.admin.loyalty.adjust.mutationOptions());
  return (
    <Modal opened onClose={props.onClose} title={`Loyalty points of ${props.email}`}>
      <QueryState query={account}>
        {({ data }) => (
          <Stack>
            <Text data-testid="loyalty-balance">
              Balance: {data.balance} points (worth {data.value.toFixed(2)} {data.currency})
            </Text>
            <Table>
              <Table.Tbody>
                {data.history.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: history rows have no id in the API
                  <Table.Tr key={index}>
                    <Table.Td>{dateTime(row.created_at)}</Table.Td>
                    <Table.Td>{row.reason}</Table.Td>
                    <Table.Td>{row.points}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <SpecForm
              fields={FIELDS}
              mode="create"
              submitLabel="Adjust points"
              pending={adjust.isPending}
              error={adjust.error}
              onSubmit={(input) => adjust.mutate({ customer_id: props.customerId, ...input })}
            />
            <HistoryCard type="customer" id={props.customerId} />
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
