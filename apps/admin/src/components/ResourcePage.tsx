import { Button, Group, Modal, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FieldSpec } from '../lib/form-spec';
import { ConfirmButton } from './ConfirmButton';
import { type Column, DataTable } from './DataTable';
import { ErrorAlert, QueryState } from './QueryState';
import { SpecForm } from './SpecForm';

/** What this page needs of a `useMutation` result: `In` is the procedure's input type. */
export interface MutationOf<In> {
  mutate: (input: In) => void;
  mutateAsync: (input: In) => Promise<unknown>;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * The page of a list of records edited in a dialog (coupons, banners, currencies, shipping
 * methods, tax rates, AI agents): a table, "New …", "Edit" per row and an optional removal.
 * The fields are checked against the create procedure's input `I`; the update and removal
 * inputs (`U`, `D`) are built from the row, and their types are the procedures' too.
 */
export function ResourcePage<
  Row extends Readonly<Record<string, unknown>>,
  I,
  U = I,
  D = U,
>(props: {
  title: string;
  noun: string;
  query: UseQueryResult<readonly Row[], unknown>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowName: (row: Row) => string;
  fields: readonly FieldSpec<I>[];
  create: MutationOf<I>;
  /** Without it the rows are not edited here (no "Edit" button). */
  update?: {
    mutation: MutationOf<U>;
    /** The update input: the row's key with the form's fields (create-only ones left out). */
    input: (row: Row, input: I) => U;
  };
  remove?: {
    label: string;
    mutation: MutationOf<D>;
    input: (row: Row) => D;
    /** The alert's title when the server refuses (e.g. a 409 "still in use"): what it means. */
    refusal?: (error: unknown) => string | undefined;
  };
  footer?: ReactNode;
  /** Shown when there are no rows (default: "No <title> yet."). */
  empty?: string;
}) {
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const { remove, update } = props;
  const mutation = editing === 'new' || !update ? props.create : update.mutation;
  const close = () => {
    setEditing(null);
    props.create.reset();
    update?.mutation.reset();
  };
  const submit = (input: I) => {
    if (editing === null) return;
    const call =
      editing === 'new'
        ? props.create.mutateAsync(input)
        : update?.mutation.mutateAsync(update.input(editing, input));
    call?.then(close, () => {});
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>{props.title}</Title>
        <Button onClick={() => setEditing('new')}>New {props.noun}</Button>
      </Group>
      {remove ? (
        <ErrorAlert error={remove.mutation.error} title={remove.refusal?.(remove.mutation.error)} />
      ) : null}
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
                    {update ? (
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
                        onConfirm={() => remove.mutation.mutate(remove.input(row))}
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
            record={editing === 'new' ? undefined : editing}
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
