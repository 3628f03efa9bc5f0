import { Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { httpStatusOf } from '../lib/errors';
import { fieldsOf } from '../lib/form-spec';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['taxCategories']['create']>()([
  {
    name: 'code',
    label: 'Code',
    kind: 'text',
    required: true,
    description: 'What rules and products name, such as GST18',
  },
  { name: 'name', label: 'Name', kind: 'text', required: true },
  {
    name: 'hsn_code',
    label: 'HSN/SAC code',
    kind: 'text',
    nullable: true,
    description: 'Printed on each invoice line (India: HSN for goods, SAC for services)',
  },
]);

/** What a product is for tax purposes; rules name these codes (docs/tax.md). */
export function TaxCategoriesPage() {
  const trpc = useTRPC();
  return (
    <ResourcePage
      title="Tax categories"
      noun="tax category"
      query={useQuery({
        ...trpc.admin.taxCategories.list.queryOptions(undefined),
        select: (result) => result.data,
      })}
      rowKey={(c) => c.id}
      rowName={(c) => c.code}
      columns={[
        { label: 'Code', render: (c) => c.code },
        { label: 'Name', render: (c) => c.name },
        { label: 'HSN/SAC', render: (c) => c.hsn_code ?? '—' },
        { label: 'Products', render: (c) => c.products_count },
      ]}
      fields={FIELDS}
      create={useMutation(trpc.admin.taxCategories.create.mutationOptions())}
      update={{
        mutation: useMutation(trpc.admin.taxCategories.update.mutationOptions()),
        input: (c, input) => ({ id: c.id, ...input }),
      }}
      remove={{
        label: 'Delete',
        mutation: useMutation(trpc.admin.taxCategories.delete.mutationOptions()),
        input: (c) => ({ id: c.id }),
        refusal: (error) =>
          httpStatusOf(error) === 409
            ? 'This tax category is in use: give its products and rules another category first'
            : undefined,
      }}
      footer={
        <Text size="sm" c="dimmed">
          A product without a category is taxed by the rules for every category (*). The India GST
          preset on Tax rules creates the usual categories for you.
        </Text>
      }
    />
  );
}
