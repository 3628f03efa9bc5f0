import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ActiveBadge } from '../../components/ActiveBadge';
import { HistoryCard } from '../../components/AuditTable';
import { ErrorAlert, QueryState } from '../../components/QueryState';
import { useTRPC } from '../../trpc';
import { ImagesCard } from './ImagesCard';
import { ProductDetailsForm, useProductUpdate } from './ProductDetailsForm';
import { StockCard } from './StockCard';
import { VariantsCard } from './VariantsCard';
import { WriteWithAiCard } from './WriteWithAiCard';

/** A stored product: its header and deactivation, then one card per part, each saved on its own. */
export function EditProduct({ id }: { id: number }) {
  const trpc = useTRPC();
  const product = useQuery(trpc.admin.products.get.queryOptions({ id }));
  const update = useProductUpdate();
  const deactivate = useMutation(trpc.admin.products.deactivate.mutationOptions());
  return (
    <QueryState query={product}>
      {({ data }) => (
        <Stack>
          <Group justify="space-between">
            <Title order={2}>{data.name}</Title>
            <Group>
              <ActiveBadge active={data.active} />
              <Button
                color="red"
                variant="light"
                disabled={!data.active}
                loading={deactivate.isPending}
                onClick={() => deactivate.mutate({ id })}
              >
                Deactivate
              </Button>
            </Group>
          </Group>
          <Text size="sm" c="dimmed">
            SKU {data.sku} · /{data.slug} ·{' '}
            {data.type === 'simple' ? 'Simple product' : 'Configurable product'}
            {data.tax_category ? ` · Tax ${data.tax_category}` : ''}
            {data.hsn_code ? ` · HSN ${data.hsn_code}` : ''}
          </Text>
          <ErrorAlert error={deactivate.error} />
          {update.isSuccess ? (
            <Text c="green" size="sm" role="status">
              Saved.
            </Text>
          ) : null}
          <Card withBorder component="section" aria-label="Details">
            <ProductDetailsForm
              // A fresh form when the stored product changes (after a save or an AI apply).
              key={data.updated_at}
              product={data}
              update={update}
            />
          </Card>
          {data.type === 'simple' ? (
            <StockCard key={`stock-${data.updated_at}`} product={data} />
          ) : (
            <VariantsCard key={`variants-${data.updated_at}`} product={data} />
          )}
          <ImagesCard product={data} />
          <WriteWithAiCard product={data} />
          <HistoryCard type="product" id={id} />
        </Stack>
      )}
    </QueryState>
  );
}
