import { Button, Card, Group, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { SpecForm } from '../components/SpecForm';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { useTRPC } from '../trpc';

type DeliveryInput = Inputs['admin']['settings']['updateDelivery'];

// Every setting of admin.settings.getDelivery/updateDelivery (docs/delivery.md); the holidays,
// a list of dates, have their own box below.
const DELIVERY_FIELDS = fieldsOf<DeliveryInput>()([
  {
    name: 'dispatch_days',
    label: 'Dispatch days',
    kind: 'number',
    description: 'Working days (Monday to Saturday, not holidays) from the order day to dispatch',
  },
  {
    name: 'cutoff_hour',
    label: 'Cut-off hour',
    kind: 'number',
    description: "Orders from this hour on (the shop's time zone) count from the next working day",
  },
  {
    name: 'default_deliverable',
    label: 'Deliver to postcodes no rule names',
    kind: 'checkbox',
  },
  { name: 'default_min_days', label: 'Default fewest days in transit', kind: 'number' },
  { name: 'default_max_days', label: 'Default most days in transit', kind: 'number' },
]);

const COD_FIELDS = fieldsOf<DeliveryInput>()([
  { name: 'cod_enabled', label: 'Offer cash on delivery', kind: 'checkbox' },
  {
    name: 'default_cod',
    label: 'Cash on delivery to postcodes no rule names',
    kind: 'checkbox',
  },
  {
    name: 'cod_min_order',
    label: 'Smallest order value',
    kind: 'number',
    nullable: true,
    step: '0.01',
    description: 'Empty: no minimum',
  },
  {
    name: 'cod_max_order',
    label: 'Largest order value',
    kind: 'number',
    nullable: true,
    step: '0.01',
    description: 'Empty: no maximum',
  },
  {
    name: 'cod_fee',
    label: 'Cash on delivery fee',
    kind: 'number',
    step: '0.01',
    description: 'Added to the totals of an order paid by cash on delivery, taxed like shipping',
  },
  {
    name: 'cod_requires_verified_phone',
    label: 'Only for customers with a verified phone',
    kind: 'checkbox',
  },
  {
    name: 'cod_max_open_orders',
    label: 'Open cash-on-delivery orders per customer',
    kind: 'number',
  },
]);

/** One section of the delivery settings: its fields, saved through updateDelivery. */
function DeliverySection(props: {
  id: string;
  title: string;
  fields: typeof DELIVERY_FIELDS;
  submitLabel: string;
}) {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.getDelivery.queryOptions(undefined));
  const save = useMutation({
    ...trpc.admin.settings.updateDelivery.mutationOptions(),
    onSuccess: () => settings.refetch(),
  });
  return (
    <Card withBorder component="section" aria-labelledby={props.id}>
      <Title order={3} size="h4" id={props.id} mb="sm">
        {props.title}
      </Title>
      <QueryState query={settings}>
        {({ data }) => (
          <SpecForm
            key={JSON.stringify(data)}
            fields={props.fields}
            record={data}
            mode="update"
            submitLabel={props.submitLabel}
            pending={save.isPending}
            error={save.error}
            onSubmit={(input) => save.mutate(input)}
          >
            {save.isSuccess ? (
              <Text c="green" size="sm" role="status">
                {props.title} saved.
              </Text>
            ) : null}
          </SpecForm>
        )}
      </QueryState>
    </Card>
  );
}

/** The shop's holidays, one date a line (YYYY-MM-DD): no dispatch on them. */
function Holidays() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.getDelivery.queryOptions(undefined));
  const [text, setText] = useState<string | null>(null);
  const save = useMutation({
    ...trpc.admin.settings.updateDelivery.mutationOptions(),
    onSuccess: () => {
      setText(null);
      void settings.refetch();
    },
  });
  const shown = text ?? settings.data?.data.holidays.join('\n') ?? '';
  return (
    <>
      <Textarea
        label="Holidays"
        description="One date a line, YYYY-MM-DD: no dispatch on these days"
        autosize
        minRows={2}
        value={shown}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <ErrorAlert error={save.error} />
      <Group mt="xs">
        <Button
          variant="default"
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              holidays: shown
                .split(/\s+/)
                .map((line) => line.trim())
                .filter(Boolean),
            })
          }
        >
          Save holidays
        </Button>
      </Group>
    </>
  );
}

/** Settings → Delivery, and Cash on delivery (docs/delivery.md). */
export function DeliverySettings() {
  return (
    <>
      <DeliverySection
        id="delivery-settings"
        title="Delivery"
        fields={DELIVERY_FIELDS}
        submitLabel="Save delivery settings"
      />
      <Card withBorder component="section" aria-label="Holidays">
        <Holidays />
      </Card>
      <DeliverySection
        id="cod-settings"
        title="Cash on delivery"
        fields={COD_FIELDS}
        submitLabel="Save cash-on-delivery settings"
      />
    </>
  );
}
