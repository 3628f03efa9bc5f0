import { Group, Select, type SelectProps, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { flattenTree } from '../lib/categories';
import { useTRPC } from '../trpc';
import { Thumbnail } from './Thumbnail';

/*
 * Searchable selects instead of typed ids (docs/admin-panel.md, "Pickers"): the value is the id
 * as a string ('' for none), as the forms keep it.
 */

interface PickerProps {
  label: string;
  value: string;
  onChange: (id: string) => void;
  error?: SelectProps['error'];
  description?: string;
  required?: boolean;
}

/** What both pickers pass to Mantine's Select the same way. */
function selectProps(props: PickerProps) {
  return {
    label: props.label,
    description: props.description,
    required: props.required,
    error: props.error,
    searchable: true,
    clearable: true,
    value: props.value || null,
    onChange: (value: string | null) => props.onChange(value ?? ''),
  };
}

/** Products by name or SKU, searched on the server (admin.products.list), with thumbnails. */
export function ProductSelect(props: PickerProps) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  // The chosen product's name and image, kept when a new search no longer lists it.
  const chosen = useRef(new Map<string, { label: string; image: string | null }>());
  const list = useQuery({
    ...trpc.admin.products.list.queryOptions({
      per_page: 20,
      ...(debounced ? { search: debounced } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const found = (list.data?.data ?? []).map((product) => ({
    value: String(product.id),
    label: `${product.name} (${product.sku})`,
    image: product.image_url,
  }));
  for (const option of found) chosen.current.set(option.value, option);
  const selected = chosen.current.get(props.value);
  const options =
    selected && !found.some((option) => option.value === props.value)
      ? [{ value: props.value, ...selected }, ...found]
      : found;
  const images = new Map(options.map((option) => [option.value, option.image]));
  return (
    <Select
      {...selectProps(props)}
      placeholder="Type a product's name or SKU"
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched name or SKU: keep its answer as it is.
      filter={({ options: all }) => all}
      nothingFoundMessage={list.isFetching ? 'Searching…' : 'No product matches'}
      data={options.map(({ value, label }) => ({ value, label }))}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <Thumbnail url={images.get(option.value)} size={28} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  );
}

/** Categories by path ("Clothing › Shirts"), from the tree the panel already reads. */
export function CategorySelect(props: PickerProps) {
  const trpc = useTRPC();
  const tree = useQuery(trpc.categories.tree.queryOptions(undefined));
  return (
    <Select
      {...selectProps(props)}
      placeholder="Type a category's name"
      nothingFoundMessage="No category matches"
      data={flattenTree(tree.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.path }))}
    />
  );
}
