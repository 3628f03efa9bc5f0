import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { hsnOf, taxCategoryOptions } from '../../lib/tax-form';
import { useTRPC } from '../../trpc';

/** The product's tax category by code ('' for none), its HSN/SAC said under the select. */
export function TaxCategorySelect(props: {
  value: string;
  error?: string | undefined;
  onChange: (code: string) => void;
}) {
  const trpc = useTRPC();
  const list = useQuery({
    ...trpc.admin.taxCategories.list.queryOptions(undefined),
    select: (result) => result.data,
  });
  const categories = list.data ?? [];
  // A stored code stays offered while the list loads (or if it cannot be read).
  const known = props.value === '' || categories.some((c) => c.code === props.value);
  return (
    <NativeSelect
      label="Tax category"
      description={hsnOf(categories, props.value)}
      error={props.error}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
      data={[
        ...taxCategoryOptions(categories),
        ...(known ? [] : [{ value: props.value, label: props.value }]),
      ]}
    />
  );
}
