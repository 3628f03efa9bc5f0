import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { HistoryCard } from '../components/AuditTable';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { SpecForm } from '../components/SpecForm';
import { Thumbnail } from '../components/Thumbnail';
import type { Inputs, Order } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { dateTime, label, money } from '../lib/format';
import { usePermissions } from '../lib/use-permissions';
import { useTRPC } from '../trpc';
import { OrderRefunds } from './OrderRefunds';
import { StatusBadge } from './Orders';

type Address = Order['shipping_address'];

const PAYMENT_METHODS: Record<string, string> = {
  cod: 'Cash on delivery',
  card: 'Card',
  wallet: 'Wallet',
  payment_link: 'Paid online (payment link)',
};

function AddressCard({ title, address }: { title: string; address: Address }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Text size="sm">
        {address.first_name} {address.last_name}
      </Text>
      <Text size="sm">{address.address_line_1}</Text>
      {address.address_line_2 ? <Text size="sm">{address.address_line_2}</Text> : null}
      <Text size="sm">
        {address.postcode} {address.city}
        {address.state ? `, ${address.state}` : ''}
      </Text>
      <Text size="sm">{address.country_name}</Text>
      <Text size="sm" c="dimmed">
        {address.phone}
        {address.email ? ` · ${address.email}` : ''}
      </Text>
    </Card>
  );
}

/** The dialogs' fields; the order's id comes from the page. */
type ShipInput = Omit<Inputs['admin']['orders']['ship'], 'id'>;
type CancelInput = Omit<Inputs['admin']['orders']['cancel'], 'id'>;

const SHIP_FIELDS = fieldsOf<ShipInput>()([
  { name: 'carrier', label: 'Carrier', kind: 'text', required: true },
  { name: 'tracking_number', label: 'Tracking number', kind: 'text', required: true },
  { name: 'tracking_url', label: 'Tracking URL', kind: 'text', nullable: true },
]);
const CANCEL_FIELDS = fieldsOf<CancelInput>()([
  { name: 'reason', label: 'Reason', kind: 'textarea', required: true },
]);

/** Ship: the carrier and tracking number the customer's tracking will show. */
function ShipDialog(props: { orderId: number; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const ship = useMutation(trpc.admin.orders.ship.mutationOptions());
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Ship order">
      <SpecForm
        fields={SHIP_FIELDS}
        mode="create"
        submitLabel="Mark as shipped"
        pending={ship.isPending}
        error={ship.error}
        onSubmit={(input) =>
          ship.mutateAsync({ id: props.orderId, ...input }).then(props.onClose, () => {})
        }
      />
    </Modal>
  );
}

/** Cancel: a reason for the customer; a paid order's refund is requested from the gateway. */
function CancelDialog(props: { order: Order; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const cancel = useMutation(trpc.admin.orders.cancel.mutationOptions());
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Cancel order">
      <SpecForm
        fields={CANCEL_FIELDS}
        mode="create"
        submitLabel="Cancel the order"
        pending={cancel.isPending}
        error={cancel.error}
        onSubmit={(input) =>
          cancel.mutateAsync({ id: props.order.id, ...input }).then(props.onClose, () => {})
        }
      >
        {props.order.payment_status === 'paid' ? (
          <Alert color="orange">
            This order is paid: {money(props.order.total, props.order.currency)} will be refunded
            through the payment gateway.
          </Alert>
        ) : null}
      </SpecForm>
    </Modal>
  );
}

function Actions({ order }: { order: Order }) {
  const trpc = useTRPC();
  const process = useMutation(trpc.admin.orders.process.mutationOptions());
  const complete = useMutation(trpc.admin.orders.complete.mutationOptions());
  // COD to prepaid (issue 40): the server e-mails the link; it decides whether the order may.
  const sendLink = useMutation(trpc.admin.orders.sendPaymentLink.mutationOptions());
  const awaitingCash = order.status === 'pending' && order.payment_status === 'pending';
  const [dialog, setDialog] = useState<'ship' | 'cancel' | null>(null);
  const close = () => setDialog(null);
  // Only the actions the role allows are offered (docs/admin-panel.md "Roles").
  const { can } = usePermissions();
  const fulfils = can('orders:fulfil');
  // The server says what the order's status allows (admin.orders' allowed_actions).
  const allowed = (action: Order['allowed_actions'][number]) =>
    order.allowed_actions.includes(action);
  return (
    <Stack gap="xs">
      <Group>
        {fulfils ? (
          <>
            <Button
              disabled={!allowed('process')}
              loading={process.isPending}
              onClick={() => process.mutate({ id: order.id })}
            >
              Process
            </Button>
            <Button disabled={!allowed('ship')} onClick={() => setDialog('ship')}>
              Ship
            </Button>
            <Button
              disabled={!allowed('complete')}
              loading={complete.isPending}
              onClick={() => complete.mutate({ id: order.id })}
            >
              Complete
            </Button>
          </>
        ) : null}
        {can('orders:cancel') ? (
          <Button
            color="red"
            variant="light"
            disabled={!allowed('cancel')}
            onClick={() => setDialog('cancel')}
          >
            Cancel order
          </Button>
        ) : null}
        {fulfils ? (
          <Button
            variant="light"
            disabled={!awaitingCash}
            loading={sendLink.isPending}
            onClick={() => sendLink.mutate({ order_id: order.id })}
          >
            Send payment link
          </Button>
        ) : null}
      </Group>
      {sendLink.data ? (
        <Alert color="green" title="Payment link sent">
          {sendLink.data.data.short_url} · {money(sendLink.data.data.amount, order.currency)} until{' '}
          {dateTime(sendLink.data.data.expires_at)}
        </Alert>
      ) : null}
      <ErrorAlert error={process.error ?? complete.error ?? sendLink.error} />
      <ShipDialog orderId={order.id} opened={dialog === 'ship'} onClose={close} />
      <CancelDialog order={order} opened={dialog === 'cancel'} onClose={close} />
    </Stack>
  );
}

export function OrderDetailPage() {
  const id = Number(useParams().id);
  const trpc = useTRPC();
  const order = useQuery(trpc.admin.orders.get.queryOptions({ id }));
  const tracking = useQuery(trpc.admin.orders.tracking.queryOptions({ id }));
  return (
    <Stack>
      <Anchor component={Link} to="/orders" size="sm">
        ← Orders
      </Anchor>
      <QueryState query={order}>
        {({ data }) => (
          <Stack>
            <Group justify="space-between">
              <Title order={2}>Order {data.order_number}</Title>
              <Group>
                <StatusBadge value={data.status} />
                <StatusBadge value={data.payment_status} />
              </Group>
            </Group>
            <Text size="sm" c="dimmed">
              Placed {dateTime(data.created_at)}
              {data.cancel_reason ? ` · Cancelled: ${data.cancel_reason}` : ''}
            </Text>
            <Actions order={data} />
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Cancelled</Table.Th>
                  <Table.Th>Returned</Table.Th>
                  <Table.Th>Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Thumbnail url={item.image_url} />
                        <Text size="sm">
                          {item.product_name}
                          {item.variant_name ? ` — ${item.variant_name}` : ''}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{item.sku}</Table.Td>
                    <Table.Td>{money(item.price, data.currency)}</Table.Td>
                    <Table.Td>{item.quantity}</Table.Td>
                    <Table.Td>{item.canceled_quantity}</Table.Td>
                    <Table.Td>{item.returned_quantity}</Table.Td>
                    <Table.Td>{money(item.total, data.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <SimpleGrid cols={{ base: 1, md: 3 }}>
              <Card withBorder component="section" aria-label="Payment">
                <Title order={3} size="h5" mb="xs">
                  Payment
                </Title>
                <Text size="sm">
                  Method: {PAYMENT_METHODS[data.payment_method] ?? label(data.payment_method)}
                </Text>
                <Text size="sm">Status: {label(data.payment_status)}</Text>
                <Text size="sm">Shipping method: {label(data.shipping_method)}</Text>
                <Text size="sm">Subtotal: {money(data.subtotal, data.currency)}</Text>
                {data.discount > 0 ? (
                  <Text size="sm">
                    Discount{data.coupon_code ? ` (${data.coupon_code})` : ''}: −
                    {money(data.discount, data.currency)}
                  </Text>
                ) : null}
                <Text size="sm">Shipping: {money(data.shipping, data.currency)}</Text>
                <Text size="sm">Tax: {money(data.tax, data.currency)}</Text>
                <Text size="sm" fw={700}>
                  Total: {money(data.total, data.currency)}
                </Text>
                {data.refunded_amount > 0 ? (
                  <Text size="sm">Refunded: {money(data.refunded_amount, data.currency)}</Text>
                ) : null}
              </Card>
              <AddressCard title="Shipping address" address={data.shipping_address} />
              <AddressCard title="Billing address" address={data.billing_address} />
            </SimpleGrid>
            {data.notes ? <Text size="sm">Customer's note: {data.notes}</Text> : null}
            <OrderRefunds order={data} />
            <Card withBorder component="section" aria-label="Events">
              <Title order={3} size="h5" mb="sm">
                Events
              </Title>
              <QueryState query={tracking}>
                {({ data: shipment }) => (
                  <Stack>
                    {shipment.tracking_number ? (
                      <Text size="sm">
                        {shipment.carrier} · {shipment.tracking_number}
                        {shipment.tracking_url ? (
                          <>
                            {' · '}
                            <Anchor href={shipment.tracking_url} target="_blank" rel="noreferrer">
                              Track
                            </Anchor>
                          </>
                        ) : null}
                      </Text>
                    ) : null}
                    <Timeline active={shipment.events.length - 1} bulletSize={14}>
                      {shipment.events.map((event) => (
                        <Timeline.Item
                          key={`${event.status}-${event.created_at}`}
                          title={label(event.status)}
                        >
                          <Text size="sm">{event.description}</Text>
                          <Text size="xs" c="dimmed">
                            {dateTime(event.created_at)}
                          </Text>
                        </Timeline.Item>
                      ))}
                    </Timeline>
                  </Stack>
                )}
              </QueryState>
            </Card>
            <HistoryCard type="order" id={data.id} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
