import { Button, Code, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { dateTime } from '../lib/format';
import { useTRPC } from '../trpc';

/** Jobs (e-mails, refunds, payment events) that used up their retries; "Retry" queues one again. */
export function FailedJobsPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const jobs = useQuery({
    ...trpc.admin.jobs.failed.queryOptions({ page, per_page: 20 }),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation(trpc.admin.jobs.retry.mutationOptions());
  return (
    <Stack>
      <Title order={2}>Failed jobs</Title>
      <ErrorAlert error={retry.error} />
      <QueryState
        query={jobs}
        isEmpty={(r) => r.data.length === 0}
        empty="No failed jobs: every e-mail, refund and payment event went through."
      >
        {(result) => (
          <>
            <DataTable
              rows={result.data}
              rowKey={(job) => job.id}
              columns={[
                { label: 'Queue', render: (job) => job.queue },
                { label: 'Job', render: (job) => job.kind ?? '—' },
                { label: 'Order', render: (job) => job.order_id ?? '—' },
                { label: 'Tries', render: (job) => job.retry_count + 1 },
                {
                  label: 'Last error',
                  render: (job) =>
                    job.error ? <Code>{job.error}</Code> : <Text c="dimmed">—</Text>,
                },
                { label: 'Failed', render: (job) => dateTime(job.failed_at) },
                {
                  label: 'Actions',
                  render: (job) => (
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Retry job ${job.id}`}
                      onClick={() => retry.mutate({ id: job.id })}
                    >
                      Retry
                    </Button>
                  ),
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
