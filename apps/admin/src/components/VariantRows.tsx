import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { VariantRow } from '../lib/product-form';

/** One variant's inputs on a line; `index` names them for screen readers ("Variant 2 SKU"). */
export function VariantFields(props: {
  index: number;
  row: VariantRow;
  error?: string | undefined;
  onChange: (row: VariantRow) => void;
}) {
  const { row, index } = props;
  const name = `Variant ${index + 1}`;
  const set = (key: keyof VariantRow) => (event: { currentTarget: { value: string } }) =>
    props.onChange({ ...row, [key]: event.currentTarget.value });
  return (
    <Stack gap={4}>
      <Group align="flex-end" wrap="wrap" gap="xs">
        <TextInput label={`${name} SKU`} value={row.sku} onChange={set('sku')} w={140} />
        <TextInput
          label={`${name} options`}
          placeholder="size=M, color=Red"
          value={row.options}
          onChange={set('options')}
          w={200}
        />
        <TextInput
          label={`${name} price`}
          type="number"
          step="0.01"
          value={row.price}
          onChange={set('price')}
          w={100}
        />
        <TextInput
          label={`${name} special price`}
          type="number"
          step="0.01"
          value={row.special_price}
          onChange={set('special_price')}
          w={120}
        />
        <TextInput
          label={`${name} stock`}
          type="number"
          value={row.stock}
          onChange={set('stock')}
          w={90}
        />
      </Group>
      {props.error ? (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** New variants typed on create: rows added and removed before anything is sent. */
export function NewVariantRows(props: {
  rows: VariantRow[];
  errors: (string | undefined)[];
  onChange: (rows: VariantRow[]) => void;
  onAdd: () => void;
}) {
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        Variants
      </Text>
      {props.rows.map((row, index) => (
        // Rows have no id before they are saved; their position is their identity here.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Group key={index} align="flex-end" wrap="nowrap">
          <VariantFields
            index={index}
            row={row}
            error={props.errors[index]}
            onChange={(next) => props.onChange(props.rows.map((r, i) => (i === index ? next : r)))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Remove variant ${index + 1}`}
            onClick={() => props.onChange(props.rows.filter((_, i) => i !== index))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button variant="default" size="xs" onClick={props.onAdd} w="fit-content">
        Add variant
      </Button>
    </Stack>
  );
}
