import { Card, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { QueryState } from '../components/QueryState';
import { SpecForm } from '../components/SpecForm';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['loyalty']['updateSettings']>()([
  {
    name: 'points_per_unit',
    label: 'Points per unit spent',
    kind: 'number',
    required: true,
    description: 'Earned when an order is completed, per unit of its amount due',
  },
  {
    name: 'point_value',
    label: 'Value of a point',
    kind: 'number',
    required: true,
    step: '0.0001',
  },
  { name: 'min_redeem', label: 'Fewest points per redemption', kind: 'number', required: true },
  {
    name: 'max_redeem_share',
    label: 'Most of an order points may pay',
    kind: 'number',
    required: true,
    step: '0.01',
    description: 'A share of the total, 0–1 (0.5: half)',
  },
  {
    name: 'points_expire_days',
    label: 'Points expire after (days)',
    kind: 'number',
    required: true,
  },
]);

/** The loyalty rates (Settings page). */
export function LoyaltySettings() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.loyalty.getSettings.queryOptions(undefined));
  const save = useMutation(trpc.admin.loyalty.updateSettings.mutationOptions());
  return (
    <Card withBorder component="section" aria-labelledby="loyalty">
      <Title order={3} size="h4" id="loyalty" mb="sm">
        Loyalty points
      </Title>
      <QueryState query={settings}>
        {({ data }) => (
          <SpecForm
            fields={FIELDS}
            record={data}
            mode="update"
            submitLabel="Save loyalty settings"
            pending={save.isPending}
            error={save.error}
            onSubmit={(input) => save.mutate(input)}
          />
        )}
      </QueryState>
    </Card>
  );
}
