import { Alert, Badge, Button, Code, Modal, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/QueryState';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { dateTime, money } from '../lib/format';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['giftCards']['issue']>()([
  { name: 'amount', label: 'Amount', kind: 'number', required: true, step: '0.01' },
  {
    name: 'recipient_email',
    label: 'Recipient e-mail',
    kind: 'text',
    nullable: true,
    description: 'The code is e-mailed to this address',
  },
  { name: 'message', label: 'Message', kind: 'textarea', nullable: true },
  { name: 'expires_at', label: 'Expires', kind: 'datetime', nullable: true },
]);

/** A card's ledger: every + and − with its reason and order. */
function Ledger({ id, onClose }: { id: number; onClose: () => void }) {
  const trpc = useTRPC();
  const card = useQuery(trpc.admin.giftCards.get.queryOptions({ id }));
  return (
    <Modal opened onClose={onClose} title="Gift card ledger">
      <QueryState query={card}>
        {({ data }) => (
          <Stack>
            <Text>
              …{data.last4}: {money(data.balance, data.currency)} left
            </Text>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.ledger.map((row, index) => (
                  // The ledger only grows: its order is stable.
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
                  <Table.Tr key={index}>
                    <Table.Td>{dateTime(row.created_at)}</Table.Td>
                    <Table.Td>{row.reason}</Table.Td>
                    <Table.Td>{row.order_id ?? '—'}</Table.Td>
                    <Table.Td>{money(row.amount, data.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}

export function GiftCardsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [issued, setIssued] = useState<{ code: string; last4: string } | null>(null);
  const [ledgerOf, setLedgerOf] = useState<number | null>(null);
  const options = {
    ...trpc.admin.giftCards.list.queryOptions({ page, per_page: 50 }),
    placeholderData: keepPreviousData,
  };
  const list = useQuery(options);
  const rows = useQuery({ ...options, select: (result) => result.data });
  // The full code is in the issue answer only: kept here until the admin dismisses it.
  const issue = useMutation(
    trpc.admin.giftCards.issue.mutationOptions({
      onSuccess: (result) => setIssued({ code: result.data.code, last4: result.data.last4 }),
    }),
  );
  return (
    <Stack>
      {issued ? (
        <Alert
          title="Gift card issued"
          withCloseButton
          onClose={() => setIssued(null)}
          color="green"
        >
          Code <Code data-testid="issued-code">{issued.code}</Code> — shown only now; the shop keeps
          its last 4 characters ({issued.last4}).
        </Alert>
      ) : null}
      <ResourcePage
        title="Gift cards"
        noun="gift card"
        query={rows}
        rowKey={(c) => c.id}
        rowName={(c) => `…${c.last4}`}
        columns={[
          { label: 'Code', render: (c) => `…${c.last4}` },
          { label: 'Balance', render: (c) => money(c.balance, c.currency) },
          { label: 'Recipient', render: (c) => c.recipient_email ?? '—' },
          { label: 'Expires', render: (c) => dateTime(c.expires_at) },
          {
            label: 'State',
            render: (c) => (
              <Badge color={c.status === 'active' ? 'green' : 'gray'} variant="light">
                {c.status === 'active' ? 'Active' : 'Disabled'}
              </Badge>
            ),
          },
          {
            label: 'Ledger',
            render: (c) => (
              <Button
                size="xs"
                variant="subtle"
                aria-label={`Ledger of …${c.last4}`}
                onClick={() => setLedgerOf(c.id)}
              >
                Ledger
              </Button>
            ),
          },
        ]}
        fields={FIELDS}
        create={issue}
        remove={{
          label: 'Disable',
          mutation: useMutation(trpc.admin.giftCards.disable.mutationOptions()),
          input: (c) => ({ id: c.id }),
        }}
        footer={list.data ? <Pager meta={list.data.meta} onPage={setPage} /> : null}
      />
      {ledgerOf === null ? null : <Ledger id={ledgerOf} onClose={() => setLedgerOf(null)} />}
    </Stack>
  );
}
