import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/QueryState';
import { fieldErrors } from '../../lib/errors';
import {
  ANY,
  type ComponentRow,
  emptyComponentRow,
  type RuleDraft,
  type RuleInput,
  ruleErrors,
  ruleInput,
  sentRowPositions,
} from '../../lib/tax-form';

/**
 * A tax rule's key (country, region, category) and its components as rows of name and rate.
 * The server's messages land on the input they name, a component's on its own row.
 */
export function RuleForm(props: {
  initial: RuleDraft;
  /** The categories' codes, offered besides `*`. */
  categories: readonly string[];
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (input: RuleInput) => void;
}) {
  const [draft, setDraft] = useState(props.initial);
  // Which screen row each sent component was, for placing the server's `components.N` messages.
  const [sent, setSent] = useState<number[]>([]);
  const errors = ruleErrors(fieldErrors(props.error), sent);
  const placedAll = errors.other.length === 0 && Object.keys(fieldErrors(props.error)).length > 0;
  const setRows = (components: ComponentRow[]) => setDraft({ ...draft, components });
  const setRow = (index: number, key: keyof ComponentRow, value: string) =>
    setRows(draft.components.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  // A stored rule's category stays offered even when the list has not loaded it.
  const categories =
    draft.tax_category === ANY || props.categories.includes(draft.tax_category)
      ? props.categories
      : [...props.categories, draft.tax_category];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(sentRowPositions(draft.components));
    props.onSubmit(ruleInput(draft));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Country"
          description="ISO code such as IN, or * for every country"
          required
          value={draft.country}
          error={errors.country}
          onChange={(e) => setDraft({ ...draft, country: e.currentTarget.value })}
        />
        <TextInput
          label="Region"
          description="State code such as KA (India: the shop's own state), or * for all"
          value={draft.region}
          error={errors.region}
          onChange={(e) => setDraft({ ...draft, region: e.currentTarget.value })}
        />
        <NativeSelect
          label="Tax category"
          value={draft.tax_category}
          error={errors.tax_category}
          onChange={(e) => setDraft({ ...draft, tax_category: e.currentTarget.value })}
          data={[
            { value: ANY, label: '* (every category)' },
            ...categories.map((code) => ({ value: code, label: code })),
          ]}
        />
        <Stack gap={4}>
          <Text fw={500} size="sm">
            Components
          </Text>
          <Text size="xs" c="dimmed">
            Each is charged on the line's taxable value (India: CGST + SGST within the shop's state,
            IGST across states). An exempt category takes one component at 0 %.
          </Text>
          {draft.components.map((row, index) => (
            // Rows have no id before they are saved; their position is their identity here.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Group key={index} align="flex-start" wrap="nowrap" gap="xs">
              <TextInput
                label={`Component ${index + 1} name`}
                placeholder="CGST"
                value={row.name}
                error={errors.rows[index]?.name}
                onChange={(e) => setRow(index, 'name', e.currentTarget.value)}
                w={180}
              />
              <TextInput
                label={`Component ${index + 1} rate (%)`}
                type="number"
                step="0.01"
                placeholder="9"
                value={row.rate}
                error={errors.rows[index]?.rate}
                onChange={(e) => setRow(index, 'rate', e.currentTarget.value)}
                w={220}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={`Remove component ${index + 1}`}
                onClick={() => setRows(draft.components.filter((_, i) => i !== index))}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          {errors.components ? (
            <Text size="sm" c="red" role="alert">
              {errors.components}
            </Text>
          ) : null}
          <Button
            variant="default"
            size="xs"
            w="fit-content"
            onClick={() => setRows([...draft.components, emptyComponentRow()])}
          >
            Add component
          </Button>
        </Stack>
        {props.error && !placedAll ? <ErrorAlert error={props.error} /> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
