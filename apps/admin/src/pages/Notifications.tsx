import { Button, Group, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../components/DataTable';
import { CategorySelect, ProductSelect } from '../components/EntityPickers';
import { Pager } from '../components/Pager';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

const EMPTY = { title: '', body: '', productId: '', categoryId: '' };

/** Promotion pushes to every customer who opted in, and each campaign's counts. */
export function NotificationsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState(EMPTY);
  const campaigns = useQuery({
    ...trpc.admin.notifications.list.queryOptions({ page, per_page: 20 }),
    placeholderData: keepPreviousData,
    // Counts grow while the batches go out.
    refetchInterval: 5_000,
  });
  const send = useMutation({
    ...trpc.admin.notifications.send.mutationOptions(),
    onSuccess: () => {
      setDraft(EMPTY);
      void campaigns.refetch();
    },
  });
  const set = (field: keyof typeof EMPTY) => (event: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [field]: event.currentTarget.value });
  const id = (value: string) => (value.trim() ? Number(value) : undefined);
  return (
    <Stack>
      <Title order={2}>Notifications</Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          send.mutate({
            title: draft.title,
            body: draft.body,
            product_id: id(draft.productId),
            category_id: id(draft.categoryId),
          });
        }}
      >
        <Stack maw={520}>
          <TextInput label="Title" required value={draft.title} onChange={set('title')} />
          <Textarea label="Message" required value={draft.body} onChange={set('body')} />
          <Group grow align="flex-start">
            <ProductSelect
              label="Product (optional)"
              value={draft.productId}
              onChange={(productId) => setDraft({ ...draft, productId })}
            />
            <CategorySelect
              label="Category (optional)"
              value={draft.categoryId}
              onChange={(categoryId) => setDraft({ ...draft, categoryId })}
            />
          </Group>
          <ErrorAlert error={send.error} />
          <Group>
            <Button type="submit" loading={send.isPending}>
              Send to customers who opted in
            </Button>
          </Group>
        </Stack>
      </form>
      <QueryState
        query={campaigns}
        isEmpty={(r) => r.data.length === 0}
        empty="No campaign sent yet."
      >
        {(result) => (
          <>
            <DataTable
              rows={result.data}
              rowKey={(campaign) => campaign.id}
              columns={[
                { label: 'Title', render: (c) => c.title },
                { label: 'Sent on', render: (c) => dateTime(c.created_at) },
                { label: 'Devices', render: (c) => c.targeted },
                { label: 'Sent', render: (c) => c.sent },
                { label: 'Failed', render: (c) => c.failed },
                { label: 'Removed', render: (c) => c.removed },
              ]}
            />
            <Pager meta={result.meta} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
