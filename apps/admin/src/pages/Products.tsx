import { Anchor, Button, Group, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ActiveBadge } from '../components/ActiveBadge';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { QueryState } from '../components/QueryState';
import { Thumbnail } from '../components/Thumbnail';
import type { Inputs } from '../lib/api-types';
import { flattenTree } from '../lib/categories';
import { amount } from '../lib/format';
import { useTRPC } from '../trpc';

type ListInput = Inputs['admin']['products']['list'];
const STOCK_FILTERS = ['in', 'low', 'out'] as const;

/** The address's filters as the list input (unknown values are ignored). */
function listInput(params: URLSearchParams): ListInput {
  const page = Number(params.get('page'));
  const active = params.get('active');
  const stock = STOCK_FILTERS.find((value) => value === params.get('stock'));
  const category = Number(params.get('category'));
  const search = params.get('search')?.trim();
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    per_page: 20,
    ...(search ? { search } : {}),
    ...(active === 'yes' || active === 'no' ? { active: active === 'yes' } : {}),
    ...(stock ? { stock } : {}),
    ...(Number.isInteger(category) && category > 0 ? { category_id: category } : {}),
  };
}

export function ProductsPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const input = listInput(params);
  const products = useQuery({
    ...trpc.admin.products.list.queryOptions(input),
    placeholderData: keepPreviousData,
  });
  const tree = useQuery(trpc.categories.tree.queryOptions(undefined));
  const [search, setSearch] = useState(params.get('search') ?? '');
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    next.delete('page');
    setParams(next);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setParam('search', search.trim());
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Products</Title>
        <Button component={Link} to="/products/new">
          New product
        </Button>
      </Group>
      <Group align="flex-end">
        <form onSubmit={submitSearch} aria-label="Product search">
          <Group align="flex-end">
            <TextInput
              label="Search"
              placeholder="Name or SKU"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
            />
            <Button type="submit" variant="default">
              Search
            </Button>
          </Group>
        </form>
        <NativeSelect
          label="Active"
          value={params.get('active') ?? ''}
          onChange={(event) => setParam('active', event.currentTarget.value)}
          data={[
            { value: '', label: 'All' },
            { value: 'yes', label: 'Active' },
            { value: 'no', label: 'Inactive' },
          ]}
        />
        <NativeSelect
          label="Stock"
          value={params.get('stock') ?? ''}
          onChange={(event) => setParam('stock', event.currentTarget.value)}
          data={[
            { value: '', label: 'Any' },
            { value: 'in', label: 'In stock' },
            { value: 'low', label: 'Low (1–5)' },
            { value: 'out', label: 'Out of stock' },
          ]}
        />
        <NativeSelect
          label="Category"
          value={params.get('category') ?? ''}
          onChange={(event) => setParam('category', event.currentTarget.value)}
          data={[
            { value: '', label: 'Any' },
            ...flattenTree(tree.data?.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.path,
            })),
          ]}
        />
      </Group>
      <QueryState
        query={products}
        isEmpty={(result) => result.data.length === 0}
        empty="No products match."
      >
        {(result) => (
          <>
            <DataTable
              rows={result.data}
              rowKey={(product) => product.id}
              columns={[
                { label: 'Image', render: (product) => <Thumbnail url={product.image_url} /> },
                {
                  label: 'Name',
                  render: (product) => (
                    <Anchor component={Link} to={`/products/${product.id}`}>
                      {product.name}
                    </Anchor>
                  ),
                },
                { label: 'SKU', render: (product) => product.sku },
                {
                  label: 'Type',
                  render: (product) => (product.type === 'simple' ? 'Simple' : 'Configurable'),
                },
                {
                  label: 'Price',
                  render: (product) =>
                    product.special_price === null
                      ? amount(product.price)
                      : `${amount(product.price)} (special ${amount(product.special_price)})`,
                },
                { label: 'Stock', render: (product) => product.stock_quantity },
                { label: 'State', render: (product) => <ActiveBadge active={product.active} /> },
              ]}
            />
            <Pager
              meta={result.meta}
              onPage={(page) => {
                const next = new URLSearchParams(params);
                next.set('page', String(page));
                setParams(next);
              }}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
