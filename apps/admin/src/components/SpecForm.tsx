import { Button, Checkbox, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { fieldErrors } from '../lib/errors';
import { type FieldSpec, type FormValues, initialValues, procedureInput } from '../lib/form-spec';
import { CategorySelect, ProductSelect } from './EntityPickers';
import { ErrorAlert } from './QueryState';

/**
 * Any record's form from its field list (lib/form-spec.ts): labelled inputs, the server's field
 * messages under each, its other errors above the button. `I` is the procedure's input type: the
 * fields are checked against it and the submitted input has it.
 */
export function SpecForm<I>(props: {
  fields: readonly FieldSpec<I>[];
  /** The stored record being edited: its values fill the fields. */
  record?: Readonly<Record<string, unknown>>;
  mode: 'create' | 'update';
  submitLabel: string;
  pending?: boolean;
  error?: unknown;
  onSubmit: (input: I) => void;
  /** More inputs shown before the button (kept by the caller: categories, variants). */
  children?: ReactNode;
}) {
  const [values, setValues] = useState<FormValues>(() => initialValues(props.fields, props.record));
  const errors = fieldErrors(props.error);
  const set = (name: string, value: string | boolean) =>
    setValues((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(procedureInput(props.fields, values, props.mode));
  };
  const shown = props.fields.filter((field) => props.mode === 'create' || !field.createOnly);
  // A message no field shows (or no field messages at all) goes above the button.
  const unplaced = Object.keys(errors).some((name) => !shown.some((f) => f.name === name));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {shown.map((field) => {
          const common = {
            label: field.label,
            description: field.description,
            required: field.required,
            error: errors[field.name],
          };
          const value = values[field.name];
          switch (field.kind) {
            case 'checkbox':
              return (
                <Checkbox
                  key={field.name}
                  label={field.label}
                  error={errors[field.name]}
                  checked={value === true}
                  onChange={(event) => set(field.name, event.currentTarget.checked)}
                />
              );
            case 'textarea':
              return (
                <Textarea
                  key={field.name}
                  {...common}
                  autosize
                  minRows={3}
                  value={String(value)}
                  onChange={(event) => set(field.name, event.currentTarget.value)}
                />
              );
            case 'select':
              return (
                <NativeSelect
                  key={field.name}
                  {...common}
                  data={[...(field.options ?? [])]}
                  value={String(value)}
                  onChange={(event) => set(field.name, event.currentTarget.value)}
                />
              );
            default: {
              const picked = field.pickBy ? values[field.pickBy] : undefined;
              if (picked === 'product' || picked === 'category') {
                const Picker = picked === 'product' ? ProductSelect : CategorySelect;
                return (
                  <Picker
                    key={field.name}
                    {...common}
                    value={String(value)}
                    onChange={(id) => set(field.name, id)}
                  />
                );
              }
              return (
                <TextInput
                  key={field.name}
                  {...common}
                  type={
                    field.kind === 'number'
                      ? 'number'
                      : field.kind === 'datetime'
                        ? 'datetime-local'
                        : 'text'
                  }
                  step={field.step}
                  value={String(value)}
                  onChange={(event) => set(field.name, event.currentTarget.value)}
                />
              );
            }
          }
        })}
        {props.children}
        {props.error && (unplaced || Object.keys(errors).length === 0) ? (
          <ErrorAlert error={props.error} />
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
