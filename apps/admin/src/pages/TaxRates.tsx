import { useMutation, useQuery } from '@tanstack/react-query';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['taxRates']['set']>()([
  {
    name: 'country',
    label: 'Country',
    kind: 'text',
    required: true,
    createOnly: true,
    description: 'ISO code such as GB, or * for every other country',
  },
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'rate', label: 'Rate (%)', kind: 'number', required: true, step: '0.01' },
]);

/** `set` creates or replaces a country's rate, so "Edit" and "New" use the same procedure. */
export function TaxRatesPage() {
  const trpc = useTRPC();
  const set = useMutation(trpc.admin.taxRates.set.mutationOptions());
  return (
    <ResourcePage
      title="Tax rates"
      noun="tax rate"
      query={useQuery({
        ...trpc.admin.taxRates.list.queryOptions(undefined),
        select: (result) => result.data,
      })}
      rowKey={(r) => r.country}
      rowName={(r) => (r.country === '*' ? 'the default rate' : r.country)}
      columns={[
        { label: 'Country', render: (r) => (r.country === '*' ? 'Everywhere else' : r.country) },
        { label: 'Name', render: (r) => r.name },
        { label: 'Rate', render: (r) => `${r.rate}%` },
      ]}
      fields={FIELDS}
      create={set}
      update={{
        mutation: set,
        input: (r, input) => ({ ...input, country: r.country }),
      }}
      remove={{
        label: 'Delete',
        mutation: useMutation(trpc.admin.taxRates.delete.mutationOptions()),
        input: (r) => ({ country: r.country }),
      }}
    />
  );
}
