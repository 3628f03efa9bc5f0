import { Badge } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ResourcePage } from '../components/ResourcePage';
import type { Inputs } from '../lib/api-types';
import { fieldsOf } from '../lib/form-spec';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

const FIELDS = fieldsOf<Inputs['admin']['admins']['invite']>()([
  { name: 'name', label: 'Name', kind: 'text', required: true },
  { name: 'email', label: 'E-mail', kind: 'text', required: true },
  {
    name: 'password',
    label: 'Password',
    kind: 'text',
    required: true,
    description: '8–128 characters; give it to the new admin, who signs in with it',
  },
]);

/** Admins are invited and disabled, never edited here (they change their own profile). */
export function AdminsPage() {
  const trpc = useTRPC();
  return (
    <ResourcePage
      title="Admins"
      noun="admin"
      query={useQuery({ ...trpc.admin.admins.list.queryOptions(undefined), select: (r) => r.data })}
      rowKey={(a) => a.id}
      rowName={(a) => a.email}
      columns={[
        { label: 'Name', render: (a) => a.name },
        { label: 'E-mail', render: (a) => a.email },
        { label: 'Since', render: (a) => dateTime(a.created_at) },
        {
          label: 'State',
          render: (a) => (
            <Badge color={a.blocked_at ? 'gray' : 'green'} variant="light">
              {a.blocked_at ? 'Disabled' : 'Active'}
            </Badge>
          ),
        },
      ]}
      fields={FIELDS}
      create={useMutation(trpc.admin.admins.invite.mutationOptions())}
      remove={{
        label: 'Disable',
        mutation: useMutation(trpc.admin.admins.disable.mutationOptions()),
        input: (a) => ({ id: a.id }),
      }}
    />
  );
}
