import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '../components/QueryState';
import { Thumbnail } from '../components/Thumbnail';
import { money, utcNaive } from '../lib/format';
import { useTRPC } from '../trpc';
import { RefundApprovals } from './dashboard/RefundApprovals';
import { SalesCards } from './dashboard/SalesCards';

/** How often the figures and the app's connection are read again while the page is open. */
const REFRESH_MS = 5_000;

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Card>
  );
}

export function DashboardPage() {
  const trpc = useTRPC();
  const summary = useQuery({
    ...trpc.admin.dashboard.summary.queryOptions(undefined),
    refetchInterval: REFRESH_MS,
  });
  return (
    <Stack>
      <Title order={2}>Dashboard</Title>
      <QueryState query={summary}>
        {({ data }) => (
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
              <Figure label="Orders today" value={data.today.orders} />
              <Figure label="Revenue today" value={money(data.today.revenue, data.currency)} />
              <Figure label="Orders, last 7 days" value={data.last_7_days.orders} />
              <Figure
                label="Revenue, last 7 days"
                value={money(data.last_7_days.revenue, data.currency)}
              />
              <Figure label="Orders waiting to ship" value={data.orders_waiting_to_ship} />
            </SimpleGrid>
            <SalesCards refreshMs={REFRESH_MS} />
            <RefundApprovals refreshMs={REFRESH_MS} />
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Card withBorder component="section" aria-labelledby="mobile-app">
                <Group justify="space-between" mb="sm">
                  <Title order={3} size="h4" id="mobile-app">
                    Mobile app
                  </Title>
                  <Badge color={data.mobile_app.connected ? 'green' : 'gray'} size="lg">
                    {data.mobile_app.connected ? 'Connected' : 'Not connected'}
                  </Badge>
                </Group>
                <Table>
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th>Last sync</Table.Th>
                      <Table.Td>{utcNaive(data.mobile_app.last_sync_at)}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>Last status</Table.Th>
                      <Table.Td>{data.mobile_app.last_status || '—'}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>Last message</Table.Th>
                      <Table.Td>{data.mobile_app.last_message || '—'}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>Sync</Table.Th>
                      <Table.Td>{data.mobile_app.sync_enabled ? 'On' : 'Off'}</Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th>Checked</Table.Th>
                      <Table.Td>{utcNaive(data.mobile_app.last_checked_at)}</Table.Td>
                    </Table.Tr>
                  </Table.Tbody>
                </Table>
              </Card>
              <Card withBorder component="section" aria-labelledby="low-stock">
                <Title order={3} size="h4" id="low-stock" mb="sm">
                  Low stock
                </Title>
                {data.low_stock.length === 0 ? (
                  <Text c="dimmed">Every active product has more than 5 units.</Text>
                ) : (
                  <Table>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Product</Table.Th>
                        <Table.Th>SKU</Table.Th>
                        <Table.Th>In stock</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.low_stock.map((product) => (
                        <Table.Tr key={product.id}>
                          <Table.Td>
                            <Group gap="xs" wrap="nowrap">
                              <Thumbnail url={product.image_url} size={28} />
                              <Link to={`/products/${product.id}`}>{product.name}</Link>
                            </Group>
                          </Table.Td>
                          <Table.Td>{product.sku}</Table.Td>
                          <Table.Td>{product.stock_quantity}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Card>
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
