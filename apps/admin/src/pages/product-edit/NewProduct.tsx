import { SegmentedControl, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SpecForm } from '../../components/SpecForm';
import { NewVariantRows } from '../../components/VariantRows';
import type { Inputs } from '../../lib/api-types';
import {
  emptyVariantRow,
  type VariantInput,
  type VariantRow,
  variantInput,
} from '../../lib/product-form';
import { useTRPC } from '../../trpc';
import { CategoryPicker } from './CategoryPicker';
import { PRODUCT_FIELDS } from './product-fields';

/** A new product: its fields, categories and (configurable) variants, created in one call. */
export function NewProduct() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const create = useMutation(trpc.admin.products.create.mutationOptions());
  const [type, setType] = useState<'simple' | 'configurable'>('simple');
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [rows, setRows] = useState<VariantRow[]>([emptyVariantRow()]);
  const [rowErrors, setRowErrors] = useState<(string | undefined)[]>([]);
  const submit = (input: Inputs['admin']['products']['create']) => {
    let variants: VariantInput[] | undefined;
    if (type === 'configurable') {
      const parsed = rows.map(variantInput);
      setRowErrors(parsed.map((p) => ('error' in p ? p.error : undefined)));
      const inputs = parsed.flatMap((p) => ('input' in p ? [p.input] : []));
      if (inputs.length < parsed.length) return;
      variants = inputs;
    }
    create
      .mutateAsync({
        ...input,
        category_ids: categoryIds.map(Number),
        ...(variants ? { variants } : {}),
      })
      .then(
        (created) => navigate(`/products/${created.data.id}`),
        () => {},
      );
  };
  return (
    <Stack>
      <Title order={2}>New product</Title>
      <SegmentedControl
        aria-label="Product type"
        value={type}
        onChange={setType}
        data={[
          { value: 'simple', label: 'Simple' },
          { value: 'configurable', label: 'Configurable (variants)' },
        ]}
        w="fit-content"
      />
      <SpecForm
        fields={PRODUCT_FIELDS}
        mode="create"
        submitLabel="Create product"
        pending={create.isPending}
        error={create.error}
        onSubmit={submit}
      >
        <CategoryPicker value={categoryIds} onChange={setCategoryIds} />
        {type === 'configurable' ? (
          <NewVariantRows
            rows={rows}
            errors={rowErrors}
            onChange={setRows}
            onAdd={() => setRows([...rows, emptyVariantRow()])}
          />
        ) : null}
      </SpecForm>
    </Stack>
  );
}
