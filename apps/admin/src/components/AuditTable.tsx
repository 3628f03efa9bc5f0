import { Card, Code, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dateTime } from '../lib/format';
import { usePermissions } from '../lib/use-permissions';
import { useTRPC } from '../trpc';
import { DataTable } from './DataTable';
import { Pager } from './Pager';
import { QueryState } from './QueryState';

/** admin.audit.list's filters (docs/admin-panel.md "Audit log"). */
export interface AuditFilter {
  actor_id?: number;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
}

/** `field: before → after` per change, one per line. */
function Changes({ changes }: { changes: Record<string, [unknown, unknown]> }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {entries.map(([field, [before, after]]) => (
        <Text key={field} size="xs">
          {field}: <Code>{JSON.stringify(before)}</Code> → <Code>{JSON.stringify(after)}</Code>
        </Text>
      ))}
    </Stack>
  );
}

/** The audit rows matching `filter`, newest first, a page at a time (Activity and History). */
export function AuditTable({
  filter,
  showTarget = true,
}: {
  filter: AuditFilter;
  showTarget?: boolean;
}) {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const rows = useQuery({
    ...trpc.admin.audit.list.queryOptions({ ...filter, page, per_page: 20 }),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryState query={rows} isEmpty={(r) => r.data.length === 0} empty="No changes recorded.">
      {(result) => (
        <>
          <DataTable
            rows={result.data}
            rowKey={(row) => row.id}
            columns={[
              { label: 'When', render: (row) => dateTime(row.at) },
              { label: 'Who', render: (row) => row.actor_email },
              { label: 'What', render: (row) => row.procedure },
              ...(showTarget
                ? [
                    {
                      label: 'Target',
                      render: (row: (typeof result.data)[number]) =>
                        row.target_type ? `${row.target_type} ${row.target_id ?? ''}` : '—',
                    },
                  ]
                : []),
              { label: 'Changes', render: (row) => <Changes changes={row.changes} /> },
            ]}
          />
          <Pager meta={result.meta} onPage={setPage} />
        </>
      )}
    </QueryState>
  );
}

/**
 * The "History" section of an order, product or customer page: that target's audit rows, shown
 * only to roles with `audit:read`.
 */
export function HistoryCard({ type, id }: { type: string; id: number }) {
  const { can } = usePermissions();
  if (!can('audit:read')) return null;
  return (
    <Card withBorder component="section" aria-label="History">
      <Title order={3} size="h5" mb="sm">
        History
      </Title>
      <AuditTable filter={{ target_type: type, target_id: String(id) }} showTarget={false} />
    </Card>
  );
}
