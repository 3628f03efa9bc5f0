import { Badge, Button, Group, Modal, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ConfirmButton } from '../components/ConfirmButton';
import { DataTable } from '../components/DataTable';
import { ErrorAlert, QueryState } from '../components/QueryState';
import type { Outputs } from '../lib/api-types';
import { fieldErrors } from '../lib/errors';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

/*
 * Staff (issue 41, docs/admin-panel.md "Staff and roles"): who works in the back office, with
 * which role. An invitation e-mails a link that sets the password (the accept-invite page); the
 * server refuses leaving the shop without an active Owner (422), shown above the table.
 */

type StaffMember = Outputs['admin']['staff']['list']['data'][number];
type Role = Outputs['admin']['roles']['list']['data'][number];

function RoleOptions({ roles }: { roles: readonly Role[] }) {
  return roles.map((role) => (
    <option key={role.id} value={role.id}>
      {role.name}
    </option>
  ));
}

function InviteDialog(props: { roles: readonly Role[]; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const invite = useMutation(trpc.admin.staff.invite.mutationOptions());
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState('');
  const close = () => {
    invite.reset();
    setEmail('');
    setName('');
    setRoleId('');
    props.onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutateAsync({ email, name, role_id: Number(roleId) }).then(close, () => {});
  };
  const errors = fieldErrors(invite.error);
  return (
    <Modal opened={props.opened} onClose={close} title="Invite a staff member">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="E-mail"
            required
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <TextInput
            label="Name"
            required
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <NativeSelect
            label="Role"
            required
            value={roleId}
            error={errors.role_id}
            onChange={(event) => setRoleId(event.currentTarget.value)}
          >
            <option value="">Choose a role</option>
            <RoleOptions roles={props.roles} />
          </NativeSelect>
          {Object.keys(errors).length === 0 ? <ErrorAlert error={invite.error} /> : null}
          <Group justify="flex-end">
            <Button type="submit" loading={invite.isPending}>
              Send the invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A row's role, changed as soon as another is chosen (admin.staff.setRole). */
function RoleSelect(props: {
  member: StaffMember;
  roles: readonly Role[];
  onChange: (roleId: number) => void;
  disabled: boolean;
}) {
  return (
    <NativeSelect
      size="xs"
      aria-label={`Role of ${props.member.email ?? props.member.name}`}
      value={props.member.role ? String(props.member.role.id) : ''}
      disabled={props.disabled}
      onChange={(event) => props.onChange(Number(event.currentTarget.value))}
    >
      {props.member.role ? null : <option value="">No role</option>}
      <RoleOptions roles={props.roles} />
    </NativeSelect>
  );
}

function state(member: StaffMember) {
  if (member.blocked_at) return { label: 'Disabled', color: 'gray' };
  if (member.invited) return { label: 'Invited', color: 'blue' };
  return { label: 'Active', color: 'green' };
}

export function StaffPage() {
  const trpc = useTRPC();
  const staff = useQuery({ ...trpc.admin.staff.list.queryOptions(), select: (r) => r.data });
  const roles = useQuery({ ...trpc.admin.roles.list.queryOptions(), select: (r) => r.data });
  const setRole = useMutation(trpc.admin.staff.setRole.mutationOptions());
  const disable = useMutation(trpc.admin.staff.disable.mutationOptions());
  const [inviting, setInviting] = useState(false);
  const refusal = setRole.error ?? disable.error;
  const roleList = roles.data ?? [];
  const nameOf = (member: StaffMember) => member.email ?? member.name;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Staff</Title>
        <Button onClick={() => setInviting(true)} disabled={!roles.data}>
          Invite a staff member
        </Button>
      </Group>
      <ErrorAlert error={refusal} title="The change was refused" />
      <QueryState query={staff} isEmpty={(rows) => rows.length === 0} empty="No staff yet.">
        {(rows) => (
          <DataTable
            rows={rows}
            rowKey={(member) => member.id}
            columns={[
              { label: 'Name', render: (member) => member.name },
              { label: 'E-mail', render: (member) => member.email ?? '—' },
              {
                label: 'Role',
                render: (member) => (
                  <RoleSelect
                    member={member}
                    roles={roleList}
                    disabled={setRole.isPending || member.blocked_at !== null}
                    onChange={(roleId) => {
                      disable.reset();
                      setRole.mutate({ user_id: member.id, role_id: roleId });
                    }}
                  />
                ),
              },
              {
                label: 'State',
                render: (member) => (
                  <Badge color={state(member).color} variant="light">
                    {state(member).label}
                  </Badge>
                ),
              },
              { label: 'Since', render: (member) => dateTime(member.created_at) },
              {
                label: 'Actions',
                render: (member) =>
                  member.blocked_at ? null : (
                    <ConfirmButton
                      aria-label={`Disable ${nameOf(member)}`}
                      loading={disable.isPending}
                      question={`Disable ${nameOf(member)}? Their sessions end at once.`}
                      onConfirm={() => {
                        setRole.reset();
                        disable.mutate({ user_id: member.id });
                      }}
                    >
                      Disable
                    </ConfirmButton>
                  ),
              },
            ]}
          />
        )}
      </QueryState>
      <InviteDialog roles={roleList} opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
