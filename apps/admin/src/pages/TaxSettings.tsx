import { Card, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { QueryState } from '../components/QueryState';
import { SpecForm } from '../components/SpecForm';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['settings']['updateTax']>()([
  {
    name: 'legal_name',
    label: 'Legal name',
    kind: 'text',
    description: 'The seller on every invoice',
  },
  { name: 'address', label: 'Address', kind: 'textarea' },
  {
    name: 'tax_id',
    label: 'GSTIN or VAT number',
    kind: 'text',
    nullable: true,
    description: "India: the GSTIN, whose first two digits are the shop's state",
  },
  {
    name: 'prices_include_tax',
    label: 'Prices include tax (India: MRP)',
    kind: 'checkbox',
  },
  { name: 'shipping_taxable', label: 'Shipping is taxed', kind: 'checkbox' },
  {
    name: 'invoice_prefix',
    label: 'Invoice number prefix',
    kind: 'text',
    description: 'Up to 5 letters, digits, - or /, e.g. INV/ → INV/2627/000123',
  },
  { name: 'credit_note_prefix', label: 'Credit note prefix', kind: 'text' },
  {
    name: 'financial_year_start_month',
    label: 'Financial year starts in month',
    kind: 'number',
    description: '1 = January … 12 = December; India: 4 (April)',
  },
  {
    name: 'time_zone',
    label: 'Time zone',
    kind: 'text',
    description: 'Invoices are dated in this calendar: an IANA zone, e.g. Asia/Kolkata',
  },
  {
    name: 'invoice_at',
    label: 'Invoice an order',
    kind: 'select',
    options: [
      { value: 'paid_or_shipped', label: 'When it is paid or shipped, whichever is first' },
      { value: 'placement', label: 'When it is placed' },
    ],
  },
]);

/** The shop's tax identity and invoicing choices (Settings page). */
export function TaxSettings() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.getTax.queryOptions(undefined));
  const save = useMutation(trpc.admin.settings.updateTax.mutationOptions());
  return (
    <Card withBorder component="section" aria-labelledby="tax-identity">
      <Title order={3} size="h4" id="tax-identity" mb="sm">
        Tax and invoices
      </Title>
      <QueryState query={settings}>
        {({ data }) => (
          <SpecForm
            // A fresh form when the stored settings change (after a save).
            key={JSON.stringify(data)}
            fields={FIELDS}
            record={data}
            mode="update"
            submitLabel="Save tax settings"
            pending={save.isPending}
            error={save.error}
            onSubmit={(input) => save.mutate(input)}
          >
            {save.isSuccess ? (
              <Text c="green" size="sm" role="status">
                Tax settings saved.
              </Text>
            ) : null}
          </SpecForm>
        )}
      </QueryState>
    </Card>
  );
}
