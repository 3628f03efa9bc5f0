import {
  Anchor,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/QueryState';
import type { Order, Return } from '../../lib/api-types';
import { dateTime, label, money } from '../../lib/format';
import { lineName } from '../../lib/returns';
import { useTRPC } from '../../trpc';
import { StatusBadge } from '../Orders';
import { ReturnActions } from './ReturnActions';

/** Each line: what was asked back and why, what arrived, and its quoted amount. */
function ReturnItems({ entry, order }: { entry: Return; order: Order | undefined }) {
  const quoted = (orderItemId: number) =>
    entry.quote.items.find((item) => item.order_item_id === orderItemId)?.amount;
  return (
    <Table aria-label="Returned items">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Product</Table.Th>
          <Table.Th>Quantity</Table.Th>
          <Table.Th>Reason</Table.Th>
          <Table.Th>Customer's note</Table.Th>
          <Table.Th>Received</Table.Th>
          <Table.Th>Condition</Table.Th>
          <Table.Th>Quoted</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entry.items.map((item) => {
          const amount = quoted(item.order_item_id);
          return (
            <Table.Tr key={item.id}>
              <Table.Td>{lineName(order, item.order_item_id)}</Table.Td>
              <Table.Td>{item.quantity}</Table.Td>
              <Table.Td>{label(item.reason)}</Table.Td>
              <Table.Td>{item.note ?? '—'}</Table.Td>
              <Table.Td>{item.received_quantity}</Table.Td>
              <Table.Td>{item.condition ? label(item.condition) : '—'}</Table.Td>
              <Table.Td>
                {amount === undefined || !order ? '—' : money(amount, order.currency)}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** What the customer was told they would get back when asking (kept, never recomputed). */
function QuoteCard({ entry, currency }: { entry: Return; currency: string }) {
  const { quote } = entry;
  const row = (name: string, value: number) => (
    <Text size="sm">
      {name}: {money(value, currency)}
    </Text>
  );
  return (
    <Card withBorder component="section" aria-label="Quote">
      <Title order={3} size="h5" mb="xs">
        Quote
      </Title>
      {row('Items', quote.items_amount)}
      {row('Shipping refunded', quote.shipping_refund)}
      {row('Return fee (deducted)', quote.fee)}
      <Text size="sm" fw={700}>
        Refund total: {money(quote.refund_total, currency)}
      </Text>
      <Text size="xs" c="dimmed" mt="xs">
        To the gateway {money(quote.refund_split.gateway, currency)} · gift cards{' '}
        {money(quote.refund_split.gift_cards, currency)} · points{' '}
        {money(quote.refund_split.loyalty_points, currency)} · store credit{' '}
        {money(quote.refund_split.store_credit, currency)}
      </Text>
    </Card>
  );
}

function EventsCard({ entry }: { entry: Return }) {
  return (
    <Card withBorder component="section" aria-label="Return events">
      <Title order={3} size="h5" mb="sm">
        Events
      </Title>
      <Timeline active={entry.events.length - 1} bulletSize={14}>
        {entry.events.map((event) => (
          <Timeline.Item key={`${event.status}-${event.at}`} title={label(event.status)}>
            {event.note ? <Text size="sm">{event.note}</Text> : null}
            <Text size="xs" c="dimmed">
              {dateTime(event.at)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Card>
  );
}

function ReturnView({ entry }: { entry: Return }) {
  const trpc = useTRPC();
  const order = useQuery(trpc.admin.orders.get.queryOptions({ id: entry.order_id }));
  const data = order.data?.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Return {entry.number}</Title>
        <StatusBadge value={entry.status} />
      </Group>
      <Text size="sm" c="dimmed">
        Requested {dateTime(entry.created_at)} for{' '}
        <Anchor component={Link} to={`/orders/${entry.order_id}`}>
          Order {data?.order_number ?? `#${entry.order_id}`}
        </Anchor>
        {' · '}
        {entry.method === 'pickup' ? 'Pickup' : 'Drop-off'} · refund to{' '}
        {entry.refund_to === 'original' ? 'how the customer paid' : 'store credit'}
        {entry.replacement_order_id ? (
          <>
            {' · replacement '}
            <Anchor component={Link} to={`/orders/${entry.replacement_order_id}`}>
              Order #{entry.replacement_order_id}
            </Anchor>
          </>
        ) : null}
      </Text>
      <ReturnActions entry={entry} order={data} />
      <ReturnItems entry={entry} order={data} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {data ? <QuoteCard entry={entry} currency={data.currency} /> : null}
        <EventsCard entry={entry} />
      </SimpleGrid>
    </Stack>
  );
}

export function ReturnDetailPage() {
  const id = Number(useParams().id);
  const trpc = useTRPC();
  const entry = useQuery(trpc.admin.returns.get.queryOptions({ id }));
  return (
    <Stack>
      <Anchor component={Link} to="/returns" size="sm">
        ← Returns
      </Anchor>
      <QueryState query={entry}>{({ data }) => <ReturnView entry={data} />}</QueryState>
    </Stack>
  );
}
