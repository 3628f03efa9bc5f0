import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';

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
