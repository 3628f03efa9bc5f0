import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/QueryState';
import { VariantFields } from '../../components/VariantRows';
import type { AdminProduct } from '../../lib/api-types';
import { emptyVariantRow, type VariantRow, variantInput } from '../../lib/product-form';
import { useTRPC } from '../../trpc';
import { StoredVariant } from './StoredVariant';

/** A configurable product's variants: the stored ones and a row to add another. */
export function VariantsCard({ product }: { product: AdminProduct }) {
  const trpc = useTRPC();
  const add = useMutation(trpc.admin.products.variants.add.mutationOptions());
  const [row, setRow] = useState<VariantRow>(emptyVariantRow);
  const [error, setError] = useState<string>();
  const submit = () => {
    const parsed = variantInput(row);
    setError('error' in parsed ? parsed.error : undefined);
    if ('input' in parsed) {
      add.mutateAsync({ product_id: product.id, ...parsed.input }).then(
        () => setRow(emptyVariantRow()),
        () => {},
      );
    }
  };
  return (
    <Card withBorder component="section" aria-label="Variants">
      <Title order={3} size="h4" mb="sm">
        Variants
      </Title>
      <Stack>
        {product.variants.map((variant, index) => (
          <StoredVariant key={variant.id} product={product} index={index} />
        ))}
        <Group align="flex-end" wrap="nowrap">
          <VariantFields
            index={product.variants.length}
            row={row}
            error={error}
            onChange={setRow}
          />
          <Button size="xs" onClick={submit} loading={add.isPending}>
            Add variant
          </Button>
        </Group>
        <ErrorAlert error={add.error} />
      </Stack>
    </Card>
  );
}
