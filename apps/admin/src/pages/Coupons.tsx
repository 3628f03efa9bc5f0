import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ActiveBadge } from '../components/ActiveBadge';
import { Pager } from '../components/Pager';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['coupons']['create']>()([
  { name: 'code', label: 'Code', kind: 'text', required: true },
  { name: 'description', label: 'Description', kind: 'text', nullable: true },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    defaultValue: 'percentage',
    options: [
      { value: 'percentage', label: 'Percentage off' },
      { value: 'fixed', label: 'Fixed amount off' },
    ],
  },
  {
    name: 'value',
    label: 'Value',
    kind: 'number',
    required: true,
    step: '0.01',
    description: 'A whole percentage (1–100) or an amount',
  },
  { name: 'min_subtotal', label: 'Minimum subtotal', kind: 'number', nullable: true, step: '0.01' },
  { name: 'starts_at', label: 'Starts', kind: 'datetime', nullable: true },
  { name: 'ends_at', label: 'Ends', kind: 'datetime', nullable: true },
  { name: 'usage_limit', label: 'Uses in all', kind: 'number', nullable: true },
  { name: 'usage_limit_per_customer', label: 'Uses per customer', kind: 'number', nullable: true },
  { name: 'active', label: 'Active', kind: 'checkbox', defaultValue: true },
]);

export function CouponsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const options = {
    ...trpc.admin.coupons.list.queryOptions({ page, per_page: 50 }),
    placeholderData: keepPreviousData,
  };
  // One request: both read the same cached page, the table its rows, the pager its meta.
  const list = useQuery(options);
  const rows = useQuery({ ...options, select: (result) => result.data });
  return (
    <ResourcePage
      title="Coupons"
      noun="coupon"
      query={rows}
      rowKey={(c) => c.id}
      rowName={(c) => c.code}
      columns={[
        { label: 'Code', render: (c) => c.code },
        {
          label: 'Discount',
          render: (c) => (c.type === 'percentage' ? `${c.value}%` : c.value.toFixed(2)),
        },
        {
          label: 'Used',
          render: (c) => `${c.times_used}${c.usage_limit ? ` / ${c.usage_limit}` : ''}`,
        },
        { label: 'Ends', render: (c) => dateTime(c.ends_at) },
        {
          label: 'State',
          render: (c) => <ActiveBadge active={c.active} />,
        },
      ]}
      fields={FIELDS}
      create={useMutation(trpc.admin.coupons.create.mutationOptions())}
      update={{
        mutation: useMutation(trpc.admin.coupons.update.mutationOptions()),
        input: (c, input) => ({ id: c.id, ...input }),
      }}
      remove={{
        label: 'Deactivate',
        mutation: useMutation(trpc.admin.coupons.deactivate.mutationOptions()),
        input: (c) => ({ id: c.id }),
      }}
      footer={list.data ? <Pager meta={list.data.meta} onPage={setPage} /> : null}
    />
  );
}
