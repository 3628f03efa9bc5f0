import { Card, Group, List, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../components/QueryState';
import { Thumbnail } from '../../components/Thumbnail';
import { money } from '../../lib/format';
import { useTRPC } from '../../trpc';

const SalesChart = lazy(() => import('./SalesChart'));

/** The dashboard's 30-day chart, best sellers, and returns and refunds awaiting action. */
export function SalesCards({ refreshMs }: { refreshMs: number }) {
  const trpc = useTRPC();
  const sales = useQuery({
    ...trpc.admin.dashboard.sales.queryOptions(undefined),
    refetchInterval: refreshMs,
  });
  return (
    <QueryState query={sales}>
      {({ data }) => (
        <>
          <Card withBorder component="section" aria-labelledby="sales-chart">
            <Group justify="space-between" mb="sm">
              <Title order={3} size="h4" id="sales-chart">
                Orders and revenue, last 30 days
              </Title>
              <Text size="sm" c="dimmed">
                Days in {data.time_zone}
              </Text>
            </Group>
            <Suspense fallback={<Text c="dimmed">Loading the chart…</Text>}>
              <SalesChart days={data.days} currency={data.currency} />
            </Suspense>
          </Card>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder component="section" aria-labelledby="top-products">
              <Title order={3} size="h4" id="top-products" mb="sm">
                Top products, last 30 days
              </Title>
              {data.top_products.length === 0 ? (
                <Text c="dimmed">No sales in the last 30 days.</Text>
              ) : (
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Product</Table.Th>
                      <Table.Th>Units</Table.Th>
                      <Table.Th>Revenue</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.top_products.map((product) => (
                      <Table.Tr key={product.product_id}>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <Thumbnail url={product.image_url} size={28} />
                            <Link to={`/products/${product.product_id}`}>{product.name}</Link>
                          </Group>
                        </Table.Td>
                        <Table.Td>{product.units}</Table.Td>
                        <Table.Td>{money(product.revenue, data.currency)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
            <Card withBorder component="section" aria-labelledby="awaiting-action">
              <Title order={3} size="h4" id="awaiting-action" mb="sm">
                Awaiting action
              </Title>
              <Text>
                Returns requested: <b>{data.returns_requested}</b>
              </Text>
              <Text>
                Failed refunds: <b>{data.failed_refunds.total}</b>
              </Text>
              {data.failed_refunds.items.length > 0 && (
                <List size="sm" mt="xs">
                  {data.failed_refunds.items.map((refund) => (
                    <List.Item key={refund.id}>
                      <Link to={`/orders/${refund.order_id}`}>{refund.order_number}</Link>:{' '}
                      {money(refund.amount, data.currency)}
                    </List.Item>
                  ))}
                </List>
              )}
            </Card>
          </SimpleGrid>
        </>
      )}
    </QueryState>
  );
}
