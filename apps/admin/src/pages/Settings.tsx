import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ActiveBadge } from '../components/ActiveBadge';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { label } from '../lib/format';
import { useTRPC } from '../trpc';
import { DeliverySettings } from './DeliverySettings';
import { LoyaltySettings } from './LoyaltySettings';
import { ReturnSettings } from './ReturnSettings';
import { TaxSettings } from './TaxSettings';

/** Each flag's name and what it switches, for the shop owner. */
const FLAGS: Record<string, { name: string; note: string }> = {
  wishlist: { name: 'Wishlist', note: 'Customers can keep a wishlist.' },
  reviews: { name: 'Reviews', note: 'Customers can write and read reviews.' },
  coupons: { name: 'Coupons', note: 'Coupons can be applied to carts.' },
  gift_cards: { name: 'Gift cards', note: 'Gift cards are offered.' },
  loyalty_points: { name: 'Loyalty points', note: 'Loyalty points are earned and shown.' },
  ai_descriptions: {
    name: 'AI descriptions',
    note: 'AI writes product descriptions (Products → Write with AI).',
  },
};

const AGENT_FIELDS = fieldsOf<Inputs['admin']['aiAgents']['create']>()([
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'description', label: 'Description', kind: 'text', nullable: true },
  { name: 'system_prompt', label: 'Instructions', kind: 'textarea', required: true },
  {
    name: 'model',
    label: 'Model',
    kind: 'text',
    nullable: true,
    description: 'Empty: the server’s default model',
  },
  { name: 'temperature', label: 'Temperature', kind: 'number', nullable: true, step: '0.1' },
  { name: 'active', label: 'Active', kind: 'checkbox', defaultValue: true },
]);

function FeatureFlags() {
  const trpc = useTRPC();
  const flags = useQuery(trpc.admin.settings.features.queryOptions(undefined));
  const setFeature = useMutation(trpc.admin.settings.setFeature.mutationOptions());
  return (
    <Card withBorder component="section" aria-labelledby="features">
      <Title order={3} size="h4" id="features" mb="sm">
        Features
      </Title>
      <ErrorAlert error={setFeature.error} />
      <QueryState query={flags}>
        {({ data }) => (
          <Stack>
            {(Object.keys(data) as (keyof typeof data)[]).map((flag) => (
              <Switch
                key={flag}
                label={FLAGS[flag]?.name ?? label(flag)}
                description={FLAGS[flag]?.note}
                checked={data[flag]}
                disabled={setFeature.isPending}
                onChange={(event) =>
                  setFeature.mutate({ flag, enabled: event.currentTarget.checked })
                }
              />
            ))}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}

export function SettingsPage() {
  const trpc = useTRPC();
  return (
    <Stack>
      <Title order={2}>Settings</Title>
      <FeatureFlags />
      <TaxSettings />
      <DeliverySettings />
      <LoyaltySettings />
      <ReturnSettings />
      <Card withBorder component="section">
        <ResourcePage
          title="AI agents"
          noun="agent"
          empty="No AI agents yet: descriptions use the default instructions."
          query={useQuery({
            ...trpc.admin.aiAgents.list.queryOptions(undefined),
            select: (result) => result.data,
          })}
          rowKey={(a) => a.id}
          rowName={(a) => a.name}
          columns={[
            { label: 'Name', render: (a) => a.name },
            { label: 'Model', render: (a) => a.model ?? 'Default' },
            {
              label: 'State',
              render: (a) => <ActiveBadge active={a.active} />,
            },
          ]}
          fields={AGENT_FIELDS}
          create={useMutation(trpc.admin.aiAgents.create.mutationOptions())}
          update={{
            mutation: useMutation(trpc.admin.aiAgents.update.mutationOptions()),
            input: (a, input) => ({ id: a.id, ...input }),
          }}
          remove={{
            label: 'Delete',
            mutation: useMutation(trpc.admin.aiAgents.remove.mutationOptions()),
            input: (a) => ({ id: a.id }),
          }}
          footer={
            <Text size="sm" c="dimmed">
              An agent is a writing profile: its instructions and model shape the descriptions it
              writes.
            </Text>
          }
        />
      </Card>
    </Stack>
  );
}
