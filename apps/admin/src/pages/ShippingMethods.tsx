import { useMutation, useQuery } from '@tanstack/react-query';
import { ActiveBadge } from '../components/ActiveBadge';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['shippingMethods']['create']>()([
  { name: 'code', label: 'Code', kind: 'text', required: true, createOnly: true },
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'description', label: 'Description', kind: 'text' },
  { name: 'rate', label: 'Rate', kind: 'number', required: true, step: '0.01' },
  {
    name: 'min_subtotal',
    label: 'Offered from subtotal',
    kind: 'number',
    nullable: true,
    step: '0.01',
  },
  { name: 'position', label: 'Position', kind: 'number' },
  { name: 'active', label: 'Active', kind: 'checkbox', defaultValue: true },
]);

export function ShippingMethodsPage() {
  const trpc = useTRPC();
  return (
    <ResourcePage
      title="Shipping methods"
      noun="shipping method"
      query={useQuery({
        ...trpc.admin.shippingMethods.list.queryOptions(undefined),
        select: (result) => result.data,
      })}
      rowKey={(m) => m.code}
      rowName={(m) => m.name}
      columns={[
        { label: 'Name', render: (m) => m.name },
        { label: 'Code', render: (m) => m.code },
        { label: 'Rate', render: (m) => m.rate.toFixed(2) },
        { label: 'From subtotal', render: (m) => m.min_subtotal?.toFixed(2) ?? '—' },
        {
          label: 'State',
          render: (m) => <ActiveBadge active={m.active} />,
        },
      ]}
      fields={FIELDS}
      create={useMutation(trpc.admin.shippingMethods.create.mutationOptions())}
      update={{
        mutation: useMutation(trpc.admin.shippingMethods.update.mutationOptions()),
        input: (m, input) => ({ ...input, code: m.code }),
      }}
      remove={{
        label: 'Deactivate',
        mutation: useMutation(trpc.admin.shippingMethods.deactivate.mutationOptions()),
        input: (m) => ({ code: m.code }),
      }}
    />
  );
}
