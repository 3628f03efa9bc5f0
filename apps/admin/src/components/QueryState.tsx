import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage, missingPermissionOf } from '../lib/errors';

/** The server's message for a failed call, or nothing. */
export function ErrorAlert({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" title={title ?? 'The server refused'} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}

/**
 * A page (or part) the signed-in role may not use: the server's 403 names the permission it
 * lacks (docs/admin-panel.md "Roles"), so the reader knows what to ask an Owner for.
 */
export function AccessDenied({ permission }: { permission: string }) {
  return (
    <Alert color="orange" title="You don't have access" role="alert">
      Your role does not include the <code>{permission}</code> permission this page needs. Ask an
      Owner to change your role.
    </Alert>
  );
}

/**
 * Every page's three other states in one place: loading, the server's error (with a retry), and
 * empty. `children` renders the data once there is some.
 */
export function QueryState<T>(props: {
  query: UseQueryResult<T, unknown>;
  isEmpty?: (data: T) => boolean;
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) {
    const missing = missingPermissionOf(query.error);
    if (missing) return <AccessDenied permission={missing} />;
    return (
      <Alert color="red" title="Could not load" role="alert">
        <Group justify="space-between">
          <Text size="sm">{errorMessage(query.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  if (props.isEmpty?.(query.data)) {
    return (
      <Text c="dimmed" py="lg">
        {props.empty ?? 'Nothing here yet.'}
      </Text>
    );
  }
  return <>{props.children(query.data)}</>;
}
