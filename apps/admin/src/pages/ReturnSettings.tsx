import { Card, Checkbox, Group, Text, Title } from '@mantine/core';
import { type UseMutationResult, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../components/QueryState';
import { SpecForm } from '../components/SpecForm';
import { type Inputs, type Outputs, RETURN_REASONS } from '../lib/api-types';
import { fieldErrors } from '../lib/errors';
import { fieldsOf } from '../lib/form-spec';
import { label } from '../lib/format';
import { useTRPC } from '../trpc';

type Update = Inputs['admin']['settings']['updateReturns'];
type Settings = Outputs['admin']['settings']['getReturns']['data'];
type SaveMutation = UseMutationResult<
  Outputs['admin']['settings']['updateReturns'],
  unknown,
  Update
>;

/** The scalar fields; the reasons that need no approval are a group of checkboxes below. */
const FIELDS = fieldsOf<Omit<Update, 'auto_approve'>>()([
  {
    name: 'return_window_days',
    label: 'Return window (days)',
    kind: 'number',
    description: 'From delivery; 0 takes no returns',
  },
  {
    name: 'return_fee',
    label: 'Return fee',
    kind: 'number',
    step: '0.01',
    description: 'Charged once per return when a reason is “changed mind” or “size/fit”',
  },
  { name: 'restock_on_receive', label: 'Resellable units go back to stock', kind: 'checkbox' },
]);

/** The mutation is the page's: the form is remounted with the saved values, "saved" stays. */
function ReturnSettingsForm({ settings, save }: { settings: Settings; save: SaveMutation }) {
  const [autoApprove, setAutoApprove] = useState<string[]>(settings.auto_approve);
  return (
    <SpecForm
      fields={FIELDS}
      record={settings}
      mode="update"
      submitLabel="Save return settings"
      pending={save.isPending}
      error={save.error}
      onSubmit={(input) =>
        save.mutate({
          ...input,
          auto_approve: RETURN_REASONS.filter((reason) => autoApprove.includes(reason)),
        })
      }
    >
      <Checkbox.Group
        label="Approved without review"
        description="Returns whose every reason is ticked are approved at once"
        value={autoApprove}
        onChange={setAutoApprove}
        error={fieldErrors(save.error).auto_approve}
      >
        <Group mt="xs">
          {RETURN_REASONS.map((reason) => (
            <Checkbox key={reason} value={reason} label={label(reason)} />
          ))}
        </Group>
      </Checkbox.Group>
      {save.isSuccess ? (
        <Text c="green" size="sm" role="status">
          Return settings saved.
        </Text>
      ) : null}
    </SpecForm>
  );
}

/** The shop's return policy (Settings page; docs/returns.md). */
export function ReturnSettings() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.getReturns.queryOptions(undefined));
  const save = useMutation(trpc.admin.settings.updateReturns.mutationOptions());
  return (
    <Card withBorder component="section" aria-labelledby="returns-policy">
      <Title order={3} size="h4" id="returns-policy" mb="sm">
        Returns
      </Title>
      <QueryState query={settings}>
        {({ data }) => (
          <ReturnSettingsForm key={JSON.stringify(data)} settings={data} save={save} />
        )}
      </QueryState>
    </Card>
  );
}
