import {
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmButton } from '../components/ConfirmButton';
import { DataTable } from '../components/DataTable';
import { ErrorAlert, QueryState } from '../components/QueryState';
import type { Outputs } from '../lib/api-types';
import { fieldErrors, httpStatusOf } from '../lib/errors';
import { permissionsByResource } from '../lib/permissions';
import { type RoleFormValues, roleFormValues, roleInput, toggled } from '../lib/role-form';
import { useTRPC } from '../trpc';

/*
 * Roles (issue 41, docs/admin-panel.md "Staff and roles"): the presets and the shop's own, each
 * a name, its permissions (checkboxes grouped by resource) and a refund limit (empty:
 * unlimited). A role a staff member still has cannot be deleted: the server's 409 is shown.
 */

type Role = Outputs['admin']['roles']['list']['data'][number];

const GROUPS = permissionsByResource();

function RoleForm(props: {
  role: Role | null;
  pending: boolean;
  error: unknown;
  onSubmit: (values: RoleFormValues) => void;
}) {
  const [values, setValues] = useState(() => roleFormValues(props.role ?? undefined));
  const errors = fieldErrors(props.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit(values);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={values.name}
          error={errors.name}
          onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {GROUPS.map((group) => (
            <Fieldset key={group.resource} legend={group.resource} variant="filled">
              <Stack gap={6}>
                {group.permissions.map((permission) => (
                  <Checkbox
                    key={permission}
                    label={permission}
                    checked={values.permissions.includes(permission)}
                    onChange={(event) =>
                      setValues({
                        ...values,
                        permissions: toggled(
                          values.permissions,
                          permission,
                          event.currentTarget.checked,
                        ),
                      })
                    }
                  />
                ))}
              </Stack>
            </Fieldset>
          ))}
        </SimpleGrid>
        {errors.permissions ? (
          <Text c="red" size="sm">
            {errors.permissions}
          </Text>
        ) : null}
        <TextInput
          label="Refund limit"
          description="In currency units; leave empty for unlimited"
          inputMode="decimal"
          value={values.refundLimit}
          error={errors.refund_limit}
          onChange={(event) => setValues({ ...values, refundLimit: event.currentTarget.value })}
        />
        {Object.keys(errors).length === 0 ? <ErrorAlert error={props.error} /> : null}
        <Group justify="flex-end">
          <Button type="submit" loading={props.pending}>
            {props.role ? 'Save' : 'Create role'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RolesPage() {
  const trpc = useTRPC();
  const roles = useQuery({ ...trpc.admin.roles.list.queryOptions(), select: (r) => r.data });
  const create = useMutation(trpc.admin.roles.create.mutationOptions());
  const update = useMutation(trpc.admin.roles.update.mutationOptions());
  const remove = useMutation(trpc.admin.roles.delete.mutationOptions());
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const mutation = editing === 'new' ? create : update;
  const close = () => {
    setEditing(null);
    create.reset();
    update.reset();
  };
  const submit = (values: RoleFormValues) => {
    const input = roleInput(values);
    const call =
      editing === 'new' || editing === null
        ? create.mutateAsync(input)
        : update.mutateAsync({ id: editing.id, ...input });
    call.then(close, () => {});
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Roles</Title>
        <Button onClick={() => setEditing('new')}>New role</Button>
      </Group>
      <ErrorAlert
        error={remove.error}
        title={httpStatusOf(remove.error) === 409 ? 'The role is in use' : undefined}
      />
      <QueryState query={roles} isEmpty={(rows) => rows.length === 0} empty="No roles yet.">
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(role) => role.id}
            columns={[
              {
                label: 'Name',
                render: (role) => (
                  <Group gap="xs">
                    {role.name}
                    {role.preset ? (
                      <Badge size="xs" variant="light">
                        preset
                      </Badge>
                    ) : null}
                  </Group>
                ),
              },
              {
                label: 'Permissions',
                render: (role) => <Text size="sm">{role.permissions.join(', ') || 'none'}</Text>,
              },
              {
                label: 'Refund limit',
                render: (role) =>
                  role.refund_limit === null ? 'Unlimited' : role.refund_limit.toFixed(2),
              },
              { label: 'Staff', render: (role) => role.members },
              {
                label: 'Actions',
                render: (role) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Edit ${role.name}`}
                      onClick={() => setEditing(role)}
                    >
                      Edit
                    </Button>
                    <ConfirmButton
                      aria-label={`Delete ${role.name}`}
                      loading={remove.isPending}
                      question={`Delete the role ${role.name}?`}
                      onConfirm={() => remove.mutate({ id: role.id })}
                    >
                      Delete
                    </ConfirmButton>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={close}
        title={editing === 'new' ? 'New role' : editing ? `Edit ${editing.name}` : ''}
        size="lg"
      >
        {editing !== null ? (
          <RoleForm
            role={editing === 'new' ? null : editing}
            pending={mutation.isPending}
            error={mutation.error}
            onSubmit={submit}
          />
        ) : null}
      </Modal>
    </Stack>
  );
}
