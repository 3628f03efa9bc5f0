import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { SearchBox } from '../components/SearchBox';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

/** How each customer signs in (issue 28): e-mail and password, SMS code, Apple, Google. */
const SIGN_IN_LABELS = {
  password: 'Password',
  phone: 'SMS code',
  apple: 'Apple',
  google: 'Google',
} as const;

export function CustomersPage() {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const customers = useQuery({
    ...trpc.admin.customers.list.queryOptions({
      page,
      per_page: 20,
      ...(search ? { search } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const setBlocked = useMutation(trpc.admin.customers.setBlocked.mutationOptions());
  const remove = useMutation({
    ...trpc.admin.customers.delete.mutationOptions(),
    onSuccess: () => customers.refetch(),
  });
  return (
    <Stack>
      <Title order={2}>Customers</Title>
      <SearchBox
        label="Search customers"
        placeholder="Name or e-mail"
        onSearch={(text) => {
          setSearch(text);
          setPage(1);
        }}
      />
      <ErrorAlert error={setBlocked.error} />
      <ErrorAlert error={remove.error} />
      <QueryState
        query={customers}
        isEmpty={(r) => r.data.length === 0}
        empty="No customers match."
      >
        {(result) => (
          <>
            <DataTable
              rows={result.data}
              rowKey={(customer) => customer.id}
              columns={[
                { label: 'Name', render: (customer) => customer.name },
                { label: 'E-mail', render: (customer) => customer.email },
                { label: 'Phone', render: (customer) => customer.phone },
                {
                  label: 'Signs in with',
                  render: (customer) =>
                    customer.sign_in_methods.map((method) => SIGN_IN_LABELS[method]).join(', ') ||
                    '—',
                },
                { label: 'Joined', render: (customer) => dateTime(customer.created_at) },
                {
                  label: 'State',
                  render: (customer) => (
                    <Badge
                      color={customer.deleted_at ? 'gray' : customer.blocked_at ? 'red' : 'green'}
                      variant="light"
                    >
                      {customer.deleted_at
                        ? 'Deleted'
                        : customer.blocked_at
                          ? 'Blocked'
                          : customer.role === 'admin'
                            ? 'Admin'
                            : 'Active'}
                    </Badge>
                  ),
                },
                {
                  label: 'Actions',
                  render: (customer) => {
                    if (customer.deleted_at) return null;
                    const blocked = customer.blocked_at !== null;
                    return (
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="light"
                          color={blocked ? 'green' : 'red'}
                          aria-label={`${blocked ? 'Unblock' : 'Block'} ${customer.email}`}
                          onClick={() => setBlocked.mutate({ id: customer.id, blocked: !blocked })}
                        >
                          {blocked ? 'Unblock' : 'Block'}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${customer.email}`}
                          onClick={() => {
                            // The customer asked by e-mail; this cannot be undone.
                            if (window.confirm(`Delete the account of ${customer.email}?`)) {
                              remove.mutate({ id: customer.id });
                            }
                          }}
                        >
                          Delete
                        </Button>
                      </Group>
                    );
                  },
                },
              ]}
            />
            <Pager meta={result.meta} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
