import { useMutation, useQuery } from '@tanstack/react-query';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['currencies']['create']>()([
  { name: 'code', label: 'Code', kind: 'text', required: true, createOnly: true },
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'symbol', label: 'Symbol', kind: 'text', required: true },
  {
    name: 'exchange_rate',
    label: 'Exchange rate',
    kind: 'number',
    required: true,
    step: 'any',
    description: 'Units of this currency per unit of the default currency',
  },
  { name: 'decimal_places', label: 'Decimal places', kind: 'number', defaultValue: '2' },
  { name: 'position', label: 'Position', kind: 'number' },
]);

export function CurrenciesPage() {
  const trpc = useTRPC();
  return (
    <ResourcePage
      title="Currencies"
      noun="currency"
      query={useQuery({
        ...trpc.admin.currencies.list.queryOptions(undefined),
        select: (result) => result.data,
      })}
      rowKey={(c) => c.code}
      rowName={(c) => c.code}
      columns={[
        { label: 'Code', render: (c) => c.code },
        { label: 'Name', render: (c) => c.name },
        { label: 'Symbol', render: (c) => c.symbol },
        { label: 'Rate', render: (c) => c.exchange_rate },
        { label: 'Default', render: (c) => (c.is_default ? 'Yes' : '') },
      ]}
      fields={FIELDS}
      create={useMutation(trpc.admin.currencies.create.mutationOptions())}
      update={{
        mutation: useMutation(trpc.admin.currencies.update.mutationOptions()),
        input: (c, input) => ({ ...input, code: c.code }),
      }}
      remove={{
        label: 'Delete',
        mutation: useMutation(trpc.admin.currencies.delete.mutationOptions()),
        input: (c) => ({ code: c.code }),
      }}
    />
  );
}
