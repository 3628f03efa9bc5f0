import { Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/QueryState';
import type { AdminProduct } from '../../lib/api-types';
import { useTRPC } from '../../trpc';

/** Runs the description generation (with an agent's profile, if chosen) and applies it. */
export function WriteWithAiCard({ product }: { product: AdminProduct }) {
  const trpc = useTRPC();
  const agents = useQuery(trpc.admin.aiAgents.list.queryOptions(undefined));
  const generate = useMutation(trpc.ai.generateDescription.mutationOptions());
  const apply = useMutation(trpc.admin.products.applyDescription.mutationOptions());
  const [agent, setAgent] = useState('');
  const draft = generate.data?.data;
  return (
    <Card withBorder component="section" aria-label="Write with AI">
      <Title order={3} size="h4" mb="sm">
        Description by AI
      </Title>
      <Group align="flex-end">
        <NativeSelect
          label="Agent"
          value={agent}
          onChange={(e) => setAgent(e.currentTarget.value)}
          data={[
            { value: '', label: 'Default' },
            ...(agents.data?.data ?? [])
              .filter((a) => a.active)
              .map((a) => ({ value: a.name, label: a.name })),
          ]}
        />
        <Button
          loading={generate.isPending}
          onClick={() => {
            apply.reset();
            generate.mutate({ id: product.id, ...(agent ? { agent } : {}) });
          }}
        >
          Write with AI
        </Button>
      </Group>
      <ErrorAlert error={generate.error ?? apply.error} title="No description" />
      {draft ? (
        <Stack mt="md">
          <Text size="sm" fw={500}>
            Short description
          </Text>
          <Text size="sm">{draft.short_description}</Text>
          <Text size="sm" fw={500}>
            Description
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {draft.description}
          </Text>
          <Group>
            <Button
              loading={apply.isPending}
              disabled={apply.isSuccess}
              onClick={() => apply.mutate({ id: product.id, ...draft })}
            >
              {apply.isSuccess ? 'Applied' : 'Apply description'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Card>
  );
}
