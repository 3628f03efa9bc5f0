import { Button, Card, Group, NativeSelect, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/QueryState';
import { fieldErrors } from '../../lib/errors';
import { INDIAN_STATES } from '../../lib/tax-form';
import { useTRPC } from '../../trpc';

/**
 * India's GST in one click: the 0/5/18/40 % categories and, for each, the shop's own state's
 * rule (CGST + SGST) and the rest of India's (IGST). The state defaults to the shop's GSTIN's.
 */
export function GstPresetCard() {
  const trpc = useTRPC();
  const preset = useMutation(trpc.admin.taxRules.presetIndiaGst.mutationOptions());
  const [state, setState] = useState('');
  const created = preset.data?.data;
  const errors = fieldErrors(preset.error);
  return (
    <Card withBorder component="section" aria-labelledby="gst-preset">
      <Title order={3} size="h4" id="gst-preset" mb="xs">
        India GST preset
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Creates the GST categories for 0, 5, 18 and 40 % and, for each, a rule for the shop's own
        state (CGST + SGST) and one for the rest of India (IGST). Give the shop's GSTIN in Settings
        first, or choose its state here.
      </Text>
      <Group align="flex-end">
        <NativeSelect
          label="Shop's state"
          value={state}
          error={errors.state}
          onChange={(e) => setState(e.currentTarget.value)}
          data={[{ value: '', label: "From the shop's GSTIN" }, ...INDIAN_STATES]}
          w={300}
        />
        <Button
          loading={preset.isPending}
          onClick={() => preset.mutate(state === '' ? {} : { state })}
        >
          Apply India GST preset
        </Button>
      </Group>
      {errors.state ? null : <ErrorAlert error={preset.error} />}
      {created ? (
        <Text size="sm" c="green" role="status" mt="sm">
          Created {created.categories_created} categories and {created.rules_created} rules.
        </Text>
      ) : null}
    </Card>
  );
}
