import { Button, Card, Group, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AdminProduct } from '../../lib/api-types';
import { fieldErrors } from '../../lib/errors';
import { useTRPC } from '../../trpc';

/** A simple product's stock, set to a count (a configurable product's is its variants'). */
export function StockCard({ product }: { product: AdminProduct }) {
  const trpc = useTRPC();
  const setStock = useMutation(trpc.admin.products.setStock.mutationOptions());
  const [stock, setValue] = useState(String(product.stock_quantity));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setStock.mutate({ id: product.id, stock: Number(stock) });
  };
  return (
    <Card withBorder component="section" aria-label="Stock">
      <form onSubmit={submit}>
        <Group align="flex-end">
          <TextInput
            label="Units in stock"
            type="number"
            value={stock}
            error={fieldErrors(setStock.error).stock}
            onChange={(e) => setValue(e.currentTarget.value)}
          />
          <Button type="submit" loading={setStock.isPending}>
            Set stock
          </Button>
        </Group>
      </form>
    </Card>
  );
}
