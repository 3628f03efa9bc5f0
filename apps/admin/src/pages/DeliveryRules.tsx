import { Alert, Button, Checkbox, FileInput, Group, List, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { ErrorAlert, QueryState } from '../components/QueryState';
import { SearchBox } from '../components/SearchBox';
import { useTRPC } from '../trpc';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A CSV file of rules, imported whole or not at all (docs/delivery.md, "Rules"). */
function ImportRules(props: { onImported: () => void }) {
  const trpc = useTRPC();
  const [file, setFile] = useState<File | null>(null);
  const importRules = useMutation({
    ...trpc.admin.delivery.importRules.mutationOptions(),
    onSuccess: (result) => {
      if (result.data.imported > 0) props.onImported();
    },
  });
  const result = importRules.data?.data;
  return (
    <Stack gap="xs">
      <Group align="end">
        <FileInput
          label="Rules file (CSV)"
          description="Header: postcode,zone,deliverable,cod,min_days,max_days"
          accept=".csv,text/csv"
          value={file}
          onChange={setFile}
          clearable
          w={360}
        />
        <Button
          disabled={!file}
          loading={importRules.isPending}
          onClick={async () => {
            if (file) importRules.mutate({ csv: await file.text() });
          }}
        >
          Import rules
        </Button>
      </Group>
      <ErrorAlert error={importRules.error} />
      {result ? (
        <Alert
          role="status"
          color={result.rejected.length > 0 ? 'red' : 'green'}
          title={
            result.rejected.length > 0
              ? `Nothing imported: ${result.rejected.length} rejected lines`
              : `Imported ${result.imported} rules`
          }
        >
          {result.rejected.length > 0 ? (
            <List size="sm">
              {result.rejected.map((line) => (
                <List.Item key={line.line}>
                  Line {line.line}: {line.reason}
                </List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** Delivery rules: import, search, page through and delete selected. */
export function DeliveryRulesPage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const rules = useQuery({
    ...trpc.admin.delivery.listRules.queryOptions({ page, per_page: 50, ...(q ? { q } : {}) }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    ...trpc.admin.delivery.deleteRules.mutationOptions(),
    onSuccess: () => {
      setSelected([]);
      void rules.refetch();
    },
  });
  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((one) => one !== id) : [...ids, id]));
  return (
    <Stack>
      <Title order={2}>Delivery rules</Title>
      <ImportRules onImported={() => void rules.refetch()} />
      <Group justify="space-between" align="end">
        <SearchBox
          label="Search rules"
          placeholder="Postcode or zone"
          onSearch={(text) => {
            setQ(text);
            setPage(1);
          }}
        />
        <Button
          color="red"
          variant="light"
          disabled={selected.length === 0}
          loading={remove.isPending}
          onClick={() => remove.mutate({ ids: selected })}
        >
          Delete selected ({selected.length})
        </Button>
      </Group>
      <ErrorAlert error={remove.error} />
      <QueryState
        query={rules}
        isEmpty={(r) => r.data.length === 0}
        empty="No rules: every postcode gets the store default (Settings → Delivery)."
      >
        {(result) => (
          <>
            <DataTable
              rows={result.data}
              rowKey={(rule) => rule.id}
              columns={[
                {
                  label: 'Select',
                  render: (rule) => (
                    <Checkbox
                      aria-label={`Select ${rule.postcode}`}
                      checked={selected.includes(rule.id)}
                      onChange={() => toggle(rule.id)}
                    />
                  ),
                },
                { label: 'Postcode', render: (rule) => rule.postcode },
                { label: 'Zone', render: (rule) => rule.zone },
                { label: 'Deliverable', render: (rule) => yesNo(rule.deliverable) },
                { label: 'COD', render: (rule) => yesNo(rule.cod) },
                { label: 'Days', render: (rule) => `${rule.min_days}–${rule.max_days}` },
              ]}
            />
            <Text size="sm" c="dimmed">
              {result.meta.total} rules
            </Text>
            <Pager meta={result.meta} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
