import { Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/QueryState';
import { VariantFields } from '../../components/VariantRows';
import type { AdminProduct } from '../../lib/api-types';
import { formatOptions, type VariantRow, variantInput } from '../../lib/product-form';
import { useTRPC } from '../../trpc';

/** One stored variant's row: edited and saved, or removed, on its own. */
export function StoredVariant({ product, index }: { product: AdminProduct; index: number }) {
  const trpc = useTRPC();
  const variant = product.variants[index];
  const update = useMutation(trpc.admin.products.variants.update.mutationOptions());
  const remove = useMutation(trpc.admin.products.variants.remove.mutationOptions());
  const [row, setRow] = useState<VariantRow>(() => ({
    id: variant?.id,
    sku: variant?.sku ?? '',
    price: String(variant?.price ?? ''),
    special_price: variant?.special_price === null ? '' : String(variant?.special_price ?? ''),
    stock: String(variant?.stock_quantity ?? 0),
    options: formatOptions(variant?.options ?? {}),
  }));
  const [error, setError] = useState<string>();
  if (!variant) return null;
  const save = () => {
    const parsed = variantInput(row);
    setError('error' in parsed ? parsed.error : undefined);
    if ('input' in parsed) {
      update.mutate({ product_id: product.id, variant_id: variant.id, ...parsed.input });
    }
  };
  return (
    <Stack gap={4}>
      <Group align="flex-end" wrap="nowrap">
        <VariantFields index={index} row={row} error={error} onChange={setRow} />
        <Button size="xs" onClick={save} loading={update.isPending}>
          Save
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          loading={remove.isPending}
          aria-label={`Remove variant ${index + 1}`}
          onClick={() => remove.mutate({ product_id: product.id, variant_id: variant.id })}
        >
          Remove
        </Button>
      </Group>
      <ErrorAlert error={update.error ?? remove.error} />
    </Stack>
  );
}
