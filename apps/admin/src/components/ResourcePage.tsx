import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FieldSpec } from '../lib/form-spec';
import { ConfirmButton } from './ConfirmButton';
import { type Column, DataTable } from './DataTable';
import { ErrorAlert, QueryState } from './QueryState';
import { SpecForm } from './SpecForm';

/** What this page needs of a `useMutation` result, whatever the procedure's input. */
export interface MutationLike {
  mutate: (input: never) => void;
  mutateAsync: (input: never) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}
type AnyMutation = MutationLike;

/**
 * The page of a list of records edited in a dialog (coupons, banners, currencies, shipping
 * methods, tax rates, AI agents): a table, "New …", "Edit" per row and an optional removal.
 * The procedures' inputs are shaped by the field list; the server's schema decides.
 */
export function ResourcePage<Row extends object>(props: {
  title: string;
  noun: string;
  query: UseQueryResult<readonly Row[], unknown>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowName: (row: Row) => string;
  fields: readonly FieldSpec[];
  create: AnyMutation;
  /** The create input from the form's. */
  createInput?: (input: Record<string, unknown>) => unknown;
  /** Without it the rows are not edited here (no "Edit" button). */
  update?: {
    mutation: AnyMutation;
    /** The update input: the row's key with the form's fields. */
    input: (row: Row, input: Record<string, unknown>) => unknown;
  };
  remove?: { label: string; mutation: AnyMutation; input: (row: Row) => unknown };
  footer?: ReactNode;
  /** Shown when there are no rows (default: "No <title> yet."). */
  empty?: string;
}) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const { remove } = props;
  const mutation = editing === 'new' || !props.update ? props.create : props.update.mutation;
  const close = () => {
    setEditing(null);
    props.create.reset();
    props.update?.mutation.reset();
  };
  const submit = (input: Record<string, unknown>) => {
    const call =
      editing === 'new'
        ? props.create.mutateAsync((props.createInput?.(input) ?? input) as never)
        : props.update?.mutation.mutateAsync(props.update.input(editing as Row, input) as never);
    if (!call) return;
    call.then(close, () => {});
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{props.title}</Title>
        <Button onClick={() => setEditing('new')}>New {props.noun}</Button>
      </Group>
      {props.remove ? <ErrorAlert error={props.remove.mutation.error} /> : null}
      <QueryState
        query={props.query}
        isEmpty={(rows) => rows.length === 0}
        empty={props.empty ?? `No ${props.title.toLowerCase()} yet.`}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={props.rowKey}
            columns={[
              ...props.columns,
              {
                label: 'Actions',
                render: (row) => (
                  <Group gap="xs">
                    {props.update ? (
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Edit ${props.rowName(row)}`}
                        onClick={() => setEditing(row)}
                      >
                        Edit
                      </Button>
                    ) : null}
                    {remove ? (
                      <ConfirmButton
                        aria-label={`${remove.label} ${props.rowName(row)}`}
                        loading={remove.mutation.isPending}
                        question={`${remove.label} ${props.rowName(row)}?`}
                        onConfirm={() => remove.mutation.mutate(remove.input(row) as never)}
                      >
                        {remove.label}
                      </ConfirmButton>
                    ) : null}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      {props.footer}
      <Modal
        opened={editing !== null}
        onClose={close}
        title={
          editing === 'new' ? `New ${props.noun}` : editing ? `Edit ${props.rowName(editing)}` : ''
        }
        size="lg"
      >
        {editing !== null ? (
          <SpecForm
            fields={props.fields}
            mode={editing === 'new' ? 'create' : 'update'}
            record={editing === 'new' ? undefined : (editing as Record<string, unknown>)}
            submitLabel={editing === 'new' ? `Create ${props.noun}` : 'Save'}
            pending={mutation.isPending}
            error={mutation.error}
            onSubmit={submit}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
