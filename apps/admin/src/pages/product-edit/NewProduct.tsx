import { SegmentedControl, Stack, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SpecForm } from '../../components/SpecForm';
import { NewVariantRows } from '../../components/VariantRows';
import type { Inputs } from '../../lib/api-types';
import { fieldErrors } from '../../lib/errors';
import {
  emptyVariantRow,
  type VariantInput,
  type VariantRow,
  variantInput,
} from '../../lib/product-form';
import { useTRPC } from '../../trpc';
import { CategoryPicker } from './CategoryPicker';
import { PRODUCT_FIELDS } from './product-fields';
import { TaxCategorySelect } from './TaxCategorySelect';

/** A new product: its fields, categories, tax category and (configurable) variants, in one call. */
export function NewProduct() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const create = useMutation(trpc.admin.products.create.mutationOptions());
  const [type, setType] = useState<'simple' | 'configurable'>('simple');
  const [categoryIds, setCategoryIds] = useState<string[]>([]);
  const [taxCategory, setTaxCategory] = useState('');
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
        ...(taxCategory ? { tax_category: taxCategory } : {}),
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
        <TaxCategorySelect
          value={taxCategory}
          error={fieldErrors(create.error).tax_category}
          onChange={setTaxCategory}
        />
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
